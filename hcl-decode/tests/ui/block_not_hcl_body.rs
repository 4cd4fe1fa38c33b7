use hcl_decode::HclBody;

struct Listener {
    address: String,
}

#[derive(HclBody)]
struct Config {
    #[hcl(block)]
    listener: Vec<Listener>,
}

fn main() {}
