//! Small hand-made reports the renderer tests share.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use crate::foundation::diagnostics::{
    InputReport, InputRoot, Keyword, LineIndex, Related, Report, RuleMeta, SourceTexts, Span,
    Unchecked, Violation, Waived, WaivedBy, WaivedViolation,
};

/// Files held in memory.
pub struct Texts(pub HashMap<String, String>);

impl SourceTexts for Texts {
    fn text(&self, file: &str) -> Option<Cow<'_, str>> {
        self.0.get(file).map(|t| Cow::Borrowed(t.as_str()))
    }

    fn file_count(&self) -> usize {
        self.0.len()
    }
}

/// An input read from the folder `root`, holding `texts`, with these findings and nothing
/// waived, left unchecked or noted.
pub fn folder_input(
    label: &str,
    root: &str,
    texts: HashMap<String, String>,
    violations: Vec<Violation>,
    elapsed: Duration,
) -> InputReport {
    InputReport {
        label: label.to_owned(),
        root: InputRoot::Folder(PathBuf::from(root)),
        sources: Box::new(Texts(texts)),
        violations,
        waived: Vec::new(),
        not_checked: Vec::new(),
        notes: Vec::new(),
        elapsed,
    }
}

/// A MUST NOT rule.
pub static NO_DEFAULT: RuleMeta = RuleMeta {
    id: "R-90526",
    keyword: Keyword::MustNot,
    section: "parameters / default",
    summary: "A parameter declaration has no `default:`.",
    why: "Defaults hide values from the orchestrator.",
    fix: "Move the value to the environment file.",
};

/// A SHOULD rule with a sub-code.
pub static NAMING: RuleMeta = RuleMeta {
    id: "R-92635/naming",
    keyword: Keyword::Should,
    section: "HOT specification",
    summary: "Names use <lower & upper> \"quotes\" & ampersands.",
    why: "So that escaping is exercised.",
    fix: "Rename it.",
};

const BASE: &str = concat!(
    "heat_template_version: 2016-10-14\n",
    "parameters:\n",
    "  vfw_image_name:\n",
    "    type: string\n",
    "    default: vFW-16.04\n",
    "  vfw_site:\n",
    "    type: string\n",
    "    description: Zürich-Ost <edge> site\n",
    "    default: zrh\n",
);

const ENV: &str = "parameters:\n  vfw_image_name: vFW-16.04\n";

/// A span of `width` bytes at `line`:`column` whose first byte is `start`.
pub fn span(line: u32, column: u32, start: u32, width: u32) -> Span {
    Span {
        line,
        column,
        start,
        end: start + width,
    }
}

/// The span of the first `needle` in `text`.
fn at(text: &str, needle: &str) -> Span {
    let start = text.find(needle).unwrap_or(0);
    let (line, column) = LineIndex::new(text).position(text, start).unwrap_or((1, 1));
    span(
        line as u32,
        column as u32,
        start as u32,
        needle.len() as u32,
    )
}

/// A folder input with an error, a warning with a related place and a violation in a file
/// whose text is not available.
pub fn report() -> Report {
    let mut texts = HashMap::new();
    texts.insert("base_vfw.yaml".to_owned(), BASE.to_owned());
    texts.insert("base_vfw.env".to_owned(), ENV.to_owned());
    let violations = vec![
        Violation {
            rule: &NO_DEFAULT,
            file: "base_vfw.yaml".to_owned(),
            span: at(BASE, "default: vFW"),
            path: "parameters.vfw_image_name.default".to_owned(),
            message: "parameter `vfw_image_name` declares a default".to_owned(),
            related: vec![Related {
                file: "base_vfw.env".to_owned(),
                span: at(ENV, "vfw_image_name"),
                message: "the environment sets it too".to_owned(),
            }],
            also: Vec::new(),
        },
        Violation {
            rule: &NAMING,
            file: "base_vfw.yaml".to_owned(),
            span: at(BASE, "<edge>"),
            path: "parameters.vfw_site.description".to_owned(),
            message: "odd <name> & \"quote\"\u{1}".to_owned(),
            related: Vec::new(),
            also: Vec::new(),
        },
        Violation {
            rule: &NAMING,
            file: "nested/missing vm.yaml".to_owned(),
            span: span(3, 7, 40, 0),
            path: String::new(),
            message: "a file without text".to_owned(),
            related: vec![Related {
                file: "nested/gone.yaml".to_owned(),
                span: span(1, 1, 0, 0),
                message: "referenced from here".to_owned(),
            }],
            also: Vec::new(),
        },
    ];
    Report {
        inputs: vec![folder_input(
            "vfw",
            "/srv/vnf/vfw",
            texts,
            violations,
            Duration::from_millis(12),
        )],
        rules: vec![&NO_DEFAULT, &NAMING],
    }
}

/// A MUST NOT rule naming one form of external address parameter.
pub static EXTERNAL_IPV4: RuleMeta = RuleMeta {
    id: "R-39841",
    keyword: Keyword::MustNot,
    section: "Neutron Parameters / Property: fixed_ips, Map Property: ip_address",
    summary: "A `{vm-type}_{network-role}_ip_{index}` parameter has no value in the environment.",
    why: "ONAP assigns external addresses.",
    fix: "Delete the entry from the environment file.",
};

/// Its twin: the same requirement for every form of external address parameter.
pub static EXTERNAL_ANY: RuleMeta = RuleMeta {
    id: "R-62590",
    keyword: Keyword::MustNot,
    section: "Neutron Parameters / Property: fixed_ips, Map Property: ip_address",
    summary: "No external fixed address parameter has a value in the environment.",
    why: "ONAP assigns external addresses.",
    fix: "Delete the entry from the environment file.",
};

/// One defect breaking two twin requirements: one finding carrying both ids.
pub fn twins() -> Report {
    const ENV: &str = "parameters:\n  vfw_unprotected_ip_0: 10.0.0.5\n";
    let mut texts = HashMap::new();
    texts.insert("base_vfw.env".to_owned(), ENV.to_owned());
    Report {
        inputs: vec![folder_input(
            "vfw",
            "/srv/vnf/vfw",
            texts,
            vec![Violation {
                rule: &EXTERNAL_IPV4,
                file: "base_vfw.env".to_owned(),
                span: at(ENV, "vfw_unprotected_ip_0"),
                path: "parameters.vfw_unprotected_ip_0".to_owned(),
                message: "`vfw_unprotected_ip_0` sets the fixed IPv4 address of a port on an \
                          external network"
                    .to_owned(),
                related: Vec::new(),
                also: vec![&EXTERNAL_ANY],
            }],
            Duration::from_millis(3),
        )],
        rules: vec![&EXTERNAL_IPV4, &EXTERNAL_ANY],
    }
}

/// The sample input read as a template given alone, with the environment file beside it.
pub fn paired() -> Report {
    let mut report = report();
    report.inputs[0].notes.push(
        "base_vfw.yaml: checked with base_vfw.env, the environment file of its name beside it"
            .to_owned(),
    );
    report
}

/// The sample report with its error waived by the config (until a day) and its
/// warning by a baseline: one counted violation left.
pub fn waived() -> Report {
    let mut report = report();
    let input = &mut report.inputs[0];
    let warning = input.violations.remove(1);
    let error = input.violations.remove(0);
    input.waived = vec![
        WaivedViolation {
            violation: error,
            waived: Waived {
                reason: "the vendor pins its image; ticket 42".to_owned(),
                by: WaivedBy::Config,
                until: Some("2027-06-30".to_owned()),
                at: Some("vnfwiz.toml:3".to_owned()),
            },
        },
        WaivedViolation {
            violation: warning,
            waived: Waived {
                reason: "in the baseline vfw.baseline.json".to_owned(),
                by: WaivedBy::Baseline,
                until: None,
                at: Some("vfw.baseline.json:5".to_owned()),
            },
        },
    ];
    report
}

/// The sample input and a clean zip input holding a Helm chart that is not checked.
pub fn two_inputs() -> Report {
    let mut report = report();
    report.inputs.push(InputReport {
        label: "dns.zip".to_owned(),
        root: InputRoot::Archive(PathBuf::from("/srv/vnf/dns.zip")),
        sources: Box::new(Texts(HashMap::new())),
        violations: Vec::new(),
        waived: Vec::new(),
        not_checked: vec![Unchecked {
            file: "charts/dns/Chart.yaml".to_owned(),
            reason: "a Helm chart's description, not a Heat template".to_owned(),
        }],
        notes: Vec::new(),
        elapsed: Duration::from_millis(2),
    });
    report
}

/// One file with `n` parameters, each with a default: `n` violations.
pub fn many(n: u32) -> Report {
    let mut text = String::from("parameters:\n");
    let mut violations = Vec::new();
    for i in 0..n {
        let start = text.len() as u32;
        text.push_str(&format!("  p{i}: {{default: x}}\n"));
        violations.push(Violation {
            rule: &NO_DEFAULT,
            file: "big.yaml".to_owned(),
            span: span(i + 2, 3, start + 2, 2),
            path: format!("parameters.p{i}.default"),
            message: format!("parameter `p{i}` declares a default"),
            related: Vec::new(),
            also: Vec::new(),
        });
    }
    let mut texts = HashMap::new();
    texts.insert("big.yaml".to_owned(), text);
    Report {
        inputs: vec![folder_input(
            "big",
            "/srv/big",
            texts,
            violations,
            Duration::ZERO,
        )],
        rules: vec![&NO_DEFAULT, &NAMING],
    }
}
