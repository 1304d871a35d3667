//! A concordance written out: text (one block per group), CSV (one group per line), JSON
//! (one object per group), its own HTML page, and the links the edition shows under each
//! problem to the other members of its group.

use super::{xml_escape as esc, Row};
use crate::concordance::{concord, members_of, Entry, Group, Shapes};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The CSV columns of `concordance`, in order.
pub const CONCORDANCE_COLUMNS: &[&str] = &[
    "group",
    "members",
    "sources",
    "stipulations",
    "stipulations_agree",
    "verdicts",
    "verdicts_agree",
    "differences",
];

/// The verdicts of a group's members, and whether they agree (`None`: not asked).
fn verdicts(g: &Group, verdicts: &[Option<String>]) -> (Vec<String>, Option<bool>) {
    let v: Vec<String> = g
        .members
        .iter()
        .map(|m| verdicts.get(m.entry).cloned().flatten().unwrap_or_default())
        .collect();
    // A verdict a limit left open (or not asked) settles nothing.
    let open = v.iter().any(|x| x.is_empty() || x == "unknown");
    let agree = (!open).then(|| v.iter().all(|x| *x == v[0]));
    (v, agree)
}

fn yes_no(b: Option<bool>) -> &'static str {
    match b {
        Some(true) => "yes",
        Some(false) => "no",
        None => "",
    }
}

/// A member's differences from the group's first in one line.
fn member_line(m: &crate::concordance::Member, e: &Entry) -> String {
    let mut parts = vec![];
    if !m.transform.is_empty() {
        parts.push(m.transform.clone());
    }
    if m.differences.is_empty() {
        parts.push("the same position".into());
    }
    parts.extend(m.differences.iter().cloned());
    format!("{}: {}", e.id, parts.join("; "))
}

/// A source cut to its first 50 characters for the text listing (CSV, JSON and the page
/// keep it whole).
fn brief_source(s: &str) -> String {
    match s.char_indices().nth(50) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

/// The readable concordance.
pub fn text(groups: &[Group], entries: &[Entry], v: &[Option<String>]) -> String {
    let mut s = String::new();
    for (n, g) in groups.iter().enumerate() {
        let (vs, agree) = verdicts(g, v);
        s.push_str(&format!("group {}\n", n + 1));
        for (m, verdict) in g.members.iter().zip(&vs) {
            let e = &entries[m.entry];
            s.push_str(&format!(
                "  {:<24} {}:{}  {} {}  {}{}\n",
                super::shown::shown_id(&e.id),
                super::shown::shown(&e.file),
                e.line,
                e.rules,
                e.stipulation,
                verdict,
                if e.source.is_empty() {
                    String::new()
                } else {
                    format!("  ({})", super::shown::shown(&brief_source(&e.source)))
                }
            ));
        }
        s.push_str(&format!(
            "  stipulations agree: {}; verdicts agree: {}\n",
            yes_no(Some(g.stipulations_agree)),
            match agree {
                None => "not settled",
                Some(a) => yes_no(Some(a)),
            }
        ));
        for m in g.members.iter().skip(1) {
            s.push_str(&format!(
                "    {}\n",
                super::shown::shown(&member_line(m, &entries[m.entry]))
            ));
        }
    }
    s.push_str(&format!(
        "{} problems, {} groups ({} problems in groups)\n",
        entries.len(),
        groups.len(),
        groups.iter().map(|g| g.members.len()).sum::<usize>()
    ));
    s
}

/// One CSV record per group.
pub fn csv_records(groups: &[Group], entries: &[Entry], v: &[Option<String>]) -> Vec<Vec<String>> {
    groups
        .iter()
        .enumerate()
        .map(|(n, g)| {
            let (vs, agree) = verdicts(g, v);
            let each = |f: &dyn Fn(&Entry) -> String| {
                g.members
                    .iter()
                    .map(|m| f(&entries[m.entry]))
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            vec![
                (n + 1).to_string(),
                each(&|e| format!("{} ({}:{})", e.id, e.file, e.line)),
                each(&|e| e.source.clone()),
                each(&|e| e.stipulation.clone()),
                yes_no(Some(g.stipulations_agree)).into(),
                vs.join("; "),
                yes_no(agree).into(),
                g.members
                    .iter()
                    .skip(1)
                    .map(|m| member_line(m, &entries[m.entry]))
                    .collect::<Vec<_>>()
                    .join(" | "),
            ]
        })
        .collect()
}

/// One JSON object per group.
pub fn json_groups(
    groups: &[Group],
    entries: &[Entry],
    v: &[Option<String>],
) -> Vec<serde_json::Value> {
    groups
        .iter()
        .enumerate()
        .map(|(n, g)| {
            let (vs, agree) = verdicts(g, v);
            let members: Vec<_> = g
                .members
                .iter()
                .zip(&vs)
                .map(|(m, verdict)| {
                    let e = &entries[m.entry];
                    json!({
                        "id": e.id, "file": e.file, "line": e.line, "source": e.source,
                        "rules": e.rules, "stipulation": e.stipulation, "fen": e.fen,
                        "verdict": Some(verdict).filter(|x| !x.is_empty()),
                        "transform": m.transform, "count": m.count,
                        "differences": m.differences,
                        "symmetries_broken": e.allowed.broken,
                    })
                })
                .collect();
            json!({
                "group": n + 1,
                "members": members,
                "stipulations_agree": g.stipulations_agree,
                "verdicts_agree": agree,
            })
        })
        .collect()
}

/// The anchor of an entry on the concordance's page.
fn anchor(i: usize, e: &Entry) -> String {
    let slug: String =
        e.id.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
    format!("c{}-{slug}", i + 1)
}

/// The concordance as one HTML page: a section per group, a row per member with its
/// source, stipulation, verdict and differences, each linking to the other members.
pub fn html(groups: &[Group], entries: &[Entry], v: &[Option<String>], title: &str) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>{}</title><style>body{{font-family:serif;max-width:60em;margin:auto}}td,th{{text-align:left;vertical-align:top;padding:2px 8px;border-bottom:1px solid #ddd}}</style></head><body><h1>{}</h1><p>{} problems, {} groups.</p>",
        esc(title),
        esc(title),
        entries.len(),
        groups.len()
    );
    for (n, g) in groups.iter().enumerate() {
        let (vs, agree) = verdicts(g, v);
        s.push_str(&format!(
            "<section><h2>Group {}</h2><p>Stipulations agree: {}. Verdicts agree: {}.</p><table><tr><th>problem</th><th>source</th><th>stipulation</th><th>verdict</th><th>against the first</th><th>see also</th></tr>",
            n + 1,
            yes_no(Some(g.stipulations_agree)),
            esc(agree.map_or("not settled", |a| yes_no(Some(a))))
        ));
        for (m, verdict) in g.members.iter().zip(&vs) {
            let e = &entries[m.entry];
            let others: Vec<String> = g
                .members
                .iter()
                .filter(|o| o.entry != m.entry)
                .map(|o| {
                    format!(
                        "<a href=\"#{}\">{}</a>",
                        anchor(o.entry, &entries[o.entry]),
                        esc(&entries[o.entry].id)
                    )
                })
                .collect();
            s.push_str(&format!(
                "<tr id=\"{}\"><td><b>{}</b><br><small>{}:{}</small></td><td>{}</td><td>{} ({})</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                anchor(m.entry, e),
                esc(&e.id),
                esc(&e.file),
                e.line,
                esc(&e.source),
                esc(&e.stipulation),
                esc(&e.rules),
                esc(verdict),
                esc(&member_line(m, e)),
                others.join(", ")
            ));
        }
        s.push_str("</table></section>");
    }
    s.push_str("</body></html>\n");
    s
}

/// Why a concordance's outputs were refused before the work.
#[derive(Debug, thiserror::Error)]
pub enum ConcordanceOutputError {
    /// The CSV cannot be written there.
    #[error(transparent)]
    Csv(#[from] crate::files::FlaggedError),
    /// The page's folder cannot be replaced.
    #[error(transparent)]
    Page(#[from] super::html::EditionError),
    /// The CSV inside the page's folder, which is replaced whole.
    #[error("--csv is inside the page's folder --html {}, which is replaced whole: write the CSV elsewhere", .0.display())]
    CsvInside(PathBuf),
}

/// Checks before the work that the CSV and the page's folder can be written and replace
/// none of `files` (a folder that is not an edition's is refused now, not after every
/// member was solved); the CSV's target.
pub fn check_outputs(
    csv: Option<&Path>,
    html: Option<&Path>,
    (files, reads): (&[PathBuf], &crate::files::Reads),
) -> Result<Option<crate::files::Output>, ConcordanceOutputError> {
    let set = reads.with_inputs(files);
    let csv = crate::files::check_flagged("--csv", csv, &set)?;
    if let Some(dir) = html {
        super::html::check_target(dir, &set)?;
        if csv.as_ref().is_some_and(|c| c.is_inside(dir)) {
            return Err(ConcordanceOutputError::CsvInside(dir.to_path_buf()));
        }
    }
    Ok(csv)
}

/// Writes the concordance's page into `dir`, with the position editor beside it, titled
/// by the paths as given, replacing none of `reads`; the page's path.
pub fn write_page(
    dir: &Path,
    (groups, entries, v): (&[Group], &[Entry], &[Option<String>]),
    (paths, reads): (&[PathBuf], &crate::files::Reads),
) -> Result<PathBuf, super::html::EditionError> {
    let title = super::html::titled("mansuba concordance", paths);
    let page = html(groups, entries, v, &title);
    let editor = super::edition::editor::page("shatranj");
    super::html::write_edition(dir, (&page, &editor), reads)
}

/// What the concordance prints on standard output: one JSON line per group, or the text.
pub fn listing(found: (&[Group], &[Entry], &[Option<String>]), json: bool) -> String {
    let (groups, entries, v) = found;
    if !json {
        return text(groups, entries, v);
    }
    let lines = json_groups(groups, entries, v);
    lines.iter().map(|g| format!("{g}\n")).collect()
}

/// Why a concordance's CSV or page was not written.
#[derive(Debug, thiserror::Error)]
pub enum ConcordanceWriteError {
    /// The CSV could not be written.
    #[error(transparent)]
    Csv(#[from] super::CsvWriteError),
    /// The page could not be written.
    #[error(transparent)]
    Page(#[from] super::html::EditionError),
}

/// Writes the concordance's CSV to `csv` (checked by [`check_outputs`]; atomically) and
/// its page into `html`, titled by the paths as given; the page's path.
pub fn write_outputs(
    found: (&[Group], &[Entry], &[Option<String>]),
    (csv, html): (Option<&crate::files::Output>, Option<&Path>),
    (paths, reads): (&[PathBuf], &crate::files::Reads),
    cells: super::cells::Cells,
) -> Result<Option<PathBuf>, ConcordanceWriteError> {
    if let Some(c) = csv {
        let records = csv_records(found.0, found.1, found.2);
        super::write_csv(c, CONCORDANCE_COLUMNS, &records, cells)?;
    }
    Ok(match html {
        Some(dir) => Some(write_page(dir, found, (paths, reads))?),
        None => None,
    })
}

/// How long the grouping (with the reading) and the verdicts took, in one line.
pub fn timing(grouped: Duration, judged: Duration) -> String {
    let s = |d: Duration| d.as_millis() as f64 / 1000.0;
    format!(
        "grouped in {:.3} s, verdicts in {:.3} s",
        s(grouped),
        s(judged)
    )
}

/// The edition's hook: for each row, a block linking to the other members of its group
/// (at the default `--max-diff` 2), by the edition's anchors; empty for a row in no group.
/// `dirs`: the folders besides their own the problems' files may name rules files in.
pub fn edition_links(rows: &[Row], dirs: &crate::board::rules::RulesDirs) -> Vec<String> {
    let mut shapes = Shapes::with(crate::problem::Engines::allowing(dirs.clone()));
    let read: Vec<Option<Entry>> = rows
        .iter()
        .map(|r| r.problem.as_ref().and_then(|p| shapes.entry(p).ok()))
        .collect();
    let place: Vec<usize> = (0..rows.len()).filter(|&i| read[i].is_some()).collect();
    let entries: Vec<Entry> = read.into_iter().flatten().collect();
    let groups = concord(&entries, 2);
    let members = members_of(&groups, &entries);
    let row_of: std::collections::HashMap<(String, String), usize> = entries
        .iter()
        .zip(&place)
        .map(|(e, &i)| ((e.file.clone(), e.id.clone()), i))
        .collect();
    let mut out = vec![String::new(); rows.len()];
    for (e, &i) in entries.iter().zip(&place) {
        let Some(others) = members.get(&(e.file.clone(), e.id.clone())) else {
            continue;
        };
        let links: Vec<String> = others
            .iter()
            .filter_map(|o| row_of.get(o))
            .map(|&j| {
                let r = &rows[j];
                format!(
                    "<a href=\"#{}\">{}</a>",
                    super::html::anchor(j, r),
                    esc(&r.id)
                )
            })
            .collect();
        out[i] = format!(
            "<p class=\"concordance\">The same problem or a near variant: {}.</p>",
            links.join(", ")
        );
    }
    out
}
