use hcl_decode::HclBody;

#[derive(HclBody)]
struct Config {
    port: u16,
    #[hcl(rename = "port")]
    listen_port: u16,
}

fn main() {}
