//! VirtualSystem → `OS::Nova::Server` (name, image or boot volume, flavor, ports,
//! volumes, metadata, OVF environment, environment files, placement); collections are
//! walked member by member, scale-out prototypes becoming resource groups.

use crate::input::yaml::Node;
use crate::input::yaml::write::{map, seq, string};
use crate::model::hot::parameters::ParameterType;
use crate::model::ovf::ContentKind;

use super::draft::{BASE, DraftId, Parameter, Ref, boolean, call, get_param};
use super::{Converter, EnvTransport};

/// Emits a system or a collection into `draft`; returns the resources whose creation
/// starts it (what a StartupSection orders).
pub fn emit(c: &mut Converter<'_>, index: usize, draft: DraftId) -> Vec<String> {
    let envelope = c.envelope;
    let content = &envelope.contents[index];
    match content.kind {
        ContentKind::VirtualSystem if c.split.contains(&draft) => own_template(c, index, draft),
        ContentKind::VirtualSystem => server(c, index, draft).into_iter().collect(),
        ContentKind::Collection => {
            let mut members = Vec::new();
            for &child in &content.children {
                let anchors = match super::scale_out::section_for(c, index, child) {
                    Some(section) => super::scale_out::emit(c, index, child, draft, section),
                    None => emit(c, child, draft),
                };
                members.push((child, anchors));
            }
            super::startup::apply(c, index, draft, &members);
            members.into_iter().flat_map(|(_, a)| a).collect()
        }
    }
}

/// Emits a system into a template of its own (`<module>_<vm-type>.yaml`), instantiated
/// by one resource of `draft`; returns that resource.
fn own_template(c: &mut Converter<'_>, system: usize, draft: DraftId) -> Vec<String> {
    let vm = c.vm_type(system);
    let file = super::scale_out::nested_file(c, &vm);
    let id = c
        .out
        .resource(draft, &format!("{vm}_member"), "member", &file, Vec::new());
    let label = c.envelope.contents[system].label();
    let nested = c.out.nested(
        draft,
        &id,
        file,
        format!("{label}, one VM of a scaled-out group"),
    );
    server(c, system, nested);
    vec![id]
}

/// The server's `name`: ONAP supplies it (R-22838), so it is a parameter without a value
/// whose description keeps the OVF's `Name`: `{vm-type}_name_0` in the base template
/// (R-54171), and in a nested template the copy's entry of the base's `{vm-type}_names`
/// list (R-87817), picked by the group's index.
fn name(c: &mut Converter<'_>, system: usize, draft: DraftId, vm: &str) -> Node {
    let envelope = c.envelope;
    let content = &envelope.contents[system];
    let shown = c.text(&content.name).unwrap_or(content.id.value.clone());
    let label = content.label();
    if !c.out.is_nested(draft) {
        let mut declaration = Parameter::new(
            ParameterType::String,
            format!(
                "Name of the VM of {label} (the OVF names it `{shown}`), supplied by ONAP at instantiation"
            ),
        );
        declaration.label = Some(format!("Name of {shown}"));
        let parameter = c
            .out
            .parameter(BASE, &format!("{vm}_name_0"), "name_0", declaration);
        c.out.group(super::identity::SUPPLIED, &parameter);
        return get_param(&parameter);
    }
    let mut declaration = Parameter::new(
        ParameterType::CommaDelimitedList,
        format!(
            "Names of the VMs of {label}, one per copy (the OVF names it `{shown}`), supplied by ONAP at instantiation"
        ),
    );
    declaration.label = Some(format!("Names of {shown}"));
    let names = c
        .out
        .parameter(BASE, &format!("{vm}_names"), "names", declaration);
    c.out.group(super::identity::SUPPLIED, &names);
    let list = c.out.reference(draft, &Ref::Param(names.clone()));
    let list = list
        .get("get_param")
        .and_then(Node::as_str)
        .map_or(names, str::to_owned);
    let index = c.out.reference(draft, &Ref::GroupIndex);
    call("get_param", seq([string(list), index]))
}

/// Nova's default quotas: 5 injected files of at most 10 KiB each.
const INJECTED_FILES: usize = 5;
const INJECTED_FILE_BYTES: usize = 10 * 1024;

/// Warns when the personality files exceed Nova's default quotas (the cloud's may differ).
fn personality_quota(c: &mut Converter<'_>, system: usize, files: &[(String, Node)]) {
    let label = c.envelope.contents[system].label();
    if files.len() > INJECTED_FILES {
        c.note(
            super::NoteLevel::Warning,
            "EnvironmentFilesSection",
            label.clone(),
            format!("{} personality files exceed Nova's default quota of {INJECTED_FILES}; raise injected_files or use ovf_env_transport: user_data", files.len()),
        );
    }
    for (path, content) in files {
        // The document's text before Heat fills in the values: a lower bound of its size.
        let text = content
            .get("str_replace")
            .and_then(|r| r.get("template"))
            .unwrap_or(content)
            .as_str()
            .map_or(0, str::len);
        if text > INJECTED_FILE_BYTES {
            c.note(
                super::NoteLevel::Warning,
                "ProductSection",
                label.clone(),
                format!("`{path}` has at least {text} bytes, beyond Nova's default injected_file_content_bytes of {INJECTED_FILE_BYTES}; raise it or use ovf_env_transport: user_data"),
            );
        }
    }
}

/// Emits one server with everything it needs; `None` when it cannot be sized.
fn server(c: &mut Converter<'_>, system: usize, draft: DraftId) -> Option<String> {
    let hardware = c.hardware.get(&system).cloned()?;
    // Properties first, so their parameters lead the template as the package lists them.
    let product = super::product::server(c, system, draft);
    let vm = c.vm_type(system);
    let flavor = super::virtual_hardware::flavor(c, system, &hardware)?;
    let mut properties: Vec<(&str, Node)> = vec![("name", name(c, system, draft, &vm))];
    properties.push(("flavor", c.out.reference(draft, &Ref::Param(flavor))));
    let disks = super::disk::attach(c, system, draft, &hardware);
    if let Some(image) = disks.image {
        properties.push(("image", image));
    }
    if !disks.block_devices.is_empty() {
        properties.push(("block_device_mapping", seq(disks.block_devices)));
    }
    let networks = super::ethernet_port::ports(c, system, draft, &hardware);
    if !networks.is_empty() {
        properties.push(("networks", seq(networks)));
    }
    if let Some(zone) = super::resource_group::zone(c, system, draft) {
        properties.push(("availability_zone", zone));
    }
    if let Some(hints) = super::placement::hints(c, system, draft) {
        properties.push(("scheduler_hints", hints));
    }
    let mut metadata = super::identity::metadata(c, draft);
    metadata.extend(product.metadata);
    properties.push(("metadata", map(metadata)));
    let files = super::environment_files::server(c, system);
    let mut personality = files.personality;
    let mut user_data = files.user_data;
    if let Some(document) = product.document {
        match c.choices.transport {
            EnvTransport::Personality => {
                personality.insert(0, ("/ovf-env.xml".to_owned(), document));
            }
            EnvTransport::UserData => user_data = Some(document),
            EnvTransport::None => {}
        }
    }
    personality_quota(c, system, &personality);
    let delivers = !personality.is_empty() || user_data.is_some();
    if !personality.is_empty() {
        properties.push(("personality", map(personality)));
    }
    if let Some(data) = user_data {
        properties.push(("user_data", data));
        properties.push(("user_data_format", string("RAW")));
    }
    if delivers {
        // The config drive carries personality files and user data without the
        // metadata service, like the ISO transport of OVF.
        properties.push(("config_drive", boolean(true)));
    }
    Some(c.out.resource(
        draft,
        &format!("{vm}_server_0"),
        "server_0",
        "OS::Nova::Server",
        properties,
    ))
}
