//! CSAR-root-yaml: without TOSCA-Metadata, the package root holds exactly one YAML file, a
//! TOSCA template newer than 1.0 (Tacker step 2, the layout without metadata).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// Zero or several root YAML files, or a TOSCA 1.0 root template, in a CSAR without
/// TOSCA-Metadata.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-root-yaml",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 2: the layout without TOSCA-Metadata",
        summary: "A CSAR without TOSCA-Metadata has exactly one .yaml/.yml file at its root, \
                  a TOSCA template of a version after 1.0.",
        why: "Without TOSCA.meta, tosca-parser takes the single root-level YAML as the main \
              template; with none or several it stops with \"CSAR file should contain only \
              one root level yaml file\", and a tosca_simple_yaml_1_0 template is refused \
              because that version requires TOSCA-Metadata.",
        fix: "Keep one top-level VNFD at the root (move the other YAML files into \
              Definitions/), or add TOSCA-Metadata/TOSCA.meta with Entry-Definitions; declare \
              tosca_definitions_version: tosca_simple_yaml_1_2 or later.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let csar = context.csar;
    if csar.meta.is_some() || csar.archive_error.is_some() {
        return;
    }
    let roots = csar.root_yaml();
    match roots.as_slice() {
        [] => {
            let at = csar
                .manifest_files()
                .next()
                .unwrap_or(context.package_file());
            findings.report_at(
                at,
                FILE_START,
                "",
                "the package has neither TOSCA-Metadata/TOSCA.meta nor a YAML file at its root",
            );
        }
        [_] => {
            let Some(version) = context
                .vnfd()
                .and_then(|v| v.root(0))
                .and_then(|r| r.get("tosca_definitions_version"))
            else {
                return;
            };
            if version.as_str() == Some("tosca_simple_yaml_1_0") {
                findings.report_at(
                    roots[0],
                    version.span,
                    "tosca_definitions_version",
                    "a tosca_simple_yaml_1_0 template needs TOSCA-Metadata/TOSCA.meta; \
                     declare tosca_simple_yaml_1_2 or add the metadata file",
                );
            }
        }
        several => {
            let list = several.join(", ");
            for root in several {
                findings.report_at(
                    root,
                    FILE_START,
                    "",
                    format!(
                        "one of {} YAML files at the package root ({list}); without \
                         TOSCA-Metadata there must be exactly one",
                        several.len()
                    ),
                );
            }
        }
    }
}
