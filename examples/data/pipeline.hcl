# A CI/CD pipeline: steps run in the order they are written, whatever
# their type; executors and notifiers are plugins chosen by their label.

pipeline "release" {
  timeout   = "1h30m"
  log_level = "info"

  executor "docker" {
    image = "rust:1.85"
    config {
      privileged = false
      volumes    = ["/cache:/cache"]
    }
  }

  stage "build" {
    checkout {
      repository = "https://git.example.com/app.git"
      ref        = "main"
    }
    cache {
      key   = "cargo-${"v2"}"
      paths = ["~/.cargo", "target"]
    }
    run {
      command = "cargo build --release"
      timeout = "20m"
    }
    run {
      command = "cargo test --release"
      timeout = "25m"
    }
    upload {
      path = "target/release/app"
    }
  }

  stage "deploy" {
    run {
      command = "./deploy.sh production"
      timeout = "10m"
    }
    notify "slack" {
      channel = "#releases"
    }
    notify "email" {
      to = ["ops@example.com", "lead@example.com"]
    }
  }
}

pipeline "nightly" {
  timeout = "45m"

  executor "shell" {
    shell = "/bin/bash"
  }

  stage "audit" {
    checkout {
      repository = "https://git.example.com/app.git"
    }
    run {
      command = "cargo audit"
      timeout = "5m"
    }
  }
}
