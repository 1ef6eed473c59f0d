// Nonogram (Tatham's pattern, griddlers, paint by numbers): a rows x cols
// picture of filled and empty cells; each row's and column's clue lists the
// lengths of its runs of filled cells in order, with at least one empty cell
// between runs. Optional given cells (filled or empty) are clues too.
//
// Input:
//   "rows":    one clue per row, top to bottom: [3, 1] (an empty list or [0]:
//              no filled cell; null: no clue for that line)
//   "columns": one clue per column, left to right
//   "givens":  optional, one string per row: '#' filled, 'x' empty, '.' unknown
// Solution: one string per row, '#' filled and '.' empty.
//
// Encodings:
//   line-solve (default) line solving to a fixpoint first, as the
//              webpbn/pbnsolve solvers begin: each line's clue forces the
//              cells that every placement of its runs agrees on, given what
//              the crossing lines forced, until nothing changes. The forced
//              cells become rules and each line's automaton (below) keeps
//              only the states on a path that agrees with them. The
//              solutions are exactly the clues' (every step keeps them all);
//              a conflict is blamed by editing the puzzle (clues_in_rules).
//   automaton  a Bool per cell; each line's clue as the clauses of
//              its run automaton unrolled over the line (a state variable per
//              cell and reachable state, each justified by its predecessor
//              and the cell it read), on Z3's SAT core (QF_FD)
//   int-starts a Bool per cell and an Int start per run: runs in order with a
//              gap, a cell filled exactly when some run of its line covers it
//              (linear integer arithmetic, Z3's default solver)
//
// The model and checker use no Z3 (nonogram_check.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/encoder.h"

namespace psmt::nonogram {

inline constexpr int kMaxSide = 200;

struct Line {
  bool row = true;                        // a row, or a column
  int index = 0;                          // from 0
  std::optional<std::vector<int>> runs;   // none: no clue for this line
};

struct Picture : Puzzle {
  int rows = 0, cols = 0;
  std::vector<Line> lines;    // the rows, then the columns
  std::vector<char> givens;   // rows*cols: '#' filled, 'x' empty, '.' unknown
  char given(int r, int c) const { return givens[static_cast<std::size_t>(r * cols + c)]; }
  int length(const Line& l) const { return l.row ? cols : rows; }
};

std::string line_name(const Line& l);   // "row 3", "column 12"
std::string runs_text(const std::vector<int>& runs);  // "3 1", "0" for none
std::string line_label(const Line& l);  // "row 3: 3 1", "column 2: no clue"
std::string line_id(const Line& l);     // "rows/2", "columns/11"
// The runs of filled cells along a line of a solution.
std::vector<int> runs_of(const std::vector<bool>& cells);
// Canonical solution: an array of row strings of '#' and '.'.
nlohmann::json solution_json(const Picture& p, const std::vector<bool>& filled);
std::vector<Violation> check_solution(const Picture& p, const nlohmann::json& solution);

const Encoder& nonogram_encoder();

}  // namespace psmt::nonogram
