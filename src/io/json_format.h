// Puzzle JSON written for people to read and edit (convert): the generic
// fields first, then the kind's fields in the order given, "expect" last;
// lists of items one per line, each item on one line.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace psmt {

// `field_order`: the kind's own fields, in the order to write them; other
// keys follow in alphabetical order.
std::string format_puzzle_json(const nlohmann::json& puzzle, const std::vector<std::string>& field_order);

// One line: {"cells": [[0, 0], [0, 1]], "sum": 5}.
std::string compact_json(const nlohmann::json& v);

}  // namespace psmt
