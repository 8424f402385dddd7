//! End-to-end: the real binary in a pseudo-terminal, driven with the documented keys
//! (DESIGN.md, "The wizard's keys"), read back through a VT100 emulator.

#[path = "support/pty.rs"]
mod pty;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pty::{Key, Wizard};

const SIZE: (u16, u16) = (100, 30);

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A folder holding a copy of the sample OVA, and nothing else.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        repo().join("assets/samples/vfw-edge.ova"),
        dir.path().join("vfw-edge.ova"),
    )
    .unwrap();
    dir
}

/// Every file under `dir` with its bytes.
fn contents(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.insert(path.clone(), std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

#[test]
fn the_sample_onboards_to_a_package_with_the_keyboard_alone() {
    let dir = workspace();
    let mut wizard = Wizard::start(&["vfw-edge.ova"], dir.path(), SIZE, &[]);
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[3/9] Licence");
    wizard.press(&[Key::PageDown]);
    wizard.wait_for("lines 18–37 of 37");
    wizard.press(&[Key::Text("a")]);
    let screen = wizard.wait_for("[4/9] Deployment option");
    assert!(screen.contains("▶  medium (default)"), "{screen}");
    wizard.press(&[Key::Down, Key::Down, Key::Up, Key::Enter]);
    wizard.wait_for("[5/9] Properties");
    // Letters go into the focused field: `q` and `a` are typed, not obeyed.
    wizard.type_text("qa-berlin");
    wizard.press(&[Key::Down, Key::Down, Key::Down]);
    wizard.type_text("10.1.0.10");
    wizard.press(&[Key::Tab, Key::Tab]);
    wizard.type_text("10.1.0.1");
    // The password has no value yet: left for instantiation, unless typed.
    wizard.press(&[
        Key::Tab,
        Key::Tab,
        Key::Tab,
        Key::Tab,
        Key::Tab,
        Key::Tab,
        Key::Tab,
    ]);
    wizard.wait_for("▲ left for instantiation");
    // Enter shows what breaks its qualifiers and stays.
    wizard.type_text("correct");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("needs attention");
    wizard.wait_for("Administrator password");
    wizard.type_text("-horse-battery");
    let screen = wizard.wait_for("hidden (Ctrl-R shows)");
    assert!(!screen.contains("correct-horse"), "{screen}");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[7/9] Parameters");
    wizard.type_text("10.1.0.0/24");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    wizard.wait_for("✓ no violations");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[9/9] Write");
    wizard.wait_for("✓ Ready");
    // The package format: a SOL004 CSAR.
    wizard.press(&[Key::Down, Key::Right]);
    wizard.wait_for("◀ csar ▶");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("Enter finishes");
    assert!(
        screen.contains("vfw-edge.csar  (package, validated)"),
        "{screen}"
    );
    let out = dir.path().join("vfw-edge-onboarded");
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "answers.yaml",
            "base_vfw_edge.env",
            "base_vfw_edge.yaml",
            "vfw-edge.csar"
        ]
    );
    let answers = std::fs::read_to_string(out.join("answers.yaml")).unwrap();
    assert!(answers.contains("vfw.site.name: qa-berlin"), "{answers}");
    assert!(
        answers.contains("int_mgmt_subnet_cidr: 10.1.0.0/24"),
        "{answers}"
    );
    assert!(!answers.contains("correct-horse"), "{answers}");
    let environment = std::fs::read_to_string(out.join("base_vfw_edge.env")).unwrap();
    assert!(
        environment.contains("correct-horse-battery"),
        "the secret is in the env only"
    );
    wizard.press(&[Key::Enter]);
    wizard.wait_for("vnfwiz: Onboarded vfw-edge.ova into");
    assert_eq!(wizard.wait_exit(), 0);
    assert!(wizard.terminal_restored());
    // What was written passes validation: the templates as a folder, and the package.
    for written in [out.clone(), out.join("vfw-edge.csar")] {
        let check = std::process::Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
            .args(["validate"])
            .arg(&written)
            .output()
            .unwrap();
        assert_eq!(
            check.status.code(),
            Some(0),
            "{}: {}",
            written.display(),
            String::from_utf8_lossy(&check.stdout)
        );
    }
}

#[test]
fn declining_the_licence_ends_with_nothing_written() {
    let dir = workspace();
    let before = contents(dir.path());
    let mut wizard = Wizard::start(&["vfw-edge.ova"], dir.path(), SIZE, &[]);
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[3/9] Licence");
    wizard.press(&[Key::Text("d")]);
    wizard.wait_for("Decline the licence?");
    wizard.press(&[Key::Text("y")]);
    wizard.wait_for("the licence was declined; nothing was written");
    assert_eq!(wizard.wait_exit(), 1, "onboarding refused");
    assert!(wizard.terminal_restored());
    assert_eq!(contents(dir.path()), before);
}

#[test]
fn the_violation_list_filters_fuzzily() {
    let mut wizard = Wizard::start(&["tests/fixtures/wizard/dns-needs-work"], repo(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    wizard.wait_for("10 of 10");
    wizard.press(&[Key::Text("/")]);
    wizard.type_text("misspelt");
    let screen = wizard.wait_for("1 of 10");
    assert!(screen.contains("R-92635/misspelt-function"), "{screen}");
    assert!(!screen.contains("R-90526"), "{screen}");
    // Letters went to the filter, not to the keys they are bound to: still running.
    wizard.press(&[Key::Enter, Key::Down]);
    wizard.press(&[Key::Text("/"), Key::Esc]);
    wizard.wait_for("10 of 10");
    // Tab shows the template the violations point into.
    wizard.press(&[Key::Tab]);
    let screen = wizard.wait_for("[Template base_dns.yaml]");
    assert!(
        screen.contains("heat_template_version: 2016-10-14"),
        "{screen}"
    );
    wizard.press(&[Key::BackTab]);
    wizard.wait_for("[Violations (10)]");
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn fixes_are_previewed_applied_and_undone_from_the_review() {
    let mut wizard = Wizard::start(&["tests/fixtures/wizard/dns-needs-work"], repo(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("10 of 10");
    // A fix that needs the operator's words: f asks, Enter shows the diff, Enter applies.
    wizard.press(&[Key::Text("/")]);
    wizard.type_text("44001");
    wizard.wait_for("1 of 10");
    wizard.press(&[Key::Enter, Key::Text("f")]);
    wizard.wait_for("What is `dns_cache_size`");
    wizard.type_text("Resolver cache size in MiB");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("Fix preview");
    assert!(
        screen.contains("│+     description: Resolver cache size in MiB"),
        "{screen}"
    );
    wizard.press(&[Key::Enter]);
    wizard.wait_for("Applied: Set the description");
    let screen = wizard.wait_for("0 of 9");
    assert!(screen.contains("/ 44001"), "the filter stays: {screen}");
    // u takes it back: the violation returns.
    wizard.press(&[Key::Text("u")]);
    wizard.wait_for("Undid 1 fix");
    wizard.wait_for("1 of 10");
    // F previews every safe fix as one diff; Esc closes it without applying.
    wizard.press(&[Key::Text("/"), Key::Esc, Key::Text("F")]);
    let screen = wizard.wait_for("safe fix at once");
    assert!(screen.contains("dns-resolver-9.18"), "{screen}");
    wizard.press(&[Key::Esc]);
    wizard.wait_for("10 of 10");
    wizard.press(&[Key::Text("q")]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Text("y")]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn quitting_with_unsaved_answers_asks_first() {
    let mut wizard = Wizard::start(&["assets/samples/vfw-edge.ova"], repo(), SIZE, &[]);
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter, Key::Text("a")]);
    wizard.wait_for("[4/9] Deployment option");
    wizard.press(&[Key::Text("q")]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Text("n")]);
    let screen = wizard.wait_for("[4/9] Deployment option");
    assert!(!screen.contains("Quit without saving?"), "{screen}");
    wizard.press(&[Key::Ctrl('c')]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Ctrl('c')]);
    assert_eq!(wizard.wait_exit(), 0);
    assert!(wizard.terminal_restored());
}

#[test]
fn the_picker_lists_the_folder_and_opens_the_choice() {
    let dir = workspace();
    let mut wizard = Wizard::start(&[], dir.path(), SIZE, &[]);
    let screen = wizard.wait_for("vfw-edge.ova");
    assert!(screen.contains("OVA"), "{screen}");
    assert!(screen.contains("410.0 KiB"), "{screen}");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Ctrl('c')]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn a_small_window_says_so_until_it_grows() {
    let mut wizard = Wizard::start(
        &["tests/fixtures/wizard/dns-needs-work"],
        repo(),
        (70, 20),
        &[],
    );
    wizard.wait_for("Terminal too small");
    wizard.resize(SIZE);
    wizard.wait_for("[7/9] Parameters");
    // A text field has focus, so help is F1 (`?` would be typed).
    wizard.press(&[Key::F1]);
    wizard.wait_for("Everywhere");
    wizard.press(&[Key::Esc, Key::Ctrl('c')]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn no_color_draws_without_colour() {
    let mut wizard = Wizard::start(
        &["tests/fixtures/wizard/dns-needs-work"],
        repo(),
        SIZE,
        &[("NO_COLOR", "1")],
    );
    wizard.wait_for("[7/9] Parameters");
    assert!(!wizard.coloured(), "{}", wizard.screen());
    wizard.press(&[Key::Ctrl('c')]);
    wizard.wait_exit();
    let mut wizard = Wizard::start(&["tests/fixtures/wizard/dns-needs-work"], repo(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    assert!(wizard.coloured(), "the default theme has colour");
    wizard.press(&[Key::Ctrl('c')]);
    wizard.wait_exit();
}

#[test]
fn an_unknown_theme_is_refused_before_the_screen_changes() {
    let mut wizard = Wizard::start(&["--theme", "neon"], repo(), SIZE, &[]);
    wizard.wait_for("unknown theme `neon`");
    assert_eq!(wizard.wait_exit(), 2);
}

#[test]
fn answers_given_are_used_and_saved_again_without_secrets_on_quit() {
    let dir = workspace();
    std::fs::write(
        dir.path().join("site.yaml"),
        "accept_eula: true\ndeployment_option: small\nproperties:\n  vfw.site.name: lyon-02\n",
    )
    .unwrap();
    let mut wizard = Wizard::start(
        &[
            "vfw-edge.ova",
            "--answers",
            "site.yaml",
            "--save-answers",
            "saved.yaml",
        ],
        dir.path(),
        SIZE,
        &[],
    );
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter]);
    // The licence is accepted by the answers: the step is done, Enter goes on.
    wizard.wait_for("✓ accepted");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("[4/9] Deployment option");
    assert!(screen.contains("▶  small"), "{screen}");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("[5/9] Properties");
    assert!(screen.contains("[lyon-02"), "{screen}");
    wizard.press(&[Key::Down, Key::Down, Key::Down]);
    wizard.type_text("10.9.0.4");
    wizard.press(&[Key::Ctrl('c')]);
    wizard.wait_for("s save the answers to saved.yaml and quit");
    wizard.press(&[Key::Text("s")]);
    assert_eq!(wizard.wait_exit(), 0);
    let saved = std::fs::read_to_string(dir.path().join("saved.yaml")).unwrap();
    assert!(saved.contains("vfw.site.name: lyon-02"), "{saved}");
    assert!(saved.contains("vfw.mgmt.address: 10.9.0.4"), "{saved}");
    assert!(saved.contains("deployment_option: small"), "{saved}");
}

#[test]
fn the_readme_command_opens_the_wizard_on_the_bundled_sample() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let command = readme
        .lines()
        .find_map(|l| l.strip_prefix("cargo run --release -- "))
        .expect("a run command in the README");
    let args: Vec<&str> = command.split_whitespace().collect();
    let mut wizard = Wizard::start(&args, repo(), SIZE, &[]);
    wizard.wait_for("✓ Verified");
    let screen = wizard.wait_for("[2/9] Integrity");
    assert!(screen.contains("vfw-edge.ova (OVA)"), "{screen}");
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn a_choice_among_implementations_is_asked_and_recorded() {
    let mut wizard = Wizard::start(
        &["tests/fixtures/capabilities/dns_ambiguous"],
        repo(),
        SIZE,
        &[],
    );
    wizard.wait_for("[6/9] Capabilities");
    wizard.wait_for("several candidates fit");
    wizard.press(&[Key::Down, Key::Text(" ")]);
    let screen = wizard.wait_for("✓ resolvers/unbound_resolver.yaml (by answer)");
    assert!(
        screen.contains("(●) resolvers/unbound_resolver.yaml"),
        "{screen}"
    );
    wizard.press(&[Key::Text("q")]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Text("y")]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn with_mouse_the_wheel_scrolls_the_licence() {
    let mut wizard = Wizard::start(
        &["assets/samples/vfw-edge.ova", "--mouse"],
        repo(),
        SIZE,
        &[],
    );
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("lines 1–20 of 37");
    wizard.press(&[Key::WheelDown, Key::WheelDown]);
    wizard.wait_for("lines 3–22 of 37");
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
    assert!(wizard.terminal_restored());
    // Without --mouse the same reports change nothing; the key after them still counts.
    let mut wizard = Wizard::start(&["assets/samples/vfw-edge.ova"], repo(), SIZE, &[]);
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("lines 1–20 of 37");
    wizard.press(&[Key::WheelDown, Key::WheelDown, Key::Down]);
    let screen = wizard.wait_for("lines 2–21 of 37");
    assert!(!screen.contains("lines 3–22"), "{screen}");
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn a_signal_from_outside_restores_the_terminal() {
    for (signal, status, name) in [
        (libc::SIGTERM, 143, "SIGTERM"),
        (libc::SIGINT, 130, "SIGINT"),
    ] {
        let dir = workspace();
        let before = contents(dir.path());
        let mut wizard = Wizard::start(&["vfw-edge.ova"], dir.path(), SIZE, &[]);
        wizard.wait_for("✓ Verified");
        wizard.signal(signal);
        assert_eq!(wizard.wait_exit(), status, "{name}");
        assert!(wizard.terminal_restored(), "{name}: {}", wizard.screen());
        wizard.wait_for(&format!("interrupted by {name}"));
        assert_eq!(contents(dir.path()), before, "{name}: files changed");
    }
}

#[test]
fn a_signal_while_the_wizard_writes_leaves_the_folder_as_it_was() {
    let dir = workspace();
    std::fs::write(
        dir.path().join("site.yaml"),
        "accept_eula: true\ndeployment_option: small\npackage: csar\nproperties:\n  \
         vfw.site.name: lyon-02\n  vfw.mgmt.address: 10.9.0.4\n  vfw.mgmt.gateway: 10.9.0.1\n  \
         vfw.admin.password: correct-horse-battery\n",
    )
    .unwrap();
    let before = contents(dir.path());
    // The write stops once the files are staged, before the package, until a signal comes;
    // then it takes a while to reach the point where it removes them.
    let mut wizard = Wizard::start(
        &["vfw-edge.ova", "--answers", "site.yaml"],
        dir.path(),
        SIZE,
        &[
            ("VNFWIZ_FAULT", "drag@package"),
            ("VNFWIZ_FAULT_RESUME", "/nonexistent/never"),
        ],
    );
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✓ accepted");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[4/9] Deployment option");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[5/9] Properties");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✓ no violations");
    wizard.press(&[Key::Ctrl('s')]);
    wizard.wait_for("Writing");
    // The staging folder is there: the write is under way.
    let started = std::time::Instant::now();
    while contents(dir.path()).len() == before.len() {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "nothing was staged: {}",
            wizard.screen()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    wizard.signal(libc::SIGTERM);
    assert_eq!(wizard.wait_exit(), 143);
    assert!(wizard.terminal_restored(), "{}", wizard.screen());
    assert_eq!(
        contents(dir.path()),
        before,
        "the staged files were removed before the wizard ended"
    );
}
