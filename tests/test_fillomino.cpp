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
void for_each_fillomino(const fillomino::Board& b, const std::function<void(const std::vector<int>&)>& found);
uint64_t count_fillomino_pruned(const fillomino::Board& b) {
  uint64_t count = 0;
  for_each_fillomino(b, [&](const std::vector<int>&) { count++; });
  return count;
}
void for_each_fillomino(const fillomino::Board& b, const std::function<void(const std::vector<int>&)>& found) {
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
  std::function<void(int)> go = [&](int i) {
    if (i == n) {
      if (fillomino::check_numbers(b, number).empty()) found(number);
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
}

// A board made from a filling of random areas (1 to `most` cells): each
// number shown with odds of one half, one in four of them changed when
// `change`, and walls between cells of two areas with odds of one in
// `walls` (0: none; once in a while one inside an area, so that the
// filling is no longer a solution). The filling in `filling`.
fillomino::Board random_board(std::mt19937& rng, int rows, int cols, int most, bool change, int walls, std::vector<int>* filling = nullptr) {
  fillomino::Board b;
  b.lat = {rows, cols};
  const int n = b.lat.cells();
  const graph::Graph g = b.lat.cell_graph();
  std::vector<int> area(static_cast<std::size_t>(n), -1), number(static_cast<std::size_t>(n), 0);
  int areas = 0;
  for (int i = 0; i < n; ++i) {
    if (area[static_cast<std::size_t>(i)] >= 0) continue;
    const int want = 1 + static_cast<int>(rng() % static_cast<unsigned>(most));
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
  for (int i = 0; i < n; ++i) {
    int v = rng() % 2 ? number[static_cast<std::size_t>(i)] : 0;
    if (v && change && rng() % 4 == 0) v = 1 + static_cast<int>(rng() % 4);
    b.given.push_back(v);
  }
  b.wall.assign(static_cast<std::size_t>(b.lat.steps()), false);
  for (std::size_t e = 0; e < g.edges.size() && walls; ++e) {
    const bool apart = area[static_cast<std::size_t>(g.edges[e].first)] != area[static_cast<std::size_t>(g.edges[e].second)];
    b.wall[e] = apart ? rng() % static_cast<unsigned>(walls) == 0 : rng() % static_cast<unsigned>(8 * walls) == 0;
  }
  if (filling) *filling = number;
  return b;
}

json board_json(const fillomino::Board& b) {
  json grid = json::array();
  for (int r = 0; r < b.lat.rows; ++r) {
    json row = json::array();
    for (int c = 0; c < b.lat.cols; ++c) {
      const int v = b.given[static_cast<std::size_t>(b.lat.cell(r, c))];
      row.push_back(v ? json(v) : json("."));
    }
    grid.push_back(row);
  }
  json walls = json::array();
  for (int s = 0; s < b.lat.steps(); ++s)
    if (b.wall[static_cast<std::size_t>(s)]) walls.push_back(fillomino::step_label(b.lat, s));
  return {{"kind", "fillomino"}, {"grid", grid}, {"walls", walls}};
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
    const fillomino::Board b = random_board(rng, 3, 4, 4, round % 4 == 3, 0);
    seen.expect(board_json(b), count_fillomino_pruned(b));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

// A number given larger than half the board is one area, so exactly that
// many cells hold it (a counter the encoding states outright; a smaller one
// may have two areas, or three): boards of 3x4 with a 5 or more given, some
// with a number changed or a wall, counted like the backtracker in every
// encoding.
TEST(Fillomino, ANumberLargerThanHalfTheBoardCountsLikeTheBacktracker) {
  std::mt19937 rng(37);
  Verdicts seen;
  // A 5 on a 1x11 (two areas of 5 apart can be there) and on a 3x3 (one at most).
  for (const auto& [rows, cols] : {std::pair{1, 11}, std::pair{3, 3}}) {
    fillomino::Board b;
    b.lat = {rows, cols};
    b.given.assign(static_cast<std::size_t>(b.lat.cells()), 0);
    b.given[0] = 5;
    b.wall.assign(static_cast<std::size_t>(b.lat.steps()), false);
    seen.expect(board_json(b), count_fillomino_pruned(b));
  }
  for (int boards = 0, round = 0; boards < 24 && round < 2000; ++round) {
    const fillomino::Board b = random_board(rng, 3, 4, 12, round % 4 == 3, round % 5 == 4 ? 3 : 0);
    if (std::none_of(b.given.begin(), b.given.end(), [](int v) { return v >= 5; })) continue;
    boards++;
    seen.expect(board_json(b), count_fillomino_pruned(b));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

// The narrowing (fillomino_narrow.cpp) removes a size from a cell only where
// no solution has it: on random boards with walls and changed numbers,
// every solution the backtracker finds keeps its number in every cell's
// sizes, from the encoding's start and from every size 1 to the board's
// cells; a board it refutes has none; a board it leaves one size per cell
// has that one solution. With the first try's bound on areas without a
// number (Board::cap), every solution within the bound keeps its sizes.
TEST(Fillomino, NarrowedSizesKeepEverySolution) {
  std::mt19937 rng(31);
  int refuted = 0, decided = 0, several = 0;
  const std::pair<int, int> shapes[] = {{3, 4}, {4, 3}, {2, 6}, {3, 3}, {2, 5}};
  for (int round = 0; round < 80; ++round) {
    const auto [rows, cols] = round % 10 == 9 ? std::pair<int, int>{4, 4} : shapes[round % 5];
    fillomino::Board b = random_board(rng, rows, cols, round % 2 ? 4 : 6, round % 3 == 2, round % 4 == 1 ? 4 : 0);
    const int n = b.lat.cells();
    std::vector<std::vector<int>> solutions;
    for_each_fillomino(b, [&](const std::vector<int>& s) { solutions.push_back(s); });
    SCOPED_TRACE(board_json(b).dump());
    std::vector<std::vector<int>> every(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      for (int k = 1; k <= n; ++k)
        if (!b.given[static_cast<std::size_t>(i)] || b.given[static_cast<std::size_t>(i)] == k) every[static_cast<std::size_t>(i)].push_back(k);
    const auto from_every = fillomino::narrow_sizes(b, every);
    const auto sizes = fillomino::sizes_of(b);
    const bool none = std::any_of(sizes.begin(), sizes.end(), [](const auto& d) { return d.empty(); });
    auto holds = [&](const std::vector<std::vector<int>>& dom, const std::vector<int>& s) {
      for (int i = 0; i < n; ++i) {
        const auto& d = dom[static_cast<std::size_t>(i)];
        if (!std::binary_search(d.begin(), d.end(), s[static_cast<std::size_t>(i)])) return false;
      }
      return true;
    };
    if (none || !from_every) {
      EXPECT_TRUE(solutions.empty());
      refuted++;
    }
    for (const auto& s : solutions) {
      EXPECT_TRUE(!none && holds(sizes, s));
      EXPECT_TRUE(from_every && holds(*from_every, s));
    }
    if (!none && std::all_of(sizes.begin(), sizes.end(), [](const auto& d) { return d.size() == 1; })) {
      ASSERT_EQ(solutions.size(), 1u);
      decided++;
    }
    several += solutions.size() > 1;
    // The first try's bound: the solutions whose areas without a number
    // have at most 2 cells keep their sizes.
    fillomino::Board capped = b;
    capped.cap = 2;
    const auto within = fillomino::sizes_of(capped);
    const bool capped_none = std::any_of(within.begin(), within.end(), [](const auto& d) { return d.empty(); });
    for (const auto& s : solutions) {
      const graph::Graph g = b.lat.cell_graph();
      std::vector<bool> all(static_cast<std::size_t>(n), true), joined(g.edges.size());
      for (std::size_t e = 0; e < g.edges.size(); ++e)
        joined[e] = s[static_cast<std::size_t>(g.edges[e].first)] == s[static_cast<std::size_t>(g.edges[e].second)];
      int count = 0;
      const auto comp = graph::components(g, all, joined, count);
      std::vector<int> size(static_cast<std::size_t>(count), 0);
      std::vector<bool> numbered(static_cast<std::size_t>(count), false);
      for (int i = 0; i < n; ++i) {
        size[static_cast<std::size_t>(comp[static_cast<std::size_t>(i)])]++;
        if (b.given[static_cast<std::size_t>(i)]) numbered[static_cast<std::size_t>(comp[static_cast<std::size_t>(i)])] = true;
      }
      bool small = true;
      for (int a = 0; a < count; ++a) small = small && (numbered[static_cast<std::size_t>(a)] || size[static_cast<std::size_t>(a)] <= 2);
      if (small) EXPECT_TRUE(!capped_none && holds(within, s));
    }
  }
  EXPECT_GT(refuted, 0);
  EXPECT_GT(decided, 0);
  EXPECT_GT(several, 0);
}

// The collection's generator makes puzzles its own solver finishes by
// reasoning; the narrowing finishes them too (one size per cell, the
// collection's solution), so the solver only confirms: up to 20x20.
TEST(Fillomino, GeneratedBoardsAreSolvedByTheNarrowingAlone) {
  const int n = for_each_tatham_id(kDataDir + "/tatham/filling.txt", [](const std::string& id, const std::string& move, int w, int h) {
    CliResult c = run_cli({"convert", id});
    ASSERT_EQ(c.exit_code, 0) << c.err;
    const LoadedPuzzle lp = puzzle_from_text(c.out);
    const auto& b = static_cast<const fillomino::Board&>(*lp.puzzle);
    const auto sizes = fillomino::sizes_of(b);
    for (int i = 0; i < w * h; ++i)
      EXPECT_EQ(sizes[static_cast<std::size_t>(i)], std::vector<int>{move[static_cast<std::size_t>(1 + i)] - '0'}) << id << " cell " << i;
  });
  EXPECT_EQ(n, 12);
}

// The first try (Board::cap, Encoder::first_try) only ever reports
// solutions: check's verdict (one or two solutions wanted, the first try
// on) is the full count's on random boards with few numbers, on both back
// ends; and a 15x15 with 20 of its numbers left gets its solutions there.
TEST(Fillomino, TheFirstTryOnlyReportsSolutions) {
  std::mt19937 rng(37);
  int tried = 0, several = 0, others = 0;
  const std::pair<int, int> shapes[] = {{3, 3}, {2, 4}, {2, 5}};
  for (int round = 0; round < 30; ++round) {
    // Under the sanitizers (7x slower here) 9 rounds, if they show both kinds of board.
    if (PSMT_SANITIZED && round >= 9 && tried > 3 && several > 0 && others > 0) break;
    fillomino::Board b = random_board(rng, shapes[round % 3].first, shapes[round % 3].second, 6, round % 3 == 0, round % 4 == 1 ? 5 : 0);
    for (auto& g : b.given)
      if (rng() % 3) g = 0;  // few numbers: areas without one can be large
    const uint64_t want = count_fillomino_pruned(b);
    const LoadedPuzzle lp = puzzle_from_text(board_json(b).dump());
    tried += fillomino::fillomino_encoder().first_try(*lp.puzzle) != nullptr;
    for (const std::string solver : {"z3", "cadical"}) {
      const Result r = run_puzzle(lp, "cuts", 2, solver);
      EXPECT_EQ(r.status, want == 0 ? Status::None : want == 1 ? Status::Unique : Status::Multiple) << board_json(b).dump() << solver;
    }
    several += want > 1;
    others += want <= 1;
  }
  EXPECT_GT(tried, PSMT_SANITIZED ? 3 : 10);
  EXPECT_GT(several, 0);
  EXPECT_GT(others, 0);
  // 20 numbers of a generated 15x15, the rest blank: its solutions come
  // from the first try.
  const json sparse = json::parse(read_file(kSourceDir + "/puzzles/fillomino/sparse_15x15.json"));
  for (const std::string solver : {"z3", "cadical"}) {
    CliResult c = run_cli({"check", "--json", "--stats", "--solver", solver, "-"}, sparse.dump());
    ASSERT_EQ(c.exit_code, 10) << c.err;
    EXPECT_EQ(json::parse(c.out)["stats"]["z3"]["found_by_first_try"], 2) << solver;
  }
}

// A generated 15x15 (Debian's sgt-filling, '15x15#psmt-diag-filling') with
// its 5 at r8c11 misprinted as 7, as scripts/bench-diagnose-pencil breaks
// it: the narrowing finds a conflict for certain, the first try shows each
// of its numbers needed, and the one change that mends it is found. (No
// time limit: what the default 10 s gives depends on the machine; here it
// takes about 3 s.)
TEST(Fillomino, AMisprintOfA15x15IsBlamedByAMinimalConflictAndMendedByOneChange) {
  const std::string broken =
      "filling:15x15:a45a52b4a1a3a34b5c44d5a2c5c277a55a841c44477a37f6d72b7a2b5a3a575c3d82a325a6a32d9e7a9c2a"
      "57g9d3b79a333a99966a73a8a28c5a66331c8c44a66c5a5a5d3b3b55a35b4a21a3b24c5c7";
  CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", broken});
  ASSERT_EQ(d.exit_code, 20) << d.err;
  const json j = json::parse(d.out)["diagnosis"];
  const json& conflict = j["conflicts"][0];
  EXPECT_TRUE(conflict["minimal"].get<bool>());
  EXPECT_EQ(conflict["clues"].size(), 21u);
  EXPECT_NE(conflict.dump().find("\"7 at r8c11\""), std::string::npos);
  EXPECT_EQ(j["min_change"], 1);
  ASSERT_EQ(j["change_repairs"].size(), 1u);
  EXPECT_EQ(j["change_repairs"][0]["edits"][0]["after"], "5 at r8c11");
  EXPECT_EQ(j["change_repairs"][0]["status"], "unique");
}

// Every cut the sized-areas rule makes from a random labelling of a small
// grid graph is broken by that labelling and passes the rule's plain
// validation; a labelling that keeps the rule yields none. An area too
// small is cut by its label and the edges leaving it alone (not the edges
// inside it: while none leaves, the area lies inside whatever joins it); with
// no edge at all, the label alone, it would not follow.
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
  int cuts = 0, too_small = 0;
  for (int round = 0; round < 300; ++round) {
    std::vector<bool> label(rule.labels.size(), false), edge(rule.graph.edges.size(), false);
    for (int v = 0; v < L.cells(); ++v) label[static_cast<std::size_t>(v * L.cells() + static_cast<int>(rng() % 4))] = true;
    for (std::size_t e = 0; e < edge.size(); ++e) edge[e] = rng() % 2;
    for (const auto& c : graph::cuts_for(rule, label, edge)) {
      cuts++;
      EXPECT_TRUE(graph::valid_cut(rule, c));
      const bool leaving_only = std::all_of(c.edges.begin(), c.edges.end(), [](const auto& e) { return e.second; });
      if (leaving_only && !c.edges.empty()) {
        too_small++;
        graph::Cut every_edge_but_leaving = c;  // the rule says nothing when no edge is named
        every_edge_but_leaving.edges.clear();
        EXPECT_FALSE(graph::valid_cut(rule, every_edge_but_leaving));
      }
      bool broken = true;  // every literal of the clause false under the labelling
      for (auto [j, positive] : c.vertices) broken = broken && label[static_cast<std::size_t>(j)] != positive;
      for (auto [e, positive] : c.edges) broken = broken && edge[static_cast<std::size_t>(e)] != positive;
      EXPECT_TRUE(broken);
    }
  }
  EXPECT_GT(cuts, 100);
  EXPECT_GT(too_small, 20);
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
  EXPECT_EQ(n, 12);
}

// Boards up to 100 a side are read (janko.at publishes 20x36 to 50x64;
// they were refused past 30): a 1x40 whose one number fills it, counted
// in every encoding; a row of 101 cells is refused, naming the row.
TEST(Fillomino, BoardsUpTo100ASideAreRead) {
  json row = json::array({40});
  for (int c = 1; c < 40; ++c) row.push_back(".");
  expect_count_in_every_encoding(json{{"kind", "fillomino"}, {"grid", json::array({row})}}, 1);
  json wide = json::array();
  for (int c = 0; c < 101; ++c) wide.push_back(".");
  expect_bad_files_name_their_path({{json{{"kind", "fillomino"}, {"grid", json::array({wide})}}.dump(), "/grid/0"}}, "fillomino.json");
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
