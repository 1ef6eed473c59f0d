// The interface every puzzle kind implements (the seam of the design).
//
// A kind turns its JSON into a typed puzzle (parse), the puzzle into
// constraints under a named encoding (encode: the engine's own formulas,
// engine/expr.h, or Z3 terms where it needs integers or bit-vectors), a model's decision-variable
// values back into a solution in the kind's own JSON format (decode), and a
// solution into a list of violated rules and clues without Z3 (check). The
// engine in src/ knows nothing else about kinds.
//
// Contract:
//  - parse reads only through JsonNode and throws InputError with the JSON path
//    of every violation; nothing is encoded from unvalidated input.
//  - encode fills Encoding::decision_vars (what a solution is made of; blocking,
//    counting and uniqueness are projected onto them), rules (never blamed) and
//    clues (one per instance fact, with a stable id and a label for people).
//  - decode receives the values of decision_vars in the order encode put them.
//  - check is the independent witness: plain C++, and the file that implements
//    it includes no Z3 header (tests enforce this for encoders/*_check.cpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "grid/grid.h"
#include "io/json_node.h"

namespace psmt {

class Context;  // src/engine/expr.h
class Expr;

struct Encoding;  // src/engine/encoding.h (needs Z3)

// A parsed, validated puzzle; each kind derives its own.
struct Puzzle {
  virtual ~Puzzle() = default;
};

struct EncodingInfo {
  std::string name;
  std::string description;
  // The back end a run of this encoding uses when none is asked for
  // (--solver): the one measured faster on the kind's puzzles (README,
  // "Which back end"). "cadical" only for encodings written as the
  // engine's own formulas, which CaDiCaL takes without a Z3 context.
  std::string solver = "z3";
};

// One violated rule or clue, found by a kind's checker.
struct Violation {
  std::string id;       // clue id (a JSON pointer into the puzzle) or rule id ("rule/row/3")
  std::string message;  // for people: "row 4 has 7 twice (r4c2, r4c8)"
};

// One place of a solution (a cell of a grid): what diagnosis calls backbone
// or ambiguous, and gives as an extra given.
struct Place {
  std::string label;          // "r3c7"
  std::optional<Cell> cell;   // where it is drawn, if on a grid
};

// A clue of the genre that a setter could add to a puzzle with several
// solutions: a number in an empty cell, a pearl, an arrow with its count, a
// room's number. `data` is the kind's own description of it.
struct ExtraClue {
  std::string id;           // where it would go ("grid/r3c4")
  std::string label;        // for people: "2 at r3c4", "white pearl at r5c5"
  std::vector<Cell> cells;  // where it is drawn
  nlohmann::json data;
};

// A change to a puzzle's clues: drop a clue, or replace it by one of the
// alternatives the encoder offered for it (Clue::alternatives, by index).
struct ClueEdit {
  std::string clue_id;
  int alternative = -1;  // -1: drop
};

struct EncodeOptions {
  bool alternatives = false;  // fill Clue::alternatives (diagnosis of "change" repairs)
  // Kinds with symmetry: add rules that remove solutions which cannot be the
  // canonical representative of their orbit, keeping every canonical one
  // (count --up-to-symmetry; the count is then rebuilt from orbit sizes).
  bool break_symmetry = false;
  // Batch reuse (src/engine/session.h): only the clues are wanted, over the
  // decision variables of an earlier full encoding of a puzzle with the same
  // rules_key (`reuse_vars`). Kinds that ignore this return a full encoding,
  // which is correct, only slower.
  bool clues_only = false;
  const std::vector<Expr>* reuse_vars = nullptr;
  // explain: fill Encoding::named_rules, each rule instance whole (no
  // clause shared between two of them, as the pairwise sudoku shares a
  // row's and a box's pairs otherwise).
  bool name_rules = false;
  // --timeout covers encoding: kinds whose encodings can grow large (tilings,
  // hidoku, keystreams, big grids) call check_deadline() in their loops, which
  // throws psmt::Halted (io/halt.h) once the run's wall-clock limit has
  // passed, memory is above the cap, or Ctrl-C was pressed; the engine
  // answers `unknown`.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  void check_deadline() const;
};

enum class RenderFormat { Text, Svg };

struct RenderOptions {
  RenderFormat format = RenderFormat::Text;
  bool color = false;            // ANSI colours in text
  std::vector<Cell> highlight;   // cells to mark (ambiguous cells)
  std::vector<std::string> highlight_clues;  // clue ids to mark (conflicts): a given's cell, a sign
  std::string title;             // caption (SVG)
  // What diagnose draws besides (SVG; src/render/marks.h applies them):
  std::string highlight_meaning;      // the legend's words for the highlight ("" = no legend entry)
  std::vector<Cell> changed;          // cells of the clues the first repair changes or drops
  std::vector<std::string> changed_clues;  // their ids
  std::vector<Cell> added;            // extra givens (the solution shown gives their values)
  std::string added_meaning;          // the legend's words for them ("" the default: extra givens)
  std::vector<std::string> notes;     // lines under the picture: the conflict, the repair, in words
};

// What a kind's scorer picks among the solutions of an ambiguous puzzle.
struct Choice {
  nlohmann::json solution;      // canonical; the engine runs the checker on it
  std::string report;           // for people
  nlohmann::json details;       // for --json
  std::vector<Cell> uncertain;  // places the scorer is unsure about
};

class Encoder {
 public:
  virtual ~Encoder() = default;

  virtual std::string_view kind() const = 0;
  virtual std::string_view summary() const = 0;
  // Top-level fields this kind reads (besides kind, name, source, expect, notes).
  virtual std::vector<std::string> fields() const = 0;
  // The input format: JSON Schema (src/io/schema.h says which keywords) of
  // the kind's own fields, as JSON text, with a "description" of the kind,
  // one per field, defaults, and "examples": a minimal and a full puzzle.
  // Documentation and tests are generated from it (kinds --format, schema,
  // docs/formats.md); the tests validate puzzles/ and the examples with it.
  virtual std::string schema() const = 0;
  // Available encodings; the first is the default.
  virtual std::vector<EncodingInfo> encodings() const = 0;
  // The encoding used when none is asked for: the first, unless the kind
  // measured another to be faster for puzzles like this one.
  virtual std::string default_encoding(const Puzzle& puzzle) const {
    (void)puzzle;
    return encodings().front().name;
  }

  virtual std::shared_ptr<const Puzzle> parse(const JsonNode& root) const = 0;
  // Also fills Encoding::places (decision variables per place) and, when
  // asked, Clue::alternatives.
  virtual Encoding encode(const Puzzle& puzzle, Context& ctx, std::string_view encoding,
                          const EncodeOptions& options = {}) const = 0;
  virtual nlohmann::json decode(const Puzzle& puzzle, std::string_view encoding,
                                const std::vector<int64_t>& values) const = 0;

  // Bring a solution given by a person (expect.solution) into the canonical
  // form decode produces; InputError (located at `node`) if it is malformed.
  virtual nlohmann::json normalize_solution(const Puzzle& puzzle, const JsonNode& node) const = 0;
  // Independent checker: empty means the solution satisfies every rule and clue.
  virtual std::vector<Violation> check(const Puzzle& puzzle, const nlohmann::json& solution) const = 0;
  // Labels of the places where two canonical solutions differ ("r1c2").
  virtual std::vector<std::string> differences(const Puzzle& puzzle, const nlohmann::json& a,
                                               const nlohmann::json& b) const = 0;
  // What those places are, in the kind's words, singular and plural
  // ("cell", "cells"; "edge", "edges": "the two solutions differ in 4
  // edges: above r4c4, ...").
  virtual std::pair<std::string, std::string> difference_noun() const { return {"cell", "cells"}; }
  // The puzzle, with a solution when given, for a terminal (or as SVG).
  virtual std::string render(const Puzzle& puzzle, const nlohmann::json* solution,
                             const RenderOptions& options) const = 0;
  // Short description of the instance for headers: "9x9 sudoku, 30 givens".
  virtual std::string describe(const Puzzle& puzzle) const = 0;

  // Diagnosis. The places a solution is made of, in the order of
  // Encoding::places, and a solution's value at each ("7").
  virtual std::vector<Place> places(const Puzzle& puzzle) const = 0;
  virtual std::vector<std::string> place_values(const Puzzle& puzzle, const nlohmann::json& solution) const = 0;
  // The puzzle with clues dropped or changed (InputError if an id is unknown).
  virtual std::shared_ptr<const Puzzle> edit(const Puzzle& puzzle, const std::vector<ClueEdit>& edits) const = 0;
  // The puzzle with the `dropped` clues left out.
  std::shared_ptr<const Puzzle> without(const Puzzle& puzzle, const std::vector<std::string>& dropped) const {
    std::vector<ClueEdit> edits;
    for (const auto& id : dropped) edits.push_back({id, -1});
    return edit(puzzle, edits);
  }
  // A sound, cheap refutation for diagnose: true when the kind's own
  // propagation (no solver) shows that the puzzle with the `dropped` clues
  // left out has no solution; false when it does not show it.
  virtual bool refutes_quickly(const Puzzle& puzzle, const std::vector<std::string>& dropped) const {
    (void)puzzle;
    (void)dropped;
    return false;
  }
  // A short search of the kind's own (no solver) on the puzzle with the
  // `dropped` clues left out, for diagnose's shrinking of a conflict:
  // Solved with a solution in `solution` (the engine holds it to the
  // checker of that puzzle), None when the search was complete and found
  // nothing (as sound as refutes_quickly), Unknown when it stopped short.
  // On entry `solution` is null or a solution of a puzzle like this one
  // (the last one the shrinking found), which the search may try first.
  enum class Quick { Unknown, None, Solved };
  virtual Quick search_quickly(const Puzzle& puzzle, const std::vector<std::string>& dropped, nlohmann::json& solution) const {
    (void)puzzle;
    (void)dropped;
    (void)solution;
    return Quick::Unknown;
  }
  // Model rotation (Marques-Silva and Lynce 2011) for diagnose's shrinking:
  // `solution` solves the puzzle with the `dropped` clues left out and the
  // kept clue `broken` left out as well. The kind may change it a little,
  // so that `broken` holds and one other kept clue does not: each pair is
  // such a kept clue and a solution of the puzzle with `dropped` and it
  // left out, which shows that clue needed (the engine holds each to the
  // checker of that puzzle). None by default.
  virtual std::vector<std::pair<std::string, nlohmann::json>> rotate(const Puzzle& puzzle, const std::vector<std::string>& dropped,
                                                                     const std::string& broken, const nlohmann::json& solution) const {
    (void)puzzle;
    (void)dropped;
    (void)broken;
    (void)solution;
    return {};
  }
  // A verdict by the kind's own search (no solver), for check and solve when
  // neither an encoding nor a back end is asked for: up to `limit`
  // solutions in `solutions` (the engine holds each to the checker); Solved
  // when `limit` were found, None when the search ran to its end (then
  // `solutions` are all the puzzle has), Unknown when it stopped short.
  virtual Quick solve_quickly(const Puzzle& puzzle, std::size_t limit, std::vector<nlohmann::json>& solutions) const {
    (void)puzzle;
    (void)limit;
    (void)solutions;
    return Quick::Unknown;
  }
  // A puzzle whose solutions are solutions of this one, with a far smaller
  // search: this one with a rule most of its solutions keep (fillomino: no
  // area without a number larger than the largest given); none when there
  // is no such gain. Where one or two solutions are all that is asked for
  // (solve, check, diagnose's checks), the engine looks there first; what
  // it finds there is reported, each solution held to this puzzle's
  // checker; only when too few are found there is this puzzle searched.
  // Never for counts, proofs or conflicts: "none" there says nothing.
  virtual std::shared_ptr<const Puzzle> first_try(const Puzzle& puzzle) const {
    (void)puzzle;
    return nullptr;
  }
  // Where a search of `encoding` on `puzzle` may start: a value for each
  // decision variable (Encoding::decision_vars, in order) read off
  // `solution`, a solution of a puzzle like this one (diagnose's checks of
  // one clue left out after another: one such solution is near the next).
  // Empty: none (the default).
  virtual std::vector<int64_t> phases(const Puzzle& puzzle, std::string_view encoding, const nlohmann::json& solution) const {
    (void)puzzle;
    (void)encoding;
    (void)solution;
    return {};
  }
  // For a kind whose default encoding reasons from all its clues together
  // (Encoding::clues_in_rules): another of its encodings whose clues are
  // constraints of their own, with the same ids, so that diagnose can shrink
  // a conflict the propagation found on one solver under assumptions instead
  // of a fresh encoding per check ("" none).
  virtual std::string tracked_encoding() const { return ""; }
  // Explanations (explain, hint): what a Boolean decision variable (index
  // into Encoding::decision_vars of `encoding`) having `value` means, in the
  // kind's words ("r3c4 is 5", "r3c4 is not 5", "the edge above r2c2 is
  // on"). The default names the place the variable belongs to
  // (Encoding::places; nullptr: none) and the variable's position in it.
  virtual std::string fact_label(const Puzzle& puzzle, std::string_view encoding, std::size_t var, bool value,
                                 const Place* place, std::size_t position) const;
  // The puzzle with the given places fixed to their values in `solution`
  // (extra givens); the new clues' labels are returned in `labels`.
  virtual std::shared_ptr<const Puzzle> fix_places(const Puzzle& puzzle, const nlohmann::json& solution,
                                                   const std::vector<std::size_t>& place_indices,
                                                   std::vector<std::string>* labels = nullptr) const = 0;
  // True when fix_places writes each place's value as a given drawn as that
  // value (a digit, a shaded cell): explain's pictures then draw what is
  // known before a step that way. False where a fixed place reads
  // otherwise (slitherlink fixes a cell's count of loop edges, a clue).
  virtual bool fixed_places_draw_the_solution() const { return false; }

  // Several solutions, in the genre's terms: whether the kind proposes
  // clues of its own to add (pencil genres: a number, a pearl, an arrow)
  // rather than places fixed to a solution's values (fix_places: a
  // sudoku's givens are its clues). extra_clues lists every clue of the
  // genre that holds in `solution` and is not in the puzzle yet (diagnose
  // picks the fewest that leave only that solution); add_extra_clues writes
  // some of them into the puzzle; no_extra_clues_reason says, for a genre
  // that can add none, why ("every island already holds its number").
  virtual bool proposes_extra_clues() const { return false; }
  virtual std::vector<ExtraClue> extra_clues(const Puzzle& puzzle, const nlohmann::json& solution) const {
    (void)puzzle;
    (void)solution;
    return {};
  }
  virtual std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& puzzle, const std::vector<ExtraClue>& clues) const {
    (void)clues;
    throw std::logic_error("this kind adds no clues");
    (void)puzzle;
  }
  virtual std::string no_extra_clues_reason(const Puzzle& puzzle) const {
    (void)puzzle;
    return "no clue of this genre can be added without changing the solution";
  }
  // Why the clue `clue_id` can never be left out with the solution kept
  // (a Tentaisho dot: its galaxy's cells would go to other galaxies);
  // diagnose --minimal does not try such a clue. Empty (the default): it
  // is tried.
  virtual std::string never_redundant(const Puzzle& puzzle, const std::string& clue_id) const {
    (void)puzzle;
    (void)clue_id;
    return "";
  }

  // Optional: kinds with a scorer (a plausibility model) choose the most
  // plausible solution from every value each place can take. Only for kinds
  // whose places are independent of each other (any combination of
  // candidates is a solution); the default has no scorer.
  virtual std::optional<Choice> choose(const Puzzle& puzzle,
                                       const std::vector<std::vector<std::string>>& candidates) const {
    (void)puzzle;
    (void)candidates;
    return std::nullopt;
  }
  virtual bool has_scorer() const { return false; }

  // Optional: puzzles with the same non-empty key have identical rules and
  // decision variables under every encoding, so a batch can assert the rules
  // once and bring each puzzle's clues only ("sudoku 9 3x3").
  virtual std::string rules_key(const Puzzle& puzzle) const {
    (void)puzzle;
    return {};
  }

  // Optional: facts about a solution for the report (answers to the
  // puzzle's questions), as an object merged into the JSON report.
  virtual nlohmann::json annotations(const Puzzle& puzzle, const nlohmann::json& solution) const {
    (void)puzzle;
    (void)solution;
    return nlohmann::json::object();
  }

  // Optional: what a count means for this kind (labelled vs. up to identical
  // pieces, ...), as extra report fields with explanations.
  virtual nlohmann::json count_details(const Puzzle& puzzle, uint64_t count) const {
    (void)puzzle;
    (void)count;
    return nlohmann::json::object();
  }
  // Optional: symmetry of the instance. count --up-to-symmetry counts the
  // solutions that are the canonical representative of their orbit, and
  // rebuilds the full count from their orbit sizes.
  virtual bool has_symmetry() const { return false; }
  // 0 if the solution is not the canonical representative of its orbit,
  // else the number of distinct solutions in the orbit.
  virtual uint64_t canonical_orbit_size(const Puzzle& puzzle, const nlohmann::json& solution) const {
    (void)puzzle;
    (void)solution;
    return 1;
  }

  // Optional, with Encoding::normal_rules: the solution beside a normal one.
  // The kind's contract: a solution that breaks a normal rule has a move to
  // a solution lower in the kind's measure. Called when `normal` is the
  // only normal solution: return a solution with a move to `normal` (one
  // move back from it) if there is one, nothing otherwise. With nothing,
  // the other solutions are closed under the moves, so any of them would
  // lead to a second normal one: `normal` is the only solution. Exact: the
  // verdict `unique` rests on it.
  virtual std::optional<nlohmann::json> beside_normal(const Puzzle& puzzle, const nlohmann::json& normal) const {
    (void)puzzle;
    (void)normal;
    return std::nullopt;
  }

  bool has_encoding(std::string_view name) const;
  // EncodingInfo::solver of an encoding ("z3" for an unknown name).
  std::string default_solver(std::string_view encoding) const;
  std::string encoding_names() const;  // "a, b, c"
};

}  // namespace psmt
