//! The protocol loop: the documents the client has open, the requests it
//! sends (answered in order, or cancelled while still queued), and the
//! diagnostics the server publishes after each change.

use std::borrow::Cow;
use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crossbeam_channel::TryRecvError;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    References, Request as _, SemanticTokensFullRequest,
};
use lsp_types::{
    CodeActionOrCommand, CodeActionParams, CodeActionProviderCapability, CompletionOptions,
    CompletionResponse, DocumentSymbolResponse, GotoDefinitionResponse, HoverProviderCapability,
    InitializeParams, InitializeResult, Location, OneOf, PositionEncodingKind,
    PublishDiagnosticsParams, SemanticTokens, SemanticTokensFullOptions, SemanticTokensLegend,
    SemanticTokensOptions, SemanticTokensResult, SemanticTokensServerCapabilities,
    ServerCapabilities, ServerInfo, TextDocumentPositionParams, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
};
use serde_json::Value as Json;

use hcl_core::function::Function;
use hcl_core::parse::Syntax;

use hcl_decode::schema::Schema;

use crate::Options;
use crate::check::{Check, SourceText};
use crate::document::Document;
use crate::features;
use crate::line_index::Encoding;
use crate::{code_action, completion, hover, json_features};

/// The server's state.
pub(crate) struct Server {
    check: Check,
    functions: BTreeMap<String, Function>,
    schema: Option<Schema>,
    encoding: Encoding,
    /// Open documents, by file path.
    documents: BTreeMap<PathBuf, Document>,
    /// The files the last diagnostics were published for, by directory, so
    /// that a file whose problems are gone gets an empty list.
    published: BTreeMap<PathBuf, Vec<PathBuf>>,
}

impl Server {
    pub(crate) fn new(options: Options) -> Server {
        Server {
            check: options.check,
            functions: options.functions,
            schema: options.schema,
            encoding: Encoding::Utf16,
            documents: BTreeMap::new(),
            published: BTreeMap::new(),
        }
    }

    /// The capabilities, with the position encoding the client offers
    /// (UTF-8 when it lists it, otherwise the protocol's UTF-16).
    pub(crate) fn initialize(&mut self, params: Json) -> InitializeResult {
        let params: Option<InitializeParams> = serde_json::from_value(params).ok();
        let offers_utf8 = params
            .as_ref()
            .and_then(|p| p.capabilities.general.as_ref())
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|e| e.contains(&PositionEncodingKind::UTF8));
        self.encoding = if offers_utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        };
        InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(if offers_utf8 {
                    PositionEncodingKind::UTF8
                } else {
                    PositionEncodingKind::UTF16
                }),
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::INCREMENTAL,
                )),
                document_symbol_provider: Some(OneOf::Left(true)),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(vec![".".to_owned()]),
                    ..CompletionOptions::default()
                }),
                document_formatting_provider: Some(OneOf::Left(true)),
                definition_provider: Some(OneOf::Left(true)),
                code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
                references_provider: Some(OneOf::Left(true)),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: SemanticTokensLegend {
                                token_types: features::semantic_token_legend(),
                                token_modifiers: Vec::new(),
                            },
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            range: None,
                            ..SemanticTokensOptions::default()
                        },
                    ),
                ),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "hcl-ls".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
        }
    }

    /// Serves until the client asks to shut down (or goes away).
    pub(crate) fn run(&mut self, connection: &Connection) -> Result<(), lsp_server::ProtocolError> {
        let mut queue: VecDeque<Message> = VecDeque::new();
        loop {
            if queue.is_empty() {
                match connection.receiver.recv() {
                    Ok(message) => queue.push_back(message),
                    Err(_) => return Ok(()),
                }
            }
            // Take in whatever else has arrived, so that a cancellation
            // can reach a request still waiting.
            loop {
                match connection.receiver.try_recv() {
                    Ok(message) => queue.push_back(message),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => break,
                }
            }
            let Some(message) = queue.pop_front() else {
                continue;
            };
            match message {
                Message::Request(request) => {
                    if connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    let cancelled = queue.iter().any(|m| {
                        matches!(m, Message::Notification(n) if cancelled_id(n).as_ref() == Some(&request.id))
                    });
                    let response = if cancelled {
                        Response::new_err(
                            request.id,
                            ErrorCode::RequestCanceled as i32,
                            "request cancelled".to_owned(),
                        )
                    } else {
                        self.request(request)
                    };
                    send(connection, Message::Response(response));
                }
                // A cancellation that comes after its request: that request
                // was answered already (cancellations of waiting requests
                // were seen when the request came to be served).
                Message::Notification(n) if n.method == "$/cancelRequest" => {}
                Message::Notification(n) => {
                    for publish in self.notification(n) {
                        send(connection, Message::Notification(publish));
                    }
                }
                Message::Response(_) => {}
            }
        }
    }

    fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            DocumentSymbolRequest::METHOD => self
                .document_param(&request.params)
                .map(|doc| json(DocumentSymbolResponse::Nested(self.symbols(doc))))
                .unwrap_or(Json::Null),
            SemanticTokensFullRequest::METHOD => self
                .document_param(&request.params)
                .map(|doc| {
                    json(SemanticTokensResult::Tokens(SemanticTokens {
                        result_id: None,
                        data: features::semantic_tokens(doc, self.encoding),
                    }))
                })
                .unwrap_or(Json::Null),
            Formatting::METHOD => self
                .document_param(&request.params)
                .map(|doc| json(features::formatting(doc, self.encoding)))
                .unwrap_or(Json::Null),
            Completion::METHOD => json(CompletionResponse::Array(self.completion(&request.params))),
            HoverRequest::METHOD => self.hover(&request.params).map(json).unwrap_or(Json::Null),
            CodeActionRequest::METHOD => json(self.code_actions(&request.params)),
            GotoDefinition::METHOD => {
                let locations = self.navigate(&request.params, false);
                json(GotoDefinitionResponse::Array(locations))
            }
            References::METHOD => {
                let mut locations = self.navigate(&request.params, true);
                let with_declaration = request.params["context"]["includeDeclaration"]
                    .as_bool()
                    .unwrap_or(false);
                if with_declaration {
                    locations.extend(self.navigate(&request.params, false));
                    locations.sort_by(|a, b| {
                        (a.uri.as_str(), a.range.start.line, a.range.start.character).cmp(&(
                            b.uri.as_str(),
                            b.range.start.line,
                            b.range.start.character,
                        ))
                    });
                }
                json(locations)
            }
            _ => {
                return Response::new_err(
                    id,
                    ErrorCode::MethodNotFound as i32,
                    format!("unsupported request: {}", request.method),
                );
            }
        };
        Response::new_ok(id, result)
    }

    /// The outline of a document: blocks and attributes, or a JSON
    /// document's properties.
    fn symbols(&self, doc: &Document) -> Vec<lsp_types::DocumentSymbol> {
        match doc.json() {
            Some(root) => json_features::symbols(doc, root, self.encoding),
            None => features::document_symbols(doc, self.encoding),
        }
    }

    /// Completion at a request's position.
    fn completion(&self, params: &Json) -> Vec<lsp_types::CompletionItem> {
        let Some((path, offset)) = self.at_position(params) else {
            return Vec::new();
        };
        let Some(doc) = self.documents.get(&path) else {
            return Vec::new();
        };
        if let Some(root) = doc.json() {
            return match &self.schema {
                Some(schema) => json_features::complete(doc, root, schema, offset),
                None => Vec::new(),
            };
        }
        let config = self.configuration(&path);
        let decls = completion::declarations(config.iter().map(|(_, d)| d.as_ref()));
        completion::complete(doc, offset, &decls, &self.functions, self.schema.as_ref())
    }

    /// Hover at a request's position.
    fn hover(&self, params: &Json) -> Option<lsp_types::Hover> {
        let (path, offset) = self.at_position(params)?;
        let doc = self.documents.get(&path)?;
        if let Some(root) = doc.json() {
            return json_features::hover(doc, root, self.schema.as_ref()?, offset, self.encoding);
        }
        let config = self.configuration(&path);
        let decls = completion::declarations(config.iter().map(|(_, d)| d.as_ref()));
        hover::hover(
            doc,
            offset,
            &decls,
            &self.functions,
            self.schema.as_ref(),
            self.encoding,
        )
    }

    /// Quick fixes for the names in a request's range.
    fn code_actions(&self, params: &Json) -> Vec<CodeActionOrCommand> {
        let Some(params) = serde_json::from_value::<CodeActionParams>(params.clone()).ok() else {
            return Vec::new();
        };
        let uri = params.text_document.uri;
        let Some(path) = uri_to_path(&uri) else {
            return Vec::new();
        };
        let Some(doc) = self.documents.get(&path) else {
            return Vec::new();
        };
        let start = doc.offset(params.range.start, self.encoding);
        let end = doc.offset(params.range.end, self.encoding).max(start);
        let config = self.configuration(&path);
        let decls = completion::declarations(config.iter().map(|(_, d)| d.as_ref()));
        code_action::fixes(
            doc,
            start..end,
            &decls,
            &self.functions,
            self.schema.as_ref(),
        )
        .iter()
        .map(|fix| {
            CodeActionOrCommand::CodeAction(code_action::to_code_action(
                doc,
                &uri,
                fix,
                self.encoding,
            ))
        })
        .collect()
    }

    /// The open document and byte offset a request's position names.
    fn at_position(&self, params: &Json) -> Option<(PathBuf, usize)> {
        let params = position_params(params)?;
        let path = uri_to_path(&params.text_document.uri)?;
        let doc = self.documents.get(&path)?;
        Some((path, doc.offset(params.position, self.encoding)))
    }

    /// Definitions (`references == false`) or references of what the
    /// position names, over the open file's configuration.
    fn navigate(&self, params: &Json, references: bool) -> Vec<Location> {
        let Some((path, offset)) = self.at_position(params) else {
            return Vec::new();
        };
        let Some((kind, name)) = features::symbol_at(&self.documents[&path], offset) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (file, doc) in self.configuration(&path) {
            let Some(uri) = path_to_uri(&file) else {
                continue;
            };
            let spans: Vec<_> = if references {
                doc.outline()
                    .references
                    .iter()
                    .filter(|r| r.kind == kind && r.name == name)
                    .map(|r| r.name_span.clone())
                    .collect()
            } else {
                features::declarations(doc.as_ref())
                    .into_iter()
                    .filter(|(k, n, _)| *k == kind && *n == name)
                    .map(|(_, _, span)| span)
                    .collect()
            };
            for span in spans {
                out.push(Location::new(
                    uri.clone(),
                    features::range_in(doc.as_ref(), span, self.encoding),
                ));
            }
        }
        out
    }

    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        let changed = match n.method.as_str() {
            DidOpenTextDocument::METHOD => serde_json::from_value::<
                lsp_types::DidOpenTextDocumentParams,
            >(n.params)
            .ok()
            .and_then(|p| {
                let path = uri_to_path(&p.text_document.uri)?;
                let syntax = Syntax::from_file_name(&path.to_string_lossy());
                let doc =
                    Document::with_syntax(p.text_document.text, p.text_document.version, syntax);
                self.documents.insert(path.clone(), doc);
                Some(path)
            }),
            DidChangeTextDocument::METHOD => {
                serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                    .ok()
                    .and_then(|p| {
                        let path = uri_to_path(&p.text_document.uri)?;
                        let doc = self.documents.get_mut(&path)?;
                        doc.apply(p.content_changes, p.text_document.version, self.encoding);
                        Some(path)
                    })
            }
            DidCloseTextDocument::METHOD => {
                serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                    .ok()
                    .and_then(|p| {
                        let path = uri_to_path(&p.text_document.uri)?;
                        self.documents.remove(&path);
                        Some(path)
                    })
            }
            _ => None,
        };
        match changed {
            Some(path) => self.diagnostics(&path),
            None => Vec::new(),
        }
    }

    /// The configuration a file belongs to: the `.hcl` and `.hcl.json`
    /// files of its directory (open ones as the client has them, the others
    /// as they are on disk) and the file itself, by path.
    fn configuration(&self, path: &Path) -> Vec<(PathBuf, Cow<'_, Document>)> {
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut files: BTreeMap<PathBuf, Option<&Document>> = BTreeMap::new();
        if let Ok(entries) = std::fs::read_dir(&dir) {
            for entry in entries.flatten() {
                let p = entry.path();
                if is_configuration_file(&p) {
                    files.insert(p, None);
                }
            }
        }
        for (p, doc) in &self.documents {
            if p.parent() == Some(dir.as_path()) && (is_configuration_file(p) || p == path) {
                files.insert(p.clone(), Some(doc));
            }
        }
        files
            .into_iter()
            .filter_map(|(p, doc)| match doc {
                Some(doc) => Some((p, Cow::Borrowed(doc))),
                None => {
                    let text = std::fs::read(&p).ok()?;
                    let text = String::from_utf8_lossy(&text).into_owned();
                    let syntax = Syntax::from_file_name(&p.to_string_lossy());
                    Some((p, Cow::Owned(Document::with_syntax(text, 0, syntax))))
                }
            })
            .collect()
    }

    /// Checks the configuration of a file and publishes the diagnostics of
    /// each of its files (an empty list for a file whose problems are
    /// gone).
    fn diagnostics(&mut self, path: &Path) -> Vec<Notification> {
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let files = self.configuration(path);
        let sources: Vec<SourceText> = files
            .iter()
            .map(|(p, doc)| SourceText {
                name: p.to_string_lossy().into_owned(),
                text: doc.text().to_owned(),
            })
            .collect();
        let diagnostics = (self.check)(&sources);
        let mut by_file: BTreeMap<PathBuf, Vec<lsp_types::Diagnostic>> =
            files.iter().map(|(p, _)| (p.clone(), Vec::new())).collect();
        for d in diagnostics.iter() {
            let name = d.subject.as_ref().map(|r| PathBuf::from(&*r.filename));
            let target = name
                .filter(|n| by_file.contains_key(n))
                .unwrap_or_else(|| path.to_path_buf());
            let Some((_, doc)) = files.iter().find(|(p, _)| *p == target) else {
                continue;
            };
            let converted = features::to_lsp_diagnostic(doc, d, self.encoding);
            by_file.entry(target).or_default().push(converted);
        }
        let previous = self
            .published
            .insert(dir, by_file.keys().cloned().collect());
        for gone in previous.unwrap_or_default() {
            by_file.entry(gone).or_default();
        }
        by_file
            .into_iter()
            .filter_map(|(p, diagnostics)| {
                let uri = path_to_uri(&p)?;
                let version = self.documents.get(&p).map(Document::version);
                Some(Notification::new(
                    PublishDiagnostics::METHOD.to_owned(),
                    PublishDiagnosticsParams {
                        uri,
                        diagnostics,
                        version,
                    },
                ))
            })
            .collect()
    }

    fn document_param(&self, params: &Json) -> Option<&Document> {
        let uri = params.get("textDocument")?.get("uri")?;
        let uri: Uri = serde_json::from_value(uri.clone()).ok()?;
        self.documents.get(&uri_to_path(&uri)?)
    }
}

/// The request a `$/cancelRequest` notification names.
fn cancelled_id(n: &Notification) -> Option<RequestId> {
    if n.method != "$/cancelRequest" {
        return None;
    }
    serde_json::from_value(n.params.get("id")?.clone()).ok()
}

/// Whether a file is part of a configuration: a `.hcl` or `.hcl.json` name.
fn is_configuration_file(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.ends_with(".hcl") || name.ends_with(".hcl.json")
}

fn position_params(params: &Json) -> Option<TextDocumentPositionParams> {
    let doc = params.get("textDocument")?.clone();
    let position = params.get("position")?.clone();
    Some(TextDocumentPositionParams {
        text_document: serde_json::from_value(doc).ok()?,
        position: serde_json::from_value(position).ok()?,
    })
}

fn json<T: serde::Serialize>(value: T) -> Json {
    serde_json::to_value(value).unwrap_or(Json::Null)
}

fn send(connection: &Connection, message: Message) {
    // The client has gone when this fails: the loop ends at the next read.
    let _ = connection.sender.send(message);
}

/// The file path of a `file:` URI (percent escapes decoded).
pub(crate) fn uri_to_path(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    let path = rest.find('/').map(|i| &rest[i..])?;
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let mut bytes = Vec::with_capacity(path.len());
    let raw = path.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'%' && i + 2 < raw.len() {
            let hex = std::str::from_utf8(&raw[i + 1..i + 3]).ok();
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                bytes.push(b);
                i += 3;
                continue;
            }
        }
        bytes.push(raw[i]);
        i += 1;
    }
    Some(PathBuf::from(String::from_utf8(bytes).ok()?))
}

/// The `file:` URI of a path (bytes other than unreserved ones and `/`
/// percent-escaped).
pub(crate) fn path_to_uri(path: &Path) -> Option<Uri> {
    let text = path.to_str()?;
    let mut out = String::from("file://");
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_and_paths_round_trip() {
        let path = Path::new("/tmp/a b/é%.hcl");
        let uri = path_to_uri(path).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/%C3%A9%25.hcl");
        assert_eq!(uri_to_path(&uri).unwrap(), path);
        let vscode = Uri::from_str("file:///tmp/x%3A.hcl").unwrap();
        assert_eq!(uri_to_path(&vscode).unwrap(), Path::new("/tmp/x:.hcl"));
        assert!(uri_to_path(&Uri::from_str("untitled:Untitled-1").unwrap()).is_none());
    }
}
