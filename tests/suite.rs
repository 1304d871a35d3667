//! The integration tests, built as one binary: one link instead of one per file, which
//! is most of the time a release build of the tests takes. Each file below is a module;
//! `cargo test --release NAME` still picks tests by name (e.g. `solver_brute::`).

mod common;

mod all_rules;
mod budgets;
mod cli_interrupt;
mod cli_output;
mod cli_verify;
mod concordance;
mod diagram;
mod dice;
mod dice_index;
mod dice_layouts;
mod dice_methods;
mod edition;
mod export;
mod export_clients;
mod fuzz_parsers;
mod hostile_files;
mod hostile_limits;
mod hostile_text;
mod import;
mod import_popeye;
mod layers;
mod legality;
mod main_lines;
mod notation;
mod perft_reference;
mod proof_trees;
mod reconstruct;
mod reconstruct_shards;
mod repair;
mod repair_shards;
mod rough_edges;
mod rules;
mod rules_knobs;
mod rules_set;
mod shards;
mod solver;
mod solver_brute;
mod solver_reference;
mod solver_tables;
mod stacks;
mod table_plan;
mod tablebase;
mod verdict_rule;
