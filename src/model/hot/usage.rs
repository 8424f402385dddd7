//! Where a template reads each of its parameters: every `get_param` call, indexed by the
//! parameter name and the top-level section it sits in.

use foldhash::{HashMap, HashMapExt};

use super::functions::Call;
use crate::input::yaml::{Key, Node};

/// The top-level section a `get_param` call sits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UseSection {
    /// Anywhere inside a resource definition (properties, metadata, its `condition:` …).
    Resources,
    /// Anywhere inside an output definition.
    Outputs,
    /// The `conditions:` section.
    Conditions,
}

impl UseSection {
    /// The section of a call, from the first step of its key path.
    fn of(call: &Call<'_>) -> Option<UseSection> {
        let section = call.path.split('.').next()?;
        match section {
            "resources" => Some(UseSection::Resources),
            "outputs" => Some(UseSection::Outputs),
            "conditions" => Some(UseSection::Conditions),
            _ => None,
        }
    }
}

/// One read of a parameter.
#[derive(Clone, Copy, Debug)]
pub struct ParameterUse<'c, 'a> {
    /// The section the read sits in.
    pub section: UseSection,
    /// The `get_param` call.
    pub call: &'c Call<'a>,
}

/// The name a `get_param` call reads: its argument, or the first item of its argument list.
/// `None` for other functions and for names computed at run time.
pub fn parameter_read<'a>(call: &Call<'a>) -> Option<&'a str> {
    if call.function() != "get_param" {
        return None;
    }
    parameter_argument(call.args)?.as_str()
}

/// When `node` is `{get_param: <name>}` or `{get_param: [<name>, …]}`, the node holding the
/// name (a string); `None` for anything else.
pub fn read_parameter(node: &Node) -> Option<&Node> {
    direct_read(node).map(|read| read.name_node)
}

/// The name node of `get_param`'s arguments: the argument, or the first item of a list.
fn parameter_argument(args: &Node) -> Option<&Node> {
    let name = match args.as_seq() {
        Some(items) => items.first()?,
        None => args,
    };
    name.as_str().is_some().then_some(name)
}

/// A value written as one `get_param` call: `{get_param: name}` or, for a list parameter read
/// at a position, `{get_param: [name, index, ...]}`.
#[derive(Clone, Copy, Debug)]
pub struct DirectRead<'a> {
    /// The `get_param` key (where a call is reported as a whole).
    pub key: &'a Key,
    /// The parameter name.
    pub name: &'a str,
    /// The node holding the name (where a misnamed parameter is reported).
    pub name_node: &'a Node,
    /// True when the call reads an item of the parameter (`[name, index]`).
    pub indexed: bool,
    /// The arguments after the name, for an indexed read.
    pub path: &'a [Node],
}

/// The parameter a value reads when the value is exactly one `get_param` call with a plain
/// name; `None` for literals, other functions and computed names.
pub fn direct_read(value: &Node) -> Option<DirectRead<'_>> {
    let map = value.as_map()?;
    if map.len() != 1 {
        return None;
    }
    let key = map.key("get_param")?;
    let args = map.get("get_param")?;
    match args.as_seq() {
        Some([first, path @ ..]) => Some(DirectRead {
            key,
            name: first.as_str()?,
            name_node: first,
            indexed: !path.is_empty(),
            path,
        }),
        Some([]) => None,
        None => Some(DirectRead {
            key,
            name: args.as_str()?,
            name_node: args,
            indexed: false,
            path: &[],
        }),
    }
}

/// Every parameter read of one template, by parameter name.
#[derive(Debug, Default)]
pub struct ParameterUsage<'c, 'a> {
    by_name: HashMap<&'a str, Vec<ParameterUse<'c, 'a>>>,
}

impl<'c, 'a> ParameterUsage<'c, 'a> {
    /// Indexes the `get_param` calls among a template's calls.
    pub fn of(calls: &'c [Call<'a>]) -> ParameterUsage<'c, 'a> {
        let mut by_name: HashMap<&'a str, Vec<ParameterUse<'c, 'a>>> = HashMap::new();
        for call in calls {
            let (Some(name), Some(section)) = (parameter_read(call), UseSection::of(call)) else {
                continue;
            };
            by_name
                .entry(name)
                .or_default()
                .push(ParameterUse { section, call });
        }
        ParameterUsage { by_name }
    }

    /// Every read of `name`, in source order.
    pub fn uses(&self, name: &str) -> &[ParameterUse<'c, 'a>] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::limits::YamlLimits;
    use crate::input::yaml::parse;
    use crate::model::hot::functions::calls;
    use crate::model::hot::set::{Role, SourceFile, TemplateKind};
    use crate::model::hot::template::Template;

    fn file(text: &str) -> SourceFile {
        let document = parse(text.as_bytes(), &YamlLimits::default())
            .ok()
            .map(Into::into);
        SourceFile {
            path: "base.yaml".to_owned(),
            bytes: text.as_bytes().to_vec(),
            role: Role::Template(TemplateKind::Base),
            document,
            load_error: None,
        }
    }

    #[test]
    fn indexes_reads_by_name_and_section() {
        let file = file(
            "heat_template_version: 2017-09-01\n\
             parameters: {a: {type: string}, b: {type: string}, c: {type: string}}\n\
             conditions:\n  is_c: {equals: [{get_param: c}, x]}\n\
             resources:\n  r:\n    type: OS::Nova::Server\n    properties:\n      \
             name: {get_param: [a, 0]}\n      image: {get_param: a}\n\
             outputs:\n  o: {value: {get_param: b}}\n",
        );
        let root = file
            .document
            .as_ref()
            .and_then(|d| d.root.as_map())
            .expect("test template is a map");
        let template = Template {
            id: 0,
            file: &file,
            root,
            kind: TemplateKind::Base,
        };
        let calls = calls(&template);
        let usage = ParameterUsage::of(&calls);
        let sections = |name: &str| -> Vec<UseSection> {
            usage.uses(name).iter().map(|u| u.section).collect()
        };
        assert_eq!(
            sections("a"),
            [UseSection::Resources, UseSection::Resources]
        );
        assert_eq!(sections("b"), [UseSection::Outputs]);
        assert_eq!(sections("c"), [UseSection::Conditions]);
        assert!(sections("d").is_empty());
    }
}
