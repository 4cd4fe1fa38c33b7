use hcl_decode::{BodyHandle, HclBody};

#[derive(HclBody)]
struct Config {
    #[hcl(body)]
    all: BodyHandle,
    #[hcl(body)]
    again: BodyHandle,
}

fn main() {}
