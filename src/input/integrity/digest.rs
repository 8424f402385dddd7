//! The digest algorithms OVF manifests and SOL004 packages use, and hashing a stream at the
//! CPU's SHA speed.
//!
//! `sha1`/`sha2` pick the x86 SHA extensions (or ARMv8 crypto) at run time, so one core
//! hashes SHA-256 about as fast as `openssl dgst` (docs/performance.md).

use std::io::Read;

use sha1::Sha1;
use sha2::{Digest as _, Sha224, Sha256, Sha384, Sha512};

use super::error::IntegrityError;
use super::progress::Tracker;

/// A digest algorithm an OVF manifest, a SOL004 manifest or a certificate may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DigestAlgorithm {
    /// SHA-1 (OVF 1.x manifests).
    Sha1,
    /// SHA-224 (SOL004).
    Sha224,
    /// SHA-256 (OVF 2.x and ovftool's default).
    Sha256,
    /// SHA-384 (SOL004).
    Sha384,
    /// SHA-512.
    Sha512,
}

impl DigestAlgorithm {
    /// Every algorithm.
    pub const ALL: [DigestAlgorithm; 5] = [
        DigestAlgorithm::Sha1,
        DigestAlgorithm::Sha224,
        DigestAlgorithm::Sha256,
        DigestAlgorithm::Sha384,
        DigestAlgorithm::Sha512,
    ];

    /// The algorithms OVF manifests use, for streams hashed before the manifest says which
    /// one it uses.
    pub const OVF: [DigestAlgorithm; 3] = [
        DigestAlgorithm::Sha1,
        DigestAlgorithm::Sha256,
        DigestAlgorithm::Sha512,
    ];

    /// The name as an OVF manifest writes it (`SHA256`).
    pub fn name(self) -> &'static str {
        match self {
            DigestAlgorithm::Sha1 => "SHA1",
            DigestAlgorithm::Sha224 => "SHA224",
            DigestAlgorithm::Sha256 => "SHA256",
            DigestAlgorithm::Sha384 => "SHA384",
            DigestAlgorithm::Sha512 => "SHA512",
        }
    }

    /// Reads a manifest's algorithm name leniently: any case, `SHA-256`, and OpenSSL 3's
    /// `SHA2-256` spelling.
    pub fn parse(name: &str) -> Option<DigestAlgorithm> {
        let name = name.trim().to_ascii_uppercase().replace('-', "");
        match name.as_str() {
            "SHA1" => Some(DigestAlgorithm::Sha1),
            "SHA224" | "SHA2224" => Some(DigestAlgorithm::Sha224),
            "SHA256" | "SHA2256" => Some(DigestAlgorithm::Sha256),
            "SHA384" | "SHA2384" => Some(DigestAlgorithm::Sha384),
            "SHA512" | "SHA2512" => Some(DigestAlgorithm::Sha512),
            _ => None,
        }
    }

    /// Length of a digest in bytes.
    pub fn output_len(self) -> usize {
        match self {
            DigestAlgorithm::Sha1 => 20,
            DigestAlgorithm::Sha224 => 28,
            DigestAlgorithm::Sha256 => 32,
            DigestAlgorithm::Sha384 => 48,
            DigestAlgorithm::Sha512 => 64,
        }
    }

    /// The digest of `data` held in memory.
    pub fn digest(self, data: &[u8]) -> Vec<u8> {
        let mut hasher = Hasher::new(&[self]);
        hasher.update(data);
        hasher
            .finish()
            .get(self)
            .map(<[u8]>::to_vec)
            .unwrap_or_default()
    }
}

impl std::fmt::Display for DigestAlgorithm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Several algorithms fed the same bytes at once.
#[derive(Clone, Default)]
pub struct Hasher {
    sha1: Option<Sha1>,
    sha224: Option<Sha224>,
    sha256: Option<Sha256>,
    sha384: Option<Sha384>,
    sha512: Option<Sha512>,
}

impl Hasher {
    /// A hasher computing each of `algorithms`.
    pub fn new(algorithms: &[DigestAlgorithm]) -> Hasher {
        let wants = |a| algorithms.contains(&a);
        Hasher {
            sha1: wants(DigestAlgorithm::Sha1).then(Sha1::new),
            sha224: wants(DigestAlgorithm::Sha224).then(Sha224::new),
            sha256: wants(DigestAlgorithm::Sha256).then(Sha256::new),
            sha384: wants(DigestAlgorithm::Sha384).then(Sha384::new),
            sha512: wants(DigestAlgorithm::Sha512).then(Sha512::new),
        }
    }

    /// True when no algorithm is wanted (the bytes only need counting).
    pub fn is_empty(&self) -> bool {
        self.sha1.is_none()
            && self.sha224.is_none()
            && self.sha256.is_none()
            && self.sha384.is_none()
            && self.sha512.is_none()
    }

    /// Feeds bytes to every algorithm.
    pub fn update(&mut self, data: &[u8]) {
        if let Some(h) = &mut self.sha1 {
            h.update(data);
        }
        if let Some(h) = &mut self.sha224 {
            h.update(data);
        }
        if let Some(h) = &mut self.sha256 {
            h.update(data);
        }
        if let Some(h) = &mut self.sha384 {
            h.update(data);
        }
        if let Some(h) = &mut self.sha512 {
            h.update(data);
        }
    }

    /// The digests of everything fed.
    pub fn finish(self) -> Digests {
        let mut out = Vec::new();
        if let Some(h) = self.sha1 {
            out.push((DigestAlgorithm::Sha1, h.finalize().to_vec()));
        }
        if let Some(h) = self.sha224 {
            out.push((DigestAlgorithm::Sha224, h.finalize().to_vec()));
        }
        if let Some(h) = self.sha256 {
            out.push((DigestAlgorithm::Sha256, h.finalize().to_vec()));
        }
        if let Some(h) = self.sha384 {
            out.push((DigestAlgorithm::Sha384, h.finalize().to_vec()));
        }
        if let Some(h) = self.sha512 {
            out.push((DigestAlgorithm::Sha512, h.finalize().to_vec()));
        }
        Digests(out)
    }
}

/// The digests computed for one file, one per algorithm.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Digests(Vec<(DigestAlgorithm, Vec<u8>)>);

impl Digests {
    /// The digest by `algorithm`, when it was computed.
    pub fn get(&self, algorithm: DigestAlgorithm) -> Option<&[u8]> {
        self.0
            .iter()
            .find(|(a, _)| *a == algorithm)
            .map(|(_, d)| d.as_slice())
    }
}

/// A file's byte count and digests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hashed {
    /// Bytes read.
    pub size: u64,
    /// One digest per requested algorithm.
    pub digests: Digests,
}

/// Bytes read per block, from an archive stream and a package folder's file alike: big
/// enough that system calls cost nothing next to hashing, small enough that the block stays
/// in the core's cache between the kernel's copy and the hash. Reads of 1 MiB made a folder
/// slower as a process (docs/performance.md has the measurements).
pub const BLOCK_SIZE: usize = 256 << 10;

/// Hashes everything `reader` yields with each of `algorithms`, block by block; progress
/// is reported and cancellation checked between blocks. `file` names the source in errors.
pub fn hash_stream(
    reader: &mut dyn Read,
    algorithms: &[DigestAlgorithm],
    tracker: &Tracker<'_>,
    file: &str,
) -> Result<Hashed, IntegrityError> {
    let mut hasher = Hasher::new(algorithms);
    let mut buffer = vec![0u8; BLOCK_SIZE];
    let mut size = 0u64;
    loop {
        tracker.check()?;
        let n = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(source) => {
                return Err(IntegrityError::Read {
                    file: file.to_owned(),
                    source,
                });
            }
        };
        hasher.update(&buffer[..n]);
        size += n as u64;
        tracker.advance(n as u64);
    }
    Ok(Hashed {
        size,
        digests: hasher.finish(),
    })
}

/// Lower-case hexadecimal.
pub fn to_hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Parses hexadecimal in either case; `None` for odd lengths or other characters.
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    text.as_bytes()
        .chunks(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::diagnostics::Options;
    use crate::foundation::limits::Limits;

    #[test]
    fn known_answers() {
        // FIPS 180 test vector "abc".
        assert_eq!(
            to_hex(&DigestAlgorithm::Sha1.digest(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
        assert_eq!(
            to_hex(&DigestAlgorithm::Sha256.digest(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(to_hex(&DigestAlgorithm::Sha512.digest(b"abc")).starts_with("ddaf35a193617aba"));
        assert_eq!(
            to_hex(&DigestAlgorithm::Sha224.digest(b"abc")),
            "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"
        );
        assert!(to_hex(&DigestAlgorithm::Sha384.digest(b"abc")).starts_with("cb00753f45a35e8b"));
    }

    #[test]
    fn streams_in_blocks_with_every_algorithm() {
        let data: Vec<u8> = (0..(BLOCK_SIZE * 2 + 17))
            .map(|i| (i % 251) as u8)
            .collect();
        let limits = Limits::default();
        let options = Options::new(&limits);
        let tracker = Tracker::new(data.len() as u64, &options);
        let hashed = hash_stream(&mut &data[..], &DigestAlgorithm::ALL, &tracker, "d").unwrap();
        assert_eq!(hashed.size, data.len() as u64);
        assert_eq!(tracker.done(), data.len() as u64);
        for algorithm in DigestAlgorithm::ALL {
            assert_eq!(
                hashed.digests.get(algorithm).unwrap(),
                algorithm.digest(&data)
            );
        }
    }

    #[test]
    fn algorithm_names_are_read_leniently() {
        for name in ["SHA256", "sha256", "SHA-256", "SHA2-256", " Sha256 "] {
            assert_eq!(DigestAlgorithm::parse(name), Some(DigestAlgorithm::Sha256));
        }
        assert_eq!(DigestAlgorithm::parse("sha1"), Some(DigestAlgorithm::Sha1));
        assert_eq!(
            DigestAlgorithm::parse("SHA512"),
            Some(DigestAlgorithm::Sha512)
        );
        assert_eq!(DigestAlgorithm::parse("MD5"), None);
    }

    #[test]
    fn hex_round_trips_in_either_case() {
        assert_eq!(from_hex("00fFaB").unwrap(), [0x00, 0xff, 0xab]);
        assert_eq!(to_hex(&[0x00, 0xff, 0xab]), "00ffab");
        assert!(from_hex("abc").is_none());
        assert!(from_hex("zz").is_none());
    }
}
