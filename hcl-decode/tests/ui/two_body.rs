use hcl_decode::{Body, HclBody};

#[derive(HclBody)]
struct Config {
    #[hcl(body)]
    all: Body,
    #[hcl(body)]
    again: Body,
}

fn main() {}
