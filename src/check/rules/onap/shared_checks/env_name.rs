//! The check shared by R-91342, R-94509 and R-31141: a module's environment file is named
//! after the module, with `.env` in place of `.yaml`/`.yml`.
//!
//! A misnamed environment shows up two ways: `MANIFEST.json` pairs the module with a file of
//! another name, or no file pairs by name but an environment file nothing pairs with carries
//! the module's name in another letter case or with another extension (`Base_vFW.ENV`). A
//! module with no environment at all is R-38474's, R-81725's and R-53433's concern.

use foldhash::HashSet;

use crate::check::rules::onap::vocabulary::file_name::file_name;
use crate::check::rules::{Context, Findings};
use crate::model::hot::{FileId, Role, TemplateKind, env_path_for};

/// Why the three environment-file naming rules (R-91342, R-94509, R-31141) matter.
pub const WHY: &str = "SDC pairs a module with its environment file by name; a file named \
    otherwise is not used for the module, so its values never reach the deployment.";

/// How to fix a misnamed environment file, for the same three rules.
pub const FIX: &str = "Rename the environment file to the template's name with `.env` \
    (`vfw.yaml` → `vfw.env`) and update `MANIFEST.json` if the package has one.";

/// The path without its extension, lower-cased, for a case-blind comparison of names.
fn loose_name(path: &str) -> String {
    let name_at = path.rfind('/').map_or(0, |i| i + 1);
    let cut = path[name_at..]
        .find('.')
        .map_or(path.len(), |dot| name_at + dot);
    path[..cut].to_ascii_lowercase()
}

/// Reports each misnamed environment file of the modules of `kind`.
pub fn check_env_names(context: &Context<'_>, findings: &mut Findings<'_>, kind: TemplateKind) {
    let set = context.set;
    let paired: HashSet<FileId> = set.modules.iter().filter_map(|m| m.env).collect();
    let unpaired: Vec<(FileId, String)> = set
        .files
        .iter()
        .enumerate()
        .filter(|(id, f)| f.role == Role::Environment && !paired.contains(id))
        .map(|(id, f)| (id, loose_name(&f.path)))
        .collect();
    for module in set.modules.iter().filter(|m| m.kind == kind) {
        let template = set.file(module.template);
        let expected = env_path_for(&template.path);
        let misnamed = match module.env {
            Some(env) if set.file(env).path != expected => Some(env),
            Some(_) => None,
            None => {
                let wanted = loose_name(&template.path);
                unpaired
                    .iter()
                    .find(|(_, name)| *name == wanted)
                    .map(|(id, _)| *id)
            }
        };
        let Some(env) = misnamed else {
            continue;
        };
        let env_file = set.file(env);
        findings
            .report_file(
                env_file,
                "",
                format!(
                    "the environment file of `{}` is named `{}`; it must be `{}`",
                    file_name(&template.path),
                    file_name(&env_file.path),
                    file_name(&expected)
                ),
            )
            .also(
                &template.path,
                crate::input::yaml::span_at_byte(&template.bytes, 0),
                "the module it belongs to",
            );
    }
}

#[cfg(test)]
mod tests {
    use crate::check::rules::onap::shared_checks::env_name::loose_name;

    #[test]
    fn names_compared_without_case_or_extension() {
        assert_eq!(loose_name("Base_vFW.ENV"), "base_vfw");
        assert_eq!(loose_name("x.d/base_vfw.yaml.env"), "x.d/base_vfw");
        assert_eq!(loose_name("base_vfw"), "base_vfw");
    }
}
