// A second, independent reading of the variant sudoku rules, for the
// differential tests: it evaluates a complete grid against a puzzle's JSON
// directly (not through the encoder's parser, families or checker), and a
// plain backtracking counter enumerates the grids that satisfy rows, columns
// and regions and passes each through it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace psmt::testing::variants {

using Grid = std::vector<std::vector<int>>;  // [row][col], digits 1..n
using RC = std::pair<int, int>;

inline RC rc(const nlohmann::json& j) { return {j[0].get<int>(), j[1].get<int>()}; }
inline std::vector<RC> rcs(const nlohmann::json& j) {
  std::vector<RC> out;
  for (const auto& e : j) out.push_back(rc(e));
  return out;
}

// The box shape [rows, cols]: the "box" field, or the squarest boxes.
inline std::pair<int, int> box_of(const nlohmann::json& p, int n) {
  if (p.contains("box")) return {p["box"][0].get<int>(), p["box"][1].get<int>()};
  int br = 1;
  for (int a = 1; a * a <= n; ++a)
    if (n % a == 0) br = a;
  return {br, n / br};
}

// Region of each cell: the "regions" map, the "box", or the squarest boxes.
inline std::vector<std::vector<int>> regions_of(const nlohmann::json& p, int n) {
  std::vector<std::vector<int>> reg(n, std::vector<int>(n, -1));
  if (p.contains("regions")) {
    std::map<char, int> ids;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        char ch = p["regions"][r].get<std::string>()[c];
        if (ch != '.') reg[r][c] = ids.emplace(ch, static_cast<int>(ids.size())).first->second;
      }
    return reg;
  }
  auto [br, bc] = box_of(p, n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) reg[r][c] = (r / br) * (n / bc) + c / bc;
  return reg;
}

inline bool distinct_cells(const Grid& g, const std::vector<RC>& cells) {
  std::set<int> seen;
  for (auto [r, c] : cells)
    if (!seen.insert(g[r][c]).second) return false;
  return true;
}

// Does the complete grid satisfy every variant clue of the puzzle?
inline bool satisfies(const nlohmann::json& p, const Grid& g) {
  const int n = static_cast<int>(g.size());
  auto at = [&](RC x) { return g[x.first][x.second]; };
  auto adjacent_pairs = [&]() {
    std::vector<std::pair<RC, RC>> out;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        if (c + 1 < n) out.push_back({{r, c}, {r, c + 1}});
        if (r + 1 < n) out.push_back({{r, c}, {r + 1, c}});
      }
    return out;
  };
  auto key = [](RC a, RC b) { return a < b ? std::pair{a, b} : std::pair{b, a}; };
  for (const auto& k : p.value("killer", nlohmann::json::array())) {
    auto cells = rcs(k["cells"]);
    if (!distinct_cells(g, cells)) return false;
    int s = 0;
    for (auto x : cells) s += at(x);
    if (k.contains("sum") && s != k["sum"].get<int>()) return false;
  }
  for (const auto& k : p.value("kenken", nlohmann::json::array())) {
    // KenKen: the cage's digits under its operation ("?": any that applies).
    std::vector<int> ds;
    for (auto x : rcs(k["cells"])) ds.push_back(at(x));
    const long long v = k["value"].get<long long>();
    const std::string op = k.value("op", ds.size() == 1 ? "=" : "");
    long long sum = 0, product = 1;
    for (int d : ds) {
      sum += d;
      product *= d;
    }
    const bool two = ds.size() == 2;
    const int hi = two ? std::max(ds[0], ds[1]) : 0, lo = two ? std::min(ds[0], ds[1]) : 1;
    const bool by_sum = sum == v, by_product = product == v, by_difference = two && hi - lo == v,
               by_quotient = two && hi == v * lo, by_value = ds.size() == 1 && ds[0] == v;
    const bool ok = op == "+"   ? by_sum
                    : op == "*" ? by_product
                    : op == "-" ? by_difference
                    : op == "/" ? by_quotient
                    : op == "=" ? by_value
                                : by_sum || by_product || by_difference || by_quotient || by_value;
    if (!ok) return false;
  }
  for (const auto& t : p.value("thermo", nlohmann::json::array())) {
    auto cells = rcs(t["cells"]);
    for (std::size_t i = 1; i < cells.size(); ++i)
      if (at(cells[i - 1]) >= at(cells[i])) return false;
  }
  for (const auto& a : p.value("arrow", nlohmann::json::array())) {
    int circle = 0, s = 0;
    for (auto x : rcs(a["circle"])) circle = circle * 10 + at(x);
    for (auto x : rcs(a["line"])) s += at(x);
    if (circle != s) return false;
  }
  for (const auto& w : p.value("whispers", nlohmann::json::array())) {
    auto cells = rcs(w["cells"]);
    int d = w.value("difference", 5);
    for (std::size_t i = 1; i < cells.size(); ++i)
      if (std::abs(at(cells[i - 1]) - at(cells[i])) < d) return false;
  }
  for (const auto& l : p.value("renban", nlohmann::json::array())) {
    std::vector<int> ds;
    for (auto x : rcs(l["cells"])) ds.push_back(at(x));
    std::sort(ds.begin(), ds.end());
    for (std::size_t i = 1; i < ds.size(); ++i)
      if (ds[i] != ds[i - 1] + 1) return false;
  }
  for (const auto& l : p.value("palindrome", nlohmann::json::array())) {
    auto cells = rcs(l["cells"]);
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (at(cells[i]) != at(cells[cells.size() - 1 - i])) return false;
  }
  for (const auto& l : p.value("between", nlohmann::json::array())) {
    auto cells = rcs(l["cells"]);
    int a = at(cells.front()), b = at(cells.back());
    for (std::size_t i = 1; i + 1 < cells.size(); ++i) {
      int m = at(cells[i]);
      if (!(std::min(a, b) < m && m < std::max(a, b))) return false;
    }
  }
  for (const auto& t : p.value("slow_thermo", nlohmann::json::array())) {
    auto cells = rcs(t["cells"]);
    for (std::size_t i = 1; i < cells.size(); ++i)
      if (at(cells[i - 1]) > at(cells[i])) return false;
  }
  if (p.contains("region_sum")) {
    // Runs of the line in one region (a region left and entered again: a new run) sum alike.
    auto reg = regions_of(p, n);
    for (const auto& l : p["region_sum"]) {
      auto cells = rcs(l["cells"]);
      if (l.value("loop", false))  // a loop: start where a region begins
        for (std::size_t i = 0; i < cells.size(); ++i) {
          auto prev = cells[(i + cells.size() - 1) % cells.size()];
          if (reg[cells[i].first][cells[i].second] != reg[prev.first][prev.second]) {
            std::rotate(cells.begin(), cells.begin() + static_cast<long>(i), cells.end());
            break;
          }
        }
      std::vector<int> sums;
      for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i == 0 || reg[cells[i].first][cells[i].second] != reg[cells[i - 1].first][cells[i - 1].second]) sums.push_back(0);
        sums.back() += at(cells[i]);
      }
      for (int s : sums)
        if (s != sums.front()) return false;
    }
  }
  for (const auto& l : p.value("zipper", nlohmann::json::array())) {
    auto cells = rcs(l["cells"]);
    const std::size_t len = cells.size();
    const int centre = len % 2 ? at(cells[len / 2]) : at(cells[len / 2 - 1]) + at(cells[len / 2]);
    for (std::size_t i = 0; i < len / 2; ++i)
      if ((len % 2 || i + 1 < len / 2) && at(cells[i]) + at(cells[len - 1 - i]) != centre) return false;
  }
  // Windows of three along a line (round a loop) in three different classes.
  auto three_classes = [&](const nlohmann::json& l, const std::function<int(int)>& cls) {
    auto cells = rcs(l["cells"]);
    const std::size_t k = cells.size();
    if (k == 2) return cls(at(cells[0])) != cls(at(cells[1]));
    const std::size_t last = l.value("loop", false) ? k : k - 2;
    for (std::size_t i = 0; i < last; ++i) {
      int a = cls(at(cells[i])), b = cls(at(cells[(i + 1) % k])), c = cls(at(cells[(i + 2) % k]));
      if (a == b || a == c || b == c) return false;
    }
    return true;
  };
  for (const auto& l : p.value("entropic", nlohmann::json::array()))
    if (!three_classes(l, [&](int d) { return (d - 1) / (n / 3); })) return false;
  std::set<std::pair<RC, RC>> dotted;
  std::set<int> white_values, black_values;
  if (p.contains("kropki")) {
    const auto& k = p["kropki"];
    for (const auto& d : k.value("white", nlohmann::json::array())) {
      auto c = rcs(d["cells"]);
      int v = d.value("value", 1);
      white_values.insert(v);
      dotted.insert(key(c[0], c[1]));
      if (std::abs(at(c[0]) - at(c[1])) != v) return false;
    }
    for (const auto& d : k.value("black", nlohmann::json::array())) {
      auto c = rcs(d["cells"]);
      int v = d.value("value", 2);
      black_values.insert(v);
      dotted.insert(key(c[0], c[1]));
      int x = at(c[0]), y = at(c[1]);
      if (x != v * y && y != v * x) return false;
    }
    std::set<std::string> neg;
    if (k.contains("negative")) {
      if (k["negative"].is_boolean()) {
        if (k["negative"].get<bool>()) neg = {"white", "black"};
      } else {
        for (const auto& s : k["negative"]) neg.insert(s.get<std::string>());
      }
    }
    if (white_values.empty()) white_values.insert(1);
    if (black_values.empty()) black_values.insert(2);
    for (auto [a, b] : adjacent_pairs()) {
      if (dotted.count(key(a, b))) continue;
      int x = at(a), y = at(b);
      if (neg.count("white"))
        for (int v : white_values)
          if (std::abs(x - y) == v) return false;
      if (neg.count("black"))
        for (int v : black_values)
          if (x == v * y || y == v * x) return false;
    }
  }
  if (p.value("non_consecutive", false))
    for (auto [a, b] : adjacent_pairs())
      if (!dotted.count(key(a, b)) && std::abs(at(a) - at(b)) == 1) return false;
  if (p.contains("xv")) {
    const auto& x = p["xv"];
    std::set<std::pair<RC, RC>> lettered;
    for (const char* l : {"x", "v"})
      for (const auto& d : x.value(l, nlohmann::json::array())) {
        auto c = rcs(d["cells"]);
        lettered.insert(key(c[0], c[1]));
        if (at(c[0]) + at(c[1]) != (std::string(l) == "x" ? 10 : 5)) return false;
      }
    if (x.value("negative", false))
      for (auto [a, b] : adjacent_pairs()) {
        int s = at(a) + at(b);
        if (!lettered.count(key(a, b)) && (s == 5 || s == 10)) return false;
      }
  }
  for (const auto& lk : p.value("little_killer", nlohmann::json::array())) {
    RC c = rc(lk["clue"]);
    std::string d = lk["direction"];
    int dr = d[0] == 'D' ? 1 : -1, dc = d[1] == 'R' ? 1 : -1, s = 0;
    for (int r = c.first + dr, q = c.second + dc; r >= 0 && q >= 0 && r < n && q < n; r += dr, q += dc) s += g[r][q];
    if (s != lk["sum"].get<int>()) return false;
  }
  if (p.contains("sandwich"))
    for (const char* side : {"rows", "columns"}) {
      if (!p["sandwich"].contains(side)) continue;
      for (int i = 0; i < n; ++i) {
        const auto& v = p["sandwich"][side][i];
        if (v.is_null()) continue;
        std::vector<int> line;
        for (int k = 0; k < n; ++k) line.push_back(std::string(side) == "rows" ? g[i][k] : g[k][i]);
        int lo = static_cast<int>(std::find(line.begin(), line.end(), 1) - line.begin());
        int hi = static_cast<int>(std::find(line.begin(), line.end(), n) - line.begin());
        int s = 0;
        for (int k = std::min(lo, hi) + 1; k < std::max(lo, hi); ++k) s += line[k];
        if (s != v.get<int>()) return false;
      }
    }
  if (p.contains("skyscrapers"))
    for (const char* side : {"top", "bottom", "left", "right"}) {
      if (!p["skyscrapers"].contains(side)) continue;
      for (int i = 0; i < n; ++i) {
        const auto& v = p["skyscrapers"][side][i];
        if (v.is_null() || v.get<int>() == 0) continue;
        const std::string sd = side;
        int seen = 0, tallest = 0;
        for (int k = 0; k < n; ++k) {
          int h = sd == "top" ? g[k][i] : sd == "bottom" ? g[n - 1 - k][i] : sd == "left" ? g[i][k] : g[i][n - 1 - k];
          if (h > tallest) {
            tallest = h;
            seen++;
          }
        }
        if (seen != v.get<int>()) return false;
      }
    }
  if (p.contains("x_sum"))
    for (const char* side : {"top", "bottom", "left", "right"}) {
      if (!p["x_sum"].contains(side)) continue;
      for (int i = 0; i < n; ++i) {
        const auto& v = p["x_sum"][side][i];
        if (v.is_null()) continue;
        const std::string sd = side;
        auto h = [&](int k) { return sd == "top" ? g[k][i] : sd == "bottom" ? g[n - 1 - k][i] : sd == "left" ? g[i][k] : g[i][n - 1 - k]; };
        int s = 0;
        for (int k = 0; k < h(0); ++k) s += h(k);
        if (s != v.get<int>()) return false;
      }
    }
  for (const auto& l : p.value("modular", nlohmann::json::array()))
    if (!three_classes(l, [](int d) { return d % 3; })) return false;
  for (const auto& l : p.value("nabner", nlohmann::json::array())) {
    auto cells = rcs(l["cells"]);
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (std::size_t j = i + 1; j < cells.size(); ++j)
        if (std::abs(at(cells[i]) - at(cells[j])) < 2) return false;
  }
  for (const auto& l : p.value("double_arrow", nlohmann::json::array())) {
    auto cells = rcs(l["cells"]);
    int inside = 0;
    for (std::size_t i = 1; i + 1 < cells.size(); ++i) inside += at(cells[i]);
    if (inside != at(cells.front()) + at(cells.back())) return false;
  }
  for (const auto& l : p.value("lockout", nlohmann::json::array())) {
    auto cells = rcs(l["cells"]);
    int a = at(cells.front()), z = at(cells.back());
    if (std::abs(a - z) < l.value("difference", 4)) return false;
    for (std::size_t i = 1; i + 1 < cells.size(); ++i)
      if (at(cells[i]) >= std::min(a, z) && at(cells[i]) <= std::max(a, z)) return false;
  }
  if (p.contains("counting_circles")) {
    // Each digit in no circle or in exactly as many circles as its value.
    std::map<int, int> in_circles;
    for (auto x : rcs(p["counting_circles"])) in_circles[at(x)]++;
    for (auto [d, k] : in_circles)
      if (k != d) return false;
  }
  for (const auto& l : p.value("difference_count", nlohmann::json::array())) {
    // Every difference between neighbours on the line occurs on that many pairs.
    auto cells = rcs(l["cells"]);
    std::vector<int> diffs;
    for (std::size_t i = 0; i + 1 < cells.size(); ++i) diffs.push_back(std::abs(at(cells[i]) - at(cells[i + 1])));
    for (int k : diffs)
      if (std::count(diffs.begin(), diffs.end(), k) != k) return false;
  }
  if (p.value("mixed_parity_triples", false))
    for (int a = 0; a < n; ++a)
      for (int b = 0; b + 2 < n; ++b) {
        if (g[a][b] % 2 == g[a][b + 1] % 2 && g[a][b + 1] % 2 == g[a][b + 2] % 2) return false;
        if (g[b][a] % 2 == g[b + 1][a] % 2 && g[b + 1][a] % 2 == g[b + 2][a] % 2) return false;
      }
  for (const auto& k : p.value("digital_root", nlohmann::json::array())) {
    auto cells = rcs(k["cells"]);
    if (!distinct_cells(g, cells)) return false;
    int s = 0;
    for (auto x : cells) s += at(x);
    if (1 + (s - 1) % 9 != k["root"].get<int>()) return false;
  }
  {
    // Indexers: column (r,c)=d puts c+1 at (r,d-1); row (r,c)=d puts r+1 at
    // (d-1,c); box: position p of its box holding d puts p+1 at position d.
    auto [br, bc] = box_of(p, n);
    for (auto x : rcs(p.value("column_indexer", nlohmann::json::array())))
      if (g[x.first][at(x) - 1] != x.second + 1) return false;
    for (auto x : rcs(p.value("row_indexer", nlohmann::json::array())))
      if (g[at(x) - 1][x.second] != x.first + 1) return false;
    for (auto x : rcs(p.value("box_indexer", nlohmann::json::array()))) {
      int r0 = x.first / br * br, c0 = x.second / bc * bc, pos = (x.first - r0) * bc + (x.second - c0), d = at(x);
      if (g[r0 + (d - 1) / bc][c0 + (d - 1) % bc] != pos + 1) return false;
    }
  }
  auto moves_differ = [&](const std::vector<RC>& steps) {
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        for (auto [dr, dc] : steps) {
          int r2 = r + dr, c2 = c + dc;
          if (r2 >= 0 && c2 >= 0 && r2 < n && c2 < n && g[r][c] == g[r2][c2]) return false;
        }
    return true;
  };
  if (p.value("anti_knight", false) && !moves_differ({{1, 2}, {2, 1}, {1, -2}, {2, -1}})) return false;
  if (p.value("anti_king", false) && !moves_differ({{1, 1}, {1, -1}})) return false;
  for (auto x : rcs(p.value("odd", nlohmann::json::array())))
    if (at(x) % 2 == 0) return false;
  for (auto x : rcs(p.value("even", nlohmann::json::array())))
    if (at(x) % 2 == 1) return false;
  for (const char* which : {"minimum", "maximum"}) {
    auto set = rcs(p.value(which, nlohmann::json::array()));
    for (auto x : set)
      for (RC d : {RC{1, 0}, RC{-1, 0}, RC{0, 1}, RC{0, -1}}) {
        RC y{x.first + d.first, x.second + d.second};
        if (y.first < 0 || y.second < 0 || y.first >= n || y.second >= n) continue;
        if (std::find(set.begin(), set.end(), y) != set.end()) continue;
        if (std::string(which) == "minimum" ? at(x) >= at(y) : at(x) <= at(y)) return false;
      }
  }
  for (const auto& q : p.value("quadruple", nlohmann::json::array())) {
    std::multiset<int> have;
    for (auto x : rcs(q["cells"])) have.insert(at(x));
    std::map<int, int> want;
    for (const auto& d : q["digits"]) want[d.get<int>()]++;
    for (auto [d, k] : want)
      if (static_cast<int>(have.count(d)) < k) return false;
  }
  for (const auto& e : p.value("extra_regions", nlohmann::json::array()))
    if (!distinct_cells(g, rcs(e["cells"]))) return false;
  if (p.value("disjoint_groups", false)) {
    int br = p.contains("box") ? p["box"][0].get<int>() : 0, bc = 0;
    if (!br) {
      for (int a = 1; a * a <= n; ++a)
        if (n % a == 0) br = a;
    }
    bc = n / br;
    std::map<RC, std::set<int>> seen;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        if (!seen[{r % br, c % bc}].insert(g[r][c]).second) return false;
  }
  if (p.contains("diagonals")) {
    if (p["diagonals"].value("main", false)) {
      std::vector<RC> d;
      for (int i = 0; i < n; ++i) d.push_back({i, i});
      if (!distinct_cells(g, d)) return false;
    }
    if (p["diagonals"].value("anti", false)) {
      std::vector<RC> d;
      for (int i = 0; i < n; ++i) d.push_back({n - 1 - i, i});
      if (!distinct_cells(g, d)) return false;
    }
  }
  for (const auto& c : p.value("candidates", nlohmann::json::array())) {
    bool ok = false;
    for (const auto& d : c["digits"]) ok = ok || at(rc(c["cell"])) == d.get<int>();
    if (!ok) return false;
  }
  for (const auto& cl : p.value("clone", nlohmann::json::array())) {
    auto a = rcs(cl["cells"]), b = rcs(cl["copy"]);
    for (std::size_t i = 0; i < a.size(); ++i)
      if (at(a[i]) != at(b[i])) return false;
  }
  return true;
}

// Pruning for the counter: the global rules that relate two cells, checked
// between a newly placed digit and the cells filled before it.
inline bool partial_ok(const nlohmann::json& p, const Grid& g, int r, int c) {
  const int n = static_cast<int>(g.size()), d = g[r][c];
  auto clash = [&](int r2, int c2, const std::function<bool(int, int)>& bad) {
    return r2 >= 0 && c2 >= 0 && r2 < n && c2 < n && g[r2][c2] != 0 && bad(d, g[r2][c2]);
  };
  auto same = [](int a, int b) { return a == b; };
  if (p.value("anti_knight", false))
    for (auto [dr, dc] : std::vector<RC>{{1, 2}, {2, 1}, {1, -2}, {2, -1}, {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}})
      if (clash(r + dr, c + dc, same)) return false;
  if (p.value("anti_king", false))
    for (auto [dr, dc] : std::vector<RC>{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
      if (clash(r + dr, c + dc, same)) return false;
  if (p.value("non_consecutive", false) && !p.contains("kropki"))
    for (auto [dr, dc] : std::vector<RC>{{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
      if (clash(r + dr, c + dc, [](int a, int b) { return std::abs(a - b) == 1; })) return false;
  if (p.value("disjoint_groups", false) && !p.contains("box")) {
    int br = 0;
    for (int a = 1; a * a <= n; ++a)
      if (n % a == 0) br = a;
    int bc = n / br;
    for (int r2 = r % br; r2 < n; r2 += br)
      for (int c2 = c % bc; c2 < n; c2 += bc)
        if ((r2 != r || c2 != c) && g[r2][c2] == d) return false;
  }
  if (p.contains("diagonals")) {
    for (int i = 0; i < n; ++i) {
      if (p["diagonals"].value("main", false) && r == c && i != r && g[i][i] == d) return false;
      if (p["diagonals"].value("anti", false) && r + c == n - 1 && i != r && g[i][n - 1 - i] == d) return false;
    }
  }
  return true;
}

// Every grid with the puzzle's givens (`grid` as one string of n*n
// characters, '.' blank) that satisfies rows, columns, regions and the
// variant clues; `visit` is called on each, up to `limit` of them.
inline uint64_t count_solutions(const nlohmann::json& p, uint64_t limit,
                                const std::function<void(const Grid&)>& visit = {}) {
  const int n = p.contains("size") ? p["size"].get<int>() : static_cast<int>(p["regions"].size());
  auto reg = regions_of(p, n);
  Grid g(n, std::vector<int>(n, 0));
  std::vector<int> givens(static_cast<std::size_t>(n) * n, 0);
  if (p.contains("grid")) {
    std::string s = p["grid"];
    for (int i = 0; i < n * n; ++i) givens[i] = s[i] == '.' ? 0 : s[i] - '0';
  }
  uint64_t found = 0;
  std::function<void(int)> dfs = [&](int i) {
    if (found >= limit) return;
    if (i == n * n) {
      if (satisfies(p, g)) {
        found++;
        if (visit) visit(g);
      }
      return;
    }
    int r = i / n, c = i % n;
    for (int d = 1; d <= n; ++d) {
      if (givens[i] && givens[i] != d) continue;
      bool ok = true;
      for (int k = 0; k < n && ok; ++k) ok = !(g[r][k] == d || g[k][c] == d);
      for (int rr = 0; rr < n && ok; ++rr)
        for (int cc = 0; cc < n && ok; ++cc)
          if (reg[r][c] >= 0 && reg[rr][cc] == reg[r][c] && g[rr][cc] == d) ok = false;
      if (!ok) continue;
      g[r][c] = d;
      if (partial_ok(p, g, r, c)) dfs(i + 1);
      g[r][c] = 0;
    }
  };
  dfs(0);
  return found;
}

}  // namespace psmt::testing::variants
