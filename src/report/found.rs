//! What a row found: the analysis of a problem, or why it could not be analysed. A row is
//! one or the other, never both nor neither; in the rows a shard file keeps it is written
//! as the two keys `analysis` and `error`, one of them null.

use crate::solve::Analysis;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A row's analysis, or its error.
#[derive(Clone, Debug)]
pub enum Found {
    /// The problem was analysed.
    Analysed(Box<Analysis>),
    /// It could not be: what went wrong ("file:line: ...").
    Failed(String),
}

impl Found {
    /// The analysis, when there is one.
    pub fn analysis(&self) -> Option<&Analysis> {
        match self {
            Found::Analysed(a) => Some(a),
            Found::Failed(_) => None,
        }
    }

    /// The analysis, to change, when there is one.
    pub fn analysis_mut(&mut self) -> Option<&mut Analysis> {
        match self {
            Found::Analysed(a) => Some(a),
            Found::Failed(_) => None,
        }
    }

    /// What went wrong, when the problem could not be analysed.
    pub fn error(&self) -> Option<&str> {
        match self {
            Found::Analysed(_) => None,
            Found::Failed(e) => Some(e),
        }
    }
}

impl Serialize for Found {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("analysis", &self.analysis())?;
        m.serialize_entry("error", &self.error())?;
        m.end()
    }
}

/// The two keys as a shard file holds them.
#[derive(Deserialize)]
struct Keys {
    analysis: Option<Box<Analysis>>,
    error: Option<String>,
}

impl<'de> Deserialize<'de> for Found {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Keys::deserialize(d)? {
            Keys {
                analysis: Some(a),
                error: None,
            } => Ok(Found::Analysed(a)),
            Keys {
                analysis: None,
                error: Some(e),
            } => Ok(Found::Failed(e)),
            _ => Err(serde::de::Error::custom(
                "a row holds either an analysis or an error",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_file_holds_one_of_the_two_keys() {
        let failed = Found::Failed("p.toml:3: bad fen".into());
        let text = serde_json::to_string(&failed).unwrap();
        assert_eq!(text, r#"{"analysis":null,"error":"p.toml:3: bad fen"}"#);
        let back: Found = serde_json::from_str(&text).unwrap();
        assert_eq!(back.error(), Some("p.toml:3: bad fen"));
        for both_or_neither in [r#"{"analysis":null,"error":null}"#, r#"{"error":null}"#] {
            let e = serde_json::from_str::<Found>(both_or_neither).unwrap_err();
            assert!(
                e.to_string().contains("either an analysis or an error"),
                "{e}"
            );
        }
    }
}
