#include "encoders/pencil/region_shading.h"

#include <fmt/format.h>

#include "engine/encoding.h"
#include "io/error.h"

namespace psmt::pencil {

std::string region_id(int region) { return fmt::format("regions/{}", region + 1); }

void read_region_board(const JsonNode& root, RegionBoard& b, int max_side) {
  b.regions = read_regions(root.at("regions"), b.lat, max_side);
  b.given.assign(static_cast<std::size_t>(b.lat.cells()), 0);
  b.dropped.assign(static_cast<std::size_t>(b.regions.count()), false);
}

bool drop_region_rule(RegionBoard& b, const ClueEdit& e) {
  for (int r = 0; r < b.regions.count(); ++r)
    if (region_id(r) == e.clue_id && !b.dropped[static_cast<std::size_t>(r)]) {
      if (e.alternative >= 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
      b.dropped[static_cast<std::size_t>(r)] = true;
      return true;
    }
  return false;
}

void add_region_clues(const RegionBoard& b, const std::vector<Expr>& lits, Encoding& enc,
                      const std::function<Expr(int, const std::vector<Expr>&)>& rule, const std::function<std::string(int)>& label) {
  for (int r = 0; r < b.regions.count(); ++r) {
    if (b.dropped[static_cast<std::size_t>(r)]) continue;
    const auto& cells = b.regions.cells[static_cast<std::size_t>(r)];
    std::vector<Expr> in;
    for (int c : cells) in.push_back(lits[static_cast<std::size_t>(c)]);
    Clue clue{region_id(r), label(r), rule(r, in), {}, {}};
    for (int c : cells) clue.cells.push_back(b.lat.cell_at(c));
    enc.clues.push_back(std::move(clue));
  }
}

}  // namespace psmt::pencil
