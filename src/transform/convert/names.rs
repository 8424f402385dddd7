//! Names ONAP accepts (R-25877 parameters, R-75141 resources: ASCII letters, digits and
//! underscores), unique and stable: the same descriptor always gives the same names.

use std::collections::HashSet;

/// Reduces text to `[A-Za-z0-9_]`: every run of other characters becomes one underscore,
/// and underscores at either end are dropped (`config_Controller Node` →
/// `config_Controller_Node`, `oam-vip-0` → `oam_vip_0`). Empty when nothing is left.
pub fn sanitise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut gap = false;
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            if gap && !out.is_empty() {
                out.push('_');
            }
            gap = false;
            out.push(c);
        } else if c == '_' {
            out.push('_');
            gap = false;
        } else {
            gap = true;
        }
    }
    out.trim_matches('_').to_owned()
}

/// Joins parts with underscores after sanitising each; parts that sanitise to nothing are
/// left out.
pub fn join(parts: &[&str]) -> String {
    parts
        .iter()
        .map(|p| sanitise(p))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

/// An ONAP `{vm-type}` or `{network-role}` made from an OVF id: sanitised, with a digit
/// part joined to the text before it (`node-1` → `node1`, `access_101` → `access101`), since
/// ONAP reads every numeric `_`-separated part of a resource id as an `{index}` (R-11690).
/// `fallback` stands in for an id that sanitises to nothing.
pub fn role(id: &str, fallback: &str) -> String {
    let mut text = sanitise(id);
    if text.is_empty() {
        text = sanitise(fallback);
    }
    let mut out = String::with_capacity(text.len());
    for (i, part) in text.split('_').filter(|p| !p.is_empty()).enumerate() {
        if i > 0 && !part.bytes().all(|b| b.is_ascii_digit()) {
            out.push('_');
        }
        out.push_str(part);
    }
    out
}

/// The text of ONAP module file names for output `name`: sanitised, with every `base` and
/// `volume` (any case) taken out, since SDC reads those words as module kinds (R-81339,
/// R-76057); `vnf` when nothing is left.
pub fn module_text(name: &str) -> String {
    let mut text = sanitise(name);
    for word in ["base", "volume"] {
        while let Some(at) = text.to_ascii_lowercase().find(word) {
            text.replace_range(at..at + word.len(), "_");
        }
    }
    let text = text
        .split('_')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("_");
    if text.is_empty() {
        "vnf".to_owned()
    } else {
        text
    }
}

/// A set of names already given; new names get `_2`, `_3`, … until they are free.
#[derive(Clone, Debug, Default)]
pub struct Names {
    used: HashSet<String>,
}

impl Names {
    /// Whether `name` is taken.
    pub fn contains(&self, name: &str) -> bool {
        self.used.contains(name)
    }

    /// Takes `name` itself (it must be free).
    pub fn insert(&mut self, name: String) {
        self.used.insert(name);
    }

    /// The first free name among `base`, `base_2`, `base_3`, … that `free` also accepts;
    /// `fallback` stands in for a base that sanitises to nothing.
    pub fn claim(&mut self, base: &str, fallback: &str, free: impl Fn(&str) -> bool) -> String {
        let mut base = sanitise(base);
        if base.is_empty() {
            base = sanitise(fallback);
        }
        let mut candidate = base.clone();
        let mut n = 2;
        while self.used.contains(&candidate) || !free(&candidate) {
            candidate = format!("{base}_{n}");
            n += 1;
        }
        self.used.insert(candidate.clone());
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_the_seed_become_onap_names() {
        assert_eq!(sanitise("config_Controller Node"), "config_Controller_Node");
        assert_eq!(sanitise("oam-vip-0"), "oam_vip_0");
        assert_eq!(sanitise("R_BAT-OVF-L3"), "R_BAT_OVF_L3");
        assert_eq!(sanitise("  --x--  "), "x");
        assert_eq!(sanitise("Größe"), "Gr_e");
        assert_eq!(sanitise("名前"), "");
        assert_eq!(join(&["pcscf", "", "sig-0", "port"]), "pcscf_sig_0_port");
    }

    #[test]
    fn roles_join_digits_and_module_names_drop_module_words() {
        assert_eq!(role("node-1", "vm"), "node1");
        assert_eq!(role("access_101", "net"), "access101");
        assert_eq!(role("1st-node", "vm"), "1st_node");
        assert_eq!(role("--", "vm"), "vm");
        assert_eq!(module_text("vsbc"), "vsbc");
        assert_eq!(module_text("Database-Volume"), "Data");
        assert_eq!(module_text("base"), "vnf");
        assert_eq!(module_text("vfw-edge"), "vfw_edge");
        assert_eq!(module_text("my_base_vnf"), "my_vnf");
    }

    #[test]
    fn claimed_names_are_unique_and_deterministic() {
        let mut names = Names::default();
        assert_eq!(names.claim("oam-net", "net", |_| true), "oam_net");
        assert_eq!(names.claim("oam net", "net", |_| true), "oam_net_2");
        assert_eq!(names.claim("名前", "network", |_| true), "network");
        assert_eq!(names.claim("x", "y", |n| n != "x"), "x_2");
        assert!(names.contains("x_2"));
    }
}
