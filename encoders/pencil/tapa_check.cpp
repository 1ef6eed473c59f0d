// Tapa's independent checker: plain C++, no solver.
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "encoders/pencil/tapa.h"

namespace psmt::tapa {

std::string clue_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string clue_text(const std::vector<int>& clue) {
  std::string out;
  for (int v : clue) out += (out.empty() ? "" : " ") + (v == kAnyRun ? std::string("?") : std::to_string(v));
  return out;
}
std::string clue_label(Cell c, const std::vector<int>& clue) { return fmt::format("clue {} at r{}c{}", clue_text(clue), c.row + 1, c.col + 1); }

std::vector<int> ring(const pencil::Lattice& L, int cell) {
  const Cell c = L.cell_at(cell);
  std::vector<int> out;
  // Clockwise from the top left.
  for (auto [dr, dc] : {std::pair{-1, -1}, std::pair{-1, 0}, std::pair{-1, 1}, std::pair{0, 1}, std::pair{1, 1}, std::pair{1, 0},
                        std::pair{1, -1}, std::pair{0, -1}}) {
    const int r = c.row + dr, q = c.col + dc;
    out.push_back(r >= 0 && r < L.rows && q >= 0 && q < L.cols ? L.cell(r, q) : -1);
  }
  return out;
}

std::vector<int> runs(const pencil::Lattice& L, const std::vector<bool>& shaded, int cell) {
  std::vector<bool> on;
  for (int j : ring(L, cell)) on.push_back(j >= 0 && shaded[static_cast<std::size_t>(j)]);
  return runs_round(on);
}

std::vector<std::vector<int>> clues_that_fit(const pencil::Lattice& L, int cell) {
  const auto around = ring(L, cell);
  std::vector<std::vector<int>> out;
  for (unsigned mask = 0; mask < 256; ++mask) {
    std::vector<bool> on(8);
    bool fits = true;
    for (std::size_t k = 0; k < 8; ++k) {
      on[k] = mask >> k & 1u;
      fits = fits && (!on[k] || around[k] >= 0);
    }
    if (fits) out.push_back(runs_round(on));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.size() != b.size() ? a.size() < b.size() : a < b; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<int> runs_round(const std::vector<bool>& on) {
  std::vector<int> out;
  const auto off = std::find(on.begin(), on.end(), false);
  if (off == on.end()) return {8};
  // Read round from an unshaded neighbour, so that no run is split.
  const auto start = static_cast<std::size_t>(off - on.begin());
  int run = 0;
  for (std::size_t k = 1; k <= 8; ++k) {
    if (on[(start + k) % 8]) {
      ++run;
    } else if (run) {
      out.push_back(run);
      run = 0;
    }
  }
  if (out.empty()) return {0};
  std::sort(out.rbegin(), out.rend());
  return out;
}

bool shows(const std::vector<int>& clue, std::vector<int> got) {
  if (clue.size() != got.size()) return false;
  for (int v : clue) {
    if (v == kAnyRun) continue;
    const auto f = std::find(got.begin(), got.end(), v);
    if (f == got.end()) return false;
    got.erase(f);
  }
  return true;
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  pencil::check_givens(b, shaded, out);
  pencil::check_some_shaded(shaded, out);
  pencil::check_no_2x2(L, shaded, "shaded cells", "rule/2x2", out);
  pencil::check_shaded_connected(L, shaded, out);
  for (int i = 0; i < L.cells(); ++i) {
    const auto& clue = b.clue[static_cast<std::size_t>(i)];
    if (clue.empty()) continue;
    const Cell c = L.cell_at(i);
    if (shaded[static_cast<std::size_t>(i)]) {
      out.push_back({"rule/clue_unshaded", clue_label(c, clue) + ": the clue's cell is shaded"});
      continue;
    }
    const auto got = runs(L, shaded, i);
    if (!shows(clue, got)) out.push_back({clue_id(c), fmt::format("{}: the shaded cells round it run {}", clue_label(c, clue), clue_text(got))});
  }
  return out;
}

}  // namespace psmt::tapa
