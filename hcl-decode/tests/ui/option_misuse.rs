use hcl_decode::HclBody;

#[derive(HclBody)]
struct Tls {
    cert: String,
}

#[derive(HclBody)]
struct Config {
    #[hcl(block, default)]
    tls: Tls,
    #[hcl(remain, rename = "rest")]
    rest: hcl_decode::BodyHandle,
    #[hcl(default = 1, optional)]
    port: u16,
    #[hcl(label, with = parse)]
    name: String,
}

fn main() {}
