use hcl_decode::HclBody;

#[derive(HclBody)]
struct Docker {
    #[hcl(label)]
    name: String,
}

#[derive(HclBody)]
struct Exec {}

#[derive(HclBody)]
#[hcl(by_label)]
enum Driver {
    Docker(Docker),
    Exec(Exec),
}

fn main() {}
