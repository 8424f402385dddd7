//! Twin requirements: ONAP's catalogue often says one thing twice, once for a whole family
//! (R-62590: no external fixed address parameter of any of four forms in the environment
//! file) and once for each member (R-39841: the `…_ip_{index}` form), or once in general
//! (R-86285: every module has its environment file) and once per module kind (R-38474: the
//! base module). One defect then breaks both, at one place. It is reported once: one finding
//! under the first twin the selection runs, carrying the others in `Violation::also`.
//!
//! A selection naming any twin runs them all, so a finding knows every id it breaks; it is
//! reported when the selection includes any of its ids and skips none of them
//! (`--skip-rules R-62590` hides the finding shared with R-39841).

use crate::foundation::diagnostics::{RuleMeta, Violation};

use super::registry::find;
use super::selection::Selection;

/// Requirements that say the same thing about one place, in the order a finding names them.
pub struct Twins {
    /// The ids, the one naming the defect most exactly first.
    pub ids: &'static [&'static str],
    /// What they both ask, for the rules' documentation.
    pub what: &'static str,
}

/// Every pair of twins in the catalogue (found by reading each requirement's text).
pub static TWINS: &[Twins] = &[
    Twins {
        ids: &["R-38474", "R-86285"],
        what: "the base module has its environment file",
    },
    Twins {
        ids: &["R-81725", "R-86285"],
        what: "an incremental module has its environment file",
    },
    Twins {
        ids: &["R-53433", "R-86285"],
        what: "a volume module has its environment file",
    },
    Twins {
        ids: &["R-92635/no-template", "R-37028"],
        what: "a set holds a template (a set of environment files alone has no base module)",
    },
    Twins {
        ids: &["R-27078", "R-92635/template-version"],
        what: "a template declares its `heat_template_version`",
    },
    Twins {
        ids: &["R-95303", "R-92635/yaml-syntax"],
        what: "a template or environment file is valid YAML",
    },
    Twins {
        ids: &["R-599443", "R-92635/env-parameter"],
        what: "an environment file's parameter is declared by its module",
    },
    Twins {
        ids: &["R-11441", "R-92635/parameter-definition"],
        what: "a parameter's `type:` is one of the five HOT types",
    },
    Twins {
        ids: &["R-36772", "R-92635/parameter-definition"],
        what: "a parameter is declared with a `type:`",
    },
    Twins {
        ids: &["R-57282", "R-304011"],
        what: "a server reads the `image` parameter of its own `{vm-type}`, not another's",
    },
    Twins {
        ids: &["R-40499", "R-304011"],
        what: "a server reads the `flavor` parameter of its own `{vm-type}`, not another's",
    },
    Twins {
        ids: &["R-71699", "R-53952"],
        what: "a resource type (here a nested template) is not fetched over HTTP",
    },
    Twins {
        ids: &["R-39841", "R-62590"],
        what: "an external port's fixed IPv4 address parameter is not in the environment file",
    },
    Twins {
        ids: &["R-87123", "R-62590"],
        what: "an external port's fixed IPv6 address parameter is not in the environment file",
    },
    Twins {
        ids: &["R-98905", "R-62590"],
        what: "an external port's IPv4 address list parameter is not in the environment file",
    },
    Twins {
        ids: &["R-93030", "R-62590"],
        what: "an external port's IPv6 address list parameter is not in the environment file",
    },
    Twins {
        ids: &["R-28795", "R-93496"],
        what: "an internal port's fixed IPv4 address parameter is in the environment file",
    },
    Twins {
        ids: &["R-97201", "R-93496"],
        what: "an internal port's fixed IPv6 address parameter is in the environment file",
    },
    Twins {
        ids: &["R-90206", "R-93496"],
        what: "an internal port's IPv4 address list parameter is in the environment file",
    },
    Twins {
        ids: &["R-98569", "R-93496"],
        what: "an internal port's IPv6 address list parameter is in the environment file",
    },
    Twins {
        ids: &["R-100020", "R-100170"],
        what: "an external instance IP's IPv4 address parameter is not in the environment file",
    },
    Twins {
        ids: &["R-100060", "R-100170"],
        what: "an external instance IP's IPv6 address parameter is not in the environment file",
    },
    Twins {
        ids: &["R-100040", "R-100170"],
        what: "an external instance IP's IPv4 address list parameter is not in the \
               environment file",
    },
    Twins {
        ids: &["R-100080", "R-100170"],
        what: "an external instance IP's IPv6 address list parameter is not in the \
               environment file",
    },
    Twins {
        ids: &["R-100100", "R-100180"],
        what: "an internal instance IP's IPv4 address parameter is in the environment file",
    },
    Twins {
        ids: &["R-100140", "R-100180"],
        what: "an internal instance IP's IPv6 address parameter is in the environment file",
    },
    Twins {
        ids: &["R-100120", "R-100180"],
        what: "an internal instance IP's IPv4 address list parameter is in the environment \
               file",
    },
    Twins {
        ids: &["R-100160", "R-100180"],
        what: "an internal instance IP's IPv6 address list parameter is in the environment \
               file",
    },
];

/// The ids that are twins of `id`, each once.
pub fn twins_of(id: &str) -> impl Iterator<Item = &'static str> + '_ {
    let mut seen: Vec<&'static str> = Vec::new();
    TWINS
        .iter()
        .filter(move |t| t.ids.contains(&id))
        .flat_map(|t| t.ids.iter().copied())
        .filter(move |twin| *twin != id)
        .filter(move |twin| {
            let new = !seen.contains(twin);
            if new {
                seen.push(twin);
            }
            new
        })
}

/// Where `id` stands among the twins of `others` (lower first): its place in the first twin
/// list holding it and one of them.
fn rank(id: &str, others: &[&str]) -> usize {
    TWINS
        .iter()
        .filter(|t| t.ids.contains(&id) && others.iter().any(|o| *o != id && t.ids.contains(o)))
        .find_map(|t| t.ids.iter().position(|i| *i == id))
        .unwrap_or(usize::MAX)
}

/// True when `a` and `b` are twins.
fn are_twins(a: &str, b: &str) -> bool {
    a != b
        && TWINS
            .iter()
            .any(|t| t.ids.contains(&a) && t.ids.contains(&b))
}

/// Joins the findings of twins at one place into one, and keeps the findings `selection`
/// reports; `found` comes from running `selection` with every twin of its rules. The result
/// is sorted by place.
pub(super) fn merge(mut found: Vec<Violation>, selection: &Selection) -> Vec<Violation> {
    found.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    let mut out = Vec::with_capacity(found.len());
    let mut rest = found.into_iter().peekable();
    while let Some(first) = rest.next() {
        let mut place = vec![first];
        while let Some(next) = rest.next_if(|v| {
            v.file == place[0].file
                && v.span.line == place[0].span.line
                && v.span.column == place[0].span.column
        }) {
            place.push(next);
        }
        for group in twin_groups(place) {
            if let Some(finding) = joined(group, selection) {
                out.push(finding);
            }
        }
    }
    out.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    out
}

/// The findings of one place split into groups of twins (most groups hold one finding).
fn twin_groups(place: Vec<Violation>) -> Vec<Vec<Violation>> {
    let mut groups: Vec<Vec<Violation>> = Vec::new();
    for v in place {
        match groups
            .iter_mut()
            .find(|g| g.iter().any(|other| are_twins(other.rule.id, v.rule.id)))
        {
            Some(group) => group.push(v),
            None => groups.push(vec![v]),
        }
    }
    groups
}

/// One finding for a group of twins' findings at one place: the first of them the selection
/// runs, carrying the others; `None` when the selection reports none of their ids.
fn joined(mut group: Vec<Violation>, selection: &Selection) -> Option<Violation> {
    if group.iter().any(|v| selection.skips(v.rule.id)) {
        return None;
    }
    let ids: Vec<&str> = group.iter().map(|v| v.rule.id).collect();
    group.sort_by_key(|v| rank(v.rule.id, &ids));
    let primary = group.iter().position(|v| selection.runs(v.rule.id))?;
    let mut finding = group.remove(primary);
    for twin in group {
        for related in twin.related {
            if !finding.related.contains(&related) {
                finding.related.push(related);
            }
        }
        finding.also.push(twin.rule);
    }
    Some(finding)
}

/// The metadata of every twin in the catalogue (each registered), for documentation.
pub fn documented() -> Vec<(Vec<&'static RuleMeta>, &'static str)> {
    TWINS
        .iter()
        .map(|t| {
            let metas = t.ids.iter().filter_map(|id| find(id)).map(|r| &r.meta);
            (metas.collect(), t.what)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::Span;

    fn finding(id: &str, line: u32) -> Violation {
        Violation {
            rule: &find(id).expect("registered").meta,
            file: "base_vfw.env".to_owned(),
            span: Span {
                line,
                column: 3,
                start: 0,
                end: 0,
            },
            path: String::new(),
            message: format!("broken {id}"),
            related: Vec::new(),
            also: Vec::new(),
        }
    }

    fn shown(found: &[Violation]) -> Vec<String> {
        found
            .iter()
            .map(|v| format!("{}:{}", v.ids().collect::<Vec<_>>().join("+"), v.span.line))
            .collect()
    }

    #[test]
    fn every_twin_is_a_registered_rule_and_each_list_holds_two() {
        for twins in TWINS {
            assert!(twins.ids.len() >= 2, "{:?}", twins.ids);
            for id in twins.ids {
                assert!(find(id).is_some(), "{id} is not registered");
            }
        }
        assert_eq!(documented().len(), TWINS.len());
    }

    #[test]
    fn twins_at_one_place_become_one_finding_under_the_first_selected() {
        let found = vec![
            finding("R-62590", 2),
            finding("R-39841", 2),
            finding("R-62590", 3),
            finding("R-87123", 3),
            finding("R-90526", 2),
        ];
        let all = Selection::all();
        assert_eq!(
            shown(&merge(found.clone(), &all)),
            ["R-39841+R-62590:2", "R-90526:2", "R-87123+R-62590:3"]
        );
        // Selected by any of its ids, named first by the one selected.
        let general = Selection::only(&["R-62590"]).unwrap();
        assert_eq!(
            shown(&merge(found.clone(), &general)),
            ["R-62590+R-39841:2", "R-62590+R-87123:3"]
        );
        // Skipping any of its ids hides it.
        let skipped = Selection::all().skipping(&["R-62590"]).unwrap();
        assert_eq!(shown(&merge(found, &skipped)), ["R-90526:2"]);
    }

    #[test]
    fn a_lone_finding_of_a_twin_the_selection_does_not_run_is_dropped() {
        let found = vec![finding("R-62590", 4), finding("R-39841", 5)];
        let specific = Selection::only(&["R-39841"]).unwrap();
        assert_eq!(shown(&merge(found, &specific)), ["R-39841:5"]);
    }

    #[test]
    fn twins_are_listed_both_ways() {
        let of_general: Vec<_> = twins_of("R-62590").collect();
        assert_eq!(of_general, ["R-39841", "R-87123", "R-98905", "R-93030"]);
        assert_eq!(twins_of("R-39841").collect::<Vec<_>>(), ["R-62590"]);
        assert_eq!(twins_of("R-90526").count(), 0);
    }

    #[test]
    fn a_selection_with_twins_runs_every_twin_of_its_rules_both_ways() {
        let general = Selection::only(&["R-62590"]).unwrap().with_twins();
        for id in ["R-62590", "R-39841", "R-87123", "R-98905", "R-93030"] {
            assert!(general.includes_id(id), "{id}");
        }
        let specific = Selection::only(&["R-39841"]).unwrap().with_twins();
        assert!(specific.includes_id("R-62590"));
        assert!(
            !specific.includes_id("R-87123"),
            "a twin's twin is not brought in"
        );
        let lone = Selection::only(&["R-90526"]).unwrap();
        assert_eq!(
            lone.with_twins().rules().count(),
            lone.rules().count(),
            "a rule without twins brings nothing"
        );
    }
}
