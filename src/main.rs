fn main() {
    std::process::exit(mansuba::cli::main());
}
