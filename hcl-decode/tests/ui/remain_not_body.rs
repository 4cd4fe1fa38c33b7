use hcl_decode::HclBody;

#[derive(HclBody)]
struct Config {
    #[hcl(remain)]
    rest: String,
}

fn main() {}
