#include "registry.h"

#include "io/halt.h"

#include <fmt/format.h>

#include "disk_rotation.h"
#include "equation_grid.h"
#include "hidoku.h"
#include "jodici.h"
#include "kakuro.h"
#include "logic_grid.h"
#include "nonogram.h"
#include "polyomino.h"
#include "sudoku/sudoku.h"
#include "xor_keystream.h"

namespace psmt {

namespace {
struct Entry {
  std::string_view kind;
  const Encoder& (*get)();
};
// One line per kind, sorted by name.
constexpr Entry kKinds[] = {
    {"disk_rotation", disk_rotation::disk_rotation_encoder},
    {"equation_grid", equation_grid::equation_grid_encoder},
    {"futoshiki", sudoku::futoshiki_encoder},
    {"hidoku", hidoku::hidoku_encoder},
    {"jodici", jodici::jodici_encoder},
    {"kakuro", kakuro::kakuro_encoder},
    {"kenken", sudoku::kenken_encoder},
    {"logic_grid", logic_grid::logic_grid_encoder},
    {"nonogram", nonogram::nonogram_encoder},
    {"polyomino", polyomino::polyomino_encoder},
    {"skyscrapers", sudoku::skyscrapers_encoder},
    {"sudoku", sudoku::sudoku_encoder},
    {"xor_keystream", xor_keystream::xor_keystream_encoder},
};
}  // namespace

const Encoder* find_encoder(std::string_view kind) {
  for (const auto& e : kKinds)
    if (e.kind == kind) return &e.get();
  return nullptr;
}

std::vector<const Encoder*> all_encoders() {
  std::vector<const Encoder*> out;
  for (const auto& e : kKinds) out.push_back(&e.get());
  return out;
}

std::string kind_names() {
  std::string s;
  for (const auto& e : kKinds) s += (s.empty() ? "" : ", ") + std::string(e.kind);
  return s;
}

void EncodeOptions::check_deadline() const {
  poll_halt();  // the thread's deadline (the run's, as a rule), the memory cap, Ctrl-C
  if (deadline && std::chrono::steady_clock::now() >= *deadline) throw Halted(HaltCause::Timeout, "timeout");
}

bool Encoder::has_encoding(std::string_view name) const {
  for (const auto& e : encodings())
    if (e.name == name) return true;
  return false;
}

std::string Encoder::encoding_names() const {
  std::string s;
  for (const auto& e : encodings()) s += (s.empty() ? "" : ", ") + e.name;
  return s;
}

}  // namespace psmt
