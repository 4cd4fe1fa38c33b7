use hcl_decode::HclBody;

#[derive(HclBody)]
struct Config {
    #[hcl(default = "fifty")]
    limit: u8,
}

fn main() {}
