//! `TOSCA-Metadata/TOSCA.meta`: read as YAML the way tosca-parser reads it, and as blocks
//! for the artifact entries Tacker also takes from it.

use crate::foundation::limits::YamlLimits;
use crate::input::yaml::{self, Document, LoadError, Node};

use super::blocks::{self, BlockText, Field};

/// Where the metadata file sits in a CSAR with TOSCA-Metadata.
pub const META_PATH: &str = "TOSCA-Metadata/TOSCA.meta";

/// The key naming the top-level VNFD.
pub const ENTRY_DEFINITIONS: &str = "Entry-Definitions";
/// The key naming the manifest (SOL004).
pub const ETSI_ENTRY_MANIFEST: &str = "ETSI-Entry-Manifest";
/// The key naming a separate signing certificate (SOL004).
pub const ETSI_ENTRY_CERTIFICATE: &str = "ETSI-Entry-Certificate";

/// Pre-ETSI key names that ONAP vnfsdk still reads, with their SOL004 names.
pub const VNFSDK_KEYS: [(&str, &str); 5] = [
    ("Entry-Manifest", "ETSI-Entry-Manifest"),
    ("Entry-Change-Log", "ETSI-Entry-Change-Log"),
    ("Entry-Tests", "ETSI-Entry-Tests"),
    ("Entry-Licenses", "ETSI-Entry-Licenses"),
    ("Entry-Certificate", "ETSI-Entry-Certificate"),
];

/// Why the metadata file is not the YAML mapping tosca-parser needs.
#[derive(Clone, Debug, PartialEq)]
pub enum MetaYamlError {
    /// It does not parse.
    Load(LoadError),
    /// It parses to something other than a mapping.
    NotMapping(&'static str),
}

/// The parsed metadata file.
#[derive(Clone, Debug)]
pub struct ToscaMeta {
    /// The text (lossy when not UTF-8).
    pub text: String,
    /// The YAML reading, or why there is none.
    pub yaml: Result<Document, MetaYamlError>,
    /// The blocks, for artifact entries and key positions.
    pub blocks: BlockText,
}

impl ToscaMeta {
    /// Reads the metadata file's bytes.
    pub fn parse(bytes: &[u8], limits: &YamlLimits) -> ToscaMeta {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let yaml = match yaml::parse(bytes, limits) {
            Ok(document) if document.root.as_map().is_some() => Ok(document),
            Ok(document) => Err(MetaYamlError::NotMapping(document.root.kind())),
            Err(error) => Err(MetaYamlError::Load(error)),
        };
        ToscaMeta {
            blocks: blocks::split(&text),
            text,
            yaml,
        }
    }

    /// The value of a top-level key as tosca-parser sees it (the last one written wins).
    pub fn value(&self, key: &str) -> Option<&Node> {
        self.yaml.as_ref().ok()?.root.get(key)
    }

    /// The value of a top-level key as text, when it is a scalar.
    pub fn text_value(&self, key: &str) -> Option<String> {
        let node = self.value(key)?;
        match &node.value {
            yaml::Value::Str(s) => Some(s.clone()),
            yaml::Value::Int(i) => Some(i.to_string()),
            yaml::Value::Float(f) => Some(f.to_string()),
            yaml::Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    /// A line of the first block (the metadata proper) with this exact key.
    pub fn metadata_field(&self, key: &str) -> Option<&Field> {
        self.blocks.blocks.first()?.get(key)
    }

    /// The lines of the first block.
    pub fn metadata_fields(&self) -> &[Field] {
        self.blocks
            .blocks
            .first()
            .map_or(&[], |b| b.fields.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tacker_layout() {
        let meta = ToscaMeta::parse(
            b"TOSCA-Meta-File-Version: 1.0\nCreated-by: Acme\nCSAR-Version: 1.1\n\
              Entry-Definitions: Definitions/vfw_top.yaml\n\n\
              Name: Scripts/init.sh\nContent-Type: application/x-sh\nAlgorithm: SHA-256\nHash: 00\n",
            &YamlLimits::default(),
        );
        assert!(meta.yaml.is_ok());
        assert_eq!(
            meta.text_value(ENTRY_DEFINITIONS).as_deref(),
            Some("Definitions/vfw_top.yaml")
        );
        assert_eq!(meta.metadata_field("Created-by").unwrap().value, "Acme");
        assert_eq!(meta.blocks.blocks.len(), 2);
        assert!(meta.blocks.blocks[1].is_artifact());
    }

    #[test]
    fn not_yaml_or_not_a_mapping() {
        let meta = ToscaMeta::parse(b"Entry-Definitions: [x\n", &YamlLimits::default());
        assert!(matches!(meta.yaml, Err(MetaYamlError::Load(_))));
        let meta = ToscaMeta::parse(b"just text\n", &YamlLimits::default());
        assert!(matches!(meta.yaml, Err(MetaYamlError::NotMapping(_))));
    }
}
