//! A language server for HCL configurations (the Language Server Protocol
//! over standard input and output, on rust-analyzer's `lsp-server`).
//!
//! What it gives an editor today, for the native syntax:
//!
//! - **diagnostics** on open and change, for the whole configuration the
//!   file belongs to (the `.hcl` and `.hcl.json` files of its directory,
//!   open or not), from a [`Check`]: the application's own, or the
//!   parser's ([`check::syntax_only`]);
//! - the **outline** (document symbols: blocks by type and labels, their
//!   attributes);
//! - **completion** of `var.` and `local.` names, functions (with their
//!   signatures), `true`, `false` and `null` in expressions, and **hover**
//!   on a function, `var.NAME` (its declaration) and `local.NAME` (its
//!   expression);
//! - **semantic tokens** (block types, labels, attribute names,
//!   references, function calls, literals, comments, operators);
//! - **formatting**, byte for byte as `hclfmt`;
//! - **quick fixes** for a name that is not known where it stands (an
//!   attribute or block type the schema does not have there, an undeclared
//!   `var.`, `local.` or function): rename to the close name;
//! - **go to definition** and **find references** for `var.NAME`,
//!   `local.NAME` and user functions across the configuration's files;
//! - incremental document sync, positions in UTF-16 code units or UTF-8
//!   bytes when the client offers them, and `$/cancelRequest` answered for
//!   a request still waiting.
//!
//! In `.hcl.json` files: diagnostics, the outline of their properties, and
//! with a schema, hover and completion of property names (a block type's
//! labels followed as the JSON syntax nests them).
//!
//! The structure is read from the lossless token list, so a half-typed
//! file still has an outline ([`syntax::Outline`]).
//!
//! ```
//! use hcl_ls::{Options, serve};
//! use lsp_server::{Connection, Message, Notification, Request, RequestId};
//!
//! let (server, client) = Connection::memory();
//! let thread = std::thread::spawn(move || serve(server, Options::syntax_only()));
//!
//! let init = Request::new(RequestId::from(1), "initialize".to_owned(), serde_json::json!({"capabilities": {}}));
//! client.sender.send(Message::Request(init)).unwrap();
//! let Ok(Message::Response(response)) = client.receiver.recv() else { panic!() };
//! let capabilities = &response.response_result.unwrap()["capabilities"];
//! assert_eq!(capabilities["documentFormattingProvider"], true);
//! client.sender.send(Message::Notification(Notification::new("initialized".to_owned(), serde_json::json!({})))).unwrap();
//!
//! let shutdown = Request::new(RequestId::from(2), "shutdown".to_owned(), ());
//! client.sender.send(Message::Request(shutdown)).unwrap();
//! client.receiver.recv().unwrap();
//! client.sender.send(Message::Notification(Notification::new("exit".to_owned(), ()))).unwrap();
//! thread.join().unwrap().unwrap();
//! ```

pub mod check;
mod code_action;
mod completion;
mod document;
mod features;
mod hover;
mod json_features;
mod json_outline;
mod line_index;
mod schema_at;
mod server;
pub mod syntax;

use std::collections::BTreeMap;
use std::io;

pub use check::{Check, SourceText};
use hcl_core::function::Function;
use hcl_decode::schema::Schema;
use hcl_functions::Library;
use lsp_server::Connection;

/// How a server checks configurations, and the functions expressions may
/// call (for completion and hover).
pub struct Options {
    check: Check,
    functions: BTreeMap<String, Function>,
    schema: Option<Schema>,
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options").finish_non_exhaustive()
    }
}

impl Options {
    /// Diagnostics from the parser alone; the pure functions of the
    /// function library ([`Library::pure`]).
    pub fn syntax_only() -> Options {
        Options::with_check(check::syntax_only)
    }

    /// Diagnostics from a function of the configuration's files (the
    /// application's decoding); the pure functions of the function library.
    pub fn with_check(check: impl Fn(&[SourceText]) -> hcl_core::Diagnostics + 'static) -> Options {
        Options {
            check: Box::new(check),
            functions: Library::pure().functions(),
            schema: None,
        }
    }

    /// The configuration's schema: completion of attribute and block
    /// names, labels and accepted values, and hover with their docs.
    pub fn schema(mut self, schema: Schema) -> Options {
        self.schema = Some(schema);
        self
    }

    /// The functions expressions may call, offered by completion and
    /// described by hover.
    pub fn functions(mut self, functions: BTreeMap<String, Function>) -> Options {
        self.functions = functions;
        self
    }
}

/// Serves one client on a connection until it shuts down: the `initialize`
/// handshake, then requests and notifications.
pub fn serve(connection: Connection, options: Options) -> io::Result<()> {
    let mut server = server::Server::new(options);
    let (id, params) = connection.initialize_start().map_err(io::Error::other)?;
    let result = server.initialize(params);
    let result = serde_json::to_value(result).map_err(io::Error::other)?;
    connection
        .initialize_finish(id, result)
        .map_err(io::Error::other)?;
    server.run(&connection).map_err(io::Error::other)
}

/// Serves one client over standard input and output.
pub fn serve_stdio_with(options: Options) -> io::Result<()> {
    let (connection, io_threads) = Connection::stdio();
    serve(connection, options)?;
    io_threads.join()
}
