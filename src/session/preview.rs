//! The output files as the faces preview them: each file's text with every hidden value
//! masked by the one secret policy (`hot::secrets`, through the set's own texts), in the
//! order the wizard's Files tab lists them.

use crate::foundation::diagnostics::SourceTexts;

use super::environment::module_envs;
use super::resolve::{FileRole, OutputFile, Resolved};
use crate::model::hot::TemplateKind;

/// An output file's text as the faces preview it, hidden values masked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilePreview {
    /// What the file is.
    pub role: FileRole,
    /// What the file is, in a word or two: `template`, `environment`, `incremental module`,
    /// `volume module`, `module environment`, `nested`, `artifact` or `answers` (a module
    /// is no nested template).
    pub what: &'static str,
    /// Its path below the output folder.
    pub path: String,
    /// Its text.
    pub text: String,
}

impl Resolved {
    /// Every text output file as the faces preview it: the base template and its
    /// environment first, then the other modules' files, the answers file last (it is no
    /// file of the set and holds no secret: its own text). Files that are not UTF-8 are
    /// left out.
    pub fn previews(&self) -> Vec<FilePreview> {
        let modules = module_envs(&self.set);
        let what = |file: &OutputFile| match file.role {
            FileRole::Template => "template",
            FileRole::Environment => "environment",
            FileRole::Artifact => "artifact",
            FileRole::Answers => "answers",
            FileRole::Nested => match modules
                .iter()
                .find(|(t, e, _)| *t == file.path || *e == file.path)
            {
                Some((_, env, _)) if *env == file.path => "module environment",
                Some((_, _, TemplateKind::Volume)) => "volume module",
                Some((_, _, TemplateKind::Base)) => "template",
                Some(_) => "incremental module",
                None => "nested",
            },
        };
        let mut previews: Vec<FilePreview> = self
            .files
            .iter()
            .filter(|f| std::str::from_utf8(&f.bytes).is_ok())
            .filter_map(|f| {
                let text = if f.role == FileRole::Answers {
                    String::from_utf8_lossy(&f.bytes).into_owned()
                } else {
                    self.set.text(&f.path)?.into_owned()
                };
                Some(FilePreview {
                    role: f.role,
                    what: what(f),
                    path: f.path.clone(),
                    text,
                })
            })
            .collect();
        previews.sort_by_key(|p| rank(p.role));
        previews
    }
}

/// Where a preview of a file of this role comes.
pub(super) fn rank(role: FileRole) -> u8 {
    match role {
        FileRole::Template => 0,
        FileRole::Environment => 1,
        FileRole::Nested => 2,
        FileRole::Artifact => 3,
        FileRole::Answers => 4,
    }
}

#[cfg(test)]
mod tests {
    use crate::foundation::limits::Limits;
    use crate::session::Session;
    use crate::session::answers::Answers;
    use std::path::Path;

    #[test]
    fn an_incremental_module_is_called_one_not_nested() {
        let folder =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wizard/dns-two-modules");
        let session = Session::open(&folder, &Limits::default()).unwrap();
        let resolved = session.resolve(&Answers::default()).unwrap();
        let what: Vec<(String, &str)> = resolved
            .previews()
            .into_iter()
            .map(|p| (p.path, p.what))
            .collect();
        assert_eq!(
            what,
            [
                ("base_dns.yaml".to_owned(), "template"),
                ("base_dns.env".to_owned(), "environment"),
                ("dns_expansion.env".to_owned(), "module environment"),
                ("dns_expansion.yaml".to_owned(), "incremental module"),
                ("answers.yaml".to_owned(), "answers"),
            ]
        );
    }
}
