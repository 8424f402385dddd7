//! R-99646: no two templates of the VNF share a file name, whatever folders they sit in.
//!
//! Templates are the modules and nested files; names are compared exactly. Each repeat is
//! reported at its file, with the first file of that name as related place.

use foldhash::{HashMap, HashMapExt};

use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::{Check, Context, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::input::yaml::span_at_byte;
use crate::model::hot::SourceFile;

/// A template whose file name another template already has.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "R-99646",
        keyword: Keyword::Must,
        section: "ONAP Heat Orchestration Templates Overview / ONAP Heat Orchestration \
                  Template Filenames",
        summary: "Every template and nested file of the VNF has a file name no other one has.",
        why: "ONAP keeps a VNF's files in one flat folder and refers to them by name; two \
              files of the same name overwrite each other and a resource ends up built from \
              the wrong template.",
        fix: "Rename one of the files (and every `type:` or registry entry naming it) so each \
              template name is unique in the package.",
    },
    check: Check::Hot(check),
};

fn check(context: &Context<'_>, findings: &mut Findings<'_>) {
    let mut first: HashMap<&str, &SourceFile> = HashMap::new();
    for file in context.set.files.iter().filter(|f| f.is_template()) {
        let name = file_name(&file.path);
        match first.get(name) {
            Some(earlier) => {
                findings
                    .report_file(
                        file,
                        "",
                        format!(
                            "another template is also named `{name}`: `{}`",
                            earlier.path
                        ),
                    )
                    .also(
                        &earlier.path,
                        span_at_byte(&earlier.bytes, 0),
                        "the first template of that name",
                    );
            }
            None => {
                first.insert(name, file);
            }
        }
    }
}
