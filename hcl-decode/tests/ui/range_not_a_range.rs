use hcl_decode::HclBody;

#[derive(HclBody)]
struct Listener {
    #[hcl(def_range)]
    at: String,
}

fn main() {}
