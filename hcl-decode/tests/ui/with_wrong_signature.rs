use hcl_decode::HclBody;

fn parse_limit(text: &str) -> Result<u8, String> {
    text.parse().map_err(|_| "not a number".to_owned())
}

#[derive(HclBody)]
struct Config {
    #[hcl(with = parse_limit)]
    limit: u8,
}

fn main() {}
