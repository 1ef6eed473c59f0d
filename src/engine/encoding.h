// What an encoder hands to the engine: variables, rules and labelled clues.
#pragma once

#include <string>
#include <vector>

#include <z3++.h>

#include "grid/grid.h"

namespace psmt {

struct Clue {
  std::string id;     // stable: the JSON pointer of the clue in the puzzle file
  std::string label;  // for people: "given r5c5 = 5", "r4c8 > r5c8"
  z3::expr constraint;
  std::vector<Cell> cells;  // where it is, for highlighting
};

struct Encoding {
  explicit Encoding(z3::context& c) : decision_vars(c), rules(c) {}

  // The variables a solution is made of (Int, Bool or bit-vector constants).
  z3::expr_vector decision_vars;
  // True when every decision variable is Bool and the set of true ones
  // determines the solution (one-hot cells, chosen placements): the blocking
  // clause then only negates the true literals.
  bool block_true_literals = false;
  // Constraints that define the kind; never blamed by diagnosis.
  z3::expr_vector rules;
  // Constraints this instance adds; what diagnosis may blame or relax.
  std::vector<Clue> clues;
};

}  // namespace psmt
