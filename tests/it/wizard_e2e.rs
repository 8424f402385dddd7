//! End-to-end: the real binary in a pseudo-terminal, driven with the documented keys
//! (DESIGN.md, "The wizard's keys"), read back through a VT100 emulator.

use crate::support::pty;

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
    wizard.wait_for("needs attention (marked ✗)");
    wizard.wait_for("Administrator password");
    wizard.type_text("-horse-battery");
    let screen = wizard.wait_for("hidden (Ctrl-R shows)");
    assert!(!screen.contains("correct-horse"), "{screen}");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[7/9] Parameters");
    wizard.type_text("10.1.0.0/24");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    wizard.wait_for("✓ no rule violated");
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
    assert_eq!(written, ["answers.yaml", "heat", "vfw-edge.csar"]);
    let mut heat: Vec<String> = std::fs::read_dir(out.join("heat"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    heat.sort();
    assert_eq!(heat, ["base_vfw_edge.env", "base_vfw_edge.yaml"]);
    let answers = std::fs::read_to_string(out.join("answers.yaml")).unwrap();
    assert!(answers.contains("vfw.site.name: qa-berlin"), "{answers}");
    assert!(
        answers.contains("int_mgmt_subnet_cidr: 10.1.0.0/24"),
        "{answers}"
    );
    assert!(!answers.contains("correct-horse"), "{answers}");
    let environment = std::fs::read_to_string(out.join("heat/base_vfw_edge.env")).unwrap();
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
    // Enter keeps the filter; the first Esc clears it and stays, the next one leaves.
    wizard.press(&[Key::Enter, Key::Down, Key::Esc]);
    let screen = wizard.wait_for("10 of 10");
    assert!(screen.contains("[8/9] Review"), "{screen}");
    wizard.press(&[Key::Esc]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    // Tab shows every file of the output, the template first.
    wizard.press(&[Key::Tab]);
    let screen = wizard.wait_for("[Files (3)]");
    assert!(
        screen.contains("heat_template_version: 2016-10-14"),
        "{screen}"
    );
    wizard.press(&[Key::BackTab]);
    wizard.wait_for("[Violations (10)]");
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}

/// A copy of the broken DNS set in a folder of its own, to edit.
fn dns_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = repo().join("tests/fixtures/wizard/dns-needs-work");
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    dir
}

/// The selected row of a list on screen.
fn selected_row(screen: &str) -> &str {
    screen
        .lines()
        .find(|line| line.starts_with("│ ▶ "))
        .unwrap_or_else(|| panic!("no selected row: {screen}"))
}

/// Waits until `path` exists.
fn wait_for_file(wizard: &Wizard, path: &Path) {
    let started = std::time::Instant::now();
    while !path.exists() {
        assert!(
            started.elapsed() < pty::PATIENCE,
            "{} never appeared; the screen shows:\n{}",
            path.display(),
            wizard.screen()
        );
        std::thread::sleep(std::time::Duration::from_millis(30));
    }
}

#[test]
fn e_hands_the_terminal_to_the_editor_and_validates_its_edit() {
    let set = dns_copy();
    let scratch = tempfile::tempdir().unwrap();
    let log = scratch.path();
    // A stand-in editor: it records its arguments and the terminal's mode, reads a line
    // typed at the keyboard (which only reaches it if the wizard stopped reading), and
    // fixes the misspelt function as an operator would.
    let editor = log.join("editor.sh");
    std::fs::write(
        &editor,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > {log}/args\nstty -a > {log}/stty.tmp 2>&1\nmv {log}/stty.tmp {log}/stty\nread typed\nprintf '%s' \"$typed\" > {log}/typed\nsed -i 's/get_parm/get_param/' \"$2\"\n",
            log = log.display()
        ),
    )
    .unwrap();
    let mut permissions = std::fs::metadata(&editor).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&editor, permissions).unwrap();
    let editor = editor.display().to_string();
    let mut wizard = Wizard::start(
        &[set.path().to_str().unwrap()],
        repo(),
        SIZE,
        &[("EDITOR", editor.as_str()), ("VISUAL", "")],
    );
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("▲ 1 warning");
    wizard.press(&[Key::Text("/")]);
    wizard.type_text("misspelt");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("1 of 10");
    wizard.press(&[Key::Text("e")]);
    wait_for_file(&wizard, &log.join("stty"));
    let stty = std::fs::read_to_string(log.join("stty")).unwrap();
    assert!(
        stty.contains(" icanon") && stty.contains(" echo"),
        "the editor gets a cooked terminal: {stty}"
    );
    assert!(
        !wizard.screen_is_alternate(),
        "the wizard left the alternate screen"
    );
    wizard.type_text("keys reach the editor");
    wizard.press(&[Key::Enter]);
    wait_for_file(&wizard, &log.join("typed"));
    assert_eq!(
        std::fs::read_to_string(log.join("typed")).unwrap(),
        "keys reach the editor"
    );
    let args = std::fs::read_to_string(log.join("args")).unwrap();
    let template = std::path::absolute(set.path().join("base_dns.yaml")).unwrap();
    assert_eq!(args, format!("+42\n{}\n", template.display()));
    // Back in the wizard: the set was read again and the warning is gone.
    let screen = wizard.wait_for("▲ 0 warnings");
    assert!(screen.contains("[8/9] Review"), "{screen}");
    assert!(
        wizard.screen_is_alternate(),
        "the wizard took its screen back"
    );
    // Fixing the call also made `vf_module_id` read and its metadata right.
    wizard.press(&[Key::Text("/"), Key::Esc]);
    wizard.wait_for("7 of 7");
    wizard.press(&[Key::Ctrl('c')]);
    assert_eq!(wizard.wait_exit(), 130);
    assert!(wizard.terminal_restored());
}

#[test]
fn a_file_saved_from_another_terminal_is_validated_again_keeping_the_selection() {
    let set = dns_copy();
    let mut wizard = Wizard::start(&[set.path().to_str().unwrap()], repo(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("▲ 1 warning");
    // N from the first row goes round to the last error: R-20453 at line 43.
    wizard.press(&[Key::Text("N")]);
    let screen = wizard.wait_for("Went round the list");
    let selected = selected_row(&screen);
    assert!(
        selected.contains("R-20453") && selected.contains("base_dns.yaml:43"),
        "{screen}"
    );
    // y copies the place through the terminal (OSC 52), no question being open.
    wizard.press(&[Key::Text("y")]);
    wizard.wait_for("Copied base_dns.yaml:43");
    assert_eq!(wizard.clipboard(), ["base_dns.yaml:43"]);
    // Another terminal fixes the misspelt function and adds a line above it.
    let template = set.path().join("base_dns.yaml");
    let text = std::fs::read_to_string(&template).unwrap();
    let text = text.replace("get_parm", "get_param").replacen(
        "parameters:\n",
        "# reviewed by the NOC\nparameters:\n",
        1,
    );
    std::fs::write(&template, text).unwrap();
    // Validated again: the warning is gone, and the same violation stays selected, one
    // line down.
    wizard.wait_until("R-20453 at line 44, selected", |screen| {
        screen.contains("▲ 0 warnings")
            && screen
                .lines()
                .find(|line| line.starts_with("│ ▶ "))
                .is_some_and(|row| row.contains("R-20453") && row.contains("base_dns.yaml:44"))
    });
    wizard.press(&[Key::Ctrl('c')]);
    assert_eq!(wizard.wait_exit(), 130);
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
fn q_ends_with_0_and_ctrl_c_with_130_once_the_terminal_is_restored() {
    for (key, status) in [(Key::Text("q"), 0), (Key::Ctrl('c'), 130)] {
        let mut wizard = Wizard::start(&["assets/samples/vfw-edge.ova"], repo(), SIZE, &[]);
        wizard.wait_for("✓ Verified");
        wizard.press(&[key]);
        assert_eq!(wizard.wait_exit(), status);
        assert!(wizard.terminal_restored(), "{}", wizard.screen());
    }
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
    assert_eq!(wizard.wait_exit(), 130);
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
    assert_eq!(wizard.wait_exit(), 130);
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
    assert_eq!(wizard.wait_exit(), 130);
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
    wizard.wait_for("s saves them to saved.yaml first");
    wizard.wait_for("s save the answers and quit");
    wizard.press(&[Key::Text("s")]);
    assert_eq!(wizard.wait_exit(), 130);
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
    wizard.wait_for("✓ no rule violated");
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

/// A folder holding a copy of the sample OVA and of a HOT set.
fn workspace_with_a_hot_set() -> tempfile::TempDir {
    let dir = workspace();
    let set = dir.path().join("dns");
    std::fs::create_dir(&set).unwrap();
    for name in ["base_dns.yaml", "base_dns.env"] {
        std::fs::copy(
            repo()
                .join("tests/fixtures/wizard/dns-needs-work")
                .join(name),
            set.join(name),
        )
        .unwrap();
    }
    dir
}

/// A folder holding a copy of the fixture set `fixture` as `name/`.
fn set_workspace(fixture: &str, name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join(name);
    std::fs::create_dir(&set).unwrap();
    for entry in std::fs::read_dir(repo().join("tests/fixtures").join(fixture)).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), set.join(entry.file_name())).unwrap();
    }
    dir
}

/// A folder holding a copy of the vFW-like set (`vfw/`): an environment file listing
/// values ONAP supplies, a hyphenated resource id.
fn vfw_workspace() -> tempfile::TempDir {
    set_workspace("onap/vfw", "vfw")
}

#[test]
fn back_at_the_source_the_path_given_is_opened_again_or_another_chosen() {
    let dir = workspace_with_a_hot_set();
    let mut wizard = Wizard::start(&["vfw-edge.ova"], dir.path(), SIZE, &[]);
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter, Key::Text("a")]);
    wizard.wait_for("[4/9] Deployment option");
    wizard.press(&[Key::Esc, Key::Esc, Key::Esc]);
    // The picker lists the folder, the open source marked; its footer keys all work.
    wizard.wait_for("[1/9] Source");
    wizard.wait_for("(open)");
    let screen = wizard.wait_for("dns");
    assert!(screen.contains("Enter open"), "{screen}");
    assert!(!screen.contains("given on the command line"), "{screen}");
    // Enter on the open source goes on with the answers kept.
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("[2/9] Integrity");
    assert!(
        screen.contains("✓ Licence"),
        "the licence stays accepted: {screen}"
    );
    // Another source: back at the picker, down to the HOT set.
    wizard.press(&[Key::Esc]);
    wizard.wait_for("(open)");
    let screen = wizard.screen();
    let rows: Vec<&str> = screen.lines().filter(|l| l.contains("│ ")).collect();
    let selected = rows.iter().position(|l| l.contains("▶")).unwrap();
    let target = rows
        .iter()
        .position(|l| l.contains("dns ") && l.contains("HOT set"))
        .unwrap();
    for _ in selected..target {
        wizard.press(&[Key::Down]);
    }
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("[7/9] Parameters");
    assert!(screen.contains("(HOT set)"), "{screen}");
    // A typed path: Tab, the path, Enter.
    wizard.press(&[Key::Esc]);
    wizard.wait_for("[1/9] Source");
    wizard.press(&[Key::Tab]);
    wizard.wait_for("Path ›");
    wizard.type_text("vfw-edge.ova");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✓ Verified");
    // A source opened afresh has nothing unsaved yet: Ctrl-C quits at once.
    wizard.press(&[Key::Ctrl('c')]);
    assert_eq!(wizard.wait_exit(), 130);
}

#[test]
fn an_answers_file_that_fails_to_save_is_said_so_and_saved_on_retry() {
    let dir = workspace();
    std::fs::write(
        dir.path().join("site.yaml"),
        "accept_eula: true\nproperties:\n  vfw.site.name: lyon-02\n  vfw.mgmt.address: 10.9.0.4\n  vfw.mgmt.gateway: 10.9.0.1\nparameters:\n  int_mgmt_subnet_cidr: 10.9.0.0/24\n",
    )
    .unwrap();
    let mut wizard = Wizard::start(
        &[
            "vfw-edge.ova",
            "--answers",
            "site.yaml",
            "--save-answers",
            "missing/saved.yaml",
        ],
        dir.path(),
        SIZE,
        &[],
    );
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter, Key::Enter, Key::Enter]);
    wizard.wait_for("[5/9] Properties");
    // The password is the one answer a file never holds.
    for _ in 0..20 {
        if wizard.screen().contains("▶ Administrator password") {
            break;
        }
        wizard.press(&[Key::Down]);
    }
    wizard.wait_for("▶ Administrator password");
    wizard.type_text("correct-horse-battery");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✓ Ready");
    wizard.press(&[Key::Ctrl('s')]);
    let screen = wizard.wait_for("The answers were not saved to missing/saved.yaml");
    assert!(screen.contains("✓ Written to"), "{screen}");
    assert!(!screen.contains("Nothing was written"), "{screen}");
    let out = dir.path().join("vfw-edge-onboarded");
    assert!(
        out.join("heat/base_vfw_edge.yaml").is_file(),
        "the outputs are written"
    );
    // Another file for the answers; the retry saves them and writes nothing else.
    wizard.press(&[Key::Ctrl('u')]);
    wizard.type_text("saved.yaml");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("Answers saved to saved.yaml");
    assert!(!screen.contains("not empty"), "{screen}");
    assert!(
        std::fs::read_to_string(dir.path().join("saved.yaml"))
            .unwrap()
            .contains("vfw.site.name: lyon-02")
    );
    wizard.press(&[Key::Enter]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn pasted_text_and_readline_keys_edit_fields() {
    let mut wizard = Wizard::start(&["tests/fixtures/wizard/dns-needs-work"], repo(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.wait_for("▶ vf_module_id");
    // A paste with a Tab and a line break stays in the field: nothing moves or confirms.
    wizard.press(&[Key::Paste("module\t7\n")]);
    let screen = wizard.wait_for("[module 7");
    assert!(screen.contains("[7/9] Parameters"), "{screen}");
    assert!(screen.contains("▶ vf_module_id"), "{screen}");
    // Alt-B back a word, Ctrl-W deletes the word before the cursor, Ctrl-A and Ctrl-E
    // move to the ends, Ctrl-U clears to the start.
    wizard.press(&[Key::Alt('b'), Key::Ctrl('w')]);
    wizard.wait_for("[7  ");
    wizard.press(&[Key::Ctrl('a')]);
    wizard.type_text("m-");
    wizard.wait_for("[m-7 ");
    wizard.press(&[Key::Ctrl('e')]);
    wizard.type_text("x");
    wizard.wait_for("[m-7x ");
    wizard.press(&[Key::Alt('b'), Key::Alt('f'), Key::Ctrl('u')]);
    wizard.wait_without("m-7x");
    wizard.press(&[Key::Ctrl('c')]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Ctrl('c')]);
    assert_eq!(wizard.wait_exit(), 130);
}

/// From the parameters (the environment's values come first) on to the review showing
/// `errors`, then `F` and Enter on its preview saying `fixes`; the preview's screen.
fn safe_fixes_applied(wizard: &mut Wizard, errors: &str, fixes: &str) -> String {
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    wizard.wait_for(errors);
    wizard.press(&[Key::Text("F")]);
    let preview = wizard.wait_for(fixes);
    wizard.press(&[Key::Enter]);
    preview
}

/// From the review on to the write step, Enter writes where it proposes, Enter finishes:
/// the wizard ends with 0.
fn written_from_the_review(wizard: &mut Wizard) {
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[9/9] Write");
    wizard.wait_for("✓ Ready");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("Enter finishes");
    wizard.press(&[Key::Enter]);
    assert_eq!(wizard.wait_exit(), 0);
}

fn validate(path: &Path) -> (Option<i32>, String) {
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .arg("validate")
        .arg(path)
        .output()
        .unwrap();
    (
        check.status.code(),
        String::from_utf8_lossy(&check.stdout).into_owned(),
    )
}

#[test]
fn the_safe_fixes_clear_a_vfw_like_set_and_what_is_written_validates_clean() {
    let dir = vfw_workspace();
    let source = contents(&dir.path().join("vfw"));
    let mut wizard = Wizard::start(&["vfw"], dir.path(), SIZE, &[]);
    let screen = safe_fixes_applied(&mut wizard, "✗ 10 errors", "10 safe fixes at once");
    assert!(
        screen.contains("-   vnf_id: vFirewall_demo_app"),
        "{screen}"
    );
    wizard.wait_for("✓ no violations");
    written_from_the_review(&mut wizard);
    let out = dir.path().join("vfw-onboarded");
    let (code, report) = validate(&out);
    assert_eq!(code, Some(0), "{report}");
    assert!(report.contains(": 0 errors, 0 warnings"), "{report}");
    let environment = std::fs::read_to_string(out.join("heat/base_vfw.env")).unwrap();
    assert!(!environment.contains("vnf_id"), "{environment}");
    // The source is as it was: the fixes went into the output only.
    assert_eq!(contents(&dir.path().join("vfw")), source);
}

#[test]
fn w_writes_the_applied_fixes_back_to_the_source_files() {
    let dir = vfw_workspace();
    let set = dir.path().join("vfw");
    let mut wizard = Wizard::start(&["vfw"], dir.path(), SIZE, &[]);
    safe_fixes_applied(&mut wizard, "✗ 10 errors", "10 safe fixes at once");
    wizard.wait_for("✓ no violations");
    wizard.press(&[Key::Text("W")]);
    let screen = wizard.wait_for("Write the fixes back to the source files?");
    assert!(
        screen.contains("✎ base_vfw.env") && screen.contains("✎ base_vfw.yaml"),
        "{screen}"
    );
    wizard.press(&[Key::Text("y")]);
    wizard.wait_for("Wrote the fixes back to base_vfw.env, base_vfw.yaml");
    // The source holds the fixes now: read again, it is clean with no fix to replay.
    wizard.wait_for("✓ no violations");
    wizard.wait_without("no longer applies");
    wizard.press(&[Key::Text("q")]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Text("y")]);
    assert_eq!(wizard.wait_exit(), 0);
    let (code, report) = validate(&set);
    assert_eq!(code, Some(0), "{report}");
    let environment = std::fs::read_to_string(set.join("base_vfw.env")).unwrap();
    assert!(
        environment.contains("  # Instance identity\n"),
        "{environment}"
    );
    assert!(!environment.contains("vnf_id"), "{environment}");
    assert!(
        std::fs::read_to_string(set.join("base_vfw.yaml"))
            .unwrap()
            .contains("{get_resource: random_str}")
    );
}

/// A folder holding a copy of the vLB-like set (`vlb/`): findings the safe fixes answer,
/// and findings only a waiver can accept (a private network named as the lab scripts
/// expect, one golden image for two VM types).
fn vlb_workspace() -> tempfile::TempDir {
    set_workspace("wizard/vlb-waivers", "vlb")
}

/// Every file under `dir` by its path below `dir`.
fn relative_contents(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    contents(dir)
        .into_iter()
        .map(|(path, bytes)| (path.strip_prefix(dir).unwrap().to_path_buf(), bytes))
        .collect()
}

#[test]
fn a_vlb_like_set_is_finished_with_fixes_and_waivers_and_onboard_replays_it() {
    let dir = vlb_workspace();
    let mut wizard = Wizard::start(&["vlb"], dir.path(), SIZE, &[]);
    safe_fixes_applied(&mut wizard, "✗ 10 errors", "4 safe fixes at once");
    wizard.wait_for("✗ 5 errors");
    // Grouped by rule, each group is accepted with its reason.
    wizard.press(&[Key::Text("g"), Key::Text("g")]);
    wizard.wait_for("grouped by rule");
    wizard.press(&[Key::Text("w")]);
    wizard.wait_for("Why is it accepted?");
    // No reason, no waiver.
    wizard.press(&[Key::Enter]);
    wizard.wait_for("A waiver needs a reason");
    wizard.press(&[Key::Tab]);
    wizard.wait_for("◉ the 2 findings of R-99812");
    wizard.press(&[Key::Paste(
        "the lab scripts address the private network by name; ticket LAB-42",
    )]);
    wizard.press(&[Key::Enter]);
    wizard.wait_for("~ 2 waived");
    // The selection followed the findings into the waived group: back to the first.
    wizard.press(&[Key::Home, Key::Text("w"), Key::Tab]);
    wizard.wait_for("◉ the 2 findings of R-85734");
    wizard.press(&[Key::Paste(
        "the lab scripts address the private network by name; ticket LAB-42",
    )]);
    wizard.press(&[Key::Enter]);
    wizard.wait_for("~ 4 waived");
    wizard.press(&[Key::Home, Key::Text("w")]);
    wizard.wait_for("Waive R-57282");
    wizard.press(&[Key::Paste("one golden image for the lab")]);
    wizard.press(&[Key::Enter]);
    wizard.wait_for("~ 5 waived");
    // Taken back, it counts again; waived anew with a better reason.
    wizard.press(&[Key::Text("x")]);
    wizard.wait_for("Took back the waiver of R-57282");
    wizard.wait_for("✗ 1 error");
    wizard.press(&[Key::Text("w")]);
    wizard.press(&[Key::Paste(
        "one golden image for the lab; vendor ticket 118",
    )]);
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("~ 5 waived");
    assert!(screen.contains("✗ 0 errors"), "{screen}");
    written_from_the_review(&mut wizard);
    let out = dir.path().join("vlb-onboarded");
    let answers = std::fs::read_to_string(out.join("answers.yaml")).unwrap();
    assert!(
        answers.contains("reason: one golden image for the lab; vendor ticket 118"),
        "{answers}"
    );
    // The saved answers replayed headless write the same files.
    let replayed = dir.path().join("replayed");
    let onboard = std::process::Command::new(env!("CARGO_BIN_EXE_vnfwiz"))
        .arg("onboard")
        .arg(dir.path().join("vlb"))
        .arg("--answers")
        .arg(out.join("answers.yaml"))
        .arg("--out")
        .arg(&replayed)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&onboard.stdout);
    assert_eq!(onboard.status.code(), Some(0), "{said}");
    assert!(said.contains("0 errors, 0 warnings, 5 waived"), "{said}");
    assert_eq!(relative_contents(&replayed), relative_contents(&out));
}
