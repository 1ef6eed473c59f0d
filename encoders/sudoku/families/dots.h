// What kropki dots and XV letters share: pairs of cells with a mark, and
// the "negative constraint" over the orthogonal neighbours without a mark.
#pragma once

#include <set>

#include "common.h"

namespace psmt::sudoku::families {

// The unordered pairs that carry a mark of any of the given families.
std::set<std::pair<Cell, Cell>> marked_pairs(const Grid& g, std::initializer_list<std::string_view> keys);
std::pair<Cell, Cell> ordered(Cell a, Cell b);

// White: the digits differ by k; black: one is k times the other.
bool dot_holds(bool white, int k, int p, int q);
// Neither pair relation of `values` holds between a and c (a negative
// constraint on one undotted pair), formulated for the encoding.
F no_dot_relation(Builder& b, Cell a, Cell c, bool white, const std::vector<int>& values);

// A two-cell mark between the cells, read from {"cells": [a, b], ...}.
std::vector<Cell> parse_pair(const JsonNode& e, const Grid& g);

}  // namespace psmt::sudoku::families
