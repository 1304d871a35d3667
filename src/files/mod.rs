//! What mansuba reads and writes on the user's disk, and the rules it keeps there. The
//! bottom of the house beside `board` and `memory`: it uses no other layer, and every
//! file any layer reads or writes goes through here.
//! - `input`: only regular files are read, never more than the memory budget;
//! - [`target`]: the output policy (an input is never an output, devices and FIFOs are
//!   written through, regular files replaced atomically with their permissions kept);
//! - `atomic`: a file that appears whole or not at all;
//! - `error`: why an output cannot be written;
//! - [`temps`]: the temporaries a signal must not leave behind;
//! - `identity`: which file a path names;
//! - [`reads`]: the caller's budget for what it reads, and its record of the files read;
//! - `modes`: a folder replaced whole keeps its permissions and group;
//! - [`digest`]: fingerprints of the inputs;
//! - [`cache`]: the user's own folder for tables built on the fly;
//! - [`walk`]: the problem files a list of paths and folders names, and the check that
//!   a path names one problem file.

pub(crate) mod atomic;
pub mod cache;
pub mod digest;
pub(crate) mod error;
pub(crate) mod identity;
pub(crate) mod input;
pub(crate) mod modes;
pub mod reads;
pub mod target;
pub mod temps;
pub mod walk;

pub use atomic::{write_atomic, AtomicFile};
pub use identity::FileSet;
pub use input::{kind_of, read_bounded, read_text, InputError};
pub use modes::keep_modes;
pub use reads::Reads;
pub use target::{
    check as check_output, check_derived, check_flagged, FlaggedError, Output, OutputError, Writer,
};
pub use walk::{one_problem_file, NotOneFile, Walk, WalkError};
