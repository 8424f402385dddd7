//! CSAR-flavour: the VNFD defines at least one deployment flavour (Tacker step 4).

use crate::check::rules::{Check, CsarContext, FILE_START, Findings, Rule};
use crate::foundation::diagnostics::{Keyword, RuleMeta};

/// A VNFD in which Tacker finds no flavour.
pub static RULE: Rule = Rule {
    meta: RuleMeta {
        id: "CSAR-flavour",
        keyword: Keyword::Must,
        section: "SOL004 package, Tacker step 4: deployment flavours",
        summary: "At least one topology template maps the VNF node type with \
                  substitution_mappings.properties.flavour_id set.",
        why: "Tacker takes one deployment flavour per imported topology template whose \
              substitution_mappings set flavour_id (or the main template's own when nothing is \
              imported); with none it refuses the package with \"No VNF flavours are \
              available\", and nothing could be instantiated.",
        fix: "In each Definitions/<vnf>_df_<flavour>.yaml write substitution_mappings: \
              {node_type: <your VNF type>, properties: {flavour_id: <flavour>}} and import the \
              file from the top-level VNFD.",
    },
    check: Check::Csar(check),
};

fn check(context: &CsarContext<'_>, findings: &mut Findings<'_>) {
    let Some(vnfd) = context.vnfd() else {
        return;
    };
    if vnfd.files[0].parsed.is_err() || !vnfd.flavours().is_empty() {
        return;
    }
    let nested: Vec<usize> = vnfd.nested_topologies().collect();
    let file = nested.first().copied().unwrap_or(0);
    let topology = vnfd.topology(file);
    let span = topology
        .and_then(|t| t.key("substitution_mappings"))
        .map(|k| k.span)
        .or_else(|| vnfd.root(file)?.key("topology_template").map(|k| k.span))
        .unwrap_or(FILE_START);
    let message = if nested.is_empty() {
        "no deployment flavour: the main template imports no topology template and its own \
         substitution_mappings set no flavour_id"
            .to_owned()
    } else {
        format!(
            "no deployment flavour: none of the {} imported topology templates sets \
             substitution_mappings.properties.flavour_id",
            nested.len()
        )
    };
    findings.report_at(
        &vnfd.files[file].path,
        span,
        "topology_template.substitution_mappings",
        message,
    );
}
