//! The check shared by R-32394 (parameter names) and R-46839 (resource ids): every use of a
//! `{vm-type}` in one kind of name has the same letter case.
//!
//! A use is a whole `_`-separated part of the name equal to a `{vm-type}` of the VNF
//! regardless of case (so `vFW` in `vFW_image_name`, not `fw` inside `firewall`). The first
//! use in source order sets the case; every later use written otherwise is reported once per
//! name, with the first use as related place.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::{Context, Findings};
use crate::foundation::diagnostics::Span;
use crate::model::hot::SourceFile;

/// A name in scope: where it is written and its dotted path.
pub struct NameUse<'a> {
    /// The name.
    pub name: &'a str,
    /// The file it is written in.
    pub file: &'a SourceFile,
    /// Where.
    pub span: Span,
    /// The section it is written in (`parameters`): its path is `{section}.{name}`, built
    /// only for a finding.
    pub section: &'static str,
}

/// Reports the names whose `{vm-type}` parts differ in case from their first use; `what`
/// names the kind of name for messages ("parameter name", "resource id").
pub fn check<'a>(
    context: &Context<'a>,
    findings: &mut Findings<'_>,
    names: impl Iterator<Item = NameUse<'a>>,
    what: &str,
) {
    let vm_types = context.vm_types();
    if vm_types.known().is_empty() {
        return;
    }
    // The first use of each `{vm-type}`: as written, in which name, where.
    let mut first: HashMap<usize, (&'a str, &'a str, &'a SourceFile, Span)> = HashMap::new();
    for name in names {
        let mut reported = false;
        for (written, entry) in vm_types.parts_of(name.name) {
            let Some(&(case, in_name, file, span)) = first.get(&entry) else {
                first.insert(entry, (written, name.name, name.file, name.span));
                continue;
            };
            if case == written || reported {
                continue;
            }
            reported = true;
            findings
                .report(
                    name.file,
                    name.span,
                    format!("{}.{}", name.section, name.name),
                    format!(
                        "{what} `{}` writes the {{vm-type}} as `{written}`, but `{in_name}` \
                         writes it `{case}`: use one case everywhere",
                        name.name
                    ),
                )
                .also(&file.path, span, format!("`{case}` first used here"));
        }
    }
}
