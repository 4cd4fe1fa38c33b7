use std::path::Path;

use super::*;
use crate::Value;

fn doc(src: &str) -> Document {
    Document::parse(src, "test.hcl").unwrap()
}

fn tuple(items: &[i64]) -> Value {
    Value::tuple(items.iter().map(|&i| Value::from(i)))
}

#[test]
fn unedited_documents_print_as_written() {
    for src in [
        "",
        "a = 1",
        "a = 1\n",
        "  \n\n",
        "a\t=\t1   \r\nb = 2\r\n",
        "b {\n}\n",
        "# c\n\n x { y = 1 }\n  ",
        "a = <<EOT\n  ${x}\nEOT\nb = <<-EOT\n    y\n    EOT\n",
        "/* a */ a = 1 /* b */ # c\n// d\n",
        "x \"a\" b {\n  c = [\n    1, # one\n  ]\n}\n",
        "é = \"ü\"\n",
    ] {
        assert_eq!(doc(src).to_string(), src);
        assert_eq!(doc(src).to_bytes(), src.as_bytes());
    }
}

/// Every file of the formatter corpus that parses prints back unchanged.
#[test]
fn formatter_corpus_round_trips() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/format");
    let mut parsed = 0;
    for dir in std::fs::read_dir(&root).unwrap().flatten() {
        for entry in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let Ok(text) = String::from_utf8(bytes) else {
                continue;
            };
            if let Ok(d) = Document::parse(&text, "corpus.hcl") {
                assert_eq!(d.to_string(), text, "{}", path.display());
                parsed += 1;
            }
        }
    }
    assert!(parsed > 50, "only {parsed} corpus files parsed");
}

#[test]
fn syntax_errors_give_the_parsers_diagnostics() {
    let err = Document::parse("a = [1,\n", "bad.hcl").unwrap_err();
    let (_, expected) = crate::native::parse_config_str("a = [1,\n", "bad.hcl");
    assert_eq!(err.to_string(), expected.to_string());
    assert!(Document::parse("\u{feff}a = 1\n", "bom.hcl").is_err());
}

#[test]
fn reading() {
    let d = doc("# lead\nport = 8000 + 80 # line\nname = var.x\nb \"l\" {\n  c = [1, 2]\n}\n");
    let body = d.body();
    let port = body.attribute("port").unwrap();
    assert_eq!(port.name(), "port");
    assert_eq!(port.expression(), "8000 + 80");
    assert_eq!(port.value(), Some(Value::from(8080)));
    assert_eq!(body.attribute("name").unwrap().value(), None);
    let names: Vec<&str> = body.attributes().map(EditAttribute::name).collect();
    assert_eq!(names, ["port", "name"]);
    let b = body.block("b", &["l"]).unwrap();
    assert_eq!(b.block_type(), "b");
    assert_eq!(b.labels(), ["l"]);
    assert_eq!(
        b.body().attribute("c").unwrap().value(),
        Some(tuple(&[1, 2]))
    );
    assert!(body.block("b", &[]).is_none());
    assert_eq!(body.blocks().count(), 1);
}

// The expected texts of the tests below marked "Go" are what Go's hclwrite
// gives for the same edits followed by hclwrite.Format (the inputs are
// formatted, so Go's whole-file formatting changes nothing else); the Go
// program is scripts/hclwrite-edits.go.

#[test]
fn set_existing_keeps_the_line_comment() {
    // Go.
    let mut d = doc("a   = 1 # one\nbbb = 2\n");
    d.body_mut()
        .set_attribute_value("a", &Value::from(10))
        .unwrap();
    assert_eq!(d.to_string(), "a   = 10 # one\nbbb = 2\n");
    // Go.
    let mut d = doc("a = 1 # one\nb = 2\n");
    d.body_mut()
        .set_attribute_value("a", &Value::from("a much longer value"))
        .unwrap();
    assert_eq!(d.to_string(), "a = \"a much longer value\" # one\nb = 2\n");
}

#[test]
fn set_existing_realigns_the_comments_of_its_run() {
    let mut d = doc("a = 1 # one\nb = 2 # two\n\nc = 3 # three\n");
    d.body_mut()
        .set_attribute_value("a", &Value::from(100))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "a = 100 # one\nb = 2   # two\n\nc = 3 # three\n"
    );
}

#[test]
fn set_new_in_a_block() {
    // Go.
    let mut d = doc("service \"web\" {\n  port = 80\n}\n");
    d.body_mut()
        .block_mut("service", &["web"])
        .unwrap()
        .body_mut()
        .set_attribute_value("name", &Value::from("web"))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "service \"web\" {\n  port = 80\n  name = \"web\"\n}\n"
    );
}

#[test]
fn set_new_in_nested_blocks_aligns_with_neighbours() {
    // Go.
    let mut d = doc("a {\n  b {\n    c  = 1\n  }\n}\n");
    d.body_mut()
        .block_mut("a", &[])
        .unwrap()
        .body_mut()
        .block_mut("b", &[])
        .unwrap()
        .body_mut()
        .set_attribute_value("long_name", &tuple(&[1, 2]))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "a {\n  b {\n    c         = 1\n    long_name = [1, 2]\n  }\n}\n"
    );
}

#[test]
fn untouched_lines_keep_their_layout() {
    let src = "x  =  1\n\nblock {\n    odd   =   [1,2]\n}\n";
    let mut d = doc(src);
    d.body_mut()
        .block_mut("block", &[])
        .unwrap()
        .body_mut()
        .set_attribute_raw("new", "1+2")
        .unwrap();
    assert_eq!(
        d.to_string(),
        "x  =  1\n\nblock {\n    odd =   [1,2]\n  new = 1 + 2\n}\n"
    );
}

#[test]
fn raw_expressions_are_validated() {
    let mut d = doc("a = 1\n");
    let err = d.body_mut().set_attribute_raw("b", "1 +").unwrap_err();
    assert!(err.has_errors());
    assert!(d.body_mut().set_attribute_raw("not a name", "1").is_err());
    assert!(d.body_mut().set_attribute_raw("c", "1\nd = 2").is_err());
    assert!(
        d.body_mut()
            .set_attribute_value("c", &Value::unknown(crate::Type::String))
            .is_err()
    );
    assert_eq!(d.to_string(), "a = 1\n");
    d.body_mut().set_attribute_raw("a", "upper(\"x\")").unwrap();
    assert_eq!(d.to_string(), "a = upper(\"x\")\n");
}

#[test]
fn crlf_documents_get_crlf_lines() {
    let mut d = doc("a = 1\r\nb = 2\r\n");
    d.body_mut()
        .set_attribute_value("c", &Value::from("x"))
        .unwrap();
    d.body_mut()
        .set_attribute_value("a", &Value::from(2))
        .unwrap();
    assert_eq!(d.to_string(), "a = 2\r\nb = 2\r\nc = \"x\"\r\n");
}

#[test]
fn appending_after_a_last_line_without_newline() {
    let mut d = doc("a = 1");
    d.body_mut()
        .set_attribute_value("b", &Value::from(2))
        .unwrap();
    assert_eq!(d.to_string(), "a = 1\nb = 2\n");
    let mut d = doc("x { a = 1 }\ny {}\n");
    d.body_mut()
        .block_mut("x", &[])
        .unwrap()
        .body_mut()
        .set_attribute_value("b", &Value::from(2))
        .unwrap();
    d.body_mut()
        .block_mut("y", &[])
        .unwrap()
        .body_mut()
        .set_attribute_value("c", &Value::from(3))
        .unwrap();
    assert_eq!(d.to_string(), "x {\n  a = 1\n  b = 2\n}\ny {\n  c = 3\n}\n");
    assert!(Document::parse(&d.to_string(), "again.hcl").is_ok());
}

#[test]
fn remove_the_last_attribute() {
    // Go (the line comment goes with the attribute).
    let mut d = doc("b {\n  a = 1 # c\n}\n");
    assert!(
        d.body_mut()
            .block_mut("b", &[])
            .unwrap()
            .body_mut()
            .remove_attribute("a")
    );
    assert_eq!(d.to_string(), "b {\n}\n");
    assert!(!d.body_mut().remove_attribute("a"));
    let mut d = doc("# lead\nx = 1 # line\n");
    assert!(d.body_mut().remove_attribute("x"));
    assert_eq!(d.to_string(), "");
}

#[test]
fn remove_a_block_between_comments() {
    // Go: the comment line directly above the block goes with it; the one
    // separated by a blank line and the one below stay.
    let mut d = doc("# top\n\n# lead\nx {\n  y = 1\n}\n# after\nz = 1\n");
    assert!(d.body_mut().remove_block("x", &[]));
    assert_eq!(d.to_string(), "# top\n\n# after\nz = 1\n");
    assert!(!d.body_mut().remove_block("x", &[]));
}

#[test]
fn append_blocks() {
    // Go.
    let mut d = doc("a = 1\n");
    d.body_mut().append_block("b", &["l1", "l2"]);
    assert_eq!(d.to_string(), "a = 1\nb \"l1\" \"l2\" {\n}\n");
    // Go.
    let mut d = doc("x {\n}\n");
    d.body_mut()
        .block_mut("x", &[])
        .unwrap()
        .body_mut()
        .append_block("y", &["z"])
        .body_mut()
        .set_attribute_value("k", &Value::from(true))
        .unwrap();
    assert_eq!(d.to_string(), "x {\n  y \"z\" {\n    k = true\n  }\n}\n");
}

#[test]
fn build_from_scratch() {
    // Go.
    let mut d = Document::new();
    assert_eq!(d.to_string(), "");
    d.body_mut()
        .append_block("terraform", &[])
        .body_mut()
        .set_attribute_value("required_version", &Value::from(">= 1.5"))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "terraform {\n  required_version = \">= 1.5\"\n}\n"
    );
    d.body_mut()
        .set_attribute_value("escaped", &Value::from("${x} \"q\"\n"))
        .unwrap();
    assert_eq!(
        d.to_string(),
        "terraform {\n  required_version = \">= 1.5\"\n}\nescaped = \"$${x} \\\"q\\\"\\n\"\n"
    );
    let reparsed = doc(&d.to_string());
    assert_eq!(
        reparsed.body().attribute("escaped").unwrap().value(),
        Some(Value::from("${x} \"q\"\n"))
    );
}

#[test]
fn rename_a_block() {
    // Go.
    let mut d = doc("# doc\nold \"x\" \"y\" {\n  a = 1\n}\n");
    let b = d.body_mut().block_mut("old", &["x", "y"]).unwrap();
    b.set_block_type("new").unwrap();
    b.set_labels(&["z"]);
    assert_eq!(b.labels(), ["z"]);
    assert_eq!(d.to_string(), "# doc\nnew \"z\" {\n  a = 1\n}\n");
    let b = d.body_mut().block_mut("new", &["z"]).unwrap();
    assert!(b.set_block_type("not valid").is_err());
    assert!(b.set_block_type("").is_err());
    assert_eq!(b.block_type(), "new");
}

/// Any text gives a document or diagnostics: never a panic, never a stack
/// overflow (on a small stack).
#[test]
fn any_input_no_crash() {
    let run = || {
        let n = 100_000;
        let inputs = [
            "a = \"\0\"\n".to_owned(),
            "\0".to_owned(),
            "a = 1\rb = 2\n".to_owned(),
            "\r".to_owned(),
            "a = <<EOT\nno end".to_owned(),
            "a = \"${ unterminated".to_owned(),
            "a = \"unterminated\n".to_owned(),
            format!("a = {}{}\n", "[".repeat(n), "]".repeat(n)),
            "b {\n".repeat(n),
            format!("{}{}", "b {\n".repeat(n), "}\n".repeat(n)),
            "a = (".repeat(n),
            format!("a = \"{}\"", "${\"".repeat(n)),
        ];
        for text in &inputs {
            if let Ok(mut d) = Document::parse(text, "any.hcl") {
                assert_eq!(d.to_string(), *text);
                let _ = d.body_mut().set_attribute_value("z", &Value::from(1));
                let _ = d.to_string();
            }
        }
        // Deep nesting built through the API prints and drops fine too.
        let mut d = Document::new();
        let mut body = d.body_mut();
        for _ in 0..500 {
            body = body.append_block("b", &[]).body_mut();
        }
        assert!(d.to_string().len() > 500);
    };
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

/// Every file under `$EDIT_CORPUS_DIR` (see `scripts/edit-corpus.sh`,
/// which extracts the .tf/.hcl/.nomad/.tfvars files of the fetched
/// repositories) that parses prints back byte for byte, and takes an edit
/// without breaking.
#[test]
#[ignore = "needs the fetched corpus: scripts/edit-corpus.sh"]
fn fetched_corpus_round_trips() {
    let Ok(root) = std::env::var("EDIT_CORPUS_DIR") else {
        panic!("set EDIT_CORPUS_DIR");
    };
    let (mut files, mut parsed, mut bytes) = (0, 0, 0);
    let mut dirs = vec![std::path::PathBuf::from(root)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            files += 1;
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(mut d) = Document::parse(&text, "corpus.hcl") else {
                continue;
            };
            assert_eq!(d.to_string(), text, "{}", path.display());
            parsed += 1;
            bytes += text.len();
            d.body_mut()
                .set_attribute_value("edited", &Value::from(1))
                .unwrap();
            let printed = d.to_string();
            assert!(
                Document::parse(&printed, "edited.hcl").is_ok(),
                "{}",
                path.display()
            );
        }
    }
    println!("{files} files, {parsed} parsed and printed back byte for byte ({bytes} bytes)");
}

#[test]
fn multi_line_values_are_indented_for_their_nesting() {
    let mut d = doc("a {\n  b = 1\n}\n");
    let obj = Value::object([("k", Value::from("v")), ("long key", tuple(&[1]))]);
    d.body_mut()
        .block_mut("a", &[])
        .unwrap()
        .body_mut()
        .set_attribute_value("b", &obj)
        .unwrap();
    assert_eq!(
        d.to_string(),
        "a {\n  b = {\n    k          = \"v\"\n    \"long key\" = [1]\n  }\n}\n"
    );
    let back = doc(&d.to_string());
    let b = back
        .body()
        .block("a", &[])
        .unwrap()
        .body()
        .attribute("b")
        .unwrap();
    assert_eq!(b.value(), Some(obj));
}

#[test]
fn multi_line_strings_become_heredocs() {
    let mut d = doc("a {\n  b = 1 # c\n}\n");
    let text = Value::from("line one\n  line ${two}\n");
    let body = d.body_mut().block_mut("a", &[]).unwrap().body_mut();
    body.set_attribute_value("b", &text).unwrap();
    body.set_attribute_value("n", &text).unwrap();
    assert_eq!(
        d.to_string(),
        "a {\n  b = <<EOT\nline one\n  line $${two}\nEOT\n  # c\n  n = <<EOT\nline one\n  line $${two}\nEOT\n}\n"
    );
}

#[test]
fn renaming_an_attribute_keeps_its_expression_and_comments() {
    let mut d = doc(
        "service \"web\" {\r\n  # how long\r\n  wait_ms  = 1 + 2 # ms\r\n  port     = 80\r\n}\r\n",
    );
    let body = d
        .body_mut()
        .block_mut("service", &["web"])
        .unwrap()
        .body_mut();
    assert!(
        body.rename_attribute("wait_ms", "timeout_milliseconds")
            .unwrap()
    );
    assert_eq!(
        d.to_string(),
        "service \"web\" {\r\n  # how long\r\n  timeout_milliseconds = 1 + 2 # ms\r\n  port                 = 80\r\n}\r\n"
    );
    let body = d
        .body_mut()
        .block_mut("service", &["web"])
        .unwrap()
        .body_mut();
    assert_eq!(
        body.attribute("timeout_milliseconds").unwrap().expression(),
        "1 + 2"
    );
    // Renaming to itself changes nothing but the layout of the line.
    assert!(body.rename_attribute("port", "port").unwrap());
    let err = body.rename_attribute("port", "not valid").unwrap_err();
    assert!(err.to_string().contains("Invalid attribute name"), "{err}");
    let printed = d.to_string();
    assert_eq!(doc(&printed).to_string(), printed);
}

#[test]
fn an_invalid_name_is_one_invalid_attribute_name_error() {
    let mut d = doc("a = 1\n");
    for (name, set) in [
        ("not valid", 0),
        ("1abc", 1),
        ("a = b", 0),
        ("", 1),
        ("x.y", 0),
    ] {
        let err = if set == 0 {
            d.body_mut()
                .set_attribute_value(name, &Value::from(1))
                .unwrap_err()
        } else {
            d.body_mut().set_attribute_raw(name, "1").unwrap_err()
        };
        let diags: Vec<_> = err.iter().collect();
        assert_eq!(diags.len(), 1, "{name:?}: {err}");
        assert_eq!(diags[0].summary, "Invalid attribute name");
        assert_eq!(
            diags[0].detail,
            format!(
                "An attribute name must be an identifier, not {}.",
                crate::quote::go_quote(name)
            )
        );
        // The name is the caller's, in no file: no range.
        assert_eq!(diags[0].subject, None);
    }
    assert_eq!(d.to_string(), "a = 1\n");
}
