use hcl_decode::HclBody;

#[derive(HclBody)]
struct Listener {
    #[hcl(label)]
    port: u16,
}

fn main() {}
