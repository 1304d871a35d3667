//! Compiled rules, shared by every problem of a run that names the same rule set (the
//! engine's tables are built once per rule set, not once per problem), and the one way
//! from a problem to the engine it runs under ([`Engines::for_problem`]).

use super::{OwnRulesError, Problem};
use crate::board::compiled::AnyEngine;
use crate::board::presets::PRESETS;
use crate::board::rules::{Rules, RulesDirs};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

/// Compiled rules, shared by every problem that names the same rule set, and the folders
/// its problems' rules files may be read from besides their own.
#[derive(Default)]
pub struct Engines {
    map: Mutex<HashMap<String, Result<AnyEngine, OwnRulesError>>>,
    dirs: RulesDirs,
}

impl Engines {
    /// No engine yet; problem files may name rules files in `dirs` too.
    pub fn allowing(dirs: RulesDirs) -> Engines {
        Engines {
            map: Mutex::default(),
            dirs,
        }
    }

    /// The folders besides a problem file's own its rules files may be read from.
    pub fn dirs(&self) -> &RulesDirs {
        &self.dirs
    }

    /// The engine for a preset name or a rules file relative to `base` (None: the
    /// working directory).
    pub fn get(&self, spec: &str, base: Option<&Path>) -> Result<AnyEngine, OwnRulesError> {
        let key = if PRESETS.contains(&spec) {
            spec.to_string()
        } else {
            match base {
                Some(b) => b.join(spec).display().to_string(),
                None => spec.to_string(),
            }
        };
        self.cached(key, || Ok(Rules::resolve_in(spec, base, &self.dirs)?))
    }

    /// The engine of a problem's own rules: its `rules` with its `rules_set` knobs on top.
    pub fn own(&self, p: &Problem) -> Result<AnyEngine, OwnRulesError> {
        let Some(knobs) = &p.rules_set else {
            return self.get(&p.rules, Some(p.base_dir()));
        };
        let key = format!("{}\n{knobs}", p.base_dir().join(&p.rules).display());
        self.cached(key, || p.own_rules(&self.dirs))
    }

    /// The engine a problem runs under: its own rules ([`Engines::own`]: `rules` with its
    /// `rules_set` knobs), or the rules `user` names (`--rules`, or a preset of
    /// `--all-rules`: a preset or a rules file relative to the working directory). A name
    /// that is the problem's own `rules` means its own rules, knobs and all, as a row's
    /// expectation does ([`crate::report::Row::meets_expectation`]). Every command takes a
    /// problem's rules this way, so that none can judge a problem under other rules than
    /// another does.
    pub fn for_problem(&self, p: &Problem, user: Option<&str>) -> Result<AnyEngine, OwnRulesError> {
        match user {
            Some(r) if r != p.rules => self.get(r, None),
            _ => self.own(p),
        }
    }

    fn cached(
        &self,
        key: String,
        rules: impl FnOnce() -> Result<Rules, OwnRulesError>,
    ) -> Result<AnyEngine, OwnRulesError> {
        let mut m = self.map.lock().unwrap_or_else(|e| e.into_inner());
        m.entry(key)
            .or_insert_with(|| Ok(AnyEngine::new(rules()?)?))
            .clone()
    }
}
