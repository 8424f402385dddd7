//! The input thread: the handshake, the open documents as the editor changes them, jobs for
//! the checker, and answers to the editor's requests from the last check. A request about a
//! document the last check has not seen in its current version waits for the check that
//! reads it, so an answer never points at places of an older text.

use std::path::PathBuf;
use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, ErrorCode, Message, Notification, ProtocolError, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidChangeWorkspaceFolders, DidCloseTextDocument,
    DidOpenTextDocument, DidSaveTextDocument, Notification as _,
};
use lsp_types::request::{
    CodeActionRequest, CodeActionResolveRequest, Completion, DocumentSymbolRequest, GotoDefinition,
    HoverRequest, References, Request as _,
};
use lsp_types::{
    ClientCapabilities, CodeActionKind, CodeActionOptions, CodeActionProviderCapability,
    CompletionOptions, InitializeParams, OneOf, SaveOptions, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, WorkspaceFoldersServerCapabilities, WorkspaceServerCapabilities,
};

use super::checker::{Checker, Job, Snapshot};
use super::documents::{Documents, path_of};
use super::settings::Settings;
use super::{actions, completion, hover, inputs, navigation, symbols};

/// Why the server stopped before the editor asked it to.
#[derive(Debug, thiserror::Error)]
pub enum LspError {
    /// The editor broke the protocol (or went away during the handshake).
    #[error("language server protocol: {0}")]
    Protocol(#[from] ProtocolError),
    /// The initialize request's parameters are not what the protocol says.
    #[error("the initialize request cannot be read: {0}")]
    Initialize(#[from] serde_json::Error),
}

/// Serves one editor on standard input and output until it says `exit`.
pub fn run_stdio(settings: Settings, rule_docs: Option<String>) -> Result<(), LspError> {
    let (connection, threads) = Connection::stdio();
    serve(&connection, settings, rule_docs)?;
    drop(connection);
    // An editor may close the pipes as soon as it has said `exit`: nothing is lost then.
    let _ = threads.join();
    Ok(())
}

/// What the server offers, whatever the client.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some([":", " ", "[", ",", "-"].map(str::to_owned).to_vec()),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX, actions::FIX_ALL_SAFE]),
            resolve_provider: Some(true),
            ..CodeActionOptions::default()
        })),
        workspace: Some(WorkspaceServerCapabilities {
            workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(OneOf::Left(true)),
            }),
            file_operations: None,
        }),
        ..ServerCapabilities::default()
    }
}

/// The workspace folders the editor opened (the root, for clients that only say that).
fn folders_of(params: &InitializeParams) -> Vec<PathBuf> {
    if let Some(folders) = &params.workspace_folders {
        return folders.iter().filter_map(|f| path_of(&f.uri)).collect();
    }
    #[allow(deprecated)]
    let root = params.root_uri.as_ref().and_then(path_of);
    root.into_iter().collect()
}

/// Runs the handshake and the message loop on `connection` until `shutdown` and `exit`.
pub fn serve(
    connection: &Connection,
    settings: Settings,
    rule_docs: Option<String>,
) -> Result<(), LspError> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let result = lsp_types::InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo {
            name: "vnfwiz".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    connection.initialize_finish(id, serde_json::to_value(result)?)?;
    let (snapshots_sender, snapshots) = crossbeam_channel::unbounded();
    let checker = Checker::start(
        settings.clone(),
        rule_docs,
        connection.sender.clone(),
        snapshots_sender,
    );
    let mut server = Server {
        client: connection.sender.clone(),
        settings,
        capabilities: params.capabilities.clone(),
        folders: folders_of(&params),
        documents: Documents::default(),
        checker,
        snapshot: Arc::new(Snapshot {
            inputs: Vec::new(),
            versions: Default::default(),
        }),
        parked: Vec::new(),
    };
    server.watch_files();
    server.submit(None);
    let outcome = server.run(connection, &snapshots);
    server.checker.stop();
    outcome
}

/// The input thread's state.
pub(super) struct Server {
    client: Sender<Message>,
    pub(super) settings: Settings,
    pub(super) capabilities: ClientCapabilities,
    folders: Vec<PathBuf>,
    pub(super) documents: Documents,
    checker: Checker,
    /// The last check.
    pub(super) snapshot: Arc<Snapshot>,
    /// Requests waiting for a check of their document's current version.
    parked: Vec<Request>,
}

impl Server {
    fn run(
        &mut self,
        connection: &Connection,
        snapshots: &Receiver<Arc<Snapshot>>,
    ) -> Result<(), LspError> {
        loop {
            select! {
                recv(connection.receiver) -> message => match message {
                    Ok(Message::Request(request)) => {
                        // After `shutdown`, an editor that leaves without `exit` is done too.
                        if connection.handle_shutdown(&request).unwrap_or(true) {
                            return Ok(());
                        }
                        self.request(request);
                    }
                    Ok(Message::Notification(notification)) => {
                        if notification.method == "exit" {
                            return Ok(());
                        }
                        self.notification(notification);
                    }
                    Ok(Message::Response(_)) => {}
                    Err(_) => return Ok(()),
                },
                recv(snapshots) -> snapshot => {
                    if let Ok(snapshot) = snapshot {
                        // A large set takes a while to free: never on the input thread.
                        let old = std::mem::replace(&mut self.snapshot, snapshot);
                        std::thread::spawn(move || drop(old));
                        for request in std::mem::take(&mut self.parked) {
                            self.request(request);
                        }
                    }
                }
            }
        }
    }

    /// Asks the checker to check what `changed` touches (`None`: everything).
    fn submit(&self, changed: Option<Vec<PathBuf>>) {
        let open: Vec<PathBuf> = self.documents.iter().map(|(p, _)| p.clone()).collect();
        self.checker.submit(Job {
            overlay: self.documents.overlay(),
            versions: self.documents.versions(),
            inputs: inputs::plan(&self.folders, &open),
            changed,
        });
    }

    fn notification(&mut self, notification: Notification) {
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Some(params) = params_of::<DidOpenTextDocument>(notification) else {
                    return;
                };
                let document = params.text_document;
                if let Some(path) = path_of(&document.uri) {
                    self.documents
                        .open(path.clone(), document.version, document.text);
                    self.submit(Some(vec![path]));
                }
            }
            DidChangeTextDocument::METHOD => {
                let Some(params) = params_of::<DidChangeTextDocument>(notification) else {
                    return;
                };
                let document = params.text_document;
                if let Some(path) = path_of(&document.uri)
                    && self
                        .documents
                        .change(&path, document.version, params.content_changes)
                {
                    self.submit(Some(vec![path]));
                }
            }
            DidCloseTextDocument::METHOD => {
                let Some(params) = params_of::<DidCloseTextDocument>(notification) else {
                    return;
                };
                if let Some(path) = path_of(&params.text_document.uri) {
                    self.documents.close(&path);
                    self.submit(Some(vec![path]));
                }
            }
            DidSaveTextDocument::METHOD => {
                let Some(params) = params_of::<DidSaveTextDocument>(notification) else {
                    return;
                };
                self.submit(Some(
                    path_of(&params.text_document.uri).into_iter().collect(),
                ));
            }
            DidChangeWatchedFiles::METHOD => {
                let Some(params) = params_of::<DidChangeWatchedFiles>(notification) else {
                    return;
                };
                let changed = params.changes.iter().filter_map(|c| path_of(&c.uri));
                self.submit(Some(changed.collect()));
            }
            DidChangeWorkspaceFolders::METHOD => {
                let Some(params) = params_of::<DidChangeWorkspaceFolders>(notification) else {
                    return;
                };
                for removed in params.event.removed.iter().filter_map(|f| path_of(&f.uri)) {
                    self.folders.retain(|folder| *folder != removed);
                }
                for added in params.event.added.iter().filter_map(|f| path_of(&f.uri)) {
                    if !self.folders.contains(&added) {
                        self.folders.push(added);
                    }
                }
                self.submit(None);
            }
            _ => {}
        }
    }

    /// Asks the editor to say when files of a set change on disk (a checkout, another
    /// program), where it can watch them: those changes are checked like edits.
    fn watch_files(&self) {
        let can = self
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        if !can {
            return;
        }
        let options = lsp_types::DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![lsp_types::FileSystemWatcher {
                glob_pattern: lsp_types::GlobPattern::String(
                    "**/*.{yaml,yml,template,json,env,ovf,mf,cert}".to_owned(),
                ),
                kind: None,
            }],
        };
        let params = lsp_types::RegistrationParams {
            registrations: vec![lsp_types::Registration {
                id: "vnfwiz-watch".to_owned(),
                method: DidChangeWatchedFiles::METHOD.to_owned(),
                register_options: serde_json::to_value(options).ok(),
            }],
        };
        let request = Request::new(
            lsp_server::RequestId::from("vnfwiz-watch".to_owned()),
            "client/registerCapability".to_owned(),
            params,
        );
        let _ = self.client.send(Message::Request(request));
    }

    /// True when the last check read the document of `params` in its current version (or
    /// the document is not open: what is on disk is what was checked).
    fn is_current(&self, params: &serde_json::Value) -> bool {
        let Some(path) = params
            .pointer("/textDocument/uri")
            .and_then(|uri| uri.as_str())
            .and_then(|uri| lsp_types::Url::parse(uri).ok())
            .and_then(|uri| path_of(&uri))
        else {
            return true;
        };
        match self.documents.get(&path) {
            Some(document) => self.snapshot.versions.get(&path) == Some(&document.version),
            None => true,
        }
    }

    fn request(&mut self, request: Request) {
        let method = request.method.clone();
        // Completion reads the text as typed; everything else waits for the check of it.
        if method != Completion::METHOD && !self.is_current(&request.params) {
            self.parked.push(request);
            return;
        }
        let id = request.id.clone();
        let params = request.params;
        let result = match method.as_str() {
            HoverRequest::METHOD => answer(params, |p| hover::hover(self, p)),
            Completion::METHOD => answer(params, |p| completion::complete(self, p)),
            GotoDefinition::METHOD => answer(params, |p| navigation::definition(self, p)),
            References::METHOD => answer(params, |p| navigation::references(self, p)),
            DocumentSymbolRequest::METHOD => answer(params, |p| symbols::document_symbols(self, p)),
            CodeActionRequest::METHOD => answer(params, |p| actions::code_actions(self, p)),
            CodeActionResolveRequest::METHOD => answer(params, |p| actions::resolve(self, p)),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("vnfwiz does not answer {method}"),
            )),
        };
        let response = match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        let _ = self.client.send(Message::Response(response));
    }
}

/// A notification's parameters, as its kind defines them (`None` when they do not read).
fn params_of<N: lsp_types::notification::Notification>(
    notification: Notification,
) -> Option<N::Params> {
    notification.extract(N::METHOD).ok()
}

/// Reads a request's parameters, answers, and turns the answer into JSON.
fn answer<P, R>(
    params: serde_json::Value,
    handle: impl FnOnce(P) -> R,
) -> Result<serde_json::Value, (ErrorCode, String)>
where
    P: serde::de::DeserializeOwned,
    R: serde::Serialize,
{
    let params: P =
        serde_json::from_value(params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
    serde_json::to_value(handle(params)).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}
