//! Headless Chromium for the HTML report's tests, driven over the DevTools protocol on a
//! pipe (`--remote-debugging-pipe`: JSON messages, each ended by a NUL byte, read from file
//! descriptor 3 and written to 4). `sh` hands the browser our stdin and stdout pipes as
//! those descriptors, so neither a WebSocket client nor unsafe code is needed.
//!
//! `Browser::launch` finds `$VNFWIZ_CHROMIUM`, else `chromium`, `chromium-browser` or
//! `google-chrome` on the PATH; without one it prints why and gives `None` (the test is
//! skipped), unless `VNFWIZ_REQUIRE_CHROMIUM=1` (set by .ci/run once it has installed the
//! browser), which makes a missing or broken browser a failure.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Longest wait for one answer of the browser.
const TIMEOUT: Duration = Duration::from_secs(60);

/// A headless browser with one page open.
pub struct Browser {
    child: Child,
    input: ChildStdin,
    messages: Receiver<Value>,
    next_id: u64,
    /// The page's session, once a page is open.
    session: Option<String>,
    /// Every event received, in order.
    events: Vec<Value>,
    profile: tempfile::TempDir,
}

fn executable() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("VNFWIZ_CHROMIUM").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

fn required() -> bool {
    std::env::var_os("VNFWIZ_REQUIRE_CHROMIUM").is_some_and(|v| v == "1")
}

impl Browser {
    /// A browser ready to open a page, or `None` (the reason printed) where none is
    /// installed.
    pub fn launch() -> Option<Browser> {
        let Some(executable) = executable() else {
            let why = "no chromium on the PATH (install Debian's `chromium`, or name one with VNFWIZ_CHROMIUM)";
            assert!(!required(), "VNFWIZ_REQUIRE_CHROMIUM=1 but {why}");
            eprintln!("headless browser check skipped: {why}");
            return None;
        };
        match Browser::start(&executable) {
            Ok(browser) => Some(browser),
            Err(why) => {
                assert!(!required(), "{}: {why}", executable.display());
                eprintln!(
                    "headless browser check skipped: {} does not start: {why}",
                    executable.display()
                );
                None
            }
        }
    }

    fn start(executable: &Path) -> Result<Browser, String> {
        let profile = tempfile::tempdir().map_err(|e| e.to_string())?;
        let log =
            std::fs::File::create(profile.path().join("stderr.log")).map_err(|e| e.to_string())?;
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" 3<&0 4>&1 </dev/null >/dev/null")
            .arg(executable)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--force-color-profile=srgb",
                "--remote-debugging-pipe",
            ])
            .arg(format!(
                "--user-data-dir={}",
                profile.path().join("user").display()
            ))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .map_err(|e| e.to_string())?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = child.stdout.take().ok_or("no stdout")?;
        let (sender, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop_if(|b| *b == 0);
                if let Ok(value) = serde_json::from_slice::<Value>(&message)
                    && sender.send(value).is_err()
                {
                    return;
                }
                message.clear();
            }
        });
        let mut browser = Browser {
            child,
            input,
            messages,
            next_id: 0,
            session: None,
            events: Vec::new(),
            profile,
        };
        browser
            .browser_call("Browser.getVersion", json!({}))
            .map_err(|e| format!("{e}\n{}", browser.log()))?;
        Ok(browser)
    }

    /// The browser's own messages, for a failure's report.
    fn log(&self) -> String {
        std::fs::read_to_string(self.profile.path().join("stderr.log")).unwrap_or_default()
    }

    fn send(&mut self, method: &str, params: Value, session: Option<&str>) -> Result<u64, String> {
        self.next_id += 1;
        let mut message = json!({"id": self.next_id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        let mut bytes = serde_json::to_vec(&message).map_err(|e| e.to_string())?;
        bytes.push(0);
        self.input
            .write_all(&bytes)
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{method}: the browser is gone: {e}"))?;
        Ok(self.next_id)
    }

    /// The next message, events kept on the way.
    fn receive(&mut self, deadline: Instant, waiting_for: &str) -> Result<Value, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(left) {
            Ok(message) => {
                if message.get("method").is_some() {
                    self.events.push(message.clone());
                }
                Ok(message)
            }
            Err(RecvTimeoutError::Timeout) => Err(format!("no answer to {waiting_for}")),
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("the browser closed during {waiting_for}"))
            }
        }
    }

    fn call_in(
        &mut self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> Result<Value, String> {
        let id = self.send(method, params, session)?;
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let message = self.receive(deadline, method)?;
            if message["id"] == json!(id) {
                if let Some(error) = message.get("error") {
                    return Err(format!("{method}: {error}"));
                }
                return Ok(message["result"].clone());
            }
        }
    }

    fn browser_call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.call_in(method, params, None)
    }

    /// A method of the open page's session.
    pub fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let session = self.session.clone().ok_or("no page is open")?;
        self.call_in(method, params, Some(&session))
    }

    /// Opens `file` in a new page `width` × `height` CSS pixels wide, recording its
    /// network requests, and waits until it has loaded.
    pub fn open(&mut self, file: &Path, width: u32, height: u32) -> Result<(), String> {
        let target = self.browser_call("Target.createTarget", json!({"url": "about:blank"}))?;
        let attached = self.browser_call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        )?;
        self.session = attached["sessionId"].as_str().map(str::to_owned);
        self.call("Network.enable", json!({}))?;
        self.call("Runtime.enable", json!({}))?;
        self.call("Log.enable", json!({}))?;
        self.call("Page.enable", json!({}))?;
        self.resize(width, height)?;
        let url = format!("file://{}", file.display());
        self.events.clear();
        self.call("Page.navigate", json!({"url": url}))?;
        let deadline = Instant::now() + TIMEOUT;
        while !self
            .events
            .iter()
            .any(|e| e["method"] == "Page.loadEventFired")
        {
            self.receive(deadline, "the page's load event")?;
        }
        Ok(())
    }

    /// Sets the viewport to `width` × `height` CSS pixels.
    pub fn resize(&mut self, width: u32, height: u32) -> Result<(), String> {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        )
        .map(drop)
    }

    /// The value of a script expression evaluated in the page (which must be JSON).
    pub fn evaluate(&mut self, expression: &str) -> Result<Value, String> {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        )?;
        if let Some(exception) = result.get("exceptionDetails") {
            return Err(format!("{expression}: {exception}"));
        }
        Ok(result["result"]["value"].clone())
    }

    /// Types `text` into the focused element, as a keyboard would insert it.
    pub fn type_text(&mut self, text: &str) -> Result<(), String> {
        for c in text.chars() {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": "keyDown", "text": c.to_string(), "key": c.to_string()}),
            )?;
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": "keyUp", "key": c.to_string()}),
            )?;
        }
        Ok(())
    }

    /// Emulates a media type (`print`, or `` for the screen) and colour scheme.
    pub fn emulate(&mut self, media: &str, scheme: &str) -> Result<(), String> {
        self.call(
            "Emulation.setEmulatedMedia",
            json!({"media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]}),
        )
        .map(drop)
    }

    /// A PNG of the whole page (`whole`) or of what the viewport shows.
    pub fn screenshot(&mut self, to: &Path, whole: bool) -> Result<(), String> {
        let shot = self.call(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": whole}),
        )?;
        let data = shot["data"].as_str().ok_or("no screenshot data")?;
        let png = <base64ct::Base64 as base64ct::Encoding>::decode_vec(data)
            .map_err(|e| e.to_string())?;
        std::fs::write(to, png).map_err(|e| format!("{}: {e}", to.display()))
    }

    /// The URL of every request the page made since it was opened, the page's own included.
    pub fn requests(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| e["method"] == "Network.requestWillBeSent")
            .filter_map(|e| e["params"]["request"]["url"].as_str().map(str::to_owned))
            .collect()
    }

    /// Messages the page logged or policy violations it reported (the console's errors).
    pub fn console_errors(&self) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| {
                e["method"] == "Runtime.exceptionThrown"
                    || (e["method"] == "Log.entryAdded" && e["params"]["entry"]["level"] == "error")
            })
            .map(Value::to_string)
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.send("Browser.close", json!({}), None);
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
