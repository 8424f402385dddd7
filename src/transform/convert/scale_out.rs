//! ScaleOutSection → an `OS::Heat::ResourceGroup` whose `count` is a parameter (range
//! from the minimum and maximum, valued with the default) and whose `resource_def` is a
//! nested template holding one copy of the prototype (its ports, volumes and server; for a
//! prototype of several systems, one nested template per system inside it).

use crate::input::yaml::write::{map, string};
use crate::model::hot::parameters::ParameterType;
use crate::model::ovf::ContentKind;
use crate::model::ovf::sections::ScaleOutSection;

use super::draft::{BASE, DraftId, GROUP_TYPE, Parameter, Ref, int};
use super::names::{join, module_text, role};
use super::{Converter, NoteLevel};

const SECTION: &str = "ScaleOutSection";

/// The ScaleOutSection of `collection` that makes `child` a prototype.
pub fn section_for(c: &Converter<'_>, collection: usize, child: usize) -> Option<usize> {
    let envelope = c.envelope;
    let id = &envelope.contents[child].id.value;
    envelope.contents[collection]
        .scale_out
        .iter()
        .position(|s| s.id.value == *id)
}

/// How many virtual systems the content at `index` is or holds.
fn systems(c: &Converter<'_>, index: usize) -> usize {
    let content = &c.envelope.contents[index];
    match content.kind {
        ContentKind::VirtualSystem => 1,
        ContentKind::Collection => content
            .children
            .iter()
            .map(|&child| systems(c, child))
            .sum(),
    }
}

/// Emits the group for prototype `child` of `collection` into `draft`; returns its ID.
pub fn emit(
    c: &mut Converter<'_>,
    collection: usize,
    child: usize,
    draft: DraftId,
    section: usize,
) -> Vec<String> {
    let envelope = c.envelope;
    let section: &ScaleOutSection = &envelope.contents[collection].scale_out[section];
    let prototype = &envelope.contents[child];
    let subject = format!("ScaleOutSection[{}]", section.id.value);
    let members = systems(c, child);
    if members == 0 {
        c.note(
            NoteLevel::Warning,
            SECTION,
            subject,
            "the prototype holds no virtual system, so there is nothing to scale out",
        );
        return Vec::new();
    }
    let mut minimum = section.minimum.unwrap_or(1);
    let mut maximum = section.maximum;
    if let Some(max) = maximum
        && max < minimum
    {
        c.note(
            NoteLevel::Warning,
            SECTION,
            subject.clone(),
            format!("minimum {minimum} is above maximum {max}; the two are swapped"),
        );
        maximum = Some(minimum);
        minimum = max;
    }
    let default = section
        .default
        .unwrap_or(minimum)
        .clamp(minimum, maximum.unwrap_or(u64::MAX));
    let as_int = |n: u64| int(i64::try_from(n).unwrap_or(i64::MAX));
    let mut bounds = vec![("min", as_int(minimum))];
    if let Some(max) = maximum {
        bounds.push(("max", as_int(max)));
    }
    let description = c
        .text(&section.description)
        .unwrap_or_else(|| format!("Number of {} instances", prototype.id.value));
    let mut parameter = Parameter::new(
        ParameterType::Number,
        format!("{description} (ScaleOutSection {})", section.id.value),
    );
    parameter.label = Some(format!("Instances of {}", prototype.id.value));
    parameter.constraints = vec![map([
        ("range", map(bounds)),
        (
            "description",
            string("OVF InstanceCount minimum and maximum"),
        ),
    ])];
    let count = c.out.parameter(
        BASE,
        &join(&[&role(&prototype.id.value, "prototype"), "count"]),
        "count",
        parameter,
    );
    c.out.set_value(&count, as_int(default));
    c.out.group("Scaling", &count);
    let file = nested_file(c, &prototype.id.value);
    let count_value = c.out.reference(draft, &Ref::Param(count));
    let group = c.out.resource(
        draft,
        &join(&[&role(&prototype.id.value, "prototype"), "group"]),
        "group",
        GROUP_TYPE,
        vec![
            ("count", count_value),
            ("resource_def", map([("type", string(file.clone()))])),
        ],
    );
    let nested = c.out.nested(
        draft,
        &group,
        file,
        format!(
            "One instance of {} (scaled out by {group})",
            prototype.label()
        ),
    );
    if members > 1 {
        // ONAP maps a group's file to one VM (R-17528): each system of the prototype gets
        // a file of its own, instantiated from the group's.
        c.split.insert(nested);
    }
    super::virtual_system::emit(c, child, nested);
    vec![group]
}

/// `<module>_<prototype>.yaml` (without `base` or `volume`, R-76057), unique among the
/// templates.
pub fn nested_file(c: &Converter<'_>, prototype: &str) -> String {
    let stem = module_text(&format!("{}_{prototype}", c.module));
    let mut file = format!("{stem}.yaml");
    let mut n = 2;
    while c.out.drafts.iter().any(|d| d.file == file) || c.files.iter().any(|(f, _)| *f == file) {
        file = format!("{stem}_{n}.yaml");
        n += 1;
    }
    file
}
