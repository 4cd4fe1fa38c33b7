use hcl_decode::{ToHcl, ToValue};

// Unit variants are a value enum: `ToValue`.
#[derive(ToHcl)]
enum Mode {
    Fast,
    Slow,
}

// A value enum has unit variants only.
#[derive(ToValue)]
enum Level {
    Debug,
    Custom(String),
}

// `ToValue` is not derived for a struct.
#[derive(ToValue)]
struct Settings {
    level: String,
}

// The vocabulary's own mistakes, as with `HclBody`: two kinds, `with` on a
// block, an unknown option, a name used twice.
#[derive(ToHcl)]
struct Config {
    #[hcl(attr, block)]
    a: String,
    #[hcl(block, with = f)]
    b: Vec<Settings>,
    #[hcl(rename = "a", ommit)]
    c: String,
}

fn main() {}
