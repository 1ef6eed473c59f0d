// What an encoder hands to the engine: variables, rules and labelled clues.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/expr.h"

#include "engine/graph.h"
#include "grid/grid.h"

namespace psmt {

// Another version of a clue (a flipped sign, another digit), for "change"
// repairs; `index` is what ClueEdit::alternative refers to.
struct Alternative {
  std::string label;  // "r8c2 > r9c2", "given r1c1 = 4"
  Expr constraint;
};

struct Clue {
  std::string id;     // stable: where it comes from in the puzzle file ("given/r1c3", "greater_than/vertical/7/1")
  std::string label;  // for people: "given r5c5 = 5", "r4c8 > r5c8"
  Expr constraint;
  std::vector<Cell> cells;  // where it is, for highlighting
  // Other versions of the clue (only with EncodeOptions::alternatives): every
  // value the clue can take in the genre (a number from its least to its
  // most), so that "fewest clues to change" is the fewest. Contract: a
  // dropped clue is a relaxation of each of its alternatives (a solution
  // with the clue changed is a solution with it dropped).
  std::vector<Alternative> alternatives;
  // What remains of the clue when it is dropped, for people: "island ? at
  // r7c4" where the island stays and only its number goes; empty when the
  // clue is removed whole.
  std::string dropped_label = {};  // (an initializer: aggregates that leave it out are not warned of)
};

struct Encoding {
  explicit Encoding(Context& c) : ctx(&c) {}

  // Where its constants live (and its Z3 terms, if it has any).
  Context* ctx;

  // The variables a solution is made of (Int, Bool or bit-vector constants).
  ExprVector decision_vars;
  // True when every decision variable is Bool and the set of true ones
  // determines the solution (one-hot cells, chosen placements): the blocking
  // clause then only negates the true literals.
  bool block_true_literals = false;
  // Which Z3 solver runs this encoding: empty for the default solver, or a
  // logic name for z3::solver(ctx, logic). Purely Boolean/pseudo-Boolean
  // encodings must say "QF_FD" (Z3's incremental SAT solver with native
  // cardinality and PB): with Debian's Z3 4.8.12 the default and simple()
  // solvers lose models of pbeq/atmost constraints after the first check, so
  // enumeration undercounts and uniqueness proofs can be wrong (see
  // tests/data/z3-hazards and tests/test_sudoku.cpp, ExactCountsMatchBruteForce).
  std::string solver_logic;
  // CaDiCaL options this encoding runs with, where measurements chose them
  // (before the user's --cadical, which can undo them).
  std::vector<std::pair<std::string, int>> cadical_options;
  // Constraints that define the kind; never blamed by diagnosis.
  ExprVector rules;
  // For a batch of puzzles of one shape (Encoder::rules_key): the first
  // shared_rules of `rules` are the shape's; the rest define auxiliary
  // variables of this puzzle's clues (a killer cage's "digit d is in the
  // cage"). When set, a batch asserts the shape's rules once and runs each
  // puzzle whose clues are not plain literals on a solver renewed from them
  // (Session), its own rules and clues asserted outright. SIZE_MAX: every
  // rule is the shape's (kinds that do not say).
  std::size_t shared_rules = SIZE_MAX;
  // Constraints this instance adds; what diagnosis may blame or relax.
  std::vector<Clue> clues;
  // Optional: groups of Boolean decision variables (indices) of which exactly
  // one is true in every solution (the placements covering a board cell, the
  // placements of a piece used once). Enumeration then searches over them
  // (engine/cover.h: Algorithm X, after proving every group; the leaves
  // are confirmed once for all or one by one by the back end), or, with blocking clauses (--proof,
  // --certify, --enumeration blocking), runs one cube per literal of the
  // smallest group under an assumption; a final check without assumptions
  // guards against a wrong hint there.
  std::vector<std::vector<unsigned>> cube_groups;
  // Indices into `rules` of rules implied by the others, there to help the
  // solver refute (polyomino's "the placements' sizes add up to the
  // board"). Enumeration by cover search leaves them out of what confirms
  // the leaves: dropping them cannot change the solutions, and on a full
  // assignment they only cost propagation (a 2,000-term sum: 5x the time
  // per leaf); they span every group, so they would also stop the leaves
  // from being confirmed once for all.
  std::vector<unsigned> implied_rules;
  // The rules were simplified by reasoning from the clues (domains pruned by
  // distances to the givens: sound only while every clue holds). Conflicts
  // and repairs then work on edited puzzles (Encoder::edit, one encoding per
  // subset of clues) instead of dropping tracked clues from this encoding.
  bool clues_in_rules = false;
  // True when the rules alone link every decision variable (a sudoku's rows
  // and columns): the encoding is one component, and the engine does not
  // look for others (engine/components.h), which cost as much as building
  // the clauses of a variant sudoku.
  bool connected = false;
  // Rules of a normal form: every solution reduces, by moves the kind
  // names (a line's detour cut short), to a solution that satisfies them,
  // so a puzzle has a solution exactly when it has a normal one. They
  // narrow the search for a verdict (a first solution, a second), never a
  // count: the engine asserts them only when at most two solutions are
  // wanted, without --proof or --certify, and when the normal solution
  // found is the only normal one it asks Encoder::beside_normal for
  // another solution. Counting, enumeration, conflicts, diagnosis and
  // explanations never see them.
  ExprVector normal_rules;
  // A guess for the first solution of a verdict (with the normal form, and
  // only then): Boolean constants assumed true for the first check alone,
  // defined by `guess_rules` (which only define them, never narrowing the
  // solutions). A guess most published puzzles meet (numberlink: every cell
  // used) finds their solution sooner; what the check learns stays for the
  // search for a second one. When no solution meets the guess the search
  // goes on without it.
  std::vector<Expr> guess;
  ExprVector guess_rules;
  // Graph rules the back end makes hold by cut clauses between checks
  // (engine/graph.h): "connected", "one loop", "no cycle". Their literals
  // are Boolean constants of this encoding (or negations, or true). The
  // engine never splits such an encoding into components.
  std::vector<graph::Rule> lazy_rules;
  // For each place of Encoder::places, the indices of its decision variables.
  std::vector<std::vector<unsigned>> places;
  // With EncodeOptions::name_rules: the rule instances in the kind's words
  // (explain cites them): `rules[first, last)` is "row 3 holds each digit
  // once". Each group is the whole of its rule (no clause shared with
  // another group); rules in no group are definitions of auxiliary
  // variables or rules the kind has not named, always applied.
  struct RuleGroup {
    std::string id;     // "rule/row/3"
    std::string label;  // "row 3 holds each digit once"
    std::vector<Cell> cells;
    std::size_t first = 0, last = 0;
  };
  std::vector<RuleGroup> named_rules;
  // The rules added since `first` (a rules.size() read before adding them)
  // as one named group, when rules are being named (RuleNaming): `describe`
  // is called only then, and returns the group's id, label and cells.
  template <class Describe>
  void name_rules(std::size_t first, Describe describe);
};

// Rules are named while a RuleNaming lives on this thread (explain sets it
// around encode(), with EncodeOptions::name_rules): the kinds and the
// shared helpers call Encoding::name_rules without being told.
namespace detail {
inline thread_local bool naming_rules = false;
}
inline bool naming_rules() { return detail::naming_rules; }
struct RuleNaming {
  RuleNaming() : saved_(detail::naming_rules) { detail::naming_rules = true; }
  ~RuleNaming() { detail::naming_rules = saved_; }
  RuleNaming(const RuleNaming&) = delete;
  RuleNaming& operator=(const RuleNaming&) = delete;

 private:
  bool saved_;
};

template <class Describe>
void Encoding::name_rules(std::size_t first, Describe describe) {
  if (!detail::naming_rules || first >= rules.size()) return;
  RuleGroup g = describe();
  g.first = first;
  g.last = rules.size();
  named_rules.push_back(std::move(g));
}

}  // namespace psmt
