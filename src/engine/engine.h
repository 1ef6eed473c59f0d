// The engine: solve, enumerate, count and check any puzzle through its encoder.
//
// One Context per run (engine/expr.h: the Z3 context in it is made only when
// Z3 is needed). Solutions are enumerated on one incremental solver:
// after each model a blocking clause over the encoding's decision variables
// only (never auxiliaries, so no solution is counted twice). Every solution is
// decoded and passed through the kind's independent checker before it is
// reported; a solution the checker rejects is an InternalError, never output.
//
// Verdicts: a `check` enumerates up to two solutions. `none` comes with a
// conflict: the clues (tracked one by one as assumptions on a second solver)
// that cannot hold together, shrunk to a minimal set when the budget allows.
// A time or resource limit gives `unknown`, never a guess.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/encoder.h"
#include "engine/backend.h"

namespace psmt {

// A Z3 parameter for every solver this process makes, after the engine's own
// (--z3 KEY=VALUE, e.g. sat.gc.initial=20000 for Z3's default). Checked
// against Z3 at once: a name or value Z3 refuses is a UsageError.
void set_solver_override(const std::string& key, const std::string& value);

enum class Status { Unique, Multiple, None, Unknown, Solved };
const char* status_name(Status s);
int exit_code(Status s);  // 0 unique/solved, 10 multiple, 20 none, 30 unknown

struct Limits {
  std::optional<uint64_t> timeout_ms;  // wall clock, for the whole run
  // When the wall clock started: the moment the puzzle's input was read, so
  // that the limit covers reading and parsing too; unset: when run() starts.
  std::optional<std::chrono::steady_clock::time_point> start;
  std::optional<uint64_t> rlimit;      // Z3's deterministic resource units, for the whole run
};

// How enumeration moves from one model to the next (--enumeration): blocking
// clauses on the incremental solver, or the exact-cover search of
// engine/cover.h with the back end confirming each leaf. Auto takes the cover
// search where the encoding has exactly-one groups (and no proofs are
// wanted), blocking clauses elsewhere.
enum class Enumeration { Auto, Blocking, Cover };

struct RunOptions {
  std::string encoding;     // empty: the kind's default
  std::string solver = default_solver();  // the back end (engine/backend.h): z3 or cadical
  uint64_t limit = 2;       // stop after this many solutions (0: no limit)
  Enumeration enumeration = Enumeration::Auto;
  std::size_t keep = 2;     // keep at most this many solutions in the result
  bool explain = true;      // for `none`: compute the conflicting clues
  EncodeOptions encode;     // passed to the encoder (e.g. break_symmetry)
  // Wall-clock budget for shrinking the conflict to a minimal set when no
  // --timeout is given (an integer encoding can take minutes to shrink).
  uint64_t conflict_timeout_ms = 10000;
  Limits limits;
  // Count/check independent components separately and multiply (never for
  // enumerate, which wants every solution, nor for solve).
  bool split = true;
  // Also collect, per place, every value it takes (needs complete
  // enumeration of each component; used by kinds with a scorer).
  bool candidates = false;
  // Called for every checked solution as it is found (index from 0).
  std::function<void(const nlohmann::json& solution, uint64_t index)> on_solution;
  // When set, counts the models found as the run goes (solutions, or
  // solutions of one component when the puzzle splits), for a progress line.
  std::atomic<uint64_t>* progress = nullptr;
};

struct ConflictClue {
  std::string id, label;
  std::vector<Cell> cells;
};

struct Conflict {
  std::vector<ConflictClue> clues;
  bool minimal = false;          // every clue in it is needed
  bool rules_alone = false;      // the kind's rules have no solution at all
  std::string note;              // why it is not minimal, if it is not
};

struct Stats {
  double wall_ms = 0;            // the run: from the solver context to the last check
  double context_ms = 0;         // creating the solver context (Z3's)
  double encode_ms = 0;
  double setup_ms = 0;           // handing the formula to the solver (CaDiCaL: converted to clauses)
  double first_model_ms = 0;     // the first check (sat or unsat)
  double uniqueness_ms = 0;      // the checks after the first model
  double conflict_ms = 0;        // computing the conflict for `none`
  double check_ms = 0;           // decoding models and the kind's independent checker
  // Set by the command line around the run (0 when not measured): reading
  // and parsing the input, writing the report, and the process's age when
  // the run started (process start to main included).
  double parse_ms = 0;
  double render_ms = 0;
  double process_before_ms = 0;
  uint64_t checks = 0;
  std::map<std::string, double> z3;  // conflicts, decisions, propagations, memory_mb, ...
  nlohmann::json to_json() const;
};

struct Result {
  std::string encoding;
  std::string solver = default_solver();
  // The kind's own search decided it (Encoder::solve_quickly): no formula
  // was built and no solver ran; encoding and solver are those a run with
  // a solver would have used.
  bool by_search = false;
  Status status = Status::Unknown;
  std::string reason_unknown;                 // Z3's reason when status is unknown
  std::vector<nlohmann::json> solutions;      // at most RunOptions::keep
  uint64_t solutions_found = 0;
  bool complete = false;                      // enumeration ran until unsat
  std::vector<std::string> differing_cells;   // between the first two solutions
  std::optional<Conflict> conflict;           // for `none`
  std::size_t components = 1;                 // independent components counted apart
  std::string count_text;                     // exact count in decimal (may exceed 64 bits)
  std::vector<std::string> ambiguous_places;  // places of components with several solutions
  std::vector<std::vector<std::string>> candidates;  // per place, with RunOptions::candidates
  uint64_t certified = 0;                     // UNSAT steps whose proofs were checked (--certify)
  Stats stats;
};

Result run(const Encoder& encoder, const Puzzle& puzzle, const RunOptions& options);

// The second solver mode the engine uses (for conflicts): rules asserted,
// every clue behind its own assumption literal, one check under all
// assumptions. Solved (a model exists; it is decoded and checked), None, or
// Unknown. Exposed so that tests can hold every solver mode to the Z3 hazard
// reproducer.
Status check_with_tracked_clues(const Encoder& encoder, const Puzzle& puzzle, const std::string& encoding,
                                const std::string& solver = "z3");

}  // namespace psmt
