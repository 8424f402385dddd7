//! A language-server client for the tests: `vnfwiz lsp` started as an editor starts it,
//! spoken to over its standard input and output with the protocol's framing.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one answer may take before the test fails (generous: CI shares two cores).
const PATIENCE: Duration = Duration::from_secs(60);

/// A running server and what it has said.
pub struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: i64,
    /// Every notification received, in order.
    pub notifications: Vec<Value>,
}

/// Reads one framed message.
fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// The `file:` URI of a path (the tests' paths have no characters to escape).
pub fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

impl Client {
    /// Starts `vnfwiz lsp` with `args`.
    pub fn start(args: &[&str]) -> Client {
        Client::start_binary(Path::new(env!("CARGO_BIN_EXE_vnfwiz")), args)
    }

    /// Starts `lsp` of the vnfwiz binary at `program` (an earlier build, in a bench) with `args`.
    pub fn start_binary(program: &Path, args: &[&str]) -> Client {
        let mut child = Command::new(program)
            .arg("lsp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("vnfwiz lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, incoming) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        Client {
            child,
            stdin,
            incoming,
            next_id: 1,
            notifications: Vec::new(),
        }
    }

    fn send(&mut self, message: &Value) {
        let body = serde_json::to_string(message).expect("JSON");
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// The server's process id (benches/lsp.rs reads its peak memory).
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next message, failing the test after `PATIENCE`.
    fn receive(&mut self, deadline: Instant) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.incoming.recv_timeout(left) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!(
                "the server said nothing in time; notifications so far: {:#?}",
                self.notifications
            ),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Sends a request and returns its response (result or error), keeping the
    /// notifications that arrive meanwhile.
    pub fn request_response(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + PATIENCE;
        loop {
            let message = self.receive(deadline);
            if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
                return message;
            }
            if message.get("method").is_some() && message.get("id").is_none() {
                self.notifications.push(message);
            }
        }
    }

    /// Sends a request and returns its result, failing on an error.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_response(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response:#}"
        );
        response["result"].clone()
    }

    /// Initializes with the workspace folder `root` and the client capabilities given.
    pub fn initialize(&mut self, root: &Path, capabilities: Value) -> Value {
        let result = self.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "workspaceFolders": [{"uri": uri(root), "name": "set"}],
                "capabilities": capabilities,
            }),
        );
        self.notify("initialized", json!({}));
        result
    }

    /// Opens a document with the text it has on disk.
    pub fn open(&mut self, path: &Path, language: &str) {
        let text = std::fs::read_to_string(path).expect("readable");
        self.open_text(path, language, &text);
    }

    /// Opens a document with `text` (unsaved).
    pub fn open_text(&mut self, path: &Path, language: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {
                "uri": uri(path), "languageId": language, "version": 1, "text": text
            }}),
        );
    }

    /// Replaces a document's text (version `version`).
    pub fn change(&mut self, path: &Path, version: i32, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(path), "version": version},
                   "contentChanges": changes}),
        );
    }

    /// Waits until the server has checked `path` at `version` and published everything
    /// that check found (document symbols wait for that check, and answer after its
    /// diagnostics went out).
    pub fn settle(&mut self, path: &Path) {
        self.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": uri(path)}}),
        );
    }

    /// The diagnostics last published for each URI.
    pub fn published(&self) -> std::collections::BTreeMap<String, Vec<Value>> {
        let mut out = std::collections::BTreeMap::new();
        for message in &self.notifications {
            if message["method"] == "textDocument/publishDiagnostics" {
                let params = &message["params"];
                out.insert(
                    params["uri"].as_str().unwrap().to_owned(),
                    params["diagnostics"].as_array().unwrap().clone(),
                );
            }
        }
        out
    }

    /// Log lines the server sent.
    pub fn log_lines(&self) -> Vec<String> {
        self.notifications
            .iter()
            .filter(|m| m["method"] == "window/logMessage")
            .map(|m| m["params"]["message"].as_str().unwrap_or("").to_owned())
            .collect()
    }

    /// Shuts the server down as an editor does and returns its exit code.
    pub fn shutdown(mut self) -> Option<i32> {
        let result = self.request("shutdown", Value::Null);
        assert!(result.is_null(), "shutdown answers null");
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
