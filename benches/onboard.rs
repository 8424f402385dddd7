//! Onboarding speed: opening and resolving (convert, apply answers, validate) the vSBC
//! appliance, and a generated 100-VM package with 30 properties, two options and three
//! ports per VM. Numbers go to docs/onboard.md.

use std::fmt::Write as _;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::session::answers::{Answers, EulaAcceptance};
use vnfwiz::session::{Origin, Session};

/// A descriptor with `systems` VMs, `properties` collection properties and 50 networks.
fn generated(systems: usize, properties: usize) -> String {
    let mut out = String::from(
        "<Envelope xmlns=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:ovf=\"http://schemas.dmtf.org/ovf/envelope/1\" xmlns:rasd=\"http://schemas.dmtf.org/wbem/wscim/1/cim-schema/2/CIM_ResourceAllocationSettingData\" xmlns:ecs=\"urn:ecs\"><References>",
    );
    for i in 0..systems {
        let _ = write!(out, "<File ovf:id=\"f{i}\" ovf:href=\"d{i}.qcow2\"/>");
    }
    out.push_str("</References><DiskSection><Info>d</Info>");
    for i in 0..systems {
        let _ = write!(
            out,
            "<Disk ovf:diskId=\"d{i}\" ovf:fileRef=\"f{i}\" ovf:capacity=\"4\" ovf:capacityAllocationUnits=\"byte * 2^30\" ovf:format=\"http://www.gnome.org/~markmc/qcow-image-format.html\"/><Disk ovf:diskId=\"e{i}\" ovf:capacity=\"1\" ovf:capacityAllocationUnits=\"byte * 2^30\"/>"
        );
    }
    out.push_str("</DiskSection><NetworkSection><Info>n</Info>");
    for i in 0..50 {
        let _ = write!(
            out,
            "<Network ovf:name=\"net{i}\" ecs:IPAddressRange=\"10.{i}.0.0/24\"/>"
        );
    }
    out.push_str("</NetworkSection><DeploymentOptionSection><Info>o</Info><Configuration ovf:id=\"a\"/><Configuration ovf:id=\"b\" ovf:default=\"true\"/></DeploymentOptionSection><VirtualSystemCollection ovf:id=\"big\"><Info>x</Info><ProductSection ovf:class=\"big\"><Info>p</Info>");
    for i in 0..properties {
        let _ = write!(
            out,
            "<Property ovf:key=\"p{i}\" ovf:type=\"string\" ovf:userConfigurable=\"true\" ovf:value=\"v{i}\" ovf:qualifiers=\"MaxLen(64)\"/>"
        );
    }
    out.push_str("</ProductSection>");
    for i in 0..systems {
        let _ = write!(
            out,
            "<VirtualSystem ovf:id=\"vm{i}\"><Info>vm</Info><VirtualHardwareSection><Info>h</Info><Item><rasd:InstanceID>1</rasd:InstanceID><rasd:ResourceType>3</rasd:ResourceType><rasd:VirtualQuantity>2</rasd:VirtualQuantity></Item><Item ovf:configuration=\"a\"><rasd:InstanceID>1</rasd:InstanceID><rasd:ResourceType>3</rasd:ResourceType><rasd:VirtualQuantity>4</rasd:VirtualQuantity></Item><Item><rasd:InstanceID>2</rasd:InstanceID><rasd:ResourceType>4</rasd:ResourceType><rasd:VirtualQuantity>2048</rasd:VirtualQuantity></Item><Item><rasd:HostResource>ovf:/disk/d{i}</rasd:HostResource><rasd:InstanceID>3</rasd:InstanceID><rasd:ResourceType>17</rasd:ResourceType></Item><Item><rasd:HostResource>ovf:/disk/e{i}</rasd:HostResource><rasd:InstanceID>4</rasd:InstanceID><rasd:ResourceType>17</rasd:ResourceType></Item>"
        );
        for j in 0..3 {
            let _ = write!(
                out,
                "<Item><rasd:Connection>net{}</rasd:Connection><rasd:InstanceID>{}</rasd:InstanceID><rasd:ResourceType>10</rasd:ResourceType></Item>",
                (i + j) % 50,
                10 + j
            );
        }
        out.push_str("</VirtualHardwareSection></VirtualSystem>");
    }
    out.push_str("</VirtualSystemCollection></Envelope>");
    out
}

fn bench(c: &mut Criterion) {
    let limits = Limits {
        max_template_size: 64 << 20,
        ..Limits::default()
    };
    let vsbc = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/convert/vsbc/vsbc.ovf");
    let session = Session::open(&vsbc, &limits).unwrap();
    let mut answers = Answers {
        accept_eula: EulaAcceptance::All,
        ..Answers::default()
    };
    for (key, value) in [
        ("sbc.sip.domain", "sip.example.net"),
        ("sbc.admin.password", "correct-horse-battery"),
    ] {
        session
            .assign(&mut answers, key, value, Origin::File)
            .unwrap();
    }
    c.bench_function("open vsbc", |b| {
        b.iter(|| Session::open(&vsbc, &limits).unwrap())
    });
    c.bench_function("resolve vsbc", |b| {
        b.iter(|| session.resolve(&answers).unwrap())
    });

    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.ovf");
    std::fs::write(&big, generated(100, 30)).unwrap();
    let session = Session::open(&big, &limits).unwrap();
    let resolved = session.resolve(&Answers::default()).unwrap();
    let bytes: usize = resolved.files.iter().map(|f| f.bytes.len()).sum();
    eprintln!(
        "generated package: 100 VMs, 30 properties; {} files, {bytes} bytes written",
        resolved.files.len()
    );
    let mut group = c.benchmark_group("100 VMs");
    group.sample_size(10);
    group.bench_function("resolve", |b| {
        b.iter(|| session.resolve(&Answers::default()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
