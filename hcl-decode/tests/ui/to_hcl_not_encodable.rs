use hcl_decode::ToHcl;

struct Opaque;

struct Listener {
    address: String,
}

#[derive(ToHcl)]
struct Config {
    secret: Opaque,
    #[hcl(block)]
    listener: Vec<Listener>,
    #[hcl(blocks)]
    steps: Vec<Listener>,
}

#[derive(ToHcl)]
struct Labelled {
    #[hcl(label)]
    id: u32,
}

fn main() {}
