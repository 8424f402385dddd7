//! A loaded HOT template set: every file, its role, modules, and the references between files.

use std::sync::Arc;

use crate::foundation::diagnostics::Span;
use crate::foundation::limits::Limits;
use crate::input::source::disk_image::DiskImage;
use crate::input::yaml::{Document, LoadError};

use super::classify::NotChecked;
use super::manifest::Manifest;
use super::path_error::ReferenceError;
use super::stage::Stage;

/// Index of a file in [`HotSet::files`].
pub type FileId = usize;

/// What a template is within the VNF, after SDC's rules or `MANIFEST.json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TemplateKind {
    /// The base module (exactly one per VNF).
    Base,
    /// An incremental (add-on) module.
    Incremental,
    /// A volume module (`<module>_volume.yaml`).
    Volume,
    /// A nested template used as a resource type.
    Nested,
}

/// What a file is in the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// A HOT template.
    Template(TemplateKind),
    /// An environment file.
    Environment,
    /// A file pulled in with `get_file`, or any other file of the package.
    Artifact,
    /// SDC's `MANIFEST.json`.
    Manifest,
}

/// One file of the set with its parse result.
#[derive(Debug)]
pub struct SourceFile {
    /// Package-relative path with `/` separators.
    pub path: String,
    /// The bytes as read (templates and env files; empty for unread artifacts).
    pub bytes: Vec<u8>,
    /// What the file is.
    pub role: Role,
    /// The parsed tree, when the file is YAML/JSON and parsed.
    pub document: Option<Arc<Document>>,
    /// Why parsing failed, when it did.
    pub load_error: Option<LoadError>,
}

impl SourceFile {
    /// The text for snippets (lossy when the file is not UTF-8).
    pub fn text(&self) -> std::borrow::Cow<'_, str> {
        // The strict check is several times faster than the lossy walk on the valid UTF-8
        // that every parsed file is; the lossy one is left for files that are not.
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(&self.bytes),
        }
    }

    /// True for templates of any kind.
    pub fn is_template(&self) -> bool {
        matches!(self.role, Role::Template(_))
    }
}

/// A deployable unit: a module template with its environment file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    /// Base, incremental or volume.
    pub kind: TemplateKind,
    /// The module's template.
    pub template: FileId,
    /// Its environment file, when one was found.
    pub env: Option<FileId>,
}

/// How one file points at another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReferenceKind {
    /// A resource `type:` naming a template file.
    NestedType,
    /// A `resource_registry` entry mapping a type to a template file.
    Registry,
    /// A `get_file` argument.
    GetFile,
}

impl ReferenceKind {
    /// How the reference is written, for messages.
    pub fn label(self) -> &'static str {
        match self {
            ReferenceKind::NestedType => "the nested template path",
            ReferenceKind::Registry => "the resource_registry path",
            ReferenceKind::GetFile => "the get_file path",
        }
    }
}

/// A reference from one file to another, with where it is written and where it leads.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The referencing file.
    pub from: FileId,
    /// Where the reference is written.
    pub span: Span,
    /// Dotted key path of the reference.
    pub path: String,
    /// What kind of reference.
    pub kind: ReferenceKind,
    /// The reference as written.
    pub target: String,
    /// The file it leads to, or why it leads nowhere.
    pub resolved: Result<FileId, ReferenceError>,
}

/// A nesting edge: a resource of one template implemented by another template.
#[derive(Clone, Debug, PartialEq)]
pub struct Nesting {
    /// The parent template.
    pub parent: FileId,
    /// The resource name in the parent.
    pub resource: String,
    /// The nested template.
    pub child: FileId,
    /// Where the resource's `type:` (or the registry entry) is written.
    pub span: Span,
    /// The file holding `span` (the parent, or the environment with the registry entry).
    pub written_in: FileId,
}

/// A nesting chain that loops or goes deeper than Heat allows.
#[derive(Clone, Debug, PartialEq)]
pub struct NestingProblem {
    /// The nesting edge that closes the loop or goes too deep.
    pub edge: Nesting,
    /// The chain of template paths from the module root.
    pub chain: Vec<String>,
    /// True for a cycle, false for excess depth.
    pub cycle: bool,
}

/// A file of the package as the folder or archive lists it, read or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageEntry {
    /// Package-relative path with `/` separators.
    pub path: String,
    /// Its size as listed.
    pub size: u64,
    /// The disk or CD image format its extension or first bytes show, if any.
    pub disk_image: Option<DiskImage>,
}

/// Everything loaded from one input: files, modules, references and nesting.
#[derive(Debug)]
pub struct HotSet {
    /// What the operator named (a file, folder or archive).
    pub label: String,
    /// Every file read or referenced.
    pub files: Vec<SourceFile>,
    /// Every file of the folder or archive, read or not (empty for files given one by one).
    pub package: Vec<PackageEntry>,
    /// Modules (base, incremental, volume) with their env files.
    pub modules: Vec<Module>,
    /// Every reference between files.
    pub references: Vec<Reference>,
    /// Nesting edges (resource → nested template).
    pub nesting: Vec<Nesting>,
    /// Cycles and excess depth found while walking the nesting.
    pub nesting_problems: Vec<NestingProblem>,
    /// The parsed `MANIFEST.json`, when the package has one.
    pub manifest: Option<Manifest>,
    /// Every file of the folder or archive, sorted (empty when files were given one by one).
    pub package_files: Vec<String>,
    /// The TripleO `capabilities-map.yaml` of the set (an artifact whose tree is kept).
    pub capabilities_map: Option<FileId>,
    /// True when the files were named one by one (`heat -f t.yaml -e a.env -e b.env`): their
    /// environment files then merge in the order given, later files winning.
    pub given_roots: bool,
    /// Whether the set is being composed or claims to be ready for Heat (decided from its
    /// content when loaded; callers checking a final set set it to [`Stage::HeatReady`]).
    pub stage: Stage,
    /// The limits the set was loaded under.
    pub limits: Limits,
    /// Files that could be Heat by their extension but were not read as Heat, with why
    /// (reported as "not checked", never skipped in silence).
    pub not_checked: Vec<NotChecked>,
    /// Whether the package's YAML files were read as SDC reads an ONAP heat package
    /// (`MANIFEST.json`, or a zip): every `.yaml`/`.yml` not clearly something else is a
    /// template.
    pub sdc_reading: bool,
}

impl HotSet {
    /// Bytes of source in all its files, the measure of how much work checking it is.
    pub fn source_bytes(&self) -> usize {
        self.files.iter().map(|f| f.bytes.len()).sum()
    }

    /// The file with this id.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id]
    }

    /// Replaces a file's text and parses it again (an answer changed an env value, a fix
    /// edited a template). References and nesting are not recomputed: callers that change
    /// `type:` or `get_file` values reload the set.
    pub fn replace_text(&mut self, id: FileId, bytes: Vec<u8>) {
        let file = &mut self.files[id];
        match crate::input::yaml::parse(&bytes, &self.limits.yaml) {
            Ok(document) => {
                file.document = Some(Arc::new(document));
                file.load_error = None;
            }
            Err(error) => {
                file.document = None;
                file.load_error = Some(error);
            }
        }
        file.bytes = bytes;
    }

    /// The id of the file at a package path.
    pub fn find(&self, path: &str) -> Option<FileId> {
        self.files.iter().position(|f| f.path == path)
    }

    /// Keeps `source`'s package around this set, which was loaded from memory out of some
    /// of its files (a fix's edits, onboarding's output in place): every file of the
    /// source's listing this set does not hold is listed beside its own, `removed` ones
    /// excepted, so the rules that judge the package as a whole (its layout, its
    /// `MANIFEST.json`, its images) see the package it was read from. A source without a
    /// listing (files named one by one) leaves this set without one too.
    pub fn keep_listing_of(&mut self, source: &HotSet, removed: &[String]) {
        if source.package_files.is_empty() {
            self.package_files.clear();
            self.package.clear();
            return;
        }
        let gone = |path: &String| removed.contains(path);
        self.package.retain(|e| !gone(&e.path));
        for entry in &source.package {
            if !gone(&entry.path) && self.package.iter().all(|e| e.path != entry.path) {
                self.package.push(entry.clone());
            }
        }
        self.package.sort_by(|a, b| a.path.cmp(&b.path));
        self.package_files.retain(|p| !gone(p));
        self.package_files
            .extend(source.package_files.iter().filter(|p| !gone(p)).cloned());
        self.package_files.sort();
        self.package_files.dedup();
    }
}
