// The pencil genres: the graph rules of the engine (engine/graph.h: cuts and
// the eager encoding), and Slitherlink from puzz.link and Tatham IDs.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <sstream>

#include "encoders/pencil/gokigen.h"
#include "encoders/pencil/masyu.h"
#include "encoders/pencil/nurikabe.h"
#include "encoders/pencil/slitherlink.h"
#include "engine/engine.h"
#include "engine/graph.h"
#include "engine/graph_check.h"
#include "helpers.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// ---------------------------------------------------------------- graph rules

graph::Graph random_graph(std::mt19937& rng, int n, double p) {
  graph::Graph g;
  g.vertices = n;
  std::bernoulli_distribution edge(p);
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v)
      if (edge(rng)) g.edges.push_back({u, v});
  g.index();
  return g;
}

// Every cut a broken assignment yields is valid (follows from the rule by
// the plain graph check) and is broken by that assignment; an assignment
// that keeps the rule yields none. Checked against the plain checkers on
// random graphs and assignments, for each rule.
TEST(GraphRules, CutsAreValidAndBrokenByTheModelTheyCome) {
  std::mt19937 rng(7);
  Context ctx;
  int broken = 0, kept = 0;
  for (int round = 0; round < 600; ++round) {
    const int n = 2 + static_cast<int>(rng() % 9);
    graph::Graph g = random_graph(rng, n, 0.35);
    std::bernoulli_distribution half(0.5);
    for (auto kind : {graph::RuleKind::ConnectedVertices, graph::RuleKind::ConnectedEdges, graph::RuleKind::Acyclic}) {
      for (bool all : {false, true}) {
        if (all && kind != graph::RuleKind::ConnectedEdges) continue;
        graph::Rule rule;
        rule.kind = kind;
        rule.graph = g;
        rule.all_vertices = all;
        for (int v = 0; v < n; ++v) rule.vertex_lits.push_back(ctx.bool_const(("v" + std::to_string(v)).c_str()));
        for (std::size_t e = 0; e < g.edges.size(); ++e) rule.edge_lits.push_back(ctx.bool_const(("e" + std::to_string(e)).c_str()));
        std::vector<bool> von(static_cast<std::size_t>(n)), eon(g.edges.size());
        for (auto&& b : von) b = half(rng);
        for (auto&& b : eon) b = half(rng);
        bool holds = kind == graph::RuleKind::ConnectedVertices ? graph::vertices_connected(g, von)
                     : kind == graph::RuleKind::Acyclic         ? graph::acyclic(g, eon)
                                                                 : graph::edges_connected(g, eon, all);
        auto cuts = graph::cuts_for(rule, von, eon);
        EXPECT_EQ(cuts.empty(), holds);
        (holds ? kept : broken)++;
        for (const auto& c : cuts) {
          EXPECT_TRUE(graph::valid_cut(rule, c));
          bool satisfied = false;  // by the model: it must not be
          for (auto [v, pos] : c.vertices) satisfied = satisfied || von[static_cast<std::size_t>(v)] == pos;
          for (auto [e, pos] : c.edges) satisfied = satisfied || eon[static_cast<std::size_t>(e)] == pos;
          EXPECT_FALSE(satisfied);
        }
      }
    }
  }
  EXPECT_GT(broken, 300);
  EXPECT_GT(kept, 100);
}

// Marked components: a model yields cuts exactly when some part of its true
// vertices holds no true mark (a brute-force look at the parts); each cut is
// valid by the plain check, broken by the model, and names the mark of every
// vertex of the part; a cut with a mark left out, or with a markable vertex
// of the part's boundary left out, is not valid.
TEST(GraphRules, MarkedComponentCutsAreValidAndExact) {
  std::mt19937 rng(23);
  Context ctx;
  int broken = 0, kept = 0, weakened = 0;
  for (int round = 0; round < 600; ++round) {
    const int n = 2 + static_cast<int>(rng() % 9);
    graph::Rule rule;
    rule.kind = graph::RuleKind::MarkedComponents;
    rule.graph = random_graph(rng, n, 0.35);
    std::vector<bool> on(static_cast<std::size_t>(n)), mark(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) {
      rule.vertex_lits.push_back(ctx.bool_const(("v" + std::to_string(v)).c_str()));
      // Some vertices are never marked (the literal false).
      const bool markable = rng() % 4 != 0;
      rule.mark_lits.push_back(markable ? ctx.bool_const(("m" + std::to_string(v)).c_str()) : ctx.bool_val(false));
      on[static_cast<std::size_t>(v)] = rng() % 3 != 0;
      mark[static_cast<std::size_t>(v)] = markable && rng() % 5 == 0;
    }
    int count = 0;
    const auto comp = graph::components(rule.graph, on, {}, count);
    std::vector<bool> has_mark(static_cast<std::size_t>(count), false);
    for (int v = 0; v < n; ++v)
      if (comp[static_cast<std::size_t>(v)] >= 0 && mark[static_cast<std::size_t>(v)]) has_mark[static_cast<std::size_t>(comp[static_cast<std::size_t>(v)])] = true;
    const auto unmarked = static_cast<std::size_t>(std::count(has_mark.begin(), has_mark.end(), false));
    const auto cuts = graph::cuts_for(rule, on, {}, mark);
    EXPECT_EQ(cuts.size(), unmarked);
    (unmarked ? broken : kept)++;
    for (const auto& c : cuts) {
      EXPECT_TRUE(graph::valid_cut(rule, c));
      bool satisfied = false;
      for (auto [v, pos] : c.vertices) satisfied = satisfied || on[static_cast<std::size_t>(v)] == pos;
      for (int v : c.marks) satisfied = satisfied || mark[static_cast<std::size_t>(v)];
      EXPECT_FALSE(satisfied);
      if (!c.marks.empty()) {
        graph::Cut less = c;
        less.marks.pop_back();
        EXPECT_FALSE(graph::valid_cut(rule, less));
        ++weakened;
      }
      // A boundary vertex that could be marked, left out: reached, unnamed.
      if (c.vertices.size() > 1 && !rule.mark_lits[static_cast<std::size_t>(c.vertices.back().first)].is_false()) {
        graph::Cut less = c;
        less.vertices.pop_back();
        EXPECT_FALSE(graph::valid_cut(rule, less));
      }
    }
  }
  EXPECT_GT(broken, 200);
  EXPECT_GT(kept, 50);
  EXPECT_GT(weakened, 100);
}

// A cut of the true vertices around a part with more than 8 false
// neighbours has as few positive literals as can separate the part from the
// other it names (a brute-force minimum over the false vertices on random
// graphs); around a smaller part, the cut is its false neighbours. On a
// board where two large parts face each other across a short wall, the cut
// is that wall, not the whole boundary of the part.
TEST(GraphRules, AVertexCutIsAFewestSeparator) {
  std::mt19937 rng(11);
  Context ctx;
  int large = 0, small = 0;
  for (int round = 0; round < 150; ++round) {
    // A grid of 6 to 9 rows and 7 columns, split by a wall of false cells
    // (one per row, in column 2, 3 or 4, each beside the one above or
    // diagonal to it), with some false holes besides: large parts facing
    // each other, and small ones.
    pencil::Lattice box{6 + static_cast<int>(rng() % 4), 7};
    const graph::Graph g = box.cell_graph();
    const int n = g.vertices;
    graph::Rule rule;
    rule.kind = graph::RuleKind::ConnectedVertices;
    rule.graph = g;
    for (int v = 0; v < n; ++v) rule.vertex_lits.push_back(ctx.bool_const(("v" + std::to_string(v)).c_str()));
    std::vector<bool> on(static_cast<std::size_t>(n), true);
    std::bernoulli_distribution hole(0.12);
    for (auto&& b : on) b = !hole(rng);
    int wall = 2 + static_cast<int>(rng() % 3);
    for (int r = 0; r < box.rows; ++r) {
      on[static_cast<std::size_t>(box.cell(r, wall))] = false;
      wall = std::clamp(wall + static_cast<int>(rng() % 3) - 1, 2, 4);
    }
    if (std::count(on.begin(), on.end(), false) > 16) continue;  // the brute force below stays small
    for (const auto& c : graph::cuts_for(rule, on, {})) {
      std::vector<int> ends;
      std::size_t positives = 0;
      for (auto [v, pos] : c.vertices) pos ? ++positives : (ends.push_back(v), 0);
      ASSERT_EQ(ends.size(), 2u);
      // The part of ends[0] and its false neighbours.
      std::vector<bool> in_part(static_cast<std::size_t>(n), false), around(static_cast<std::size_t>(n), false);
      std::vector<int> queue{ends[0]};
      in_part[static_cast<std::size_t>(ends[0])] = true;
      for (std::size_t q = 0; q < queue.size(); ++q)
        for (int e : g.incident[static_cast<std::size_t>(queue[q])]) {
          const int w = g.other(e, queue[q]);
          if (!on[static_cast<std::size_t>(w)]) around[static_cast<std::size_t>(w)] = true;
          else if (!in_part[static_cast<std::size_t>(w)]) in_part[static_cast<std::size_t>(w)] = true, queue.push_back(w);
        }
      const auto boundary = static_cast<std::size_t>(std::count(around.begin(), around.end(), true));
      if (boundary <= 8) {
        EXPECT_EQ(positives, boundary);
        ++small;
        continue;
      }
      // No set of positives - 1 false vertices separates them (a smaller
      // separating set would be within one of that size).
      std::vector<int> free;
      for (int v = 0; v < n; ++v)
        if (!on[static_cast<std::size_t>(v)]) free.push_back(v);
      bool fewer = false;
      for (uint32_t mask = 0; mask < (1u << free.size()) && !fewer; ++mask) {
        if (static_cast<std::size_t>(__builtin_popcount(mask)) + 1 != positives) continue;
        std::vector<bool> removed(static_cast<std::size_t>(n), false);
        for (std::size_t i = 0; i < free.size(); ++i)
          if (mask >> i & 1u) removed[static_cast<std::size_t>(free[i])] = true;
        fewer = graph::separates_vertices(g, ends[0], ends[1], removed);
      }
      EXPECT_FALSE(fewer);
      EXPECT_LE(positives, boundary);
      ++large;
    }
  }
  EXPECT_GT(large, 20) << small;
  EXPECT_GT(small, 20) << large;

  // A 12x7 grid: columns 0-2 and 4-6 true, column 3 false (the wall), and a
  // false hole at r6c1 inside the left part. The left part's boundary is
  // the wall and the hole (13 cells); the cut is the wall alone.
  pencil::Lattice L{12, 7};
  graph::Rule grid;
  grid.kind = graph::RuleKind::ConnectedVertices;
  grid.graph = L.cell_graph();
  std::vector<bool> on(static_cast<std::size_t>(L.cells()), true);
  std::vector<int> wall;
  for (int r = 0; r < 12; ++r) {
    on[static_cast<std::size_t>(L.cell(r, 3))] = false;
    wall.push_back(L.cell(r, 3));
  }
  on[static_cast<std::size_t>(L.cell(6, 1))] = false;
  for (int v = 0; v < L.cells(); ++v) grid.vertex_lits.push_back(ctx.bool_const(("c" + std::to_string(v)).c_str()));
  const auto cuts = graph::cuts_for(grid, on, {});
  ASSERT_EQ(cuts.size(), 1u);
  std::vector<int> named;
  for (auto [v, pos] : cuts[0].vertices)
    if (pos) named.push_back(v);
  std::sort(named.begin(), named.end());
  EXPECT_EQ(named, wall);
}

// With an anchor (a vertex true in every solution), each other part is cut
// from the anchor's part, named by the anchor itself, even when another part
// is larger.
TEST(GraphRules, PartsAreCutFromTheAnchorsPart) {
  pencil::Lattice L{1, 9};  // a path: 0 1 | 2 | 3 4 5 6 | 7 | 8
  graph::Rule rule;
  rule.kind = graph::RuleKind::ConnectedVertices;
  rule.graph = L.cell_graph();
  Context ctx;
  for (int v = 0; v < 9; ++v) rule.vertex_lits.push_back(ctx.bool_const(("p" + std::to_string(v)).c_str()));
  const std::vector<bool> on{true, true, false, true, true, true, true, false, true};
  auto ends = [&](const graph::Cut& c) {
    std::vector<int> out;
    for (auto [v, pos] : c.vertices)
      if (!pos) out.push_back(v);
    return out;
  };
  auto cuts = graph::cuts_for(rule, on, {});  // no anchor: cut from the largest part (3-6)
  ASSERT_EQ(cuts.size(), 2u);
  EXPECT_EQ(ends(cuts[0]), (std::vector<int>{0, 3}));
  EXPECT_EQ(ends(cuts[1]), (std::vector<int>{8, 3}));
  rule.anchor = 1;
  cuts = graph::cuts_for(rule, on, {});
  ASSERT_EQ(cuts.size(), 2u);
  EXPECT_EQ(ends(cuts[0]), (std::vector<int>{3, 1}));
  EXPECT_EQ(ends(cuts[1]), (std::vector<int>{8, 1}));
  for (const auto& c : cuts) EXPECT_TRUE(graph::valid_cut(rule, c));
}

// find_cycles in one pass gives what finding a cycle, leaving out its closing
// edge and looking again gives, and each is one simple cycle of active edges.
TEST(GraphRules, CyclesFoundInOnePassAreTheCyclesFoundOneByOne) {
  std::mt19937 rng(5);
  int cycles = 0;
  for (int round = 0; round < 300; ++round) {
    const int n = 3 + static_cast<int>(rng() % 12);
    const graph::Graph g = random_graph(rng, n, 0.4);
    std::vector<bool> active(g.edges.size());
    std::bernoulli_distribution most(0.7);
    for (auto&& b : active) b = most(rng);
    std::vector<std::vector<int>> one_by_one;
    std::vector<bool> left = active;
    for (;;) {
      auto c = graph::find_cycle_edges(g, left);
      if (c.empty()) break;
      left[static_cast<std::size_t>(c.front())] = false;
      one_by_one.push_back(std::move(c));
    }
    const auto all = graph::find_cycles(g, active, 1000);
    EXPECT_EQ(all, one_by_one);
    EXPECT_EQ(graph::find_cycles(g, active, 2).size(), std::min<std::size_t>(2, all.size()));
    for (const auto& c : all) {
      std::vector<bool> on(g.edges.size(), false);
      for (int e : c) {
        EXPECT_TRUE(active[static_cast<std::size_t>(e)]);
        on[static_cast<std::size_t>(e)] = true;
      }
      EXPECT_TRUE(graph::one_loop(g, on));
      ++cycles;
    }
  }
  EXPECT_GT(cycles, 300);
}

// A cut that does not follow from the rule is caught by the plain check.
TEST(GraphRules, AWrongCutIsRejectedByTheGraphCheck) {
  graph::Graph g;
  g.vertices = 4;  // a square 0-1-2-3-0
  g.edges = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
  g.index();
  graph::Rule rule;
  rule.kind = graph::RuleKind::ConnectedVertices;
  rule.graph = g;
  graph::Cut c;
  c.vertices = {{0, false}, {2, false}, {1, true}};  // vertex 3 also joins 0 and 2
  EXPECT_FALSE(graph::valid_cut(rule, c));
  c.vertices.push_back({3, true});
  EXPECT_TRUE(graph::valid_cut(rule, c));
  rule.kind = graph::RuleKind::Acyclic;
  graph::Cut path;
  path.edges = {{0, false}, {1, false}, {2, false}};  // a path, not a cycle
  EXPECT_FALSE(graph::valid_cut(rule, path));
  path.edges.push_back({3, false});
  EXPECT_TRUE(graph::valid_cut(rule, path));
}

// ---------------------------------------------------------------- slitherlink

// A plain backtracking counter: edges assigned in order, a point's degree and
// a clue checked as soon as all their edges are set, one loop at the end.
uint64_t count_loops(int rows, int cols, const std::vector<int>& clue, bool full = false) {
  pencil::Lattice L{rows, cols};
  const graph::Graph g = L.point_graph();
  const int m = L.edges();
  std::vector<int> last_point(static_cast<std::size_t>(g.vertices), -1), last_cell(static_cast<std::size_t>(L.cells()), -1);
  for (int v = 0; v < g.vertices; ++v)
    for (int e : g.incident[static_cast<std::size_t>(v)]) last_point[static_cast<std::size_t>(v)] = std::max(last_point[static_cast<std::size_t>(v)], e);
  for (int i = 0; i < L.cells(); ++i)
    for (int e : L.cell_edges(i / cols, i % cols)) last_cell[static_cast<std::size_t>(i)] = std::max(last_cell[static_cast<std::size_t>(i)], e);
  std::vector<bool> on(static_cast<std::size_t>(m), false);
  uint64_t count = 0;
  std::function<void(int)> go = [&](int e) {
    if (e == m) {
      count += graph::one_loop(g, on) ? 1 : 0;
      return;
    }
    for (bool b : {false, true}) {
      on[static_cast<std::size_t>(e)] = b;
      bool ok = true;
      for (int v = 0; v < g.vertices && ok; ++v) {
        if (last_point[static_cast<std::size_t>(v)] != e) continue;
        int d = 0;
        for (int f : g.incident[static_cast<std::size_t>(v)]) d += on[static_cast<std::size_t>(f)];
        ok = d == 2 || (d == 0 && !full);
      }
      for (int i = 0; i < L.cells() && ok; ++i) {
        if (last_cell[static_cast<std::size_t>(i)] != e || clue[static_cast<std::size_t>(i)] < 0) continue;
        int d = 0;
        for (int f : L.cell_edges(i / cols, i % cols)) d += on[static_cast<std::size_t>(f)];
        ok = d == clue[static_cast<std::size_t>(i)];
      }
      if (ok) go(e + 1);
    }
    on[static_cast<std::size_t>(e)] = false;
  };
  go(0);
  return count;
}

json slitherlink_json(int rows, int cols, const std::vector<int>& clue) {
  json rs = json::array();
  for (int r = 0; r < rows; ++r) {
    std::string s;
    for (int c = 0; c < cols; ++c) {
      const int v = clue[static_cast<std::size_t>(r * cols + c)];
      s += v < 0 ? '.' : static_cast<char>('0' + v);
    }
    rs.push_back(s);
  }
  return {{"kind", "slitherlink"}, {"clues", rs}};
}

// Exact counts on small boards, in both encodings on both back ends, against
// the backtracking counter: every loop of an empty 3x3 board (213, the
// simple cycles of the 4x4 grid graph) and random clue sets.
TEST(Slitherlink, ExactCountsMatchBacktrackingInEveryEncodingAndBackEnd) {
  EXPECT_EQ(count_loops(3, 3, std::vector<int>(9, -1)), 213u);
  expect_count_in_every_encoding(slitherlink_json(3, 3, std::vector<int>(9, -1)), 213);
  std::mt19937 rng(11);
  int with_none = 0, with_several = 0;
  for (int round = 0; round < 14; ++round) {
    const int rows = 2 + static_cast<int>(rng() % 2), cols = 2 + static_cast<int>(rng() % 3);
    std::vector<int> clue(static_cast<std::size_t>(rows * cols), -1);
    for (auto& v : clue)
      if (rng() % 3 == 0) v = static_cast<int>(rng() % 4);
    const uint64_t want = count_loops(rows, cols, clue);
    with_none += want == 0;
    with_several += want > 1;
    SCOPED_TRACE(slitherlink_json(rows, cols, clue).dump());
    expect_count_in_every_encoding(slitherlink_json(rows, cols, clue), want);
  }
  EXPECT_GT(with_none, 0);
  EXPECT_GT(with_several, 0);
}

// The loop drawn by pzprjs's own test (test/script/slither.js: its URL and
// solved board) is what check finds, in both encodings.
TEST(Slitherlink, PzprjsTestPuzzleSolvesToItsBoard) {
  const std::string text = read_file(kDataDir + "/pzprjs/slither.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url: \"([^\"]+)\"")));
  const std::string url = "https://puzz.link/p?slither/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/slither/5/5/([^\"]+)\"")));
  std::string board = m[1].str();
  std::replace(board.begin(), board.end(), '/', ' ');  // the file's line breaks
  std::vector<std::string> tok;
  std::istringstream in(board);
  for (std::string t; in >> t;) tok.push_back(t);
  ASSERT_EQ(tok.size(), 25u + 30u + 30u);  // clues, vertical edges 5x6, horizontal 6x5
  std::vector<std::string> drawing(11, std::string(11, ' '));
  for (int r = 0; r <= 10; r += 2)
    for (int c = 0; c <= 10; c += 2) drawing[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = '+';
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c <= 5; ++c)
      if (tok[static_cast<std::size_t>(25 + r * 6 + c)] == "1") drawing[static_cast<std::size_t>(2 * r + 1)][static_cast<std::size_t>(2 * c)] = '|';
  for (int r = 0; r <= 5; ++r)
    for (int c = 0; c < 5; ++c)
      if (tok[static_cast<std::size_t>(55 + r * 5 + c)] == "1") drawing[static_cast<std::size_t>(2 * r)][static_cast<std::size_t>(2 * c + 1)] = '-';
  for (const std::string enc : {"cuts", "eager"}) {
    CliResult r = run_cli({"check", "--json", "-e", enc, url});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["solutions"][0], json(drawing)) << enc;
  }
  // The clues as pzprjs's board file lists them.
  CliResult c = run_cli({"convert", url});
  EXPECT_EQ(json::parse(c.out)["clues"], json::parse(R"(["2..1.", ".2..1", "..2..", "3..3.", ".0..3"])"));
}

// Loopy's edges in the collection's order: each square face (row-major) adds
// its sides top, right, bottom, left when not yet numbered.
std::vector<bool> loopy_edges(int w, int h, const std::string& move) {
  pencil::Lattice L{h, w};
  std::vector<int> order;
  std::vector<bool> seen(static_cast<std::size_t>(L.edges()), false);
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c)
      for (int e : L.cell_edges(r, c))
        if (!seen[static_cast<std::size_t>(e)]) {
          seen[static_cast<std::size_t>(e)] = true;
          order.push_back(e);
        }
  std::vector<bool> on(static_cast<std::size_t>(L.edges()), false);
  std::regex item("(\\d+)([yn])");
  for (std::sregex_iterator it(move.begin(), move.end(), item), end; it != end; ++it)
    on[static_cast<std::size_t>(order.at(std::stoul((*it)[1])))] = (*it)[2] == "y";
  return on;
}

// IDs made by Debian's sgt-loopy (unique by construction): unique, with the
// loop the collection's solver recorded, on both back ends.
TEST(Slitherlink, LoopyIdsAreUniqueWithTheCollectionsSolution) {
  std::ifstream in(kDataDir + "/tatham/loopy.txt");
  int ids = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string id = line.substr(0, line.find(' ')), move = line.substr(line.find(' ') + 1);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(id, m, std::regex("^loopy:(\\d+)x(\\d+)")));
    const int w = std::stoi(m[1]), h = std::stoi(m[2]);
    slitherlink::Board b;
    b.lat = {h, w};
    const json want = slitherlink::solution_json(b, loopy_edges(w, h, move));
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "--solver", solver, id});
      ASSERT_EQ(r.exit_code, 0) << id << r.err;
      const json j = json::parse(r.out);
      EXPECT_EQ(j["status"], "unique") << id;
      EXPECT_EQ(j["solutions"][0], want) << id;
    }
    ids++;
  }
  EXPECT_EQ(ids, 12);
}

// Diagnose names the clues of a broken puzzle in the genre's words; the
// verdicts of a unique and a broken one are certified on both back ends.
// The eager encoding of a large board takes seconds to write: the deadline
// holds while it is written (unknown, exit 30), and the cuts answer at once.
// The ID: Debian's sgt-loopy --generate 1 '20x20t0dn#psmt-big-20x20t0dn'.
TEST(Slitherlink, EagerEncodingOfALargeBoardHonoursTheTimeout) {
  const std::string id = "loopy:20x20t0:3a2232a3232b31k12b22d02a231a2a1f32b23a022212f1h0b31c32c22d12a3d2b3a22c3b3a2a3a1a322a2c1a112b2e1a11a3a33a3c1c121a2b3a2a3d32a2a21d3e3a2a1a312b3b1a12a32a23a1b1b1b231b221b2a232a312b3a12d3c0e2d2d1a3a22a2b22a3b3f1c03b3e112a3l3e11a2a2b02312b2a3a1022301b1b1d2a3a1c2e122b3a";
  CliResult e = run_cli({"check", "--json", "-e", "eager", "--timeout", "300", id});
  EXPECT_EQ(e.exit_code, 30) << e.out << e.err;
  EXPECT_EQ(json::parse(e.out)["status"], "unknown");
  CliResult c = run_cli({"check", "--json", id});
  EXPECT_EQ(c.exit_code, 0) << c.err;
}

TEST(Slitherlink, BrokenPuzzleIsDiagnosedInCluesAndVerdictsAreCertified) {
  const std::string broken = "https://puzz.link/p?slither/5/5/cbcbcddaa";  // pzprjs's puzzle, r5c5 3 -> 0
  CliResult d = run_cli({"diagnose", "--json", broken});
  ASSERT_EQ(d.exit_code, 20) << d.err;
  const json j = json::parse(d.out);
  std::set<std::string> ids;
  for (const auto& c : j["conflict"]) ids.insert(c["id"].get<std::string>());
  EXPECT_TRUE(ids.count("clues/r5c5")) << j["conflict"].dump();
  CliResult t = run_cli({"diagnose", broken});
  EXPECT_NE(t.out.find("clue 0 at r5c5   [clues/r5c5]"), std::string::npos) << t.out;
  for (const std::string solver : {"z3", "cadical"}) {
    CliResult u = run_cli({"check", "--json", "--certify", "--solver", solver, "https://puzz.link/p?slither/5/5/cbcbcddad"});
    ASSERT_EQ(u.exit_code, 0) << u.err;
    EXPECT_GE(json::parse(u.out)["certified"]["unsat_steps"].get<int>(), 1) << u.out;
    CliResult n = run_cli({"check", "--json", "--certify", "--solver", solver, broken});
    ASSERT_EQ(n.exit_code, 20) << n.err;
    EXPECT_GE(json::parse(n.out)["certified"]["unsat_steps"].get<int>(), 1) << n.out;
  }
  // Several solutions: the fewest extra clues of the genre's own kind.
  CliResult s = run_cli({"diagnose", "--json", "https://puzz.link/p?slither/5/5/cbcbcddgd"});
  ASSERT_EQ(s.exit_code, 10) << s.err;
  const json sj = json::parse(s.out);
  ASSERT_FALSE(sj["diagnosis"]["extra_givens"].empty()) << sj.dump();
  EXPECT_EQ(sj["diagnosis"]["extra_givens"][0].get<std::string>().rfind("clue ", 0), 0u) << sj["diagnosis"].dump();
  EXPECT_EQ(sj["diagnosis"]["extra_givens_status"], "unique") << sj["diagnosis"].dump();
  // The first solution drawn has other edges than the published one around
  // the dropped clue's cell, and loops with the same counts there but other
  // edges: the search for the fewest clues must ask whether a place's clue
  // rules the other loop out, not whether its edges differ, or it goes round
  // without end (it stopped at its limit with 2 clues that left the puzzle
  // with several solutions).
  CliResult r = run_cli({"diagnose", "--json", kSourceDir + "/puzzles/slitherlink/pzprjs_test_r5c2_dropped.json"});
  ASSERT_EQ(r.exit_code, 10) << r.err;
  const json rj = json::parse(r.out)["diagnosis"];
  EXPECT_EQ(rj["extra_givens_status"], "unique") << rj.dump();
  EXPECT_EQ(rj["extra_givens_proven_smallest"], true) << rj.dump();
  EXPECT_EQ(rj["extra_givens"].size(), 2u) << rj.dump();
}

TEST(Slitherlink, ConvertRoundTripsAndBadLinksAndIdsAreRefusedInOneLine) {
  const std::string url = "https://puzz.link/p?slither/f/3/3/z";
  CliResult c = run_cli({"convert", url});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const json p = json::parse(c.out);
  EXPECT_EQ(p["full"], true);
  CliResult a = run_cli({"count", "--json", url}), b = run_cli({"count", "--json", "-"}, c.out);
  EXPECT_EQ(json::parse(a.out)["count"], json::parse(b.out)["count"]);
  EXPECT_EQ(json::parse(a.out)["count"], count_loops(3, 3, std::vector<int>(9, -1), true));
  EXPECT_EQ(count_loops(3, 3, std::vector<int>(9, -1), true), 6u);  // Hamiltonian cycles of the 4x4 grid graph
  expect_refused_in_one_line({
      {"https://puzz.link/p?slither/5/5/cbcbcddad4", "slither data, character 10: 1 more characters than the 5x5 board needs"},
      {"https://puzz.link/p?slither/v:/5/5/cbcbcddad", "slither: \"v:\" marks a variant whose extra rules are stated elsewhere"},
      {"https://puzz.link/p?slither/5/5/cbcbcdd!d", "slither data, character 8: unexpected \"!\""},
      {"https://puzz.link/p?slither/x/5/5/z", "slither: the flag \"x\" is not read"},
      {"https://puzz.link/p?slither/0/5/z", "slither columns: \"0\" is out of range (1 to 100)"},
      {"loopy:5x5t1:abc", "loopy grid type t1 (triangular tiling) is not read"},
      {"loopy:5x5t0:2c3", "description: 5 faces, a 5x5 grid has 25"},
      {"loopy:5x5t0:2c5", "description, character 3: unexpected \"5\""},
  });
}

}  // namespace
}  // namespace psmt::testing

// ---------------------------------------------------------------- masyu

namespace psmt::testing {
namespace {

using nlohmann::json;

// The loops of a masyu board by backtracking over the steps (degree pruned as
// soon as a cell's steps are all set), each full assignment held to the
// plain checker.
uint64_t count_masyu(const std::vector<std::string>& pearls) {
  masyu::Board b;
  b.lat = {static_cast<int>(pearls.size()), static_cast<int>(pearls[0].size())};
  for (const auto& row : pearls)
    for (char c : row) b.pearl.push_back(c == 'W' ? masyu::Pearl::White : c == 'B' ? masyu::Pearl::Black : masyu::Pearl::None);
  const auto& L = b.lat;
  const int m = L.steps();
  std::vector<int> last(static_cast<std::size_t>(L.cells()), -1);
  for (int i = 0; i < L.cells(); ++i)
    for (int s : L.cell_steps(i / L.cols, i % L.cols)) last[static_cast<std::size_t>(i)] = std::max(last[static_cast<std::size_t>(i)], s);
  std::vector<bool> on(static_cast<std::size_t>(m), false);
  uint64_t count = 0;
  std::function<void(int)> go = [&](int s) {
    if (s == m) {
      count += masyu::check_solution(b, masyu::solution_json(b, on)).empty() ? 1 : 0;
      return;
    }
    for (bool v : {false, true}) {
      on[static_cast<std::size_t>(s)] = v;
      bool ok = true;
      for (int i = 0; i < L.cells() && ok; ++i) {
        if (last[static_cast<std::size_t>(i)] != s) continue;
        int d = 0;
        for (int t : L.cell_steps(i / L.cols, i % L.cols)) d += t >= 0 && on[static_cast<std::size_t>(t)];
        ok = d == 0 || d == 2;
      }
      if (ok) go(s + 1);
    }
    on[static_cast<std::size_t>(s)] = false;
  };
  go(0);
  return count;
}

TEST(Masyu, ExactCountsMatchBacktrackingInEveryEncodingAndBackEnd) {
  std::mt19937 rng(5);
  int none = 0, several = 0;
  for (int round = 0; round < 12; ++round) {
    const int rows = 3 + static_cast<int>(rng() % 2), cols = 3 + static_cast<int>(rng() % 2);
    std::vector<std::string> pearls(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    for (auto& row : pearls)
      for (auto& c : row)
        if (rng() % 5 == 0) c = rng() % 2 ? 'W' : 'B';
    const uint64_t want = count_masyu(pearls);
    none += want == 0;
    several += want > 1;
    const json p = {{"kind", "masyu"}, {"pearls", pearls}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

// pzprjs's test puzzle (test/script/mashu.js): its URL solves to its board.
TEST(Masyu, PzprjsTestPuzzleSolvesToItsBoard) {
  const std::string text = read_file(kDataDir + "/pzprjs/mashu.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url: \"([^\"]+)\"")));
  const std::string url = "https://puzz.link/p?mashu/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/mashu/6/6/([^\"]+)\"")));
  std::string board = m[1].str();
  std::replace(board.begin(), board.end(), '/', ' ');
  std::vector<std::string> tok;
  std::istringstream in(board);
  for (std::string t; in >> t;) tok.push_back(t);
  ASSERT_EQ(tok.size(), 36u + 30u + 30u);  // pearls, links 6x5 across, 5x6 down
  masyu::Board b;
  b.lat = {6, 6};
  std::vector<bool> step(static_cast<std::size_t>(b.lat.steps()), false);
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 5; ++c) step[static_cast<std::size_t>(b.lat.step_right(r, c))] = tok[static_cast<std::size_t>(36 + r * 5 + c)] == "1";
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 6; ++c) step[static_cast<std::size_t>(b.lat.step_down(r, c))] = tok[static_cast<std::size_t>(66 + r * 6 + c)] == "1";
  const json want = masyu::solution_json(b, step);
  for (const std::string enc : {"cuts", "eager"}) {
    CliResult r = run_cli({"check", "--json", "-e", enc, url});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << enc;
  }
  EXPECT_EQ(json::parse(run_cli({"convert", url}).out)["pearls"],
            json::parse(R"(["..W...", ".B..W.", "......", "...B..", ".W....", "......"])"));
}

// IDs made by Debian's sgt-pearl: unique, with the collection's loop.
TEST(Masyu, PearlIdsAreUniqueWithTheCollectionsSolution) {
  std::ifstream in(kDataDir + "/tatham/pearl.txt");
  int ids = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string id = line.substr(0, line.find(' ')), move = line.substr(line.find(' ') + 1);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(id, m, std::regex("^pearl:(\\d+)x(\\d+)")));
    masyu::Board b;
    b.lat = {std::stoi(m[2]), std::stoi(m[1])};
    // R<mask>,<x>,<y>: 1 right, 2 up, 4 left, 8 down.
    std::vector<bool> step(static_cast<std::size_t>(b.lat.steps()), false);
    std::regex item("R(\\d+),(\\d+),(\\d+)");
    for (std::sregex_iterator it(move.begin(), move.end(), item), end; it != end; ++it) {
      const int mask = std::stoi((*it)[1]), x = std::stoi((*it)[2]), y = std::stoi((*it)[3]);
      if (mask & 1) step[static_cast<std::size_t>(b.lat.step_right(y, x))] = true;
      if (mask & 8) step[static_cast<std::size_t>(b.lat.step_down(y, x))] = true;
    }
    const json want = masyu::solution_json(b, step);
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "--solver", solver, id});
      ASSERT_EQ(r.exit_code, 0) << id << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << id;
    }
    ids++;
  }
  EXPECT_EQ(ids, 8);
}

TEST(Masyu, BrokenPearlIsNamedAndBadLinksAreRefused) {
  // pzprjs's puzzle with the white pearl at r1c3 turned black: no solution.
  const std::string broken = "https://puzz.link/p?mashu/6/6/2063000i3000";
  CliResult d = run_cli({"diagnose", broken});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("black pearl at r1c3   [pearls/r1c3]"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "--solver", "cadical", broken});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  expect_refused_in_one_line({
      {"https://puzz.link/p?mashu/v:/6/6/1063000i3000", "mashu: \"v:\" marks a variant"},
      {"https://puzz.link/p?mashu/6/6/1063000i300z", "mashu data, character 12: unexpected \"z\""},
      {"https://puzz.link/p?mashu/u/6/6/1063000i3000", "mashu: the flag \"u\" is not read"},
      {"pearl:5x5:BW", "description: 2 cells, a 5x5 board has 25"},
      {"pearl:5x5:B5", "description, character 2: unexpected \"5\""},
  });
}

// Boards of up to 100 a side (janko.at publishes masyu of 35x65): a 2x100
// board whose loop visits every cell has one loop, its rim; 101 is refused
// naming the row, in a file and in a link.
TEST(Masyu, BoardsOfUpToAHundredASideAreRead) {
  json p = {{"kind", "masyu"}, {"full", true}, {"pearls", {std::string(100, '.'), std::string(100, '.')}}};
  CliResult r = run_cli({"check", "--json", "-"}, p.dump());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["status"], "unique");
  p["pearls"] = {std::string(101, '.'), std::string(101, '.')};
  CliResult w = run_cli({"check", "-"}, p.dump());
  EXPECT_EQ(w.exit_code, 2);
  EXPECT_NE(w.err.find("/pearls/0: 1 to 100 cells"), std::string::npos) << w.err;
  CliResult l = run_cli({"check", "https://puzz.link/p?mashu/101/2/0"});
  EXPECT_EQ(l.exit_code, 2);
  EXPECT_NE(l.err.find("mashu columns: \"101\" is out of range (1 to 100)"), std::string::npos) << l.err;
}

// ---------------------------------------------------------------- nurikabe

// Every shading of a small board held to the plain checker.
uint64_t count_nurikabe(const json& grid) {
  nurikabe::Board b;
  b.lat = {static_cast<int>(grid.size()), static_cast<int>(grid[0].size())};
  for (const auto& row : grid)
    for (const auto& v : row) b.number.push_back(v.is_number() ? v.get<int>() : v == "?" ? nurikabe::kUnknownSize : nurikabe::kPlain);
  const int n = b.lat.cells();
  uint64_t count = 0;
  for (uint32_t mask = 0; mask < (1u << n); ++mask) {
    std::vector<bool> s(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)] = mask >> i & 1;
    count += nurikabe::check_shading(b, s).empty() ? 1 : 0;
  }
  return count;
}

TEST(Nurikabe, ExactCountsMatchBruteForceInEveryEncodingAndBackEnd) {
  std::mt19937 rng(3);
  int none = 0, several = 0;
  for (int round = 0; round < 12; ++round) {
    const int rows = 3 + static_cast<int>(rng() % 2), cols = 3 + static_cast<int>(rng() % 2);
    json grid = json::array();
    for (int r = 0; r < rows; ++r) {
      json row = json::array();
      for (int c = 0; c < cols; ++c) {
        const auto x = rng() % 9;
        row.push_back(x == 0 ? json("?") : x < 3 ? json(1 + static_cast<int>(rng() % 4)) : json("."));
      }
      grid.push_back(row);
    }
    const uint64_t want = count_nurikabe(grid);
    none += want == 0;
    several += want > 1;
    const json p = {{"kind", "nurikabe"}, {"grid", grid}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

// Numbers that leave at most a tenth of the board shaded: the encoding then
// counts the shaded cells too (nurikabe.cpp), and must not lose a solution.
TEST(Nurikabe, BoardsWithFewShadedCellsCountLikeBruteForce) {
  std::mt19937 rng(7);
  int none = 0, several = 0, unique = 0;
  for (int round = 0; round < 16; ++round) {
    const int rows = 4, cols = 4, cells = rows * cols;
    json grid = json::array();
    for (int r = 0; r < rows; ++r) grid.push_back(json::array({".", ".", ".", "."}));
    // One or two numbers at different cells, their sizes summing to 15 or 16.
    const int numbers = 1 + round % 2, total = cells - static_cast<int>(rng() % 2);
    std::vector<int> at;
    while (static_cast<int>(at.size()) < numbers) {
      const int i = static_cast<int>(rng() % cells);
      if (std::find(at.begin(), at.end(), i) == at.end()) at.push_back(i);
    }
    const int first = numbers == 1 ? total : 1 + static_cast<int>(rng() % 3);
    grid[static_cast<std::size_t>(at[0] / cols)][static_cast<std::size_t>(at[0] % cols)] = first;
    if (numbers == 2) grid[static_cast<std::size_t>(at[1] / cols)][static_cast<std::size_t>(at[1] % cols)] = total - first;
    const uint64_t want = count_nurikabe(grid);
    none += want == 0;
    unique += want == 1;
    several += want > 1;
    const json p = {{"kind", "nurikabe"}, {"grid", grid}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(unique, 0);
  EXPECT_GT(several, 0);
}

TEST(Nurikabe, PzprjsTestPuzzleSolvesToItsBoardAndABrokenNumberIsNamed) {
  const std::string text = read_file(kDataDir + "/pzprjs/nurikabe.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url: \"([^\"]+)\"")));
  const std::string url = "https://puzz.link/p?nurikabe/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/nurikabe/5/5/([^\"]+)\"")));
  json want = json::array();
  std::string row, board;
  for (char ch : m[1].str()) board += ch == '/' ? std::string(" / ") : std::string(1, ch);
  std::istringstream in(board);
  for (std::string t; in >> t;) {
    if (t == "/") {
      want.push_back(row);
      row.clear();
      continue;
    }
    row += t == "#" ? '#' : '.';
  }
  ASSERT_EQ(want.size(), 5u);
  for (const std::string enc : {"cuts", "eager"})
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "-e", enc, "--solver", solver, url});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << enc << " " << solver;
    }
  // The 3 at r5c4 misprinted as 6: no solution, and diagnose names it.
  CliResult d = run_cli({"diagnose", "https://puzz.link/p?nurikabe/5/5/g5k2o1k6g"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("island size 6 at r5c4"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "https://puzz.link/p?nurikabe/5/5/g5k2o1k6g"});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1) << c.out;
  // Unique, with the uniqueness proof checked.
  CliResult u = run_cli({"check", "--json", "--certify", url});
  ASSERT_EQ(u.exit_code, 0) << u.err;
  EXPECT_GE(json::parse(u.out)["certified"]["unsat_steps"].get<int>(), 1) << u.out;
  expect_refused_in_one_line({
      {"https://puzz.link/p?nurikabe/5/5/g5k2o1k3g7", "nurikabe data, character 10: 1 more characters than the 5x5 board needs"},
      {"https://puzz.link/p?nurikabe/5/5/0", "nurikabe data: an island of size 0 at r1c1"},
      {"https://puzz.link/p?nurikabe/5/5/!", "nurikabe data, character 1: unexpected \"!\""},
  });
}

}  // namespace
}  // namespace psmt::testing

namespace psmt::testing {
namespace {

// Published puzz.link links of the three genres (penpa-edit's parser test
// list): each decodes, and every encoding on both back ends gives the same
// verdict and solution; a variant link (v:) is refused, its rules unknown.
TEST(PencilLinks, PublishedLinksDecodeAndEveryEncodingAgrees) {
  int links = 0, variants = 0;
  for (const std::string genre : {"slitherlink", "masyu", "nurikabe"}) {
    const std::string text = read_file(kDataDir + "/puzzlink/" + genre + ".txt");
    std::regex url("\"(https://puzz\\.link/p\\?[^\"]+)\"");
    for (std::sregex_iterator it(text.begin(), text.end(), url), end; it != end; ++it) {
      const std::string link = (*it)[1];
      SCOPED_TRACE(link);
      if (link.find("/v:/") != std::string::npos) {
        CliResult r = run_cli({"check", link});
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_NE(r.err.find("marks a variant whose extra rules are stated elsewhere"), std::string::npos) << r.err;
        variants++;
        continue;
      }
      // The eager encoding on the boards of up to 64 cells (on 10x10 nurikabe
      // it takes seconds: scripts/bench-pencil measures it).
      std::smatch size;
      ASSERT_TRUE(std::regex_search(link, size, std::regex("/(\\d+)/(\\d+)/[^/]*$")));
      std::vector<std::string> encodings = {"cuts"};
      if (std::stoi(size[1]) * std::stoi(size[2]) <= 64) encodings.push_back("eager");
      json first;
      for (const std::string& enc : encodings)
        for (const std::string solver : {"z3", "cadical"}) {
          CliResult r = run_cli({"check", "--json", "-e", enc, "--solver", solver, link});
          ASSERT_EQ(r.exit_code, 0) << enc << " " << solver << r.err;
          const json j = json::parse(r.out);
          if (first.is_null()) first = j["solutions"][0];
          EXPECT_EQ(j["solutions"][0], first) << enc << " " << solver;
        }
      links++;
    }
  }
  EXPECT_EQ(links, 10);
  EXPECT_EQ(variants, 2);
  // A body that ends early leaves the rest of the board empty, as pzprjs reads it.
  CliResult s = run_cli({"convert", "https://puzz.link/p?slither/3/2/3"});
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(json::parse(s.out)["clues"], json::parse(R"(["3..", "..."])"));
}

}  // namespace
}  // namespace psmt::testing

// ---------------------------------------------------------------- gokigen

namespace psmt::testing {
namespace {

using nlohmann::json;

// Every diagonal pattern of a small board held to the plain checker.
uint64_t count_gokigen(const std::vector<std::string>& clues) {
  gokigen::Board b;
  b.lat = {static_cast<int>(clues.size()) - 1, static_cast<int>(clues[0].size()) - 1};
  for (const auto& row : clues)
    for (char c : row) b.clue.push_back(c == '.' ? gokigen::kNoClue : c - '0');
  const int n = b.lat.cells();
  uint64_t count = 0;
  for (uint32_t mask = 0; mask < (1u << n); ++mask) {
    std::vector<bool> back(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) back[static_cast<std::size_t>(i)] = mask >> i & 1;
    count += gokigen::check_solution(b, gokigen::solution_json(b, back)).empty() ? 1 : 0;
  }
  return count;
}

TEST(Gokigen, ExactCountsMatchBruteForceInEveryEncodingAndBackEnd) {
  // No clue on a 3x3 board: every pattern without a loop of diagonals.
  const std::vector<std::string> empty(4, "....");
  const uint64_t all = count_gokigen(empty);
  EXPECT_GT(all, 0u);
  EXPECT_LT(all, 512u);  // some of the 2^9 patterns hold a loop
  expect_count_in_every_encoding({{"kind", "gokigen"}, {"clues", empty}}, all);
  std::mt19937 rng(9);
  int none = 0, several = 0;
  for (int round = 0; round < 12; ++round) {
    const int rows = 2 + static_cast<int>(rng() % 2), cols = 2 + static_cast<int>(rng() % 3);
    std::vector<std::string> clues(static_cast<std::size_t>(rows + 1), std::string(static_cast<std::size_t>(cols + 1), '.'));
    for (auto& row : clues)
      for (auto& c : row)
        if (rng() % 3 == 0) c = static_cast<char>('0' + rng() % 3);
    const uint64_t want = count_gokigen(clues);
    none += want == 0;
    several += want > 1;
    const json p = {{"kind", "gokigen"}, {"clues", clues}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

TEST(Gokigen, PzprjsTestPuzzleAndSlantIdsSolveToTheirBoards) {
  const std::string text = read_file(kDataDir + "/pzprjs/gokigen.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url: \"([^\"]+)\"")));
  const std::string url = "https://puzz.link/p?gokigen/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/gokigen/4/4/([^\"]+)\"")));
  std::string board = m[1].str();
  std::replace(board.begin(), board.end(), '/', ' ');
  std::vector<std::string> tok;
  std::istringstream in(board);
  for (std::string t; in >> t;) tok.push_back(t);
  ASSERT_EQ(tok.size(), 25u + 16u);
  json want = json::array();
  for (int r = 0; r < 4; ++r) {
    std::string row;
    for (int c = 0; c < 4; ++c) row += tok[static_cast<std::size_t>(25 + r * 4 + c)] == "1" ? '\\' : '/';
    want.push_back(row);
  }
  for (const std::string enc : {"cuts", "eager"}) {
    CliResult r = run_cli({"check", "--json", "-e", enc, url});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << enc;
  }
  // Debian's sgt-slant IDs: unique, with the collection's diagonals.
  std::ifstream ids(kDataDir + "/tatham/slant.txt");
  int n = 0;
  for (std::string line; std::getline(ids, line);) {
    const std::string id = line.substr(0, line.find(' ')), move = line.substr(line.find(' ') + 1);
    ASSERT_TRUE(std::regex_search(id, m, std::regex("^slant:(\\d+)x(\\d+)")));
    const int w = std::stoi(m[1]), h = std::stoi(m[2]);
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '?'));
    std::regex item("([\\\\/])(\\d+),(\\d+)");
    for (std::sregex_iterator it(move.begin(), move.end(), item), end; it != end; ++it)
      rows[static_cast<std::size_t>(std::stoi((*it)[3]))][static_cast<std::size_t>(std::stoi((*it)[2]))] = (*it)[1].str()[0];
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "--solver", solver, id});
      ASSERT_EQ(r.exit_code, 0) << id << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], json(rows)) << id;
    }
    n++;
  }
  EXPECT_EQ(n, 8);
}

TEST(Gokigen, BrokenClueIsNamedAndBadLinksAreRefused) {
  // pzprjs's puzzle with its 1 at p5c2 misprinted as 0: no solution.
  const std::string broken = "https://puzz.link/p?gokigen/4/4/iaegcgcj5a";
  CliResult d = run_cli({"diagnose", broken});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("[clues/p5c2]"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", broken});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  // diagnose --certify says so in text, as check does.
  CliResult dc = run_cli({"diagnose", "--certify", broken});
  ASSERT_EQ(dc.exit_code, 20) << dc.err;
  EXPECT_NE(dc.out.find("certified: the proof of each of the "), std::string::npos) << dc.out;
  // A '?' at a point (pzprjs allows it) is read: a circle without a number.
  const CliResult q = run_cli({"convert", "https://puzz.link/p?gokigen/4/4/iaegcgcj.ga"});
  ASSERT_EQ(q.exit_code, 0) << q.err;
  EXPECT_EQ(json::parse(q.out)["clues"][4], ".?.0.") << q.out;
  EXPECT_EQ(q.err, "");
  expect_refused_in_one_line({
      {"https://puzz.link/p?gokigen/d/4/4/iaegcgcj6a", "gokigen: the flag \"d\" is not read (the old one-character form"},
      {"https://puzz.link/p?gokigen/4/4/iaegcgcj6a.", "gokigen data, character 11: 1 more characters"},
      {"slant:3x3:a1", "description: 2 points, a 3x3 grid has 16"},
      {"slant:3x3:5p", "description, character 1: unexpected \"5\""},
  });
}

}  // namespace
}  // namespace psmt::testing
