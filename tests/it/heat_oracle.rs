//! Heat itself agrees (issue 24 §5): the `heat` profile's verdict on each template matches
//! what openstack-heat 27.0.1 decides offline (tests/heat/check.py: template-validate as
//! the API runs it, then the checks `stack create` makes before it asks any cloud), template
//! by template, over every HOT fixture set and (with `VNFWIZ_CORPUS`) the corpus.
//!
//! A template is refused by Heat when Heat refuses it or a nested template it pulls in (the
//! nested stack is created with it); by vnfwiz when the `heat` profile reports an error in
//! it, in its environment file or in such a nested template. Warnings are not refusals: they
//! mark where vnfwiz is stricter than Heat (docs/decisions.md). Known differences are listed
//! below with their reason; a difference not listed fails the test, and so does a listed one
//! that is gone. `VNFWIZ_HEAT_SETS` (folders joined by `:`) prints the comparison on other
//! sets (ONAP's demo VNFs) without judging it; `VNFWIZ_HEAT_VERBOSE=1` prints every
//! difference, known ones included.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::corpus_hot::corpus_sets;
use crate::support::heat::{Job, Verdict, heat};
use crate::support::rule_sets::{fixtures_root, materialise_all};
use vnfwiz::check::rules::Profiles;
use vnfwiz::check::validation::validate_as;
use vnfwiz::foundation::diagnostics::{InputRoot, Options, Severity};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::model::hot::{FileId, HotSet, Stage};
use vnfwiz::model::open::{Loaded, open};

/// Contrail's Heat plugin is not on PyPI: the oracle's Contrail types take anything.
const CONTRAIL: &str = "Contrail types are stubs in the oracle, taking any property";
/// vnfwiz reads a set's environment files as deployed together.
const OTHER_ENVIRONMENTS: &str = "vnfwiz takes the set's other environment files as deployed \
     with it (a registry mapping the type); the oracle gives Heat the environment named after \
     the template only";
/// Heat checks a group member's values when it creates the group's nested stack.
const GROUP_MEMBER: &str = "Heat checks a group member's properties with their values when it \
     creates the group's nested stack, after the stack's validation, where the oracle stops";
/// Heat reads a nested template's outputs when the resource is created.
const NESTED_OUTPUT: &str = "Heat looks a nested template's output up when the resource is \
     created (the stack then fails), after the validation the oracle runs";
/// Nesting depth counts from the module.
const DEPTH: &str = "the depth is counted from the module nesting the tiers; alone, a tier \
     nests less deep than Heat's limit";
/// Tacker's layout of nested templates.
const TACKER_LAYOUT: &str = "a nested template under nested/ named by its bare file name, as \
     Tacker hands it to Heat; Heat alone does not find it";
/// vnfwiz checks literal parameter names only.
const COMPUTED_NAME: &str = "a parameter name computed with list_join names an undeclared \
     parameter; vnfwiz does not compute names";
/// vnfwiz does not convert values passed to a nested template's parameters.
const NESTED_VALUE: &str = "a literal passed to a nested template's parameter that Heat cannot \
     convert to its type (numbers for a comma_delimited_list, text that is no JSON)";

/// Fixture templates where the two verdicts differ, relative to `tests/fixtures/`, and why.
const KNOWN_FIXTURES: &[(&str, &str)] = &[
    (
        "rules/CAP-ambiguous/fail_alternatives/base_mme.yaml",
        OTHER_ENVIRONMENTS,
    ),
    ("rules/CAP-map/fail/base_cdn.yaml", OTHER_ENVIRONMENTS),
    ("rules/CAP-map/pass/base_cdn.yaml", OTHER_ENVIRONMENTS),
    ("rules/R-100310/fail_not_exempt/base_vdbe.yaml", CONTRAIL),
    (
        "rules/R-100350/fail_property_level/base_vdbe.yaml",
        CONTRAIL,
    ),
    ("rules/R-10834/fail_list/base_vfw.yaml", NESTED_VALUE),
    ("rules/R-11041/fail/vdns_scaling.yaml", GROUP_MEMBER),
    ("rules/R-50436/fail/base_vlb.yaml", NESTED_VALUE),
    ("rules/R-50436/fail/vlb_scale.yaml", NESTED_VALUE),
    ("rules/R-511776/fail/vdns_scaling.yaml", TACKER_LAYOUT),
    (
        "rules/R-589037/fail_nested/vdns_scaling_volume.yaml",
        GROUP_MEMBER,
    ),
    (
        "rules/R-62983/fail_literal_kinds/base_vfw.yaml",
        COMPUTED_NAME,
    ),
    (
        "rules/R-92635/attribute-reference/fail/base_dns.yaml",
        NESTED_OUTPUT,
    ),
    ("rules/R-92635/nested-depth/fail/tier_1.yaml", DEPTH),
    ("rules/R-92635/nested-depth/fail/tier_2.yaml", DEPTH),
    ("rules/R-92635/nested-depth/fail/tier_3.yaml", DEPTH),
    ("rules/R-92635/nested-depth/fail/tier_4.yaml", DEPTH),
    ("rules/R-92635/nested-depth/fail/tier_5.yaml", DEPTH),
    (
        "rules/R-92635/required-property/fail_contrail/base_vfw.yaml",
        CONTRAIL,
    ),
    (
        "rules/R-92635/unknown-property/fail_contrail/base_vmme.yaml",
        CONTRAIL,
    ),
];

/// Heat judges an expiration date against the clock.
const EXPIRED: &str = "an `expiration` date now in the past (Heat's `expiration` constraint \
     reads the clock; vnfwiz does not judge dates)";

/// Corpus templates where the two verdicts differ, relative to `$VNFWIZ_CORPUS/hot/`, and
/// why (a trailing `*` covers every template whose name starts with the rest).
const KNOWN_CORPUS: &[(&str, &str)] = &[
    (
        "openstack-heat-templates/barbican_container_generic/container_generic.yaml",
        EXPIRED,
    ),
    (
        "openstack-heat-templates/barbican_container_generic/secret.yaml",
        EXPIRED,
    ),
    (
        "openstack-heat-templates/sc_atomic_docker_compose/example-pristine-atomic-docker-compose.yaml",
        OTHER_ENVIRONMENTS,
    ),
    ("openstack-tacker/*", TACKER_LAYOUT),
    (
        "tripleo-heat-templates/liberty_2015-12_overcloud/*",
        OTHER_ENVIRONMENTS,
    ),
    (
        "tripleo-heat-templates/mitaka_overcloud_base/*",
        OTHER_ENVIRONMENTS,
    ),
    (
        "tripleo-heat-templates/mitaka_overcloud_choices/*",
        OTHER_ENVIRONMENTS,
    ),
];

/// One template: where it is, and what each side decided.
struct Compared {
    /// Path relative to the folder the sets were found under.
    name: String,
    /// Heat refused it (or a nested template it pulls in): at which stage, and why.
    heat: Option<String>,
    /// The `heat` profile's errors in it, its environment and the nested templates.
    vnfwiz: Vec<String>,
}

impl Compared {
    fn agrees(&self) -> bool {
        let vnfwiz_refuses = !self.vnfwiz.is_empty();
        self.heat.is_some() == vnfwiz_refuses
    }

    fn describe(&self) -> String {
        let heat = self.heat.as_deref().unwrap_or("accepted");
        let vnfwiz = if self.vnfwiz.is_empty() {
            "no error".to_owned()
        } else {
            self.vnfwiz.join("; ")
        };
        format!("{}\n    Heat: {heat}\n    vnfwiz: {vnfwiz}", self.name)
    }
}

/// A set's templates, each with its environment file and the templates it nests (at any
/// depth), and the `heat` profile's errors by file.
struct SetJobs {
    root: PathBuf,
    templates: Vec<SetTemplate>,
    errors: HashMap<String, Vec<String>>,
}

/// One template of a set, by its path in the set.
struct SetTemplate {
    path: String,
    env: Option<String>,
    nested: Vec<String>,
}

/// Loads a set and runs the `heat` profile on it as given to Heat (`--heat-ready`: a
/// composition annotation is an error); `None` for an input that is not HOT.
fn set_jobs(dir: &Path) -> Option<SetJobs> {
    let limits = Limits::default();
    let options = Options::new(&limits);
    let (Loaded::Hot(set), InputRoot::Folder(root)) = open(dir, &options).ok()? else {
        return None;
    };
    let selection = Profiles::built_in()
        .selection("heat")
        .expect("heat profile");
    let report = validate_as(
        &[dir.to_path_buf()],
        &options,
        &selection,
        Some(Stage::HeatReady),
    )
    .ok()?;
    let mut errors: HashMap<String, Vec<String>> = HashMap::new();
    for v in report.violations() {
        if v.severity() == Severity::Error {
            errors.entry(v.file.clone()).or_default().push(format!(
                "{} {}:{}: {}",
                v.rule.id, v.file, v.span.line, v.message
            ));
        }
    }
    let templates = set
        .files
        .iter()
        .enumerate()
        .filter(|(_, file)| file.is_template())
        .map(|(id, file)| {
            let env = set
                .modules
                .iter()
                .find(|m| m.template == id)
                .and_then(|m| m.env)
                .map(|env| set.files[env].path.clone());
            SetTemplate {
                path: file.path.clone(),
                env,
                nested: nested_in(&set, id),
            }
        })
        .collect();
    Some(SetJobs {
        root,
        templates,
        errors,
    })
}

/// The templates `id` nests, at any depth (a cycle included once).
fn nested_in(set: &HotSet, id: FileId) -> Vec<String> {
    let mut seen = BTreeSet::from([id]);
    let mut todo = vec![id];
    while let Some(parent) = todo.pop() {
        for edge in set.nesting.iter().filter(|e| e.parent == parent) {
            if seen.insert(edge.child) {
                todo.push(edge.child);
            }
        }
    }
    seen.remove(&id);
    seen.into_iter()
        .map(|c| set.files[c].path.clone())
        .collect()
}

/// Both verdicts on every template of `sets`, named relative to the first of `bases` holding it.
fn compare(sets: &[PathBuf], bases: &[&Path]) -> Option<Vec<Compared>> {
    let heat = heat()?;
    let loaded: Vec<SetJobs> = sets.iter().filter_map(|dir| set_jobs(dir)).collect();
    let jobs: Vec<Job> = loaded
        .iter()
        .flat_map(|set| {
            set.templates.iter().map(|t| Job {
                template: set.root.join(&t.path),
                env: t.env.as_ref().map(|e| set.root.join(e)),
            })
        })
        .collect();
    let started = std::time::Instant::now();
    let verdicts = heat.judge(&jobs);
    eprintln!(
        "Heat judged {} templates of {} sets in {:.1} s",
        jobs.len(),
        loaded.len(),
        started.elapsed().as_secs_f64()
    );
    // Verdicts come in job order: by set, then template.
    let mut next = verdicts.iter();
    let by_template: Vec<HashMap<&str, &Verdict>> = loaded
        .iter()
        .map(|set| {
            set.templates
                .iter()
                .map(|t| (t.path.as_str(), next.next().expect("a verdict per job")))
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    for (set, verdicts) in loaded.iter().zip(&by_template) {
        for template in &set.templates {
            let own = std::iter::once(&template.path).chain(&template.nested);
            let judged: Vec<(&String, &Verdict)> = own
                .clone()
                .filter_map(|t| Some((t, *verdicts.get(t.as_str())?)))
                .collect();
            if judged.iter().any(|(_, v)| v.unjudged()) {
                continue;
            }
            let heat_refusal = judged.iter().find(|(_, v)| v.refused()).map(|(name, v)| {
                let place = if *name == &template.path {
                    String::new()
                } else {
                    format!(", in {name}")
                };
                format!(
                    "refused ({}{place}): {}",
                    v.stage.as_deref().unwrap_or("?"),
                    v.message.as_deref().unwrap_or("")
                )
            });
            let vnfwiz: Vec<String> = own
                .chain(&template.env)
                .flat_map(|f| set.errors.get(f).into_iter().flatten().cloned())
                .collect();
            let path = set.root.join(&template.path);
            let name = bases
                .iter()
                .find_map(|base| path.strip_prefix(base).ok())
                .map_or_else(
                    || template.path.clone(),
                    |p| p.to_string_lossy().into_owned(),
                );
            out.push(Compared {
                name,
                heat: heat_refusal,
                vnfwiz,
            });
        }
    }
    eprintln!(
        "{} templates not judged: they pull in a file by URL, which the oracle does not fetch",
        jobs.len() - out.len()
    );
    Some(out)
}

/// Asserts that the differences are exactly the known ones; prints the agreement.
fn assert_agrees(what: &str, compared: &[Compared], known: &[(&str, &str)]) {
    let refused = compared.iter().filter(|c| c.heat.is_some()).count();
    let differing: BTreeMap<&str, &Compared> = compared
        .iter()
        .filter(|c| !c.agrees())
        .map(|c| (c.name.as_str(), c))
        .collect();
    let listed = |name: &str, entry: &str| match entry.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == entry,
    };
    let is_known = |name: &str| known.iter().any(|(entry, _)| listed(name, entry));
    eprintln!(
        "Heat oracle, {what}: {} templates, Heat refuses {refused}; the heat profile agrees on \
         {}, {} known differences",
        compared.len(),
        compared.len() - differing.len(),
        differing.len()
    );
    if std::env::var_os("VNFWIZ_HEAT_VERBOSE").is_some() {
        for c in differing.values() {
            eprintln!("{}", c.describe());
        }
    }
    let unexpected: Vec<String> = differing
        .iter()
        .filter(|(name, _)| !is_known(name))
        .map(|(_, c)| c.describe())
        .collect();
    let gone: Vec<&str> = known
        .iter()
        .map(|(entry, _)| *entry)
        .filter(|entry| !differing.keys().any(|name| listed(name, entry)))
        .collect();
    assert!(
        unexpected.is_empty() && gone.is_empty(),
        "Heat and the heat profile differ on {} templates not listed:\n{}\nlisted but agreeing \
         now (remove them from the list): {gone:?}",
        unexpected.len(),
        unexpected.join("\n")
    );
}

/// Every folder of HOT fixture sets: each rule's `pass*`/`fail*` sets (as `rules` holds them
/// written out) and the ONAP sets.
fn fixture_sets(rules: &Path) -> Vec<PathBuf> {
    let onap = fixtures_root().with_file_name("onap");
    let mut sets = Vec::new();
    let groups = std::fs::read_dir(rules)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .chain(std::iter::once(onap));
    for group in groups {
        let entries = std::fs::read_dir(&group).into_iter().flatten().flatten();
        sets.extend(entries.map(|e| e.path()).filter(|p| p.is_dir()));
    }
    sets.sort();
    sets
}

#[test]
fn heat_agrees_on_every_hot_fixture() {
    let written = materialise_all();
    let fixtures = fixtures_root();
    let bases = [written.root(), fixtures.parent().expect("tests/fixtures")];
    let Some(compared) = compare(&fixture_sets(&written.rules()), &bases) else {
        return;
    };
    assert!(compared.len() > 500, "{} templates", compared.len());
    assert_agrees("HOT fixtures", &compared, KNOWN_FIXTURES);
}

#[test]
fn heat_agrees_on_the_corpus() {
    let Some(sets) = corpus_sets() else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    let base = PathBuf::from(std::env::var_os("VNFWIZ_CORPUS").unwrap()).join("hot");
    let Some(compared) = compare(&sets, &[&base]) else {
        return;
    };
    assert_agrees("corpus", &compared, KNOWN_CORPUS);
}

#[test]
fn heat_compared_on_other_sets() {
    let Some(list) = std::env::var_os("VNFWIZ_HEAT_SETS") else {
        return;
    };
    let sets: Vec<PathBuf> = std::env::split_paths(&list).collect();
    let Some(compared) = compare(&sets, &[Path::new("/")]) else {
        return;
    };
    let differing: Vec<String> = compared
        .iter()
        .filter(|c| !c.agrees())
        .map(Compared::describe)
        .collect();
    eprintln!(
        "Heat oracle, VNFWIZ_HEAT_SETS: {} templates, {} agree\n{}",
        compared.len(),
        compared.len() - differing.len(),
        differing.join("\n")
    );
}
