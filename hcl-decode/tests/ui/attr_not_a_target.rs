use hcl_decode::HclBody;

struct Color(u8, u8, u8);

#[derive(HclBody)]
struct Config {
    background: Color,
}

fn main() {}
