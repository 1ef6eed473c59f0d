// Shared helpers for the tests: paths, parsing puzzles from JSON text, running the CLI.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/engine.h"
#include "io/puzzle_file.h"

namespace psmt::testing {

inline const std::string kSourceDir = PSMT_SOURCE_DIR;
inline const std::string kBinary = PSMT_BINARY;
// Public data the tests read, copied unmodified into the repository (tests/data/SOURCE.md).
inline const std::string kDataDir = PSMT_SOURCE_DIR "/tests/data";
inline const std::string kCorpusDir = PSMT_CORPUS_DIR;

LoadedPuzzle puzzle_from_text(const std::string& json_text, const std::string& origin = "test.json");
LoadedPuzzle puzzle_from_file(const std::string& relative_path);  // relative to the source dir
Result run_puzzle(const LoadedPuzzle& lp, const std::string& encoding, uint64_t limit = 2,
                  const std::string& solver = "z3");
// Whether `encoding` runs on the CaDiCaL back end; when it does not, the
// refusal must name it (a test expectation).
bool runs_on_cadical(const LoadedPuzzle& lp, const std::string& encoding);

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};
// Run the built puzzle-smt with arguments (shell-quoted here).
CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "");

// Every puzzle file in puzzles/, relative to the source dir, sorted.
std::vector<std::string> puzzle_files();

// Every encoding name of a kind.
std::vector<std::string> encodings_of(const std::string& kind);
// Every encoding of the puzzle's kind enumerates it completely and finds
// exactly `expected` solutions, each of which passes the kind's checker.
// On both back ends: Z3 in every encoding, CaDiCaL in every encoding it takes.
void expect_count_in_every_encoding(const nlohmann::json& puzzle, uint64_t expected);
// The same, tallying the verdicts met (no solution, one, several), so that a
// test of random boards can insist that it met each.
struct Verdicts {
  int none = 0, one = 0, several = 0;
  void expect(const nlohmann::json& puzzle, uint64_t expected);
};

std::string read_file(const std::string& path);

// The lines of a file of the collection's generated IDs (tests/data/tatham:
// "GAME:WxH...:DESC SOLUTION"): `each` gets the ID, the recorded solution,
// and the width and height; the number of lines is returned.
int for_each_tatham_id(const std::string& path,
                       const std::function<void(const std::string& id, const std::string& solution, int w, int h)>& each);

// Signal tests wait until work is under way, never for a fixed time: these
// poll `ready` every 20 ms for up to `limit_ms` and say whether it held.
bool wait_until(const std::function<bool()>& ready, int limit_ms = 120000);
// CPU time (user + system) a running process has used so far, in ms (-1 if gone).
long cpu_ms(int pid);
// The picture `check --svg` drew of a puzzle file (test_svg.cpp), given the verdict.
void expect_seed_picture(const nlohmann::json& puzzle, const std::string& svg, const std::string& status);

// Whole lines in a file so far.
std::size_t lines_in(const std::string& path);

// Every solution under one encoding (complete enumeration), each as key(solution);
// fails the test if the enumeration is incomplete or yields a key twice.
std::set<std::string> solution_set(const LoadedPuzzle& lp, const std::string& encoding,
                                   const std::function<std::string(const nlohmann::json&)>& key);

// Game IDs of Simon Tatham's collection made by its own generator, with the
// solution its solver recorded: tests/data/tatham/GAME.txt, one
// "GAME:PARAMS:DESC S<solution>" per line (solo's solution has commas).
struct GameId {
  std::string id, solution;  // the solution's digits, commas removed
  std::vector<int> values;   // the solution's numbers: comma-separated (16x16 solo: 1 to 16), or a digit each
};
std::vector<GameId> tatham_ids(const std::string& game);

// The links quoted in a file of tests/data (one "https://…" per line, as in
// penpa-edit's test list), in file order.
std::vector<std::string> links_in_test_data(const std::string& relative);
// Each ID checks `unique`, as `kind`, with the collection's solution; the
// number of IDs checked.
int expect_ids_unique_with_their_solution(const std::string& game, const std::string& kind);

// The ID, the collection's web-page link to it (…/js/GAME.html#PARAMS:DESC)
// and a file holding it check with the same solutions; convert writes our
// JSON, which checks the same and converts to itself (round trip).
void expect_id_link_file_and_convert_agree(const std::string& id);
// Each (input, part of the message) is refused: exit 2, one line naming it.
void expect_refused_in_one_line(const std::vector<std::pair<std::string, std::string>>& cases);

// Each (file content, JSON path) is refused: written to `name` in a temporary
// directory, check exits 2 with one line naming the file and the path.
void expect_bad_files_name_their_path(const std::vector<std::pair<std::string, std::string>>& cases, const std::string& name);

// A malformed puzzle text and where its error must point.
struct BadInputCase {
  const char* text;
  const char* path;  // expected JSON pointer
  const char* part;  // expected part of the message
};
// Each case must be rejected with an InputError at `path` whose message contains `part`.
void expect_located_errors(const std::vector<BadInputCase>& cases);

}  // namespace psmt::testing
