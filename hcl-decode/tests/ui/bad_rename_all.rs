use hcl_decode::HclBody;

#[derive(HclBody)]
#[hcl(rename_all = "kebab")]
struct Config {
    listen_port: u16,
}

fn main() {}
