// Tents' independent checker: plain C++, no solver. The attachment is a
// perfect matching of trees to tents beside them, found by augmenting paths.
#include <functional>

#include <fmt/format.h>

#include "encoders/pencil/tents.h"
#include "io/words.h"

namespace psmt::tents {

std::string tree_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string tree_label(Cell c) { return fmt::format("tree at r{}c{}", c.row + 1, c.col + 1); }
std::string count_id(bool row, int k) { return fmt::format("{}/{}", row ? "rows" : "columns", k + 1); }
std::string count_label(bool row, int k, int n) {
  return fmt::format("{} {} has {}", row ? "row" : "column", k + 1, plural(static_cast<std::size_t>(n), "tent"));
}

std::vector<Violation> check_tents(const Board& b, const std::vector<bool>& tent) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  std::vector<int> trees, tents;
  for (int i = 0; i < L.cells(); ++i) {
    const bool tree = b.tree[static_cast<std::size_t>(i)] && !b.uprooted[static_cast<std::size_t>(i)];
    if (tree) trees.push_back(i);
    if (tent[static_cast<std::size_t>(i)]) {
      if (tree) out.push_back({"rule/tent_on_tree", fmt::format("a tent on the tree at {}", cell_label(L.cell_at(i)))});
      tents.push_back(i);
      for (int w : L.around(i))
        if (w > i && tent[static_cast<std::size_t>(w)])
          out.push_back({"rule/touch", fmt::format("the tents at {} and {} touch", cell_label(L.cell_at(i)), cell_label(L.cell_at(w)))});
    }
  }
  for (int pass = 0; pass < 2; ++pass) {
    const bool row = pass == 1;
    const auto& counts = row ? b.row_count : b.col_count;
    for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
      if (counts[static_cast<std::size_t>(k)] == kNoCount) continue;
      int n = 0;
      for (int j = 0; j < (row ? L.cols : L.rows); ++j) n += tent[static_cast<std::size_t>(row ? L.cell(k, j) : L.cell(j, k))] ? 1 : 0;
      if (n != counts[static_cast<std::size_t>(k)])
        out.push_back({count_id(row, k), fmt::format("{}: it has {}", count_label(row, k, counts[static_cast<std::size_t>(k)]), plural(static_cast<std::size_t>(n), "tent"))});
    }
  }
  // Attachment: every tree to its own tent beside it, every tent to a tree.
  std::vector<int> owner(static_cast<std::size_t>(L.cells()), -1);
  std::function<bool(int, std::vector<bool>&)> attach = [&](int t, std::vector<bool>& seen) {
    for (int w : L.neighbours(t)) {
      if (!tent[static_cast<std::size_t>(w)] || seen[static_cast<std::size_t>(w)]) continue;
      seen[static_cast<std::size_t>(w)] = true;
      if (owner[static_cast<std::size_t>(w)] < 0 || attach(owner[static_cast<std::size_t>(w)], seen)) {
        owner[static_cast<std::size_t>(w)] = t;
        return true;
      }
    }
    return false;
  };
  for (int t : trees) {
    std::vector<bool> seen(static_cast<std::size_t>(L.cells()), false);
    if (!attach(t, seen)) out.push_back({tree_id(L.cell_at(t)), fmt::format("the {} has no tent of its own", tree_label(L.cell_at(t)))});
  }
  for (int a : tents)
    if (owner[static_cast<std::size_t>(a)] < 0 && !b.tree[static_cast<std::size_t>(a)])
      out.push_back({"rule/tent_alone", fmt::format("the tent at {} belongs to no tree", cell_label(L.cell_at(a)))});
  return out;
}

}  // namespace psmt::tents
