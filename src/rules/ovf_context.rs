//! What an OVF rule sees: the package, its descriptor's name, the envelope when it parsed,
//! and the id sets references resolve against, built once per run.

use std::collections::HashSet;

use crate::ovf::{Envelope, OvfPackage};

/// An OVF package prepared for the rules.
pub struct OvfContext<'a> {
    /// The package.
    pub package: &'a OvfPackage,
    /// The descriptor's package-relative name (where violations point).
    pub file: &'a str,
    /// The envelope, when the descriptor parsed.
    pub envelope: Option<&'a Envelope>,
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
}
