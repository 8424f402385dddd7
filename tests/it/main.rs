//! The integration tests as one binary: each module is a former `tests/<name>.rs`, so a
//! test is named `<name>::<test>` (`cargo test --test it onboard::`), and the binary links
//! once instead of once per file.

mod support;

mod capabilities;
mod capabilities_cli;
mod cli_shell;
mod cli_validate;
mod convert_properties;
mod convert_snapshots;
mod corpus_capabilities;
mod corpus_csar;
mod corpus_fixes;
mod corpus_govmomi;
mod corpus_hot;
mod corpus_onboard;
mod corpus_ovf;
mod corpus_reports;
mod csar_cli;
mod faces;
mod faults;
mod fix_properties;
mod fixes;
mod fixes_cli;
mod heat_oracle;
mod hostile;
mod hot_sets;
mod hot_spec;
mod html_report;
mod limits;
mod lsp;
mod onap_coverage;
mod onap_demo_fixes;
mod onap_rules_cli;
mod onboard;
mod onboard_properties;
mod ovf_hostile;
mod ovf_inspect;
mod ovf_integrity;
mod package_write;
mod pre_commit;
mod rule_fixtures;
mod rule_selection_cli;
mod rules_doc;
mod sample_package;
mod secrets;
mod session;
mod vendor_appliances;
mod vmware_dialect;
mod waivers;
mod wizard_e2e;
