// Enumeration by exact-cover search (engine/cover.h): the search's leaves
// against brute force on random exact-cover problems, and tilings of random
// small boards counted by the cover search and by blocking clauses on both
// back ends against a plain backtracking tiling counter written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <set>

#include <fmt/format.h>

#include "engine/cover.h"
#include "helpers.h"
#include "io/error.h"

namespace psmt::testing {
namespace {

Result count_by(const LoadedPuzzle& lp, const char* solver, Enumeration how) {
  RunOptions ro;
  ro.solver = solver;
  ro.limit = 0;
  ro.enumeration = how;
  return run(*lp.encoder, *lp.puzzle, ro);
}

TEST(Cover, SearchLeavesAreExactlyTheAssignmentsTheGroupsAllow) {
  std::mt19937 rng(20261125);
  for (int round = 0; round < 300; ++round) {
    const unsigned n = 4 + rng() % 10;
    std::vector<std::vector<unsigned>> groups(1 + rng() % 5);
    for (auto& g : groups)
      for (unsigned v = 0; v < n; ++v)
        if (rng() % 3 == 0) g.push_back(v);
    std::vector<int8_t> fixed(n, 0);
    for (unsigned v = 0; v < n; ++v)
      if (rng() % 8 == 0) fixed[v] = rng() % 2 ? 1 : -1;
    // Brute force: every assignment with exactly one true per group that keeps the units.
    std::set<std::vector<int64_t>> expected;
    for (uint32_t bits = 0; bits < (1u << n); ++bits) {
      std::vector<int64_t> a(n);
      for (unsigned v = 0; v < n; ++v) a[v] = (bits >> v) & 1;
      bool ok = true;
      for (unsigned v = 0; v < n; ++v) ok = ok && (fixed[v] == 0 || (fixed[v] > 0) == (a[v] == 1));
      for (const auto& g : groups) {
        int trues = 0;
        for (unsigned v : g) trues += static_cast<int>(a[v]);
        ok = ok && trues == 1;
      }
      if (ok) expected.insert(a);
    }
    detail::CoverSearch search(n, groups, fixed);
    std::set<std::vector<int64_t>> got;
    std::vector<int64_t> leaf;
    uint64_t leaves = 0;
    while (search.next(leaf)) {
      leaves++;
      got.insert(leaf);
    }
    EXPECT_EQ(leaves, got.size()) << "round " << round << ": a leaf came twice";
    EXPECT_EQ(got, expected) << "round " << round;
    EXPECT_FALSE(search.next(leaf)) << "stays exhausted";
  }
}

// Polyomino shapes as cell lists.
using Shape = std::vector<std::pair<int, int>>;

Shape normalized(Shape s) {
  int r0 = INT32_MAX, c0 = INT32_MAX;
  for (auto [r, c] : s) r0 = std::min(r0, r), c0 = std::min(c0, c);
  for (auto& [r, c] : s) r -= r0, c -= c0;
  std::sort(s.begin(), s.end());
  return s;
}

std::vector<Shape> orientations(const Shape& s) {
  std::set<Shape> out;
  Shape cur = s;
  for (int flip = 0; flip < 2; ++flip) {
    for (int turn = 0; turn < 4; ++turn) {
      out.insert(normalized(cur));
      for (auto& [r, c] : cur) std::tie(r, c) = std::make_pair(c, -r);
    }
    for (auto& [r, c] : cur) c = -c;
  }
  return {out.begin(), out.end()};
}

// Tilings of `board` (rows of '#' and '.'), each piece type used `count`
// times (-1: any number), counted once per set of (type, cells): the first
// free cell in reading order is covered by the first cell of some oriented
// piece.
uint64_t count_tilings(const std::vector<std::string>& board, const std::vector<Shape>& shapes,
                       std::vector<int> counts) {
  const int rows = static_cast<int>(board.size()), cols = static_cast<int>(board[0].size());
  std::vector<std::vector<bool>> free(rows, std::vector<bool>(cols));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) free[r][c] = board[r][c] == '#';
  std::vector<std::vector<Shape>> ors;
  for (const auto& s : shapes) ors.push_back(orientations(s));
  std::function<uint64_t()> go = [&]() -> uint64_t {
    int fr = -1, fc = -1;
    for (int r = 0; r < rows && fr < 0; ++r)
      for (int c = 0; c < cols; ++c)
        if (free[r][c]) {
          fr = r, fc = c;
          break;
        }
    if (fr < 0) {
      for (int k : counts)
        if (k > 0) return 0;
      return 1;
    }
    uint64_t total = 0;
    for (std::size_t t = 0; t < ors.size(); ++t) {
      if (counts[t] == 0) continue;
      for (const auto& o : ors[t]) {
        const int dr = fr - o[0].first, dc = fc - o[0].second;
        bool fits = true;
        for (auto [r, c] : o) {
          const int rr = r + dr, cc = c + dc;
          fits = fits && rr >= 0 && rr < rows && cc >= 0 && cc < cols && free[rr][cc];
        }
        if (!fits) continue;
        for (auto [r, c] : o) free[r + dr][c + dc] = false;
        const bool counted = counts[t] > 0;  // -1: any number
        if (counted) counts[t]--;
        total += go();
        if (counted) counts[t]++;
        for (auto [r, c] : o) free[r + dr][c + dc] = true;
      }
    }
    return total;
  };
  return go();
}

TEST(Cover, RandomTilingsCountLikeABacktrackingCounterInEveryEnumerationAndBackEnd) {
  const std::vector<Shape> library = {
      {{0, 0}},                                  // monomino
      {{0, 0}, {0, 1}},                          // domino
      {{0, 0}, {0, 1}, {0, 2}},                  // I tromino
      {{0, 0}, {0, 1}, {1, 0}},                  // L tromino
      {{0, 0}, {0, 1}, {0, 2}, {0, 3}},          // I tetromino
      {{0, 0}, {0, 1}, {1, 0}, {1, 1}},          // O
      {{0, 0}, {0, 1}, {0, 2}, {1, 1}},          // T
      {{0, 0}, {0, 1}, {1, 1}, {1, 2}},          // S
      {{0, 0}, {1, 0}, {2, 0}, {2, 1}},          // L
  };
  std::mt19937 rng(7);
  int with_tilings = 0;
  // Under the sanitizers 16 boards (the search is in the solvers, which are not instrumented).
  const int rounds = PSMT_SANITIZED ? 16 : 40;
  for (int round = 0; round < rounds; ++round) {
    const int rows = 2 + static_cast<int>(rng() % 3), cols = 3 + static_cast<int>(rng() % 3);
    std::vector<std::string> board(rows, std::string(cols, '#'));
    for (auto& row : board)
      for (auto& ch : row)
        if (rng() % 7 == 0) ch = '.';
    std::vector<std::size_t> pick(library.size());
    for (std::size_t i = 0; i < pick.size(); ++i) pick[i] = i;
    std::shuffle(pick.begin(), pick.end(), rng);
    pick.resize(2 + rng() % 4);
    std::vector<Shape> shapes;
    std::vector<int> counts;
    nlohmann::json pieces = nlohmann::json::array();
    for (std::size_t i : pick) {
      shapes.push_back(library[i]);
      const int count = rng() % 4 == 0 ? -1 : 1 + static_cast<int>(rng() % 2);
      counts.push_back(count);
      int h = 0, w = 0;
      for (auto [r, c] : library[i]) h = std::max(h, r + 1), w = std::max(w, c + 1);
      std::vector<std::string> rowsv(h, std::string(w, '.'));
      for (auto [r, c] : library[i]) rowsv[r][c] = '#';
      nlohmann::json piece = {{"shape", rowsv}};
      if (count < 0) piece["count"] = "any";
      else piece["count"] = count;
      pieces.push_back(piece);
    }
    bool any_cell = false;
    for (const auto& row : board) any_cell = any_cell || row.find('#') != std::string::npos;
    if (!any_cell) continue;
    nlohmann::json puzzle = {{"kind", "polyomino"}, {"board", board}, {"pieces", pieces}};
    const uint64_t expected = count_tilings(board, shapes, counts);
    with_tilings += expected > 0;
    auto lp = puzzle_from_text(puzzle.dump());
    for (const char* solver : {"z3", "cadical"})
      for (auto how : {Enumeration::Cover, Enumeration::Blocking}) {
        Result r = count_by(lp, solver, how);
        EXPECT_TRUE(r.complete) << puzzle.dump();
        EXPECT_EQ(r.solutions_found, expected)
            << solver << (how == Enumeration::Cover ? " cover" : " blocking") << ": " << puzzle.dump();
      }
  }
  EXPECT_GE(with_tilings, PSMT_SANITIZED ? 3 : 7) << "the random boards must not all be untileable";
}

// With every piece used once or any number of times, each constraint lies
// inside one group (a cell's, a piece's), so the engine confirms the leaves
// once for all instead of one check each (prove_groups). Fixed pieces
// ("covered") make placements never true. Both encodings (clauses and
// counters; pbeq evaluated directly), both back ends, against blocking
// clauses, which confirm nothing this way.
TEST(Cover, LeavesConfirmedByTheGroupsCountLikeBlockingClauses) {
  const std::vector<std::vector<std::string>> library = {
      {"#"}, {"##"}, {"###"}, {"##", "#."}, {"####"}, {"##", "##"}, {"###", ".#."}, {"##.", ".##"}, {"#.", "#.", "##"}};
  std::mt19937 rng(11);
  int confirmed_runs = 0, with_fixed = 0;
  for (int round = 0; round < 30; ++round) {
    const int rows = 2 + static_cast<int>(rng() % 3), cols = 3 + static_cast<int>(rng() % 3);
    std::vector<std::string> board(rows, std::string(cols, '#'));
    std::vector<std::size_t> pick(library.size());
    for (std::size_t i = 0; i < pick.size(); ++i) pick[i] = i;
    std::shuffle(pick.begin(), pick.end(), rng);
    pick.resize(2 + rng() % 4);
    nlohmann::json pieces = nlohmann::json::array();
    for (std::size_t k = 0; k < pick.size(); ++k) {
      nlohmann::json piece = {{"name", fmt::format("P{}", k)}, {"shape", library[pick[k]]}};
      if (k == 0 || rng() % 3 == 0) piece["count"] = "any";  // a monomino-free set may not tile otherwise
      pieces.push_back(piece);
    }
    nlohmann::json puzzle = {{"kind", "polyomino"}, {"board", board}, {"pieces", pieces}};
    if (rng() % 2) {
      puzzle["covered"] = nlohmann::json::array();
      for (int k = 0; k < 1 + static_cast<int>(rng() % 2); ++k)
        puzzle["covered"].push_back({{"cell", {rng() % rows, rng() % cols}},
                                     {"piece", fmt::format("P{}", rng() % pick.size())}});
      with_fixed++;
    }
    auto lp = puzzle_from_text(puzzle.dump());
    for (const char* encoding : {"clauses", "pb"}) {
      std::optional<uint64_t> expected;
      for (const char* solver : {"z3", "cadical"})
        for (auto how : {Enumeration::Blocking, Enumeration::Cover}) {
          RunOptions ro;
          ro.solver = solver;
          ro.encoding = encoding;
          ro.limit = 0;
          ro.enumeration = how;
          Result r = run(*lp.encoder, *lp.puzzle, ro);
          ASSERT_TRUE(r.complete) << puzzle.dump();
          if (!expected) expected = r.solutions_found;
          EXPECT_EQ(r.solutions_found, *expected) << encoding << " " << solver << ": " << puzzle.dump();
          if (how == Enumeration::Cover && r.solutions_found > 0) {
            EXPECT_EQ(r.stats.z3["cover leaves confirmed by the groups"], r.stats.z3["cover search leaves"])
                << encoding << " " << solver << ": " << puzzle.dump();
            confirmed_runs++;
          }
        }
    }
  }
  EXPECT_GE(confirmed_runs, 20);
  EXPECT_GE(with_fixed, 8);
}

TEST(Cover, PentominoesCountTheSameByCoverSearchAndByBlockingClauses) {
  auto lp = puzzle_from_file("puzzles/polyomino/pentomino_3x20.json");
  for (const char* solver : {"z3", "cadical"})
    for (auto how : {Enumeration::Cover, Enumeration::Blocking}) {
      Result r = count_by(lp, solver, how);
      EXPECT_TRUE(r.complete);
      EXPECT_EQ(r.solutions_found, 8u) << solver;
      if (how == Enumeration::Cover) {
        EXPECT_GT(r.stats.z3["cover search leaves"], 0) << solver;
        // 60 cells and 12 pieces, each a clause and an at-most-one: read, not solved.
        EXPECT_EQ(r.stats.z3["cover groups stated by the encoding"], 72) << solver;
      }
    }
}

// A group counts as stated only when a clause and an at-most-one name
// exactly its variables (in any order, as constraints or conjuncts, native
// or Z3 terms); anything less is left to the solver's proof.
TEST(Cover, OnlyGroupsTheConstraintsStateExactlyAreTakenAsRead) {
  Context ctx;
  std::vector<Expr> x;
  for (int i = 0; i < 8; ++i) x.push_back(ctx.bool_const(fmt::format("x{}", i)));
  auto of = [&](std::initializer_list<int> is) {
    std::vector<Expr> v;
    for (int i : is) v.push_back(x[static_cast<std::size_t>(i)]);
    return v;
  };
  z3::context& z = ctx.z3();
  z3::expr_vector z67(z);
  z67.push_back(z.bool_const("x6"));
  z67.push_back(z.bool_const("x7"));
  std::vector<Expr> constraints = {
      mk_or(of({2, 0, 1})), at_most_one_counter(of({1, 2, 0})),           // {0,1,2}: stated
      mk_or(of({3, 4})),                                                  // {3,4}: no at-most-one
      mk_and({mk_or(of({3, 4, 5})), at_most_one_pairwise(of({5, 4, 3}))}),  // {3,4,5}: stated, as conjuncts
      pbeq(of({0, 3}), {1, 1}, 1),                                        // {0,3}: stated, one unit sum
      pbeq(of({1, 4}), {1, 2}, 1),                                        // {1,4}: weights other than 1
      mk_or({x[0], !x[5]}), atmost(of({0, 5}), 1),                        // {0,5}: a negated literal
      atmost(of({1, 2, 3, 4}), 1),                                        // {1,2,3,4}: no clause
      Expr(z3::mk_or(z67)), Expr(z3::atmost(z67, 1)),                     // {6,7}: stated, as Z3 terms
  };
  std::vector<std::vector<unsigned>> groups = {{0, 1, 2}, {3, 4}, {3, 4, 5}, {0, 3}, {1, 4}, {0, 5}, {1, 2, 3, 4}, {7, 6}, {0, 1}};
  std::vector<bool> want = {true, false, true, true, false, false, false, true, false};
  EXPECT_EQ(detail::stated_groups(constraints, x, groups), want);
}

TEST(Cover, BoardsWhoseAreaThePiecesCannotFillAreRefutedBeforeTheSearch) {
  // The 12 pentominoes (60 cells) on 6x11: the implied area
  // sum with the proved groups has no model, which the engine tries before
  // the search (that leaves the implied rules out). On CaDiCaL the sum over
  // the piece groups is a diagram with no path (engine/cnf.h): refuted
  // without search. Blocking clauses say none too.
  nlohmann::json puzzle = nlohmann::json::parse(read_file(kSourceDir + "/puzzles/polyomino/pentomino_6x10.json"));
  puzzle.erase("expect");
  puzzle["board"] = {{"rows", 6}, {"cols", 11}};
  auto lp = puzzle_from_text(puzzle.dump());
  RunOptions ro;
  ro.solver = "cadical";
  ro.limit = 0;
  ro.explain = false;  // which clues conflict: a search of its own
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  EXPECT_EQ(r.status, Status::None);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.stats.z3["refuted by the implied rules and the groups"], 1);
  EXPECT_EQ(r.stats.z3["cover search nodes"], 0);
  // A small one on both back ends, by each enumeration: P, L and I
  // pentominoes (15 cells) on a 4x4 board.
  auto small = puzzle_from_text(R"({"kind": "polyomino", "board": {"rows": 4, "cols": 4},
      "pieces": [{"name": "P", "shape": ["##", "##", "#."]}, {"name": "L", "shape": ["#.", "#.", "#.", "##"]},
                 {"name": "I", "shape": ["#", "#", "#", "#", "#"]}]})");
  for (const char* solver : {"z3", "cadical"})
    for (auto how : {Enumeration::Auto, Enumeration::Blocking}) {
      Result r = count_by(small, solver, how);
      EXPECT_EQ(r.status, Status::None) << solver;
      EXPECT_TRUE(r.complete) << solver;
    }
}

TEST(Cover, TheCommandLineChoosesAndRefusesInOneLine) {
  // F, P and U on a 3x5 board (a few tilings, counted here by backtracking;
  // the 12 pentominoes on 3x20 are counted in the tests above).
  const std::string board = ::testing::TempDir() + "/fpu-3x5.json";
  std::ofstream(board) << R"({"kind": "polyomino", "name": "F, P and U on 3x5", "board": {"rows": 3, "cols": 5}, "pieces": [)"
                          R"({"name": "F", "shape": [".##", "##.", ".#."]}, {"name": "P", "shape": ["##", "##", "#."]}, {"name": "U", "shape": ["#.#", "###"]}]})";
  const Shape f = {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}, p = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}, u = {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}};
  const uint64_t tilings = count_tilings({"#####", "#####", "#####"}, {f, p, u}, {1, 1, 1});
  ASSERT_GT(tilings, 0u);
  for (const char* how : {"auto", "cover", "blocking"}) {
    CliResult c = run_cli({"count", "--json", "--solver", "cadical", "--enumeration", how, board});
    EXPECT_EQ(nlohmann::json::parse(c.out)["count"], tilings) << how;
  }
  CliResult bad = run_cli({"count", "--enumeration", "sideways", board});
  EXPECT_EQ(bad.exit_code, 2);
  CliResult sudoku = run_cli({"count", "--enumeration", "cover", kSourceDir + "/puzzles/sudoku/niobaras_fixed.json"});
  EXPECT_EQ(sudoku.exit_code, 2);
  EXPECT_NE(sudoku.err.find("--enumeration cover needs an encoding with exactly-one groups"), std::string::npos)
      << sudoku.err;
  // Proofs rest on UNSAT answers: --certify keeps blocking clauses, and says so by certifying.
  CliResult cert = run_cli({"count", "--json", "--certify", "--solver", "cadical", board});
  auto j = nlohmann::json::parse(cert.out);
  EXPECT_EQ(j["count"], tilings);
  EXPECT_GE(j["certified"]["unsat_steps"].get<int>(), 1);
}

}  // namespace
}  // namespace psmt::testing
