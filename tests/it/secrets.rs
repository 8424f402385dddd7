//! A known secret (an OVF password property, a `hidden` HOT parameter) is given to every
//! command that can see it, through every channel an operator uses, in runs that succeed
//! and runs that fail; every output (stdout and stderr in each format, every written file
//! but the env file meant to hold it, answers.yaml) is grepped for it. The env file holding
//! it is mode 0600 and the operator is told.

use crate::support::binary::{self, convert_fixture, output_text};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Long enough for every length constraint; distinctive enough to grep.
const SECRET: &str = "Zq7-vnfwiz-SECRET-4711";
/// Too short for the constraints (MinLen 12), so the runs holding it fail.
const SHORT_SECRET: &str = "Zq7-SHORT";

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8")
}

/// Runs vnfwiz with `VNFWIZ_SECRET` set to `secret`; returns exit code, stdout + stderr.
fn vnfwiz(args: &[&str], secret: &str) -> (Option<i32>, String) {
    let out = binary::vnfwiz(args, &[("VNFWIZ_SECRET", secret), ("RUST_BACKTRACE", "1")]);
    (out.status.code(), output_text(&out))
}

/// Runs `onboard` of `source` into `out` with `extra` arguments and report `format`, with
/// `VNFWIZ_SECRET` set to `secret`.
fn onboard(
    source: &Path,
    out: &Path,
    extra: &[&str],
    format: &str,
    secret: &str,
) -> (Option<i32>, String) {
    let mut args = vec!["onboard", s(source), "--out", s(out)];
    args.extend_from_slice(extra);
    args.extend(["--format", format]);
    vnfwiz(&args, secret)
}

/// Validates `dir` in every report format; none may show `secret`.
fn validate_clean(dir: &Path, secret: &str) {
    for report in ["text", "json", "sarif", "junit", "html", "csv"] {
        let (_, text) = vnfwiz(&["validate", "--format", report, s(dir)], secret);
        clean(&format!("validate --format {report}"), &text, secret);
    }
}

/// The output of one run must not hold `secret`.
fn clean(what: &str, text: &str, secret: &str) {
    assert!(!text.contains(secret), "{what} shows the secret:\n{text}");
}

/// Every file under `dir` except `allowed` must not hold the secret; `allowed` is mode 0600.
fn files_clean(dir: &Path, allowed: &str, secret: &str) {
    let mut pending = vec![dir.to_path_buf()];
    let mut seen_allowed = false;
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("list").flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
                continue;
            }
            let bytes = std::fs::read(&path).expect("read");
            let holds = String::from_utf8_lossy(&bytes).contains(secret);
            if path.file_name().is_some_and(|n| n == allowed) {
                seen_allowed = true;
                assert!(holds, "{} does not hold the value", path.display());
                let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
                assert_eq!(mode & 0o777, 0o600, "{}", path.display());
            } else {
                assert!(!holds, "{} holds the secret", path.display());
            }
        }
    }
    assert!(seen_allowed, "{allowed} was not written");
}

#[test]
fn a_hidden_parameter_never_leaves_the_env_file() {
    let set = convert_fixture("hot/vfw");
    let tmp = tempfile::tempdir().expect("temp dir");
    let secret_file = tmp.path().join("password.txt");
    std::fs::write(&secret_file, format!("{SECRET}\n")).expect("secret file");
    let file_flag = format!("vfw_admin_password={}", s(&secret_file));
    for (index, format) in ["text", "json"].into_iter().enumerate() {
        for (channel, flag, value) in [
            ("env", "--set-env", "vfw_admin_password=VNFWIZ_SECRET"),
            ("file", "--set-file", file_flag.as_str()),
        ] {
            let out = tmp.path().join(format!("out-{index}-{channel}"));
            let (code, text) = onboard(
                &set,
                &out,
                &["--profile", "seed", flag, value],
                format,
                SECRET,
            );
            assert_eq!(code, Some(0), "{text}");
            clean(
                &format!("onboard --format {format} ({channel})"),
                &text,
                SECRET,
            );
            assert!(text.contains("base_vfw.env"), "{text}");
            let told = match format {
                "json" => text.contains("\"secrets\"") && text.contains("vfw_admin_password"),
                _ => text.contains("base_vfw.env holds secrets") && text.contains("0600"),
            };
            assert!(
                told,
                "the operator is not told about the secret file:\n{text}"
            );
            files_clean(&out, "base_vfw.env", SECRET);
            // Checking the written set shows no secret either.
            validate_clean(&out, SECRET);
        }
    }
}

#[test]
fn a_rejected_secret_is_never_echoed() {
    let set = convert_fixture("hot/vfw");
    let tmp = tempfile::tempdir().expect("temp dir");
    let out = tmp.path().join("out");
    for format in ["text", "json"] {
        // Too short for the length constraint.
        let (code, text) = onboard(
            &set,
            &out,
            &[
                "--profile",
                "seed",
                "--set-env",
                "vfw_admin_password=VNFWIZ_SECRET",
            ],
            format,
            SHORT_SECRET,
        );
        assert_eq!(code, Some(1), "{text}");
        clean("a refused short secret", &text, SHORT_SECRET);
        // On the command line, where it must not be given.
        let argv = format!("vfw_admin_password={SECRET}");
        let (code, text) = onboard(
            &set,
            &out,
            &["--profile", "seed", "--set", &argv],
            format,
            SECRET,
        );
        assert_eq!(code, Some(1), "{text}");
        clean("a secret refused from argv", &text, SECRET);
        assert!(!out.exists(), "a refused run wrote output");
    }
    // A secret that breaks its constraint in an env file is reported, its value masked.
    let copy = tmp.path().join("set");
    std::fs::create_dir_all(copy.join("nested")).expect("folder");
    std::fs::create_dir_all(copy.join("scripts")).expect("folder");
    for name in [
        "base_vfw.yaml",
        "nested/vfw_instance.yaml",
        "scripts/vfw_init.sh",
    ] {
        std::fs::copy(set.join(name), copy.join(name)).expect("copy");
    }
    let env = std::fs::read_to_string(set.join("base_vfw.env")).expect("env");
    std::fs::write(
        copy.join("base_vfw.env"),
        format!("{env}  vfw_admin_password: {SHORT_SECRET}\n"),
    )
    .expect("env");
    validate_clean(&copy, SHORT_SECRET);
}

#[test]
fn an_ovf_password_property_never_leaves_the_env_file() {
    let ovf = convert_fixture("vsbc/vsbc.ovf");
    let answers = convert_fixture("vsbc/answers.yaml");
    let tmp = tempfile::tempdir().expect("temp dir");
    let given = [
        "--answers",
        s(&answers),
        "--set-env",
        "sbc.admin.password=VNFWIZ_SECRET",
    ];
    for format in ["text", "json"] {
        let out = tmp.path().join(format!("out-{format}"));
        let (code, text) = onboard(&ovf, &out, &given, format, SECRET);
        assert_eq!(code, Some(0), "{text}");
        clean(&format!("onboard --format {format}"), &text, SECRET);
        files_clean(&out, "base_vsbc.env", SECRET);
        let out = tmp.path().join(format!("refused-{format}"));
        let (code, text) = onboard(&ovf, &out, &given, format, SHORT_SECRET);
        assert_eq!(code, Some(1), "{text}");
        clean("a refused short OVF password", &text, SHORT_SECRET);
    }
}

/// A secret as a template default: what `hidden_set` writes there.
const DEFAULT_SECRET: &str = "Zq7-vnfwiz-DEFAULT-0815";

/// A HOT set whose hidden parameter has a default in the template and a value in the
/// environment file, each next to something a rule reports and a fix changes.
fn hidden_set(dir: &Path) {
    std::fs::create_dir_all(dir).expect("folder");
    std::fs::write(
        dir.join("base_dns.yaml"),
        format!(
            "heat_template_version: 2016-10-14\ndescription: DNS server\nparameters:\n  dns_admin_password:\n    type: string\n    hidden: true\n    default: {DEFAULT_SECRET}\n  dns_image_name:\n    type: string\n  vnf_id:\n    type: string\n    description: Unique ID for this VNF instance\nresources:\n  dns_server_0:\n    type: OS::Nova::Server\n    properties:\n      image: {{ get_param: dns_image_name }}\n      admin_pass: {{ get_param: dns_admin_password }}\n      flavor: m1.small\n"
        ),
    )
    .expect("template");
    std::fs::write(
        dir.join("base_dns.env"),
        format!(
            "parameters:\n  dns_admin_password: {SECRET}\n  vnf_id: vnf-7\n  dns_image_name: dns-image\n"
        ),
    )
    .expect("env");
}

#[test]
fn hidden_values_never_show_in_any_report_format() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let set = tmp.path().join("set");
    hidden_set(&set);
    for report in ["text", "json", "sarif", "junit", "html", "csv"] {
        let (code, text) = vnfwiz(&["validate", "--format", report, s(&set)], SECRET);
        assert_eq!(code, Some(1), "{text}");
        // The findings point at the lines the values are on: a leak would show.
        assert!(text.contains("R-90526"), "{report}: {text}");
        for secret in [SECRET, DEFAULT_SECRET] {
            clean(&format!("validate --format {report}"), &text, secret);
        }
    }
    // The text report's snippet shows the default's line, masked.
    let (_, text) = vnfwiz(&["validate", s(&set)], SECRET);
    assert!(text.contains("default: *****"), "{text}");
}

#[test]
fn hidden_values_never_show_in_a_fix_diff() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let set = tmp.path().join("set");
    hidden_set(&set);
    for (args, env_changed) in [
        (&["validate", "--fix", "all", "--diff"][..], true),
        (&["validate", "--fix-dry-run"][..], false),
    ] {
        let mut args = args.to_vec();
        args.push(s(&set));
        let (_, text) = vnfwiz(&args, SECRET);
        // The default's line is removed; with `all`, the environment's value is context.
        assert!(text.contains("-    default: *****"), "{args:?}: {text}");
        assert_eq!(
            text.contains(" dns_admin_password: *****"),
            env_changed,
            "{args:?}: {text}"
        );
        for secret in [SECRET, DEFAULT_SECRET] {
            clean(&format!("{args:?}"), &text, secret);
        }
    }
}

#[test]
fn hidden_values_never_show_in_the_wizards_previews() {
    use vnfwiz::session::answers::Answers;
    use vnfwiz::session::{FixOrder, FixView, Session};
    use vnfwiz::transform::fix::{FixLevel, LineKind};

    let tmp = tempfile::tempdir().expect("temp dir");
    let set = tmp.path().join("set");
    hidden_set(&set);
    let mut session =
        Session::open(&set, &vnfwiz::foundation::limits::Limits::default()).expect("opens");
    let answers = Answers::default();
    let leaks = |what: &str, text: &str| {
        for secret in [SECRET, DEFAULT_SECRET] {
            clean(what, text, secret);
        }
    };
    // `F`: every fix at once.
    let plan = session
        .plan_fix(&answers, &FixOrder::Level(FixLevel::All))
        .expect("a plan");
    let diff = plan.preview.unified();
    assert!(diff.contains("*****"), "{diff}");
    leaks("the wizard's plan", &diff);
    // `f`: each violation's own fix.
    let resolved = session.resolve(&answers).expect("resolves");
    let previews = resolved.previews();
    assert!(
        previews
            .iter()
            .any(|p| p.text.contains("dns_admin_password: *****")),
        "{previews:?}"
    );
    for preview in &previews {
        leaks(&format!("the Files tab's {}", preview.path), &preview.text);
    }
    let evaluation = session.evaluate(&answers.clone().into());
    let mut shown = 0;
    for view in evaluation.findings.iter().filter_map(|f| f.fix.as_ref()) {
        if let FixView::Ready(fix) = view {
            for line in fix
                .preview
                .files
                .iter()
                .flat_map(|f| &f.hunks)
                .flat_map(|h| &h.lines)
            {
                shown += usize::from(line.kind == LineKind::Context);
                leaks(&fix.title, &line.text);
            }
        }
    }
    assert!(shown > 0, "no fix preview to look at");
}
