//! The benchmark corpus as separate files, as configurations really come:
//! the `.tf`, `.hcl`, `.nomad`, `.tfvars` files of the public repositories
//! fetched under the mirror directory (`/work/.mirror/OWNER+NAME/repo`,
//! bare git repositories; `HCL_BENCH_MIRROR` names another), read straight
//! from git, never copied into this repository; or, where there is no
//! mirror (CI), files of a few kilobytes made by [`corpus::generate`].
//!
//! [`corpus::generate`]: crate::corpus::generate

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::corpus;

/// One input file.
#[derive(Debug, Clone)]
pub struct File {
    /// Where it came from (`OWNER+NAME/path`, or `generated/N.tf`).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// Where the files came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The fetched repositories.
    Mirror,
    /// The generator (no mirror here).
    Generated,
}

/// The extensions of native-syntax configuration files.
const EXTENSIONS: &[&str] = &[".tf", ".hcl", ".nomad", ".tfvars"];

/// Files larger than this are left out (generated fixtures, not
/// configurations people write).
const MAX_FILE: usize = 512 * 1024;

/// About `max_bytes` of files, in a fixed order (one file of each
/// repository in turn, each repository's in path order):
/// from the mirror when it has any, else generated. Files that are not
/// UTF-8 or larger than 512 KiB are left out; `keep` chooses among the
/// rest (the caller keeps those every measured parser accepts).
pub fn load(max_bytes: usize, keep: impl Fn(&File) -> bool) -> (Vec<File>, Origin) {
    let mirror = std::env::var_os("HCL_BENCH_MIRROR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/.mirror"));
    let mut files = Vec::new();
    let mut total = 0;
    // Round robin over the repositories, so that a cap takes from each.
    let mut repos: Vec<std::vec::IntoIter<File>> = repositories(&mirror)
        .iter()
        .map(|repo| read_repository(repo).into_iter())
        .collect();
    while total < max_bytes && !repos.is_empty() {
        repos.retain_mut(|repo| {
            let Some(file) = repo.next() else {
                return false;
            };
            if total < max_bytes && file.text.len() <= MAX_FILE && keep(&file) {
                total += file.text.len();
                files.push(file);
            }
            true
        });
    }
    if !files.is_empty() {
        return (files, Origin::Mirror);
    }
    let mut seed = 1;
    while total < max_bytes {
        // Real files are a few kilobytes, most under 10 KB.
        let size = 1024 + (seed as usize * 2654435761) % 8192;
        let file = File {
            name: format!("generated/{seed}.tf"),
            text: corpus::generate(size, seed),
        };
        total += file.text.len();
        files.push(file);
        seed += 1;
    }
    (files, Origin::Generated)
}

/// The bare repositories under the mirror, in name order.
fn repositories(mirror: &Path) -> Vec<PathBuf> {
    let mut repos: Vec<PathBuf> = std::fs::read_dir(mirror)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path().join("repo"))
        .filter(|path| path.is_dir())
        .collect();
    repos.sort();
    repos
}

/// The configuration files at the head of one bare repository, in path
/// order; nothing when git cannot read it.
fn read_repository(git_dir: &Path) -> Vec<File> {
    let owner = git_dir
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Ok(listing) = Command::new("git")
        .arg("--git-dir")
        .arg(git_dir)
        .args(["ls-tree", "-r", "HEAD"])
        .output()
    else {
        return Vec::new();
    };
    // "MODE TYPE OBJECT<TAB>PATH"
    let mut entries: Vec<(String, String)> = String::from_utf8_lossy(&listing.stdout)
        .lines()
        .filter_map(|line| {
            let (meta, path) = line.split_once('\t')?;
            let object = meta.split(' ').nth(2)?;
            EXTENSIONS
                .iter()
                .any(|ext| path.ends_with(ext))
                .then(|| (path.to_owned(), object.to_owned()))
        })
        .collect();
    entries.sort();
    if entries.is_empty() {
        return Vec::new();
    }
    let Ok(mut child) = Command::new("git")
        .arg("--git-dir")
        .arg(git_dir)
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        return Vec::new();
    };
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Vec::new();
    };
    let objects: Vec<String> = entries.iter().map(|(_, o)| o.clone()).collect();
    let writer = std::thread::spawn(move || {
        for object in objects {
            if writeln!(stdin, "{object}").is_err() {
                break;
            }
        }
    });
    let mut reader = BufReader::new(stdout);
    let mut files = Vec::new();
    for (path, _) in &entries {
        // "OBJECT TYPE SIZE\n" CONTENTS "\n"
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 {
            break;
        }
        let Some(size) = header
            .split_whitespace()
            .nth(2)
            .and_then(|s| s.parse::<usize>().ok())
        else {
            continue;
        };
        let mut bytes = vec![0; size + 1];
        if reader.read_exact(&mut bytes).is_err() {
            break;
        }
        bytes.pop();
        if let Ok(text) = String::from_utf8(bytes) {
            files.push(File {
                name: format!("{owner}/{path}"),
                text,
            });
        }
    }
    let _ = writer.join();
    let _ = child.wait();
    files
}

/// Writes the files into `dir` as `NNNNN.EXT` (for a peer in another
/// process), with `index.txt` listing the original names in order.
pub fn write_dir(files: &[File], dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut index = String::new();
    for (i, file) in files.iter().enumerate() {
        std::fs::write(dir.join(stored_name(i, file)), &file.text)?;
        index.push_str(&stored_name(i, file));
        index.push('\t');
        index.push_str(&file.name);
        index.push('\n');
    }
    std::fs::write(dir.join("index.txt"), index)
}

/// Reads back what [`write_dir`] wrote.
pub fn read_dir(dir: &Path) -> std::io::Result<Vec<File>> {
    let index = std::fs::read_to_string(dir.join("index.txt"))?;
    index
        .lines()
        .map(|line| {
            let (stored, name) = line.split_once('\t').unwrap_or((line, line));
            Ok(File {
                name: name.to_owned(),
                text: std::fs::read_to_string(dir.join(stored))?,
            })
        })
        .collect()
}

fn stored_name(i: usize, file: &File) -> String {
    let ext = EXTENSIONS
        .iter()
        .find(|ext| file.name.ends_with(*ext))
        .unwrap_or(&".hcl");
    format!("{i:05}{ext}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_files_round_trip_through_a_directory() {
        let files: Vec<File> = (1..4)
            .map(|seed| File {
                name: format!("generated/{seed}.tf"),
                text: corpus::generate(2000, seed),
            })
            .collect();
        let dir = std::env::temp_dir().join(format!("hcl-bench-files-{}", std::process::id()));
        write_dir(&files, &dir).expect("write");
        let back = read_dir(&dir).expect("read");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(back.len(), 3);
        for (a, b) in files.iter().zip(&back) {
            assert_eq!((&a.name, &a.text), (&b.name, &b.text));
        }
    }
}
