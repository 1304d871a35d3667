fn main() {
    restore_sigpipe();
    std::process::exit(mansuba::cli::main());
}

/// A closed pipe on standard output (`mansuba … | head -1`) ends the program quietly, as
/// it ends `cat` or `grep`: Rust starts programs with SIGPIPE ignored, so every write to a
/// closed pipe fails and `println!` panics; the default action is restored instead (the
/// process ends by SIGPIPE, which shells do not report).
fn restore_sigpipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: called first thing in main, before any other thread exists; setting a
    // signal's disposition to its default touches no Rust state.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
