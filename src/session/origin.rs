//! Where a file the review shows is on disk, so the operator can edit it there: a template
//! or environment file of a HOT set read from a folder (its output lines matched to the
//! source's lines, since answers and fixes change the output), an OVF descriptor or its
//! manifest and certificate. Files inside an archive and files vnfwiz writes have no place
//! on disk to edit, and say why.

use std::path::PathBuf;

use similar::{DiffTag, TextDiff};

use crate::foundation::diagnostics::InputRoot;

use super::{OutputFile, Session, Source};

/// A file on disk an output file (or a package file a finding points into) is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The file.
    pub path: PathBuf,
    /// For each output line (the first at index 0), the source line it comes from; empty
    /// when the two are the same text.
    lines: Vec<u32>,
}

impl SourceFile {
    /// The source line of an output line: the same line where the text is unchanged, the
    /// nearest source line where the output added or changed lines.
    pub fn line(&self, output_line: u32) -> u32 {
        if self.lines.is_empty() {
            return output_line.max(1);
        }
        let index = (output_line.max(1) - 1) as usize;
        self.lines
            .get(index)
            .or(self.lines.last())
            .copied()
            .unwrap_or(1)
    }
}

/// Why a file has no place on disk to edit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotOnDisk {
    /// The source is a zip or an OVA.
    #[error("{file} is inside {}; unpack the package to edit it", archive.display())]
    InArchive {
        /// The file.
        file: String,
        /// The archive.
        archive: PathBuf,
    },
    /// vnfwiz writes the file (a conversion, a composition, the answers file).
    #[error("{file} is written by vnfwiz, not read from the source; {hint}")]
    Written {
        /// The file.
        file: String,
        /// What to edit instead.
        hint: &'static str,
    },
}

/// For each line of `after`, the line of `before` it comes from (1-based).
fn line_map(before: &[u8], after: &[u8]) -> Vec<u32> {
    let before = String::from_utf8_lossy(before);
    let after = String::from_utf8_lossy(after);
    let diff = TextDiff::from_lines(before.as_ref(), after.as_ref());
    let last = u32::try_from(before.lines().count().max(1)).unwrap_or(u32::MAX);
    let mut lines = Vec::new();
    for op in diff.ops() {
        let (tag, old, new) = op.as_tag_tuple();
        for i in 0..new.len() {
            let source = match tag {
                DiffTag::Equal => old.start + i,
                // Added or changed lines point at the place they were added to.
                DiffTag::Insert | DiffTag::Replace | DiffTag::Delete => old.start,
            };
            lines.push(u32::try_from(source + 1).unwrap_or(u32::MAX).min(last));
        }
    }
    lines
}

impl Session {
    /// The file on disk a file the review shows is read from: an output file (`output`,
    /// read or composed from a file of the source, its lines matched by a diff), or a file
    /// of the package itself a finding points into (`output` none: an OVF descriptor, its
    /// manifest or certificate).
    pub fn source_file(
        &self,
        file: &str,
        output: Option<&OutputFile>,
    ) -> Result<SourceFile, NotOnDisk> {
        let root = match &self.root {
            InputRoot::Archive(archive) => {
                return Err(NotOnDisk::InArchive {
                    file: file.to_owned(),
                    archive: archive.clone(),
                });
            }
            InputRoot::Folder(root) => root,
        };
        let written = |hint| NotOnDisk::Written {
            file: file.to_owned(),
            hint,
        };
        match &self.source {
            Source::Hot { set } => {
                let source = match output {
                    Some(output) => output.source.as_deref(),
                    None => Some(file),
                };
                let Some((path, id)) = source.and_then(|p| Some((p, set.find(p)?))) else {
                    return Err(written(
                        "edit the templates it is made from, or the answers",
                    ));
                };
                let text = &set.files[id].bytes;
                let lines = match output {
                    Some(output) if output.bytes != *text => line_map(text, &output.bytes),
                    _ => Vec::new(),
                };
                Ok(SourceFile {
                    path: root.join(path),
                    lines,
                })
            }
            Source::Ovf { package, .. } => {
                let read = output.is_none()
                    && (file == package.descriptor_name || package.integrity.text(file).is_some());
                if !read {
                    return Err(written(
                        "it is converted from the OVF descriptor: answer the questions, or edit the descriptor",
                    ));
                }
                Ok(SourceFile {
                    path: root.join(file),
                    lines: Vec::new(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::Limits;
    use std::path::Path;

    fn repo(path: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
    }

    #[test]
    fn output_lines_follow_the_source_lines_they_come_from() {
        let before = b"parameters:\n  a: 1\n  b: 2\n";
        let after = b"parameters:\n  a: 1\n  x: 9\n  b: 2\n";
        let map = line_map(before, after);
        assert_eq!(map, [1, 2, 3, 3]);
        let file = SourceFile {
            path: PathBuf::from("base.env"),
            lines: map,
        };
        assert_eq!(file.line(4), 3, "the unchanged line after the added one");
        assert_eq!(file.line(3), 3, "the added line points where it was added");
        assert_eq!(file.line(99), 3, "past the end: the last line");
        let same = SourceFile {
            path: PathBuf::from("base.yaml"),
            lines: Vec::new(),
        };
        assert_eq!(same.line(14), 14);
    }

    #[test]
    fn a_template_of_a_folder_is_on_disk_and_a_written_file_is_not() {
        let folder = repo("tests/fixtures/wizard/dns-needs-work");
        let session = Session::open(&folder, &Limits::default()).unwrap();
        let template = session.source_file("base_dns.yaml", None).unwrap();
        assert_eq!(
            template.path,
            std::path::absolute(&folder).unwrap().join("base_dns.yaml")
        );
        let env = std::fs::read(folder.join("base_dns.env")).unwrap();
        let mut bytes = env.clone();
        bytes.extend_from_slice(b"  dns_image_name: x\n");
        let output = OutputFile {
            path: "base_dns.env".to_owned(),
            bytes,
            role: super::super::FileRole::Environment,
            secrets: Vec::new(),
            source: Some("base_dns.env".to_owned()),
        };
        let environment = session.source_file(&output.path, Some(&output)).unwrap();
        let lines = env.iter().filter(|&&b| b == b'\n').count() as u32;
        assert_eq!(environment.line(lines + 1), lines, "the added entry");
        let answers = OutputFile {
            path: "answers.yaml".to_owned(),
            source: None,
            ..output
        };
        let answers = session
            .source_file(&answers.path, Some(&answers))
            .unwrap_err();
        assert!(
            answers.to_string().contains("written by vnfwiz"),
            "{answers}"
        );
    }

    #[test]
    fn a_composed_file_leads_to_the_template_it_was_composed_from() {
        let folder = repo("tests/fixtures/capabilities/firewall_requires");
        let session = Session::open(&folder, &Limits::default()).unwrap();
        let resolved = session
            .resolve(&crate::session::answers::Answers::default())
            .unwrap();
        let node = resolved
            .files
            .iter()
            .find(|f| f.source.as_deref() == Some("nodes/fw_node_dpdk.yaml"))
            .expect("the chosen node is written");
        assert_ne!(
            node.path, "nodes/fw_node_dpdk.yaml",
            "written flat, renamed"
        );
        let source = session.source_file(&node.path, Some(node)).unwrap();
        assert!(
            source.path.ends_with("nodes/fw_node_dpdk.yaml"),
            "{source:?}"
        );
    }

    #[test]
    fn an_ovf_descriptor_is_edited_where_it_lies_and_its_conversion_is_not() {
        let descriptor = repo("tests/fixtures/convert/sections/network.ovf");
        let session = Session::open(&descriptor, &Limits::default()).unwrap();
        let source = session.source_file("network.ovf", None).unwrap();
        assert_eq!(source.path, std::path::absolute(&descriptor).unwrap());
        assert_eq!(source.line(7), 7);
        let resolved = session.resolve(&crate::session::answers::Answers::default());
        let template = match &resolved {
            Ok(resolved) => resolved.files.first().cloned(),
            Err(_) => None,
        };
        if let Some(template) = template {
            let error = session
                .source_file(&template.path, Some(&template))
                .unwrap_err();
            assert!(error.to_string().contains("converted"), "{error}");
        }
    }

    #[test]
    fn files_inside_an_archive_or_converted_from_ovf_cannot_be_edited() {
        let session =
            Session::open(&repo("assets/samples/vfw-edge.ova"), &Limits::default()).unwrap();
        let error = session.source_file("vfw-edge.ovf", None).unwrap_err();
        assert!(matches!(error, NotOnDisk::InArchive { .. }), "{error}");
        assert!(error.to_string().contains("unpack"), "{error}");
    }
}
