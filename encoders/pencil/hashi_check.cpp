// Hashiwokakero's independent checker: plain C++, no solver.
#include <algorithm>
#include <regex>

#include <fmt/format.h>

#include "encoders/pencil/hashi.h"
#include "engine/graph_check.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::hashi {

void index_pairs(Board& b) {
  const auto& L = b.lat;
  b.pairs.clear();
  for (int i = 0; i < L.cells(); ++i) {
    if (b.number[static_cast<std::size_t>(i)] == kSea) continue;
    const Cell c = L.cell_at(i);
    for (int k = c.col + 1; k < L.cols; ++k)
      if (b.number[static_cast<std::size_t>(L.cell(c.row, k))] != kSea) {
        b.pairs.push_back({i, L.cell(c.row, k), true});  // side by side too: a bridge on their common border (pzprjs)
        break;
      }
    for (int k = c.row + 1; k < L.rows; ++k)
      if (b.number[static_cast<std::size_t>(L.cell(k, c.col))] != kSea) {
        b.pairs.push_back({i, L.cell(k, c.col), false});
        break;
      }
  }
  if (b.given.size() != b.pairs.size()) b.given.assign(b.pairs.size(), -1);
}

bool cross(const Board& b, const Pair& p, const Pair& q) {
  if (p.horizontal == q.horizontal) return false;
  const Pair& h = p.horizontal ? p : q;
  const Pair& v = p.horizontal ? q : p;
  const Cell h0 = b.lat.cell_at(h.a), h1 = b.lat.cell_at(h.b), v0 = b.lat.cell_at(v.a), v1 = b.lat.cell_at(v.b);
  return v0.row < h0.row && h0.row < v1.row && h0.col < v0.col && v0.col < h1.col;
}

std::string pair_label(const Board& b, const Pair& p) { return cell_label(b.lat.cell_at(p.a)) + "-" + cell_label(b.lat.cell_at(p.b)); }
std::string island_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string island_label(Cell c, int n) {
  return n == kUnknown ? fmt::format("island ? at r{}c{}", c.row + 1, c.col + 1) : fmt::format("island {} at r{}c{}", n, c.row + 1, c.col + 1);
}
std::string given_id(const Board& b, const Pair& p) { return "bridges/" + pair_label(b, p); }
std::string given_label(const Board& b, const Pair& p, int count) {
  return fmt::format("{}: {}", pair_label(b, p), count == 0 ? std::string("no bridge") : plural(static_cast<std::size_t>(count), "bridge"));
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& count) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t k = 0; k < b.pairs.size(); ++k)
    if (count[k] > 0) out.push_back(fmt::format("{}={}", pair_label(b, b.pairs[k]), count[k]));
  return out;
}

std::vector<int> counts_of(const Board& b, const nlohmann::json& solution) {
  std::vector<int> count(b.pairs.size(), 0);
  std::vector<bool> seen(b.pairs.size(), false);
  if (!solution.is_array()) throw InputError("input.shape", "", "an array of bridges \"r1c1-r1c5=2\"");
  static const std::regex item(R"(r(\d{1,3})c(\d{1,3})-r(\d{1,3})c(\d{1,3})=(\d))");
  for (std::size_t k = 0; k < solution.size(); ++k) {
    const auto& s = solution[k];
    std::smatch m;
    const std::string text = s.is_string() ? s.get<std::string>() : std::string();
    if (!std::regex_match(text, m, item)) throw InputError("input.value", fmt::format("/{}", k), "a bridge \"r1c1-r1c5=2\"");
    Cell x{std::stoi(m[1]) - 1, std::stoi(m[2]) - 1}, y{std::stoi(m[3]) - 1, std::stoi(m[4]) - 1};
    std::size_t found = b.pairs.size();
    for (std::size_t q = 0; q < b.pairs.size(); ++q) {
      const Cell a = b.lat.cell_at(b.pairs[q].a), c = b.lat.cell_at(b.pairs[q].b);
      if ((a == x && c == y) || (a == y && c == x)) found = q;
    }
    if (found == b.pairs.size()) throw InputError("input.value", fmt::format("/{}", k), quote_input(text) + ": these islands do not see each other");
    if (seen[found]) throw InputError("input.value", fmt::format("/{}", k), quote_input(text) + ": the same islands twice");
    const int n = std::stoi(m[5]);
    if (n > b.max_bridges) throw InputError("input.value", fmt::format("/{}", k), fmt::format("{}: at most {} bridges", quote_input(text), b.max_bridges));
    seen[found] = true;
    count[found] = n;
  }
  return count;
}

std::vector<Violation> check_counts(const Board& b, const std::vector<int>& count) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  if (std::none_of(count.begin(), count.end(), [](int n) { return n > 0; }))
    out.push_back({"rule/some_bridge", "no bridge is drawn (an answer draws at least one)"});
  for (std::size_t p = 0; p < b.pairs.size(); ++p)
    for (std::size_t q = p + 1; q < b.pairs.size(); ++q)
      if (count[p] > 0 && count[q] > 0 && cross(b, b.pairs[p], b.pairs[q]))
        out.push_back({"rule/crossing", fmt::format("bridges {} and {} cross", pair_label(b, b.pairs[p]), pair_label(b, b.pairs[q]))});
  std::vector<int> ends(static_cast<std::size_t>(L.cells()), 0);
  for (std::size_t p = 0; p < b.pairs.size(); ++p) {
    ends[static_cast<std::size_t>(b.pairs[p].a)] += count[p];
    ends[static_cast<std::size_t>(b.pairs[p].b)] += count[p];
    if (b.given[p] >= 0 && count[p] != b.given[p])
      out.push_back({given_id(b, b.pairs[p]), given_label(b, b.pairs[p], b.given[p]) + " is not"});
  }
  // Islands as vertices, the pairs with a bridge as edges.
  std::vector<int> index(static_cast<std::size_t>(L.cells()), -1);
  graph::Graph g;
  for (int i = 0; i < L.cells(); ++i) {
    const int n = b.number[static_cast<std::size_t>(i)];
    if (n == kSea) continue;
    index[static_cast<std::size_t>(i)] = g.vertices++;
    if (n != kUnknown && ends[static_cast<std::size_t>(i)] != n)
      out.push_back({island_id(L.cell_at(i)), fmt::format("{}: {} end there", island_label(L.cell_at(i), n),
                                                           plural(static_cast<std::size_t>(ends[static_cast<std::size_t>(i)]), "bridge"))});
  }
  std::vector<bool> on;
  for (std::size_t p = 0; p < b.pairs.size(); ++p) {
    g.edges.push_back({index[static_cast<std::size_t>(b.pairs[p].a)], index[static_cast<std::size_t>(b.pairs[p].b)]});
    on.push_back(count[p] > 0);
  }
  g.index();
  if (g.vertices > 1 && !graph::edges_connected(g, on, true)) out.push_back({"rule/connected", "the islands are not all connected"});
  if (b.no_loops && !graph::acyclic(g, on)) out.push_back({"rule/no_loops", "the bridges form a loop"});
  return out;
}

}  // namespace psmt::hashi
