//! Every bound a loader enforces, in one place, with defaults an operator can change by flag.

/// Bounds on what vnfwiz reads, so hostile input cannot exhaust memory, time or the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Hard cap on any single file read into memory (64 MiB).
    pub max_file_bytes: u64,
    /// Heat's default `max_template_size` (512 KiB): a bigger template is a violation.
    pub max_template_size: u64,
    /// Most entries an archive may list.
    pub max_archive_entries: usize,
    /// Most bytes read out of all archive entries together (1 GiB).
    pub max_archive_total_bytes: u64,
    /// Deepest template nesting, as Heat's `max_nested_stack_depth` (5).
    pub max_nested_depth: usize,
    /// Most templates, env files and `get_file` targets in one set.
    pub max_files: usize,
    /// Largest OVF manifest (`.mf`) or certificate (`.cert`) kept in memory (4 MiB).
    pub max_manifest_bytes: u64,
    /// Largest pax or GNU long-name header data of one tar entry (64 KiB).
    pub max_tar_header_bytes: u64,
    /// YAML nesting and alias budgets.
    pub yaml: YamlLimits,
    /// XML nesting and element-count bounds for OVF descriptors and message bundles.
    pub xml: XmlLimits,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 64 << 20,
            max_template_size: 512 << 10,
            max_archive_entries: 10_000,
            max_archive_total_bytes: 1 << 30,
            max_nested_depth: 5,
            max_files: 2_000,
            max_manifest_bytes: 4 << 20,
            max_tar_header_bytes: 64 << 10,
            yaml: YamlLimits::default(),
            xml: XmlLimits::default(),
        }
    }
}

impl Limits {
    /// Reads a whole file of at most `max_file_bytes`, bounded while reading (a device or a
    /// growing file can report any size beforehand); a longer one is an error naming the
    /// limit and the flag that raises it.
    pub fn read_file(&self, path: &std::path::Path) -> std::io::Result<Vec<u8>> {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(self.max_file_bytes + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > self.max_file_bytes {
            return Err(std::io::Error::other(format!(
                "over the {}-byte limit for one file (raise it with --max-file-size)",
                self.max_file_bytes
            )));
        }
        Ok(bytes)
    }
}

/// Bounds on what one YAML document may expand to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YamlLimits {
    /// Deepest allowed nesting of sequences and mappings.
    pub max_depth: usize,
    /// Most nodes that alias expansion may copy into one document.
    pub max_alias_nodes: usize,
    /// Most scalar bytes that alias expansion may copy into one document.
    pub max_alias_bytes: usize,
    /// Longest line, in bytes: a longer one is refused before parsing.
    pub max_line_bytes: usize,
}

impl Default for YamlLimits {
    fn default() -> Self {
        YamlLimits {
            max_depth: 128,
            max_alias_nodes: 100_000,
            max_alias_bytes: 16 << 20,
            // Twice Heat's max_template_size: a minified JSON template fits on one line.
            max_line_bytes: 1 << 20,
        }
    }
}

/// Bounds on one XML document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XmlLimits {
    /// Deepest element nesting.
    pub max_depth: usize,
    /// Most elements in one document.
    pub max_elements: usize,
}

impl Default for XmlLimits {
    fn default() -> Self {
        XmlLimits {
            max_depth: 128,
            max_elements: 1_000_000,
        }
    }
}
