//! A file's problems repaired one after another, in file order (`mansuba repair`): each
//! entry asked for becomes a [`RepairRow`], its repairs or why there are none, handed on
//! as soon as it is done; after a cancel (Ctrl-C) the problems not begun are left alone
//! (each would only report its original's verdict as cancelled).

use super::shard::{RepairOutcome, RepairRow};
use crate::problem::{Engines, LoadedFile};
use crate::repair::{repair_problem, Options};
use std::sync::atomic::Ordering;

/// Repairs the problems of `lf` (only the one of `id`, when given) under `opt`; `each`
/// sees every row as it is done. The rows, in file order.
pub fn repair_file(
    lf: &LoadedFile,
    id: Option<&str>,
    engines: &Engines,
    opt: &Options,
    each: &mut dyn FnMut(&RepairRow),
) -> Vec<RepairRow> {
    let cancelled = || (opt.limits.cancel.as_ref()).is_some_and(|c| c.load(Ordering::SeqCst));
    let mut rows: Vec<RepairRow> = vec![];
    for p in &lf.problems {
        if cancelled() {
            break;
        }
        let (id, at, result) = match p {
            Ok(p) if id.is_none_or(|id| id == p.id) => (
                p.id.clone(),
                format!("{}:{}", p.file.display(), p.line),
                match repair_problem(p, engines, None, opt) {
                    Ok(r) => RepairOutcome::Repaired(Box::new(r)),
                    Err(e) => RepairOutcome::Failed(p.error("id", e).to_string()),
                },
            ),
            Err(e) if id.is_none() || e.id.as_deref() == id => (
                e.id.clone().unwrap_or_default(),
                String::new(),
                RepairOutcome::Failed(e.to_string()),
            ),
            _ => continue,
        };
        let row = RepairRow {
            place: rows.len(),
            id,
            at,
            result,
        };
        each(&row);
        rows.push(row);
    }
    rows
}
