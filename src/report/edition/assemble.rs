//! The edition from a batch's groups: each problem's section with its diagram, its play
//! through, the other rule sets' table (`--all-rules`), its one-edit repairs when asked
//! (`verify --html --repair`) and the links to its concordance group; then the page and the
//! position editor written into the edition's folder ([`super::super::html::write_edition`]).
//! `verify` and `merge` both call [`write()`], so that a merge of shards writes the edition
//! one run would have.

use super::diagrams::{marked_svg, row_diagrams, row_engines, view_of};
use crate::notation::Style;
use crate::problem::Engines;
use crate::report::grid::Group;
use crate::report::html::EditionError;
use crate::report::{self, Row, Verdict};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What the edition shows besides the rows.
#[derive(Clone, Debug)]
pub struct Spec<'a> {
    /// The page's title.
    pub title: &'a str,
    /// Each problem was run under every rule set: its own rules' row is its section, the
    /// others a table inside it.
    pub all_rules: bool,
    /// How the repairs are written and the diagrams' discs lettered.
    pub style: Style,
    /// Each unsound, cooked or wrongly claimed problem's one-edit repairs, each solve
    /// within this time; `None`: no repairs.
    pub repair: Option<Duration>,
    /// Raised by the caller to stop the repairs' searches.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The folders besides its own a problem file may name rules files in.
    pub rules_dirs: crate::board::rules::RulesDirs,
}

/// Writes the edition of `groups` into `dir`; the path of its index.
pub fn write(dir: &Path, groups: &[Group], spec: &Spec) -> Result<PathBuf, EditionError> {
    // With --all-rules a problem keeps one section, its own rules' row, and the
    // other rule sets go in a table inside it.
    let (own, mut extras): (Vec<Row>, Vec<String>) = if spec.all_rules {
        groups
            .iter()
            .filter_map(|g| Some((g.own()?.clone(), report::grid::html_table(g))))
            .unzip()
    } else {
        (
            groups.iter().flat_map(|g| g.rows.iter().cloned()).collect(),
            vec![],
        )
    };
    let compiled = Engines::allowing(spec.rules_dirs.clone());
    let engines = row_engines(&own, &compiled);
    let diagrams = row_diagrams(&own, &engines, spec.style.letters);
    let mut men = report::edition::play::Men::default();
    let boards: Vec<report::html::Shown> = own
        .iter()
        .zip(engines.iter().zip(diagrams))
        .enumerate()
        .map(|(i, (r, (eng, svg)))| report::html::Shown {
            play: eng.as_ref().and_then(|e| {
                let page = report::edition::play::Page {
                    men: &mut men,
                    anchor: &report::html::anchor(i, r),
                    style: spec.style,
                };
                report::edition::play::row_play(e, r, page)
            }),
            svg,
        })
        .collect();
    extras.resize(own.len(), String::new());
    if let Some(each) = spec.repair {
        let blocks = repair_blocks(&own, &compiled, each, spec);
        extras
            .iter_mut()
            .zip(blocks)
            .for_each(|(x, b)| x.push_str(&b));
    }
    // Each problem links to the other members of its concordance group.
    for (x, l) in extras
        .iter_mut()
        .zip(report::concordance::edition_links(&own, &spec.rules_dirs))
    {
        x.push_str(&l);
    }
    let page = report::html::page(&report::html::Edition {
        rows: &own,
        boards: &boards,
        extras: &extras,
        title: spec.title,
        men: &men.json(),
    });
    let first = own.first().map_or("shatranj", |r| r.rules.as_str());
    let editor = report::edition::editor::page(first);
    report::html::write_edition(dir, (&page, &editor), spec.rules_dirs.reads())
}

/// For each row whose problem is unsound, cooked or wrongly claimed, its one-edit repairs
/// under the rules the row ran under, as a compact block of the edition (small diagrams,
/// the edited squares framed); an empty string for every other row.
fn repair_blocks(rows: &[Row], engines: &Engines, each: Duration, spec: &Spec) -> Vec<String> {
    let opt = crate::repair::Options {
        max_edits: 1,
        limits: crate::solve::Limits {
            timeout: Some(each),
            cancel: spec.cancel.clone(),
            reads: spec.rules_dirs.reads().clone(),
            ..Default::default()
        },
        deadline: None,
        shard: crate::batch::Shard::ALL,
        progress: crate::batch::Progress::none(),
        style: spec.style,
    };
    rows.iter()
        .map(|r| {
            let broken = matches!(
                r.verdict,
                Verdict::Unsound | Verdict::Cooked | Verdict::ClaimWrong
            );
            let Some(p) = r.problem.as_ref().filter(|_| broken) else {
                return String::new();
            };
            match crate::repair::repair_problem(p, engines, Some(&r.rules), &opt) {
                Ok(rep) => {
                    let eng = engines.for_problem(p, Some(&r.rules)).ok();
                    let draw = |fen: &str, marks: &[String]| {
                        let e = eng.as_ref()?;
                        let view = report::svg::Options {
                            small: true,
                            letters: spec.style.letters,
                            ..view_of(p)
                        };
                        marked_svg(e, fen, marks, view).ok()
                    };
                    report::edition::repairs::html(&rep, &draw)
                }
                Err(e) => format!(
                    "<div class=\"repairs\"><p>Repairs: {}</p></div>",
                    report::xml_escape(&e.to_string())
                ),
            }
        })
        .collect()
}
