use hcl_decode::HclBody;

#[derive(HclBody)]
struct Common {
    name: String,
    region: String,
}

#[derive(HclBody)]
struct Config {
    name: String,
    #[hcl(flatten)]
    common: Common,
}

fn main() {}
