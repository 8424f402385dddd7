//! OVF manifests (`.mf`): one `ALGORITHM(file)= hexdigest` line per file.
//!
//! Reading is lenient about form (SHA1, SHA256 or SHA512 in any case, `SHA-256` and
//! OpenSSL 3's `SHA2-256`, spaces around `(`, `)` and `=`, either hex case, CRLF, a UTF-8
//! byte-order mark, blank lines) and strict about content: a line that cannot be read, a
//! digest of the wrong length, a name leaving the package or a file listed twice with
//! different digests is a problem with its line number.

use std::collections::HashMap;

use super::digest::{DigestAlgorithm, from_hex};
use crate::input::source::path::{PathError, resolve};

/// One digest the manifest lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestEntry {
    /// Package-relative file name, normalised.
    pub file: String,
    /// The algorithm named on the line.
    pub algorithm: DigestAlgorithm,
    /// The expected digest.
    pub digest: Vec<u8>,
    /// 1-based line in the manifest.
    pub line: u32,
}

/// What is wrong with a manifest (or certificate signature) line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    /// The line is not UTF-8 text.
    #[error("the line is not UTF-8 text")]
    NotText,
    /// The line does not have the `ALGORITHM(file)= hex` shape.
    #[error("expected `SHA256(file)= hexdigest`")]
    Syntax,
    /// An algorithm other than SHA1, SHA256 and SHA512.
    #[error("`{0}` is not a supported digest algorithm; use SHA256 (or SHA1, SHA512)")]
    UnknownAlgorithm(String),
    /// The digest is not hexadecimal.
    #[error("the digest is not hexadecimal")]
    BadHex,
    /// The digest has the wrong length for its algorithm.
    #[error("a {algorithm} digest has {expected} hex digits, this one has {found}")]
    WrongLength {
        /// The algorithm named.
        algorithm: DigestAlgorithm,
        /// Hex digits it should have.
        expected: usize,
        /// Hex digits it has.
        found: usize,
    },
    /// The file name is absolute, a URL or leaves the package.
    #[error("{0}")]
    UnsafeName(PathError),
    /// The same file and algorithm were listed before with another digest.
    #[error("`{file}` is listed on line {first_line} with another {algorithm} digest")]
    Conflict {
        /// The file.
        file: String,
        /// The algorithm.
        algorithm: DigestAlgorithm,
        /// Where it was listed first.
        first_line: u32,
    },
}

/// A line of the manifest that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestProblem {
    /// 1-based line.
    pub line: u32,
    /// What is wrong.
    pub problem: LineProblem,
}

/// A parsed manifest: its digests and the lines it could not use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    /// Every usable digest line, in file order.
    pub entries: Vec<ManifestEntry>,
    /// Every unusable line.
    pub problems: Vec<ManifestProblem>,
    by_file: HashMap<String, Vec<usize>>,
}

impl Manifest {
    /// Parses a manifest named `name` (file names in it are relative to its folder).
    pub fn parse(name: &str, bytes: &[u8]) -> Manifest {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let mut manifest = Manifest::default();
        for (number, raw) in bytes.split(|b| *b == b'\n').enumerate() {
            let line = number as u32 + 1;
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            match std::str::from_utf8(raw) {
                Ok(text) if text.trim().is_empty() => {}
                Ok(text) => manifest.add_line(name, text, line),
                Err(_) => manifest.problems.push(ManifestProblem {
                    line,
                    problem: LineProblem::NotText,
                }),
            }
        }
        manifest
    }

    fn add_line(&mut self, name: &str, text: &str, line: u32) {
        let parsed = parse_digest_line(text).and_then(|(algorithm, file, digest)| {
            let expected = algorithm.output_len() * 2;
            if digest.len() != algorithm.output_len() {
                return Err(LineProblem::WrongLength {
                    algorithm,
                    expected,
                    found: digest.len() * 2,
                });
            }
            let file = resolve(name, file).map_err(LineProblem::UnsafeName)?;
            Ok((algorithm, file, digest))
        });
        let (algorithm, file, digest) = match parsed {
            Ok(parsed) => parsed,
            Err(problem) => {
                self.problems.push(ManifestProblem { line, problem });
                return;
            }
        };
        let earlier = self
            .entries_for(&file)
            .find(|e| e.algorithm == algorithm)
            .map(|e| (e.line, e.digest == digest));
        match earlier {
            // The same line twice changes nothing.
            Some((_, true)) => {}
            Some((first_line, false)) => self.problems.push(ManifestProblem {
                line,
                problem: LineProblem::Conflict {
                    file,
                    algorithm,
                    first_line,
                },
            }),
            None => {
                self.by_file
                    .entry(file.clone())
                    .or_default()
                    .push(self.entries.len());
                self.entries.push(ManifestEntry {
                    file,
                    algorithm,
                    digest,
                    line,
                });
            }
        }
    }

    /// The digests listed for `file`.
    pub fn entries_for<'m>(&'m self, file: &str) -> impl Iterator<Item = &'m ManifestEntry> {
        self.by_file
            .get(file)
            .into_iter()
            .flatten()
            .map(|i| &self.entries[*i])
    }

    /// Whether `file` has at least one digest.
    pub fn lists(&self, file: &str) -> bool {
        self.by_file.contains_key(file)
    }

    /// The algorithms `file` must be hashed with.
    pub fn algorithms_for(&self, file: &str) -> Vec<DigestAlgorithm> {
        self.entries_for(file).map(|e| e.algorithm).collect()
    }
}

/// Splits `ALGORITHM(name)= hex` into its parts; shared by manifests and the signature line
/// of certificates (whose hex is a signature, so its length is checked by the caller).
pub fn parse_digest_line(text: &str) -> Result<(DigestAlgorithm, &str, Vec<u8>), LineProblem> {
    let text = text.trim();
    let (head, hex) = text.rsplit_once('=').ok_or(LineProblem::Syntax)?;
    let (algorithm, rest) = head.split_once('(').ok_or(LineProblem::Syntax)?;
    let name = rest
        .trim_end()
        .strip_suffix(')')
        .ok_or(LineProblem::Syntax)?;
    if algorithm.trim().is_empty() || name.is_empty() {
        return Err(LineProblem::Syntax);
    }
    let algorithm = DigestAlgorithm::parse(algorithm)
        .ok_or_else(|| LineProblem::UnknownAlgorithm(algorithm.trim().to_owned()))?;
    let hex = hex.trim();
    if hex.is_empty() {
        return Err(LineProblem::Syntax);
    }
    let digest = from_hex(hex).ok_or(LineProblem::BadHex)?;
    Ok((algorithm, name, digest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::integrity::digest::to_hex;

    const D256: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const D1: &str = "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3";

    fn d512() -> String {
        "ee26b0dd4af7e749aa1a8ee3c10ae9923f618980772e473f8819a5d4940e0db2".repeat(2)
    }

    #[test]
    fn reads_every_algorithm_and_spacing() {
        let text = format!(
            "SHA256(vm.ovf)= {D256}\nSHA1(disk1.vmdk)={D1}\nSHA512 (disk2.vmdk) = {}\n",
            d512()
        );
        let manifest = Manifest::parse("vm.mf", text.as_bytes());
        assert!(manifest.problems.is_empty(), "{:?}", manifest.problems);
        let summary: Vec<(&str, DigestAlgorithm, u32)> = manifest
            .entries
            .iter()
            .map(|e| (e.file.as_str(), e.algorithm, e.line))
            .collect();
        assert_eq!(
            summary,
            [
                ("vm.ovf", DigestAlgorithm::Sha256, 1),
                ("disk1.vmdk", DigestAlgorithm::Sha1, 2),
                ("disk2.vmdk", DigestAlgorithm::Sha512, 3),
            ]
        );
        assert_eq!(to_hex(&manifest.entries[0].digest), D256);
    }

    #[test]
    fn accepts_crlf_bom_upper_case_hex_and_blank_lines() {
        let text = format!(
            "\u{FEFF}sha256(vm.ovf)= {}\r\n\r\nSHA2-256(disk.vmdk)= {D256}\r\n",
            D256.to_uppercase()
        );
        let manifest = Manifest::parse("vm.mf", text.as_bytes());
        assert!(manifest.problems.is_empty(), "{:?}", manifest.problems);
        assert_eq!(manifest.entries.len(), 2);
        assert_eq!(manifest.entries[1].line, 3);
        assert_eq!(to_hex(&manifest.entries[0].digest), D256);
        assert_eq!(
            manifest.algorithms_for("disk.vmdk"),
            [DigestAlgorithm::Sha256]
        );
    }

    #[test]
    fn names_with_parentheses_and_folders_are_kept_whole() {
        let text = format!("SHA256(disks/disk (1).vmdk)= {D256}\nSHA1(./cfg.iso)= {D1}\n");
        let manifest = Manifest::parse("vm.mf", text.as_bytes());
        assert!(manifest.lists("disks/disk (1).vmdk"));
        assert!(manifest.lists("cfg.iso"));
    }

    #[test]
    fn a_file_may_be_listed_with_two_algorithms() {
        let text = format!("SHA1(disk.vmdk)= {D1}\nSHA256(disk.vmdk)= {D256}\n");
        let manifest = Manifest::parse("vm.mf", text.as_bytes());
        assert_eq!(
            manifest.algorithms_for("disk.vmdk"),
            [DigestAlgorithm::Sha1, DigestAlgorithm::Sha256]
        );
    }

    fn problems(text: &str) -> Vec<(u32, LineProblem)> {
        Manifest::parse("vm.mf", text.as_bytes())
            .problems
            .into_iter()
            .map(|p| (p.line, p.problem))
            .collect()
    }

    #[test]
    fn bad_lines_are_problems_with_their_line() {
        assert_eq!(problems("vm.ovf 1234\n"), [(1, LineProblem::Syntax)]);
        assert_eq!(
            problems(&format!("\nMD5(vm.ovf)= {D1}\n")),
            [(2, LineProblem::UnknownAlgorithm("MD5".into()))]
        );
        assert_eq!(
            problems("SHA256(vm.ovf)= xyz0\n"),
            [(1, LineProblem::BadHex)]
        );
        assert_eq!(
            problems(&format!("SHA256(vm.ovf)= {D1}\n")),
            [(
                1,
                LineProblem::WrongLength {
                    algorithm: DigestAlgorithm::Sha256,
                    expected: 64,
                    found: 40
                }
            )]
        );
        assert_eq!(problems("SHA256()= 00\n"), [(1, LineProblem::Syntax)]);
        assert_eq!(problems("SHA256(vm.ovf)=\n"), [(1, LineProblem::Syntax)]);
        let unsafe_name = problems(&format!("SHA256(../../etc/passwd)= {D256}\n"));
        assert!(matches!(
            unsafe_name[..],
            [(1, LineProblem::UnsafeName(PathError::Escapes(_)))]
        ));
        let absolute = problems(&format!("SHA256(/etc/passwd)= {D256}\n"));
        assert!(matches!(
            absolute[..],
            [(1, LineProblem::UnsafeName(PathError::Absolute(_)))]
        ));
        let binary = Manifest::parse("vm.mf", b"SHA1(\xff\xfe)= 00\n");
        assert_eq!(binary.problems[0].problem, LineProblem::NotText);
    }

    #[test]
    fn conflicting_digests_for_one_file_are_a_problem_but_repeats_are_not() {
        let other = D256.replace('9', "8");
        let text = format!(
            "SHA256(disk.vmdk)= {D256}\nSHA256(disk.vmdk)= {D256}\nSHA256(disk.vmdk)= {other}\n"
        );
        let manifest = Manifest::parse("vm.mf", text.as_bytes());
        assert_eq!(manifest.entries.len(), 1);
        assert_eq!(
            manifest.problems,
            [ManifestProblem {
                line: 3,
                problem: LineProblem::Conflict {
                    file: "disk.vmdk".into(),
                    algorithm: DigestAlgorithm::Sha256,
                    first_line: 1
                }
            }]
        );
    }
}
