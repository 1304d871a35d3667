//! The edition's folder (`verify --html DIR`) as someone else may have left it: a rerun
//! keeps the folder's and the files' permissions and group, never replaces a problem
//! file kept there under an edition file's name, and removes only the regular files an
//! edition has (a marker listing more cannot make it delete a folder). Each test works
//! on private copies in a temporary folder.

#![cfg(target_os = "linux")]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::Command;

use crate::common::{both_streams as text, run_in as run, MATE_IN_ONE as MATE};

/// The files of an edition.
const FILES: [&str; 5] = [
    "index.html",
    "edition.css",
    "edition.js",
    "editor.html",
    ".mansuba-edition",
];

/// A folder holding the problem and its edition `ed`.
fn with_edition() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("p.toml"), MATE).unwrap();
    let o = run(d.path(), &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    d
}

/// The mode bits and group of the edition's folder and of each of its files.
fn modes(ed: &Path) -> Vec<(u32, u32)> {
    let of = |p: &Path| {
        let m = std::fs::symlink_metadata(p).unwrap();
        (m.mode() & 0o7777, m.gid())
    };
    let mut v = vec![of(ed)];
    v.extend(FILES.iter().map(|f| of(&ed.join(f))));
    v
}

/// Makes the edition private: the folder 0700, its files 0600, all of group `gid`.
fn make_private(ed: &Path, gid: Option<u32>) {
    for f in FILES {
        std::fs::set_permissions(ed.join(f), std::fs::Permissions::from_mode(0o600)).unwrap();
        std::os::unix::fs::chown(ed.join(f), None, gid).unwrap();
    }
    std::fs::set_permissions(ed, std::fs::Permissions::from_mode(0o700)).unwrap();
    std::os::unix::fs::chown(ed, None, gid).unwrap();
}

#[test]
fn a_rerun_keeps_a_private_editions_modes_and_group() {
    let d = with_edition();
    let ed = d.path().join("ed");
    // Root may give the files another group; anyone else keeps their own.
    let gid = crate::common::unprivileged_user().map(|(_, g)| g);
    make_private(&ed, gid);
    let before = modes(&ed);
    let o = run(d.path(), &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(modes(&ed), before);
    assert!(before.iter().all(|(m, _)| *m == 0o600 || *m == 0o700));
    // The unprivileged user's own private edition, rerun by that user.
    let Some((uid, gid)) = crate::common::unprivileged_user() else {
        return;
    };
    for p in ["", "p.toml", "ed"].iter().map(|f| d.path().join(f)) {
        std::os::unix::fs::chown(p, Some(uid), Some(gid)).unwrap();
    }
    for f in FILES {
        std::os::unix::fs::chown(ed.join(f), Some(uid), Some(gid)).unwrap();
    }
    std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let (code, out) =
        crate::common::mansuba_as_user(d.path(), &[], &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(code, 0, "{out}");
    let after = modes(&ed);
    assert_eq!(
        after,
        before.iter().map(|(m, _)| (*m, gid)).collect::<Vec<_>>()
    );
    assert_eq!(std::fs::metadata(ed.join("index.html")).unwrap().uid(), uid);
}

#[test]
fn a_problem_file_in_the_edition_under_an_edition_name_is_not_replaced() {
    let d = with_edition();
    let ed = d.path().join("ed");
    std::fs::write(ed.join("editor.html"), MATE).unwrap();
    for path in ["ed/editor.html", "./ed/../ed/editor.html"] {
        let o = run(d.path(), &["verify", path, "--html", "ed"]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(text(&o).contains("is one of the inputs"), "{}", text(&o));
        assert_eq!(
            std::fs::read_to_string(ed.join("editor.html")).unwrap(),
            MATE
        );
    }
}

#[test]
fn only_the_regular_files_an_edition_has_are_ever_removed() {
    let d = with_edition();
    let ed = d.path().join("ed");
    // A marker that names a folder of the user's: the rerun refuses, the folder stays.
    std::fs::create_dir(ed.join("notes")).unwrap();
    std::fs::write(ed.join("notes/keep.txt"), "mine\n").unwrap();
    let marker = ed.join(".mansuba-edition");
    let listed = std::fs::read_to_string(&marker).unwrap() + "notes\n";
    std::fs::write(&marker, listed).unwrap();
    let o = run(d.path(), &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("ed/notes was not written by mansuba"),
        "{}",
        text(&o)
    );
    assert_eq!(
        std::fs::read_to_string(ed.join("notes/keep.txt")).unwrap(),
        "mine\n"
    );
    std::fs::remove_dir_all(ed.join("notes")).unwrap();
    // A folder, or a link, under an edition file's name.
    std::fs::remove_file(ed.join("edition.js")).unwrap();
    std::fs::create_dir(ed.join("edition.js")).unwrap();
    std::fs::write(ed.join("edition.js/keep.txt"), "mine\n").unwrap();
    let o = run(d.path(), &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("is not a regular file mansuba wrote (it is a directory)"),
        "{}",
        text(&o)
    );
    assert!(ed.join("edition.js/keep.txt").is_file());
    std::fs::remove_dir_all(ed.join("edition.js")).unwrap();
    std::os::unix::fs::symlink("../p.toml", ed.join("edition.js")).unwrap();
    let o = run(d.path(), &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("(it is a symbolic link)"), "{}", text(&o));
    // Put right, the rerun works.
    std::fs::remove_file(ed.join("edition.js")).unwrap();
    let o = run(d.path(), &["verify", "p.toml", "--html", "ed"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(d.path().join("p.toml")).unwrap(),
        MATE
    );
}

/// Chromium on the PATH, if any.
fn chromium() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("chromium"))
        .find(|p| p.is_file())
}

/// `#`, `?` and `%` in the edition's folder: the page Chromium prints is the edition's
/// (its address percent-encoded), not another file or folder's listing.
#[test]
#[ignore = "needs Chromium (Debian: apt-get install chromium)"]
fn the_book_of_a_folder_named_with_url_characters_is_the_edition() {
    assert!(chromium().is_some(), "Chromium is not on the PATH");
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("col #2")).unwrap();
    std::fs::write(d.path().join("col #2/p.toml"), MATE).unwrap();
    std::fs::write(d.path().join("secret.txt"), "SECRET-TEXT\n").unwrap();
    for ed in ["col #2/ed", "secret.txt#e2", "ed?x=1", "ed%41"] {
        let o = run(
            d.path(),
            &["verify", "col #2/p.toml", "--html", ed, "--pdf", "b.pdf"],
        );
        assert_eq!(o.status.code(), Some(0), "{ed}: {}", text(&o));
        assert!(text(&o).contains("book: b.pdf"), "{}", text(&o));
        let pdf = std::fs::read(d.path().join("b.pdf")).unwrap();
        let title = b"/Title (mansuba: col #2/p.toml)";
        assert!(
            pdf.windows(title.len()).any(|w| w == title),
            "{ed}: not the edition"
        );
        std::fs::remove_file(d.path().join("b.pdf")).unwrap();
    }
}

/// A printer that hands back another document than the edition: refused, nothing written.
#[test]
fn a_book_that_is_not_the_edition_is_refused() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("p.toml"), MATE).unwrap();
    let bin = d.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    // A program by Chromium's name that prints some other document to the PDF path it is
    // given (as Chromium did for an address cut at a `#`).
    let fake = bin.join("chromium");
    std::fs::write(
        &fake,
        "#!/bin/sh\nfor a; do case \"$a\" in --print-to-pdf=*) printf '%%PDF-1.4\\n<< /Title (secret.txt) >>\\n' > \"${a#--print-to-pdf=}\";; esac; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_mansuba"))
        .args(["verify", "p.toml", "--html", "ed", "--pdf", "b.pdf"])
        .current_dir(d.path())
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not the edition"), "{}", text(&o));
    assert!(!d.path().join("b.pdf").exists());
}
