// LITS's independent checker and its tetrominoes: plain C++, no solver.
#include <algorithm>
#include <cstdlib>
#include <set>

#include <fmt/format.h>

#include "encoders/pencil/lits.h"
#include "engine/graph_check.h"
#include "io/words.h"

namespace psmt::lits {

const char* shape_name(Shape s) {
  switch (s) {
    case Shape::L: return "L";
    case Shape::I: return "I";
    case Shape::T: return "T";
    case Shape::S: return "S";
  }
  return "?";
}

namespace {
// The shape of four cells given as (row, col) offsets, up to turning and
// mirroring: the canonical form is the least sorted list over the eight.
using Cells = std::vector<std::pair<int, int>>;
Cells normal(Cells c) {
  const int r0 = std::min_element(c.begin(), c.end())->first;
  int c0 = c.front().second;
  for (const auto& x : c) c0 = std::min(c0, x.second);
  for (auto& x : c) x = {x.first - r0, x.second - c0};
  std::sort(c.begin(), c.end());
  return c;
}
Cells canonical(const Cells& c) {
  Cells best;
  for (int m = 0; m < 8; ++m) {
    Cells t;
    for (auto [r, q] : c) {
      int a = r, b = q;
      if (m & 1) std::swap(a, b);
      if (m & 2) a = -a;
      if (m & 4) b = -b;
      t.push_back({a, b});
    }
    t = normal(t);
    if (best.empty() || t < best) best = t;
  }
  return best;
}
const std::vector<std::pair<Cells, Shape>>& shapes() {
  static const std::vector<std::pair<Cells, Shape>> all = {
      {canonical({{0, 0}, {1, 0}, {2, 0}, {2, 1}}), Shape::L},
      {canonical({{0, 0}, {0, 1}, {0, 2}, {0, 3}}), Shape::I},
      {canonical({{0, 0}, {0, 1}, {0, 2}, {1, 1}}), Shape::T},
      {canonical({{0, 1}, {0, 2}, {1, 0}, {1, 1}}), Shape::S},
  };
  return all;
}
}  // namespace

std::optional<Shape> shape_of(const pencil::Lattice& L, std::vector<int> cells) {
  if (cells.size() != 4) return std::nullopt;
  Cells c;
  for (int i : cells) c.push_back({L.cell_at(i).row, L.cell_at(i).col});
  // Connected: grown from the first cell through side-by-side cells.
  std::vector<bool> reached(4, false);
  reached[0] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t a = 0; a < 4; ++a)
      for (std::size_t b = 0; b < 4; ++b)
        if (reached[a] && !reached[b] && std::abs(c[a].first - c[b].first) + std::abs(c[a].second - c[b].second) == 1) {
          reached[b] = true;
          grew = true;
        }
  }
  if (std::find(reached.begin(), reached.end(), false) != reached.end()) return std::nullopt;
  const Cells k = canonical(c);
  for (const auto& [form, s] : shapes())
    if (form == k) return s;
  return std::nullopt;
}

std::vector<Placement> placements_in(const pencil::Lattice& L, const std::vector<int>& in) {
  std::set<int> inside(in.begin(), in.end());
  std::set<std::vector<int>> seen;
  std::vector<Placement> out;
  // Every four cells of the region that are connected: grown from each cell
  // through the region's cells (a region of n cells has few).
  std::function<void(std::vector<int>&)> grow = [&](std::vector<int>& cur) {
    if (cur.size() == 4) {
      std::vector<int> sorted = cur;
      std::sort(sorted.begin(), sorted.end());
      if (!seen.insert(sorted).second) return;
      if (auto s = shape_of(L, sorted)) out.push_back({sorted, *s});
      return;
    }
    std::set<int> next;
    for (int v : cur) {
      const Cell c = L.cell_at(v);
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}}) {
        const int r = c.row + dr, q = c.col + dc;
        if (r < 0 || r >= L.rows || q < 0 || q >= L.cols) continue;
        const int w = L.cell(r, q);
        if (inside.count(w) && std::find(cur.begin(), cur.end(), w) == cur.end()) next.insert(w);
      }
    }
    for (int w : next) {
      cur.push_back(w);
      grow(cur);
      cur.pop_back();
    }
  };
  for (int v : in) {
    std::vector<int> cur{v};
    grow(cur);
  }
  return out;
}

std::string region_label(const Board& b, int region) {
  return fmt::format("{} holds a tetromino", pencil::region_name(b.lat, b.regions, region));
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  std::vector<std::optional<Shape>> shape(static_cast<std::size_t>(b.regions.count()));
  for (int r = 0; r < b.regions.count(); ++r) {
    std::vector<int> on;
    for (int c : b.regions.cells[static_cast<std::size_t>(r)])
      if (shaded[static_cast<std::size_t>(c)]) on.push_back(c);
    shape[static_cast<std::size_t>(r)] = shape_of(L, on);
    if (b.dropped[static_cast<std::size_t>(r)]) continue;
    if (!shape[static_cast<std::size_t>(r)])
      out.push_back({pencil::region_id(r), fmt::format("{}: its {} do not form a tetromino", pencil::region_name(L, b.regions, r),
                                                       plural(on.size(), "shaded cell"))});
  }
  pencil::check_no_2x2(L, shaded, "shaded cells", "rule/2x2", out);
  const graph::Graph g = L.cell_graph();
  for (const auto& [u, v] : g.edges) {
    const int ru = b.regions.of[static_cast<std::size_t>(u)], rv = b.regions.of[static_cast<std::size_t>(v)];
    if (ru == rv || !shaded[static_cast<std::size_t>(u)] || !shaded[static_cast<std::size_t>(v)]) continue;
    const auto& su = shape[static_cast<std::size_t>(ru)];
    const auto& sv = shape[static_cast<std::size_t>(rv)];
    if (su && sv && *su == *sv)
      out.push_back({"rule/same_shape", fmt::format("two {} tetrominoes touch at {} and {}", shape_name(*su), cell_label(L.cell_at(u)),
                                                    cell_label(L.cell_at(v)))});
  }
  if (!graph::vertices_connected(g, shaded)) out.push_back({"rule/shaded_connected", "the shaded cells are not connected"});
  return out;
}

}  // namespace psmt::lits
