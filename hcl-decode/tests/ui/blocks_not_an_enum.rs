use hcl_decode::HclBody;

#[derive(HclBody)]
struct Run {
    command: String,
}

#[derive(HclBody)]
struct Pipeline {
    #[hcl(blocks)]
    steps: Vec<Run>,
}

fn main() {}
