use hcl_decode::{BodyHandle, HclBody};

#[derive(HclBody)]
struct Config {
    #[hcl(remain)]
    rest: BodyHandle,
    #[hcl(remain)]
    more: BodyHandle,
}

fn main() {}
