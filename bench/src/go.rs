//! Builds the Go peers under `bench/go/` (`funcbench`, `peers`, and the
//! package `ctyfuncs` they share) in GOPATH mode, against Debian's Go
//! packages (`golang-go`, `golang-github-hashicorp-hcl-v2-dev`,
//! `golang-github-zclconf-go-cty-dev`), in a temporary GOPATH.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A Go program built in a temporary GOPATH, removed on drop.
#[derive(Debug)]
pub struct GoProgram {
    gopath: PathBuf,
    binary: PathBuf,
}

impl GoProgram {
    /// Builds `bench/go/NAME`; `None` (with the reason on stderr) when Go
    /// or the packages are not installed.
    pub fn build(name: &str) -> Option<GoProgram> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("go");
        let gopath =
            std::env::temp_dir().join(format!("hcl-bench-go-{name}-{}", std::process::id()));
        let program = GoProgram {
            binary: gopath.join(name),
            gopath,
        };
        let src = program.gopath.join("src");
        for entry in std::fs::read_dir(&root).ok()?.flatten() {
            let to = src.join(entry.file_name());
            std::fs::create_dir_all(&to).ok()?;
            for file in std::fs::read_dir(entry.path()).ok()?.flatten() {
                std::fs::copy(file.path(), to.join(file.file_name())).ok()?;
            }
        }
        let built = Command::new("go")
            .args(["build", "-o"])
            .arg(&program.binary)
            .arg(name)
            .current_dir(src.join(name))
            .env(
                "GOPATH",
                format!("{}:/usr/share/gocode", program.gopath.display()),
            )
            .env("GO111MODULE", "off")
            .env("GOFLAGS", "")
            .status()
            .is_ok_and(|s| s.success());
        if !built {
            eprintln!("Go's {name} could not be built (is golang-go installed?): no Go figures");
            return None;
        }
        Some(program)
    }

    /// The built binary.
    pub fn binary(&self) -> &Path {
        &self.binary
    }
}

impl Drop for GoProgram {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.gopath);
    }
}
