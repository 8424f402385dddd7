//! OVF-dialect/os-id: An OperatingSystemSection's ovf:id is one of CIM's operating system types.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};
use crate::model::ovf::NoticeKind;

/// Reported from the notices made while reading the descriptor; the descriptor is read as
/// the message says.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/os-id",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "An OperatingSystemSection's ovf:id is one of CIM's operating system types.",
        why: "The id names the guest OS through CIM_OperatingSystem's OsType values; another id (or text) says nothing a deployer can use. vnfwiz keeps the section's description and vmw:osType.",
        fix: "Use the CIM OsType number of the guest (36 Linux, 101 Linux 64-bit, 1 Other, …).",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    super::super::report_notices(context, findings, NoticeKind::OsId);
}
