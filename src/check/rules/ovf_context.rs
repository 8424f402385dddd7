//! What an OVF rule sees: the package, its descriptor's name, the envelope when it parsed,
//! the package's integrity report, and the id sets references resolve against, built once
//! per run.

use foldhash::{HashMap, HashSet, HashSetExt};
use std::borrow::Cow;
use std::cell::OnceCell;

use crate::foundation::diagnostics::{LineIndex, Span};
use crate::input::integrity::IntegrityReport;
use crate::model::ovf::sections::FileRef;
use crate::model::ovf::{Envelope, OvfPackage};

/// An OVF package prepared for the rules.
pub struct OvfContext<'a> {
    /// The package.
    pub package: &'a OvfPackage,
    /// The descriptor's package-relative name (where violations point).
    pub file: &'a str,
    /// The envelope, when the descriptor parsed.
    pub envelope: Option<&'a Envelope>,
    /// What the integrity check of the package found.
    pub integrity: &'a IntegrityReport,
    /// References' `File` elements by the package-relative name they resolve to, built on
    /// first use.
    file_elements: OnceCell<HashMap<String, &'a FileRef>>,
    /// The manifest's and certificate's texts with their line starts, built on first use.
    texts: OnceCell<HashMap<&'a str, (Cow<'a, str>, LineIndex)>>,
    /// `File` ids.
    pub file_ids: HashSet<&'a str>,
    /// Disk ids (DiskSection and SharedDiskSections).
    pub disk_ids: HashSet<&'a str>,
    /// Network names.
    pub network_names: HashSet<&'a str>,
    /// Deployment option ids.
    pub configuration_ids: HashSet<&'a str>,
    /// Placement group ids.
    pub placement_group_ids: HashSet<&'a str>,
    /// `ecs:` virtual router ids.
    pub router_ids: HashSet<&'a str>,
    /// `ecs:` resource group ids.
    pub resource_group_ids: HashSet<&'a str>,
}

impl<'a> OvfContext<'a> {
    /// Indexes a package for the rules.
    pub fn new(package: &'a OvfPackage) -> OvfContext<'a> {
        let envelope = package.envelope();
        let mut context = OvfContext {
            package,
            file: &package.descriptor_name,
            envelope,
            integrity: &package.integrity,
            file_elements: OnceCell::new(),
            texts: OnceCell::new(),
            file_ids: HashSet::new(),
            disk_ids: HashSet::new(),
            network_names: HashSet::new(),
            configuration_ids: HashSet::new(),
            placement_group_ids: HashSet::new(),
            router_ids: HashSet::new(),
            resource_group_ids: HashSet::new(),
        };
        if let Some(envelope) = envelope {
            context.file_ids = envelope
                .references
                .iter()
                .map(|f| f.id.value.as_str())
                .collect();
            context.disk_ids = envelope.disks().map(|d| d.disk_id.value.as_str()).collect();
            context.network_names = envelope
                .networks()
                .iter()
                .map(|n| n.name.value.as_str())
                .collect();
            context.configuration_ids = envelope
                .configurations()
                .iter()
                .map(|c| c.id.value.as_str())
                .collect();
            context.placement_group_ids = envelope
                .placement_groups
                .iter()
                .map(|g| g.id.value.as_str())
                .collect();
            context.router_ids = envelope
                .virtual_routers
                .iter()
                .flat_map(|s| s.entries.iter())
                .map(|r| r.id.value.as_str())
                .collect();
            context.resource_group_ids = envelope
                .resource_groups
                .iter()
                .flat_map(|s| s.entries.iter())
                .map(|g| g.id.value.as_str())
                .collect();
        }
        context
    }

    /// The `File` element a stored file belongs to: the one whose href resolves to `name`,
    /// or, for a chunk (`disk.vmdk.000000001`), the chunked File it is part of; an href
    /// that leads outside the package names its File as written.
    pub fn file_element(&self, name: &str) -> Option<&'a FileRef> {
        let elements = self.file_elements.get_or_init(|| {
            self.envelope
                .into_iter()
                .flat_map(|e| e.references.iter())
                .map(|f| {
                    let name = self.package.file_name(f);
                    (name.unwrap_or_else(|| f.href.value.clone()), f)
                })
                .collect()
        });
        if let Some(file) = elements.get(name) {
            return Some(*file);
        }
        let (base, index) = name.rsplit_once('.')?;
        let chunk = index.len() == 9 && index.bytes().all(|b| b.is_ascii_digit());
        elements
            .get(base)
            .copied()
            .filter(|f| chunk && f.chunk_size.is_some())
    }

    /// The span of a whole line of the manifest or certificate named `name` (as the
    /// integrity check read it), when the file has that line.
    pub fn text_line(&self, name: &str, line: u32) -> Option<Span> {
        let texts = self.texts.get_or_init(|| {
            self.integrity
                .texts
                .iter()
                .map(|kept| {
                    let text = String::from_utf8_lossy(&kept.bytes);
                    let index = LineIndex::new(&text);
                    (kept.name.as_str(), (text, index))
                })
                .collect()
        });
        let (text, index) = texts.get(name)?;
        let (start, end) = index.line_bounds(text, line as usize)?;
        Some(Span {
            line,
            column: 1,
            start: u32::try_from(start).ok()?,
            end: u32::try_from(end).ok()?,
        })
    }
}
