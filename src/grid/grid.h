// Shared helpers for puzzles laid out on a grid of cells: coordinates and
// their labels (1-based r3c7 for people, 0-based [row, col] in JSON), the
// single-character cell notation ('.', '0', '_' blank; 1-9 then A-Z for 10-35),
// box shapes, and a text renderer with box lines and signs between cells.
#pragma once

#include <compare>
#include <functional>
#include <string>
#include <vector>

namespace psmt {

// The longest side of a pencil-puzzle board (slitherlink, masyu, nurikabe
// and the others on a lattice of cells) that importers and kinds accept:
// janko.at publishes masyu of 35x65 and nurikabe of 40x57. A genre whose
// encoding grows faster than the board keeps a smaller limit of its own.
inline constexpr int kMaxBoardSide = 100;

struct Cell {
  int row = 0;
  int col = 0;
  auto operator<=>(const Cell&) const = default;
};

// "r3c7" (1-based), the sudoku community's notation.
std::string cell_label(Cell c);

// Value of a cell character: 0 for a blank ('.', '0', '_'), 1-9, A-Z / a-z as
// 10-35; -1 for anything else.
int cell_char_value(char ch);
// Inverse of cell_char_value for 0..35 ('.' for 0); '?' outside.
char cell_value_char(int v);

// Box shape for an n x n Latin square: sqrt for squares, else the factor pair
// rows x cols (rows <= cols) closest to square; {0, 0} when n has no such pair.
std::pair<int, int> default_box(int n);

// Text rendering of a rows x cols grid. Each cell is one string of `width`
// characters; between two horizontally adjacent cells a one-character gap
// (' ', or a sign such as '<'), between vertically adjacent cells an optional
// line of signs ('^', 'v'). Box boundaries are drawn as | and - lines.
struct GridText {
  int rows = 0, cols = 0;
  int box_rows = 0, box_cols = 0;  // 0: no boxes (only the outer frame)
  int width = 1;
  std::function<std::string(Cell)> cell;                // required
  std::function<char(Cell)> right_sign;                 // between (r,c) and (r,c+1); ' ' if none
  std::function<char(Cell)> down_sign;                  // between (r,c) and (r+1,c); ' ' if none
  bool sign_rows = false;                               // draw a line for down_sign between rows
  std::function<bool(Cell)> highlighted;                // drawn in inverse video when color
  std::function<bool(Cell)> right_marked, down_marked;  // signs drawn in inverse video when color
  bool color = false;
  std::string render() const;
};

}  // namespace psmt
