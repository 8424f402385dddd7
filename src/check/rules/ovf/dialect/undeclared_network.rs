//! OVF-dialect/undeclared-network: every network an adapter connects to is declared in the
//! NetworkSection.

use crate::check::rules::{Check, Findings, OvfContext, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// An adapter's Connection names a network the NetworkSection does not declare.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "OVF-dialect/undeclared-network",
        keyword: Keyword::Should,
        section: "OVF descriptor / VMware dialect",
        summary: "Every network a Connection names is declared by a Network of the NetworkSection.",
        why: "DSP0243 wants every network declared; VMware's exports write the port group a VM sat on (`VM Network`) without declaring it, and vSphere maps the name to a network at deployment. vnfwiz does the same: the network becomes a `{network-role}_net_name` parameter naming an existing Neutron network, which ONAP supplies.",
        fix: "Add <Network ovf:name=\"…\"> with a Description to the NetworkSection.",
    },
    check: Check::Ovf(check),
};

fn check(context: &OvfContext<'_>, findings: &mut Findings<'_>) {
    let Some(envelope) = context.envelope else {
        return;
    };
    for (owner, connection) in envelope.undeclared_connections() {
        findings.report_at(
            context.file,
            connection.span,
            &owner,
            format!(
                "Connection names network `{}`, which the NetworkSection does not declare; read as an existing network the operator (or ONAP) names at deployment",
                connection.value
            ),
        );
    }
}
