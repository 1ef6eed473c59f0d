// Fillomino over the engine's sized-areas rule: exact counts against brute
// force (every filling of a tiny board held to the plain checker) and, on
// 3x4 boards with many givens, against a pruning backtracker, the
// rule's cuts checked against its plain check, pzprjs's test puzzle and the
// collection's generated IDs solved to their numbers, a broken puzzle
// diagnosed, bad links and IDs refused in one line.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <sstream>

#include "encoders/pencil/fillomino.h"
#include "engine/graph.h"
#include "helpers.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

uint64_t count_fillomino(const fillomino::Board& b) {
  const int n = b.lat.cells();
  std::vector<int> number(static_cast<std::size_t>(n), 1);
  uint64_t count = 0;
  std::function<void(int)> go = [&](int i) {
    if (i == n) {
      count += fillomino::check_numbers(b, number).empty() ? 1 : 0;
      return;
    }
    for (int v = 1; v <= n; ++v) {
      number[static_cast<std::size_t>(i)] = v;
      go(i + 1);
    }
  };
  go(0);
  return count;
}

TEST(Fillomino, ExactCountsMatchBruteForceOnBothBackEnds) {
  std::mt19937 rng(23);
  int none = 0, several = 0;
  for (int round = 0; round < 14; ++round) {
    fillomino::Board b;
    const std::pair<int, int> shapes[] = {{2, 2}, {2, 3}, {3, 2}, {1, 5}, {1, 6}};
    b.lat = {shapes[rng() % 5].first, shapes[rng() % 5].second};
    if (b.lat.cells() > 6) b.lat = {2, 3};
    json grid = json::array();
    for (int r = 0; r < b.lat.rows; ++r) {
      json row = json::array();
      for (int c = 0; c < b.lat.cols; ++c) {
        const int v = rng() % 3 == 0 ? 1 + static_cast<int>(rng() % 3) : 0;
        b.given.push_back(v);
        row.push_back(v ? json(v) : json("."));
      }
      grid.push_back(row);
    }
    b.wall.assign(static_cast<std::size_t>(b.lat.steps()), false);
    json walls = json::array();
    if (round % 3 == 2 && b.lat.cols > 1) {  // a wall right of r1c1
      b.wall[static_cast<std::size_t>(b.lat.step_right(0, 0))] = true;
      walls.push_back("r1c1|r1c2");
    }
    const uint64_t want = count_fillomino(b);
    none += want == 0;
    several += want > 1;
    const json p = {{"kind", "fillomino"}, {"grid", grid}, {"walls", walls}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

// The same count by backtracking over the cells in reading order, a partial
// filling given up when an area of equal numbers has more cells than its
// number, or is closed in (no open neighbour left unfilled) with fewer:
// quick enough for a 3x4 board with numbers up to 12; every full filling
// still held to the plain checker.
uint64_t count_fillomino_pruned(const fillomino::Board& b) {
  const int n = b.lat.cells();
  const graph::Graph g = b.lat.cell_graph();
  std::vector<int> number(static_cast<std::size_t>(n), 0);  // 0: not yet filled
  // The area of equal numbers around cell i among the filled cells: its size, and whether it can still grow.
  auto area = [&](int i, int& size, bool& open) {
    std::vector<int> stack{i};
    std::vector<bool> in(static_cast<std::size_t>(n), false);
    in[static_cast<std::size_t>(i)] = true;
    size = 0;
    open = false;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      size++;
      for (int e : g.incident[static_cast<std::size_t>(v)]) {
        if (b.wall[static_cast<std::size_t>(e)]) continue;
        const int w = g.other(e, v);
        if (number[static_cast<std::size_t>(w)] == 0) open = true;
        if (number[static_cast<std::size_t>(w)] == number[static_cast<std::size_t>(i)] && !in[static_cast<std::size_t>(w)]) {
          in[static_cast<std::size_t>(w)] = true;
          stack.push_back(w);
        }
      }
    }
  };
  auto fine = [&](int i) {
    int size = 0;
    bool open = false;
    area(i, size, open);
    return size <= number[static_cast<std::size_t>(i)] && (open || size == number[static_cast<std::size_t>(i)]);
  };
  uint64_t count = 0;
  std::function<void(int)> go = [&](int i) {
    if (i == n) {
      count += fillomino::check_numbers(b, number).empty() ? 1 : 0;
      return;
    }
    const int given = b.given[static_cast<std::size_t>(i)];
    for (int v = given ? given : 1; v <= (given ? given : n); ++v) {
      number[static_cast<std::size_t>(i)] = v;
      bool ok = fine(i);
      for (int e : g.incident[static_cast<std::size_t>(i)]) {
        const int w = g.other(e, i);
        if (ok && number[static_cast<std::size_t>(w)] != 0) ok = fine(w);
      }
      if (ok) go(i + 1);
    }
    number[static_cast<std::size_t>(i)] = 0;
  };
  go(0);
  return count;
}

TEST(Fillomino, GivenNumbersOnAThreeByFourCountLikeTheBacktracker) {
  // The domains leave out the sizes the given numbers rule out (a size
  // reached from no given of it, nor room for an area without one): boards
  // with many givens, where that matters most, against a counter that knows
  // none of it. Each board starts from a filling of random areas, shows
  // each cell's number with odds of one half, and in one round of four
  // changes a shown number.
  std::mt19937 rng(29);
  Verdicts seen;
  for (int round = 0; round < 30; ++round) {
    fillomino::Board b;
    b.lat = {3, 4};
    const graph::Graph g = b.lat.cell_graph();
    std::vector<int> area(12, -1), number(12, 0);
    int areas = 0;
    for (int i = 0; i < 12; ++i) {
      if (area[static_cast<std::size_t>(i)] >= 0) continue;
      const int want = 1 + static_cast<int>(rng() % 4);
      std::vector<int> cells{i};
      area[static_cast<std::size_t>(i)] = areas;
      for (std::size_t at = 0; at < cells.size() && static_cast<int>(cells.size()) < want; ++at)
        for (int e : g.incident[static_cast<std::size_t>(cells[at])]) {
          const int w = g.other(e, cells[at]);
          if (area[static_cast<std::size_t>(w)] < 0 && static_cast<int>(cells.size()) < want && rng() % 3) {
            area[static_cast<std::size_t>(w)] = areas;
            cells.push_back(w);
          }
        }
      for (int c : cells) number[static_cast<std::size_t>(c)] = static_cast<int>(cells.size());
      areas++;
    }
    json grid = json::array();
    for (int r = 0; r < 3; ++r) {
      json row = json::array();
      for (int c = 0; c < 4; ++c) {
        int v = rng() % 2 ? number[static_cast<std::size_t>(r * 4 + c)] : 0;
        if (v && round % 4 == 3 && rng() % 4 == 0) v = 1 + static_cast<int>(rng() % 4);
        b.given.push_back(v);
        row.push_back(v ? json(v) : json("."));
      }
      grid.push_back(row);
    }
    b.wall.assign(static_cast<std::size_t>(b.lat.steps()), false);
    seen.expect({{"kind", "fillomino"}, {"grid", grid}}, count_fillomino_pruned(b));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

// Every cut the sized-areas rule makes from a random labelling of a small
// grid graph is broken by that labelling and passes the rule's plain
// validation; a labelling that keeps the rule yields none.
TEST(Fillomino, SizedAreaCutsAreValidAndBrokenByTheirModel) {
  std::mt19937 rng(29);
  pencil::Lattice L{3, 3};
  graph::Rule rule;
  rule.kind = graph::RuleKind::SizedAreas;
  rule.graph = L.cell_graph();
  Context ctx;
  for (int v = 0; v < L.cells(); ++v)
    for (int k = 1; k <= L.cells(); ++k) {
      rule.labels.push_back({v, k});
      rule.vertex_lits.push_back(ctx.bool_const(fmt::format("l{}_{}", v, k).c_str()));
    }
  int cuts = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<bool> label(rule.labels.size(), false), edge(rule.graph.edges.size(), false);
    for (int v = 0; v < L.cells(); ++v) label[static_cast<std::size_t>(v * L.cells() + static_cast<int>(rng() % 4))] = true;
    for (std::size_t e = 0; e < edge.size(); ++e) edge[e] = rng() % 2;
    for (const auto& c : graph::cuts_for(rule, label, edge)) {
      cuts++;
      EXPECT_TRUE(graph::valid_cut(rule, c));
      bool broken = true;  // every literal of the clause false under the labelling
      for (auto [j, positive] : c.vertices) broken = broken && label[static_cast<std::size_t>(j)] != positive;
      for (auto [e, positive] : c.edges) broken = broken && edge[static_cast<std::size_t>(e)] != positive;
      EXPECT_TRUE(broken);
    }
  }
  EXPECT_GT(cuts, 100);
  // Three areas of the right sizes: no cut.
  std::vector<bool> label(rule.labels.size(), false), edge(rule.graph.edges.size(), false);
  const int sizes[] = {3, 3, 3, 2, 2, 1, 3, 3, 3};  // rows 1 and 3 threes, r2c1-r2c2 a two, r2c3 a one
  for (int v = 0; v < 9; ++v) label[static_cast<std::size_t>(v * 9 + sizes[v] - 1)] = true;
  for (int r : {0, 2})
    for (int c : {0, 1}) edge[static_cast<std::size_t>(L.step_right(r, c))] = true;
  edge[static_cast<std::size_t>(L.step_right(1, 0))] = true;
  EXPECT_TRUE(graph::cuts_for(rule, label, edge).empty());
}

TEST(Fillomino, PzprjsPuzzleAndFillingIdsSolveToTheirNumbers) {
  const std::string text = read_file(kDataDir + "/pzprjs/fillomino.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url: \"([^\"]+)\"")));
  const std::string url = "https://puzz.link/p?fillomino/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/fillomino/6/6/([^\"]+)\"")));
  std::string body = m[1].str();
  std::replace(body.begin(), body.end(), '/', ' ');
  std::vector<std::string> tok;
  std::istringstream in(body);
  for (std::string t; in >> t;) tok.push_back(t);
  json want = json::array();
  for (int r = 0; r < 6; ++r) {
    json row = json::array();
    for (int c = 0; c < 6; ++c) {
      const std::string& g = tok[static_cast<std::size_t>(r * 6 + c)];
      row.push_back(std::stoi(g != "." ? g : tok[static_cast<std::size_t>(36 + r * 6 + c)]));
    }
    want.push_back(row);
  }
  for (const std::string solver : {"z3", "cadical"}) {
    CliResult r = run_cli({"check", "--json", "--solver", solver, url});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << solver;
  }
  // Debian's sgt-filling: "s" and a digit per cell.
  const int n = for_each_tatham_id(kDataDir + "/tatham/filling.txt", [](const std::string& id, const std::string& move, int w, int h) {
    json expected = json::array();  // "s" and a digit per cell
    for (int r = 0; r < h; ++r) {
      json row = json::array();
      for (int c = 0; c < w; ++c) row.push_back(move[static_cast<std::size_t>(1 + r * w + c)] - '0');
      expected.push_back(row);
    }
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "--solver", solver, id});
      ASSERT_EQ(r.exit_code, 0) << id << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], expected) << id;
    }
  });
  EXPECT_EQ(n, 8);
}

TEST(Fillomino, BrokenNumberIsNamedAndBadInputIsRefused) {
  // A generated 5x5 with its 5 at r1c1 misprinted as 4: no solution, and the number is named.
  const std::string broken = "filling:5x5:4a5a45c15b1a3e5a33";
  CliResult d = run_cli({"diagnose", broken});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("4 at r1c1   [grid/r1c1]"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "--solver", "cadical", broken});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  // The walls a link draws are read.
  CliResult w = run_cli({"convert", "https://puzz.link/p?fillomino/3/3/1k2hg000"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  EXPECT_EQ(json::parse(w.out)["walls"], json::array({"r1c1|r1c2"})) << w.out;
  expect_refused_in_one_line({
      {"https://puzz.link/p?fillomino/t/6/6/h4j53g2k5233k2g14j3h", "fillomino: the flag \"t\" is not read (t: only the numbers 1 to 3)"},
      {"https://puzz.link/p?fillomino/2/2/0", "fillomino data: a 0 at r1c1 (1 to the 4 cells of the board)"},
      {"filling:3x3:a!", "description, character 2: unexpected \"!\""},
      {"filling:3x3:ab", "description: 3 cells, a 3x3 grid has 9"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "fillomino", "grid": [[1, "."]], "walls": ["r1c1|r2c1"]})", "/walls/0"},
                                    {R"({"kind": "fillomino", "grid": [[3, "."]]})", "/grid/0/0"}},
                                   "fillomino.json");
}

}  // namespace
}  // namespace psmt::testing
