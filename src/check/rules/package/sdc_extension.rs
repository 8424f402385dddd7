//! SDC-extension: a MANIFEST.json entry's file extension fits its type.

use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

use super::MANIFEST_JSON;

/// The extensions SDC accepts for each template or env type.
const EXTENSIONS: [(&str, &[&str]); 5] = [
    ("HEAT", &[".yaml", ".yml"]),
    ("HEAT_VOL", &[".yaml", ".yml"]),
    ("HEAT_NET", &[".yaml", ".yml"]),
    ("HEAT_NESTED", &[".yaml", ".yml"]),
    ("HEAT_ENV", &[".env"]),
];

/// A HEAT entry that is not `.yaml`/`.yml`, or a HEAT_ENV that is not `.env`.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "SDC-extension",
        keyword: Keyword::Must,
        section: "ONAP heat package: MANIFEST.json",
        summary: "HEAT, HEAT_VOL, HEAT_NET and HEAT_NESTED entries name .yaml/.yml files; \
                  HEAT_ENV entries name .env files.",
        why: "SDC decides how to read a file from its manifest type and checks the extension \
              against it; a mismatch (an env typed HEAT, a template typed HEAT_ENV) is refused \
              at upload.",
        fix: "Correct the entry's type, or rename the file to the extension its type needs \
              (and the references to it).",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let Some(manifest) = &context.set.manifest else {
        return;
    };
    for entry in manifest.all() {
        let Some((_, allowed)) = EXTENSIONS.iter().find(|(kind, _)| *kind == entry.kind) else {
            continue;
        };
        let lower = entry.file.to_ascii_lowercase();
        if !allowed.iter().any(|e| lower.ends_with(e)) {
            findings.report_at(
                MANIFEST_JSON,
                entry.span,
                "data",
                format!(
                    "`{}` is typed {} but is not a {} file",
                    entry.file,
                    entry.kind,
                    allowed.join(" or ")
                ),
            );
        }
    }
}
