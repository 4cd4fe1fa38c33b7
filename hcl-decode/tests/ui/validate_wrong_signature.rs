use hcl_decode::HclBody;

fn positive(n: u32) -> bool {
    n > 0
}

fn ordered(_: &Config) -> Result<(), String> {
    Ok(())
}

#[derive(HclBody)]
#[hcl(validate = ordered)]
struct Config {
    #[hcl(validate = positive)]
    workers: u32,
}

fn main() {}
