use hcl_decode::HclBody;

#[derive(HclBody)]
enum Mode {
    Fast,
    Slow,
}

#[derive(HclBody)]
struct Pair(String, String);

fn main() {}
