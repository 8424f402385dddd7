//! `vnfwiz onboard` output: what an onboarding wrote, or why it wrote nothing; text or JSON.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use serde_json::json;

use crate::check::rules::Check;
use crate::foundation::diagnostics::{
    InputReport, InputRoot, Report, Severity, Unchecked, Violation,
};
use crate::session::{
    ANSWERS_FILE, Evaluation, FileRole, Refusal, Resolved, Session, SourceKind, Written, placed,
};
use crate::transform::convert::Note;
use crate::transform::fix::Outcome;
use crate::transform::package::{PackageKind, WrittenPackage};

use super::{json as json_render, text};

/// One shape of what `vnfwiz onboard` prints.
pub enum Onboarding<'a> {
    /// The answers (or the package itself) are refused; nothing was resolved.
    Refused(Refusal),
    /// The set breaks a MUST once the answers are applied; nothing was written.
    Invalid(Box<Invalid>),
    /// A package vnfwiz wrote fails its own validation; nothing was written.
    PackageInvalid(PackageInvalid<'a>),
    /// What was written.
    Written(Box<Onboarded<'a>>),
}

/// The findings of a set that breaks a MUST, and why nothing was written.
pub struct Invalid {
    /// The findings.
    report: Report,
    /// The conversion notes.
    notes: Vec<Note>,
    /// The fixes applied and those not.
    fixes: Outcome,
    /// Why nothing was written, and what to do.
    why: &'static str,
    /// How many findings a fix answers, and the command applying them (`fix_hint`).
    hint: Option<String>,
}

/// The findings on a package vnfwiz wrote.
pub struct PackageInvalid<'a> {
    /// The package's file name.
    name: String,
    /// Its findings.
    violations: &'a [Violation],
}

/// What an onboarding wrote, as its report lists it.
pub struct Onboarded<'a> {
    /// The input as the session names it.
    label: String,
    /// What the input is.
    kind: SourceKind,
    /// The output folder.
    out: &'a Path,
    /// The output folder as the writer names it.
    directory: &'a Path,
    /// The main template.
    template: String,
    /// Its environment file.
    environment: String,
    /// Every output file with its role and the secret parameters it holds.
    files: Vec<(String, FileRole, Vec<String>)>,
    /// Parameters left for stack creation, with their template.
    unset: Vec<(String, String)>,
    /// The packages written, each with its own validation.
    packages: &'a [WrittenPackage],
    /// Packages holding secrets (every environment file is inside), relative to `out`.
    secret_packages: Vec<String>,
    /// Findings on the source package, one line each.
    package_warnings: Vec<String>,
    /// The conversion notes.
    notes: Vec<Note>,
    /// The fixes applied and those not.
    fixes: Outcome,
    /// The validation of the written set.
    report: Report,
}

impl<'a> Onboarding<'a> {
    /// The shape of an evaluation whose gate is closed, read from a session of `kind`:
    /// its answers refused, or its set breaking a MUST (`hint` is then the closing line
    /// naming the fixes that would help). The evaluation comes back when its gate is open:
    /// it is to be written.
    pub fn closed(
        kind: SourceKind,
        evaluation: Evaluation,
        out: &Path,
        hint: Option<String>,
    ) -> Result<Onboarding<'a>, Box<Evaluation>> {
        if let Some(refusal) = evaluation.refusal() {
            return Ok(Onboarding::Refused(refusal));
        }
        if evaluation.gate().is_open() {
            return Err(Box::new(evaluation));
        }
        let not_checked = evaluation.not_checked();
        let resolved = match evaluation.outcome {
            Ok(resolved) => resolved,
            Err(refusal) => return Ok(Onboarding::Refused(refusal)),
        };
        let fixes = resolved.fixes.clone();
        let (report, notes) = build_report(resolved, not_checked, out);
        let only_size = report
            .violations()
            .filter(|v| v.severity() == Severity::Error)
            .all(|v| v.rule.id == "R-92635/template-size");
        let why = match kind {
            _ if only_size => {
                "a template is larger than Heat's max_template_size; raise it on the cloud and here with --max-template-size"
            }
            SourceKind::Ovf => {
                "the converted templates violate the rules above; this is a bug in vnfwiz's OVF converter, please report it with the package"
            }
            SourceKind::Hot => {
                "the templates violate the rules above once the answers are applied; fix them and run again"
            }
        };
        Ok(Onboarding::Invalid(Box::new(Invalid {
            report,
            notes,
            fixes,
            why,
            hint,
        })))
    }

    /// The shape of a written package at `path` that fails its own validation.
    pub fn package_invalid(path: &Path, violations: &'a [Violation]) -> Onboarding<'a> {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        Onboarding::PackageInvalid(PackageInvalid { name, violations })
    }

    /// The shape of what `session` wrote of `evaluation` into `out`.
    pub fn written(
        session: &Session,
        evaluation: Evaluation,
        written: &'a Written,
        out: &'a Path,
    ) -> Onboarding<'a> {
        let not_checked = evaluation.not_checked();
        let resolved = match evaluation.outcome {
            Ok(resolved) => resolved,
            // A write needs a resolved set: there is none to show.
            Err(refusal) => return Onboarding::Refused(refusal),
        };
        // Paths as the output folder holds them (`heat/base.yaml`, `answers.yaml`).
        let template = placed(&resolved.template, FileRole::Template);
        let environment = placed(&resolved.environment, FileRole::Environment);
        let fixes = resolved.fixes.clone();
        let unset = resolved.unset.clone();
        let files = resolved
            .files
            .iter()
            .map(|f| (placed(&f.path, f.role), f.role, f.secrets.clone()))
            .collect();
        let secret_packages = written
            .packages
            .iter()
            .map(|p| relative(&p.path, out))
            .filter(|name| written.secret_files.contains(name))
            .collect();
        let package_warnings = session
            .package_violations()
            .iter()
            .map(|v| {
                format!(
                    "{}:{}:{}: {} {}",
                    v.file, v.span.line, v.span.column, v.rule.id, v.message
                )
            })
            .collect();
        let (report, notes) = build_report(resolved, not_checked, out);
        Onboarding::Written(Box::new(Onboarded {
            label: session.label().to_owned(),
            kind: session.kind(),
            out,
            directory: &written.directory,
            template,
            environment,
            files,
            unset,
            packages: &written.packages,
            secret_packages,
            package_warnings,
            notes,
            fixes,
            report,
        }))
    }

    /// The validation of the output set `evaluation` holds, as it would be written to
    /// `out` (what the wizard's review reports before any write); none when the answers
    /// are refused.
    pub fn evaluated_report(evaluation: Evaluation, out: &Path) -> Result<Report, Refusal> {
        if let Some(refusal) = evaluation.refusal() {
            return Err(refusal);
        }
        let not_checked = evaluation.not_checked();
        let resolved = evaluation.outcome?;
        Ok(build_report(resolved, not_checked, out).0)
    }

    /// The validation of the output set, when there is one (a refused onboarding, or a
    /// package failing its own validation, validated no set).
    pub fn report(&self) -> Option<&Report> {
        match self {
            Onboarding::Invalid(invalid) => Some(&invalid.report),
            Onboarding::Written(onboarded) => Some(&onboarded.report),
            Onboarding::Refused(_) | Onboarding::PackageInvalid(_) => None,
        }
    }

    /// The validation of the output set to add to, when there is one (see [`Self::report`]).
    pub fn report_mut(&mut self) -> Option<&mut Report> {
        match self {
            Onboarding::Invalid(invalid) => Some(&mut invalid.report),
            Onboarding::Written(onboarded) => Some(&mut onboarded.report),
            Onboarding::Refused(_) | Onboarding::PackageInvalid(_) => None,
        }
    }

    /// The text output; `color` paints the findings.
    pub fn text(&self, color: bool) -> String {
        match self {
            Onboarding::Refused(refusal) => refused_text(refusal),
            Onboarding::Invalid(invalid) => invalid.text(color),
            Onboarding::PackageInvalid(package) => package.text(),
            Onboarding::Written(onboarded) => onboarded.text(color),
        }
    }

    /// The JSON document, with a trailing newline.
    pub fn json(&self) -> String {
        let document = match self {
            Onboarding::Refused(refusal) => refused_json(refusal),
            Onboarding::Invalid(invalid) => invalid.json(),
            Onboarding::PackageInvalid(package) => package.json(),
            Onboarding::Written(onboarded) => onboarded.json(),
        };
        let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
        text.push('\n');
        text
    }
}

/// Why nothing is written, each problem on its own line.
fn refused_text(refusal: &Refusal) -> String {
    let mut out = String::from("vnfwiz: onboarding refused; nothing was written:\n");
    for line in refusal.to_string().lines() {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// The refusal's problems, the package's findings and the notes.
fn refused_json(refusal: &Refusal) -> serde_json::Value {
    let package: Vec<_> = refusal
        .package
        .iter()
        .map(|v| json_render::violation(&v.file, v))
        .collect();
    json!({
        "refused": true,
        "problems": refusal.problems,
        "package_violations": package,
        "notes": refusal.notes,
    })
}

impl Invalid {
    fn text(&self, color: bool) -> String {
        let mut out = text::render(&self.report, color);
        push_fixes(&mut out, &self.fixes);
        let _ = writeln!(out, "vnfwiz: nothing was written: {}", self.why);
        if let Some(hint) = &self.hint {
            let _ = writeln!(out, "{hint}");
        }
        out
    }

    fn json(&self) -> serde_json::Value {
        let mut document = json!({"refused": true, "reason": self.why,
               "violations": json_render::violations(&self.report),
               "notes": self.notes, "fixes": self.fixes});
        with_report_counts(&mut document, &self.report);
        document
    }
}

impl PackageInvalid<'_> {
    /// Why nothing was written.
    fn why(&self) -> String {
        format!(
            "the package {} fails its own validation; this is a bug in vnfwiz's package writer or a template layout the package cannot carry",
            self.name
        )
    }

    fn text(&self) -> String {
        let mut out = String::new();
        for v in self.violations {
            let _ = writeln!(
                out,
                "{}: {}:{}:{}:{} {}",
                v.severity().as_str(),
                self.name,
                v.file,
                v.span.line,
                v.span.column,
                v.rule.id
            );
            let _ = writeln!(out, "  {}", v.message);
        }
        let _ = writeln!(out, "vnfwiz: nothing was written: {}", self.why());
        out
    }

    fn json(&self) -> serde_json::Value {
        let violations: Vec<_> = self
            .violations
            .iter()
            .map(|v| json_render::violation(&self.name, v))
            .collect();
        json!({"refused": true, "reason": self.why(), "violations": violations})
    }
}

impl Onboarded<'_> {
    /// The output files of one role.
    fn of(&self, role: FileRole) -> Vec<&str> {
        self.files
            .iter()
            .filter(|(_, r, _)| *r == role)
            .map(|(p, _, _)| p.as_str())
            .collect()
    }

    /// The files holding secrets, with the secret parameters of each.
    fn secrets(&self) -> Vec<(&str, &Vec<String>)> {
        self.files
            .iter()
            .filter(|(_, _, s)| !s.is_empty())
            .map(|(p, _, s)| (p.as_str(), s))
            .collect()
    }

    /// Every secret parameter, sorted once: a package holds every environment file.
    fn all_secrets(&self) -> Vec<String> {
        let mut all: Vec<String> = self
            .files
            .iter()
            .flat_map(|(_, _, s)| s.iter().cloned())
            .collect();
        all.sort();
        all.dedup();
        all
    }

    fn json(&self) -> serde_json::Value {
        let all_secrets = self.all_secrets();
        let mut document = json!({
            "template": self.template,
            "environment": self.environment,
            "nested": self.of(FileRole::Nested),
            "files": self.of(FileRole::Artifact),
            "package": package_json(self.packages, self.out),
            "answers": self.of(FileRole::Answers).first(),
            "violations": json_render::violations(&self.report),
            "warnings": self.notes,
            "package_warnings": self.package_warnings,
            "secrets": self.secrets()
                .iter()
                .map(|(f, p)| json!({"file": f, "parameters": p}))
                .chain(self.secret_packages.iter().map(|f| json!({"file": f, "parameters": all_secrets})))
                .collect::<Vec<_>>(),
            "unset_parameters": self.unset.iter().map(|(n, t)| json!({"name": n, "template": t})).collect::<Vec<_>>(),
            "fixes": self.fixes,
        });
        with_report_counts(&mut document, &self.report);
        document
    }

    fn text(&self, color: bool) -> String {
        let mut out = String::new();
        let kind = match self.kind {
            SourceKind::Ovf => "OVF package",
            SourceKind::Hot => "HOT set",
        };
        let _ = writeln!(
            out,
            "vnfwiz: onboarded {} ({kind}) into {}",
            self.label,
            self.directory.display()
        );
        let _ = writeln!(out, "  template     {}", self.template);
        let _ = writeln!(out, "  environment  {}", self.environment);
        for (title, role) in [
            ("nested", FileRole::Nested),
            ("files", FileRole::Artifact),
            ("answers", FileRole::Answers),
        ] {
            for path in self.of(role) {
                let _ = writeln!(out, "  {title:<12} {path}");
            }
        }
        for (file, names) in self.secrets() {
            let _ = writeln!(
                out,
                "  {file} holds secrets ({}): written with mode 0600, and left out of {ANSWERS_FILE}",
                names.join(", ")
            );
        }
        if !self.unset.is_empty() {
            let names: Vec<String> = self
                .unset
                .iter()
                .map(|(n, t)| format!("{n} ({t})"))
                .collect();
            let _ = writeln!(
                out,
                "  left for stack creation (no value yet): {}",
                names.join(", ")
            );
        }
        for package in self.packages {
            let report = &package.report;
            let name = relative(&package.path, self.out);
            let _ = writeln!(
                out,
                "  package      {name} ({}): {}",
                kind_name(package.kind),
                text::summary(report, color)
            );
            if self.secret_packages.contains(&name) {
                let _ = writeln!(
                    out,
                    "  {name} holds secrets ({}): written with mode 0600",
                    self.all_secrets().join(", ")
                );
            }
            if report.violations().next().is_some() {
                out.push_str(&text::render(report, color));
            }
        }
        for warning in &self.package_warnings {
            let _ = writeln!(out, "warning: {warning}");
        }
        for note in &self.notes {
            let _ = writeln!(out, "{note}");
        }
        push_fixes(&mut out, &self.fixes);
        let (fixed, waived) = (self.fixes.applied.len(), self.report.count_waived(None));
        if fixed + waived > 0 {
            let _ = writeln!(
                out,
                "  {fixed} fix{} applied, {waived} finding{} waived",
                if fixed == 1 { "" } else { "es" },
                if waived == 1 { "" } else { "s" }
            );
        }
        // Waived findings stay visible, each with its reason.
        if self.report.violations().next().is_some() || self.report.waived().next().is_some() {
            out.push_str(&text::render(&self.report, color));
        } else {
            let _ = writeln!(out, "{}", text::summary(&self.report, color));
        }
        out
    }
}

/// Adds a report's `not_checked` files and `summary` to an onboarding's JSON, as
/// `validate --format json` gives them for the same set.
fn with_report_counts(document: &mut serde_json::Value, report: &Report) {
    let Ok(serde_json::Value::Object(mut fields)) =
        serde_json::to_value(json_render::document(report))
    else {
        return;
    };
    if let Some(object) = document.as_object_mut() {
        for key in ["not_checked", "summary"] {
            if let Some(value) = fields.remove(key) {
                object.insert(key.to_owned(), value);
            }
        }
    }
}

/// The report of a resolved set written into `out`, secrets redacted, with its notes;
/// `not_checked` are the evaluation's files not checked (the source's included).
fn build_report(
    resolved: Resolved,
    not_checked: Vec<Unchecked>,
    out: &Path,
) -> (Report, Vec<Note>) {
    let notes = resolved.notes.clone();
    let input = resolved.input.clone();
    let selection = resolved.rules.clone();
    // The set's own texts: hidden values masked (`hot::secrets`).
    let Resolved {
        set: sources,
        violations,
        waived,
        ..
    } = resolved;
    // The set's files are named as `validate <out>/heat` names them.
    let heat = out.join(crate::input::source::HEAT_FOLDER);
    let root = InputRoot::Folder(std::path::absolute(&heat).unwrap_or(heat));
    let rules = selection
        .rules()
        .filter(|r| matches!(r.check, Check::Hot(_)))
        .map(|r| &r.meta)
        .collect();
    let report = Report {
        inputs: vec![InputReport {
            label: input,
            root,
            sources: Box::new(sources),
            violations,
            waived,
            not_checked,
            notes: Vec::new(),
            elapsed: Duration::ZERO,
        }],
        rules,
    };
    (report, notes)
}

/// A path below the output folder, relative to it.
fn relative(path: &Path, out: &Path) -> String {
    path.strip_prefix(out)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// A package kind as `--package` names it.
fn kind_name(kind: PackageKind) -> &'static str {
    match kind {
        PackageKind::Csar => "csar",
        PackageKind::HeatZip => "heat-zip",
    }
}

/// The `package` field: each written package's path and validation report, or null when
/// none was asked for.
fn package_json(packages: &[WrittenPackage], out: &Path) -> serde_json::Value {
    if packages.is_empty() {
        return serde_json::Value::Null;
    }
    packages
        .iter()
        .map(|p| {
            json!({
                "kind": kind_name(p.kind),
                "path": relative(&p.path, out),
                "report": json_render::document(&p.report),
            })
        })
        .collect()
}

/// The fixes applied (`fixed`) and those skipped or dropped (`not fixed`), one a line.
fn push_fixes(out: &mut String, fixes: &Outcome) {
    for line in fixes.lines() {
        let _ = writeln!(out, "{line}");
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::check::rules::Profiles;
    use crate::foundation::diagnostics::Options;
    use crate::foundation::limits::Limits;
    use crate::session::Origin;
    use crate::session::answers::{Answers, EulaAcceptance};
    use crate::transform::package::PackageFormat;

    const VFW_HOT: &str = "tests/fixtures/convert/hot/vfw";
    const VFW_OVF: &str = "tests/fixtures/package/vfw/vfw.ovf";

    /// A session on a source of the repository.
    fn open(path: &str) -> Session {
        Session::open(Path::new(path), &Limits::default()).expect("opens")
    }

    /// Both outputs of a shape, with the temporary folder `tmp` written as `<tmp>`.
    fn both(shown: &Onboarding<'_>, tmp: &Path) -> String {
        let out = format!(
            "--- text ---\n{}--- json ---\n{}",
            shown.text(false),
            shown.json()
        );
        out.replace(&tmp.display().to_string(), "<tmp>")
    }

    /// Onboards with `answers` into a temporary folder; the two outputs.
    fn onboarded(session: &mut Session, answers: &Answers) -> String {
        let limits = Limits::default();
        let evaluation = session.evaluate(&answers.clone().into());
        assert!(evaluation.gate().is_open(), "{:?}", evaluation.gate());
        let tmp = tempfile::tempdir().expect("tempdir");
        let out = tmp.path().join("out");
        let written = session
            .write_outputs(&evaluation, &out, false, &Options::new(&limits))
            .expect("writes");
        let shown = Onboarding::written(session, evaluation, &written, &out);
        both(&shown, tmp.path())
    }

    /// The vFW HOT set checked against the seed rules (a plain Heat set in folders, not an
    /// ONAP-named VNF), with values for two parameters and a secret.
    fn vfw_hot(package: Option<PackageFormat>) -> String {
        let mut session = open(VFW_HOT);
        let seed = Profiles::built_in().selection("seed").expect("built in");
        session.set_rules(seed);
        let mut answers = Answers {
            package,
            ..Answers::default()
        };
        for (key, value, origin) in [
            ("vfw_count", "3", Origin::Argv),
            ("protected_net_cidr", "10.0.5.0/24", Origin::Argv),
            (
                "vfw_admin_password",
                "very-secret-pass",
                Origin::Environment,
            ),
        ] {
            session
                .assign(&mut answers, key, value, origin)
                .expect("a fitting value");
        }
        let shown = onboarded(&mut session, &answers);
        assert!(!shown.contains("very-secret-pass"), "{shown}");
        shown
    }

    #[test]
    fn a_clean_hot_set_lists_its_files_secrets_and_open_parameters() {
        insta::assert_snapshot!(vfw_hot(None));
    }

    #[test]
    fn an_ovf_package_shows_its_warnings_and_notes() {
        let answers = Answers {
            accept_eula: EulaAcceptance::All,
            ..Answers::default()
        };
        insta::assert_snapshot!(onboarded(&mut open(VFW_OVF), &answers));
    }

    #[test]
    fn packages_written_show_their_own_validation_and_secrets() {
        insta::assert_snapshot!(vfw_hot(Some(PackageFormat::Both)));
    }

    #[test]
    fn refused_answers_list_every_problem() {
        let session = open(VFW_HOT);
        let mut answers = Answers::default();
        // As `onboard` does: problems found while assigning first, then those of resolving.
        let assigned: Vec<_> = [("vfw_count", "9"), ("vfw_cuont", "2")]
            .into_iter()
            .filter_map(|(key, value)| session.assign(&mut answers, key, value, Origin::Argv).err())
            .collect();
        let Err(mut refusal) = session.resolve(&answers) else {
            panic!("a value out of range is refused");
        };
        refusal.prepend(assigned);
        assert_eq!(refusal.problems.len(), 2, "{refusal}");
        let shown = Onboarding::Refused(refusal);
        insta::assert_snapshot!(both(&shown, Path::new("/nowhere")));
    }

    #[test]
    fn a_set_breaking_a_must_shows_its_findings_and_writes_nothing() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let input = tmp.path().join("in");
        std::fs::create_dir(&input).expect("mkdir");
        // A module breaking three MUSTs: a default, a parameter read nowhere, no resources.
        let template = concat!(
            "heat_template_version: 2016-10-14\n",
            "description: A DNS module whose image name has a default\n",
            "parameters:\n",
            "  dns_image_name:\n",
            "    type: string\n",
            "    description: Glance image of the DNS servers\n",
            "    default: bind9-9.18.qcow2\n",
            "resources: {}\n",
        );
        std::fs::write(input.join("base_dns.yaml"), template).expect("write");
        std::fs::write(
            input.join("base_dns.env"),
            "parameters:\n  dns_image_name: bind9-9.18.qcow2\n",
        )
        .expect("write");
        let mut session = Session::open(&input, &Limits::default()).expect("opens");
        let evaluation = session.evaluate(&Answers::default().into());
        assert!(evaluation.gate().errors > 0);
        let out = tmp.path().join("out");
        let Ok(shown) = Onboarding::closed(session.kind(), evaluation, &out, None) else {
            panic!("the gate is closed");
        };
        insta::assert_snapshot!(both(&shown, tmp.path()));
    }

    #[test]
    fn a_package_failing_its_own_validation_names_each_finding() {
        let report = super::super::sample::report();
        let violations = &report.inputs[0].violations;
        let shown = Onboarding::package_invalid(Path::new("/out/vdns.csar"), violations);
        insta::assert_snapshot!(both(&shown, Path::new("/nowhere")));
    }
}
