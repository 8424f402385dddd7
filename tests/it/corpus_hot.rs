//! Opt-in: every HOT set of the shared corpus loads and validates without a panic.
//! Runs when `VNFWIZ_CORPUS` names the corpus folder; prints findings per rule.

use std::collections::BTreeMap;
use std::path::PathBuf;

use vnfwiz::check::rules::Selection;
use vnfwiz::check::validation::validate;
use vnfwiz::foundation::diagnostics::Options;
use vnfwiz::foundation::limits::Limits;

/// Every HOT set of the corpus (`$VNFWIZ_CORPUS/hot/<family>/<set>`), sorted.
pub(crate) fn corpus_sets() -> Option<Vec<PathBuf>> {
    let root = PathBuf::from(std::env::var_os("VNFWIZ_CORPUS")?).join("hot");
    let mut sets = Vec::new();
    for family in std::fs::read_dir(&root).ok()? {
        let family = family.ok()?.path();
        if !family.is_dir() {
            continue;
        }
        for set in std::fs::read_dir(&family).ok()? {
            let set = set.ok()?.path();
            if set.is_dir() {
                sets.push(set);
            }
        }
    }
    sets.sort();
    Some(sets)
}

#[test]
fn every_corpus_hot_set_validates_without_panic() {
    let Some(sets) = corpus_sets() else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    assert!(!sets.is_empty(), "no sets under $VNFWIZ_CORPUS/hot");
    // Per rule: findings, sets with findings, and the first finding as a sample.
    let mut per_rule: BTreeMap<&'static str, (usize, usize, String)> = BTreeMap::new();
    let mut files = 0;
    for set in &sets {
        let report = validate(
            std::slice::from_ref(set),
            &Options::new(&Limits::default()),
            &Selection::all(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", set.display()));
        files += report.files();
        let mut in_set: BTreeMap<&'static str, usize> = BTreeMap::new();
        for v in report.violations() {
            *in_set.entry(v.rule.id).or_default() += 1;
            per_rule.entry(v.rule.id).or_insert_with(|| {
                let name = set.file_name().unwrap_or_default().to_string_lossy();
                let sample = format!("{name}/{}:{}: {}", v.file, v.span.line, v.message);
                (0, 0, sample)
            });
        }
        for (rule, count) in in_set {
            if let Some(entry) = per_rule.get_mut(rule) {
                entry.0 += count;
                entry.1 += 1;
            }
        }
    }
    eprintln!("{} sets, {files} files", sets.len());
    eprintln!("findings  sets  rule");
    for (rule, (count, in_sets, _)) in &per_rule {
        eprintln!("{count:8}  {in_sets:4}  {rule}");
    }
    let mut frequent: Vec<_> = per_rule.iter().collect();
    frequent.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(b.0)));
    eprintln!("the ten most frequent, with a sample:");
    for (rule, (count, in_sets, sample)) in frequent.into_iter().take(10) {
        eprintln!("{count:8}  {in_sets:4}  {rule}  {sample}");
    }
}

/// Type families of the corpus that Heat does not define, and why they are not errors.
const NOT_HEAT_TYPES: [(&str, &str); 1] = [(
    "OS::TripleO::",
    "TripleO's own types: the sets' resource_registry maps each to a template",
)];

#[test]
fn every_resource_type_the_corpus_names_is_in_heats_types() {
    use vnfwiz::model::hot::heat_types::HeatTypes;
    use vnfwiz::model::hot::implementations::{Implementation, Implementations};
    use vnfwiz::model::open::load_hot_inputs;

    let Some(sets) = corpus_sets() else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    let known = HeatTypes::get();
    let mut unknown = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for set_dir in &sets {
        let loaded = load_hot_inputs(std::slice::from_ref(set_dir), &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", set_dir.display()));
        for set in &loaded {
            let templates: Vec<_> = set.templates().collect();
            let implementations = Implementations::of(set, &templates);
            for template in &templates {
                for slot in template.type_slots() {
                    let name = slot.written;
                    if !(name.starts_with("OS::") || name.starts_with("AWS::")) {
                        continue;
                    }
                    seen.insert(name.to_owned());
                    if known.resolve(name).is_some() {
                        continue;
                    }
                    let excused = NOT_HEAT_TYPES
                        .iter()
                        .any(|(prefix, _)| name.starts_with(prefix));
                    let mapped = !matches!(
                        implementations.of_slot(template.id, &slot),
                        Some(Implementation::Unknown) | None
                    );
                    if !(excused && mapped) {
                        unknown.push(format!(
                            "{}: {}: {name}",
                            set_dir.display(),
                            template.path()
                        ));
                    }
                }
            }
        }
    }
    let heat_types = seen.iter().filter(|n| known.resolve(n).is_some()).count();
    eprintln!(
        "{} OS::/AWS:: types named, {heat_types} in Heat's types, the others excused: {:?}",
        seen.len(),
        NOT_HEAT_TYPES
    );
    assert!(
        unknown.is_empty(),
        "types neither known nor excused:\n{}",
        unknown.join("\n")
    );
}
