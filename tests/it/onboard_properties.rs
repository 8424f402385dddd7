//! Property tests of the onboarding session on the vSBC appliance: any valid answers
//! (option, every property within its qualifiers, scale count, transport) resolve to a
//! set with zero error violations, and the OVF environment Heat would build from the
//! written template and environment is well-formed XML carrying exactly the answers.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;
use serde_json::Value;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::yaml::Node;
use vnfwiz::input::yaml::write::{node, string};
use vnfwiz::session::Session;
use vnfwiz::session::answers::{Answers, EulaAcceptance};
use vnfwiz::transform::convert::EnvTransport;

fn session() -> Session {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/convert/vsbc/vsbc.ovf");
    Session::open(&path, &Limits::default()).expect("opens")
}

fn int(n: i64) -> Node {
    node(vnfwiz::input::yaml::Value::Int(n))
}

/// Heat's `str_replace`: longer keys first, inserted values never scanned again.
fn replace(
    strings: Vec<String>,
    keys: &[String],
    values: &BTreeMap<String, String>,
) -> Vec<String> {
    let Some((key, rest)) = keys.split_first() else {
        return strings;
    };
    strings
        .into_iter()
        .map(|s| {
            let parts: Vec<String> = s
                .split(key.as_str())
                .map(|part| replace(vec![part.to_owned()], rest, values).remove(0))
                .collect();
            parts.join(&values[key])
        })
        .collect()
}

/// A value as Python's `str()` shows it (what `str_replace` inserts).
fn python_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        other => other.to_string(),
    }
}

/// Evaluates `get_param` and `str_replace` the way Heat would.
fn evaluate(value: &Value, parameters: &Value) -> Value {
    match value {
        Value::Object(map) if map.len() == 1 && map.contains_key("get_param") => {
            let name = map["get_param"].as_str().expect("plain get_param");
            parameters[name].clone()
        }
        Value::Object(map) if map.len() == 1 && map.contains_key("str_replace") => {
            let args = &map["str_replace"];
            let template = python_text(&evaluate(&args["template"], parameters));
            let values: BTreeMap<String, String> = args["params"]
                .as_object()
                .expect("params")
                .iter()
                .map(|(k, v)| (k.clone(), python_text(&evaluate(v, parameters))))
                .collect();
            let mut keys: Vec<String> = values.keys().cloned().collect();
            keys.sort();
            keys.sort_by_key(|k| std::cmp::Reverse(k.len()));
            Value::String(replace(vec![template], &keys, &values).remove(0))
        }
        other => other.clone(),
    }
}

/// The properties of an OVF environment document, read by a real XML parser.
fn environment_properties(xml: &str) -> BTreeMap<String, String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut out = BTreeMap::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Empty(element) if element.name().as_ref() == "Property" => {
                let mut key = String::new();
                let mut value = String::new();
                for attribute in element.attributes() {
                    let attribute = attribute.expect("attribute");
                    let text = attribute
                        .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                        .expect("escaped value")
                        .into_owned();
                    match attribute.key.as_ref() {
                        "oe:key" => key = text,
                        "oe:value" => value = text,
                        _ => {}
                    }
                }
                out.insert(key, value);
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

fn text_strategy() -> impl Strategy<Value = String> {
    // Printable ASCII with every character XML or the placeholders care about.
    "[ -~]{0,40}".prop_map(|s| s.replace("@@", "@"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_valid_answers_give_a_clean_set_and_a_faithful_environment(
        option in prop::sample::select(vec!["small", "medium", "large"]),
        site in "[a-z][a-z0-9-]{2,31}",
        timezone in prop::sample::select(vec!["UTC", "Europe/Berlin", "America/New_York"]),
        domain in "[a-z]{4,20}\\.example\\.net",
        port in 1024u16..=65535,
        transport in prop::sample::select(vec!["udp", "tcp", "tls"]),
        sessions in 100u32..=100_000,
        retention in 0u8..=255,
        overcommit in 10u8..=40,
        password in "[!-~]{12,64}",
        tls in any::<bool>(),
        ntp in (1u8..=254, 0u8..=255, 0u8..=255, 1u8..=254),
        dns in text_strategy(),
        count in 2i64..=8,
        env_transport in prop::sample::select(vec![EnvTransport::Personality, EnvTransport::None]),
    ) {
        let ntp = format!("{}.{}.{}.{}", ntp.0, ntp.1, ntp.2, ntp.3);
        let overcommit = f64::from(overcommit) / 10.0;
        let mut answers = Answers {
            accept_eula: EulaAcceptance::All,
            deployment_option: Some(option.to_owned()),
            ovf_env_transport: Some(env_transport),
            ..Answers::default()
        };
        let properties: Vec<(&str, Node)> = vec![
            ("sbc.site.name", string(site.clone())),
            ("sbc.site.timezone", string(timezone)),
            ("sbc.sip.domain", string(domain.clone())),
            ("sbc.sip.port", int(i64::from(port))),
            ("sbc.sip.transport", string(transport)),
            ("sbc.media.sessions", int(i64::from(sessions))),
            ("sbc.cdr.retention_days", int(i64::from(retention))),
            ("sbc.cpu.overcommit", node(vnfwiz::input::yaml::Value::Float(overcommit))),
            ("sbc.admin.password", string(password.clone())),
            ("sbc.tls.enabled", node(vnfwiz::input::yaml::Value::Bool(tls))),
            ("sbc.ntp.server", string(ntp)),
            ("sbc.dns.servers", string(dns.clone())),
        ];
        for (key, value) in properties {
            answers.properties.insert(key.to_owned(), value);
        }
        answers.parameters.insert("mp_count".to_owned(), int(count));
        for cidr in [
            "int_access_subnet_cidr",
            "int_access_vlan101_subnet_cidr",
            "int_access_vlan102_subnet_cidr",
        ] {
            answers.parameters.insert(cidr.to_owned(), string("172.16.0.0/24"));
        }
        let session = session();
        let resolved = session.resolve(&answers).map_err(|r| TestCaseError::fail(r.to_string()))?;
        let errors: Vec<String> = resolved
            .violations
            .iter()
            .filter(|v| v.severity() == vnfwiz::foundation::diagnostics::Severity::Error)
            .map(|v| format!("{}:{} {} {}", v.file, v.span.line, v.rule.id, v.message))
            .collect();
        prop_assert!(errors.is_empty(), "{errors:#?}");

        let file = |name: &str| -> Value {
            let bytes = &resolved.files.iter().find(|f| f.path == name).expect("file").bytes;
            serde_saphyr::from_str(std::str::from_utf8(bytes).expect("utf-8")).expect("YAML")
        };
        let template = file("base_vsbc.yaml");
        let env = file("base_vsbc.env");
        let server = &template["resources"]["sc1_server_0"]["properties"];
        let document = &server["personality"]["/ovf-env.xml"];
        if env_transport == EnvTransport::None {
            prop_assert!(document.is_null());
            return Ok(());
        }
        let xml = evaluate(document, &env["parameters"]);
        let seen = environment_properties(xml.as_str().expect("text"));
        prop_assert_eq!(&seen["sbc.site.name"], &site);
        prop_assert_eq!(&seen["sbc.sip.domain"], &domain);
        prop_assert_eq!(&seen["sbc.admin.password"], &password);
        prop_assert_eq!(&seen["sbc.dns.servers"], &dns);
        prop_assert_eq!(&seen["sbc.build"], "9.2.0-4471");
        prop_assert_eq!(&seen["ovf.deploymentOption"], option);
        prop_assert_eq!(&seen["sbc.sip.port"], &port.to_string());
    }
}
