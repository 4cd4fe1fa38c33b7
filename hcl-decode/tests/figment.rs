//! `hcl_decode::figment::Hcl`: layered with environment variables, the
//! metadata of each value, errors pointing into the HCL file.

#![cfg(feature = "figment")]
#![allow(clippy::unwrap_used)]
// `Jail` closures return `figment::Result`, whose error is Figment's own.
#![allow(clippy::result_large_err)]

use figment::providers::{Env, Serialized};
use figment::{Figment, Jail, Profile};
use hcl_decode::figment::Hcl;
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Config {
    name: String,
    port: u16,
    server: Server,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Server {
    host: String,
    workers: u8,
}

const APP: &str = "name = \"api\"\nport = 8000 + 80\n\nserver {\n  host    = \"${lower(\"EXAMPLE\")}.com\"\n  workers = 4\n}\n";

#[test]
fn hcl_merges_with_environment_variables() {
    Jail::expect_with(|jail| {
        jail.create_file("app.hcl", APP)?;
        jail.set_env("APP_PORT", 9090);
        let config: Config = Figment::new()
            .merge(Hcl::file("app.hcl"))
            .merge(Env::prefixed("APP_"))
            .extract()?;
        assert_eq!(
            config,
            Config {
                name: "api".into(),
                port: 9090,
                server: Server {
                    host: "example.com".into(),
                    workers: 4
                }
            }
        );
        Ok(())
    });
}

#[test]
fn metadata_names_the_file_and_each_values_place() {
    Jail::expect_with(|jail| {
        jail.create_file("app.hcl", APP)?;
        let figment = Figment::new().merge(Hcl::file("app.hcl"));
        let md = figment.find_metadata("server.host").unwrap();
        assert_eq!(md.name, "HCL file");
        assert!(md.source.as_ref().unwrap().to_string().ends_with("app.hcl"));
        assert_eq!(
            md.interpolate(&Profile::Default, &["server", "host"]),
            "server.host (app.hcl:5:13)"
        );
        assert_eq!(
            md.interpolate(&Profile::Default, &["port"]),
            "port (app.hcl:2:8)"
        );
        Ok(())
    });
}

#[test]
fn extract_errors_point_into_the_file() {
    Jail::expect_with(|jail| {
        jail.create_file("app.hcl", &APP.replace("workers = 4", "workers = 400"))?;
        let err = Figment::new()
            .merge(Hcl::file("app.hcl"))
            .extract::<Config>()
            .unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("for key \"server.workers (app.hcl:6:13)\""),
            "{text}"
        );
        Ok(())
    });
}

#[test]
fn hcl_mistakes_are_figment_errors_with_every_diagnostic() {
    let err = Figment::new()
        .merge(Hcl::string("name = nope\nport = 1 + true\n"))
        .extract::<Config>()
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("Unknown variable"), "{text}");
    assert!(text.contains("Invalid operand"), "{text}");
    assert!(text.contains("  on <string> line 2:"), "{text}");
}

#[test]
fn a_missing_file_provides_nothing() {
    Jail::expect_with(|_| {
        let config: Config = Figment::new()
            .merge(Serialized::defaults(Config {
                name: "d".into(),
                port: 1,
                server: Server {
                    host: "h".into(),
                    workers: 1,
                },
            }))
            .merge(Hcl::file("absent.hcl"))
            .extract()?;
        assert_eq!(config.name, "d");
        Ok(())
    });
}

#[test]
fn a_profile_takes_the_values() {
    let figment = Figment::new()
        .merge(Hcl::string(APP).profile("staging"))
        .select("staging");
    let config: Config = figment.extract().unwrap();
    assert_eq!(config.port, 8080);
}
