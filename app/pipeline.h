// The pipeline below both front ends (the command line, cli/, and the page
// for setters, server/): read a puzzle, run a command on it, and return the
// report object that `--json` prints and the server sends. A front end only
// reads its input, calls these, and prints or sends what comes back; the
// time limit of a run (HaltScope) and the way a stop is announced are the
// front end's.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/diagnose.h"
#include "engine/engine.h"
#include "engine/explain.h"
#include "importers/importer.h"
#include "io/puzzle_file.h"
#include "io/report.h"

namespace psmt::app {

// A puzzle argument: a file, standard input ("-"), a link or a game ID, or a
// file holding one (importers/importer.h). What an importer warns of (a
// link cut off?) is in LoadedPuzzle::warnings for the front end to show.
// `our_json`, when given, receives the puzzle as our JSON (convert).
LoadedPuzzle load_argument(const std::string& argument, const importers::ImportOptions& options,
                           nlohmann::json* our_json = nullptr);
// Text already read (pasted, a dropped file's content), read as a file named
// `name` would be: our JSON, f-puzzles JSON, a link, a game ID, sudoku text,
// a .non nonogram. Nothing is read from the file system.
LoadedPuzzle load_text(const std::string& text, const std::string& name, const importers::ImportOptions& options);
// Our JSON from an importer, loaded; an error the kind's parser finds also
// names the place in the foreign data it came from.
LoadedPuzzle load_imported(const importers::Imported& imported, const std::string& origin);

// The commands the pipeline runs.
enum class Command { Solve, Check, Count, Enumerate, Diagnose, Explain };
std::optional<Command> command_named(const std::string& name);
std::string command_name(Command c);

// What to run. The limits are the command line's options of the same names.
struct Request {
  Command command = Command::Check;
  std::string encoding;                 // "" : the kind's default
  std::optional<uint64_t> timeout_ms;   // counted from `start`
  std::optional<uint64_t> rlimit;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  uint64_t limit = 0;                   // count, enumerate: stop after this many (0: none)
  bool confirm = false;                 // check: confirm with a second encoding
  bool no_explain = false;              // check, count: no conflicting clues
  bool up_to_symmetry = false, no_symmetry_breaking = false;  // count, enumerate
  std::string enumeration = "auto";     // auto | cover | blocking
  // diagnose
  uint64_t conflicts = 1, max_repairs = 20, max_changes = 3;
  bool minimal = false;
  // explain
  unsigned case_split = 5;
  // Streaming: each solution as it is found (enumerate), and a counter of
  // models found so far for a progress display (count, enumerate).
  std::function<void(const nlohmann::json&, uint64_t)> on_solution;
  std::atomic<uint64_t>* progress = nullptr;
};

// What a run found.
struct Outcome {
  Command command = Command::Check;
  Result result;                       // the verdict (diagnose, explain: theirs)
  ReportContext context;               // mismatches against expect, confirmation, choice
  std::optional<Choice> choice;        // solve with a kind's scorer
  std::optional<Diagnosis> diagnosis;  // diagnose
  std::optional<Explanation> explanation;  // explain
  // The exit status of the command line: the verdict's code, or 3 when the
  // file's expect was not met.
  int exit_status() const;
};

// Run `rq` on a loaded puzzle. Throws what the engine throws (InputError,
// UsageError, InternalError when two encodings disagree); a limit gives the
// verdict unknown with its reason.
Outcome run(const LoadedPuzzle& lp, const Request& rq);

// The report object (`--json`): the contract's report, with "diagnosis" or
// "explanation" for those commands.
nlohmann::json report(const LoadedPuzzle& lp, const Outcome& out);
// The picture of the outcome: the solution (unique, solved, chosen), the
// first of several with the places where they differ shaded, the
// conflicting clues marked, the repair and the extra clues drawn (diagnose).
std::string picture(const LoadedPuzzle& lp, const Outcome& out);
// A repair's edit in words: "remove 5 at r2c3", "5 at r2c3  ->  4 at r2c3".
std::string edit_text(const RepairEdit& e);
// One repair of a diagnosis drawn: the puzzle with the repair written into
// it (and its solution when the repair leaves one), the edited clues marked.
std::string repair_picture(const LoadedPuzzle& lp, const Diagnosis& d, const Repair& r);
// Explain's step `k` (from 0) drawn: the puzzle (never its solution), the
// step's clues and rule cells highlighted, its new facts' cells marked, the
// step in words under it.
std::string step_picture(const LoadedPuzzle& lp, const Explanation& e, std::size_t k);
// The words of explain's items and facts, shared by the text report and the
// pictures.
std::string because_text(const Explanation& e, const std::vector<std::size_t>& items);
std::string facts_text(const std::vector<ExplainFact>& facts, std::size_t most = SIZE_MAX);

}  // namespace psmt::app
