//! What a fix is: edits that answer one violation, with a title and how safe they are.

use std::fmt;

use serde::Serialize;

use super::edit::Edit;

/// Whether a fix keeps what the set means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Safety {
    /// The set deploys exactly as before (a value moved, a section added, a version spelled
    /// as its date).
    Safe,
    /// Names or content change: the operator must look (a rename, a removed parameter, a
    /// dropped duplicate).
    Review,
}

impl Safety {
    /// `safe` or `review`.
    pub fn as_str(self) -> &'static str {
        match self {
            Safety::Safe => "safe",
            Safety::Review => "review",
        }
    }
}

impl fmt::Display for Safety {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which fixes a headless run applies (`--fix`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FixLevel {
    /// None (only the ones an answers file records).
    #[default]
    None,
    /// Every `safe` fix.
    Safe,
    /// Every fix, `review` ones included (fixes that need the operator's text excepted).
    All,
}

impl FixLevel {
    /// Whether fixes of this safety are applied at this level.
    pub fn admits(self, safety: Safety) -> bool {
        match self {
            FixLevel::None => false,
            FixLevel::Safe => safety == Safety::Safe,
            FixLevel::All => true,
        }
    }

    /// Parses `none`, `safe` or `all`.
    pub fn parse(text: &str) -> Option<FixLevel> {
        match text {
            "none" => Some(FixLevel::None),
            "safe" => Some(FixLevel::Safe),
            "all" => Some(FixLevel::All),
            _ => None,
        }
    }
}

/// A path prefix that a fix renames (`resources.vfw-server` → `resources.vfw_server`), so
/// findings that only moved with it are not taken for new ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathMove {
    /// The file whose key paths change.
    pub file: String,
    /// The old prefix.
    pub from: String,
    /// The new prefix.
    pub to: String,
}

impl PathMove {
    /// The path after the move, when `path` of `file` starts with the old prefix.
    pub fn apply(&self, file: &str, path: &str) -> Option<String> {
        if file != self.file {
            return None;
        }
        if path == self.from {
            return Some(self.to.clone());
        }
        let rest = path.strip_prefix(&self.from)?;
        rest.starts_with('.').then(|| format!("{}{rest}", self.to))
    }
}

/// Edits that answer one violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The rule whose violation it answers.
    pub rule: &'static str,
    /// One line saying what it does.
    pub title: String,
    /// Whether the set's meaning is kept.
    pub safety: Safety,
    /// The edits, in any order; they must not overlap.
    pub edits: Vec<Edit>,
    /// Key paths the fix renames.
    pub moves: Vec<PathMove>,
    /// Structure the fix creates (a file, a section): two fixes of one round that create the
    /// same thing cannot both apply.
    pub claims: Vec<String>,
    /// Texts never shown in a preview (values of hidden parameters).
    pub secrets: Vec<String>,
    /// The operator's text the fix writes (a description), recorded in the answers.
    pub text: Option<String>,
}

impl Fix {
    /// A fix with edits and nothing else.
    pub fn new(
        rule: &'static str,
        title: impl Into<String>,
        safety: Safety,
        edits: Vec<Edit>,
    ) -> Fix {
        Fix {
            rule,
            title: title.into(),
            safety,
            edits,
            moves: Vec::new(),
            claims: Vec::new(),
            secrets: Vec::new(),
            text: None,
        }
    }

    /// True when two fixes cannot apply in one round: they edit the same bytes or create the
    /// same thing.
    pub fn conflicts(&self, other: &Fix) -> bool {
        self.claims.iter().any(|c| other.claims.contains(c))
            || self
                .edits
                .iter()
                .any(|a| other.edits.iter().any(|b| a.overlaps(b)))
    }

    /// The files the fix edits or creates, each once, in order.
    pub fn files(&self) -> Vec<&str> {
        let mut files: Vec<&str> = Vec::new();
        for edit in &self.edits {
            if !files.contains(&edit.file.as_str()) {
                files.push(&edit.file);
            }
        }
        files
    }
}

/// What the fix of a violation is, as far as it can be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offer {
    /// The fix, ready to preview and apply.
    Ready(Fix),
    /// The fix writes text only the operator can give (a description): ask, then offer
    /// again with it.
    NeedsText {
        /// What the fix will do.
        title: String,
        /// What to ask.
        prompt: String,
    },
    /// No fix here, and why.
    Unavailable(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_admit_safeties() {
        assert!(FixLevel::Safe.admits(Safety::Safe));
        assert!(!FixLevel::Safe.admits(Safety::Review));
        assert!(FixLevel::All.admits(Safety::Review));
        assert!(!FixLevel::None.admits(Safety::Safe));
        assert_eq!(FixLevel::parse("all"), Some(FixLevel::All));
        assert_eq!(FixLevel::parse("most"), None);
    }

    #[test]
    fn moves_rename_path_prefixes_only_at_a_step() {
        let m = PathMove {
            file: "a.yaml".into(),
            from: "resources.vfw-server".into(),
            to: "resources.vfw_server".into(),
        };
        assert_eq!(
            m.apply("a.yaml", "resources.vfw-server.properties.image")
                .as_deref(),
            Some("resources.vfw_server.properties.image")
        );
        assert_eq!(
            m.apply("a.yaml", "resources.vfw-server").as_deref(),
            Some("resources.vfw_server")
        );
        assert_eq!(m.apply("a.yaml", "resources.vfw-server-2"), None);
        assert_eq!(m.apply("b.yaml", "resources.vfw-server"), None);
    }

    #[test]
    fn fixes_conflict_on_bytes_or_claims() {
        let a = Fix::new("R-1", "a", Safety::Safe, vec![Edit::delete("f", 0..4)]);
        let mut b = Fix::new("R-1", "b", Safety::Safe, vec![Edit::delete("f", 4..8)]);
        assert!(!a.conflicts(&b));
        b.edits.push(Edit::insert("f", 2, "x"));
        assert!(a.conflicts(&b));
        let mut c = Fix::new("R-2", "c", Safety::Safe, vec![Edit::insert("g", 0, "x")]);
        let mut d = Fix::new("R-2", "d", Safety::Safe, vec![Edit::insert("g", 0, "y")]);
        assert!(!c.conflicts(&d));
        c.claims.push("g.env".into());
        d.claims.push("g.env".into());
        assert!(c.conflicts(&d));
    }
}
