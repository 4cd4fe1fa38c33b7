//! A deterministic generator of Terraform-style HCL: nested labelled
//! blocks, templates with interpolations and directives, heredocs, `for`
//! expressions, function calls, conditionals, splats and comments, in the
//! proportions of real configurations.

/// A small, fast, deterministic PRNG (xorshift64*), so that every run
/// benchmarks the same text.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// One of the items.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const RESOURCE_TYPES: &[&str] = &[
    "aws_instance",
    "aws_security_group",
    "aws_s3_bucket",
    "google_compute_instance",
    "azurerm_virtual_machine",
    "kubernetes_deployment",
];
const WORDS: &[&str] = &[
    "web", "api", "db", "cache", "queue", "worker", "frontend", "backend", "auth", "metrics",
];
const REGIONS: &[&str] = &["us-east-1", "eu-west-1", "ap-south-1", "eu-central-1"];

/// Generates about `target_bytes` of configuration text.
pub fn generate(target_bytes: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = String::with_capacity(target_bytes + 4096);
    out.push_str("# Generated benchmark configuration\n\n");
    let mut n = 0u64;
    while out.len() < target_bytes {
        match rng.below(10) {
            0 => variable(&mut out, &mut rng, n),
            1 => locals(&mut out, &mut rng, n),
            2 => output(&mut out, &mut rng, n),
            3 => module(&mut out, &mut rng, n),
            _ => resource(&mut out, &mut rng, n),
        }
        out.push('\n');
        n += 1;
    }
    out
}

fn variable(out: &mut String, rng: &mut Rng, n: u64) {
    let word = rng.pick(WORDS);
    out.push_str(&format!(
        "variable \"{word}_count_{n}\" {{\n  description = \"How many {word} instances to run\"\n  type        = number\n  default     = {}\n\n  validation {{\n    condition     = var.{word}_count_{n} >= 0 && var.{word}_count_{n} < 100\n    error_message = \"The count must be between 0 and 99.\"\n  }}\n}}\n",
        rng.below(10)
    ));
}

fn locals(out: &mut String, rng: &mut Rng, n: u64) {
    let a = rng.pick(WORDS);
    let b = rng.pick(WORDS);
    out.push_str(&format!(
        "locals {{\n  // Derived names for {a} and {b}\n  name_{n}   = \"${{var.prefix}}-{a}-${{terraform.workspace}}\"\n  tags_{n}   = merge(var.common_tags, {{ Component = \"{b}\", Index = {n} }})\n  upper_{n}  = [for s in var.names : upper(s) if length(s) > 2]\n  by_id_{n}  = {{ for k, v in var.instances : v.id => k... }}\n  port_{n}   = var.tls ? 443 : {}\n  ratio_{n}  = ({} + var.extra) * 1.5 / 100 % 7\n  ids_{n}    = aws_instance.{a}[*].id\n  first_{n}  = try(local.ids_{n}[0], null)\n}}\n",
        8000 + rng.below(1000),
        rng.below(50)
    ));
}

fn output(out: &mut String, rng: &mut Rng, n: u64) {
    let a = rng.pick(WORDS);
    out.push_str(&format!(
        "output \"{a}_endpoint_{n}\" {{\n  value       = \"https://${{aws_lb.{a}.dns_name}}:${{local.port_{n}}}/%{{ if var.debug }}debug%{{ else }}v1%{{ endif }}\"\n  description = <<-EOT\n    The public endpoint of the {a} service.\n    Region: ${{var.region}}\n  EOT\n  sensitive   = false\n}}\n"
    ));
}

fn module(out: &mut String, rng: &mut Rng, n: u64) {
    let a = rng.pick(WORDS);
    let region = rng.pick(REGIONS);
    out.push_str(&format!(
        "module \"{a}_{n}\" {{\n  source  = \"./modules/{a}\"\n  version = \"~> 2.{}\"\n\n  region    = \"{region}\"\n  subnets   = [\"10.0.{}.0/24\", \"10.0.{}.0/24\"]\n  /* Inline comment: the {a} module\n     takes a map of settings. */\n  settings = {{\n    replicas = {}\n    image    = \"registry.example.com/{a}:${{var.version}}\"\n    env      = {{ for k in [\"A\", \"B\", \"C\"] : k => lower(k) }}\n  }}\n}}\n",
        rng.below(9),
        rng.below(255),
        rng.below(255),
        1 + rng.below(5)
    ));
}

fn resource(out: &mut String, rng: &mut Rng, n: u64) {
    let ty = rng.pick(RESOURCE_TYPES);
    let a = rng.pick(WORDS);
    out.push_str(&format!("resource \"{ty}\" \"{a}_{n}\" {{\n"));
    out.push_str(&format!(
        "  count         = var.{a}_enabled ? {} : 0\n  ami           = data.aws_ami.ubuntu.id\n  instance_type = \"t3.{}\"\n  subnet_id     = element(var.subnet_ids, count.index)\n\n",
        1 + rng.below(4),
        rng.pick(&["micro", "small", "medium", "large"])
    ));
    out.push_str(&format!(
        "  tags = {{\n    Name        = \"{a}-${{count.index + 1}}\"\n    Environment = var.environment\n    Owner       = \"team-{}\"\n  }}\n\n",
        rng.below(20)
    ));
    for i in 0..1 + rng.below(3) {
        out.push_str(&format!(
            "  ingress {{\n    from_port   = {}\n    to_port     = {}\n    protocol    = \"tcp\"\n    cidr_blocks = [\"0.0.0.0/0\", var.office_cidr]\n    description = \"rule {i} for {a}\"\n  }}\n\n",
            1000 + rng.below(9000),
            1000 + rng.below(9000)
        ));
    }
    if rng.below(3) == 0 {
        out.push_str(&format!(
            "  user_data = <<EOF\n#!/bin/bash\necho \"starting {a}\"\nexport REGION=${{var.region}}\nsystemctl enable {a}.service\nEOF\n\n"
        ));
    }
    out.push_str(&format!(
        "  lifecycle {{\n    create_before_destroy = true\n    ignore_changes        = [tags[\"LastSeen\"], user_data]\n  }}\n\n  depends_on = [aws_security_group.{a}, module.{a}_{}.id]\n}}\n",
        n.saturating_sub(1)
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_deterministic_and_sized() {
        let a = generate(50_000, 7);
        let b = generate(50_000, 7);
        assert_eq!(a, b);
        assert!(a.len() >= 50_000 && a.len() < 60_000);
    }

    #[test]
    fn generated_text_parses_with_hcl_edit() {
        let text = generate(200_000, 3);
        hcl_edit::parser::parse_body(&text).expect("valid HCL");
    }
}
