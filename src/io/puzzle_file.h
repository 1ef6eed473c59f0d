// A puzzle file: the generic fields every kind shares (kind, name, source,
// notes, expect) and the kind's own puzzle, parsed by its encoder.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/encoder.h"

namespace psmt {

struct Expectation {
  std::optional<std::string> status;       // unique | multiple | none
  std::optional<uint64_t> count;           // exact number of solutions
  std::optional<nlohmann::json> solution;  // canonical form (Encoder::normalize_solution)
};

struct LoadedPuzzle {
  std::string file;
  std::string kind, name, source;
  std::string author, rules;  // the setter and the rules text, as published
  // Set when the puzzle was imported from a foreign format (a link, an
  // f-puzzles export): the format, and drawings the user chose to leave out.
  std::string imported_from;
  std::vector<std::string> ignored_drawings;
  // Drawings the rules text gave a meaning (importers::Imported::mapped).
  std::vector<std::string> mapped_drawings;
  std::vector<std::string> decorations;  // importers::Imported::decorations
  std::vector<std::string> warnings;     // importers::Imported::warnings (a link cut off?)
  const Encoder* encoder = nullptr;
  std::shared_ptr<const Puzzle> puzzle;
  Expectation expect;
  // A player's partial solution (hint reads it; engine/progress.h): the
  // kind's solution form with "?" where nothing is filled in yet.
  std::optional<nlohmann::json> progress;
};

// Validate and parse one puzzle object. Errors are InputError with file = origin.
LoadedPuzzle load_puzzle(const nlohmann::json& root, const std::string& origin);
LoadedPuzzle load_puzzle_file(const std::string& path);

}  // namespace psmt
