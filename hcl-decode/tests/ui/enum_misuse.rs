use hcl_decode::{FromValue, HclBody};

// Unit variants are a value enum.
#[derive(HclBody)]
enum Mode {
    Fast,
    Slow,
}

// A value enum has unit variants only.
#[derive(FromValue)]
enum Level {
    Debug,
    Custom(String),
}

// `FromValue` is not derived for a struct.
#[derive(FromValue)]
struct Settings {
    level: String,
}

#[derive(HclBody)]
struct Run {
    command: String,
}

// Two variants with one name; a variant of another shape.
#[derive(HclBody)]
#[hcl(by_label, validate = check)]
enum Step {
    Run(Run),
    #[hcl(rename = "run")]
    Again(Run),
    Both { a: Run },
}

// `by_label` on a struct, `validate` on a `block` field, `blocks` not an enum.
#[derive(HclBody)]
#[hcl(by_label)]
struct Pipeline {
    #[hcl(block, validate = check)]
    run: Vec<Run>,
    #[hcl(blocks)]
    steps: Vec<Run>,
}

fn main() {}
