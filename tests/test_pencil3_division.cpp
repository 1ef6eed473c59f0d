// Pencil puzzles III, the genres that divide or link the board: Numberlink
// (and arukone), Sashigane, Double Choco. Each: pzprjs's own test script as
// a conformance set, exact counts on small boards against a plain counter
// (every answer tried with the kind's checker), diagnose in the genre's
// words, bad input refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>

#include "encoders/pencil/dbchoco.h"
#include "encoders/pencil/division.h"
#include "encoders/pencil/numlin.h"
#include "encoders/pencil/sashigane.h"
#include "helpers.h"
#include "pencil_tests.h"
#include "pzprjs_script.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// ---------------------------------------------------------------- numberlink

// A pzprjs numlin or arukone board (the size, [the arukone setting,] the
// cells, then the links) as our drawing; a board of the size alone has no
// line.
json numlin_drawing(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t links = static_cast<std::size_t>(rows * (cols - 1) + (rows - 1) * cols);
  const std::size_t cells = static_cast<std::size_t>(rows * cols);
  numlin::Board board;
  board.lat = {rows, cols};
  if (b.tokens.size() == 2) return numlin::solution_json(board, std::vector<bool>(static_cast<std::size_t>(board.lat.steps()), false));
  if (b.tokens.size() < cells + links + 2) return nullptr;
  return numlin::solution_json(board, pzprjs_links(b, b.tokens.size() - links, board.lat));
}

TEST(Numberlink, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("numlin", 5, 5, [](const PzprjsBoard& b) { return numlin_drawing(b, 5, 5); });
}

// Arukone's script holds a board that is solved when cells may stay unused
// (dontpassallcell) and wrong when every cell must be used; the others are
// wrong or solved under its test URL's setting (every cell used).
TEST(Numberlink, ArukoneScriptIsAConformanceSet) {
  expect_pzprjs_conformance("arukone", 4, 4, [](const PzprjsBoard& b) { return numlin_drawing(b, 4, 4); }, false);
  const PzprjsScript s = read_pzprjs_script("arukone");
  const std::string link = "https://puzz.link/p?arukone/" + s.url;
  const CliResult c = run_cli({"convert", link});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const LoadedPuzzle every = puzzle_from_text(c.out, link);
  json some_unused = json::parse(c.out);
  some_unused.erase("every_cell");
  const LoadedPuzzle loose = puzzle_from_text(some_unused.dump(), link);
  int wrong = 0, loose_solved = 0;
  for (std::size_t k = 0; k + 1 < s.boards.size(); ++k) {
    const json d = numlin_drawing(s.boards[k], 4, 4);
    ASSERT_FALSE(d.is_null()) << s.boards[k].code;
    const bool dont_pass_all = s.boards[k].tokens[2] == "dontpassallcell";
    EXPECT_FALSE(every.encoder->check(*every.puzzle, d).empty()) << s.boards[k].code << ": " << d.dump();
    if (dont_pass_all) {
      EXPECT_EQ(s.boards[k].code, "null");
      EXPECT_TRUE(loose.encoder->check(*loose.puzzle, d).empty()) << d.dump();
      ++loose_solved;
    } else {
      ++wrong;
    }
  }
  EXPECT_EQ(wrong, 10);
  EXPECT_EQ(loose_solved, 1);
}

// Every set of steps of a small board (at most 17 steps) that the kind's
// checker passes; sets with a cell of more than two steps are passed over
// before (no answer has one).
uint64_t links_that_pass(const json& puzzle) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  const auto& b = static_cast<const numlin::Board&>(*lp.puzzle);
  const auto& L = b.lat;
  const int steps = L.steps();
  uint64_t n = 0;
  std::vector<bool> step(static_cast<std::size_t>(steps));
  for (uint64_t mask = 0; mask < (uint64_t{1} << steps); ++mask) {
    for (int s = 0; s < steps; ++s) step[static_cast<std::size_t>(s)] = (mask >> s) & 1u;
    bool degrees = true;
    for (int i = 0; i < L.cells() && degrees; ++i) {
      int d = 0;
      for (int s : L.cell_steps(i / L.cols, i % L.cols)) d += s >= 0 && step[static_cast<std::size_t>(s)];
      degrees = d <= 2;
    }
    if (degrees && numlin::check_solution(b, numlin::solution_json(b, step)).empty()) ++n;
  }
  return n;
}

// A rows x cols grid of empty cells ('.'), and `v` put in one of its empty
// cells drawn at random.
json empty_grid(int rows, int cols) {
  json grid = json::array();
  for (int r = 0; r < rows; ++r) grid.push_back(json(std::vector<std::string>(static_cast<std::size_t>(cols), ".")));
  return grid;
}
void place_at_random(json& grid, std::mt19937& rng, const json& v) {
  const auto rows = static_cast<unsigned>(grid.size()), cols = static_cast<unsigned>(grid[0].size());
  for (;;) {
    auto& cell = grid[rng() % rows][rng() % cols];
    if (cell != ".") continue;
    cell = v;
    return;
  }
}

// Random pairs of numbers (now and then a lone number, a '?' pair or a
// number three times), with and without arukone's every-cell rule.
TEST(Numberlink, ExactCountsMatchEverySetOfStepsTried) {
  std::mt19937 rng(83);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 3 == 2 ? 4 : 3, cols = t % 3 == 1 ? 4 : 3;
    json grid = empty_grid(rows, cols);
    auto place = [&](const json& v) { place_at_random(grid, rng, v); };
    const int pairs = 1 + static_cast<int>(rng() % 3);
    for (int k = 1; k <= pairs; ++k) {
      place(k);
      place(k);
    }
    if (t % 5 == 3) place(pairs);          // a number three times
    if (t % 7 == 4) place(pairs + 1);      // a lone number
    if (t % 4 == 1) place("?"), place("?");
    json p = {{"kind", "numlin"}, {"grid", grid}};
    if (t % 2) p["every_cell"] = true;
    if (t == 0) p["grid"] = json::array({json::array({1, 2, 3}), json::array({".", ".", "."}), json::array({1, 2, 3})});
    seen.expect(p, links_that_pass(p));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

// The normal form (lines that never run beside themselves, nor round an
// unused cell or corner they could take) narrows `check` and `solve`, never
// a count: on random boards where cells may stay unused, the verdict of
// every encoding and back end is the one the full count gives, and a
// second solution, when there is one, passes the checker.
TEST(Numberlink, VerdictsUnderTheNormalFormMatchTheFullCount) {
  std::mt19937 rng(29);
  int by_status[3] = {0, 0, 0}, beside = 0, guess_met = 0, guess_refuted = 0;
  for (int t = 0; t < 40; ++t) {
    const int rows = 4, cols = 4 + t % 2;
    json grid = empty_grid(rows, cols);
    auto place = [&](const json& v) { place_at_random(grid, rng, v); };
    const int pairs = 2 + static_cast<int>(rng() % 4);
    for (int k = 1; k <= pairs; ++k) place(k), place(k);
    const json p = {{"kind", "numlin"}, {"grid", grid}};
    SCOPED_TRACE(p.dump());
    const LoadedPuzzle lp = puzzle_from_text(p.dump());
    for (const auto& enc : encodings_of("numlin"))
      for (const std::string solver : {"z3", "cadical"}) {
        const Result all = run_puzzle(lp, enc, 0, solver);
        ASSERT_TRUE(all.complete);
        const Result r = run_puzzle(lp, enc, 2, solver);
        EXPECT_GT(r.stats.z3.at("normal-form rules"), 0) << enc << " on " << solver;
        const Status want = all.solutions_found == 0 ? Status::None : all.solutions_found == 1 ? Status::Unique : Status::Multiple;
        ASSERT_EQ(r.status, want) << enc << " on " << solver << ": " << all.solutions_found << " solutions";
        for (const auto& sol : r.solutions) EXPECT_TRUE(lp.encoder->check(*lp.puzzle, sol).empty()) << sol.dump();
        if (r.status == Status::Multiple) EXPECT_NE(r.solutions.at(0), r.solutions.at(1));
        ++by_status[want == Status::None ? 0 : want == Status::Unique ? 1 : 2];
        beside += r.stats.z3.count("solutions beside the normal one") && r.stats.z3.at("solutions beside the normal one") > 0;
        guess_met += static_cast<int>(r.stats.z3.count("guess met"));
        guess_refuted += static_cast<int>(r.stats.z3.count("guess refuted"));
      }
  }
  EXPECT_GT(by_status[0], 0);
  EXPECT_GT(by_status[1], 0);
  EXPECT_GT(by_status[2], 0);
  EXPECT_GT(beside, 0);  // some second solutions were found as a detour of the only normal one
  // The guess (every cell used, Encoding::guess) met by some first solutions
  // and refuted on other boards: verdicts agree either way.
  EXPECT_GT(guess_met, 0);
  EXPECT_GT(guess_refuted, 0);
}

// One line between two 1s with room above and below: the straight line is
// the only normal solution; the two ways round are detours of it, found
// beside it. A count sees all three; --certify proves without the normal
// form.
TEST(Numberlink, ADetourOfTheOnlyNormalSolutionIsASecondSolution) {
  const json p = {{"kind", "numlin"}, {"grid", {{".", ".", "."}, {1, ".", 1}, {".", ".", "."}}}};
  const LoadedPuzzle lp = puzzle_from_text(p.dump());
  const Result r = run_puzzle(lp, "cuts", 2, "cadical");
  EXPECT_EQ(r.status, Status::Multiple);
  EXPECT_EQ(r.stats.z3.at("solutions beside the normal one"), 1);
  EXPECT_EQ(r.solutions.at(0), json::array({". . .", "     ", "o-o-o", "     ", ". . ."}));
  EXPECT_EQ(run_puzzle(lp, "cuts", 0, "cadical").solutions_found, links_that_pass(p));
  const auto& b = static_cast<const numlin::Board&>(*lp.puzzle);
  const auto other = numlin::detour(b, numlin::steps_of(b, r.solutions.at(0)));
  ASSERT_TRUE(other.has_value());
  EXPECT_TRUE(numlin::check_solution(b, numlin::solution_json(b, *other)).empty());
  // Three straight lines through every cell: no detour, no shortcut.
  const json rows = {{"kind", "numlin"}, {"grid", {{2, ".", 2}, {1, ".", 1}, {3, ".", 3}}}};
  const LoadedPuzzle lf = puzzle_from_text(rows.dump());
  const auto& bf = static_cast<const numlin::Board&>(*lf.puzzle);
  const json straight = json::array({"o-o-o", "     ", "o-o-o", "     ", "o-o-o"});
  ASSERT_TRUE(numlin::check_solution(bf, straight).empty());
  EXPECT_FALSE(numlin::detour(bf, numlin::steps_of(bf, straight)).has_value());
  EXPECT_FALSE(numlin::shortcut(bf, numlin::steps_of(bf, straight)).has_value());
  EXPECT_EQ(run_puzzle(lf, "cuts", 2, "cadical").status, Status::Unique);
  // A snake through every cell runs beside itself: cut short.
  const json corners = {{"kind", "numlin"}, {"grid", {{1, ".", "."}, {".", ".", "."}, {".", ".", 1}}}};
  const LoadedPuzzle lc = puzzle_from_text(corners.dump());
  const auto& bc = static_cast<const numlin::Board&>(*lc.puzzle);
  const json snake = json::array({"o-o-o", "    |", "o-o-o", "|    ", "o-o-o"});
  ASSERT_TRUE(numlin::check_solution(bc, snake).empty());
  EXPECT_TRUE(numlin::shortcut(bc, numlin::steps_of(bc, snake)).has_value());
  // A line beside itself is cut short.
  const json hook_puzzle = {{"kind", "numlin"}, {"grid", {{1, ".", "."}, {1, ".", "."}, {".", ".", "."}}}};
  const LoadedPuzzle lh = puzzle_from_text(hook_puzzle.dump());
  const auto& bh = static_cast<const numlin::Board&>(*lh.puzzle);
  const json hook = json::array({"o-o .", "  |  ", "o-o .", "     ", ". . ."});
  ASSERT_TRUE(numlin::check_solution(bh, hook).empty());
  const auto cut = numlin::shortcut(bh, numlin::steps_of(bh, hook));
  ASSERT_TRUE(cut.has_value());
  EXPECT_EQ(numlin::solution_json(bh, *cut), json::array({"o . .", "|    ", "o . .", "     ", ". . ."}));
}

TEST(Numberlink, TheCheckerNamesEachRuleAndANumberIsBlamed) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "numlin", "grid": [[1, ".", 2], [".", ".", "."], [1, ".", 2]]})");
  auto says = [&](const json& drawing, const std::string& part) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, drawing)) all += v.message + "\n";
    EXPECT_NE(all.find(part), std::string::npos) << all;
  };
  says(json::array({"o . o", "|   |", "o . o", "|    ", "o . o"}), "a line ends at r2c3, which holds no number");
  says(json::array({"o . .", "|    ", "o . .", "|    ", "o . ."}), "2 at r1c3: no line ends there");
  says(json::array({"o-o-o", "| | |", "o o o", "|   |", "o . o"}), "3 steps meet at r1c2");
  says(json::array({"o-o-o", "     ", ". . .", "     ", "o-o-o"}), "a line joins 1 at r1c1 and 2 at r1c3");
  says(json::array({"o . o", "|   |", "o o-o", "| | |", "o-o o"}), "a line passes over it");
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, json::array({"o . o", "|   |", "o . o", "|   |", "o . o"})).empty());
  const LoadedPuzzle loop = puzzle_from_text(R"({"kind": "numlin", "grid": [[1, ".", "."], [".", ".", "."], [1, ".", "."]]})");
  std::string all;
  for (const auto& v : loop.encoder->check(*loop.puzzle, json::array({"o o-o", "| | |", "o o-o", "|    ", "o . ."}))) all += v.message;
  EXPECT_NE(all.find("the line through r1c2 joins no numbers"), std::string::npos) << all;
  // Three 1s: no answer, and the numbers are the conflict; dropping one is
  // the repair.
  const std::string file = ::testing::TempDir() + "/numlin.json";
  std::ofstream(file) << R"({"kind": "numlin", "grid": [[1, ".", 1], [".", ".", "."], [".", 1, "."]]})";
  const CliResult d = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  ASSERT_EQ(dj["conflict"].size(), 3u) << d.out;
  EXPECT_EQ(dj["conflict"][0]["label"], "1 at r1c1");
  EXPECT_NE(dj["diagnosis"]["drop_repairs"][0]["status"], "none") << dj["diagnosis"].dump();
  // Several solutions: no single number is offered, and the reason says so.
  std::ofstream(file) << R"({"kind": "numlin", "grid": [[1, ".", "."], [".", ".", "."], [".", ".", 1]]})";
  const CliResult m = run_cli({"diagnose", file});
  EXPECT_EQ(m.exit_code, 10) << m.out << m.err;
  EXPECT_NE(m.out.find("pairs of numbers"), std::string::npos) << m.out;
  expect_bad_files_name_their_path({{R"({"kind": "numlin", "grid": [[1, "x"], [".", 1]]})", "/grid/0/1"},
                                    {R"({"kind": "numlin", "grid": [[".", "."], [".", "."]]})", "/grid"},
                                    {R"({"kind": "numlin", "grid": [[1, 1]], "every_cell": 2})", "/every_cell"}},
                                   "numlin.json");
  expect_refused_in_one_line({{"https://puzz.link/p?numlin/x/5/5/1j2h3m1h2j3", "numlin: the flag \"x\" is not read"},
                              {"https://puzz.link/p?arukone/f/4/4/12l3123j", "arukone: the flag \"f\" is not read"},
                              {"https://puzz.link/p?numlin/5/5/1j2h3m1h2j3z", "numlin data"}});
}

// ---------------------------------------------------------------- sashigane

// A pzprjs board of a division genre (the size, the cells, then the
// borders: 1 a border, anything else none) as our division.
json pzprjs_division(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t borders = static_cast<std::size_t>(rows * (cols - 1) + (rows - 1) * cols);
  if (b.tokens.size() < borders + static_cast<std::size_t>(rows * cols) + 2) return nullptr;
  const pencil::Lattice L{rows, cols};
  std::vector<bool> join = pzprjs_links(b, b.tokens.size() - borders, L);
  join.flip();
  return pencil::division_json(L, join);
}

TEST(Sashigane, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("sashigane", 5, 5, [](const PzprjsBoard& b) { return pzprjs_division(b, 5, 5); });
}

// Every division of a small board (at most 17 steps: each set of steps
// "in one area" that is the division's own) the kind's checker passes.
uint64_t divisions_passing(const json& puzzle, int rows, int cols) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  const pencil::Lattice L{rows, cols};
  const int steps = L.steps();
  uint64_t n = 0;
  std::vector<bool> join(static_cast<std::size_t>(steps));
  for (uint64_t mask = 0; mask < (uint64_t{1} << steps); ++mask) {
    for (int s = 0; s < steps; ++s) join[static_cast<std::size_t>(s)] = (mask >> s) & 1u;
    const json d = pencil::division_json(L, join);
    if (pencil::division_steps(L, d) != join) continue;  // a division counted once, by its own steps
    if (lp.encoder->check(*lp.puzzle, d).empty()) ++n;
  }
  return n;
}

// Random circles (with and without numbers) and arrows on 3x3, 3x4, 4x3
// and 2x5 boards.
TEST(Sashigane, ExactCountsMatchEveryDivisionTried) {
  std::mt19937 rng(89);
  Verdicts seen;
  const std::vector<json> marks = {"o", "<", ">", "^", "v", 3, 4, 5};
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 4 == 3 ? 2 : t % 4 == 2 ? 4 : 3, cols = t % 4 == 3 ? 5 : t % 4 == 1 ? 4 : 3;
    json grid = json::array();
    for (int r = 0; r < rows; ++r) {
      json row = json::array();
      for (int c = 0; c < cols; ++c) row.push_back(rng() % 4 == 0 ? marks[rng() % marks.size()] : json("."));
      grid.push_back(row);
    }
    if (t == 0) grid = json::array({json::array({3, ".", "."}), json::array({".", ".", "."})});
    const json p = {{"kind", "sashigane"}, {"grid", grid}};
    seen.expect(p, divisions_passing(p, static_cast<int>(p["grid"].size()), static_cast<int>(p["grid"][0].size())));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Sashigane, TheCheckerNamesEachRuleAndAClueIsBlamed) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "sashigane", "grid": [[3, "<", "v"], ["^", ">", "."]]})");
  auto says = [&](const json& division, const std::string& part) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, division)) all += v.message + "\n";
    EXPECT_NE(all.find(part), std::string::npos) << all;
  };
  says(json::array({json::array({1, 1, 2}), json::array({1, 1, 2})}), "the region of r1c1 (4 cells) is not an L of width 1");
  says(json::array({json::array({1, 2, 2}), json::array({1, 2, 2})}), "the region of r1c1 (2 cells) is not an L of width 1");
  says(json::array({json::array({1, 1, 1}), json::array({1, 1, 1})}), "the region of r1c1 (6 cells) is not an L of width 1");
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, json::array({json::array({1, 1, 2}), json::array({1, 2, 2})})).empty());
  const LoadedPuzzle wrong = puzzle_from_text(R"({"kind": "sashigane", "grid": [[4, ">", "."], ["v", "o", "."]]})");
  std::string all;
  for (const auto& v : wrong.encoder->check(*wrong.puzzle, json::array({json::array({1, 1, 2}), json::array({1, 2, 2})}))) all += v.message + "\n";
  EXPECT_NE(all.find("circle 4 at r1c1: its L has 3 cells"), std::string::npos) << all;
  EXPECT_NE(all.find("arrow right at r1c2: its L's corner lies left"), std::string::npos) << all;
  EXPECT_NE(all.find("arrow down at r2c1: its L's corner lies up"), std::string::npos) << all;
  EXPECT_NE(all.find("circle at r2c2: not the corner of its L"), std::string::npos) << all;
  // A 2x3 with a 4 in a circle: an L of 4 cells there leaves two cells,
  // and the circle is the conflict; dropping it is the repair.
  const std::string file = ::testing::TempDir() + "/sashigane.json";
  std::ofstream(file) << R"({"kind": "sashigane", "grid": [[4, ".", "."], [".", ".", "."]]})";
  const CliResult d = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  ASSERT_EQ(dj["conflict"].size(), 1u) << d.out;
  EXPECT_EQ(dj["conflict"][0]["label"], "circle 4 at r1c1");
  EXPECT_EQ(dj["conflict"][0]["id"], "grid/r1c1");
  EXPECT_EQ(dj["diagnosis"]["drop_repairs"][0]["status"], "multiple") << dj["diagnosis"].dump();
  // Several solutions: circles and arrows are added until one is left.
  std::ofstream(file) << R"({"kind": "sashigane", "grid": [[".", ".", "."], [".", ".", "."]]})";
  const CliResult m = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(m.exit_code, 10) << m.out << m.err;
  const json mj = json::parse(m.out);
  EXPECT_EQ(mj["diagnosis"]["extra_givens"], json::array({"circle 3 at r1c1"})) << mj.dump();
  EXPECT_EQ(mj["diagnosis"]["extra_givens_status"], "unique") << mj.dump();
  expect_bad_files_name_their_path({{R"({"kind": "sashigane", "grid": [["o", "x"]]})", "/grid/0/1"},
                                    {R"({"kind": "sashigane", "grid": [[0, "."]]})", "/grid/0/0"},
                                    {R"({"kind": "sashigane", "grid": [["o", "."], ["."]]})", "/grid/1"}},
                                   "sashigane.json");
  expect_refused_in_one_line({{"https://puzz.link/p?sashigane/x/5/5/jm.o3khkgojm4", "sashigane: the flag \"x\" is not read"},
                              {"https://puzz.link/p?sashigane/5/5/jm.o3khkgojm4k", "sashigane data"},
                              {"https://puzz.link/p?sashigane/5/5/%m.o3khkgojm4", "a mark without a direction at r1c1"}});
}

// ---------------------------------------------------------------- double choco

TEST(DoubleChoco, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("dbchoco", 6, 6, [](const PzprjsBoard& b) { return pzprjs_division(b, 6, 6); }, false);
  // Its wrong boards carry numbers of their own (one misses its 5): each is
  // checked against its own board.
  const PzprjsScript s = read_pzprjs_script("dbchoco");
  int refused = 0;
  for (std::size_t k = 0; k + 1 < s.boards.size(); ++k) {
    // A wall drawn into a block with a loose end: our answer is the blocks,
    // which cannot hold a wall that divides nothing.
    if (s.boards[k].code == "bdDeadEnd") continue;
    const auto& t = s.boards[k].tokens;
    json colours = json::array(), grid = json::array();
    for (int r = 0; r < 6; ++r) {
      std::string row;
      json nums = json::array();
      for (int c = 0; c < 6; ++c) {
        std::string cell = t[static_cast<std::size_t>(2 + r * 6 + c)];
        row += cell[0] == '-' ? '#' : '.';
        if (cell[0] == '-') cell = cell.substr(1);
        if (cell.empty() || cell == ".") nums.push_back(".");
        else if (cell == "0") nums.push_back("?");
        else nums.push_back(std::stoi(cell));
      }
      colours.push_back(row);
      grid.push_back(nums);
    }
    const LoadedPuzzle lp = puzzle_from_text(json{{"kind", "dbchoco"}, {"colours", colours}, {"grid", grid}}.dump());
    const json d = pzprjs_division(s.boards[k], 6, 6);
    ASSERT_FALSE(d.is_null()) << s.boards[k].code;
    EXPECT_FALSE(lp.encoder->check(*lp.puzzle, d).empty()) << s.boards[k].code << ": " << d.dump();
    ++refused;
  }
  EXPECT_GE(refused, 5);
}

// Random colourings and numbers of 2x4, 3x3, 3x4 and 4x3 boards.
TEST(DoubleChoco, ExactCountsMatchEveryDivisionTried) {
  std::mt19937 rng(97);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 4 == 0 ? 2 : t % 4 == 3 ? 4 : 3, cols = t % 4 == 0 ? 4 : t % 4 == 2 ? 4 : 3;
    json colours = json::array(), grid = json::array();
    for (int r = 0; r < rows; ++r) {
      std::string row;
      json nums = json::array();
      for (int c = 0; c < cols; ++c) {
        row += rng() % 2 ? '#' : '.';
        nums.push_back(rng() % 5 == 0 ? json(1 + static_cast<int>(rng() % 3)) : json("."));
      }
      colours.push_back(row);
      grid.push_back(nums);
    }
    if (t == 4) colours = json::array({"..##", "..##"}), grid = json::array({json::array({4, ".", ".", "."}), json::array({".", ".", ".", "."})});
    if (t == 8) colours = json::array({"..##", "..##"}), grid = json::array({json::array({".", ".", ".", "."}), json::array({".", ".", ".", "."})});
    const json p = {{"kind", "dbchoco"}, {"colours", colours}, {"grid", grid}};
    seen.expect(p, divisions_passing(p, rows, cols));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(DoubleChoco, TheCheckerNamesEachRuleAndANumberIsBlamed) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "dbchoco", "colours": [".##", "..#"], "grid": [[".", ".", "."], [".", 2, "."]]})");
  auto says = [&](const json& division, const std::string& part) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, division)) all += v.message + "\n";
    EXPECT_NE(all.find(part), std::string::npos) << all;
  };
  says(json::array({json::array({1, 2, 2}), json::array({1, 1, 2})}), "the block of r1c1 (3 cells) has no grey cell");
  says(json::array({json::array({1, 1, 1}), json::array({1, 1, 1})}), "half of 2 at r2c2: its half has 3 cells");
  says(json::array({json::array({1, 1, 2}), json::array({1, 1, 2})}), "has a white half of 3 cells and a grey half of 1 cell");
  says(json::array({json::array({1, 1, 1}), json::array({2, 2, 2})}), "the block of r1c1 (3 cells) has a white half of 1 cell and a grey half of 2 cells");
  const LoadedPuzzle split = puzzle_from_text(R"({"kind": "dbchoco", "colours": ["#.#"], "grid": [[".", ".", "."]]})");
  std::string parts;
  for (const auto& v : split.encoder->check(*split.puzzle, json::array({json::array({1, 1, 1})}))) parts += v.message + "\n";
  EXPECT_NE(parts.find("the block of r1c1 (3 cells) has its grey cells in 2 parts"), std::string::npos) << parts;
  const LoadedPuzzle bent = puzzle_from_text(R"({"kind": "dbchoco", "colours": ["...", "##.", "#.."], "grid": [[".", ".", "."], [".", ".", "."], [".", ".", "."]]})");
  std::string shape;
  for (const auto& v : bent.encoder->check(*bent.puzzle, json::array({json::array({1, 1, 1}), json::array({1, 1, 2}), json::array({1, 2, 2})}))) shape += v.message + "\n";
  EXPECT_NE(shape.find("the block of r1c1 (6 cells) has a white half of 3 cells and a grey half of 3 cells, not of one shape"), std::string::npos) << shape;
  const LoadedPuzzle ok = puzzle_from_text(R"({"kind": "dbchoco", "colours": [".#", ".#"], "grid": [[".", "."], [".", 2]]})");
  EXPECT_TRUE(ok.encoder->check(*ok.puzzle, json::array({json::array({1, 1}), json::array({1, 1})})).empty());
  const LoadedPuzzle three = puzzle_from_text(R"({"kind": "dbchoco", "colours": [".#", ".#"], "grid": [[".", "."], [".", 3]]})");
  std::string all;
  for (const auto& v : three.encoder->check(*three.puzzle, json::array({json::array({1, 1}), json::array({1, 1})}))) all += v.message;
  EXPECT_NE(all.find("half of 3 at r2c2: its half has 2 cells"), std::string::npos) << all;
  // A 2x2 with a 3: no half has 3 cells, and the number is the conflict;
  // dropped, the board has two divisions.
  const std::string file = ::testing::TempDir() + "/dbchoco.json";
  std::ofstream(file) << R"({"kind": "dbchoco", "colours": [".#", ".#"], "grid": [[".", "."], [".", 3]]})";
  const CliResult d = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  ASSERT_EQ(dj["conflict"].size(), 1u) << d.out;
  EXPECT_EQ(dj["conflict"][0]["label"], "half of 3 at r2c2");
  EXPECT_EQ(dj["diagnosis"]["drop_repairs"][0]["status"], "multiple") << dj["diagnosis"].dump();
  // Several solutions: numbers are added until one is left.
  std::ofstream(file) << R"({"kind": "dbchoco", "colours": ["..##", "..##"], "grid": [[".", ".", ".", "."], [".", ".", ".", "."]]})";
  const CliResult m = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(m.exit_code, 10) << m.out << m.err;
  const json mj = json::parse(m.out);
  EXPECT_EQ(mj["diagnosis"]["extra_givens_status"], "unique") << mj.dump();
  EXPECT_EQ(mj["diagnosis"]["extra_givens"].size(), 1u) << mj.dump();
  expect_bad_files_name_their_path({{R"({"kind": "dbchoco", "colours": [".x"], "grid": [[".", "."]]})", "/colours/0"},
                                    {R"({"kind": "dbchoco", "colours": [".#", ".#"], "grid": [[".", "."]]})", "/colours"},
                                    {R"({"kind": "dbchoco", "colours": [".#"], "grid": [[0, "."]]})", "/grid/0/0"}},
                                   "dbchoco.json");
  expect_refused_in_one_line({{"https://puzz.link/p?dbchoco/x/6/6/ueoq8p30g42j4n5s22j", "dbchoco: the flag \"x\" is not read"},
                              {"https://puzz.link/p?dbchoco/6/6/ueoq8p30g42j4n5s22jz", "dbchoco data"}});
}

}  // namespace
}  // namespace psmt::testing
