//! Helpers the test modules share.

pub mod binary;
pub mod chromium;
pub mod expected_file;
pub mod files;
pub mod guarded;
pub mod heat;
pub mod hot_set;
pub mod lsp_client;
pub mod pty;
pub mod python_venv;
pub mod rule_docs;
pub mod rule_sets;
pub mod sarif_schema;
pub mod snapshot;
pub mod tosca_parser;
pub mod xml_tree;
