// The skyscrapers kind (a Latin square with tower counts) and Simon Tatham's
// towers game IDs: exact counts against the plain backtracking counter of
// variant_rules.h, real game IDs from the collection's own generator with
// its recorded solutions, links of the collection's web pages, malformed IDs.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "helpers.h"
#include "variant_rules.h"

namespace psmt::testing {
namespace {

using json = nlohmann::json;

int seen_from(const variants::Grid& s, const std::string& side, int i) {
  const int n = static_cast<int>(s.size());
  int seen = 0, tallest = 0;
  for (int k = 0; k < n; ++k) {
    int h = side == "top" ? s[k][i] : side == "bottom" ? s[n - 1 - k][i] : side == "left" ? s[i][k] : s[i][n - 1 - k];
    if (h > tallest) {
      tallest = h;
      seen++;
    }
  }
  return seen;
}

TEST(Skyscrapers, ExactCountsMatchBacktrackingInEveryEncoding) {
  std::mt19937 rng(17);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int checked = 0, unique = 0, none = 0;
  for (int round = 0; round < 16; ++round) {
    const int n = round % 2 ? 5 : 4;
    // The counter's shape: a Latin square (every cell in no region).
    json shape = {{"size", n}, {"regions", std::vector<std::string>(n, std::string(n, '.'))}};
    std::vector<variants::Grid> squares;
    variants::count_solutions(shape, static_cast<uint64_t>(pick(1, 200)), [&](const variants::Grid& g) { squares.push_back(g); });
    const auto& s = squares.back();
    json sides = json::object();
    for (const char* side : {"top", "bottom", "left", "right"}) sides[side] = json(n, nullptr);
    json counted = shape;
    std::string grid(static_cast<std::size_t>(n * n), '.');
    if (round % 4 == 3) {  // a given or two, from the square
      for (int k = 0; k < 2; ++k) {
        int c = pick(0, n * n - 1);
        grid[static_cast<std::size_t>(c)] = static_cast<char>('0' + s[c / n][c % n]);
      }
      counted["grid"] = grid;
    }
    // Clues one at a time (one in ten wrong) until few enough solutions
    // remain to enumerate in every encoding (30: enough to tell a miscount).
    uint64_t expected = 0;
    for (int k = 0; k < 4 * n; ++k) {
      const std::string side = std::vector<std::string>{"top", "bottom", "left", "right"}[pick(0, 3)];
      int i = pick(0, n - 1);
      sides[side][i] = pick(0, 9) ? seen_from(s, side, i) : pick(1, n);
      counted["skyscrapers"] = sides;
      expected = variants::count_solutions(counted, 201);
      if (k >= 1 && expected <= 30) break;
    }
    if (expected > 200) continue;
    json puzzle = {{"kind", "skyscrapers"}, {"size", n}, {"skyscrapers", sides}};
    if (round % 4 == 3) puzzle["grid"] = grid;
    expect_count_in_every_encoding(puzzle, expected);
    checked++;
    unique += expected == 1;
    none += expected == 0;
  }
  EXPECT_GE(checked, 12);
  EXPECT_GE(unique + none, 1) << "some rounds should be decided by their clues";
}

TEST(Skyscrapers, GeneratedTowersIdsAreUniqueWithTheCollectionsSolution) {
  EXPECT_EQ(expect_ids_unique_with_their_solution("towers", "skyscrapers"), 12);
}

TEST(Skyscrapers, TheCollectionsWebPageLinkAndAFileHoldingTheIdReadTheSame) {
  // 5x5 with givens
  expect_id_link_file_and_convert_agree(tatham_ids("towers").at(2).id);
}

TEST(Skyscrapers, MalformedTowersIdsAreOneLineAndExit2) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"towers:4:1/2/3", "3 entries separated by '/', a 4x4 board has 16"},
      {"towers:12:1", "size 12 (towers are 3 to 9 wide)"},
      {"towers:4dq:2/2/3/1/1/2/2/3/2/2/3/1/1/3/2/3", "expected nothing or d and a difficulty"},
      {"towers:4:2/2/3/1/1/2/2/3/2/2/3/1/1/3/2/9", "clue 16: 9 (a count is 1..4)"},
      {"towers:4:2/2/3/1/1/2/2/3/2/2/3/1/1/3/2/3,c5m", "grid, character 2: a value of 5 (1..4 here)"},
      {"towers:4:2/2/3/1/1/2/2/3/2/2/3/1/1/3/2/3,z", "more than the 16 cells"},
      {"towers:4", "has no description"},
      {"net:3x3:abc", "net is a game of Simon Tatham's collection that puzzle-smt does not read yet"},
  };
  expect_refused_in_one_line(cases);
}

TEST(Skyscrapers, DiagnoseNamesTheClueInTheSettersWords) {
  // A 4x4 whose right clue of row 1 says 4 where 1 is seen: no solution, and
  // the conflict names skyscraper clues.
  json p = {{"kind", "skyscrapers"}, {"size", 4},
            {"skyscrapers", {{"top", {1, 3, 3, 2}}, {"bottom", {2, 1, 2, 3}}, {"left", {1, 3, 3, 2}}, {"right", {4, 1, 2, 3}}}}};
  std::string f = ::testing::TempDir() + "/towers_bad.json";
  std::ofstream(f) << p.dump();
  CliResult r = run_cli({"check", f});
  EXPECT_EQ(r.exit_code, 20) << r.out << r.err;
  EXPECT_NE(r.out.find("skyscraper clue"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace psmt::testing
