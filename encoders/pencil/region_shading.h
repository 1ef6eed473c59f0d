// The shading genres whose clues are their regions (star battle, norinori,
// LITS): a board of regions in which each region's own rule ("holds one
// star", "holds two shaded cells", "holds a tetromino") is the clue that
// diagnose can blame and drop, and the regions are drawn with thick lines.
#pragma once

#include <memory>
#include <string>

#include "encoders/pencil/regions.h"
#include "encoders/pencil/shading.h"

namespace psmt::pencil {

struct RegionBoard : ShadeBoard {
  Regions regions;
  std::vector<bool> dropped;  // per region: its rule left out (diagnose's repairs)
};

std::string region_id(int region);  // "regions/3" (from 1)

// Reads "regions" into b (and its lattice), no givens, nothing dropped.
void read_region_board(const JsonNode& root, RegionBoard& b, int max_side);

template <typename BoardT>
class RegionShadingEncoder : public ShadingEncoder {
 protected:
  std::string cell_text(const ShadeBoard&, int) const override { return ""; }
  std::string clue_id_at(const ShadeBoard&, int) const override { return ""; }
  std::function<int(Cell)> rooms(const ShadeBoard& p) const override {
    const auto& b = static_cast<const RegionBoard&>(p);
    return [&b](Cell c) { return b.regions.of[static_cast<std::size_t>(b.lat.cell(c.row, c.col))]; };
  }
  std::shared_ptr<ShadeBoard> clone(const ShadeBoard& p) const override { return std::make_shared<BoardT>(static_cast<const BoardT&>(p)); }
  // A region's rule dropped (no change: a region's rule has no other value).
  bool edit_clue(ShadeBoard& p, const ClueEdit& e) const override;
  // Each region's clue: `rule` over its cells' literals, named `label`.
  void region_clues(const RegionBoard& b, const std::vector<Expr>& lits, Encoding& enc,
                    const std::function<Expr(int region, const std::vector<Expr>& lits)>& rule,
                    const std::function<std::string(int region)>& label) const;
};

// Not a template's business: shared by every RegionShadingEncoder.
bool drop_region_rule(RegionBoard& b, const ClueEdit& e);
void add_region_clues(const RegionBoard& b, const std::vector<Expr>& lits, Encoding& enc,
                      const std::function<Expr(int region, const std::vector<Expr>& lits)>& rule,
                      const std::function<std::string(int region)>& label);

template <typename BoardT>
bool RegionShadingEncoder<BoardT>::edit_clue(ShadeBoard& p, const ClueEdit& e) const {
  return drop_region_rule(static_cast<RegionBoard&>(p), e);
}
template <typename BoardT>
void RegionShadingEncoder<BoardT>::region_clues(const RegionBoard& b, const std::vector<Expr>& lits, Encoding& enc,
                                                const std::function<Expr(int, const std::vector<Expr>&)>& rule,
                                                const std::function<std::string(int)>& label) const {
  add_region_clues(b, lits, enc, rule, label);
}

}  // namespace psmt::pencil
