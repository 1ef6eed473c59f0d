// Shared pieces of the sub-commands: options every puzzle command takes, the
// loop over files, and the exit-status rule.
//
// Exit status of a command over several files: 1 if any internal error, else
// 2 if any bad input, else 3 if any verdict contradicted its file's expect,
// else the largest verdict code (30 unknown > 20 none > 10 multiple > 0
// unique/solved).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/pipeline.h"
#include "importers/importer.h"
#include "io/corpus.h"
#include "io/puzzle_file.h"

namespace psmt::cli {

inline constexpr const char* kVersion = "0.1.0";

// Exit status when a verdict contradicts the puzzle file's expect (check,
// count): the run worked, the file's claim did not hold.
inline constexpr int kExitExpectation = 3;

struct PuzzleOptions {
  std::vector<std::string> files;
  std::string encoding;
  std::optional<uint64_t> timeout_ms;
  std::optional<uint64_t> rlimit;
  uint64_t limit = 0;
  bool json = false;
  bool confirm = false;
  bool no_explain = false;
  bool up_to_symmetry = false;
  bool no_symmetry_breaking = false;
  std::string enumeration = "auto";  // check, count, enumerate: RunOptions::enumeration
  std::string color = "auto";
  bool quiet = false;
  bool stats = false;  // text reports end with the time and solver statistics
  std::string svg;  // solve, check: picture of the result
  bool partial = false;  // importers: leave out drawings that may carry rules
  std::string alphabet;  // 16x16 sudoku text: "1-G" or "0-F"
  importers::ImportOptions import_options() const {
    importers::ImportOptions io;
    io.partial = partial;
    io.alphabet = alphabet;
    return io;
  }
};

// Whole numbers on the command line: digits only (no sign, no fraction, no
// trailing characters) within [lo, hi]; anything else is a usage error
// naming the option and the accepted range (exit 2).
uint64_t parse_whole(const std::string& option, const std::string& text, uint64_t lo, uint64_t hi);
// An option taking such a number; `zero_is_none`: 0 means "no limit" and
// leaves the optional empty (as do values beyond kForeverMs for timeouts).
CLI::Option* add_whole(CLI::App& cmd, const std::string& names, uint64_t& into, uint64_t lo, uint64_t hi,
                       const std::string& help);
CLI::Option* add_limit(CLI::App& cmd, const std::string& names, std::optional<uint64_t>& into, uint64_t hi,
                       const std::string& help);
// A wall-clock limit this long is no limit (about 31 years).
inline constexpr uint64_t kForeverMs = 1'000'000'000'000ULL;
inline constexpr uint64_t kMaxWhole = 9'223'372'036'854'775'807ULL;  // 2^63 - 1

// Adds FILE..., --encoding, --timeout, --rlimit, --json, --color, --quiet,
// and the resource options below.
void add_puzzle_options(CLI::App& cmd, PuzzleOptions& o);

// Adds --memory MB (the process's memory cap, also Z3's; hitting it gives
// `unknown (memory)`) and --max-input MB (inputs larger than this are
// refused before being read whole). Both set process-wide values (io/halt.h).
// With `solver`: also --solver, --proof and --certify.
void add_resource_options(CLI::App& cmd, bool solver = true);

// The exit status once Ctrl-C or SIGTERM stopped a run (130, 143), or 0 if
// none did.
int stopped_status();

// Load a puzzle argument: a file of our JSON, an f-puzzles export, a link,
// or a file holding a link (importers/). An error that the kind's parser
// finds in an imported puzzle also names the place in the foreign data.
// `our_json`, when given, receives the puzzle as our JSON (convert).
LoadedPuzzle load_argument(const std::string& argument, const importers::ImportOptions& options,
                           nlohmann::json* our_json = nullptr);
LoadedPuzzle load_argument(const std::string& argument, bool partial, nlohmann::json* our_json = nullptr);

// A record of a batch or bench corpus: our JSON, or a line the importers
// read for its kind (sudoku text with the --alphabet asked for).
LoadedPuzzle load_corpus_record(const CorpusRecord& r, const std::string& line_kind,
                                const importers::ImportOptions& options);

// --kind of a corpus and --encoding, checked once before a batch or bench
// runs: an unknown kind, or an encoding that the kind (when named) does not
// have, is a usage error naming what there is.
void validate_kind_and_encoding(const std::string& kind, const std::string& encoding);

// Adds --alphabet (16x16 sudoku written as text).
void add_alphabet_option(CLI::App& cmd, std::string& into);

// Run `one` on every file: bad input and usage errors print one line and give
// 2, internal errors give 1; returns the merged exit status (2 if no file).
// With `json`, a file's bad input is also a record on standard output, as
// batch writes it: {"file", "status": "error", "error", "error_id"}.
int for_each_file(const std::vector<std::string>& files, const std::function<int(const std::string&)>& one, bool json = false);

// Run `body`, turning bad input and usage errors into one printed line and
// 2, internal errors into 1 (`what` names the input in that message).
int guarded(const std::string& what, const std::function<int()>& body);

// The report of a run stopped by a limit before it could finish
// (src/cli/hard_deadline.h, or a halt while reading): `unknown` with the
// reason; what the run found is lost with it, so nothing else is claimed.
// `lp` is null when the puzzle was not read whole; the report then names
// the file only.
void print_unknown_report(const std::string& command, const PuzzleOptions& o, const std::string& file,
                          const LoadedPuzzle* lp, const std::string& reason);

// Merge per-file exit codes by the rule above.
int merge_exit(int a, int b);

// Print "puzzle-smt: error: ..." on stderr.
void print_error(const std::string& message);

// The process's age in ms: its CPU time at the first call (exec to main
// never waits), the steady clock after it. main() calls it first.
double process_age_ms();

bool use_color(const std::string& mode);

// A pipeline request (app/pipeline.h) with what every puzzle command's
// options say: the command, --encoding, --timeout counted from `start`,
// --rlimit.
app::Request base_request(app::Command command, const PuzzleOptions& o, std::chrono::steady_clock::time_point start);

// Sub-commands.
void setup_run_command(CLI::App& app, std::string_view name, int& exit_status);  // solve, check, count or enumerate
void setup_kinds(CLI::App& app, int& exit_status);
void setup_render(CLI::App& app, int& exit_status);
void setup_diagnose(CLI::App& app, int& exit_status);
void setup_explain(CLI::App& app, int& exit_status);  // explain_command.cpp
void setup_hint(CLI::App& app, int& exit_status);
void setup_grade(CLI::App& app, int& exit_status);
void setup_batch(CLI::App& app, int& exit_status);
void setup_export(CLI::App& app, int& exit_status);
void setup_bench(CLI::App& app, int& exit_status);
void setup_convert(CLI::App& app, int& exit_status);
void setup_schema(CLI::App& app, int& exit_status);
void setup_serve(CLI::App& app, int& exit_status);  // serve_command.cpp

}  // namespace psmt::cli
