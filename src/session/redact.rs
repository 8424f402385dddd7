//! The resolved set as reports show it: file texts for snippets, with every secret value
//! of an environment file masked, so a finding near a password never prints it.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::diagnostics::SourceTexts;
use crate::hot::HotSet;
use crate::hot::secrets::mask_values;

use super::resolve::Resolved;

/// A set's texts with secrets masked by `*` (line breaks kept, so places stay right).
pub struct RedactedSet {
    set: HotSet,
    masked: HashMap<String, String>,
}

impl RedactedSet {
    /// Masks the secrets each output file records.
    pub fn new(resolved: Resolved) -> (RedactedSet, Vec<crate::diagnostics::Violation>) {
        let Resolved {
            set,
            files,
            violations,
            ..
        } = resolved;
        let mut masked = HashMap::new();
        for file in files.iter().filter(|f| !f.secrets.is_empty()) {
            let Some(id) = set.find(&file.path) else {
                continue;
            };
            let Some(root) = set.files[id].document.as_ref().map(|d| &d.root) else {
                continue;
            };
            let bytes = mask_values(
                &set.files[id].bytes,
                root,
                file.secrets.iter().map(String::as_str),
            );
            masked.insert(
                file.path.clone(),
                String::from_utf8_lossy(&bytes).into_owned(),
            );
        }
        (RedactedSet { set, masked }, violations)
    }
}

impl SourceTexts for RedactedSet {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        match self.masked.get(file) {
            Some(text) => Some(Cow::Borrowed(text)),
            None => self.set.text(file),
        }
    }

    fn file_count(&self) -> usize {
        self.set.file_count()
    }
}
