//! The summary of a batch, kept as the rows go by: counts per verdict, the slowest rows,
//! and only the rows the summary names (errors, failing solutions, unmet expectations),
//! so that a collection of any size is summed up in memory that does not grow with it.

use super::shown::{said, shown, shown_id};
use super::{Row, Verdict};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What a batch's summary needs, gathered one row at a time.
pub struct Tally {
    total: usize,
    counts: BTreeMap<Verdict, usize>,
    /// How many slowest rows to name.
    slowest: usize,
    /// The slowest rows with an analysis, slowest first (ties: the earlier row first).
    slow: Vec<Row>,
    /// The rows the summary lists, in batch order.
    named: Vec<Row>,
    /// Some row makes the run fail (see [`fails_run`]).
    failed: bool,
}

/// Does this row make the run fail (exit code 1; the rule is documented once, in
/// docs/verify.md "Exit codes")? An `error`, an unmet `expect`, or a failed claim the
/// problem does not expect.
pub fn fails_run(r: &Row) -> bool {
    if r.verdict == Verdict::Error {
        return true;
    }
    match (r.expect(), r.meets_expectation()) {
        (Some(_), Some(met)) => !met,
        (Some(_), None) => false,
        (None, _) => r.claim_failed(),
    }
}

impl Tally {
    /// An empty tally naming the `slowest` slowest rows.
    pub fn new(slowest: usize) -> Tally {
        Tally {
            total: 0,
            counts: BTreeMap::new(),
            slowest,
            slow: vec![],
            named: vec![],
            failed: false,
        }
    }

    /// Counts a row, keeping it only if the summary names it.
    pub fn add(&mut self, r: &Row) {
        self.total += 1;
        *self.counts.entry(r.verdict).or_default() += 1;
        if r.analysis().is_some() && self.slowest > 0 {
            let at = self.slow.partition_point(|s| s.millis >= r.millis);
            if at < self.slowest {
                self.slow.insert(at, r.clone());
                self.slow.truncate(self.slowest);
            }
        }
        self.failed |= fails_run(r);
        if r.verdict == Verdict::Error || r.claim_failed() || r.meets_expectation() == Some(false) {
            self.named.push(r.clone());
        }
    }

    /// True when some row is an `error`.
    pub fn any_error(&self) -> bool {
        self.counts.contains_key(&Verdict::Error)
    }

    /// True when some row makes the run fail (see [`fails_run`]).
    pub fn any_failed(&self) -> bool {
        self.failed
    }

    /// Rows counted.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The summary text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let parts: Vec<String> = Verdict::ALL
            .iter()
            .filter_map(|v| self.counts.get(v).map(|n| format!("{} {n}", v.word())))
            .collect();
        let n = self.total;
        let _ = writeln!(
            s,
            "{n} result{}: {}",
            if n == 1 { "" } else { "s" },
            parts.join(", ")
        );
        if !self.slow.is_empty() {
            let _ = writeln!(s, "slowest:");
            for r in &self.slow {
                let lim = r
                    .analysis()
                    .and_then(|a| a.report.limit_hit.clone())
                    .map(|l| format!("  ({l})"))
                    .unwrap_or_default();
                let _ = writeln!(
                    s,
                    "  {:>8.3}s  {} [{}] {}{lim}",
                    r.millis as f64 / 1000.0,
                    shown_id(&r.id),
                    r.rules,
                    r.location()
                );
            }
        }
        self.failures(&mut s);
        s
    }

    /// The errors, the failing solutions and the unmet expectations.
    fn failures(&self, s: &mut String) {
        let errors: Vec<&Row> = self.with(|r| r.verdict == Verdict::Error);
        if !errors.is_empty() {
            let _ = writeln!(s, "errors:");
            for r in errors {
                let _ = writeln!(s, "  {}", said(r.error().unwrap_or("?")));
            }
        }
        let claims = self.with(|r| r.claim_failed());
        if !claims.is_empty() {
            let _ = writeln!(s, "solutions that fail:");
            for r in claims {
                let line = r
                    .solution_line()
                    .or(r.line)
                    .map(|l| format!(":{l}"))
                    .unwrap_or_default();
                let check = r.analysis().map(|a| a.claim.csv_text()).unwrap_or_default();
                let _ = writeln!(
                    s,
                    "  {}{line}: problem '{}' [{}]: {}",
                    shown(&r.file),
                    shown_id(&r.id),
                    r.rules,
                    said(&check)
                );
            }
        }
        let missed = self.with(|r| r.meets_expectation() == Some(false));
        if !missed.is_empty() {
            let _ = writeln!(s, "not as expected:");
            for r in missed {
                let _ = writeln!(
                    s,
                    "  {} [{}] {}: expected {}, got {}",
                    shown_id(&r.id),
                    r.rules,
                    r.location(),
                    r.expect().unwrap_or_default(),
                    r.verdict.word()
                );
            }
        }
    }

    fn with(&self, keep: impl Fn(&Row) -> bool) -> Vec<&Row> {
        self.named.iter().filter(|r| keep(r)).collect()
    }
}
