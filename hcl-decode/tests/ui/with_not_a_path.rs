use hcl_decode::HclBody;

#[derive(HclBody)]
struct Config {
    #[hcl(with = 1 + 2)]
    port: u16,
}

fn main() {}
