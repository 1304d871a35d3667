//! The static edition assembled from a batch's groups ([`assemble`]), and its parts
//! beside the page ([`super::html`]): the diagrams
//! ([`diagrams`], which `mansuba diagram` draws too), the play-through's positions and
//! lines ([`play`]), the repairs in compact form ([`repairs`]) and the position editor
//! ([`editor`]), and the book Chromium prints of it ([`book`]). The style sheet and the scripts are the files of this
//! folder, written into the edition's directory as they are.

pub mod assemble;
pub mod book;
pub mod diagrams;
pub mod editor;
pub mod play;
pub mod repairs;
