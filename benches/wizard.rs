//! The wizard's speed (docs/performance.md): start to first frame of the real binary in a
//! pseudo-terminal; key to frame (update and draw) with a 10 000-violation list, moving and
//! typing a filter; re-validation of the large generated VNF on a worker, and key to frame
//! while that runs. Targets: first frame under 100 ms, a frame under 5 ms, re-validation
//! off the input path.

// Shared with benches/validate.rs, which also uses its sized and noisy variants.
#[allow(dead_code)]
mod large_vnf;

use std::borrow::Cow;
use std::io::Read;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use vnfwiz::foundation::diagnostics::{SourceTexts, Span, Violation};
use vnfwiz::foundation::limits::Limits;
use vnfwiz::session::{Evaluation, Finding, Refusal};
use vnfwiz::tui::action::Action;
use vnfwiz::tui::effect::{Draft, Effect, Message};
use vnfwiz::tui::evaluated::Evaluated;
use vnfwiz::tui::state::{State, StepId};
use vnfwiz::tui::theme::Theme;
use vnfwiz::tui::update::{Event, update};
use vnfwiz::tui::view::view;
use vnfwiz::tui::worker::Runtime;

const SIZE: (u16, u16) = (100, 30);
const VIOLATIONS: usize = 10_000;

/// Time from starting the binary to the first frame on its terminal.
fn first_frame(args: &[&str]) -> Duration {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: SIZE.1,
            cols: SIZE.0,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_vnfwiz"));
    command.args(args);
    command.cwd(env!("CARGO_MANIFEST_DIR"));
    command.env("TERM", "xterm-256color");
    let mut reader = pty.master.try_clone_reader().expect("reader");
    let started = Instant::now();
    let mut child = pty.slave.spawn_command(command).expect("vnfwiz starts");
    let mut seen = Vec::new();
    let mut buffer = [0u8; 16384];
    // The step indicator is drawn last on the header line, so its bytes mean a frame.
    while !seen.windows(5).any(|w| w == b"/9] S" || w == b"/9] I") {
        let n = reader.read(&mut buffer).expect("output");
        assert!(n > 0, "vnfwiz ended before drawing");
        seen.extend_from_slice(&buffer[..n]);
    }
    let elapsed = started.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    elapsed
}

struct GeneratedTexts(String);

impl SourceTexts for GeneratedTexts {
    fn text(&self, _: &str) -> Option<Cow<'_, str>> {
        Some(Cow::Borrowed(&self.0))
    }

    fn file_count(&self) -> usize {
        1
    }
}

/// A review step holding `count` violations over a few rules and 40 files.
fn review_of(count: usize) -> State {
    let rules: Vec<_> = ["R-90279", "R-90526", "R-39402", "R-90152"]
        .iter()
        .map(|id| vnfwiz::check::rules::find(id).expect("registered"))
        .collect();
    let mut text = String::from("parameters:\n");
    for i in 0..count {
        text.push_str(&format!("  p{i}:\n    type: string\n    default: v{i}\n"));
    }
    let violations: Vec<Violation> = (0..count)
        .map(|i| Violation {
            rule: &rules[i % rules.len()].meta,
            file: format!("nested/module_{}.yaml", i % 40),
            span: Span {
                line: u32::try_from(2 + 3 * i).unwrap_or(u32::MAX),
                column: 3,
                start: 0,
                end: 0,
            },
            path: format!("parameters.p{i}"),
            message: format!("parameter `p{i}` is not what the rule wants"),
            related: Vec::new(),
            also: Vec::new(),
        })
        .collect();
    let evaluation = Evaluation {
        problems: Vec::new(),
        left_open: Vec::new(),
        findings: violations.into_iter().map(Finding::output).collect(),
        outcome: Err(Refusal::default()),
    };
    let evaluated = Evaluated::with_texts(evaluation, &GeneratedTexts(text));
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut state = State::new(root, None, SIZE);
    state.step = StepId::Review;
    let generation = state.generation;
    update(
        &mut state,
        Event::Message(Message::Evaluated {
            generation,
            evaluated: Arc::new(evaluated),
        }),
    );
    state
}

fn frame(state: &mut State, terminal: &mut Terminal<TestBackend>, theme: &Theme, action: Action) {
    update(state, Event::Action(action));
    terminal.draw(|f| view(state, theme, f)).expect("draws");
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("start to first frame");
    group.sample_size(20);
    group.bench_function("picker (no PATH)", |b| {
        b.iter_custom(|n| (0..n).map(|_| first_frame(&[])).sum())
    });
    group.bench_function("the sample OVA", |b| {
        b.iter_custom(|n| {
            (0..n)
                .map(|_| first_frame(&["assets/samples/vfw-edge.ova"]))
                .sum()
        })
    });
    group.finish();

    let theme = Theme::default_theme();
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).expect("terminal");
    let mut state = review_of(VIOLATIONS);
    let mut group = c.benchmark_group("key to frame, 10 000 violations");
    group.bench_function("↓ in the list", |b| {
        let mut down = true;
        b.iter(|| {
            // Walk down the list and back so every frame moves the selection.
            if state.review.selected == 0 {
                down = true;
            } else if state.review.selected >= VIOLATIONS - 1 {
                down = false;
            }
            let action = if down { Action::Down } else { Action::Up };
            frame(&mut state, &mut terminal, &theme, action)
        })
    });
    group.bench_function("PgDn in the list", |b| {
        b.iter(|| {
            let action = if state.review.selected + 30 >= VIOLATIONS {
                Action::Home
            } else {
                Action::PageDown
            };
            frame(&mut state, &mut terminal, &theme, action)
        })
    });
    frame(&mut state, &mut terminal, &theme, Action::Home);
    frame(&mut state, &mut terminal, &theme, Action::Filter);
    group.bench_function("typing a filter character (narrows)", |b| {
        b.iter_custom(|n| {
            let mut total = Duration::ZERO;
            for _ in 0..n {
                let started = Instant::now();
                frame(&mut state, &mut terminal, &theme, Action::Input('7'));
                total += started.elapsed();
                // Erasing rescans every item; it is timed on its own below.
                frame(&mut state, &mut terminal, &theme, Action::Erase);
            }
            total
        })
    });
    frame(&mut state, &mut terminal, &theme, Action::Input('1'));
    group.bench_function("erasing a filter character (rescans)", |b| {
        b.iter_custom(|n| {
            let mut total = Duration::ZERO;
            for _ in 0..n {
                frame(&mut state, &mut terminal, &theme, Action::Input('9'));
                let started = Instant::now();
                frame(&mut state, &mut terminal, &theme, Action::Erase);
                total += started.elapsed();
            }
            total
        })
    });
    group.finish();

    // Re-validation as the wizard does it: an evaluation request to the session's thread
    // (answers checked, the set resolved and validated, the panes' index built) until its
    // resolution arrives.
    // VNFWIZ_LARGE_VNF_NOISY=1: the old generator's set, thousands of violations with a
    // fix each (the review's markers and per-fix diffs are built on every evaluation).
    let dir = tempfile::tempdir().expect("temp dir");
    if std::env::var_os("VNFWIZ_LARGE_VNF_NOISY").is_some() {
        large_vnf::noisy::generate(dir.path());
    } else {
        large_vnf::generate_sized(dir.path(), large_vnf::SERVERS_PER_MODULE);
    }
    let (outbox, inbox) = channel::<Message>();
    let mut runtime = Runtime::new(outbox, Limits::default());
    runtime.run(Effect::Open(dir.path().to_path_buf()));
    loop {
        match inbox.recv().expect("the session reports") {
            Message::Opened(Ok(_)) => break,
            Message::Opened(Err(failure)) => panic!("{}", failure.reason),
            _ => {}
        }
    }
    // A change is an answer that differs from the last evaluation's: the base module's
    // flavor, alternating between two values, so its environment file changes each time.
    let mut generation = 0;
    let mut evaluate = |runtime: &mut Runtime<Message>, changed: bool| {
        generation += 1;
        let mut draft = Draft::default();
        let flavor = if changed && generation % 2 == 0 {
            "m1.xlarge"
        } else {
            large_vnf::BASE_FLAVOR
        };
        draft.values.insert(
            format!("{}_flavor_name", large_vnf::VM_TYPES[0]),
            flavor.to_owned(),
        );
        runtime.run(Effect::Evaluate { generation, draft });
        generation
    };
    let resolved = |inbox: &Receiver<Message>, wanted: u64| loop {
        if let Message::Evaluated {
            generation,
            evaluated,
        } = inbox.recv().expect("an evaluation")
            && generation == wanted
        {
            return evaluated;
        }
    };
    let first = evaluate(&mut runtime, false);
    let evaluated = resolved(&inbox, first);
    eprintln!(
        "large VNF: {} violations ({} with a fix, {} safe), refused: {}",
        evaluated.violation_count(),
        evaluated
            .evaluation
            .findings
            .iter()
            .filter(|f| f.fix.is_some())
            .count(),
        evaluated.safe_fixes(),
        !evaluated.gate.refused.is_empty()
    );
    // The changed answer reaches the output: its environment file holds the other flavor.
    let changed = resolved(&inbox, evaluate(&mut runtime, true));
    let base_env = |evaluated: &Evaluated| {
        let resolved = evaluated
            .evaluation
            .resolved()
            .expect("the answers resolve");
        let file = resolved.files.iter().find(|f| f.path == "base_vnf.env");
        String::from_utf8_lossy(&file.expect("the base env").bytes).into_owned()
    };
    let (one, other) = (base_env(&evaluated), base_env(&changed));
    assert!(one != other && (one.contains("m1.xlarge") || other.contains("m1.xlarge")));
    // The session kept the documents of unchanged files: it lists what a fresh one lists.
    let mut fresh = vnfwiz::session::Session::open(dir.path(), &Limits::default()).expect("opens");
    let mut draft = Draft::default();
    draft.values.insert(
        format!("{}_flavor_name", large_vnf::VM_TYPES[0]),
        "m1.xlarge".to_owned(),
    );
    let expected = fresh.evaluate(&fresh.answered(&draft));
    assert_eq!(
        format!("{:?}", changed.evaluation.findings),
        format!("{:?}", expected.findings)
    );
    let mut group = c.benchmark_group("re-validation, large VNF");
    group.sample_size(20);
    group.bench_function(
        "evaluation on the session's thread, one answer changed",
        |b| {
            b.iter(|| {
                let wanted = evaluate(&mut runtime, true);
                resolved(&inbox, wanted)
            })
        },
    );
    group.bench_function(
        "evaluation on the session's thread, answers unchanged",
        |b| {
            b.iter(|| {
                let wanted = evaluate(&mut runtime, false);
                resolved(&inbox, wanted)
            })
        },
    );
    // Keys keep being answered while the session re-validates: frames are timed while
    // evaluations run back to back on its thread.
    let mut state = review_of(VIOLATIONS);
    let mut in_flight = false;
    group.bench_function("key to frame while re-validating", |b| {
        b.iter(|| {
            while let Ok(message) = inbox.try_recv() {
                if matches!(message, Message::Evaluated { .. }) {
                    in_flight = false;
                }
            }
            if !in_flight {
                evaluate(&mut runtime, true);
                in_flight = true;
            }
            let action = if state.review.selected >= VIOLATIONS - 1 {
                Action::Home
            } else {
                Action::Down
            };
            frame(&mut state, &mut terminal, &theme, action)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
