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

/// A workspace whose `site.yaml` holds `answers`.
fn workspace_answered(answers: &str) -> tempfile::TempDir {
    let dir = workspace();
    std::fs::write(dir.path().join("site.yaml"), answers).unwrap();
    dir
}

/// The wizard on a workspace's OVA with `site.yaml`'s answers, saving them to `save_to`.
fn start_answered_saving(dir: &Path, save_to: &str) -> Wizard {
    let args = [
        "vfw-edge.ova",
        "--answers",
        "site.yaml",
        "--save-answers",
        save_to,
    ];
    Wizard::start(&args, dir, SIZE, &[])
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
    wizard.poll(format_args!("{}", path.display()), || {
        path.exists().then_some(())
    });
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
    // [ from the first row goes round to the last error: R-20453 at line 43.
    wizard.press(&[Key::Text("[")]);
    let screen = wizard.wait_for("Went round the list");
    let selected = selected_row(&screen);
    assert!(
        selected.contains("R-20453") && selected.contains("base_dns.yaml:43"),
        "{screen}"
    );
    // c copies the source file's place through the terminal (OSC 52), as `e` opens it.
    wizard.press(&[Key::Text("c")]);
    wizard.wait_for("base_dns.yaml:43 to the clipboard");
    let source = set.path().join("base_dns.yaml");
    assert_eq!(wizard.clipboard(), [format!("{}:43", source.display())]);
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
    let dir = workspace_answered(
        "accept_eula: true\ndeployment_option: small\nproperties:\n  vfw.site.name: lyon-02\n",
    );
    let mut wizard = start_answered_saving(dir.path(), "saved.yaml");
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
    let dir = workspace_answered(
        "accept_eula: true\ndeployment_option: small\npackage: csar\nproperties:\n  \
         vfw.site.name: lyon-02\n  vfw.mgmt.address: 10.9.0.4\n  vfw.mgmt.gateway: 10.9.0.1\n  \
         vfw.admin.password: correct-horse-battery\n",
    );
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
    wizard.poll("the staging folder", || {
        (contents(dir.path()).len() != before.len()).then_some(())
    });
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

/// Moves the picker's selection down to the row `wanted` picks on `screen` and opens it.
fn open_in_picker(wizard: &mut Wizard, screen: &str, wanted: impl Fn(&str) -> bool) {
    let rows: Vec<&str> = screen.lines().filter(|l| l.contains("│ ")).collect();
    let selected = rows.iter().position(|l| l.contains("▶")).unwrap();
    let target = rows.iter().position(|l| wanted(l)).unwrap();
    for _ in selected..target {
        wizard.press(&[Key::Down]);
    }
    wizard.press(&[Key::Enter]);
}

/// Quits with Ctrl-C, confirming the loss of the answers: ends as interrupted (130).
fn quit_unsaved(wizard: &mut Wizard) {
    wizard.press(&[Key::Ctrl('c')]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Text("y")]);
    assert_eq!(wizard.wait_exit(), 130);
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
    open_in_picker(&mut wizard, &screen, |l| {
        l.contains("dns ") && l.contains("HOT set")
    });
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
    let dir = workspace_answered(
        "accept_eula: true\nproperties:\n  vfw.site.name: lyon-02\n  vfw.mgmt.address: 10.9.0.4\n  vfw.mgmt.gateway: 10.9.0.1\nparameters:\n  int_mgmt_subnet_cidr: 10.9.0.0/24\n",
    );
    let mut wizard = start_answered_saving(dir.path(), "missing/saved.yaml");
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
    // The template's changes first, as the Files tab lists the files.
    let screen = safe_fixes_applied(&mut wizard, "✗ 10 errors", "10 safe fixes at once");
    assert!(screen.contains("+   random_str:"), "{screen}");
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

#[test]
fn a_long_choice_is_picked_by_typing_part_of_a_value() {
    let ems = "tests/fixtures/wizard/appliance-timezones/ems.ovf";
    let mut wizard = Wizard::start(&[ems], repo(), SIZE, &[]);
    wizard.wait_for("Not verified: the package has no manifest");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[5/9] Properties");
    wizard.press(&[Key::Tab, Key::Tab]);
    let screen = wizard.wait_for("one of 88 values");
    assert!(
        !screen.contains("Europe/Berlin"),
        "the values are not listed inline: {screen}"
    );
    // Letters filter the list (`q` is typed, not obeyed); Enter picks the match.
    wizard.type_text("q");
    wizard.wait_for("0 of 88");
    wizard.press(&[Key::Ctrl('u')]);
    wizard.wait_for("88 of 88");
    wizard.type_text("berl");
    let screen = wizard.wait_for("1 of 88");
    assert!(screen.contains("▶ Europe/Berlin"), "{screen}");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("◀ Europe/Berlin ▶");
    assert!(
        screen.contains("[5/9] Properties"),
        "Enter picked, it did not go on"
    );
    // Space opens the whole list at the value; Esc closes it and keeps the value.
    wizard.press(&[Key::Text(" ")]);
    wizard.wait_for("88 of 88");
    wizard.press(&[Key::Esc]);
    wizard.wait_without("88 of 88");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_without("[5/9] Properties");
    assert!(!screen.contains("needs attention"), "{screen}");
    quit_unsaved(&mut wizard);
}

/// A two-module set with many parameters: the base builds names with `vnf_name` (which the
/// module's servers carry as metadata), the module's environment file gives half of its own.
fn many_parameters() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let declare = |prefix: &str, count: usize| -> String {
        (1..=count)
            .map(|i| {
                format!(
                    "  {prefix}_p{i:02}:\n    type: string\n    description: {prefix} setting {i}\n"
                )
            })
            .collect()
    };
    let base = format!(
        "heat_template_version: 2016-10-14
description: Base module of a signalling network
parameters:
  vnf_name:
    type: string
    description: Name of the VNF instance
{}resources:
  vsn_keypair:
    type: OS::Nova::KeyPair
    properties:
      name:
        str_replace:
          template: VNF_key
          params:
            VNF: {{ get_param: vnf_name }}
",
        declare("site", 20)
    );
    let module = format!(
        "heat_template_version: 2016-10-14
description: Signalling controller module
parameters:
  vnf_name:
    type: string
    description: Name of the VNF instance
  vnf_id:
    type: string
    description: ID of the VNF instance
  vf_module_id:
    type: string
    description: ID of the module instance
{}resources:
  sbc_server_0:
    type: OS::Nova::Server
    properties:
      image: sbc-9.1
      flavor: m1.large
      metadata:
        vnf_name: {{ get_param: vnf_name }}
        vnf_id: {{ get_param: vnf_id }}
        vf_module_id: {{ get_param: vf_module_id }}
",
        declare("sbc", 20)
    );
    let given: String = (1..=10)
        .map(|i| format!("  sbc_p{i:02}: value-{i}\n"))
        .collect();
    let files = [
        ("base_vsn.yaml", base),
        ("base_vsn.env", "parameters: {}\n".to_owned()),
        ("sbc.yaml", module),
        ("sbc.env", format!("parameters:\n{given}")),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

#[test]
fn many_parameters_are_counted_filtered_by_name_and_grouped_by_module() {
    let dir = many_parameters();
    let mut wizard = Wizard::start(&["."], dir.path(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    // 20 + 10 to fill, 10 given, vnf_name, vnf_id and vf_module_id supplied: 43 fields.
    let screen = wizard.wait_for(" of 43 · Ctrl-F filters by name");
    assert!(screen.contains("│ 1–"), "{screen}");
    assert!(screen.contains("To fill · base_vsn.yaml"), "{screen}");
    // Ctrl-F (the field takes `/`) filters the fields by name.
    wizard.press(&[Key::Ctrl('f')]);
    wizard.type_text("sbc_p03");
    let screen = wizard.wait_for("1 of 1 (of 43)");
    assert!(
        screen.contains("Given by sbc.env · sbc.yaml") && screen.contains("[value-3"),
        "{screen}"
    );
    // Enter keeps the filter; Esc clears it (and does not leave the step).
    wizard.press(&[Key::Enter, Key::Esc]);
    wizard.wait_for(" of 43 · Ctrl-F filters by name");
    // vnf_name is ONAP's in the base too, as in the module whose servers carry it.
    wizard.press(&[Key::Ctrl('f')]);
    wizard.type_text("vnf_name");
    let screen = wizard.wait_for("1 of 1 (of 43)");
    assert!(
        screen.contains("Supplied by ONAP at instantiation · base_vsn.yaml")
            && screen.contains("supplied by ONAP at instantiation"),
        "{screen}"
    );
    // Esc in the query clears the filter and stays, on the supplied field: no text field
    // takes letters there, so `/` filters.
    wizard.press(&[Key::Esc]);
    let screen = wizard.wait_for(" of 43 · / filters by name");
    assert!(screen.contains("▶ vnf_name"), "{screen}");
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn values_the_modules_hold_differently_are_set_together_or_apart() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.yaml");
    let set = repo().join("tests/fixtures/wizard/dns-flavors-differ");
    let mut wizard = Wizard::start(
        &[
            set.to_str().unwrap(),
            "--save-answers",
            answers.to_str().unwrap(),
        ],
        dir.path(),
        SIZE,
        &[],
    );
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Ctrl('f')]);
    wizard.type_text("flavor");
    let screen = wizard.wait_for("1–3 of 3");
    assert!(
        screen.contains("Differs per module · dns_flavor_name")
            && screen.contains("[m1.medium")
            && screen.contains("[m1.xlarge"),
        "each module's own value: {screen}"
    );
    // Together: one value for both; the module fields show it.
    wizard.press(&[Key::Enter]);
    wizard.type_text("m1.small");
    wizard.wait_until("both modules follow", |s| {
        s.matches("as set for all modules").count() == 2
    });
    // Apart: the expansion module keeps a larger flavor.
    wizard.press(&[Key::Down, Key::Down, Key::Ctrl('u')]);
    wizard.type_text("m1.large");
    wizard.wait_until("one module set apart", |s| {
        s.matches("as set for all modules").count() == 1 && s.contains("[m1.large")
    });
    wizard.press(&[Key::Ctrl('c')]);
    wizard.wait_for("Quit without saving?");
    wizard.press(&[Key::Text("s")]);
    assert_eq!(wizard.wait_exit(), 130);
    let saved = std::fs::read_to_string(&answers).unwrap();
    assert!(
        saved.contains("dns_flavor_name: m1.small")
            && saved.contains("dns_flavor_name@dns_expansion.yaml: m1.large"),
        "{saved}"
    );
}

#[test]
fn a_previewed_fix_is_the_fix_applied_and_one_that_adds_a_finding_says_so() {
    let set = repo().join("tests/fixtures/wizard/lb-random-strings");
    let mut wizard = Wizard::start(&[set.to_str().unwrap()], repo(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    // The base module's random string first: its preview is what Enter applies.
    wizard.press(&[Key::Text("/")]);
    wizard.type_text("75141 base");
    wizard.wait_for("  1 of ");
    wizard.press(&[Key::Enter, Key::Text("f")]);
    let screen = wizard.wait_for("Fix preview");
    assert!(
        screen.contains("Rename resource `random-str` to `random_str`")
            && screen.contains("+   random_str:"),
        "{screen}"
    );
    wizard.press(&[Key::Enter]);
    wizard.wait_for("Applied: Rename resource `random-str` to `random_str`");
    // The scaling module's: renamed after the base's, it would be `random_str_2`, which
    // breaks the numbering rule, so applying it changes nothing; the preview says so.
    wizard.press(&[Key::Esc, Key::Text("/")]);
    wizard.type_text("75141 scaling");
    wizard.press(&[Key::Enter, Key::Text("f")]);
    let screen = wizard.wait_for("Nothing would change");
    assert!(
        screen.contains("`random_str_2`") && screen.contains("the fix would add R-11690"),
        "{screen}"
    );
    wizard.press(&[Key::Enter]);
    wizard.wait_for("Nothing applied");
    // What was applied is what was previewed; no `random_str` clash appeared.
    wizard.press(&[Key::Esc]);
    let screen = wizard.wait_for("Filter cleared");
    assert!(!screen.contains("is already used"), "{screen}");
    wizard.press(&[Key::Tab]);
    let screen = wizard.wait_for("[Files (");
    assert!(screen.contains("  random_str:"), "{screen}");
    quit_unsaved(&mut wizard);
}

#[test]
fn another_source_starts_without_the_first_ones_answers_and_fixes() {
    let dir = vfw_workspace();
    let dns = dir.path().join("dns");
    std::fs::create_dir(&dns).unwrap();
    for name in ["base_dns.yaml", "base_dns.env"] {
        std::fs::copy(
            repo()
                .join("tests/fixtures/wizard/dns-needs-work")
                .join(name),
            dns.join(name),
        )
        .unwrap();
    }
    // The answers file is the vFW's: a flavor of its own.
    std::fs::write(
        dir.path().join("vfw.yaml"),
        "parameters:\n  vfw_flavor_name: m1.large\n",
    )
    .unwrap();
    let mut wizard = Wizard::start(&["vfw", "--answers", "vfw.yaml"], dir.path(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Ctrl('f')]);
    wizard.type_text("vfw_flavor");
    wizard.wait_for("[m1.large");
    wizard.press(&[Key::Esc, Key::Enter]);
    wizard.wait_for("✗ 10 errors");
    wizard.press(&[Key::Text("F")]);
    wizard.wait_for("10 safe fixes at once");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✓ no violations");
    // Back at the picker, the other set: its own findings, none of the vFW's fixes.
    wizard.press(&[Key::Esc, Key::Esc]);
    wizard.wait_for("(open)");
    let screen = wizard.wait_for("without its answers and");
    open_in_picker(&mut wizard, &screen, |l| {
        l.contains("dns ") && l.contains("HOT set")
    });
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("✗ 9 errors");
    assert!(!screen.contains("fix not applied"), "{screen}");
    assert!(
        screen.contains("· 0 notes"),
        "no note about the vFW's fixes: {screen}"
    );
    // Nothing is unsaved on the new source: q quits at once.
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}

#[test]
fn write_is_ready_only_when_the_write_can_succeed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        repo().join("tests/fixtures/wizard/appliance-timezones/ems.ovf"),
        dir.path().join("ems.ovf"),
    )
    .unwrap();
    let before = contents(dir.path());
    let mut wizard = Wizard::start(&["ems.ovf"], dir.path(), SIZE, &[]);
    wizard.wait_for("Not verified: the package has no manifest");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[5/9] Properties");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("[8/9] Review");
    wizard.wait_for("✗ 0 errors");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✓ Ready");
    // A CSAR carries the disk images, which this package lacks: said before Enter.
    wizard.press(&[Key::Down, Key::Right]);
    let screen = wizard.wait_for("the package lacks ems-system.qcow2");
    assert!(!screen.contains("✓ Ready"), "{screen}");
    wizard.press(&[Key::Left]);
    wizard.wait_for("✓ Ready");
    // The input's own folder, Replace ticked: refused ahead, and Enter writes nothing.
    wizard.press(&[Key::Up, Key::Ctrl('u')]);
    wizard.type_text(dir.path().to_str().unwrap());
    wizard.press(&[Key::Down, Key::Down, Key::Text(" ")]);
    let screen = wizard.wait_for("cannot be replaced");
    assert!(!screen.contains("✓ Ready"), "{screen}");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✗ ");
    // Back in the review, the strip marks the write step as not ready.
    wizard.press(&[Key::Esc]);
    let screen = wizard.wait_for("[8/9] Review");
    assert!(screen.contains("✗ Write"), "{screen}");
    quit_unsaved(&mut wizard);
    assert_eq!(contents(dir.path()), before, "nothing was written");
}

#[test]
fn the_review_shows_its_fix_keys_from_the_start_and_the_help_lists_them_in_one_order() {
    let mut wizard = Wizard::start(&["tests/fixtures/wizard/dns-needs-work"], repo(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("10 of 10");
    let footer = screen.lines().last().unwrap_or_default().to_owned();
    assert!(
        footer.contains("/ filter") && footer.contains("f F u W fixes"),
        "the most used keys first, the fix keys before any fix: {footer}"
    );
    // u with nothing to undo, and W with nothing to write back, say so.
    wizard.press(&[Key::Text("u")]);
    wizard.wait_for("No applied fix to undo.");
    wizard.press(&[Key::Text("W")]);
    wizard.wait_for("No fix applied yet");
    // The help lists the step's keys in one order, wherever the selection is; n and y
    // answer questions only.
    // The help's box, the step's section: from "In Review" to "Everywhere" or the box's
    // end (the rest scrolls).
    let help = |wizard: &mut Wizard| {
        wizard.press(&[Key::Text("?")]);
        let screen = wizard.wait_until("the help", |s| {
            s.contains("In Review") && s.contains("Esc ? close")
        });
        wizard.press(&[Key::Esc]);
        wizard.wait_without("In Review");
        let boxed: Vec<String> = screen
            .lines()
            .map(|l| l.chars().skip(8).take(84).collect())
            .collect();
        let from = boxed.iter().position(|l| l.contains("In Review")).unwrap();
        let to = from
            + boxed[from..]
                .iter()
                .position(|l| l.contains("Everywhere") || l.starts_with('└'))
                .unwrap();
        boxed[from..to].join("\n")
    };
    let first = help(&mut wizard);
    wizard.press(&[Key::Down, Key::Down, Key::Right]);
    let second = help(&mut wizard);
    assert_eq!(first, second, "the help does not change with the selection");
    for (keys, what) in [
        ("f ", "preview the selected fix"),
        ("F ", "preview every safe fix"),
        ("u ", "undo the last fix"),
        ("W ", "write the fixes back to the source"),
        ("] [", "next/previous error"),
        ("w ", "waive the selected finding"),
        ("x ", "take the answers' waiver back"),
        ("p ", "profile"),
        ("r ", "HTML report"),
        ("c ", "copy place"),
    ] {
        assert!(
            first
                .lines()
                .any(|l| l.contains(&format!("  {keys}")) && l.contains(what)),
            "{keys} {what}: {first}"
        );
    }
    // `n` no longer moves in the review: it is no key there (no question is open).
    let before = wizard.screen();
    wizard.press(&[Key::Text("n")]);
    assert_eq!(selected_row(&wizard.screen()), selected_row(&before));
    wizard.press(&[Key::Text("]")]);
    wizard.wait_until("the next error", |s| {
        selected_row(s) != selected_row(&before)
    });
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}

/// Where `text` first shows on `screen`: its 0-based column (in characters) and row.
fn place_of(screen: &str, text: &str) -> (u16, u16) {
    screen
        .lines()
        .enumerate()
        .find_map(|(row, line)| {
            let at = line.find(text)?;
            let column = line[..at].chars().count();
            Some((u16::try_from(column).ok()?, u16::try_from(row).ok()?))
        })
        .unwrap_or_else(|| panic!("{text:?} is not on the screen:\n{screen}"))
}

#[test]
fn with_mouse_a_click_selects_a_row_or_a_step() {
    let dir = workspace();
    let mut wizard = Wizard::start(&["vfw-edge.ova", "--mouse"], dir.path(), SIZE, &[]);
    wizard.wait_for("✓ Verified");
    wizard.press(&[Key::Enter, Key::Text("a")]);
    let screen = wizard.wait_for("[4/9] Deployment option");
    assert!(screen.contains("▶  medium (default)"), "{screen}");
    // A click on an option's row selects it; Enter confirms it.
    let (column, row) = place_of(&screen, "Large ");
    wizard.press(&[Key::Click(column, row)]);
    wizard.wait_for("▶  large");
    wizard.press(&[Key::Enter]);
    let screen = wizard.wait_for("[5/9] Properties");
    // A click on a field focuses it.
    let (column, row) = place_of(&screen, "Region");
    wizard.press(&[Key::Click(column, row)]);
    wizard.wait_for("▶ Region");
    // A click on a step of the strip goes there; a skipped one takes no click.
    let screen = wizard.screen();
    let (column, row) = place_of(&screen, "Capabilities");
    wizard.press(&[Key::Click(column, row)]);
    assert!(wizard.screen().contains("[5/9] Properties"));
    let (column, row) = place_of(&screen, "Licence");
    wizard.press(&[Key::Click(column, row)]);
    wizard.wait_for("[3/9] Licence");
    quit_unsaved(&mut wizard);
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

#[test]
fn r_in_the_review_writes_the_html_report_beside_the_output_folder() {
    let dir = set_workspace("wizard/dns-needs-work", "dns");
    let mut wizard = Wizard::start(&["dns"], dir.path(), SIZE, &[]);
    wizard.wait_for("[7/9] Parameters");
    wizard.press(&[Key::Enter]);
    wizard.wait_for("✗ 9 errors");
    wizard.press(&[Key::Text("r")]);
    let screen = wizard.wait_for("Report written to");
    assert!(screen.contains("9 errors, 1 warning"), "{screen}");
    // Beside the output folder the write step proposes, which is not made.
    let reports: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with("-onboarded-report.html"))
        .collect();
    assert_eq!(reports.len(), 1, "{reports:?}");
    assert!(!dir.path().join("dns-onboarded").exists());
    let page = std::fs::read_to_string(&reports[0]).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    // Every finding the review lists, with its rule and place.
    for finding in [
        "R-90279",
        "R-26124",
        "R-20453",
        "R-72483",
        "R-92635/misspelt-function",
        "base_dns.yaml",
    ] {
        assert!(page.contains(finding), "{finding} is not on the page");
    }
    wizard.press(&[Key::Text("q")]);
    assert_eq!(wizard.wait_exit(), 0);
}
