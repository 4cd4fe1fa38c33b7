use hcl_decode::HclBody;

#[derive(HclBody)]
#[hcl(deny_unknown_fields)]
struct Config {
    name: String,
}

fn main() {}
