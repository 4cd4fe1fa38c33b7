use hcl_decode::{HclBody, Range};

#[derive(HclBody)]
struct Config {
    port: u16,
    #[hcl(attr_range = "prot")]
    port_range: Range,
}

fn main() {}
