//! EnvironmentFilesSection: each additional environment file → a `personality` entry at
//! its `ovf:path` read with `get_file`; the file at `cloud-init-data` (or named
//! `user-data.txt`) → the server's `user_data` (`user_data_format: RAW`). The files are
//! copied from the package next to the template, by file name alone: ONAP's packages are
//! flat (R-511776) and `get_file` names no folder (R-76718).

use crate::input::yaml::Node;
use crate::input::yaml::write::string;
use crate::model::ovf::Envelope;
use crate::model::ovf::sections::EnvironmentFile;

use super::draft::call;
use super::{Converter, NoteLevel};

const SECTION: &str = "EnvironmentFilesSection";

/// The output name of package file `name`: its last path part, numbered (`db_2.conf`) when
/// another file already has that name.
fn flat_name(c: &Converter<'_>, name: &str) -> String {
    let file = name.rsplit('/').next().unwrap_or(name);
    let (stem, extension) = match file.rfind('.') {
        Some(at) if at > 0 => file.split_at(at),
        _ => (file, ""),
    };
    let taken = |candidate: &str| {
        c.files.iter().any(|(path, _)| path == candidate)
            || c.out.drafts.iter().any(|d| d.file == candidate)
            || candidate.ends_with(".env")
    };
    let mut candidate = file.to_owned();
    let mut n = 2;
    while taken(&candidate) {
        candidate = format!("{stem}_{n}{extension}");
        n += 1;
    }
    candidate
}

/// What a server gets from its environment files.
#[derive(Debug, Default)]
pub struct ServerFiles {
    /// `personality` entries: guest path → content.
    pub personality: Vec<(String, Node)>,
    /// `user_data`, when one file is the designated user data.
    pub user_data: Option<Node>,
}

/// True when an environment file is the designated user data.
pub fn is_user_data(envelope: &Envelope, file: &EnvironmentFile) -> bool {
    let path = file.path.as_deref().unwrap_or("").trim();
    let href = envelope
        .file(&file.file_ref.value)
        .map(|f| f.href.value.as_str())
        .unwrap_or("");
    path == "cloud-init-data"
        || path.rsplit('/').next() == Some("user-data.txt")
        || href.rsplit('/').next() == Some("user-data.txt")
}

/// The designated user-data file of a system, when it has one.
pub fn user_data_file(envelope: &Envelope, system: usize) -> Option<&EnvironmentFile> {
    envelope.contents[system]
        .environment_files
        .as_ref()?
        .files
        .iter()
        .find(|f| is_user_data(envelope, f))
}

/// Copies a system's environment files into the output and says how its server gets them.
pub fn server(c: &mut Converter<'_>, system: usize) -> ServerFiles {
    let envelope = c.envelope;
    let mut out = ServerFiles::default();
    let Some(section) = &envelope.contents[system].environment_files else {
        return out;
    };
    let label = envelope.contents[system].label();
    for entry in &section.files {
        // A File id that names nothing is reported by OVF-ref/file.
        let Some(file) = envelope.file(&entry.file_ref.value) else {
            continue;
        };
        let href = &file.href.value;
        let refuse = |c: &mut Converter<'_>, why: String| {
            c.note(NoteLevel::Error, SECTION, label.clone(), why);
        };
        if file.compression.is_some() || file.chunk_size.is_some() {
            refuse(
                c,
                format!(
                    "environment file `{href}` is stored compressed or in chunks; store it whole so it can be handed to the guest"
                ),
            );
            continue;
        }
        let Some(name) = c.package.file_name(file) else {
            refuse(
                c,
                format!(
                    "environment file `{href}` is not a file inside the package (a URL or a path outside it); put it in the package"
                ),
            );
            continue;
        };
        let bytes = match c.package.files.read(&name) {
            Ok(bytes) => bytes,
            Err(error) => {
                refuse(
                    c,
                    format!("environment file `{href}` cannot be read: {error}"),
                );
                continue;
            }
        };
        if std::str::from_utf8(&bytes).is_err() {
            refuse(
                c,
                format!(
                    "environment file `{href}` is not UTF-8 text; Heat's get_file and Nova's personality carry text only"
                ),
            );
            continue;
        }
        let output = match c.copied.get(&name) {
            Some(output) => output.clone(),
            None => {
                let output = flat_name(c, &name);
                c.copied.insert(name.clone(), output.clone());
                c.files.push((output.clone(), bytes));
                output
            }
        };
        let content = call("get_file", string(output));
        if is_user_data(envelope, entry) {
            if c.choices.transport == super::EnvTransport::UserData {
                refuse(
                    c,
                    format!(
                        "`{href}` is the system's user data, so the OVF environment cannot travel as user data too; answer ovf_env_transport: personality"
                    ),
                );
                continue;
            }
            out.user_data = Some(content);
            continue;
        }
        let path = entry.path.as_deref().unwrap_or(href).trim();
        let guest_path = if path.starts_with('/') {
            path.to_owned()
        } else {
            format!("/{path}")
        };
        out.personality.push((guest_path, content));
    }
    out
}
