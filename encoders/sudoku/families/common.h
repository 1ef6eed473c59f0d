// Helpers the families share: reading lists of items, cell geometry,
// neighbourhoods, colours and common shapes. No Z3.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../family.h"
#include "../sudoku.h"

namespace psmt::sudoku::families {

// An array field of objects: `read` turns element i into an item; ids are
// "<key>/<i>" unless `read` sets one.
std::vector<Item> parse_list(const JsonNode& node, std::string_view key,
                             const std::function<Item(const JsonNode& element, int index)>& read);

// A list of {"cells": [...]} objects (lines, regions): each item gets its
// cells (at least `min_cells`, no cell twice) and the label `label(item)`.
// With `loops`, an item may be {"cells": [...], "loop": true}: a closed line
// (the last cell next to the first), `variant` "loop".
std::vector<Item> parse_cell_lists(const JsonNode& node, std::string_view key, const Grid& g, std::size_t min_cells,
                                   const std::function<std::string(const Item&)>& label, bool loops = false);

// A field that is `true` (the rule applies), `false` or absent: one item.
std::vector<Item> parse_flag(const JsonNode& node, std::string_view id, std::string label);

// "<label> repeats 4 (r1c1, r2c1)" when two of the item's cells (whose
// digits are `ds`) hold the same digit.
std::optional<std::string> repeated_digit(const Item& it, const std::vector<int>& ds);

// Digits of the cells, in order.
std::vector<int> digits_of(const Values& v, const std::vector<Cell>& cells);
std::string digits_text(const std::vector<int>& ds);  // "3 5 8"

// Orthogonally adjacent pairs of the grid, each once (left/up first).
std::vector<std::pair<Cell, Cell>> orthogonal_pairs(int n);
// Pairs a chess knight's / king's move apart, each once.
std::vector<std::pair<Cell, Cell>> move_pairs(int n, const std::vector<std::pair<int, int>>& steps);

// Geometry, in grid units (y, x).
std::pair<double, double> centre(Cell c);
std::vector<std::pair<double, double>> centres(const std::vector<Cell>& cells);
std::pair<double, double> midpoint(Cell a, Cell b);

// Colours: the usual ones of f-puzzles and SudokuPad, and the mark of a
// clue blamed by diagnosis.
inline constexpr const char* kMarked = "#d32f2f";
inline const char* colour(bool marked, const char* normal) { return marked ? kMarked : normal; }

// A line through the cells' centres.
Shape line_shape(const std::vector<Cell>& cells, const char* stroke, double width, const std::string& cls);
// Text centred at a point.
Shape text_shape(std::pair<double, double> at, std::string text, double size, const char* fill, const std::string& cls,
                 bool over = true);
Shape circle_shape(std::pair<double, double> at, double r, const char* fill, const char* stroke, double stroke_width,
                   const std::string& cls, bool over = false);

// A cage (dashed outline) around the cells with its number in the corner.
Shape cage_shape(const std::vector<Cell>& cells, bool marked, std::string text, const std::string& cls);

// The sum alternatives of a clue: every total from lo to hi but `current`.
std::vector<int> other_totals(int lo, int hi, int current);
// The digits (bit d-1) of every set of `cells` different digits 1..n with
// this total; 0 when there is none.
uint64_t digits_of_sums(int cells, int total, int n);
// The cells in order, cut into runs whose cells all see each other (one row,
// column or region: their digits differ), for Builder::grouped_sum_is.
std::vector<std::vector<Cell>> seeing_groups(const std::vector<Cell>& cells, const Grid& g);
// For each house (row, column, region) that holds all of `cells` (two or
// more, different digits): Builder::cage_in_house with the house's other
// cells.
void in_houses(Builder& b, const std::vector<Cell>& cells, const Grid& g);
// p and q share a row, a column or a region (their digits differ).
bool sees(Cell p, Cell q, const Grid& g);

// Clues outside the grid given per side: {"top": [...], "bottom": [...],
// "left": [...], "right": [...]}, n entries each (null, or 0 when
// `zero_is_none`, for no clue), values 0..max. Each item's cells are its row
// or column as seen from the clue, `clue` where it is written, `variant`
// the side, id "<key>/<side>/<k>" (k from 1).
inline constexpr const char* kSides[] = {"top", "bottom", "left", "right"};
// The largest outside clue read (a sandwich, a skyscraper, an X-sum): any
// value an editor lets a setter type. One the rules cannot meet is a clue
// beyond reach (Item::beyond_reach), not bad input.
inline constexpr int kMaxOutsideClue = 9999;
// Clues around the grid; one above `max` is beyond reach (Item::beyond_reach).
std::vector<Item> parse_sides(const JsonNode& node, std::string_view key, const Grid& g, int max, bool zero_is_none,
                              const std::function<std::string(const Item&)>& label);
std::string side_words(const Item& it);  // "above column 3", "right of row 2"

// Three cells in a row of a line are in three different classes (entropic
// thirds, modular residues); a line of two: two different classes. On a
// loop the windows go round.
F three_classes(const Item& it, Builder& b, const std::function<int(int)>& cls);
std::optional<std::string> check_three_classes(const Item& it, const Values& v, const std::function<int(int)>& cls,
                                               const char* what);

}  // namespace psmt::sudoku::families
