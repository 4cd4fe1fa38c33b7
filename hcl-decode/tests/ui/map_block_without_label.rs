use hcl_decode::HclBody;
use std::collections::BTreeMap;

#[derive(HclBody)]
struct Backend {
    weight: u8,
}

#[derive(HclBody)]
struct Config {
    #[hcl(block)]
    backend: BTreeMap<String, Backend>,
}

fn main() {}
