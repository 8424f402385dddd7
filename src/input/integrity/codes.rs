//! The rule ids and documentation of integrity findings, registered as the package rules of
//! `rules::ovf_integrity` (each finding names its rule through [`super::Finding::rule`]).

use crate::foundation::diagnostics::{Keyword, RuleMeta};

const SECTION: &str = "OVF package validation";

/// A file's digest differs from the one its manifest lists.
pub const DIGEST_MISMATCH: RuleMeta = RuleMeta {
    id: "OVF-digest-mismatch",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "Every file's digest matches the one the manifest lists for it.",
    why: "A different digest means the file was damaged in transfer or changed after the \
          package was made; deploying it would boot an image nobody vouched for.",
    fix: "Copy or download the package again; if the file was changed on purpose, \
          regenerate the manifest (and re-sign it) with the packaging tool.",
};

/// A file the package needs is absent although the package has a manifest.
pub const MISSING_FILE: RuleMeta = RuleMeta {
    id: "OVF-missing-file",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "Every file the descriptor references, or the manifest or certificate lists, is in \
              the package.",
    why: "A package with a manifest claims to be complete; a missing disk or file means it \
          cannot be validated against its manifest and the VM cannot be built from it.",
    fix: "Add the missing file beside the descriptor (or into the OVA), or remove its \
          reference from the descriptor and its line from the manifest.",
};

/// A referenced file is absent from a package without a manifest.
pub const REFERENCE_ABSENT: RuleMeta = RuleMeta {
    id: "OVF-reference-absent",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "Files the descriptor references should be in the package.",
    why: "Without the file the image must already exist in the cloud (Glance) under the same \
          name, or the deployment fails when the server is created.",
    fix: "Add the file to the package, or make sure an image of that name is uploaded before \
          onboarding.",
};

/// A file's size differs from the descriptor's `ovf:size`.
pub const SIZE_MISMATCH: RuleMeta = RuleMeta {
    id: "OVF-size-mismatch",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "Each file is exactly as large as the descriptor's ovf:size says (chunks: \
              ovf:chunkSize each, the rest in the last).",
    why: "A size that disagrees is a truncated or replaced file, or a descriptor edited by \
          hand; importers such as ovftool refuse it.",
    fix: "Copy the file again, or correct ovf:size in the descriptor's References section to \
          the stored (for gzip files, compressed) size.",
};

/// A file of the package is not listed in its manifest.
pub const UNLISTED_FILE: RuleMeta = RuleMeta {
    id: "OVF-unlisted-file",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "The manifest lists a digest for the descriptor and every other file of the \
              package.",
    why: "A file without a digest is not covered by the manifest or its signature, so it \
          could be swapped without anyone noticing.",
    fix: "Regenerate the manifest so that it lists every file (and re-sign it), or remove \
          the stray file from the package.",
};

/// The package has no manifest.
pub const NO_MANIFEST: RuleMeta = RuleMeta {
    id: "OVF-no-manifest",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "A package should carry a manifest (`<descriptor name>.mf`) with a digest of \
              each file.",
    why: "Without a manifest nothing shows whether disks were damaged or altered between \
          the vendor and the cloud.",
    fix: "Export the package with a manifest (ovftool does by default), or add one with a \
          `SHA256(file)= digest` line per file.",
};

/// A manifest line cannot be read.
pub const MANIFEST_SYNTAX: RuleMeta = RuleMeta {
    id: "OVF-manifest-syntax",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "Every manifest line has the form `SHA256(file)= hexdigest` with a supported \
              algorithm and a digest of the right length.",
    why: "A line that cannot be read leaves its file unverified and hints at a damaged or \
          hand-edited manifest.",
    fix: "Regenerate the manifest with the packaging tool, or correct the line shown.",
};

/// A certificate file cannot be read or does not sign the package's manifest.
pub const CERTIFICATE_INVALID: RuleMeta = RuleMeta {
    id: "OVF-certificate-invalid",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "The certificate file starts with `SHA256(<manifest>)= signature` for this \
              package's manifest, followed by the signer's PEM certificate.",
    why: "A signature that cannot be read proves nothing about who made the package.",
    fix: "Sign the package again with the packaging tool (for example `ovftool \
          --privateKey=…`), so the .cert holds the signature line and the certificate.",
};

/// The signature uses a key or algorithm vnfwiz cannot verify.
pub const SIGNATURE_UNSUPPORTED: RuleMeta = RuleMeta {
    id: "OVF-signature-unsupported",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "The signature is RSA (PKCS#1 v1.5) with SHA-1, SHA-256 or SHA-512, which every \
              OVF importer can verify.",
    why: "A signature no importer can check gives the operator no assurance at all.",
    fix: "Sign with an RSA key (2048 bits or more) and SHA-256.",
};

/// The signature does not match the manifest.
pub const SIGNATURE_MISMATCH: RuleMeta = RuleMeta {
    id: "OVF-signature-mismatch",
    keyword: Keyword::Must,
    section: SECTION,
    summary: "The certificate's signature verifies against the manifest with the signer's \
              public key.",
    why: "A failing signature means the manifest was changed after signing (and with it, \
          possibly the disks) or was signed by another key.",
    fix: "Obtain the package again from its vendor; if you changed it yourself, re-sign it.",
};

/// The signing certificate has expired.
pub const CERTIFICATE_EXPIRED: RuleMeta = RuleMeta {
    id: "OVF-certificate-expired",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "The signing certificate should be within its validity period.",
    why: "Importers such as ovftool and vCenter flag packages signed with an expired \
          certificate, and an expired key is no longer vouched for by its issuer.",
    fix: "Ask the vendor for a package re-signed with a current certificate.",
};

/// The signing certificate is not valid yet.
pub const CERTIFICATE_NOT_YET_VALID: RuleMeta = RuleMeta {
    id: "OVF-certificate-not-yet-valid",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "The signing certificate's validity should have started.",
    why: "A certificate from the future points at a wrong clock on the signing or the \
          checking machine; importers reject it.",
    fix: "Check this machine's clock; otherwise ask the vendor to re-sign the package.",
};

/// The signing certificate is self-signed.
pub const SELF_SIGNED: RuleMeta = RuleMeta {
    id: "OVF-self-signed",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "The package should be signed with a certificate issued by a certificate \
              authority, not a self-signed one.",
    why: "Anyone can make a self-signed certificate with any name; it proves the manifest is \
          intact but not who made it.",
    fix: "Sign with a certificate from a CA the operator trusts, or confirm the signer's \
          fingerprint with the vendor out of band.",
};

/// The descriptor is not the first entry of the OVA.
pub const DESCRIPTOR_NOT_FIRST: RuleMeta = RuleMeta {
    id: "OVF-descriptor-not-first",
    keyword: Keyword::Should,
    section: SECTION,
    summary: "In an OVA the descriptor (.ovf) is the first entry, followed by the manifest \
              and certificate.",
    why: "The OVF specification puts the descriptor first so that an importer streaming the \
          archive knows what follows before the disks arrive; streaming importers may \
          refuse the archive otherwise.",
    fix: "Rebuild the OVA with the .ovf first, e.g. `tar -cf vm.ova vm.ovf vm.mf vm.cert \
          disk1.vmdk …` in that order, or export it with ovftool.",
};

/// Every integrity rule, for registration and the rules' documentation.
pub const ALL: [&RuleMeta; 14] = [
    &DIGEST_MISMATCH,
    &MISSING_FILE,
    &REFERENCE_ABSENT,
    &SIZE_MISMATCH,
    &UNLISTED_FILE,
    &NO_MANIFEST,
    &MANIFEST_SYNTAX,
    &CERTIFICATE_INVALID,
    &SIGNATURE_UNSUPPORTED,
    &SIGNATURE_MISMATCH,
    &CERTIFICATE_EXPIRED,
    &CERTIFICATE_NOT_YET_VALID,
    &SELF_SIGNED,
    &DESCRIPTOR_NOT_FIRST,
];
