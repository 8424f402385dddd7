//! What each file read is (the hand-off to `classify`), and the files not read as Heat.

use crate::input::yaml::{self, Document};

use super::super::classify::{self, Kind, NotChecked, NotHeat, Reading};
use super::super::set::{FileId, Role, TemplateKind};
use super::modules::{env_path_for, module_kind_by_name};
use super::{Loader, YAML_EXTENSIONS, ends_with_ignoring_case};

impl Loader<'_> {
    /// Decides from the manifest, the name, the place and the content what a file is;
    /// remembers why a file that is not Heat is not.
    pub(super) fn classify(
        &mut self,
        name: &str,
        bytes: &[u8],
        document: Option<&Document>,
    ) -> Role {
        if let Some(manifest) = &self.set.manifest
            && let Some(entry) = manifest.all().into_iter().find(|e| e.file == name)
        {
            return match entry.kind.as_str() {
                "HEAT_ENV" => Role::Environment,
                "HEAT_VOL" => Role::Template(TemplateKind::Volume),
                "HEAT" | "HEAT_NET" | "HEAT_NESTED" if entry.is_base => {
                    Role::Template(TemplateKind::Base)
                }
                "HEAT" | "HEAT_NET" | "HEAT_NESTED" => Role::Template(TemplateKind::Incremental),
                other => {
                    self.not_heat
                        .insert(name.to_owned(), NotHeat::Listed(other.to_owned()));
                    Role::Artifact
                }
            };
        }
        if ends_with_ignoring_case(name, ".env") {
            return Role::Environment;
        }
        let paired = self.files.contains(&env_path_for(name));
        match classify::classify(name, &self.charts, bytes, document, self.reading, paired) {
            Kind::Template => Role::Template(module_kind_by_name(name)),
            Kind::Environment => Role::Environment,
            Kind::NotHeat(reason) => {
                self.not_heat.insert(name.to_owned(), reason);
                Role::Artifact
            }
        }
    }

    /// Every file that could be Heat by its extension but was not read as Heat, with the
    /// reason (a capabilities map excepted: the composition rules check it; and vnfwiz's
    /// own answers file).
    pub(super) fn list_not_checked(&mut self) {
        let limits = self.set.limits.yaml;
        let referenced: foldhash::HashSet<FileId> = self
            .set
            .references
            .iter()
            .filter_map(|r| r.resolved.as_ref().ok().copied())
            .collect();
        let mut listed = Vec::new();
        for (id, file) in self.set.files.iter().enumerate() {
            let yaml = YAML_EXTENSIONS
                .iter()
                .any(|e| ends_with_ignoring_case(&file.path, e));
            // Files named one by one were all meant as Heat, whatever their extension.
            let candidate = yaml || (self.reading.given && !referenced.contains(&id));
            if file.role != Role::Artifact || !candidate || self.set.capabilities_map == Some(id) {
                continue;
            }
            let reason = match self.not_heat.get(&file.path) {
                Some(reason) => reason.clone(),
                // A `get_file` target read after the listing: judged by its content.
                None => match classify::classify(
                    &file.path,
                    &self.charts,
                    &file.bytes,
                    yaml::parse(&file.bytes, &limits).ok().as_ref(),
                    Reading::default(),
                    false,
                ) {
                    Kind::NotHeat(reason) => reason,
                    Kind::Template | Kind::Environment => continue,
                },
            };
            // vnfwiz's own answers file is no candidate anyone wants checked as Heat.
            if reason == NotHeat::Answers {
                continue;
            }
            listed.push(NotChecked {
                path: file.path.clone(),
                reason,
            });
        }
        self.set.not_checked = listed;
    }
}
