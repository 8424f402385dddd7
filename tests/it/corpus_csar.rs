//! Opt-in: every SOL004 package of the shared corpus (unpacked folders) is validated as a
//! CSAR and judged against its `INDEX.tsv` status. Runs when `VNFWIZ_CORPUS` names the
//! corpus folder.
//!
//! A valid package must show no error, apart from findings about software images: the
//! corpus replaced images with placeholders (or left them out), so their entries are
//! reported as missing or mismatching, as they must be. A deliberately broken package must
//! show the finding its status names, and no other error besides image ones. Two packages
//! depend on files Tacker's own tooling adds; those findings are listed below with why.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use vnfwiz::check::rules::Selection;
use vnfwiz::check::validation::validate;
use vnfwiz::foundation::diagnostics::{Severity, Violation};
use vnfwiz::foundation::limits::Limits;

/// The rule each `BROKEN:` status of INDEX.tsv names.
const BROKEN: [(&str, &str); 11] = [
    ("ETSI-Entry-Manifest not *.mf", "CSAR-entry-manifest"),
    ("unsupported Algorithm value", "CSAR-algorithm"),
    ("wrong hash for Scripts/install.sh", "CSAR-digest"),
    ("Source path does not exist", "CSAR-source"),
    ("artifact block lacks Algorithm", "CSAR-artifact-keys"),
    (
        "Level(s) ... not found in defined levels",
        "CSAR-instantiation-level",
    ),
    (".mf name != main template name", "CSAR-manifest-name"),
    ("default_level not in levels", "CSAR-default-level"),
    (">1 SwImage artifact on VDU1", "CSAR-sw-image-count"),
    ("No VNF flavours are available", "CSAR-flavour"),
    ("VNF properties are mandatory", "CSAR-vnf-properties"),
];

/// Findings on valid packages that come from files Tacker's tooling adds when it zips the
/// sample folder: (package, rule, text in the message, why).
const ADDED_BY_TACKER: [(&str, &str, &str, &str); 4] = [
    (
        "tacker__vnfpkgm3_no_meta",
        "CSAR-source",
        "Scripts/install.sh",
        "Tacker's functional test zips this folder with samples/…/nfv/common/",
    ),
    (
        "tacker__vnfpkgm3_no_meta",
        "CSAR-source",
        "Files/kubernetes/deployment.yaml",
        "Tacker's functional test zips this folder with samples/…/nfv/common/",
    ),
    (
        "tacker__etsi_getting_started_sample_vnf_package_csar",
        "CSAR-import",
        "etsi_nfv_sol001_common_types.yaml",
        "the getting-started guide downloads the ETSI type files into Definitions/",
    ),
    (
        "tacker__etsi_getting_started_sample_vnf_package_csar",
        "CSAR-import",
        "etsi_nfv_sol001_vnfd_types.yaml",
        "the getting-started guide downloads the ETSI type files into Definitions/",
    ),
];

/// True when a finding is about a software image the corpus did not keep.
fn about_missing_image(package: &Path, violation: &Violation) -> bool {
    if !matches!(
        violation.rule.id,
        "CSAR-source" | "CSAR-artifact-file" | "CSAR-digest"
    ) {
        return false;
    }
    let Some(at) = violation.message.find("Files/images/") else {
        return false;
    };
    let image: String = violation.message[at..]
        .chars()
        .take_while(|c| *c != '`')
        .collect();
    let path = package.join(&image);
    let placeholder = package.join(format!("{image}.PLACEHOLDER.txt"));
    let dummy = std::fs::read(&path)
        .map(|bytes| bytes.starts_with(b"#### THIS IS A DUMMY FILE"))
        .unwrap_or(false);
    !path.exists() || placeholder.exists() || dummy
}

fn added_by_tacker(package: &str, violation: &Violation) -> Option<&'static str> {
    ADDED_BY_TACKER
        .iter()
        .find(|(p, rule, text, _)| {
            *p == package && *rule == violation.rule.id && violation.message.contains(text)
        })
        .map(|(_, _, _, why)| *why)
}

struct Row {
    name: String,
    status: String,
}

fn index(root: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(root.join("INDEX.tsv")).expect("INDEX.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("INDEX.tsv has no `{name}` column"))
    };
    let (name, status) = (column("name"), column("status"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            Row {
                name: cells[name].to_owned(),
                status: cells[status].to_owned(),
            }
        })
        .collect()
}

#[test]
fn every_corpus_csar_gets_the_verdict_its_index_names() {
    let Some(corpus) = std::env::var_os("VNFWIZ_CORPUS") else {
        eprintln!("VNFWIZ_CORPUS not set; skipping");
        return;
    };
    let root = PathBuf::from(corpus).join("csar");
    let rows = index(&root);
    assert!(!rows.is_empty(), "no packages in {}", root.display());
    let mut problems = Vec::new();
    let mut per_rule: BTreeMap<&'static str, usize> = BTreeMap::new();
    for row in &rows {
        let package = root.join(&row.name);
        let limits = Limits::default();
        let report = validate(
            std::slice::from_ref(&package),
            &vnfwiz::foundation::diagnostics::Options::new(&limits),
            &Selection::all(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", package.display()));
        let mut images = 0;
        let mut tacker_added = std::collections::BTreeSet::new();
        let mut errors = Vec::new();
        for v in report.violations() {
            *per_rule.entry(v.rule.id).or_default() += 1;
            if v.severity() != Severity::Error {
                continue;
            }
            if about_missing_image(&package, v) {
                images += 1;
            } else if let Some(why) = added_by_tacker(&row.name, v) {
                tacker_added.insert(format!("{} ({why})", v.rule.id));
            } else {
                errors.push(v);
            }
        }
        let broken = row.status.strip_prefix("BROKEN: ");
        let verdict = match broken {
            None => {
                for v in &errors {
                    problems.push(format!(
                        "{} (valid): {} {}:{}:{} {}",
                        row.name, v.rule.id, v.file, v.span.line, v.span.column, v.message
                    ));
                }
                "valid".to_owned()
            }
            Some(what) => {
                let Some((_, rule)) = BROKEN.iter().find(|(s, _)| *s == what) else {
                    problems.push(format!("{}: no rule known for status `{what}`", row.name));
                    continue;
                };
                if !errors.iter().any(|v| v.rule.id == *rule) {
                    problems.push(format!("{}: `{what}` should give {rule}", row.name));
                }
                for v in errors.iter().filter(|v| v.rule.id != *rule) {
                    problems.push(format!(
                        "{} (broken: {what}): also {} {}:{} {}",
                        row.name, v.rule.id, v.file, v.span.line, v.message
                    ));
                }
                format!("broken → {rule}")
            }
        };
        eprintln!(
            "{:55} {verdict}; {images} image finding(s){}",
            row.name,
            if tacker_added.is_empty() {
                String::new()
            } else {
                let added: Vec<String> = tacker_added.into_iter().collect();
                format!("; added by Tacker: {}", added.join(", "))
            }
        );
    }
    for (rule, count) in &per_rule {
        eprintln!("{count:6}  {rule}");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
