//! A pipeline-style configuration (a CI/CD system's, in the manner of
//! Nomad and GitLab): steps of several block types kept in the order they
//! are written (`#[hcl(blocks)]` over an enum of block types), executors
//! and notifiers that are plugins chosen by their first label
//! (`#[hcl(by_label)]`), a level given as a string (`#[derive(FromValue)]`),
//! durations (a `with` conversion), and validation of a field and of a
//! whole struct. A broken file gets every mistake in one run: the core's,
//! the plugins', and the validators'.
//!
//! Run with `cargo run -p examples --example pipeline`.

use std::time::Duration;

use hcl_decode::prelude::*;

#[derive(HclBody, Debug)]
struct PipelineFile {
    #[hcl(block)]
    pipeline: Vec<Pipeline>,
}

#[derive(HclBody, Debug)]
#[hcl(validate = steps_fit_in_the_timeout)]
struct Pipeline {
    #[hcl(label)]
    name: String,
    #[hcl(with = duration)]
    timeout: Duration,
    #[hcl(default = Level::Warn)]
    log_level: Level,
    #[hcl(block)]
    executor: Executor,
    #[hcl(block)]
    stage: Vec<Stage>,
}

#[derive(FromValue, Debug, Clone, Copy)]
enum Level {
    Debug,
    Info,
    Warn,
    Error,
}

#[derive(HclBody, Debug)]
#[hcl(validate = has_steps)]
struct Stage {
    #[hcl(label)]
    name: String,
    #[hcl(blocks)]
    steps: Vec<Step>,
    #[hcl(block)]
    notify: Vec<Notifier>,
}

/// The steps, of several block types, in the order they are written.
#[derive(HclBody, Debug)]
enum Step {
    Checkout(Checkout),
    Cache(Cache),
    Run(Run),
    #[hcl(rename = "upload")]
    UploadArtifact(Upload),
}

#[derive(HclBody, Debug)]
struct Checkout {
    repository: String,
    #[hcl(default = "main")]
    r#ref: String,
}

#[derive(HclBody, Debug)]
struct Cache {
    key: String,
    paths: Vec<String>,
}

#[derive(HclBody, Debug)]
struct Run {
    command: String,
    #[hcl(with = duration, default = Duration::from_secs(600))]
    timeout: Duration,
}

#[derive(HclBody, Debug)]
struct Upload {
    path: String,
}

/// The executor plugins, chosen by the block's label.
#[derive(HclBody, Debug)]
#[hcl(by_label)]
enum Executor {
    Docker(Docker),
    Shell(Shell),
}

#[derive(HclBody, Debug)]
struct Docker {
    image: String,
    #[hcl(block)]
    config: Option<DockerConfig>,
}

#[derive(HclBody, Debug)]
struct DockerConfig {
    #[hcl(default)]
    privileged: bool,
    #[hcl(default)]
    volumes: Vec<String>,
}

#[derive(HclBody, Debug)]
struct Shell {
    #[hcl(default = "/bin/sh")]
    shell: String,
}

/// The notifier plugins.
#[derive(HclBody, Debug)]
#[hcl(by_label = "service")]
enum Notifier {
    Slack(Slack),
    Email(Email),
}

#[derive(HclBody, Debug)]
struct Slack {
    #[hcl(validate = slack_channel)]
    channel: String,
}

#[derive(HclBody, Debug)]
struct Email {
    #[hcl(validate = addresses)]
    to: Vec<String>,
}

/// A Go-style duration of hours, minutes and seconds: `"1h30m"`, `"45s"`.
fn duration(value: &Value, _range: &Range) -> Result<Duration, String> {
    let text = value
        .as_str()
        .ok_or("a duration is a string such as \"1h30m\"")?;
    let invalid = || format!("{text:?} is not a duration such as \"1h30m\", \"20m\" or \"45s\"");
    let mut total = 0u64;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'h' => 3600,
            'm' => 60,
            's' => 1,
            _ => return Err(invalid()),
        };
        let n: u64 = number.parse().map_err(|_| invalid())?;
        total += n * unit;
        number.clear();
    }
    if text.is_empty() || !number.is_empty() {
        return Err(invalid());
    }
    Ok(Duration::from_secs(total))
}

// A field validator takes `&T`, the field's type.
#[allow(clippy::ptr_arg)]
fn slack_channel(channel: &String) -> Result<(), String> {
    if channel.starts_with('#') {
        Ok(())
    } else {
        Err(format!("a Slack channel starts with \"#\": \"#{channel}\""))
    }
}

#[allow(clippy::ptr_arg)]
fn addresses(to: &Vec<String>) -> Result<(), String> {
    match to.iter().find(|a| !a.contains('@')) {
        Some(bad) => Err(format!("{bad:?} is not an e-mail address")),
        None => Ok(()),
    }
}

/// A struct validator: the run steps must fit in the pipeline's timeout.
fn steps_fit_in_the_timeout(p: &Pipeline, v: &mut Validator<'_>) {
    let total: Duration = p
        .stage
        .iter()
        .flat_map(|s| &s.steps)
        .filter_map(|step| match step {
            Step::Run(r) => Some(r.timeout),
            _ => None,
        })
        .sum();
    if total > p.timeout {
        v.error(
            "timeout",
            "Pipeline timeout too short",
            format!(
                "The run steps may take {} minutes, but the pipeline times out after {}.",
                total.as_secs() / 60,
                p.timeout.as_secs() / 60
            ),
        );
    }
}

fn has_steps(s: &Stage, v: &mut Validator<'_>) {
    if s.steps.is_empty() {
        v.error(
            "steps",
            "Empty stage",
            format!("The stage {:?} has no steps.", s.name),
        );
    }
}

fn describe(p: &Pipeline) -> String {
    let mut out = format!(
        "pipeline {} (timeout {} min, log level {:?})\n",
        p.name,
        p.timeout.as_secs() / 60,
        p.log_level
    );
    let executor = match &p.executor {
        Executor::Docker(d) => format!(
            "docker {}{}",
            d.image,
            match &d.config {
                Some(c) => format!(" (privileged: {}, volumes: {:?})", c.privileged, c.volumes),
                None => String::new(),
            }
        ),
        Executor::Shell(s) => format!("shell {}", s.shell),
    };
    out.push_str(&format!("  executor: {executor}\n"));
    for stage in &p.stage {
        out.push_str(&format!("  stage {}\n", stage.name));
        for (i, step) in stage.steps.iter().enumerate() {
            let text = match step {
                Step::Checkout(c) => format!("checkout {} at {}", c.repository, c.r#ref),
                Step::Cache(c) => format!("cache {} {:?}", c.key, c.paths),
                Step::Run(r) => format!(
                    "run `{}` (at most {} min)",
                    r.command,
                    r.timeout.as_secs() / 60
                ),
                Step::UploadArtifact(u) => format!("upload {}", u.path),
            };
            out.push_str(&format!("    {}. {text}\n", i + 1));
        }
        for n in &stage.notify {
            let text = match n {
                Notifier::Slack(s) => format!("slack {}", s.channel),
                Notifier::Email(e) => format!("email {}", e.to.join(", ")),
            };
            out.push_str(&format!("    notify {text}\n"));
        }
    }
    out
}

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data");
    for file in ["pipeline.hcl", "pipeline_broken.hcl"] {
        let path = format!("{dir}/{file}");
        println!("data/{file}:");
        match hcl_decode::from_file::<PipelineFile>(&path) {
            Ok(config) => {
                for p in &config.pipeline {
                    print!("{}", describe(p));
                }
            }
            Err(err) => {
                let errors = err.diagnostics().errors().count();
                // Paths relative to the examples crate, whatever the
                // current directory.
                let text = err.to_string().replace(&format!("{dir}/"), "data/");
                println!("{text}\n{errors} errors");
            }
        }
        println!();
    }
}
