use hcl_decode::HclBody;

#[derive(HclBody)]
struct Config {
    #[hcl(blok)]
    listener: Vec<String>,
}

fn main() {}
