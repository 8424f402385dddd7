//! OVF-duplicate-id: ids, names and keys are unique where DSP0243 says so.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta, Span};
use crate::model::ovf::Located;
use crate::model::ovf::sections::EcsSection;

/// A second File, Disk, Network, Configuration, system, group or property with the same id.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-duplicate-id",
        keyword: Keyword::Must,
        section: "OVF descriptor",
        summary: "File ids and hrefs, disk ids and contents, network names, configuration ids, system ids, placement and ecs ids, ProductSection class and instance, property keys and item InstanceIDs (per option and bound) are unique.",
        why: "References resolve by id; with two candidates one of them silently wins, so the \
              deployment uses a different disk, network or value than the reader expects.",
        fix: "Rename one of the two (and the references meant for it), or delete the copy.",
    },
    check: Check::Ovf(check),
};

/// Reports each id seen before in the same group.
fn unique<'a>(
    context: &OvfContext<'_>,
    findings: &mut Findings<'_>,
    what: &str,
    ids: impl Iterator<Item = &'a Located<String>>,
) {
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for id in ids {
        if let Some(first) = seen.get(id.value.as_str()) {
            findings
                .report_at(
                    context.file,
                    id.span,
                    what,
                    format!("{what} `{}` is defined twice", id.value),
                )
                .also(context.file, *first, "first defined here");
        } else {
            seen.insert(&id.value, id.span);
        }
    }
}

/// The entries of every section of one ecs kind.
fn entries<T>(sections: &[EcsSection<T>]) -> impl Iterator<Item = &T> {
    sections.iter().flat_map(|s| s.entries.iter())
}

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    // Each group's ids, in the order the groups are reported.
    let groups: [(&str, Vec<&Located<String>>); 10] = [
        (
            "file id",
            envelope.references.iter().map(|f| &f.id).collect(),
        ),
        ("disk id", envelope.disks().map(|d| &d.disk_id).collect()),
        (
            "network",
            envelope.networks().iter().map(|n| &n.name).collect(),
        ),
        (
            "deployment option",
            envelope.configurations().iter().map(|c| &c.id).collect(),
        ),
        (
            "system id",
            envelope.contents.iter().map(|c| &c.id).collect(),
        ),
        (
            "placement group",
            envelope.placement_groups.iter().map(|g| &g.id).collect(),
        ),
        (
            "virtual router",
            entries(&envelope.virtual_routers).map(|r| &r.id).collect(),
        ),
        (
            "router interface",
            entries(&envelope.router_interfaces)
                .map(|r| &r.id)
                .collect(),
        ),
        (
            "resource group",
            entries(&envelope.resource_groups).map(|g| &g.id).collect(),
        ),
        (
            "file href",
            envelope.references.iter().map(|f| &f.href).collect(),
        ),
    ];
    for (what, ids) in groups {
        unique(context, findings, what, ids.into_iter());
    }
    disk_contents(context, findings);
    product_sections(context, findings);
    property_keys(context, findings);
    instance_ids(context, findings);
}

/// One File is the content of one disk: two disks made from one image would share it.
fn disk_contents(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    let mut seen: HashMap<&str, Span> = HashMap::new();
    for file_ref in envelope.disks().filter_map(|d| d.file_ref.as_ref()) {
        if let Some(first) = seen.get(file_ref.value.as_str()) {
            findings
                .report_at(
                    context.file,
                    file_ref.span,
                    "disk content",
                    format!("file `{}` is the content of two disks", file_ref.value),
                )
                .also(context.file, *first, "first used here");
        } else {
            seen.insert(&file_ref.value, file_ref.span);
        }
    }
}

/// A system or collection has one ProductSection per class and instance: the guest tells
/// their properties apart by them.
fn product_sections(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for content in &envelope.contents {
        let mut seen: HashMap<(Option<&str>, Option<&str>), Span> = HashMap::new();
        for product in &content.products {
            let key = (product.class.as_deref(), product.instance.as_deref());
            if let Some(first) = seen.get(&key) {
                findings
                    .report_at(
                        context.file,
                        product.span,
                        content.label(),
                        format!(
                            "{} has two ProductSections with ovf:class `{}` and ovf:instance `{}`",
                            content.label(),
                            key.0.unwrap_or(""),
                            key.1.unwrap_or("")
                        ),
                    )
                    .also(context.file, *first, "the other ProductSection");
            } else {
                seen.insert(key, product.span);
            }
        }
    }
}

/// Full keys (`class.key.instance`) are what the guest sees in its environment, so they
/// must not repeat within one system or collection.
fn property_keys(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for content in &envelope.contents {
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for property in content.products.iter().flat_map(|p| p.properties.iter()) {
            if let Some(first) = seen.get(property.full_key.as_str()) {
                findings
                    .report_at(
                        context.file,
                        property.key.span,
                        &property.full_key,
                        format!(
                            "property `{}` is defined twice in {}",
                            property.full_key,
                            content.label()
                        ),
                    )
                    .also(context.file, *first, "first defined here");
            } else {
                seen.insert(&property.full_key, property.key.span);
            }
        }
    }
}

/// Items sharing an InstanceID are alternatives only when no option selects both.
fn instance_ids(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    for (owner, section) in super::hardware_sections(context) {
        let mut seen: HashMap<&str, Vec<&crate::model::ovf::sections::Item>> = HashMap::new();
        for item in &section.items {
            let Some(id) = &item.instance_id else {
                continue;
            };
            let earlier = seen.entry(id.value.as_str()).or_default();
            let clash = earlier.iter().find(|other| overlap(other, item));
            if let Some(other) = clash {
                let first = other.instance_id.as_ref().map_or(other.span, |i| i.span);
                findings
                    .report_at(
                        context.file,
                        id.span,
                        &owner,
                        format!(
                            "InstanceID `{}` is used by two items that apply to the same deployment option",
                            id.value
                        ),
                    )
                    .also(context.file, first, "the other item");
            }
            earlier.push(item);
        }
    }
}

fn overlap(a: &crate::model::ovf::sections::Item, b: &crate::model::ovf::sections::Item) -> bool {
    // `ovf:bound` min, max and normal items of one InstanceID describe one range.
    if a.bound_kind() != b.bound_kind() {
        return false;
    }
    match (&a.configurations, &b.configurations) {
        (None, None) => true,
        // The item naming fewer options wins (OVF-dialect/option-override).
        (Some(x), Some(y)) if x.len() != y.len() => false,
        (Some(x), Some(y)) => x.iter().any(|c| y.iter().any(|d| d.value == c.value)),
        _ => false,
    }
}
