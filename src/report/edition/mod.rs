//! The parts of the static edition beside its page ([`super::html`]): the play-through's
//! positions and lines ([`play`]), the repairs in compact form ([`repairs`]) and the
//! position editor ([`editor`]). The style sheet and the scripts are the files of this
//! folder, written into the edition's directory as they are.

pub mod editor;
pub mod play;
pub mod repairs;
