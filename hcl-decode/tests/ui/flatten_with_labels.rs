use hcl_decode::HclBody;

#[derive(HclBody)]
struct Named {
    #[hcl(label)]
    name: String,
}

#[derive(HclBody)]
struct Config {
    #[hcl(flatten)]
    named: Named,
}

fn main() {}
