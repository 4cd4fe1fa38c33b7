use hcl_decode::HclBody;

#[derive(HclBody)]
struct Network {
    region: String,
}

#[derive(HclBody)]
struct Storage {
    #[hcl(block)]
    region: Option<Region>,
}

#[derive(HclBody)]
struct Region {
    zone: String,
}

#[derive(HclBody)]
struct Config {
    #[hcl(flatten)]
    network: Network,
    #[hcl(flatten)]
    storage: Storage,
}

fn main() {}
