// Diagnosis of broken puzzles, for every kind through the encoder interface.
//
// No solution:
//   - minimal conflicts: sets of clues that cannot hold together, every clue
//     needed (MARCO-style enumeration over clue subsets: a map solver proposes
//     a subset, unsat subsets are shrunk to a minimal conflict and blocked,
//     sat subsets are blocked upwards); smallest first;
//   - minimal repairs: the fewest clues to drop so that a solution exists, and
//     the fewest clues to change into one of their alternatives (a flipped
//     sign, another digit). Each set is found by a solver with a selector per
//     clue and "at most k changed" as a sequential counter (plain clauses, no
//     cardinality constraints: see the Z3 4.8.12 hazard), k = 1, 2, ...; every
//     repair is then applied to the puzzle and checked for uniqueness by the
//     engine, with the independent checker, and listed unique-first.
// Several solutions:
//   - the backbone (places equal in every solution) and the ambiguous places
//     with all their possible values, without enumerating solutions: for each
//     place, ask for a model where it takes a value not seen yet;
//   - a smallest set of extra givens (places fixed to the values of a chosen
//     solution) that makes that solution unique: implicit hitting sets over
//     the places where counterexample solutions differ; proven smallest when
//     the loop closes, else the best found within the limits.
// Unique: optionally the clues that are redundant one at a time.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace psmt {

struct DiagnoseOptions {
  std::string encoding;
  std::string solver = default_solver();  // every solver of the diagnosis runs on this back end
  Limits limits;
  std::size_t conflicts = 1;       // how many minimal conflicts to report
  std::size_t max_repairs = 20;    // per kind of repair
  unsigned max_repair_size = 3;    // largest k tried for drop/change repairs
  bool redundant = false;          // unique: which clues are redundant
  // several: read the backbone and the extra givens off every solution
  // when the cover search enumerates them all (up to 5,000); false asks
  // the solver for unseen values and counterexamples instead.
  bool enumerate = true;
};

struct ClueRef {
  std::string id, label;
  std::vector<Cell> cells;
  std::string dropped_label;  // what stays of it when dropped ("island ? at r7c4"), or empty (Clue::dropped_label)
};

struct RepairEdit {
  std::string id;
  std::string before;  // the clue's label
  std::string after;   // the alternative's label; for a drop, what remains (Clue::dropped_label) or empty
  bool dropped = false;
  std::vector<Cell> cells;
  int alternative = -1;  // the alternative's index (ClueEdit), -1 for a drop
};

struct Repair {
  std::vector<RepairEdit> edits;
  Status verdict = Status::Unknown;
  std::vector<nlohmann::json> solutions;  // up to two, checked
};

struct AmbiguousPlace {
  Place place;
  std::vector<std::string> values;
};

struct Diagnosis {
  Result verdict;  // check: up to two solutions

  // none
  std::vector<Conflict> conflicts;
  bool all_conflicts_found = false;  // the enumeration ran out of subsets
  std::optional<unsigned> min_drop, min_change;
  std::vector<Repair> drop_repairs, change_repairs;
  // Repairs of the fewest size found beyond those listed (max_repairs), and
  // how many of all of them make the puzzle unique.
  std::size_t drop_unlisted = 0, change_unlisted = 0;
  std::size_t drop_unique = 0, change_unique = 0;
  // What "change" tried: every value each clue can take (true), or only
  // some (false: the notes say which), so that "fewest" is said only when
  // it is the fewest.
  bool changes_exhaustive = true;

  // multiple
  std::vector<Place> backbone;
  std::vector<AmbiguousPlace> ambiguous;
  bool ambiguity_complete = false;   // every place explored within the limits
  std::optional<nlohmann::json> target;  // the solution the extra givens single out
  std::vector<std::string> extra_givens;  // labels
  std::vector<Place> extra_given_places;  // where they are (for pictures)
  bool extra_givens_proven_smallest = false;
  Status extra_givens_verdict = Status::Unknown;
  // Kinds that propose clues of their genre (Encoder::proposes_extra_clues):
  // extra_givens are those clues' labels, and this the puzzle with them
  // written in (drawn with the target solution); empty when the genre has
  // none to add (a note says why).
  bool extra_are_clues = false;
  std::shared_ptr<const Puzzle> with_extra_clues;

  // unique, with DiagnoseOptions::redundant
  std::vector<ClueRef> redundant;
  bool redundant_computed = false;
  std::string redundant_reason;  // why some clues were not tried (Encoder::never_redundant), or empty

  std::vector<std::string> notes;  // limits hit, choices made
  // False when Ctrl-C, SIGTERM or the memory cap cut the diagnosis short:
  // what is there holds, but it is partial.
  bool complete = true;
  std::map<std::string, double> phase_ms;
  double wall_ms = 0;
};

Diagnosis diagnose(const Encoder& encoder, const Puzzle& puzzle, const DiagnoseOptions& options);

nlohmann::json diagnosis_json(const Encoder& encoder, const Diagnosis& d);

}  // namespace psmt
