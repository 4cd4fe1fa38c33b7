use hcl_decode::{Body, HclBody};

#[derive(HclBody)]
struct Config {
    #[hcl(remain)]
    rest: Body,
    #[hcl(remain)]
    more: Body,
}

fn main() {}
