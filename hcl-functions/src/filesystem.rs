//! The filesystem functions, confined to a root directory.
//!
//! A relative path is resolved against the root; a path that leaves it —
//! by `..`, as an absolute path elsewhere, by `~`, or through a symbolic
//! link pointing out (paths are canonicalized and checked) — is an error,
//! and nothing outside the root is ever read or listed. Messages follow
//! Terraform's.
//!
//! | function | signature | what it does |
//! |---|---|---|
//! | [`file`](fn@file) | `file(path) → string` | the contents of a UTF-8 file |
//! | [`fileexists`] | `fileexists(path) → bool` | whether a regular file exists there |
//! | [`fileset`] | `fileset(path, pattern) → set(string)` | the files under `path` matching a glob pattern |
//! | [`filebase64`] | `filebase64(path) → string` | the contents of a file, in Base64 |
//! | [`filemd5`], [`filesha1`], [`filesha256`], [`filesha512`] (with `hash`) | `filesha256(path) → string` | the digest of a file's bytes, in hexadecimal |
//! | [`filebase64sha256`], [`filebase64sha512`] (with `hash`) | `filebase64sha256(path) → string` | the digest of a file's bytes, in Base64 |
//! | [`templatefile`] | `templatefile(path, vars) → any` | a file rendered as an HCL template |
//! | [`abspath`] | `abspath(path) → string` | the absolute path (relative paths resolved against the root) |
//! | [`dirname`] | `dirname(path) → string` | all but the last element of a path |
//! | [`basename`] | `basename(path) → string` | the last element of a path |
//! | [`pathexpand`] | `pathexpand(path) → string` | a leading `~` replaced by the home directory |

use std::path::{Component, Path, PathBuf};

use hcl_core::function::{Function, FunctionError, Parameter};
use hcl_core::quote::go_quote;
use hcl_core::{Semantics, Type, Value};

use crate::args::str_arg;
use crate::encoding::base64_encode;

/// The most directory entries `fileset` visits.
pub const MAX_FILESET_ENTRIES: usize = 100_000;

/// The largest file the functions read, in bytes (64 MiB).
pub const MAX_FILE_SIZE: u64 = 64 << 20;

/// The family's functions, by name, confined to `root`; `templatefile`
/// renders with the functions of `library` (the one these belong to).
pub(crate) fn functions(root: &Path, library: &crate::Library) -> Vec<(&'static str, Function)> {
    vec![
        ("abspath", abspath(root)),
        ("basename", basename()),
        ("dirname", dirname()),
        ("file", file(root)),
        ("filebase64", filebase64(root)),
        #[cfg(feature = "hash")]
        ("filebase64sha256", filebase64sha256(root)),
        #[cfg(feature = "hash")]
        ("filebase64sha512", filebase64sha512(root)),
        #[cfg(feature = "hash")]
        ("filemd5", filemd5(root)),
        #[cfg(feature = "hash")]
        ("filesha1", filesha1(root)),
        #[cfg(feature = "hash")]
        ("filesha256", filesha256(root)),
        #[cfg(feature = "hash")]
        ("filesha512", filesha512(root)),
        ("fileexists", fileexists(root)),
        ("fileset", fileset(root)),
        ("pathexpand", pathexpand()),
        ("templatefile", templatefile_in(root, library.clone())),
    ]
}

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME").map(PathBuf::from)
}

/// Go's `homedir.Expand`: `~` or `~/...` from the home directory.
fn expand(path: &str) -> Result<String, FunctionError> {
    if !path.starts_with('~') {
        return Ok(path.to_owned());
    }
    if path.len() > 1 && !path[1..].starts_with('/') {
        return Err(FunctionError::failed(
            "failed to expand ~: cannot expand user-specific home dir",
        ));
    }
    let home =
        home().ok_or_else(|| FunctionError::failed("failed to expand ~: $HOME is not defined"))?;
    Ok(format!("{}{}", home.display(), &path[1..]))
}

/// Go's `filepath.Clean`, lexically.
fn clean(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() && !out.has_root() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// The root, absolute and canonical (or as given if it cannot be).
fn canonical_root(root: &Path) -> PathBuf {
    root.canonicalize().unwrap_or_else(|_| clean(root))
}

/// The path resolved against the root, checked to stay inside it
/// (lexically, then once canonicalized if it exists). `Ok(None)`: it does
/// not exist.
fn confine(root: &Path, path: &str) -> Result<(PathBuf, Option<PathBuf>), FunctionError> {
    let expanded = expand(path)?;
    let root = canonical_root(root);
    let joined = if Path::new(&expanded).is_absolute() {
        PathBuf::from(&expanded)
    } else {
        root.join(&expanded)
    };
    let lexical = clean(&joined);
    let outside = || {
        FunctionError::argument(
            0,
            format!(
                "the path {} is outside the directory that the filesystem functions are confined to",
                go_quote(path)
            ),
        )
    };
    if !lexical.starts_with(&root) {
        return Err(outside());
    }
    match lexical.canonicalize() {
        Ok(real) => {
            if !real.starts_with(&root) {
                return Err(outside());
            }
            Ok((lexical, Some(real)))
        }
        Err(_) => Ok((lexical, None)),
    }
}

fn shown(p: &Path) -> String {
    go_quote(&p.display().to_string())
}

fn read_bytes(root: &Path, path: &str) -> Result<(Vec<u8>, PathBuf), FunctionError> {
    let (lexical, real) = confine(root, path)?;
    let Some(real) = real else {
        return Err(FunctionError::argument(
            0,
            format!(
                "no file exists at {}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource",
                shown(&lexical)
            ),
        ));
    };
    let meta = std::fs::metadata(&real)
        .map_err(|e| FunctionError::argument(0, format!("failed to read file: {e}")))?;
    if meta.is_file() && meta.len() > MAX_FILE_SIZE {
        return Err(FunctionError::argument(
            0,
            format!(
                "the file {} is larger than {MAX_FILE_SIZE} bytes",
                shown(&lexical)
            ),
        ));
    }
    let bytes = std::fs::read(&real).map_err(|e| {
        FunctionError::argument(
            0,
            format!("failed to read file: read {}: {e}", lexical.display()),
        )
    })?;
    Ok((bytes, lexical))
}

fn read_text(root: &Path, path: &str) -> Result<String, FunctionError> {
    let (bytes, lexical) = read_bytes(root, path)?;
    String::from_utf8(bytes).map_err(|_| {
        FunctionError::failed(format!(
            "contents of {} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead",
            shown(&lexical)
        ))
    })
}

/// `file(path)`: the contents of the file at `path` (relative to the
/// root), which must be UTF-8 text. A file outside the root is an error;
/// files larger than [`MAX_FILE_SIZE`] too.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let dir = std::env::temp_dir().join(format!("hcl-fn-doc-file-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("hello.txt"), "Hello World").unwrap();
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::empty().filesystem(&dir).install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx) };
/// assert_eq!(eval(r#"file("hello.txt")"#).0, Value::string("Hello World"));
/// assert!(eval(r#"file("../etc/passwd")"#).1.has_errors());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn file(root: &Path) -> Function {
    let root = root.to_path_buf();
    Function::builder()
        .description("Reads the contents of a file at the given path. The file must contain valid UTF-8 characters.")
        .param(Parameter::new("path", Type::String))
        .returns(Type::String)
        .build(move |args, _| Ok(Value::string(read_text(&root, str_arg(args, 0)?)?)))
}

/// `filebase64(path)`: the contents of the file at `path`, any bytes, in
/// standard Base64. Confined and limited as [`file`](fn@file).
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let dir = std::env::temp_dir().join(format!("hcl-fn-doc-b64-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("hello.txt"), "Hello World").unwrap();
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::empty().filesystem(&dir).install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"filebase64("hello.txt")"#), Value::string("SGVsbG8gV29ybGQ="));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn filebase64(root: &Path) -> Function {
    let root = root.to_path_buf();
    Function::builder()
        .description("Reads the contents of a file at the given path. The file can contain any bytes, and the result is Base64 encoded.")
        .param(Parameter::new("path", Type::String))
        .returns(Type::String)
        .build(move |args, _| {
            let (bytes, _) = read_bytes(&root, str_arg(args, 0)?)?;
            Ok(Value::string(base64_encode(&bytes)))
        })
}

/// A function of one path giving the digest of the file's bytes (read,
/// confined and limited as [`filebase64`]'s), Terraform's
/// `makeFileHashFunction`.
#[cfg(feature = "hash")]
fn file_digest(root: &Path, description: &str, digest: fn(&[u8]) -> String) -> Function {
    let root = root.to_path_buf();
    Function::builder()
        .description(description)
        .param(Parameter::new("path", Type::String))
        .returns(Type::String)
        .build(move |args, _| {
            let (bytes, _) = read_bytes(&root, str_arg(args, 0)?)?;
            Ok(Value::string(digest(&bytes)))
        })
}

/// `filesha256(path)`: the SHA-256 digest of the file's bytes, in
/// hexadecimal (with the `hash` feature); `sha256(file(path))` without
/// the need for UTF-8 contents, and without holding the text as a value.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let dir = std::env::temp_dir().join(format!("hcl-fn-doc-sha-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("hello.txt"), "hello world").unwrap();
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::pure().filesystem(&dir).install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"filesha256("hello.txt")"#), eval(r#"sha256("hello world")"#));
/// assert_eq!(eval(r#"filebase64sha512("hello.txt")"#), eval(r#"base64sha512("hello world")"#));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[cfg(feature = "hash")]
pub fn filesha256(root: &Path) -> Function {
    file_digest(
        root,
        "Computes the SHA256 hash of the contents of the given file and encodes it with hexadecimal digits.",
        crate::hash::sha256_hex,
    )
}

/// `filemd5(path)`: the MD5 digest of the file's bytes, in hexadecimal
/// (with the `hash` feature).
#[cfg(feature = "hash")]
pub fn filemd5(root: &Path) -> Function {
    file_digest(
        root,
        "Computes the MD5 hash of the contents of the given file and encodes it with hexadecimal digits.",
        crate::hash::md5_hex,
    )
}

/// `filesha1(path)`: the SHA-1 digest of the file's bytes, in hexadecimal
/// (with the `hash` feature).
#[cfg(feature = "hash")]
pub fn filesha1(root: &Path) -> Function {
    file_digest(
        root,
        "Computes the SHA1 hash of the contents of the given file and encodes it with hexadecimal digits.",
        crate::hash::sha1_hex,
    )
}

/// `filesha512(path)`: the SHA-512 digest of the file's bytes, in
/// hexadecimal (with the `hash` feature).
#[cfg(feature = "hash")]
pub fn filesha512(root: &Path) -> Function {
    file_digest(
        root,
        "Computes the SHA512 hash of the contents of the given file and encodes it with hexadecimal digits.",
        crate::hash::sha512_hex,
    )
}

/// `filebase64sha256(path)`: the SHA-256 digest of the file's bytes, in
/// standard Base64 (with the `hash` feature).
#[cfg(feature = "hash")]
pub fn filebase64sha256(root: &Path) -> Function {
    file_digest(
        root,
        "Computes the SHA256 hash of the contents of the given file and encodes it with Base64.",
        crate::hash::sha256_base64,
    )
}

/// `filebase64sha512(path)`: the SHA-512 digest of the file's bytes, in
/// standard Base64 (with the `hash` feature).
#[cfg(feature = "hash")]
pub fn filebase64sha512(root: &Path) -> Function {
    file_digest(
        root,
        "Computes the SHA512 hash of the contents of the given file and encodes it with Base64.",
        crate::hash::sha512_base64,
    )
}

/// `fileexists(path)`: whether a regular file exists at `path`; a
/// directory or another kind of file there is an error, and so is a path
/// outside the root.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let dir = std::env::temp_dir().join(format!("hcl-fn-doc-exists-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("hello.txt"), "Hello World").unwrap();
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::empty().filesystem(&dir).install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"fileexists("hello.txt")"#), Value::bool(true));
/// assert_eq!(eval(r#"fileexists("nope.txt")"#), Value::bool(false));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn fileexists(root: &Path) -> Function {
    let root = root.to_path_buf();
    Function::builder()
        .description("Determines whether a file exists at the given path.")
        .param(Parameter::new("path", Type::String))
        .returns(Type::Bool)
        .build(move |args, _| {
            let (lexical, real) = confine(&root, str_arg(args, 0)?)?;
            let Some(real) = real else {
                return Ok(Value::bool(false));
            };
            let meta = std::fs::metadata(&real).map_err(|_| {
                FunctionError::failed(format!("failed to stat {}", shown(&lexical)))
            })?;
            if meta.is_file() {
                return Ok(Value::bool(true));
            }
            let what = if meta.is_dir() {
                "is a directory, not a file"
            } else {
                "is not a regular file"
            };
            Err(FunctionError::argument(
                0,
                format!("{} {what}", shown(&lexical)),
            ))
        })
}

/// One element of a glob pattern: `*`, `?`, `[...]` and `{a,b}` as
/// doublestar has them (`*` and `?` do not match `/`).
fn glob_match(pattern: &[char], name: &[char]) -> Result<bool, String> {
    // Expand the first brace group, if any.
    if let Some(open) = pattern.iter().position(|&c| c == '{') {
        let mut depth = 0;
        let mut close = None;
        for (i, &c) in pattern.iter().enumerate().skip(open) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let close = close.ok_or_else(|| "syntax error in pattern".to_owned())?;
        let inner = &pattern[open + 1..close];
        let mut alternatives = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, &c) in inner.iter().enumerate() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    alternatives.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        alternatives.push(&inner[start..]);
        for alt in alternatives {
            let mut p = pattern[..open].to_vec();
            p.extend_from_slice(alt);
            p.extend_from_slice(&pattern[close + 1..]);
            if glob_match(&p, name)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    // Iterative wildcard matching with one backtrack point for `*`.
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        if p < pattern.len() {
            match pattern[p] {
                '*' => {
                    star = Some((p, n));
                    p += 1;
                    continue;
                }
                '?' if name[n] != '/' => {
                    p += 1;
                    n += 1;
                    continue;
                }
                '[' => {
                    let close = pattern[p + 1..]
                        .iter()
                        .position(|&c| c == ']')
                        .map(|i| p + 1 + i)
                        .ok_or_else(|| "syntax error in pattern".to_owned())?;
                    let class = &pattern[p + 1..close];
                    let (negate, class) = match class.first() {
                        Some('^' | '!') => (true, &class[1..]),
                        _ => (false, class),
                    };
                    let mut hit = false;
                    let mut i = 0;
                    while i < class.len() {
                        if i + 2 < class.len() && class[i + 1] == '-' {
                            hit |= (class[i]..=class[i + 2]).contains(&name[n]);
                            i += 3;
                        } else {
                            hit |= class[i] == name[n];
                            i += 1;
                        }
                    }
                    if hit != negate && name[n] != '/' {
                        p = close + 1;
                        n += 1;
                        continue;
                    }
                }
                '\\' if p + 1 < pattern.len() && pattern[p + 1] == name[n] => {
                    p += 2;
                    n += 1;
                    continue;
                }
                c if c == name[n] => {
                    p += 1;
                    n += 1;
                    continue;
                }
                _ => {}
            }
        }
        match star {
            Some((sp, sn)) if name[sn] != '/' => {
                star = Some((sp, sn + 1));
                p = sp + 1;
                n = sn + 1;
            }
            _ => return Ok(false),
        }
    }
    while p < pattern.len() && pattern[p] == '*' {
        p += 1;
    }
    Ok(p == pattern.len())
}

/// Whether a relative path (with `/`) matches a pattern whose `**`
/// elements match any number of path elements.
fn path_match(pattern: &[&str], path: &[&str]) -> Result<bool, String> {
    match pattern.first() {
        None => Ok(path.is_empty()),
        Some(&"**") => {
            for skip in 0..=path.len() {
                if path_match(&pattern[1..], &path[skip..])? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Some(p) => match path.first() {
            None => Ok(false),
            Some(name) => {
                let pc: Vec<char> = p.chars().collect();
                let nc: Vec<char> = name.chars().collect();
                if glob_match(&pc, &nc)? {
                    path_match(&pattern[1..], &path[1..])
                } else {
                    Ok(false)
                }
            }
        },
    }
}

/// `fileset(path, pattern)`: the regular files under the directory `path`
/// whose paths relative to it match `pattern` (`*` and `?` within one
/// path element, `**` across elements, `[...]` classes, `{a,b}`
/// alternatives), as a set of relative paths with `/`. Symbolic links are
/// not followed out of the root. At most [`MAX_FILESET_ENTRIES`]
/// directory entries are visited.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let dir = std::env::temp_dir().join(format!("hcl-fn-doc-set-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("sub")).unwrap();
/// for f in ["a.txt", "b.md", "sub/c.txt"] { std::fs::write(dir.join(f), "").unwrap(); }
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::pure().filesystem(&dir).install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"fileset(".", "**/*.txt")"#), Value::set(["a.txt", "sub/c.txt"].map(Value::string)).unwrap());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn fileset(root: &Path) -> Function {
    let root = root.to_path_buf();
    Function::builder()
        .description("Enumerates a set of regular file names given a path and pattern.")
        .param(Parameter::new("path", Type::String))
        .param(Parameter::new("pattern", Type::String))
        .returns(Type::set(Type::String))
        .build(move |args, _| {
            let path = str_arg(args, 0)?;
            let pattern = str_arg(args, 1)?;
            let (_, real) = confine(&root, path)?;
            let croot = canonical_root(&root);
            let pattern_parts: Vec<&str> = pattern
                .split('/')
                .filter(|p| !p.is_empty() && *p != ".")
                .collect();
            let mut out = Vec::new();
            let Some(base) = real else {
                return Ok(Value::set_of(Type::String, [])?);
            };
            let mut stack = vec![(base.clone(), Vec::<String>::new())];
            let mut visited = 0usize;
            while let Some((dir, rel)) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                for entry in entries.flatten() {
                    visited += 1;
                    if visited > MAX_FILESET_ENTRIES {
                        return Err(FunctionError::failed(format!(
                            "fileset visited more than {MAX_FILESET_ENTRIES} directory entries"
                        )));
                    }
                    let name = entry.file_name().to_string_lossy().into_owned();
                    let full = entry.path();
                    let Ok(real) = full.canonicalize() else {
                        continue;
                    };
                    if !real.starts_with(&croot) {
                        continue;
                    }
                    let mut r = rel.clone();
                    r.push(name);
                    let Ok(meta) = std::fs::metadata(&real) else {
                        continue;
                    };
                    if meta.is_dir() {
                        if !entry.file_type().is_ok_and(|t| t.is_symlink()) {
                            stack.push((full, r));
                        }
                    } else if meta.is_file() {
                        let parts: Vec<&str> = r.iter().map(String::as_str).collect();
                        let matched = path_match(&pattern_parts, &parts).map_err(|e| {
                            FunctionError::failed(format!(
                                "failed to glob pattern {}: {e}",
                                go_quote(pattern)
                            ))
                        })?;
                        if matched {
                            out.push(Value::string(r.join("/")));
                        }
                    }
                }
            }
            Ok(Value::set_of(Type::String, out)?)
        })
}

/// `templatefile(path, vars)`: the file at `path` rendered as an HCL
/// template (`${...}` interpolations, `%{...}` directives) with the
/// attributes of `vars` (a map or object) as its variables, and the pure
/// functions and these filesystem functions (under the same root) as its
/// functions — except `templatefile` itself, which may not be called
/// recursively. A template that is a single interpolation gives its value
/// unconverted, of any type.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let dir = std::env::temp_dir().join(format!("hcl-fn-doc-tpl-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// std::fs::write(dir.join("t.tftpl"), "%{ for a in addrs ~}\nbackend ${a}:${port}\n%{ endfor ~}\n").unwrap();
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::pure().filesystem(&dir).install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(
///     eval(r#"templatefile("t.tftpl", { port = 8080, addrs = ["10.0.0.1", "10.0.0.2"] })"#),
///     Value::string("backend 10.0.0.1:8080\nbackend 10.0.0.2:8080\n")
/// );
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn templatefile(root: &Path) -> Function {
    templatefile_in(root, crate::Library::pure().filesystem(root))
}

/// `templatefile` as a member of `library`: the template's functions are
/// the library's (a library without `file` gives a template none, and says
/// how to enable it).
fn templatefile_in(root: &Path, library: crate::Library) -> Function {
    let type_library = library.clone();
    let type_root = root.to_path_buf();
    let root = root.to_path_buf();
    Function::builder()
        .description("Reads the file at the given path and renders it as a template using the supplied variables.")
        .param(Parameter::new("path", Type::String))
        .param(Parameter::new("vars", Type::Dynamic))
        .return_type_with_semantics(move |args, sem| {
            if !args.iter().all(Value::is_known) {
                return Ok(Type::Dynamic);
            }
            render(&type_root, &type_library, args, sem).map(|v| v.ty().clone())
        })
        .build_with_semantics(move |args, _, sem| render(&root, &library, args, sem))
}

fn render(
    root: &Path,
    library: &crate::Library,
    args: &[Value],
    sem: Semantics,
) -> Result<Value, FunctionError> {
    let path = str_arg(args, 0)?;
    let source = read_text(root, path)?;
    let vars = args.get(1).cloned().unwrap_or_else(Value::empty_object);
    crate::template::render(
        &source,
        path,
        &vars,
        1,
        library.functions(),
        Some(library.advice()),
        sem,
    )
}

/// `abspath(path)`: the absolute, cleaned form of `path`, a relative path
/// being resolved against the root; a result outside the root is an error.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// let dir = std::env::temp_dir().join(format!("hcl-fn-doc-abs-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let mut ctx = EvalContext::new();
/// hcl_functions::Library::empty().filesystem(&dir).install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// let v = eval(r#"abspath("a/../b.txt")"#);
/// assert!(v.as_str().unwrap().ends_with("/b.txt"));
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn abspath(root: &Path) -> Function {
    let root = root.to_path_buf();
    Function::builder()
        .description("Converts the given path to an absolute path (relative paths are resolved against the root directory).")
        .param(Parameter::new("path", Type::String))
        .returns(Type::String)
        .build(move |args, _| {
            let (lexical, _) = confine(&root, str_arg(args, 0)?)?;
            Ok(Value::string(lexical.to_string_lossy().into_owned()))
        })
}

/// Go's `filepath.Dir`.
fn go_dir(path: &str) -> String {
    let dir = match path.rfind('/') {
        Some(i) => &path[..=i],
        None => "",
    };
    let cleaned = clean(Path::new(dir)).to_string_lossy().into_owned();
    if dir.is_empty() {
        ".".to_owned()
    } else {
        cleaned
    }
}

/// Go's `filepath.Base`.
fn go_base(path: &str) -> String {
    if path.is_empty() {
        return ".".to_owned();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".to_owned();
    }
    match trimmed.rfind('/') {
        Some(i) => trimmed[i + 1..].to_owned(),
        None => trimmed.to_owned(),
    }
}

/// `dirname(path)`: all but the last element of `path` (Go's
/// `filepath.Dir`: `"."` when there is none). A string operation: the
/// filesystem is not consulted.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::empty().filesystem(".").install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"dirname("foo/bar/baz.txt")"#), Value::string("foo/bar"));
/// ```
pub fn dirname() -> Function {
    Function::builder()
        .description("Removes the last portion from a filesystem path.")
        .param(Parameter::new("path", Type::String))
        .returns(Type::String)
        .build(|args, _| Ok(Value::string(go_dir(str_arg(args, 0)?))))
}

/// `basename(path)`: the last element of `path` (Go's `filepath.Base`).
/// A string operation: the filesystem is not consulted.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::empty().filesystem(".").install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"basename("foo/bar/baz.txt")"#), Value::string("baz.txt"));
/// ```
pub fn basename() -> Function {
    Function::builder()
        .description("Removes all except the last portion from a filesystem path.")
        .param(Parameter::new("path", Type::String))
        .returns(Type::String)
        .build(|args, _| Ok(Value::string(go_base(str_arg(args, 0)?))))
}

/// `pathexpand(path)`: `path` with a leading `~` (alone or before `/`)
/// replaced by the home directory (`$HOME`); other paths unchanged. A
/// string operation: the file functions still refuse the result if it is
/// outside the root.
///
/// ```
/// # use hcl_core::native::{parse_expression, NativeExpression, ParseOptions};
/// # use hcl_core::{EvalContext, Expression, Pos, Value};
/// # let mut ctx = EvalContext::new();
/// # hcl_functions::Library::empty().filesystem(".").install(&mut ctx).unwrap();
/// # let eval = |src: &str| { let (f, id, _) = parse_expression(src.as_bytes(), "t", Pos::start(), &ParseOptions::default()); NativeExpression::new(f, id).value(&ctx).0 };
/// assert_eq!(eval(r#"pathexpand("/etc/resolv.conf")"#), Value::string("/etc/resolv.conf"));
/// ```
pub fn pathexpand() -> Function {
    Function::builder()
        .description("Expands a leading ~ character to the current user's home directory.")
        .param(Parameter::new("path", Type::String))
        .returns(Type::String)
        .build(|args, _| Ok(Value::string(expand(str_arg(args, 0)?)?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_core::native::{NativeExpression, ParseOptions};
    use hcl_core::{EvalContext, Expression, Pos};

    fn eval(root: &Path, src: &str) -> Result<Value, String> {
        let mut ctx = EvalContext::new();
        crate::Library::pure()
            .filesystem(root)
            .install(&mut ctx)
            .map_err(|e| e.to_string())?;
        let (f, id, _) = hcl_core::native::parse_expression(
            src.as_bytes(),
            "t",
            Pos::start(),
            &ParseOptions::default(),
        );
        let (v, diags) = NativeExpression::new(f, id).value(&ctx);
        if diags.has_errors() {
            Err(diags.to_string())
        } else {
            Ok(v)
        }
    }

    /// Terraform's examples (`crypto_test.go`, a file holding `Hello
    /// World`), and the confinement of `filebase64`'s.
    #[test]
    #[cfg(feature = "hash")]
    fn file_digests_are_terraform_s() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let root = dir.path().join("root");
        std::fs::create_dir_all(&root).ok();
        std::fs::write(root.join("hello.txt"), "Hello World").ok();
        std::fs::write(dir.path().join("secret.txt"), "secret").ok();
        let cases = [
            ("filemd5", "b10a8db164e0754105b7a99be72e3fe5"),
            ("filesha1", "0a4d55a8d778e5022fab701977c5d840bbc486d0"),
            (
                "filesha256",
                "a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e",
            ),
            (
                "filesha512",
                "2c74fd17edafd80e8447b0d46741ee243b7eb74dd2149a0ab1b9246fb30382f27e853d8585719e0e67cbda0daa8f51671064615d645ae27acb15bfb1447f459b",
            ),
            (
                "filebase64sha256",
                "pZGm1Av0IEBKARczz7exkNYsZb8LzaMrV7J32a2fFG4=",
            ),
            (
                "filebase64sha512",
                "LHT9F+2v2A6ER7DUZ0HuJDt+t03SFJoKsbkkb7MDgvJ+hT2FhXGeDmfL2g2qj1FnEGRhXWRa4nrLFb+xRH9Fmw==",
            ),
        ];
        for (name, want) in cases {
            assert_eq!(
                eval(&root, &format!(r#"{name}("hello.txt")"#)),
                Ok(Value::string(want)),
                "{name}"
            );
            assert!(eval(&root, &format!(r#"{name}("../secret.txt")"#)).is_err());
            assert!(eval(&root, &format!(r#"{name}("missing.txt")"#)).is_err());
        }
    }

    #[test]
    fn confinement() {
        let outer = tempfile::tempdir().map_err(|e| e.to_string());
        let Ok(outer) = outer else { return };
        let root = outer.path().join("root");
        std::fs::create_dir_all(root.join("sub")).ok();
        std::fs::write(outer.path().join("secret.txt"), "secret").ok();
        std::fs::write(root.join("hello.txt"), "hello").ok();
        std::fs::write(root.join("sub/x.txt"), "x").ok();
        assert_eq!(
            eval(&root, r#"file("hello.txt")"#),
            Ok(Value::string("hello"))
        );
        assert_eq!(
            eval(&root, r#"file("sub/../hello.txt")"#),
            Ok(Value::string("hello"))
        );
        assert!(eval(&root, r#"file("../secret.txt")"#).is_err());
        let abs = outer.path().join("secret.txt").display().to_string();
        assert!(eval(&root, &format!("file({abs:?})")).is_err());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(outer.path().join("secret.txt"), root.join("link.txt")).ok();
            std::os::unix::fs::symlink(outer.path(), root.join("linkdir")).ok();
            let e = eval(&root, r#"file("link.txt")"#).err().unwrap_or_default();
            assert!(e.contains("outside"), "{e}");
            assert!(eval(&root, r#"file("linkdir/secret.txt")"#).is_err());
            assert!(eval(&root, r#"fileexists("link.txt")"#).is_err());
            let set = eval(&root, r#"fileset(".", "**")"#).ok();
            let names: Vec<String> = set
                .as_ref()
                .and_then(Value::elements)
                .unwrap_or_default()
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect();
            assert_eq!(names, vec!["hello.txt", "sub/x.txt"]);
        }
        assert_eq!(eval(&root, r#"fileexists("nope")"#), Ok(Value::bool(false)));
        assert!(eval(&root, r#"fileexists("sub")"#).is_err());
        let e = eval(&root, r#"file("nope")"#).err().unwrap_or_default();
        assert!(e.contains("no file exists at"), "{e}");
    }

    #[test]
    fn templatefile_heredoc_indentation_counts_tabs_in_both_rule_sets() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let root = dir.path();
        std::fs::write(root.join("h.tpl"), "${<<-EOT\n\thello\n\tEOT\n}").ok();
        let f = templatefile(root);
        let args = [Value::string("h.tpl"), Value::empty_object()];
        // As Go's `hclsyntax.ParseTemplate` reads it: the tab is
        // indentation, whatever the rule set for values.
        for semantics in [Semantics::Spec, Semantics::Go] {
            let value = f.call_with(&args, semantics);
            assert_eq!(
                value.map_err(|e| e.to_string()),
                Ok(Value::string("hello\n"))
            );
        }
    }

    #[test]
    fn the_names_are_the_functions() {
        let library = crate::Library::empty();
        let names: Vec<&str> = functions(Path::new("."), &library)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        // The one list of their names (for messages, whatever the build)
        // names each of them.
        assert!(
            names.iter().all(|n| crate::feature::FILESYSTEM.contains(n)),
            "{names:?}"
        );
        assert!(names.len() >= 9);
    }

    #[test]
    fn templatefile_renders_with_its_library_and_says_what_is_not_enabled() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let root = dir.path();
        std::fs::write(root.join("u.tpl"), "${upper(name)}").ok();
        std::fs::write(root.join("j.tpl"), "${jsonencode(name)}").ok();
        let mut ctx = EvalContext::new();
        crate::Library::empty()
            .family(crate::Family::String)
            .filesystem(root)
            .install(&mut ctx)
            .ok();
        let eval = |src: &str| {
            let (f, id, _) = hcl_core::native::parse_expression(
                src.as_bytes(),
                "t",
                Pos::start(),
                &ParseOptions::default(),
            );
            NativeExpression::new(f, id).value(&ctx)
        };
        let (v, diags) = eval(r#"templatefile("u.tpl", { name = "x" })"#);
        assert!(diags.is_empty(), "{diags}");
        assert_eq!(v, Value::string("X"));
        // The library's choice holds inside the template too: no encoding
        // family, and the error says how to enable it.
        let (_, diags) = eval(r#"templatefile("j.tpl", { name = "x" })"#);
        let d = diags
            .iter()
            .next()
            .map(|d| d.detail.clone())
            .unwrap_or_default();
        assert!(
            d.contains("j.tpl:1,3-13: Function not enabled; The function \"jsonencode\" exists but is not enabled here. It is in the Encoding family: enable it with `Library::family(Family::Encoding)` (or `Library::pure()`, every family) in the function library."),
            "{d}"
        );
        // Outside the template likewise.
        let (_, diags) = eval(r#"jsonencode(1)"#);
        let d = diags.iter().next().unwrap();
        assert_eq!(d.summary, "Function not enabled");
        assert_eq!(
            d.subject.as_ref().map(ToString::to_string).as_deref(),
            Some("t:1,1-11")
        );
    }

    #[test]
    fn templatefile_renders() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let root = dir.path();
        std::fs::write(root.join("a.tpl"), "Hello, ${name}!").ok();
        std::fs::write(root.join("b.tpl"), "${x}").ok();
        std::fs::write(root.join("c.tpl"), "${base64encode(file(\"a.tpl\"))}").ok();
        std::fs::write(root.join("d.tpl"), "${templatefile(\"a.tpl\", {})}").ok();
        assert_eq!(
            eval(root, r#"templatefile("a.tpl", {name = "World"})"#),
            Ok(Value::string("Hello, World!"))
        );
        assert_eq!(
            eval(root, r#"templatefile("b.tpl", {x = 5})"#),
            Ok(Value::number(5))
        );
        assert_eq!(
            eval(root, r#"templatefile("c.tpl", {})"#),
            Ok(Value::string("SGVsbG8sICR7bmFtZX0h"))
        );
        let e = eval(root, r#"templatefile("a.tpl", {})"#)
            .err()
            .unwrap_or_default();
        assert!(
            e.contains("vars map does not contain key \\\"name\\\"")
                || e.contains("vars map does not contain key \"name\""),
            "{e}"
        );
        let e = eval(root, r#"templatefile("d.tpl", {})"#)
            .err()
            .unwrap_or_default();
        assert!(e.contains("cannot recursively call templatefile"), "{e}");
        assert!(eval(root, r#"templatefile("a.tpl", "x")"#).is_err());
    }

    #[test]
    fn template_variable_names_follow_the_identifier_rule() {
        // Go's hclsyntax.ValidIdentifier, the lexer's rule: ID_Start or
        // `_`, then ID_Continue or `-`; an alphabetic character outside
        // ID_Start (Ⓐ) or a numeric one outside ID_Continue (²) is refused.
        let Ok(dir) = tempfile::tempdir() else { return };
        let root = dir.path();
        std::fs::write(root.join("e.tpl"), "ok").ok();
        assert_eq!(
            eval(
                root,
                r#"templatefile("e.tpl", {"a-b" = 1, "é" = 2, "_" = 3})"#
            ),
            Ok(Value::string("ok"))
        );
        for name in ["\u{24b6}", "a\u{b2}", "1a", "a.b"] {
            let src = format!(r#"templatefile("e.tpl", {{"{name}" = 1}})"#);
            let e = eval(root, &src).err().unwrap_or_default();
            assert!(e.contains("invalid template variable name"), "{name}: {e}");
        }
    }

    #[test]
    fn terraform_path_examples() {
        assert_eq!(go_dir("foo/bar/baz.txt"), "foo/bar");
        assert_eq!(go_dir("baz.txt"), ".");
        assert_eq!(go_dir("/baz.txt"), "/");
        assert_eq!(go_base("foo/bar/baz.txt"), "baz.txt");
        assert_eq!(go_base("foo/bar/"), "bar");
        assert_eq!(go_base(""), ".");
        assert_eq!(go_base("/"), "/");
    }

    #[test]
    fn globs() {
        let m = |p: &str, n: &str| {
            let pp: Vec<&str> = p.split('/').collect();
            let nn: Vec<&str> = n.split('/').collect();
            path_match(&pp, &nn).unwrap_or(false)
        };
        assert!(m("*.txt", "a.txt"));
        assert!(!m("*.txt", "sub/a.txt"));
        assert!(m("**/*.txt", "sub/deep/a.txt"));
        assert!(m("**/*.txt", "a.txt"));
        assert!(m("{a,b}.txt", "b.txt"));
        assert!(m("[a-c]?.md", "bx.md"));
        assert!(!m("[!a-c]?.md", "bx.md"));
    }
}
