pipeline "release" {
  timeout   = "20m"
  log_level = "verbose"

  executor "dokcer" {
    image = "rust:1.85"
  }

  stage "build" {
    checkout {
      repository = "https://git.example.com/app.git"
    }
    rnu {
      command = "cargo build"
    }
    run {
      command = "cargo test"
      timeout = "30m"
    }
    notify "slack" {
      channel = "releases"
    }
  }

  stage "deploy" {
  }
}

pipeline "nightly" {
  timeout = "an hour"

  executor "docker" {
    image = "rust:1.85"
    config {
      privilegd = true
    }
  }

  stage "audit" {
    run {
      command = "cargo audit"
    }
  }
}

pipeline "hotfix" {
  timeout = "5m"

  executor "shell" {}

  stage "patch" {
    run {
      command = "./patch.sh"
      timeout = "15m"
    }
  }
}
