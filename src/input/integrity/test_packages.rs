//! Realistic test packages (a virtual firewall with two disks), written as folders or OVAs.

use std::path::Path;

use super::certificate::tests::sign;
use super::declared::ExpectedFile;
use super::digest::{DigestAlgorithm, to_hex};

/// The descriptor of the test package.
pub const DESCRIPTOR: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/2" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/2">
  <References>
    <File ovf:href="vfw-system.vmdk" ovf:id="system" ovf:size="700000"/>
    <File ovf:href="vfw-config.iso" ovf:id="config" ovf:size="4096"/>
  </References>
  <VirtualSystem ovf:id="vFirewall"><Info>A virtual firewall</Info></VirtualSystem>
</Envelope>
"#;

/// Deterministic disk content of `size` bytes (spans several hashing blocks when large).
pub fn disk(size: usize, seed: u8) -> Vec<u8> {
    (0..size)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3] ^ seed)
        .collect()
}

/// The package's files, descriptor first.
pub fn files() -> Vec<(String, Vec<u8>)> {
    vec![
        ("vfw.ovf".to_owned(), DESCRIPTOR.as_bytes().to_vec()),
        ("vfw-system.vmdk".to_owned(), disk(700_000, 1)),
        ("vfw-config.iso".to_owned(), disk(4096, 2)),
    ]
}

/// What the descriptor declares.
pub fn expected() -> Vec<ExpectedFile> {
    vec![
        ExpectedFile::new("vfw-system.vmdk", Some(700_000)),
        ExpectedFile::new("vfw-config.iso", Some(4096)),
    ]
}

/// A manifest listing `files` with `algorithm`.
pub fn manifest(files: &[(String, Vec<u8>)], algorithm: DigestAlgorithm) -> Vec<u8> {
    files
        .iter()
        .map(|(name, data)| {
            format!(
                "{}({name})= {}\n",
                algorithm.name(),
                to_hex(&algorithm.digest(data))
            )
        })
        .collect::<String>()
        .into_bytes()
}

/// The files plus a SHA-256 manifest and a signature over it.
pub fn signed(files: Vec<(String, Vec<u8>)>) -> Vec<(String, Vec<u8>)> {
    let mf = manifest(&files, DigestAlgorithm::Sha256);
    let cert = sign("vfw.mf", &mf, DigestAlgorithm::Sha256);
    let mut all = files;
    all.insert(1, ("vfw.mf".to_owned(), mf));
    all.insert(2, ("vfw.cert".to_owned(), cert));
    all
}

/// Writes the files into `dir`.
pub fn write_folder(dir: &Path, files: &[(String, Vec<u8>)]) {
    for (name, data) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, data).unwrap();
    }
}

/// A ustar OVA of the files in the given order.
pub fn ova(files: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (name, data) in files {
        let mut header = tar::Header::new_ustar();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        builder.append_data(&mut header, name, &data[..]).unwrap();
    }
    builder.into_inner().unwrap()
}

/// Replaces the data of `name`.
pub fn replace(files: &mut [(String, Vec<u8>)], name: &str, data: Vec<u8>) {
    if let Some(entry) = files.iter_mut().find(|(n, _)| n == name) {
        entry.1 = data;
    }
}

/// Flips one byte in the middle of `name`.
pub fn corrupt(files: &mut [(String, Vec<u8>)], name: &str) {
    if let Some((_, data)) = files.iter_mut().find(|(n, _)| n == name) {
        let middle = data.len() / 2;
        data[middle] ^= 0x01;
    }
}
