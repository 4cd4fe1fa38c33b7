use hcl_decode::HclBody;

#[derive(HclBody)]
struct Listener {
    #[hcl(label, block)]
    name: String,
}

fn main() {}
