// A board divided into areas by walls between cells (sashigane's L shapes,
// double choco's blocks): the answer as rows of area numbers, read into
// "these two neighbouring cells lie in one area" per step and written back;
// and shapes compared up to rotation and reflection (double choco's two
// halves of one shape). Plain C++, no solver (division_check.cpp).
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "encoders/pencil/lattice.h"

namespace psmt::pencil {

// The areas of a division given by its steps (which pairs of neighbouring
// cells lie in one area): an area number per cell, 0.. in reading order.
std::vector<int> regions_of_steps(const Lattice& L, const std::vector<bool>& join, int& count);
// The division as one array per row, each cell's area numbered from 1 in
// reading order of the areas' first cells; and read back from any integers
// per cell (InputError naming the row or cell), a step joined where its two
// cells carry the same number.
nlohmann::json division_json(const Lattice& L, const std::vector<bool>& join);
std::vector<bool> division_steps(const Lattice& L, const nlohmann::json& solution);
// The cells of each area (in reading order), by area number.
std::vector<std::vector<Cell>> area_cells(const Lattice& L, const std::vector<int>& area, int count);

// Whether two sets of cells have one shape, turned or mirrored as need be.
bool same_shape(const std::vector<Cell>& a, const std::vector<Cell>& b);
// The parts of `cells` (side by side, within the set), each in reading order.
std::vector<std::vector<Cell>> parts_of(const std::vector<Cell>& cells);

}  // namespace psmt::pencil
