// Variant sudoku: every constraint family on random small instances (4x4 and
// 6x6, with and without jigsaw regions), exact solution counts in every
// encoding checked against a plain backtracking counter that reads the rules
// from the JSON itself (variant_rules.h); the checker on mutated solutions;
// labels and ids; the Z3 hazard reproducer with variant clues.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <set>

#include <fmt/format.h>

#include "encoders/sudoku/sudoku.h"
#include "engine/cnf.h"
#include "engine/export.h"
#include "helpers.h"
#include "variant_rules.h"

namespace psmt::testing {
namespace {

using variants::Grid;
using nlohmann::json;

json cell(int r, int c) { return json::array({r, c}); }

bool is_global(const std::string& family) {
  return family == "anti_knight" || family == "anti_king" || family == "non_consecutive" ||
         family == "disjoint_groups" || family == "diagonals" || family == "mixed_parity_triples";
}

struct Gen {
  std::mt19937 rng;
  int n;
  Grid s;  // a solution the clues are drawn from

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
  bool coin(int percent = 50) { return pick(1, 100) <= percent; }

  // A random walk of king moves without revisiting a cell.
  std::vector<std::pair<int, int>> path(int len, bool orthogonal_only = false) {
    std::vector<std::pair<int, int>> p{{pick(0, n - 1), pick(0, n - 1)}};
    while (static_cast<int>(p.size()) < len) {
      std::vector<std::pair<int, int>> next;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          if ((dr == 0 && dc == 0) || (orthogonal_only && dr != 0 && dc != 0)) continue;
          std::pair<int, int> q{p.back().first + dr, p.back().second + dc};
          if (q.first < 0 || q.second < 0 || q.first >= n || q.second >= n) continue;
          if (std::find(p.begin(), p.end(), q) != p.end()) continue;
          next.push_back(q);
        }
      if (next.empty()) break;
      p.push_back(next[pick(0, static_cast<int>(next.size()) - 1)]);
    }
    return p;
  }
  // A closed line: three cells of a 2x2 square (the last next to the first).
  std::vector<std::pair<int, int>> square_loop() {
    int r = pick(0, n - 2), c = pick(0, n - 2);
    std::vector<std::pair<int, int>> sq = {{r, c}, {r, c + 1}, {r + 1, c + 1}, {r + 1, c}};
    sq.erase(sq.begin() + pick(0, 3));
    return sq;
  }
  json cells(const std::vector<std::pair<int, int>>& p) {
    json a = json::array();
    for (auto [r, c] : p) a.push_back(cell(r, c));
    return a;
  }
  int at(std::pair<int, int> x) { return s[x.first][x.second]; }
  std::pair<int, int> orth_pair_cells(std::pair<int, int>& b) {
    auto p = path(2, true);
    b = p.size() > 1 ? p[1] : p[0];
    return p[0];
  }

  // Clues of one family, mostly true of s, sometimes not.
  void add(json& p, const std::string& family) {
    const int count = pick(1, 3);
    if (family == "killer") {
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 3), true);
        json k = {{"cells", cells(c)}};
        int sum = 0;
        for (auto x : c) sum += at(x);
        if (coin(80)) k["sum"] = sum + (coin(85) ? 0 : 1);
        p["killer"].push_back(k);
      }
    } else if (family == "thermo") {
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 3));
        std::sort(c.begin(), c.end(), [&](auto a, auto b) { return at(a) < at(b); });
        if (coin(15)) std::reverse(c.begin(), c.end());
        p["thermo"].push_back({{"cells", cells(c)}});
      }
    } else if (family == "arrow") {
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 3));
        std::vector<std::pair<int, int>> line(c.begin() + 1, c.end());
        int sum = 0;
        for (auto x : line) sum += at(x);
        for (int r = 0; r < n && coin(85); ++r)  // a circle that holds the sum, mostly
          for (int q = 0; q < n; ++q)
            if (s[r][q] == sum && std::find(line.begin(), line.end(), std::pair{r, q}) == line.end()) c[0] = {r, q};
        p["arrow"].push_back({{"circle", cells({c[0]})}, {"line", cells(line)}});
      }
      if (coin(30)) {  // a two-cell pill
        auto c = path(4, true);
        p["arrow"].push_back({{"circle", cells({c[0], c[1]})}, {"line", cells({c[2], c[3]})}});
      }
    } else if (family == "whispers") {
      for (int i = 0; i < count; ++i) p["whispers"].push_back({{"cells", cells(path(pick(2, 3)))}, {"difference", pick(2, n / 2 + 1)}});
    } else if (family == "renban") {
      for (int i = 0; i < count; ++i) p["renban"].push_back({{"cells", cells(path(pick(2, 3)))}});
    } else if (family == "palindrome") {
      for (int i = 0; i < count; ++i) {
        auto c = path(3);
        const bool want_true = coin(90);
        for (int t = 0; t < 200 && want_true && at(c.front()) != at(c.back()); ++t) c = path(3);
        p["palindrome"].push_back({{"cells", cells(c)}});
      }
    } else if (family == "slow_thermo") {
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 4));
        std::stable_sort(c.begin(), c.end(), [&](auto a, auto b) { return at(a) < at(b); });
        if (coin(15)) std::reverse(c.begin(), c.end());
        p["slow_thermo"].push_back({{"cells", cells(c)}});
      }
    } else if (family == "region_sum") {
      // Lines across region borders; sums mostly equal by luck of the walk.
      for (int i = 0; i < count; ++i) p["region_sum"].push_back({{"cells", cells(path(pick(2, 4), coin()))}});
      if (coin(40)) p["region_sum"].push_back({{"cells", cells(square_loop())}, {"loop", true}});
    } else if (family == "zipper") {
      for (int i = 0; i < count; ++i) p["zipper"].push_back({{"cells", cells(path(pick(3, 4)))}});
    } else if (family == "entropic") {
      // Mostly lines the solution keeps (every three in a row in different thirds).
      auto holds = [&](const std::vector<std::pair<int, int>>& c) {
        auto third = [&](std::pair<int, int> x) { return (at(x) - 1) / (n / 3); };
        for (std::size_t k = 0; k + 1 < c.size(); ++k)
          if (third(c[k]) == third(c[k + 1]) || (k + 2 < c.size() && third(c[k]) == third(c[k + 2]))) return false;
        return true;
      };
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 4));
        const bool want_true = coin(80);
        for (int t = 0; t < 300 && want_true && !holds(c); ++t) c = path(pick(2, 4));
        p["entropic"].push_back({{"cells", cells(c)}});
      }
      if (coin(40)) p["entropic"].push_back({{"cells", cells(square_loop())}, {"loop", true}});
    } else if (family == "modular" || family == "nabner") {
      // Mostly lines the solution keeps.
      auto holds = [&](const std::vector<std::pair<int, int>>& c) {
        for (std::size_t a = 0; a < c.size(); ++a)
          for (std::size_t b = a + 1; b < c.size(); ++b) {
            if (family == "nabner" && std::abs(at(c[a]) - at(c[b])) < 2) return false;
            if (family == "modular" && b - a <= 2 && at(c[a]) % 3 == at(c[b]) % 3) return false;
          }
        return true;
      };
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 4));
        const bool want_true = coin(80);
        for (int t = 0; t < 300 && want_true && !holds(c); ++t) c = path(pick(2, 4));
        p[family].push_back({{"cells", cells(c)}});
      }
      if (family == "modular" && coin(40)) p["modular"].push_back({{"cells", cells(square_loop())}, {"loop", true}});
    } else if (family == "double_arrow") {
      for (int i = 0; i < count; ++i) p["double_arrow"].push_back({{"cells", cells(path(pick(3, 4)))}});
    } else if (family == "lockout") {
      for (int i = 0; i < count; ++i) {
        const int k = coin(40) ? pick(1, n / 2) : 4;
        auto holds = [&](const std::vector<std::pair<int, int>>& c) {
          int a = at(c.front()), z = at(c.back());
          if (std::abs(a - z) < k) return false;
          for (std::size_t j = 1; j + 1 < c.size(); ++j)
            if (at(c[j]) >= std::min(a, z) && at(c[j]) <= std::max(a, z)) return false;
          return true;
        };
        auto c = path(pick(2, 4));
        const bool want_true = coin(80);
        for (int t = 0; t < 300 && want_true && !holds(c); ++t) c = path(pick(2, 4));
        json l = {{"cells", cells(c)}};
        if (k != 4) l["difference"] = k;
        p["lockout"].push_back(l);
      }
    } else if (family == "digital_root") {
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 3), true);
        int sum = 0;
        for (auto x : c) sum += at(x);
        p["digital_root"].push_back({{"cells", cells(c)}, {"root", coin(85) ? 1 + (sum - 1) % 9 : pick(1, 9)}});
      }
    } else if (family == "counting_circles") {
      // Circles round all the cells of a few digits d that hold d in d
      // places (a 1 once, two of the 2s...), sometimes one circle more.
      std::vector<std::pair<int, int>> circled;
      for (int d = 1; d <= std::min(n, 3); ++d) {
        if (!coin(60)) continue;
        std::vector<std::pair<int, int>> where;
        for (int r = 0; r < n; ++r)
          for (int c = 0; c < n; ++c)
            if (s[r][c] == d) where.push_back({r, c});
        std::shuffle(where.begin(), where.end(), rng);
        circled.insert(circled.end(), where.begin(), where.begin() + d);
      }
      if (circled.empty() || coin(20)) circled.push_back({pick(0, n - 1), pick(0, n - 1)});
      std::sort(circled.begin(), circled.end());
      circled.erase(std::unique(circled.begin(), circled.end()), circled.end());
      p["counting_circles"] = cells(circled);
    } else if (family == "difference_count") {
      // Lines of 2 to 4 cells, mostly ones the solution keeps (1; 2 2; 1 2 2; 3 3 3).
      auto holds = [&](const std::vector<std::pair<int, int>>& c) {
        std::vector<int> diffs;
        for (std::size_t i = 0; i + 1 < c.size(); ++i) diffs.push_back(std::abs(at(c[i]) - at(c[i + 1])));
        for (int k : diffs)
          if (std::count(diffs.begin(), diffs.end(), k) != k) return false;
        return true;
      };
      for (int i = 0; i < count; ++i) {
        auto c = path(pick(2, 4));
        const bool want_true = coin(90);
        for (int t = 0; t < 300 && want_true && !holds(c); ++t) c = path(pick(2, 4));
        p["difference_count"].push_back({{"cells", cells(c)}});
      }
    } else if (family == "x_sum") {
      json sides = json::object();
      for (const char* side : {"top", "bottom", "left", "right"}) sides[side] = json(n, nullptr);
      for (int i = 0; i < count; ++i) {
        const std::string side = std::vector<const char*>{"top", "bottom", "left", "right"}[pick(0, 3)];
        int k = pick(0, n - 1);
        auto h = [&](int j) { return side == "top" ? s[j][k] : side == "bottom" ? s[n - 1 - j][k] : side == "left" ? s[k][j] : s[k][n - 1 - j]; };
        int sum = 0;
        for (int j = 0; j < h(0); ++j) sum += h(j);
        sides[side][k] = coin(85) ? sum : pick(1, n * 2);
      }
      p["x_sum"] = sides;
    } else if (family == "row_indexer" || family == "column_indexer" || family == "box_indexer") {
      // A few indexer cells, mostly where the solution obeys them.
      std::vector<std::pair<int, int>> ok, all;
      int br = 1;
      for (int a = 1; a * a <= n; ++a)
        if (n % a == 0) br = a;
      const int bc = n / br;
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          int d = s[r][c];
          bool holds = family == "column_indexer" ? s[r][d - 1] == c + 1
                       : family == "row_indexer"  ? s[d - 1][c] == r + 1
                                                  : s[r / br * br + (d - 1) / bc][c / bc * bc + (d - 1) % bc] ==
                                                        (r - r / br * br) * bc + (c - c / bc * bc) + 1;
          all.push_back({r, c});
          if (holds) ok.push_back({r, c});
        }
      std::vector<std::pair<int, int>> chosen;
      for (int i = 0; i < count; ++i) {
        const auto& from = !ok.empty() && coin(85) ? ok : all;
        chosen.push_back(from[pick(0, static_cast<int>(from.size()) - 1)]);
      }
      std::sort(chosen.begin(), chosen.end());
      chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
      p[family] = cells(chosen);
    } else if (family == "between") {
      for (int i = 0; i < count; ++i) p["between"].push_back({{"cells", cells(path(pick(3, 4)))}});
    } else if (family == "kropki") {
      json k = {{"white", json::array()}, {"black", json::array()}};
      for (int i = 0; i < count + 1; ++i) {
        std::pair<int, int> b;
        auto a = orth_pair_cells(b);
        if (a == b) continue;
        int x = at(a), y = at(b);
        bool white = std::abs(x - y) == 1 ? true : (x == 2 * y || y == 2 * x) ? false : coin();
        json dot = {{"cells", cells({a, b})}};
        if (coin(15)) dot["value"] = white ? 2 : 3;
        k[white ? "white" : "black"].push_back(dot);
      }
      if (coin(40)) k["negative"] = coin() ? json(true) : json::array({coin() ? "white" : "black"});
      p["kropki"] = k;
    } else if (family == "xv") {
      json k = {{"x", json::array()}, {"v", json::array()}};
      for (int i = 0; i < count + 1; ++i) {
        std::pair<int, int> b;
        auto a = orth_pair_cells(b);
        if (a == b) continue;
        int sum = at(a) + at(b);
        if (sum != 5 && sum != 10 && coin(85)) continue;
        k[sum == 10 ? "x" : sum == 5 ? "v" : (coin() ? "x" : "v")].push_back({{"cells", cells({a, b})}});
      }
      if (coin(30)) k["negative"] = true;
      p["xv"] = k;
    } else if (family == "little_killer") {
      for (int i = 0; i < count; ++i) {
        int r = -1, c = pick(0, n - 1);
        std::string dir = coin() ? "DR" : "DL";
        if (coin()) {  // from the left side
          r = pick(0, n - 1);
          c = -1;
          dir = coin() ? "DR" : "UR";
        }
        int dr = dir[0] == 'D' ? 1 : -1, dc = dir[1] == 'R' ? 1 : -1, sum = 0, len = 0;
        for (int y = r + dr, x = c + dc; y >= 0 && x >= 0 && y < n && x < n; y += dr, x += dc, ++len) sum += s[y][x];
        if (len == 0) continue;
        p["little_killer"].push_back({{"clue", cell(r, c)}, {"direction", dir}, {"sum", sum + (coin(85) ? 0 : 1)}});
      }
    } else if (family == "sandwich") {
      json rows(n, nullptr), cols(n, nullptr);
      for (int i = 0; i < count; ++i) {
        int k = pick(0, n - 1);
        bool row = coin();
        std::vector<int> line;
        for (int j = 0; j < n; ++j) line.push_back(row ? s[k][j] : s[j][k]);
        int lo = static_cast<int>(std::find(line.begin(), line.end(), 1) - line.begin());
        int hi = static_cast<int>(std::find(line.begin(), line.end(), n) - line.begin());
        int sum = 0;
        for (int j = std::min(lo, hi) + 1; j < std::max(lo, hi); ++j) sum += line[j];
        (row ? rows : cols)[k] = sum;
      }
      p["sandwich"] = {{"rows", rows}, {"columns", cols}};
    } else if (family == "skyscrapers") {
      json sides = json::object();
      for (const char* side : {"top", "bottom", "left", "right"}) sides[side] = json(n, nullptr);
      for (int i = 0; i < count; ++i) {
        const char* side = std::vector<const char*>{"top", "bottom", "left", "right"}[pick(0, 3)];
        int k = pick(0, n - 1), seen = 0, tallest = 0;
        for (int j = 0; j < n; ++j) {
          std::string sd = side;
          int h = sd == "top" ? s[j][k] : sd == "bottom" ? s[n - 1 - j][k] : sd == "left" ? s[k][j] : s[k][n - 1 - j];
          if (h > tallest) {
            tallest = h;
            seen++;
          }
        }
        sides[side][k] = coin(85) ? seen : pick(1, n);
      }
      p["skyscrapers"] = sides;
    } else if (is_global(family)) {
      // set before the solution is drawn (see the test)
    } else if (family == "odd" || family == "even") {
      std::set<std::pair<int, int>> used;
      for (int i = 0; i < count; ++i) {
        auto c = path(1)[0];
        if (!used.insert(c).second) continue;
        bool odd = at(c) % 2 == 1;
        if (coin(15)) odd = !odd;
        p[odd ? "odd" : "even"].push_back(cell(c.first, c.second));
      }
    } else if (family == "minimum" || family == "maximum") {
      std::set<std::pair<int, int>> used;
      for (int i = 0; i < count; ++i) {
        auto c = path(1)[0];
        if (!used.insert(c).second) continue;
        p[family].push_back(cell(c.first, c.second));
      }
    } else if (family == "quadruple") {
      int r = pick(0, n - 2), c = pick(0, n - 2);
      std::vector<std::pair<int, int>> q{{r, c}, {r, c + 1}, {r + 1, c}, {r + 1, c + 1}};
      json ds = json::array();
      for (int i = 0; i < pick(1, 3); ++i) ds.push_back(coin(80) ? at(q[pick(0, 3)]) : pick(1, n));
      p["quadruple"].push_back({{"cells", cells(q)}, {"digits", ds}});
    } else if (family == "extra_regions") {
      for (int i = 0; i < count; ++i) p["extra_regions"].push_back({{"cells", cells(path(pick(2, 4)))}});
    } else if (family == "candidates") {
      std::set<std::pair<int, int>> used;
      for (int i = 0; i < count + 1; ++i) {
        auto c = path(1)[0];
        if (!used.insert(c).second) continue;
        json ds = json::array({coin(85) ? at(c) : pick(1, n)});
        for (int k = 0; k < pick(0, 2); ++k) ds.push_back(pick(1, n));
        p["candidates"].push_back({{"cell", cell(c.first, c.second)}, {"digits", ds}});
      }
    } else if (family == "clone") {
      auto a = path(2, true);
      auto b = path(2, true);
      if (a[0] != b[0] && a[0] != b[1] && a[1] != b[0] && a[1] != b[1])
        p["clone"].push_back({{"cells", cells(a)}, {"copy", cells(b)}});
    }
  }
};

// A random solution of the shape (regions map or boxes).
Grid random_solution(const json& shape, std::mt19937& rng) {
  std::vector<Grid> some;
  uint64_t want = std::uniform_int_distribution<int>(1, 60)(rng);
  variants::count_solutions(shape, want, [&](const Grid& g) { some.push_back(g); });
  return some.empty() ? Grid{} : some.back();
}

const char* kFamilies[] = {"killer", "thermo", "slow_thermo", "region_sum", "zipper", "entropic", "modular", "nabner",
                           "double_arrow", "lockout", "digital_root", "counting_circles", "difference_count", "mixed_parity_triples", "x_sum", "row_indexer", "column_indexer", "box_indexer",
                           "arrow", "whispers", "renban", "palindrome", "between",
                           "kropki", "xv", "little_killer", "sandwich", "skyscrapers", "anti_knight", "anti_king",
                           "non_consecutive", "disjoint_groups", "diagonals", "odd", "even", "minimum",
                           "maximum", "quadruple", "extra_regions", "clone", "candidates"};

// A 6x6 jigsaw that has solutions.
const std::vector<std::string> kJigsaw6 = {"AAABBB", "AACCBB", "ADCCCB", "DDDCEE", "FDDEEE", "FFFFFE"};

struct Case {
  json puzzle;
  uint64_t expected;
};

void run_case(const Case& cs, const std::string& what) {
  auto lp = puzzle_from_text(cs.puzzle.dump());
  for (const auto& enc : encodings_of("sudoku")) {
    Result r = run_puzzle(lp, enc, 0);
    ASSERT_TRUE(r.complete) << what << " " << enc;
    EXPECT_EQ(r.solutions_found, cs.expected) << what << " " << enc << "\n" << cs.puzzle.dump();
  }
}

class FamilyCounts : public ::testing::TestWithParam<std::string> {};
INSTANTIATE_TEST_SUITE_P(Variants, FamilyCounts, ::testing::ValuesIn(std::vector<std::string>(std::begin(kFamilies), std::end(kFamilies))));

// For each family: random 4x4 and 6x6 instances (6x6 with givens from the
// solution, to keep the counts small), some with jigsaw regions; exact
// counts in every encoding equal the backtracking counter's.
TEST_P(FamilyCounts, ExactCountsMatchBacktracking) {
  const std::string family = GetParam();
  std::mt19937 rng(std::hash<std::string>{}(family) % 100000);
  // A global rule may leave no grid at all on a shape (anti-king and
  // non-consecutive on 4x4, anti-king on the 6x6 jigsaw): that is checked
  // once, in every encoding, and the rounds then use shapes it leaves open.
  auto shape = [&](int n, bool jigsaw, int round) {
    json p = {{"kind", "sudoku"}, {"size", n}};
    if (jigsaw) p["regions"] = kJigsaw6;
    if (family == "diagonals") p["diagonals"] = {{"main", round % 3 != 2}, {"anti", round % 3 != 1}};
    else if (is_global(family)) p[family] = true;
    return p;
  };
  // Entropic lines need digits in thirds: 6x6 only.
  bool small_ok = family != "entropic", jigsaw_ok = family != "disjoint_groups" && family != "box_indexer";
  if (is_global(family)) {
    for (bool jigsaw : {false, true}) {
      json p = shape(jigsaw ? 6 : 4, jigsaw, 0);
      if (variants::count_solutions(p, 1) > 0) continue;
      (jigsaw ? jigsaw_ok : small_ok) = false;
      if (!jigsaw) run_case({p, 0}, fmt::format("{} alone on {}", family, jigsaw ? "the 6x6 jigsaw" : "4x4"));
    }
  }
  // The sanitizer pass stops once every family's encoders have run in every
  // encoding on 2 rounds, one of them with solutions: the other rounds
  // repeat, on other instances, work done in the solvers (456 of its 1,519
  // test seconds were these 41 tests at 14 rounds, 326 of 1,060 at 5, 118
  // of 755 at 3).
  int checked = 0, with_solutions = 0;
  for (int round = 0; round < 14; ++round) {
    if (PSMT_SANITIZED && round >= 2 && checked >= 2 && with_solutions >= 1) break;
    const bool big = round % 2 == 1 || !small_ok;
    const bool jigsaw = big && round % 4 == 3 && jigsaw_ok;
    const int n = big ? 6 : 4;
    json p = shape(n, jigsaw, round);
    Gen gen{rng, n, random_solution(p, rng)};
    ASSERT_FALSE(gen.s.empty()) << p.dump();
    gen.add(p, family);
    if (family != "killer" && gen.coin(30)) gen.add(p, "killer");  // families together
    if (big) {  // givens from the solution
      std::string grid(36, '.');
      for (int k = 0; k < 18; ++k) {
        int i = gen.pick(0, 35);
        grid[i] = static_cast<char>('0' + gen.s[i / 6][i % 6]);
      }
      p["grid"] = grid;
    }
    rng = gen.rng;
    uint64_t expected = variants::count_solutions(p, 5000);
    if (expected >= 5000) continue;
    run_case({p, expected}, fmt::format("{} round {}", family, round));
    checked++;
    with_solutions += expected > 0;
    if (HasFatalFailure()) return;
  }
  EXPECT_GE(checked, PSMT_SANITIZED ? 2 : 8) << family;
  EXPECT_GE(with_solutions, PSMT_SANITIZED ? 1 : 3) << family;
}

// Small hand-made instances with known counts, one per family, in the
// puzzle format people write: cells as "r1c1" strings.
TEST(Variants, HandMadeCounts) {
  struct HandCase {
    const char* json;
    uint64_t count;
  };
  const HandCase cases[] = {
      // 4x4: 288 grids; a cage r1c1+r1c2 = 3 forces {1,2}
      {R"({"kind":"sudoku","size":4,"killer":[{"cells":"r1c1 r1c2","sum":3}]})", 288 / 6 * 2 / 2},
      {R"({"kind":"sudoku","size":4,"thermo":[{"cells":"r1c1 r1c2 r2c1 r2c2"}]})", 12},
      {R"({"kind":"sudoku","size":4,"anti_knight":true,"anti_king":true})", 0},
  };
  for (const auto& hc : cases) {
    json p = json::parse(hc.json);
    // The hand-written cells as [row, col] for the counter.
    for (const char* key : {"killer", "thermo"})
      if (p.contains(key))
        for (auto& item : p[key]) {
          json arr = json::array();
          std::string s = item["cells"];
          for (std::size_t i = 0; i < s.size();) {
            int r = 0, c = 0, used = 0;
            std::sscanf(s.c_str() + i, " r%dc%d%n", &r, &c, &used);
            arr.push_back(cell(r - 1, c - 1));
            i += static_cast<std::size_t>(used);
          }
          item["cells"] = arr;
        }
    uint64_t expected = variants::count_solutions(p, 100000);
    EXPECT_EQ(expected, hc.count) << hc.json;
    run_case({json::parse(hc.json), expected}, hc.json);
  }
}


// What unit propagation alone excludes before any search, on the clauses a
// SAT solver gets (export --dimacs, then the top level's unit propagation,
// engine/cnf.h simplify_by_units): the decision literals fixed false, by
// name (b_ROW_COL_DIGIT). "Cell c holds one of these digits" (Builder::among)
// must exclude the other digits at once; as a clause of the set's digits it
// excluded nothing on Renban Skyscrapers, and the search took ~900
// conflicts in place of ~150.
std::set<std::string> excluded_at_the_root(const LoadedPuzzle& lp) {
  const std::string cnf = export_dimacs(*lp.encoder, *lp.puzzle, "bool-pairwise");
  std::vector<std::pair<std::string, int>> decision;
  std::vector<int> flat;
  std::istringstream in(cnf);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("c var ", 0) == 0) {
      std::istringstream v(line.substr(6));
      std::string name;
      int lit = 0;
      v >> name >> lit;
      decision.push_back({name, lit});
      continue;
    }
    if (line.empty() || line[0] == 'c' || line[0] == 'p') continue;
    std::istringstream c(line);
    for (int lit; c >> lit;) flat.push_back(lit);
  }
  const std::vector<int> simple = detail::simplify_by_units(flat);
  std::set<int> units;
  for (std::size_t i = 0; i + 1 < simple.size(); ++i)
    if (simple[i + 1] == 0 && (i == 0 || simple[i - 1] == 0)) units.insert(simple[i]);
  std::set<std::string> out;
  for (const auto& [name, lit] : decision)
    if (units.count(-lit)) out.insert(name);
  return out;
}
std::size_t excluded_at_the_root(const std::string& file) { return excluded_at_the_root(puzzle_from_file(file)).size(); }

TEST(Variants, AnArrowAcrossBoxesBoundsItsCircleByUnitPropagation) {
  // r2c2 and r3c3 differ (one box) and r4c4 is at least 1: the circle r1c1
  // is at least 4, and r4c4 at most 6. The arrow is one sum over the cells'
  // digits, which the clause builder must see as one-hot groups; with the
  // circle's 9 weighing 0 (left out of the sum) it wrote the sum over the
  // single literals, which excluded nothing before search.
  const auto out = excluded_at_the_root(puzzle_from_text(
      R"({"kind": "sudoku", "size": 9, "arrow": [{"circle": [[0, 0]], "line": [[1, 1], [2, 2], [3, 3]]}]})"));
  for (const char* name : {"b_1_1_1", "b_1_1_2", "b_1_1_3", "b_4_4_7", "b_4_4_8", "b_4_4_9"})
    EXPECT_TRUE(out.count(name)) << name << " is not excluded";
  EXPECT_FALSE(out.count("b_1_1_4"));
}

TEST(Variants, AKillerCageStrikesADigitNoSetOfItsTotalHoldsByUnitPropagation) {
  // Two cells of 10 are {1,9}, {2,8}, {3,7} or {4,6}: never 5. Three of 22
  // are {5,8,9} or {6,7,9}: never 1 to 4. The cage names each set of its
  // total; "digit d is present only if a set with d is" lets unit
  // propagation strike such a digit from every cell of the cage (without it
  // the solver learnt as much by trying the digit).
  const auto out = excluded_at_the_root(puzzle_from_text(
      R"({"kind": "sudoku", "size": 9, "killer": [{"cells": [[0, 0], [0, 1]], "sum": 10}, {"cells": [[4, 0], [4, 1], [4, 2]], "sum": 22}]})"));
  for (const char* name : {"b_1_1_5", "b_1_2_5", "b_5_1_1", "b_5_2_2", "b_5_3_3", "b_5_3_4"})
    EXPECT_TRUE(out.count(name)) << name << " is not excluded";
  for (const char* name : {"b_1_1_4", "b_5_1_5", "b_5_3_9"}) EXPECT_FALSE(out.count(name)) << name << " is excluded";
}

TEST(Variants, ADigitEveryCageSetHoldsLeavesTheRestOfTheCagesHousesByUnitPropagation) {
  // r1c1 + r1c2 = 17 is {8,9}: 8 and 9 are in the cage, so in no other cell
  // of row 1 or box 1 (a column it does not lie in keeps them).
  const auto out = excluded_at_the_root(puzzle_from_text(
      R"({"kind": "sudoku", "size": 9, "killer": [{"cells": [[0, 0], [0, 1]], "sum": 17}]})"));
  for (const char* name : {"b_1_3_8", "b_1_9_9", "b_2_1_8", "b_3_3_9", "b_1_1_7"}) EXPECT_TRUE(out.count(name)) << name << " is not excluded";
  for (const char* name : {"b_2_4_8", "b_4_1_9", "b_1_1_8"}) EXPECT_FALSE(out.count(name)) << name << " is excluded";
}

TEST(Variants, AGroupOfASumStrikesTheDigitsItsRemainingTotalsLeaveByUnitPropagation) {
  // A little killer along r1c2, r2c1 (one box: different digits) of 5 is
  // {1,4} or {2,3}; the sums count such a group through its total, and the
  // digits a total leaves are struck from its cells by unit propagation
  // ("a digit is present only if a remaining set holds it").
  const auto out = excluded_at_the_root(puzzle_from_text(
      R"({"kind": "sudoku", "size": 9, "little_killer": [{"cells": [[0, 1], [1, 0]], "sum": 5}]})"));
  for (const char* name : {"b_1_2_5", "b_1_2_9", "b_2_1_6", "b_2_1_7"}) EXPECT_TRUE(out.count(name)) << name << " is not excluded";
  for (const char* name : {"b_1_2_1", "b_1_2_4", "b_2_1_2", "b_2_1_3"}) EXPECT_FALSE(out.count(name)) << name << " is excluded";
}

TEST(Variants, StatsSayWhatUnitPropagationSettledBeforeSearch) {
  // check --stats on CaDiCaL: the candidates excluded and the digits fixed
  // before the first search (the same count as the exported clauses give).
  CliResult r = run_cli({"check", "--json", "--stats", kSourceDir + "/puzzles/sudoku/sandwich_sudoku.json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);  // one object, one line
  EXPECT_EQ(j["stats"]["z3"]["excluded_before_search"], 648.0);
  EXPECT_EQ(j["stats"]["z3"]["fixed_before_search"], 81.0);
  CliResult t = run_cli({"check", "--stats", kSourceDir + "/puzzles/sudoku/sandwich_sudoku.json"});
  EXPECT_NE(t.out.find("before search 648 excluded, 81 fixed"), std::string::npos) << t.out;
}

TEST(Variants, TheDigitsACellIsLeftAreExcludedByUnitPropagation) {
  // Skyscrapers (height bounds, the running maximum) and zipper lines (the
  // digits a centre total leaves a cell) exclude candidates before search.
  EXPECT_GE(excluded_at_the_root("puzzles/sudoku/renban_skyscrapers_ctc_400k.json"), 150);
  EXPECT_GE(excluded_at_the_root("puzzles/sudoku/jumbled_joy.json"), 120);
  // Parity shading (every digit of the other parity) and arrows (a circle is
  // at least its arrow's smallest total): 36 with parity alone.
  EXPECT_GE(excluded_at_the_root("puzzles/sudoku/eddies.json"), 80);
  // Sandwiches: an end needs the other end where some set of digits fills
  // the gap; with it unit propagation solves CtC's "Sandwich Sudoku" (648:
  // every candidate but the solution's; 37 without).
  EXPECT_EQ(excluded_at_the_root("puzzles/sudoku/sandwich_sudoku.json"), 648u);
}

}  // namespace
}  // namespace psmt::testing

namespace psmt::testing {
namespace {

// A clue the editors let a setter type but the rules can never meet (a
// sandwich of 36 on a 9x9, whose most is 35; a skyscraper clue of 10) is a
// puzzle with no solution whose conflict is that clue, not malformed input.
TEST(Variants, AClueBeyondReachIsNoSolutionNamingIt) {
  nlohmann::json p = {{"kind", "sudoku"}, {"grid", std::vector<std::string>(9, ".........")}};
  p["sandwich"] = {{"rows", {36, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr}}};
  const std::string file = ::testing::TempDir() + "/sandwich36.json";
  std::ofstream(file) << p.dump();
  CliResult r = run_cli({"check", "--json", file});
  EXPECT_EQ(r.exit_code, 20) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "none");
  ASSERT_EQ(j["conflict"].size(), 1u) << r.out;
  EXPECT_EQ(j["conflict"][0]["id"], "sandwich/rows/0");
  // 35 is within reach.
  p["sandwich"]["rows"][0] = 35;
  std::ofstream(file) << p.dump();
  EXPECT_EQ(run_cli({"solve", "-q", file}).exit_code, 0);
  nlohmann::json s = {{"kind", "sudoku"}, {"grid", std::vector<std::string>(9, ".........")}};
  s["skyscrapers"] = {{"top", {10, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr}}};
  std::ofstream(file) << s.dump();
  r = run_cli({"check", "--json", file});
  EXPECT_EQ(r.exit_code, 20) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["conflict"][0]["id"], "skyscrapers/top/1");
}

}  // namespace
}  // namespace psmt::testing
