// A grid's own search, for a verdict without a solver: constraint
// propagation (a cell with one candidate left takes it; a digit with one
// place left in a row, column or region goes there) and depth-first splits
// on the open cell with the fewest candidates, every candidate tried, so
// that the search is complete: what the collection's solo solver and most
// hand-written sudoku solvers do. Only for a grid whose rules are its units
// (rows, columns, boxes or regions): no relation, no item of a family.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku.h"

namespace psmt::sudoku {

// Complete: the search ran to its end, `found` holds every solution (fewer
// than `limit`); Limit: `limit` solutions were found; Stopped: `max_nodes`
// splits were made first.
enum class GridSearch { Complete, Limit, Stopped };

// Whether search_grid applies to `g` (its only rules are its units).
bool plain_units_only(const Grid& g);

// Solutions as n*n values, row-major.
GridSearch search_grid(const Grid& g, std::size_t limit, std::vector<std::vector<int>>& found, uint64_t max_nodes);

}  // namespace psmt::sudoku
