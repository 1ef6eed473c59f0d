// What the pencil genres' encoders share beyond the lattice (lattice.h):
// reading a board written as one character per place, a model's values as
// Booleans, the cells as places, and a person's solution brought into the
// canonical form. Each genre file keeps only its own rules.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/lattice.h"
#include "engine/encoder.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/json_node.h"
#include "render/svg.h"

namespace psmt::pencil {

// Rows of one character per place (a clue grid): between `least` and `most`
// rows, each of as many places as the first; the row's node comes along so
// that a genre can name the place of a character it does not read.
// `places` names them in messages ("cells", "points").
std::vector<std::pair<JsonNode, std::string>> char_rows(const JsonNode& node, int least, int most, const char* places);

// A new encoding with what every pencil genre asks of CaDiCaL: no "lucky"
// phase (its tries of all-false, all-true and other fixed assignments
// before each search; sudoku leaves it out too). At d8d3d55, the medians
// of three runs: generated filling IDs (5x5 to 13x9) 398 -> 334 ms in all,
// 40x40 slant 38 -> 32 ms, 20x20 bridges 6.5 -> 5.7 ms, 30x30 loopy 50 ->
// 48 ms, 15x15 galaxies 6.6 -> 6.2 ms, every game of tests/data/tatham
// faster; nurikabe's large boards both ways (689 0.58 -> 0.64 s, 680 2.8
// -> 2.3 s; nine boards 17.9 -> 17.5 s).
Encoding new_encoding(Context& ctx);

// A model's values (0 or 1 per Boolean decision variable) as Booleans.
std::vector<bool> truth_of(const std::vector<int64_t>& values);

// Every cell a place, labelled r3c7, in reading order.
std::vector<Place> cell_places(const Lattice& L);
// Counts outside the rows or columns (tents' tents, magnets' poles): the
// optional array `field` of `size` entries, each a number from 0 or null
// (none: -1).
std::vector<int> read_line_counts(const JsonNode& root, const char* field, int size);
// Those counts as clues: per counted line, exactly n of its cells' literals
// (`lits`, one per cell; exactly_k of clauses.h, written as `how` says),
// changed by diagnose to every count from 0 to the line's length; named by
// id(row, k) ("rows/3") and label(row, k, n) ("row 3 has 2 tents").
void line_count_clues(const Lattice& L, const std::vector<Expr>& lits, const std::vector<int>& col_count,
                      const std::vector<int>& row_count, Count how, const std::function<std::string(bool, int)>& id,
                      const std::function<std::string(bool, int, int)>& label, Context& ctx, Encoding& enc,
                      const EncodeOptions& eo);
// The counts a line's count can be changed to: 0 to its length, n left out.
std::vector<int> line_count_values(int length, int n);

// The labels of the cells whose values differ.
std::vector<std::string> cells_that_differ(const Lattice& L, const std::vector<std::string>& a, const std::vector<std::string>& b);

// A loop through cell centres drawn as 2*rows-1 strings of 2*cols-1
// characters: each cell at an even position (`cell(i, visited)` says which
// character), "-" and "|" the loop's steps between neighbouring cells
// (rightward steps row by row, then downward ones: the lattice's steps),
// spaces elsewhere. And back: the steps, and the character of each cell
// (InputError naming the row).
nlohmann::json loop_drawing(const Lattice& L, const std::vector<bool>& step, const std::function<char(int, bool)>& cell);
std::vector<bool> loop_steps(const Lattice& L, const nlohmann::json& drawing);
std::vector<char> drawing_cells(const Lattice& L, const nlohmann::json& drawing);

// An answer of a number per cell (fillomino, ripple effect): one array per
// row of numbers, and back (InputError naming the row or cell: each a
// number from 1 to `most`); and as text, right-aligned in columns of three
// ('.' for 0, a cell not filled).
nlohmann::json number_rows(const Lattice& L, const std::vector<int>& number);
std::vector<int> read_number_rows(const Lattice& L, const nlohmann::json& solution, int most);
std::string number_rows_text(const Lattice& L, const std::vector<int>& number);
// Drop clues that sit in cells (simple loop's blocks, numberlink's numbers,
// sashigane's circles and arrows): each edit names one by its id (`id` of
// its cell); InputError when no cell with a clue (`has_clue`) has it, or
// when the edit is a change (these clues have no alternatives). `drop`
// clears the cell's clue; `what` names the clues ("no blocked cell").
void drop_cell_clues(const Lattice& L, const std::vector<ClueEdit>& edits, const std::function<bool(int)>& has_clue,
                     const std::function<std::string(Cell)>& id, const std::function<void(int)>& drop, const std::string& what);

// A board divided into regions (shikaku's rectangles, sashigane's L shapes)
// as text: each cell's clue ('.' none) right-aligned in columns of three,
// and with `owner` (a region per cell; empty: no solution) the walls
// between regions, '|' and '--'.
std::string division_text(const Lattice& L, const std::function<std::string(int)>& clue, const std::vector<int>& owner);

// A loop through cell centres (masyu, simple loop, country road), the parts its genres
// share: a Bool per step (step_S, the decision variables of `enc`, in the
// lattice's order); "the steps form one loop" (cuts, or reachability
// clauses when `eager`); each cell a place holding its steps; and how the
// loop passes each cell ("-" straight across, "|" straight down, a turn by
// its two directions "LU", "RD", ..., "." not at all).
std::vector<Expr> loop_step_vars(const Lattice& L, Context& ctx, Encoding& enc);
void one_loop(const Lattice& L, const std::vector<Expr>& step, bool eager, Context& ctx, Encoding& enc);
void cell_step_places(const Lattice& L, Encoding& enc);
std::vector<std::string> loop_passes(const Lattice& L, const std::vector<bool>& step);
// "the loop steps r2c3-r2c4", "the loop does not step ...": a step's fact.
std::string step_fact(const Lattice& L, std::size_t step, bool value);

// The loop's steps drawn as lines through the cell centres (class "loop").
std::vector<Shape> loop_shapes(const Lattice& L, const std::vector<bool>& step);

// A symbol written over a cell's centre (a star, a tree, a tent).
Shape cell_symbol(Cell c, const std::string& text, double size, const std::string& fill, const std::string& cls);
// A circle round a cell's centre (an island, a circled number, a given
// pole): radius `size` cells, outline `stroke` of `width`.
Shape cell_circle(Cell c, double size, const std::string& fill, const std::string& stroke, double width, const std::string& cls);
// A black cell (akari's wall, shakashaka's black cell) as class `cls`, its
// number in white (class `number_cls`) when it has one (n >= 0). A band of
// the cell is left around it to show a mark (the conflict, a repair, an
// added number).
void draw_black_cell(std::vector<Shape>& out, Cell c, int n, const std::string& cls, const std::string& number_cls);

// A solution given by a person, drawn again canonically by `redraw`; an
// InputError it throws is located under `node`.
template <typename Redraw>
nlohmann::json normalized(const JsonNode& node, Redraw redraw) {
  try {
    return redraw(node.json());
  } catch (const InputError& e) {
    throw InputError(e.id(), node.path() + e.path(), e.what());
  }
}

}  // namespace psmt::pencil
