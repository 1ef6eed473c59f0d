// Pencil puzzles II: the genres setters publish most after the first eleven.
// Each genre: pzprjs's own test script as a conformance set (its URL solves
// to its solved board; its checker's wrong boards are refused by ours), exact
// counts on small boards against a plain counter (every shading tried with
// the kind's checker), diagnose in the genre's words, bad input refused.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "helpers.h"
#include "pzprjs_script.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// pzprjs's test URL solves, alone, to pzprjs's solved board, and every wrong
// board of its script is refused by our checker.
void expect_pzprjs_conformance(const std::string& pid, int rows, int cols,
                               const std::function<json(const PzprjsBoard&)>& solution_of) {
  const PzprjsScript s = read_pzprjs_script(pid);
  ASSERT_FALSE(s.url.empty()) << pid;
  ASSERT_GE(s.boards.size(), 2u) << pid;
  ASSERT_EQ(s.solved().code, "null") << pid;
  const std::string link = "https://puzz.link/p?" + pid + "/" + s.url;
  const CliResult r = run_cli({"check", "--json", link});
  ASSERT_EQ(r.exit_code, 0) << link << ": " << r.out << r.err;
  const json rep = json::parse(r.out);
  EXPECT_EQ(rep["solutions"][0], solution_of(s.solved())) << pid;
  const CliResult c = run_cli({"convert", link});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const LoadedPuzzle lp = puzzle_from_text(c.out, link);
  int refused = 0;
  for (std::size_t k = 0; k + 1 < s.boards.size(); ++k) {
    const json wrong = solution_of(s.boards[k]);
    if (wrong.is_null()) continue;  // a board of another shape (pzprjs's input tests)
    EXPECT_FALSE(lp.encoder->check(*lp.puzzle, wrong).empty()) << pid << ": pzprjs refuses this board (" << s.boards[k].code
                                                               << ") and our checker accepts it: " << wrong.dump();
    ++refused;
  }
  EXPECT_GE(refused, 1) << pid;
  (void)rows, (void)cols;
}

json shading_solution(const PzprjsBoard& b, int rows, int cols) {
  if (b.tokens.size() < static_cast<std::size_t>(rows * cols)) return nullptr;
  return pzprjs_shading(b, rows, cols);
}

// Regions of a rows x cols board grown at random from k seeds (each one
// connected piece).
std::vector<std::vector<int>> random_regions(int rows, int cols, int k, std::mt19937& rng) {
  std::vector<int> id(static_cast<std::size_t>(rows * cols), -1);
  std::vector<int> cells(static_cast<std::size_t>(rows * cols));
  for (int i = 0; i < rows * cols; ++i) cells[static_cast<std::size_t>(i)] = i;
  std::shuffle(cells.begin(), cells.end(), rng);
  for (int r = 0; r < k; ++r) id[static_cast<std::size_t>(cells[static_cast<std::size_t>(r)])] = r;
  for (bool grew = true; grew;) {
    grew = false;
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int i : cells) {
      if (id[static_cast<std::size_t>(i)] >= 0) continue;
      const int r = i / cols, c = i % cols;
      std::vector<int> near;
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}}) {
        const int y = r + dr, x = c + dc;
        if (y >= 0 && y < rows && x >= 0 && x < cols && id[static_cast<std::size_t>(y * cols + x)] >= 0)
          near.push_back(id[static_cast<std::size_t>(y * cols + x)]);
      }
      if (near.empty()) continue;
      id[static_cast<std::size_t>(i)] = near[std::uniform_int_distribution<std::size_t>(0, near.size() - 1)(rng)];
      grew = true;
    }
  }
  std::vector<std::vector<int>> out(static_cast<std::size_t>(rows));
  for (int i = 0; i < rows * cols; ++i) out[static_cast<std::size_t>(i / cols)].push_back(id[static_cast<std::size_t>(i)]);
  return out;
}

// Every shading of the board tried with the kind's own checker: the number
// that passes, for boards of at most 20 cells.
uint64_t shadings_that_pass(const json& puzzle, int rows, int cols) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  uint64_t n = 0;
  const int cells = rows * cols;
  for (uint64_t mask = 0; mask < (uint64_t{1} << cells); ++mask) {
    json sol = json::array();
    for (int r = 0; r < rows; ++r) {
      std::string row;
      for (int c = 0; c < cols; ++c) row += (mask >> (r * cols + c) & 1) ? '#' : '.';
      sol.push_back(row);
    }
    if (lp.encoder->check(*lp.puzzle, sol).empty()) ++n;
  }
  return n;
}

// ---------------------------------------------------------------- star battle

TEST(StarBattle, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("starbattle", 6, 6, [](const PzprjsBoard& b) { return shading_solution(b, 6, 6); });
}

TEST(StarBattle, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(17);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    json p = {{"kind", "starbattle"}, {"regions", random_regions(4, 4, 4, rng)}, {"stars", 1}};
    seen.expect(p, shadings_that_pass(p, 4, 4));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one + seen.several, 0);
}

TEST(StarBattle, ARegionThatCannotHoldItsStarsIsNamedAndBadInputIsRefused) {
  // A one-cell region in a corner: on a 4x4 with one star, no layout has a
  // star at r1c1 (the two layouts are 2413 and 3142), so that region's star
  // is the conflict, named in the genre's words.
  const json p = {{"kind", "starbattle"}, {"regions", {{0, 1, 1, 1}, {1, 1, 2, 2}, {3, 3, 2, 2}, {3, 3, 2, 2}}}, {"stars", 1}};
  const std::string file = ::testing::TempDir() + "/starbattle.json";
  std::ofstream(file) << p.dump();
  const CliResult d = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(d.exit_code, 20) << d.err;
  const json j = json::parse(d.out);
  ASSERT_EQ(j["conflict"].size(), 1u) << d.out;
  EXPECT_EQ(j["conflict"][0]["label"], "region 1 (r1c1) holds 1 star");
  EXPECT_EQ(j["conflict"][0]["id"], "regions/1");
  std::ofstream(file) << R"({"kind": "starbattle", "regions": [[0, 1], [1, 0]], "stars": 1})";
  const CliResult bad = run_cli({"check", file});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("/regions: the region of r1c1 (number 0) is in more than one piece"), std::string::npos) << bad.err;
  const CliResult link = run_cli({"check", "https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou"});
  EXPECT_EQ(link.exit_code, 2);
  EXPECT_NE(link.err.find("p?starbattle/COLS/ROWS/STARS/DATA"), std::string::npos) << link.err;
}

// ---------------------------------------------------------------- norinori

TEST(Norinori, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("norinori", 5, 5, [](const PzprjsBoard& b) { return shading_solution(b, 5, 5); });
}

TEST(Norinori, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(23);
  Verdicts seen;
  for (int t = 0; t < 14; ++t) {
    const int rows = t < 7 ? 4 : 3, cols = t < 7 ? 4 : 5;
    json p = {{"kind", "norinori"}, {"regions", random_regions(rows, cols, (rows * cols) / 4, rng)}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.none + seen.one + seen.several, 0);
  EXPECT_GT(seen.several + seen.one, 0);
}

// ---------------------------------------------------------------- LITS

TEST(Lits, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("lits", 4, 4, [](const PzprjsBoard& b) { return shading_solution(b, 4, 4); });
}

TEST(Lits, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(31);
  Verdicts seen;
  // Two or three regions on 4x4 and 3x5 boards (a LITS with most cells
  // shaded rarely has a solution).
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = t % 2 ? 4 : 5;
    json p = {{"kind", "lits"}, {"regions", random_regions(rows, cols, t % 4 < 2 ? 2 : 3, rng)}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.one + seen.several, 0);
}

TEST(Lits, TheTetrominoesAreNamedAndTheOldFormIsRefused) {
  const CliResult d = run_cli({"check", "https://puzz.link/p?lits/d/4/4/9q02jg"});
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("lits: the flag \"d\" is not read (the old form of the regions)"), std::string::npos) << d.err;
  // Two regions of four cells each in a row: two I tetrominoes side by side
  // would touch; no layout keeps them apart.
  const std::string file = ::testing::TempDir() + "/lits.json";
  std::ofstream(file) << R"({"kind": "lits", "regions": [[0, 0, 0, 0], [1, 1, 1, 1]]})";
  const CliResult r = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(r.exit_code, 20) << r.err;
  for (const auto& c : json::parse(r.out)["conflict"])
    EXPECT_NE(c["label"].get<std::string>().find(" holds a tetromino"), std::string::npos) << c;
}

}  // namespace
}  // namespace psmt::testing
