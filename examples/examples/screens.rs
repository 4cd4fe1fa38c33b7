//! One decoding error, shown on every screen: as a command-line tool
//! prints it to standard error (in colour on a terminal, unless `NO_COLOR`
//! is set; plain text when redirected), or as JSON for a machine, in the
//! shape of `hcldec --diags=json`.
//!
//! Run with `cargo run -p examples --example screens` (colours), then with
//! `2>&1 | cat` or `NO_COLOR=1` (none), or with `-- --json`.

use std::net::SocketAddr;
use std::time::Duration;

use hcl_decode::prelude::*;

#[derive(HclBody, Debug)]
struct Server {
    bind: SocketAddr,
    #[hcl(default = Duration::from_secs(30))]
    timeout: Duration,
}

const SOURCE: &str = "bind    = \"localhost:80\"\ntimeout = 30\n";

fn main() {
    let json = std::env::args().any(|a| a == "--json");
    match hcl_decode::from_str::<Server>(SOURCE, "server.hcl") {
        Ok(server) => println!("bind {}, timeout {:?}", server.bind, server.timeout),
        Err(err) if json => println!("{}", err.to_json()),
        Err(err) => {
            err.eprint();
            std::process::exit(1);
        }
    }
}
