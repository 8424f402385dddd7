//! The session API the wizard builds on: questions, typed assignment, checks and resolve,
//! for an OVF package (the vSBC appliance) and a HOT set (the vFW).

use std::path::Path;

use crate::support::binary::convert_fixture;
use vnfwiz::foundation::limits::Limits;
use vnfwiz::input::yaml::Value;
use vnfwiz::session::answers::{Answers, EulaAcceptance};
use vnfwiz::session::{FileRole, Origin, Session, SourceKind};

fn open(path: &str) -> Session {
    Session::open(&convert_fixture(path), &Limits::default()).expect("opens")
}

#[test]
fn an_ovf_package_asks_for_its_eula_option_properties_and_open_parameters() {
    let session = open("vsbc/vsbc.ovf");
    assert_eq!(session.kind(), SourceKind::Ovf);
    assert_eq!(session.name(), "vsbc");
    let questions = session.questions();

    assert_eq!(questions.eulas.len(), 1);
    assert_eq!(questions.eulas[0].system, "vsbc");
    assert!(
        questions.eulas[0]
            .text
            .starts_with("Northwind vSBC is licensed")
    );
    assert_eq!(questions.eulas[0].sha256.len(), 64);

    let ids: Vec<&str> = questions.options.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["small", "medium", "large"]);
    assert!(questions.options[1].default);
    let large_sc1 = questions.options[2]
        .hardware
        .iter()
        .find(|h| h.system == "sc1")
        .expect("sc1");
    assert_eq!(
        (large_sc1.vcpus, large_sc1.memory_mib),
        (Some(8), Some(16384))
    );

    let categories: Vec<Option<&str>> = questions
        .properties
        .iter()
        .map(|g| g.category.as_deref())
        .collect();
    assert_eq!(
        categories,
        [
            Some("Site"),
            Some("Signalling"),
            Some("Capacity"),
            Some("Security"),
            Some("Services")
        ]
    );
    let all: Vec<_> = questions
        .properties
        .iter()
        .flat_map(|g| g.properties.iter())
        .collect();
    let find = |key: &str| all.iter().find(|p| p.key == key).expect(key);
    let sessions = find("sbc.media.sessions");
    assert_eq!(sessions.type_name, "uint32");
    assert_eq!(sessions.defaults["small"].as_deref(), Some("2000"));
    assert_eq!(sessions.default.as_deref(), Some("10000"));
    assert_eq!(sessions.valid, ["a whole number from 100 to 100000"]);
    let password = find("sbc.admin.password");
    assert!(password.password && !password.has_default && password.default.is_none());
    assert!(!find("sbc.sip.domain").has_default);
    assert!(
        !all.iter().any(|p| p.key == "sbc.build"),
        "fixed properties are not asked"
    );

    let parameters: Vec<_> = questions
        .parameters
        .iter()
        .flat_map(|g| g.parameters.iter())
        .collect();
    let names: Vec<&str> = parameters.iter().map(|p| p.name.as_str()).collect();
    for open in [
        "mp_count",
        "int_access_subnet_cidr",
        "sc1_image_name",
        "oam_net_name",
    ] {
        assert!(names.contains(&open), "{open} in {names:?}");
    }
    assert!(
        !names.contains(&"sbc_site_name"),
        "sbc_site_name is answered through the OVF"
    );
    let count = parameters
        .iter()
        .find(|p| p.name == "mp_count")
        .expect("count");
    assert_eq!(count.value.as_deref(), Some("2"));
    assert_eq!(count.constraints, ["range: {min: 2, max: 8}"]);
    let cidr = parameters
        .iter()
        .find(|p| p.name == "int_access_subnet_cidr")
        .expect("cidr");
    assert!(!cidr.has_value);
    assert_eq!(questions.transports, ["personality", "user_data", "none"]);
}

#[test]
fn assigned_text_is_typed_and_secrets_from_argv_are_refused() {
    let session = open("vsbc/vsbc.ovf");
    let mut answers = Answers::default();
    session
        .assign(&mut answers, "sbc.sip.port", "5070", Origin::Argv)
        .expect("assigned");
    assert_eq!(answers.properties["sbc.sip.port"].value, Value::Int(5070));
    session
        .assign(&mut answers, "site.name", "hh-01", Origin::Argv)
        .expect("a unique plain key names its property");
    assert!(answers.properties.contains_key("sbc.site.name"));
    session
        .assign(&mut answers, "mp_count", "3", Origin::Argv)
        .expect("a generated parameter");
    assert_eq!(answers.parameters["mp_count"].value, Value::Int(3));
    let problem = session
        .assign(&mut answers, "sbc.admin.password", "x", Origin::Argv)
        .expect_err("secret");
    assert_eq!(problem.rule, "secret");
    session
        .assign(
            &mut answers,
            "sbc.admin.password",
            "from-a-file-123",
            Origin::File,
        )
        .expect("from a file");
    assert!(session.is_secret("sbc.admin.password"));
    assert!(!session.is_secret("sbc.site.name"));
}

#[test]
fn check_lists_every_problem_and_resolve_gives_the_set_in_memory() {
    let session = open("vsbc/vsbc.ovf");
    let mut answers = Answers::default();
    let problems = session.check(&answers);
    let subjects: Vec<&str> = problems.iter().map(|p| p.subject.as_str()).collect();
    assert_eq!(subjects, ["EULA of vsbc"]);
    assert!(session.resolve(&answers).is_err());
    // Values no default gives are left for instantiation, or required when asked.
    assert_eq!(
        session.left_open(&answers),
        ["property sbc.sip.domain", "property sbc.admin.password"]
    );
    answers.require_all_values = true;
    let problems = session.check(&answers);
    let subjects: Vec<&str> = problems.iter().map(|p| p.subject.as_str()).collect();
    assert_eq!(
        subjects,
        [
            "EULA of vsbc",
            "property sbc.sip.domain",
            "property sbc.admin.password"
        ]
    );
    assert!(session.left_open(&answers).is_empty());
    answers.require_all_values = false;

    answers.accept_eula = EulaAcceptance::All;
    for (key, value) in [
        ("sbc.sip.domain", "sip.example.net"),
        ("sbc.admin.password", "correct-horse-battery"),
    ] {
        session
            .assign(&mut answers, key, value, Origin::File)
            .expect("assigned");
    }
    assert!(session.check(&answers).is_empty());
    let resolved = session.resolve(&answers).expect("resolves");
    assert!(!resolved.has_errors(), "{:?}", resolved.violations);
    assert_eq!(resolved.template, "base_vsbc.yaml");
    assert_eq!(resolved.environment, "base_vsbc.env");
    let role = |path: &str| {
        resolved
            .files
            .iter()
            .find(|f| f.path == path)
            .map(|f| f.role)
    };
    assert_eq!(role("base_vsbc.yaml"), Some(FileRole::Template));
    assert_eq!(role("vsbc_mp.yaml"), Some(FileRole::Nested));
    assert_eq!(role("db.conf"), Some(FileRole::Artifact));
    assert_eq!(role("answers.yaml"), Some(FileRole::Answers));
    let env = resolved
        .files
        .iter()
        .find(|f| f.path == "base_vsbc.env")
        .expect("env");
    assert_eq!(env.secrets, ["sbc_admin_password"]);
    let unset: Vec<&str> = resolved.unset.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        unset,
        [
            "int_access_subnet_cidr",
            "int_access_vlan101_subnet_cidr",
            "int_access_vlan102_subnet_cidr",
            // ONAP supplies these at instantiation, so the environment leaves them open.
            "vnf_id",
            "vnf_name",
            "vf_module_id",
            "availability_zone_0",
            "availability_zone_1",
            "db_name_0",
            "oam_net_name",
            "sc1_name_0",
            "sc2_name_0",
            "mp_names"
        ]
    );
    // The only notes say which flavor each system needs in the cloud (ONAP reads flavors by
    // name).
    assert_eq!(resolved.notes.len(), 4, "{:?}", resolved.notes);
    assert!(
        resolved
            .notes
            .iter()
            .all(|n| n.message.contains("create flavor")),
        "{:?}",
        resolved.notes
    );
}

#[test]
fn a_hot_set_asks_for_its_parameters_by_group() {
    let session = open("hot/vfw");
    assert_eq!(session.kind(), SourceKind::Hot);
    let questions = session.questions();
    assert!(questions.eulas.is_empty() && questions.options.is_empty());
    let labels: Vec<Option<&str>> = questions
        .parameters
        .iter()
        .map(|g| g.label.as_deref())
        .collect();
    assert_eq!(labels, [Some("Images and flavors"), Some("Sizing"), None]);
    let password = questions.parameters[2]
        .parameters
        .iter()
        .find(|p| p.name == "vfw_admin_password")
        .expect("password");
    assert!(password.hidden && password.value.is_none() && !password.has_value);
    assert_eq!(
        questions.parameters[1].parameters[0].value.as_deref(),
        Some("2")
    );
    assert!(session.is_secret("vfw_admin_password"));

    let mut answers = Answers::default();
    session
        .assign(&mut answers, "vfw_count", "4", Origin::Argv)
        .expect("typed");
    assert_eq!(answers.parameters["vfw_count"].value, Value::Int(4));
    session
        .assign(&mut answers, "vfw_count", "7", Origin::Argv)
        .expect("typed");
    let problems = session.check(&answers);
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].rule, "range");
    assert_eq!(problems[0].choices, ["range: {min: 1, max: 6}"]);
}

#[test]
fn capability_answers_on_a_set_without_choices_are_problems() {
    let session = open("hot/vfw");
    let mut answers = Answers::default();
    answers
        .capabilities
        .insert("OS::Example::Lb".to_owned(), "lb.yaml".to_owned());
    answers
        .requires
        .insert("dataplane".to_owned(), "dpdk".to_owned());
    let problems = session.check(&answers);
    let subjects: Vec<&str> = problems.iter().map(|p| p.subject.as_str()).collect();
    assert_eq!(
        subjects,
        ["capabilities OS::Example::Lb", "requires dataplane"],
        "{problems:#?}"
    );
    assert!(
        problems[0].message.contains("offers no choice"),
        "{problems:#?}"
    );
    assert!(session.questions().capabilities.is_none());
}

#[test]
fn a_composed_set_asks_its_choices_and_recomputes_parameters_after_each() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/capabilities/router_params");
    let session = Session::open(&path, &Limits::default()).expect("opens");
    let names = |answers: &Answers| -> Vec<String> {
        let mut names: Vec<String> = session
            .questions_for(answers)
            .parameters
            .iter()
            .flat_map(|g| g.parameters.iter().map(|p| p.name.clone()))
            .collect();
        names.sort();
        names
    };
    let questions = session.questions();
    let summary = questions.capabilities.expect("the set offers choices");
    let engine = &summary.resource_types["OS::VNF::RoutingEngine"];
    assert_eq!(engine.candidates.len(), 2);
    // ONAP supplies the ids, the names and the network at instantiation: the environment leaves
    // them open (R-22838, R-29872), so they stay among the module's parameters.
    let module = [
        "core_net_id",
        "vf_module_id",
        "vnf_id",
        "vnf_name",
        "vrouter_flavor_name",
        "vrouter_image_name",
        "vrouter_names",
    ];
    assert_eq!(names(&Answers::default()), module);

    let mut answers = Answers::default();
    answers.capabilities.insert(
        "OS::VNF::RoutingEngine".to_owned(),
        "engines/frr_engine.yaml".to_owned(),
    );
    let frr = names(&answers);
    assert!(frr.contains(&"bgp_asn".to_owned()), "{frr:?}");
    assert!(frr.contains(&"bgp_router_id".to_owned()), "{frr:?}");
    assert!(session.check(&answers).is_empty());
    let resolved = session.resolve(&answers).expect("resolves");
    assert!(!resolved.has_errors(), "{:#?}", resolved.violations);
    assert!(resolved.files.iter().any(|f| f.path == "frr_engine.yaml"));

    answers.capabilities.insert(
        "OS::VNF::RoutingEngine".to_owned(),
        "engines/vpp_engine.yaml".to_owned(),
    );
    // The environment's parameter_defaults cover the hugepages; the worker count is open.
    let vpp = names(&answers);
    assert!(vpp.contains(&"vpp_worker_count".to_owned()), "{vpp:?}");
    assert!(!vpp.contains(&"vpp_hugepages_gb".to_owned()), "{vpp:?}");
    assert!(!vpp.contains(&"bgp_asn".to_owned()), "{vpp:?}");
    session
        .assign(&mut answers, "vpp_worker_count", "40", Origin::Argv)
        .expect("assigned");
    let problems = session.check(&answers);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(
        problems[0].subject,
        "parameter vpp_worker_count of engines/vpp_engine.yaml"
    );
}
