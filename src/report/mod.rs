//! Reports: the verdict word, one result row per problem, the readable text of `solve`,
//! indented solution trees, the batch summary, CSV (written atomically) and JSON lines.
//!
//! The verdict word and its one rule are [`crate::solve::word::Verdict`] (verify, repair,
//! merge and the edition all use it).
//!
//! The writers live beside this file, one job each: `text` (the readable report,
//! trees, the batch listing and summary), `table` (CSV and JSON), [`svg`] (diagrams),
//! [`grid`] (`--all-rules` side by side), `export` (the lines of play as CSV) and
//! [`html`] (the static edition, its parts in [`edition`]), [`repair`] (the repairs of a
//! broken problem).

pub mod cells;
pub mod chance_tables;
pub mod concordance;
pub mod dice;
pub mod dice_asked;
pub mod edition;
pub(crate) mod export;
pub mod export_asked;
pub mod exported;
pub mod found;
pub mod grid;
pub mod html;
pub mod outputs;
pub mod perft;
pub mod perft_asked;
pub mod pgn;
pub mod popeye;
pub mod presets;
pub mod reconstruct;
pub mod repair;
pub(crate) mod rows;
pub mod schema;
pub use crate::problem::shown;
pub mod stream;
pub mod svg;
pub mod tables;
pub mod tables_asked;
pub mod tally;
pub(crate) mod text;
pub mod written;

pub use export::{export_records, ExportError, EXPORT_COLUMNS};
pub use found::Found;
pub use rows::{csv_record, write_csv, CsvWriteError, CSV_COLUMNS};
pub use schema::json_row;
pub use text::{brief, format_tree, numbered_line, summary, text_report};

use crate::board::sides::SideNames;
use crate::problem::{Problem, ProblemError};
use crate::solve::{Analysis, ClaimStatus};
use std::collections::BTreeMap;

pub use crate::solve::word::Verdict;

/// The result of one problem under one rule set: an analysis or an error.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Row {
    /// Problem id ("" when a whole file failed).
    pub id: String,
    /// The file, as given on the command line.
    pub file: String,
    /// Line of the problem's table (or of the error).
    pub line: Option<usize>,
    /// Rules it ran under.
    pub rules: String,
    /// Stipulation as written.
    pub stipulation: String,
    /// The problem's metadata, when it was read.
    pub problem: Option<Problem>,
    /// The analysis, or what went wrong ("file:line: ...") when the problem could not
    /// be analysed.
    #[serde(flatten)]
    pub found: Found,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time for this row (engine set-up included).
    pub millis: u64,
    /// Metadata read from a problem that could not be loaded whole.
    pub meta: BTreeMap<String, String>,
    /// For an unsound problem: the least number of moves that does win, when the search
    /// settled it within its limit (see `verify/least.rs`).
    #[serde(default)]
    pub least_win: Option<u32>,
}

impl Row {
    /// The engine this row ran under, taken as every command takes a problem's rules
    /// ([`crate::problem::Engines::for_problem`]: its own, `rules_set` included, when the
    /// row's rules are the problem's; else the rules the row names); `None` for a row
    /// without a problem.
    pub fn engine(
        &self,
        engines: &crate::problem::Engines,
    ) -> Option<Result<crate::board::compiled::AnyEngine, crate::problem::OwnRulesError>> {
        let p = self.problem.as_ref()?;
        Some(engines.for_problem(p, Some(&self.rules)))
    }

    /// A row for an error found while reading or analysing.
    pub fn from_error(e: &ProblemError, problem: Option<&Problem>, rules: &str) -> Row {
        Row {
            id: e.id.clone().unwrap_or_default(),
            file: e.file.display().to_string(),
            line: e.line,
            rules: if rules.is_empty() {
                e.meta.get("rules").cloned().unwrap_or_default()
            } else {
                rules.to_string()
            },
            stipulation: problem
                .map(|p| p.stipulation.to_string())
                .or_else(|| e.meta.get("stipulation").cloned())
                .unwrap_or_default(),
            problem: problem.cloned(),
            meta: e.meta.clone(),
            found: Found::Failed(e.to_string()),
            verdict: Verdict::Error,
            millis: 0,
            least_win: None,
        }
    }

    /// A row for a finished analysis (its messages speak of the sides by the problem's
    /// names for them).
    pub fn from_analysis(p: &Problem, rules: &str, mut a: Analysis, millis: u64) -> Row {
        name_sides(&mut a, &p.sides);
        Row {
            id: p.id.clone(),
            file: p.file.display().to_string(),
            line: Some(p.line),
            rules: rules.to_string(),
            stipulation: p.stipulation.to_string(),
            problem: Some(p.clone()),
            verdict: Verdict::of(&a),
            found: Found::Analysed(Box::new(a)),
            millis,
            meta: BTreeMap::new(),
            least_win: None,
        }
    }

    /// The analysis, when the problem was analysed.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.found.analysis()
    }

    /// The analysis, to change, when the problem was analysed.
    pub fn analysis_mut(&mut self) -> Option<&mut Analysis> {
        self.found.analysis_mut()
    }

    /// What went wrong, when the problem could not be analysed.
    pub fn error(&self) -> Option<&str> {
        self.found.error()
    }

    /// `file:line` (or just the file).
    pub fn location(&self) -> String {
        match self.line {
            Some(l) => format!("{}:{l}", self.file),
            None => self.file.clone(),
        }
    }

    /// A metadata key ("source", "expect"...) of the problem, "" when absent.
    pub fn meta_of(&self, key: &str) -> String {
        if let Some(p) = &self.problem {
            if let Some(v) = p.meta().get(key) {
                return v.clone();
            }
        }
        self.meta.get(key).cloned().unwrap_or_default()
    }

    /// The `expect` value, if any.
    pub fn expect(&self) -> Option<String> {
        Some(self.meta_of("expect")).filter(|x| !x.is_empty())
    }

    /// Does the verdict match the problem's `expect`? None when there is none, or when
    /// the row ran under other rules than the problem's own (`--rules`, `--all-rules`).
    pub fn meets_expectation(&self) -> Option<bool> {
        let own = self.meta_of("rules");
        if !own.is_empty() && own != self.rules {
            return None;
        }
        Some(self.expect()? == self.verdict.word())
    }

    /// Was the manuscript solution checked and found refuted, illegal or incomplete?
    pub fn claim_failed(&self) -> bool {
        self.analysis().is_some_and(|a| {
            matches!(
                a.claim.status,
                ClaimStatus::Refuted | ClaimStatus::Illegal | ClaimStatus::Incomplete
            )
        })
    }

    /// What was ignored while reading the problem (unknown keys), with file and line.
    pub fn warnings(&self) -> &[String] {
        self.problem.as_ref().map_or(&[], |p| &p.warnings)
    }

    /// Line of the `solution` key, when the problem has one.
    pub fn solution_line(&self) -> Option<usize> {
        let p = self.problem.as_ref()?;
        p.solution.as_ref()?;
        Some(p.line_of("solution"))
    }
}

/// Escapes text for XML and HTML (element content and quoted attributes).
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Puts the problem's names of the sides into every message of an analysis.
fn name_sides(a: &mut Analysis, names: &SideNames) {
    if names.is_default() {
        return;
    }
    let c = &mut a.claim;
    c.detail = names.rename(&c.detail);
    for r in &mut c.remarks {
        *r = names.rename(r);
    }
    let rep = &mut a.report;
    for v in &mut rep.tree {
        v.outcome = names.rename(&v.outcome);
    }
    a.diagram = names.rename(&a.diagram);
}
