//! Choosing the bitboard width for a board: u64 up to 64 squares, u128 up to 128, U256
//! beyond. Code written against `Position<B>` runs monomorphized for each width through
//! [`with_engine!`](crate::with_engine).

use crate::board::bits::U256;
use crate::board::engine::Engine;
use crate::board::rules::{Rules, RulesError};
use std::sync::Arc;

/// Compiled rules at the width their board needs.
#[derive(Clone, Debug)]
pub enum AnyEngine {
    /// Boards up to 64 squares.
    W64(Arc<Engine<u64>>),
    /// Boards up to 128 squares.
    W128(Arc<Engine<u128>>),
    /// Boards up to 256 squares.
    W256(Arc<Engine<U256>>),
}

impl AnyEngine {
    /// Compiles rules at the narrowest width that holds the board.
    pub fn new(rules: Rules) -> Result<Self, RulesError> {
        rules.validate()?;
        let n = rules.width as usize * rules.height as usize;
        Ok(if n <= 64 {
            AnyEngine::W64(Arc::new(Engine::new(rules)?))
        } else if n <= 128 {
            AnyEngine::W128(Arc::new(Engine::new(rules)?))
        } else {
            AnyEngine::W256(Arc::new(Engine::new(rules)?))
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        match self {
            AnyEngine::W64(e) => &e.rules,
            AnyEngine::W128(e) => &e.rules,
            AnyEngine::W256(e) => &e.rules,
        }
    }
}

/// Runs `$body` with `$e` bound to the concrete `Arc<Engine<B>>`.
#[macro_export]
macro_rules! with_engine {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            $crate::board::compiled::AnyEngine::W64($e) => $body,
            $crate::board::compiled::AnyEngine::W128($e) => $body,
            $crate::board::compiled::AnyEngine::W256($e) => $body,
        }
    };
}
