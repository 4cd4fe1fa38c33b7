use hcl_decode::ToHcl;

fn show(limit: u8) -> String {
    limit.to_string()
}

#[derive(ToHcl)]
struct Config {
    #[hcl(with = show)]
    limit: u8,
}

fn main() {}
