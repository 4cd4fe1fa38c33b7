use hcl_decode::HclBody;

#[derive(HclBody)]
struct Inner {
    a: String,
}

#[derive(HclBody)]
struct Config {
    #[hcl(block, sensitive)]
    inner: Inner,
    #[hcl(sensitive, sensitive)]
    token: String,
}

fn main() {}
