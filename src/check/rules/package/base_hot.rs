//! CSAR-basehot: each flavour has its `BaseHOT/<flavour_id>/` folder with a template, when
//! the package carries BaseHOT (Tacker step 6).

use crate::check::rules::{Check, CsarContext, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::csar::package::BASE_HOT;

/// A flavour without its BaseHOT folder, or with an empty one.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-basehot",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 6: BaseHOT",
        summary: "When the package has BaseHOT/, every deployment flavour has a folder \
                  BaseHOT/<flavour_id>/ (same bytes, same case) holding its top-level HOT \
                  template.",
        why: "With LCM user data Tacker instantiates a flavour from the HOT template in \
              BaseHOT/<flavour_id>/ (nested ones in its nested/ folder), looked up by the \
              flavour id exactly; a flavour without its folder cannot be instantiated.",
        fix: "Create BaseHOT/<flavour_id>/<vnf>.yaml for each flavour_id of the VNFD, with \
              nested templates in BaseHOT/<flavour_id>/nested/.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let csar = context.csar;
    if csar.base_hot.is_empty() {
        return;
    }
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    for flavour in vnfd.flavours() {
        let folder = csar.base_hot.iter().find(|b| b.folder == flavour.id);
        let message = match folder {
            Some(base) if !base.set.modules.is_empty() => continue,
            Some(_) => format!(
                "{BASE_HOT}{}/ holds no .yaml template at its top for flavour `{}`",
                flavour.id, flavour.id
            ),
            None => {
                let near = csar
                    .base_hot
                    .iter()
                    .find(|b| b.folder.eq_ignore_ascii_case(&flavour.id))
                    .map(|b| {
                        format!(
                            "; {BASE_HOT}{}/ differs in case and Tacker looks the folder up byte for byte",
                            b.folder
                        )
                    })
                    .unwrap_or_default();
                format!(
                    "flavour `{}` has no {BASE_HOT}{}/ folder{near}",
                    flavour.id, flavour.id
                )
            }
        };
        findings.report_at(
            &vnfd.files[flavour.file].path,
            flavour.span,
            "topology_template.substitution_mappings.properties.flavour_id",
            message,
        );
    }
}
