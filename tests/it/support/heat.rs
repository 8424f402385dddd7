//! Heat itself, the oracle of the `heat` profile: openstack-heat's template validation and
//! the checks `stack create` makes before it asks any cloud service, run offline
//! (tests/heat/check.py) in a virtual environment made once under target/
//! (tests/heat/venv.sh). Without a Python 3 the check says why and is skipped;
//! `VNFWIZ_HEAT=0` skips it on purpose.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde::Deserialize;

use super::python_venv::{self, repository};

/// A ready oracle: the environment's python.
pub struct Heat {
    python: PathBuf,
}

/// One template to judge, with the environment file deployed with it.
pub struct Job {
    /// The template's absolute path.
    pub template: PathBuf,
    /// Its environment file's absolute path.
    pub env: Option<PathBuf>,
}

/// Heat's verdict on one template.
#[derive(Debug, Deserialize)]
pub struct Verdict {
    /// The template's absolute path.
    pub template: String,
    /// "accepted", "refused", or "unjudged" (a file pulled in by URL, not fetched).
    pub verdict: String,
    /// Where a refusal happened: client, api, validate or create.
    pub stage: Option<String>,
    /// Heat's words.
    pub message: Option<String>,
}

impl Verdict {
    /// True when Heat refused the template.
    pub fn refused(&self) -> bool {
        self.verdict == "refused"
    }

    /// True when the oracle could not judge the template offline.
    pub fn unjudged(&self) -> bool {
        self.verdict == "unjudged"
    }
}

/// The oracle, made ready once per test process; `None` (with the reason printed) when it
/// cannot run here.
pub fn heat() -> Option<&'static Heat> {
    static HEAT: OnceLock<Result<Heat, String>> = OnceLock::new();
    match HEAT.get_or_init(prepare) {
        Ok(heat) => Some(heat),
        Err(why) => {
            eprintln!("Heat oracle skipped: {why}");
            None
        }
    }
}

fn prepare() -> Result<Heat, String> {
    let python = python_venv::prepare("tests/heat/venv.sh", &[], "heat", "VNFWIZ_HEAT")?;
    Ok(Heat { python })
}

impl Heat {
    /// Heat's verdict on every job, in order; the jobs are shared among a few processes.
    pub fn judge(&self, jobs: &[Job]) -> Vec<Verdict> {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
        let chunk = jobs.len().div_ceil(workers).max(1);
        std::thread::scope(|scope| {
            let running: Vec<_> = jobs
                .chunks(chunk)
                .map(|part| scope.spawn(|| self.judge_in_one(part)))
                .collect();
            running
                .into_iter()
                .flat_map(|r| r.join().expect("an oracle process's reader"))
                .collect()
        })
    }

    fn judge_in_one(&self, jobs: &[Job]) -> Vec<Verdict> {
        let mut input = String::new();
        for job in jobs {
            input.push_str(&job.template.to_string_lossy());
            if let Some(env) = &job.env {
                input.push('\t');
                input.push_str(&env.to_string_lossy());
            }
            input.push('\n');
        }
        let mut child = Command::new(&self.python)
            .arg(repository().join("tests/heat/check.py"))
            .arg(repository().join("data/heat_types.json"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the environment's python runs");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let output = child.wait_with_output().expect("the oracle finishes");
        let written = writer.join().expect("the job writer");
        assert!(
            output.status.success(),
            "tests/heat/check.py failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        written.expect("the oracle reads its jobs");
        let verdicts: Vec<Verdict> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON verdict per line"))
            .collect();
        assert_eq!(verdicts.len(), jobs.len(), "one verdict per job");
        for (job, verdict) in jobs.iter().zip(&verdicts) {
            assert_eq!(
                Path::new(&verdict.template).file_name(),
                job.template.file_name(),
                "verdicts in job order"
            );
        }
        verdicts
    }
}
