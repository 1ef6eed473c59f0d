// Pencil puzzles III, the genres that divide or link the board: Numberlink
// (and arukone), Sashigane, Double Choco. Each: pzprjs's own test script as
// a conformance set, exact counts on small boards against a plain counter
// (every answer tried with the kind's checker), diagnose in the genre's
// words, bad input refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>

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

// Random pairs of numbers (now and then a lone number, a '?' pair or a
// number three times), with and without arukone's every-cell rule.
TEST(Numberlink, ExactCountsMatchEverySetOfStepsTried) {
  std::mt19937 rng(83);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 3 == 2 ? 4 : 3, cols = t % 3 == 1 ? 4 : 3;
    json grid = json::array();
    for (int r = 0; r < rows; ++r) grid.push_back(json::array());
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) grid[static_cast<std::size_t>(r)].push_back(".");
    auto place = [&](const json& v) {
      for (;;) {
        auto& cell = grid[rng() % static_cast<unsigned>(rows)][rng() % static_cast<unsigned>(cols)];
        if (cell != ".") continue;
        cell = v;
        return;
      }
    };
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

// A pzprjs sashigane board (the size, the cells, then the borders: 1 a
// border, anything else none) as our division.
json sashigane_division(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t borders = static_cast<std::size_t>(rows * (cols - 1) + (rows - 1) * cols);
  if (b.tokens.size() < borders + static_cast<std::size_t>(rows * cols) + 2) return nullptr;
  sashigane::Board board;
  board.lat = {rows, cols};
  std::vector<bool> join = pzprjs_links(b, b.tokens.size() - borders, board.lat);
  join.flip();
  return sashigane::solution_json(board, join);
}

TEST(Sashigane, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("sashigane", 5, 5, [](const PzprjsBoard& b) { return sashigane_division(b, 5, 5); });
}

// Every division of a small board (at most 17 steps: each set of steps
// "in one L" that is the division's own) the kind's checker passes.
uint64_t l_divisions_that_pass(const json& puzzle) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  const auto& b = static_cast<const sashigane::Board&>(*lp.puzzle);
  const int steps = b.lat.steps();
  uint64_t n = 0;
  std::vector<bool> join(static_cast<std::size_t>(steps));
  for (uint64_t mask = 0; mask < (uint64_t{1} << steps); ++mask) {
    for (int s = 0; s < steps; ++s) join[static_cast<std::size_t>(s)] = (mask >> s) & 1u;
    const json d = sashigane::solution_json(b, join);
    if (sashigane::steps_of(b, d) != join) continue;  // a division counted once, by its own steps
    if (sashigane::check_solution(b, d).empty()) ++n;
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
    seen.expect(p, l_divisions_that_pass(p));
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

}  // namespace
}  // namespace psmt::testing
