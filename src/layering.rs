//! The one-way layer list of the crate, and a test holding every `use crate::` (and
//! `crate::` path) of `src/` to it: a module imports only modules listed before it.
//! docs/design.md shows the same list; change both together. A second test keeps the
//! generic rules (every folder of `src/check/rules/` but `onap/`) away from ONAP's
//! vocabulary and shared checks, which only ONAP rules may use.

/// The stages of the data flow, bottom first, each with its modules in order. A module may
/// use its own stage's earlier modules and everything of earlier stages, nothing later.
/// The package writers are a transform (the session calls them); the report renderers are
/// the output (they show what the session produced).
pub const LAYERS: &[(&str, &[&str])] = &[
    (
        "foundation",
        &[
            "atomic_file",
            "limits",
            "diagnostics",
            "parallel",
            "placeholder",
            "interrupt",
            "locale",
            "fault",
            "contrast",
        ],
    ),
    ("input", &["yaml", "source", "integrity"]),
    ("model", &["ovf", "hot", "csar", "capabilities", "open"]),
    (
        "check",
        &["rule_source", "rules", "waivers", "config", "validation"],
    ),
    ("transform", &["convert", "fix", "package"]),
    ("session", &["session"]),
    ("output", &["report"]),
    ("faces", &["tui", "lsp", "cli"]),
];

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    use super::LAYERS;

    /// A module's place: (stage index, position in the whole list).
    fn rank(module: &str) -> Option<(usize, usize)> {
        LAYERS
            .iter()
            .enumerate()
            .flat_map(|(stage, (_, modules))| modules.iter().map(move |m| (stage, *m)))
            .enumerate()
            .find(|(_, (_, m))| *m == module)
            .map(|(position, (stage, _))| (stage, position))
    }

    /// A stage folder (`model/`), unless a module has the same name (`session` is both).
    fn is_stage(name: &str) -> bool {
        LAYERS.iter().any(|(stage, _)| *stage == name) && rank(name).is_none()
    }

    /// The module a path's segments name, with or without its stage folder in front.
    fn module_of<'a>(segments: &[&'a str]) -> Option<&'a str> {
        match segments {
            [stage, module, ..] if is_stage(stage) => Some(module),
            [module, ..] => Some(module),
            [] => None,
        }
    }

    /// A file's lines that are code, numbered from 1: comments left out, and the unit tests
    /// at the end (`#[cfg(test)] mod …`), which may use any layer to build their input.
    fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
        let lines: Vec<&str> = text.lines().collect();
        let end = lines
            .windows(2)
            .position(|pair| {
                pair[0].trim() == "#[cfg(test)]" && pair[1].trim_start().starts_with("mod ")
            })
            .unwrap_or(lines.len());
        lines
            .into_iter()
            .enumerate()
            .take(end)
            .filter(|(_, line)| !line.trim_start().starts_with("//"))
            .map(|(index, line)| (index + 1, line))
    }

    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("src is readable")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    /// Files that are test modules as a whole (`#[cfg(test)] mod name;`).
    fn test_only_files(files: &[PathBuf]) -> BTreeSet<PathBuf> {
        let mut only = BTreeSet::new();
        for file in files {
            let text = std::fs::read_to_string(file).expect("readable");
            let lines: Vec<&str> = text.lines().collect();
            let dir = match file.file_name().and_then(|n| n.to_str()) {
                Some("mod.rs" | "lib.rs" | "main.rs") => file.parent().expect("dir").to_owned(),
                _ => file.with_extension(""),
            };
            for pair in lines.windows(2) {
                let declared = pair[1].trim();
                if pair[0].trim() == "#[cfg(test)]"
                    && let Some(name) = declared
                        .trim_start_matches("pub(crate) ")
                        .strip_prefix("mod ")
                        .and_then(|rest| rest.strip_suffix(';'))
                {
                    only.insert(dir.join(format!("{name}.rs")));
                    only.insert(dir.join(name).join("mod.rs"));
                }
            }
        }
        only
    }

    /// The crate modules a line names: `crate::a::…`, `crate::{a, b::c}`, and in the binary
    /// `vnfwiz::a::…`.
    fn named_modules<'l>(line: &'l str, roots: &[&str]) -> Vec<&'l str> {
        let mut found = Vec::new();
        for root in roots {
            let prefix = format!("{root}::");
            let mut rest = line;
            while let Some(at) = rest.find(&prefix) {
                let before = rest[..at].chars().next_back();
                rest = &rest[at + prefix.len()..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                if let Some(group) = rest.strip_prefix('{') {
                    let end = group.find('}').unwrap_or(group.len());
                    for item in group[..end].split(',') {
                        let segments: Vec<&str> = item.trim().split("::").collect();
                        found.extend(module_of(&segments));
                    }
                    continue;
                }
                let path: Vec<&str> = rest
                    .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .next()
                    .unwrap_or("")
                    .split("::")
                    .collect();
                found.extend(module_of(&path));
            }
        }
        found
    }

    #[test]
    fn modules_import_only_lower_layers() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        let test_only = test_only_files(&files);
        let mut problems = Vec::new();
        for file in &files {
            let relative = file.strip_prefix(&src).expect("under src");
            let shown = Path::new("src").join(relative);
            let segments: Vec<&str> = relative
                .iter()
                .map(|s| s.to_str().expect("utf-8 path"))
                .collect();
            let own = match segments.as_slice() {
                ["lib.rs" | "layering.rs"] => continue,
                // A stage's mod.rs only declares its modules.
                [stage, "mod.rs"] if is_stage(stage) => continue,
                ["main.rs"] => "cli",
                _ => module_of(&segments)
                    .map(|m| m.trim_end_matches(".rs"))
                    .expect("a module"),
            };
            if test_only.contains(file) {
                continue;
            }
            let Some((own_stage, own_rank)) = rank(own) else {
                problems.push(format!(
                    "{}: module `{own}` is in no layer of src/layering.rs (add it there and to docs/design.md)",
                    shown.display()
                ));
                continue;
            };
            if let [stage, _, ..] = segments.as_slice()
                && is_stage(stage)
                && *stage != LAYERS[own_stage].0
            {
                problems.push(format!(
                    "{}: module `{own}` sits under `{stage}/` but its layer is `{}`",
                    shown.display(),
                    LAYERS[own_stage].0
                ));
            }
            // The binary reaches the library as `vnfwiz::`.
            let roots: &[&str] = if own == "cli" {
                &["crate", "vnfwiz"]
            } else {
                &["crate"]
            };
            let text = std::fs::read_to_string(file).expect("readable");
            for (number, line) in code_lines(&text) {
                for target in named_modules(line, roots) {
                    if target == own {
                        continue;
                    }
                    // Crate-root items (`crate::error_chain`) belong to no layer.
                    let Some((target_stage, target_rank)) = rank(target) else {
                        continue;
                    };
                    if target_rank > own_rank {
                        problems.push(format!(
                            "{}:{}: `{own}` ({}) imports `{target}` ({}), a higher layer",
                            shown.display(),
                            number,
                            LAYERS[own_stage].0,
                            LAYERS[target_stage].0
                        ));
                    }
                }
            }
        }
        assert!(
            problems.is_empty(),
            "imports that point up the layer list (src/layering.rs, docs/design.md):\n{}",
            problems.join("\n")
        );
    }

    /// The ONAP-only module, as a path segment: `onap::…`, `…::onap`, or a `use` line
    /// naming it in a group.
    fn names_onap(line: &str) -> bool {
        const WORD: &str = "onap";
        let is_ident = |c: char| c.is_alphanumeric() || c == '_';
        let mut from = 0;
        while let Some(at) = line[from..].find(WORD).map(|i| i + from) {
            from = at + WORD.len();
            let before = &line[..at];
            let after = &line[from..];
            if before.chars().next_back().is_some_and(is_ident)
                || after.chars().next().is_some_and(is_ident)
            {
                continue;
            }
            if after.starts_with("::")
                || before.ends_with("::")
                || line.trim_start().starts_with("use ")
                || line.trim_start().starts_with("pub use ")
            {
                return true;
            }
        }
        false
    }

    /// The lines of a generic rule's file that name the ONAP module (its vocabulary, shared
    /// checks or rules).
    fn onap_imports(text: &str) -> Vec<(usize, &str)> {
        code_lines(text)
            .filter(|(_, line)| names_onap(line))
            .collect()
    }

    #[test]
    fn generic_rules_do_not_use_onap_vocabulary() {
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/check/rules");
        let mut generic = Vec::new();
        for entry in std::fs::read_dir(&rules).expect("rules folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() && path.file_name().is_some_and(|n| n != "onap") {
                generic.push(path);
            }
        }
        assert!(
            generic.iter().any(|p| p.ends_with("hot_spec")),
            "the generic rule folders are found"
        );
        let mut files = Vec::new();
        for folder in &generic {
            rust_files(folder, &mut files);
        }
        let mut problems = Vec::new();
        for file in &files {
            let text = std::fs::read_to_string(file).expect("readable");
            for (line, code) in onap_imports(&text) {
                problems.push(format!(
                    "{}:{line}: {}",
                    file.strip_prefix(env!("CARGO_MANIFEST_DIR"))
                        .unwrap_or(file)
                        .display(),
                    code.trim()
                ));
            }
        }
        assert!(
            problems.is_empty(),
            "a generic rule uses ONAP's vocabulary (src/check/rules/onap/vocabulary, \
             shared_checks): move what both need below the rules, or make it an ONAP rule:\n{}",
            problems.join("\n")
        );
    }

    #[test]
    fn an_onap_import_is_found() {
        for line in [
            "use crate::check::rules::onap::vocabulary::vm_type::VmTypes;",
            "use super::super::onap::shared_checks::http_type;",
            "use crate::check::rules::{Context, onap};",
            "    let roles = crate::check::rules::onap::vocabulary::role_uses::roles_in_use(c);",
        ] {
            assert_eq!(onap_imports(line).len(), 1, "{line}");
        }
        for line in [
            "// onap::vocabulary in a comment",
            "let profile = \"onap\";",
            "use crate::check::rules::onapish::Thing;",
            "#[cfg(test)]\nmod tests {\n    use crate::check::rules::onap::vocabulary;",
        ] {
            assert!(onap_imports(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn every_module_is_listed_once() {
        let mut seen = BTreeSet::new();
        for (_, modules) in LAYERS {
            for module in *modules {
                assert!(seen.insert(*module), "{module} is listed twice");
            }
        }
    }

    #[test]
    fn an_upward_import_is_found() {
        let line = "use crate::{hot::HotSet, session::Session}; let x = crate::tui::run();";
        assert_eq!(
            named_modules(line, &["crate"]),
            ["hot", "session", "tui"],
            "groups and paths"
        );
        assert_eq!(
            named_modules("use crate::model::hot::HotSet;", &["crate"]),
            ["hot"],
            "a stage folder in front"
        );
        assert_eq!(named_modules("use vnfwiz_fuzz::x;", &["vnfwiz"]), [""; 0]);
        assert!(rank("hot") < rank("session"));
    }
}
