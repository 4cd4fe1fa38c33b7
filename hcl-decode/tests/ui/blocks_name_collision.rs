use hcl_decode::HclBody;

#[derive(HclBody)]
struct Run {
    command: String,
}

#[derive(HclBody)]
enum Step {
    Run(Run),
}

#[derive(HclBody)]
struct Pipeline {
    #[hcl(block)]
    run: Vec<Run>,
    #[hcl(blocks)]
    steps: Vec<Step>,
}

fn main() {}
