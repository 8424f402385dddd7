//! The `{vm-type}` vocabulary: what ONAP's names say a server's class of VM is, and every
//! `{vm-type}` a VNF's servers name.
//!
//! A server names its `{vm-type}` four ways: its resource id `{vm-type}_server_{index}`
//! (R-29751) and the parameters its `image`, `flavor` and `name` read:
//! `{vm-type}_image_name` (R-58670), `{vm-type}_flavor_name` (R-45188) and
//! `{vm-type}_name_{index}` or `{vm-type}_names` (R-54171, R-87817). The first of these that
//! follows its convention is the server's `{vm-type}`; all of them form the VNF's vocabulary,
//! so a resource id "contains the `{vm-type}`" when it contains any of them (letter case
//! aside: R-46839 and R-32394 judge the case).

use foldhash::{HashMap, HashMapExt};

use aho_corasick::{AhoCorasick, MatchKind};

use crate::foundation::diagnostics::Span;

use crate::check::rules::onap::vocabulary::server::Server;
use crate::check::rules::onap::vocabulary::{parse_index, split_index, stem_before};

/// Which name a `{vm-type}` was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The resource id `{vm-type}_server_{index}`.
    ResourceId,
    /// The `image` parameter `{vm-type}_image_name`.
    Image,
    /// The `flavor` parameter `{vm-type}_flavor_name`.
    Flavor,
    /// The `name` parameter `{vm-type}_name_{index}` or `{vm-type}_names`.
    Name,
}

impl Source {
    /// What the name is, for messages.
    pub fn label(self) -> &'static str {
        match self {
            Source::ResourceId => "resource id",
            Source::Image => "`image` parameter",
            Source::Flavor => "`flavor` parameter",
            Source::Name => "`name` parameter",
        }
    }

    /// The server property the name belongs to (`None` for the resource id).
    pub fn property(self) -> Option<&'static str> {
        match self {
            Source::ResourceId => None,
            Source::Image => Some("image"),
            Source::Flavor => Some("flavor"),
            Source::Name => Some("name"),
        }
    }
}

/// A `{vm-type}` read from one of a server's names.
#[derive(Clone, Copy, Debug)]
pub struct Derivation<'a> {
    /// The `{vm-type}` as written.
    pub vm_type: &'a str,
    /// The name it was read from.
    pub source: Source,
    /// Where that name is written.
    pub span: Span,
}

/// A server `name` parameter, by ONAP's two conventions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameParameter<'n> {
    /// `{vm-type}_name_{index}`, a `string` parameter (R-54171).
    Indexed {
        /// The `{vm-type}`.
        vm_type: &'n str,
        /// The `{index}`.
        index: u64,
    },
    /// `{vm-type}_names`, a `comma_delimited_list` parameter (R-87817).
    List {
        /// The `{vm-type}`.
        vm_type: &'n str,
    },
}

impl<'n> NameParameter<'n> {
    /// Reads a parameter name as either convention.
    pub fn parse(name: &'n str) -> Option<NameParameter<'n>> {
        if let Some(vm_type) = stem_before(name, "_names") {
            return Some(NameParameter::List { vm_type });
        }
        let (stem, index) = split_index(name)?;
        let vm_type = stem_before(stem, "_name")?;
        Some(NameParameter::Indexed { vm_type, index })
    }

    /// The `{vm-type}` part.
    pub fn vm_type(self) -> &'n str {
        match self {
            NameParameter::Indexed { vm_type, .. } | NameParameter::List { vm_type } => vm_type,
        }
    }
}

/// `{vm-type}_server_{index}` read as `({vm-type}, {index})`.
pub fn from_server_id(id: &str) -> Option<(&str, u64)> {
    let (stem, index) = split_index(id)?;
    Some((stem_before(stem, "_server")?, index))
}

/// The `{vm-type}` of an `image` parameter `{vm-type}_image_name`.
pub fn from_image_parameter(name: &str) -> Option<&str> {
    stem_before(name, "_image_name")
}

/// The `{vm-type}` of a `flavor` parameter `{vm-type}_flavor_name`.
pub fn from_flavor_parameter(name: &str) -> Option<&str> {
    stem_before(name, "_flavor_name")
}

/// What is wrong with a `{vm-type}` by R-98407: characters other than ASCII letters, digits
/// and `_`, or one of the strings that mark internal networks.
pub fn problem(vm_type: &str) -> Option<String> {
    if let Some(bad) = vm_type
        .chars()
        .find(|c| !c.is_ascii_alphanumeric() && *c != '_')
    {
        return Some(format!("has the character `{bad}`"));
    }
    // `_int_` contains both of the others, so the two shorter strings decide.
    for marker in ["_int", "int_"] {
        if vm_type.contains(marker) {
            return Some(format!(
                "contains `{marker}`, which marks internal networks"
            ));
        }
    }
    None
}

/// A `{vm-type}` of the VNF, with where it was first named.
#[derive(Clone, Copy, Debug)]
pub struct Known<'a> {
    /// The first spelling seen.
    pub spelling: &'a str,
    /// The server (index into the context's servers) that named it first.
    pub server: usize,
    /// How and where it was named.
    pub first: Derivation<'a>,
}

/// The VNF's `{vm-type}` vocabulary, built once per run from its servers.
#[derive(Debug)]
pub struct VmTypes<'a> {
    per_server: Vec<Vec<Derivation<'a>>>,
    known: Vec<Known<'a>>,
    by_folded: HashMap<String, usize>,
    matcher: Option<AhoCorasick>,
}

impl<'a> VmTypes<'a> {
    /// Reads every server's names.
    pub fn of(servers: &[Server<'a>]) -> VmTypes<'a> {
        let per_server: Vec<Vec<Derivation<'a>>> = servers.iter().map(derivations).collect();
        let mut known = Vec::new();
        let mut by_folded = HashMap::new();
        for (server, found) in per_server.iter().enumerate() {
            for derivation in found {
                by_folded
                    .entry(derivation.vm_type.to_ascii_lowercase())
                    .or_insert_with(|| {
                        known.push(Known {
                            spelling: derivation.vm_type,
                            server,
                            first: *derivation,
                        });
                        known.len() - 1
                    });
            }
        }
        // A failed build (an automaton beyond the crate's size limits) leaves containment
        // to the plain scan in `found_in`; so does a VNF without `{vm-type}`s, whose scan
        // finds nothing at once (building the automaton cost 0.09 M instructions there).
        let matcher = (!known.is_empty())
            .then(|| {
                AhoCorasick::builder()
                    .ascii_case_insensitive(true)
                    .match_kind(MatchKind::Standard)
                    .build(known.iter().map(|k| k.spelling))
                    .ok()
            })
            .flatten();
        VmTypes {
            per_server,
            known,
            by_folded,
            matcher,
        }
    }

    /// The `{vm-type}` readings of one server, resource id first.
    pub fn derivations(&self, server: usize) -> &[Derivation<'a>] {
        self.per_server.get(server).map_or(&[], Vec::as_slice)
    }

    /// The server's `{vm-type}`: the first of its names that follows its convention.
    pub fn of_server(&self, server: usize) -> Option<Derivation<'a>> {
        self.derivations(server).first().copied()
    }

    /// Every `{vm-type}` of the VNF, once each regardless of case, in order of first use.
    pub fn known(&self) -> &[Known<'a>] {
        &self.known
    }

    /// The entry for a `{vm-type}`, compared regardless of case.
    pub fn find(&self, vm_type: &str) -> Option<&Known<'a>> {
        self.by_folded
            .get(&vm_type.to_ascii_lowercase())
            .map(|&at| &self.known[at])
    }

    /// Every occurrence of a `{vm-type}` in `text` regardless of case, overlapping ones
    /// included: byte offset and position in [`VmTypes::known`].
    pub fn found_in(&self, text: &str) -> Vec<(usize, usize)> {
        match &self.matcher {
            Some(matcher) => matcher
                .find_overlapping_iter(text)
                .map(|hit| (hit.start(), hit.pattern().as_usize()))
                .collect(),
            None => {
                let folded = text.to_ascii_lowercase();
                self.known
                    .iter()
                    .enumerate()
                    .flat_map(|(entry, known)| {
                        let pattern = known.spelling.to_ascii_lowercase();
                        folded
                            .match_indices(&pattern)
                            .map(|(at, _)| (at, entry))
                            .collect::<Vec<_>>()
                    })
                    .collect()
            }
        }
    }

    /// The `{vm-type}`s used as whole `_`-separated parts of a name (`vFW` in
    /// `vFW_image_name`): the text as written there and the position in
    /// [`VmTypes::known`].
    pub fn parts_of<'t>(&self, name: &'t str) -> Vec<(&'t str, usize)> {
        self.found_in(name)
            .into_iter()
            .filter_map(|(at, entry)| {
                let end = at + self.known[entry].spelling.len();
                let starts = at == 0 || name.as_bytes()[at - 1] == b'_';
                let ends = end == name.len() || name.as_bytes().get(end) == Some(&b'_');
                (starts && ends).then(|| (&name[at..end], entry))
            })
            .collect()
    }

    /// True when `text` contains some `{vm-type}` of the VNF, regardless of case.
    pub fn contained_in(&self, text: &str) -> bool {
        match &self.matcher {
            Some(matcher) => matcher.is_match(text),
            None => !self.found_in(text).is_empty(),
        }
    }
}

/// Reads the `{vm-type}` out of a parameter name.
type Reader = fn(&str) -> Option<&str>;

/// The `{vm-type}` readings of a server's names, in the order id, image, flavor, name.
pub fn derivations<'a>(server: &Server<'a>) -> Vec<Derivation<'a>> {
    let mut found = Vec::new();
    if let Some((vm_type, _)) = from_server_id(&server.id.text) {
        found.push(Derivation {
            vm_type,
            source: Source::ResourceId,
            span: server.id.span,
        });
    }
    let readers: [(Source, Reader); 3] = [
        (Source::Image, from_image_parameter),
        (Source::Flavor, from_flavor_parameter),
        (Source::Name, |name| {
            NameParameter::parse(name).map(NameParameter::vm_type)
        }),
    ];
    for (source, reader) in readers {
        let Some(property) = source.property() else {
            continue;
        };
        let Some(read) = server.read(property) else {
            continue;
        };
        if let Some(vm_type) = reader(read.name) {
            found.push(Derivation {
                vm_type,
                source,
                span: read.name_node.span,
            });
        }
    }
    found
}

/// `{vm-type}_{index}_…` at the start of a resource id: the `{vm-type}`, its index and the
/// rest (`vfw_0_oam_port_1` → `vfw`, 0, `oam_port_1`). The first numeric part ends the
/// `{vm-type}`, since network roles are the likelier to hold numbers (`sriov_1`).
pub fn split_instance(id: &str) -> Option<(&str, u64, &str)> {
    id.match_indices('_').find_map(|(at, _)| {
        let (digits, rest) = id[at + 1..].split_once('_')?;
        let index = parse_index(digits)?;
        (at > 0 && !rest.is_empty()).then_some((&id[..at], index, rest))
    })
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::vocabulary::vm_type::*;

    #[test]
    fn reads_the_four_names() {
        assert_eq!(from_server_id("vfw_server_0"), Some(("vfw", 0)));
        assert_eq!(from_server_id("pcrf_lb_server_12"), Some(("pcrf_lb", 12)));
        assert_eq!(from_server_id("server_0"), None);
        assert_eq!(from_server_id("vfw_server"), None);
        assert_eq!(from_image_parameter("vdns_image_name"), Some("vdns"));
        assert_eq!(from_image_parameter("image_name"), None);
        assert_eq!(from_flavor_parameter("vdns_flavor_name"), Some("vdns"));
        assert_eq!(
            NameParameter::parse("vlb_name_3"),
            Some(NameParameter::Indexed {
                vm_type: "vlb",
                index: 3
            })
        );
        assert_eq!(
            NameParameter::parse("vlb_names"),
            Some(NameParameter::List { vm_type: "vlb" })
        );
        assert_eq!(NameParameter::parse("vlb_name"), None);
        assert_eq!(NameParameter::parse("name_0"), None);
    }

    #[test]
    fn vm_type_characters_and_internal_markers() {
        assert_eq!(problem("vfw"), None);
        assert_eq!(problem("pcrf_lb2"), None);
        assert!(problem("v-fw").is_some());
        assert!(problem("fw_int").is_some());
        assert!(problem("int_fw").is_some());
        assert!(problem("fw_int_a").is_some());
        assert_eq!(problem("intfw"), None);
    }

    #[test]
    fn instance_prefix() {
        assert_eq!(
            split_instance("vfw_0_oam_port_1"),
            Some(("vfw", 0, "oam_port_1"))
        );
        assert_eq!(
            split_instance("pcrf_lb_2_int_ctrl_vmi_0"),
            Some(("pcrf_lb", 2, "int_ctrl_vmi_0"))
        );
        assert_eq!(split_instance("vfw_server_0"), None);
        assert_eq!(split_instance("0_oam_port_0"), None);
    }
}
