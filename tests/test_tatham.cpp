// Game IDs of Simon Tatham's collection for games whose kinds have tests of
// their own elsewhere: solo (sudoku) and unequal (futoshiki, and the
// adjacent mode as kropki white dots with the negative constraint). Real IDs
// from the collection's own generator with its recorded solutions, the
// format's worked examples, links, convert round trips, malformed IDs.
#include <gtest/gtest.h>

#include <fstream>

#include "helpers.h"

namespace psmt::testing {
namespace {

using json = nlohmann::json;

TEST(TathamIds, GeneratedSoloIdsAreUniqueWithTheCollectionsSolution) {
  // Plain, X, jigsaw, killer and jigsaw killer, 4x4 to 9x9; plain 16x16 at
  // six levels (ten IDs).
  EXPECT_EQ(expect_ids_unique_with_their_solution("solo", "sudoku"), 22);
}

TEST(TathamIds, MalformedSoloIdsAreOneLineAndExit2) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solo:3x3:4b7", "grid: 4 cells, the board has 81"},
      {"solo:3x3q:zzzc", "\"q\" in \"3x3q\": expected j, x, k"},
      {"solo:4j:b2a3f1a4b", "1 comma-separated parts, a jigsaw solo ID has 2 (the grid, the regions)"},
      {"solo:4j:b2a3f1a4b,abbb", "regions: describes"},
      {"solo:2x2k:p,_a__a_aaaaa___aa,6_4a7a7b4a9b3c", "cage sums: more than the 16 cells of the board"},
      {"solo:2x2k:p,_a__a_aaaaa___aa,a6_4a7a7b4a9b3a", "cage sums: the sum of cage 1 is at r2c1, not at its first cell r1c1"},
  };
  expect_refused_in_one_line(cases);
}

TEST(TathamIds, GeneratedUnequalIdsAreUniqueWithTheCollectionsSolution) {
  // Futoshiki 4x4 to 9x9 and the adjacent mode 5x5 to 7x7.
  EXPECT_EQ(expect_ids_unique_with_their_solution("unequal", "futoshiki"), 16);
}

TEST(TathamIds, UnequalSignsAndBarsBecomeRelationsAndKropkiDots) {
  // FORMATS.md's worked example: L on cell 3 is (3,0) > (2,0), i.e. r1c4 > r1c3.
  CliResult r = run_cli({"convert", "unequal:4:0,0,0,0L,0,0D,0,0,0,0D,0,0U,0,0,0,1,"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto p = json::parse(r.out);
  EXPECT_EQ(p["kind"], "futoshiki");
  ASSERT_EQ(p["relations"].size(), 4u);
  EXPECT_EQ(p["relations"][0], json::parse(R"({"cells": [[0, 3], [0, 2]], "op": ">"})"));
  CliResult c = run_cli({"check", "--json", "unequal:4:0,0,0,0L,0,0D,0,0,0,0D,0,0U,0,0,0,1,"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(json::parse(c.out)["solutions"][0], json::parse(R"(["4123", "1432", "2314", "3241"])"));
  // Adjacent mode: a bar on both cells is a white dot; no bar is the negative constraint.
  const auto ids = tatham_ids("unequal");
  const auto adjacent = std::find_if(ids.begin(), ids.end(), [](const GameId& g) { return g.id.find(":5ade:") != std::string::npos; });
  ASSERT_NE(adjacent, ids.end());
  CliResult a = run_cli({"convert", adjacent->id});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  auto q = json::parse(a.out);
  EXPECT_FALSE(q.contains("relations"));
  EXPECT_EQ(q["kropki"]["negative"], json::parse(R"(["white"])"));
  EXPECT_EQ(q["kropki"]["white"][0]["cells"], json::parse("[[0, 1], [0, 2]]"));  // "0R" then "0DL"
}

TEST(TathamIds, SoloLinkFileAndConvertAgree) {
  for (const auto& g : tatham_ids("solo"))
    if (g.id.find(":9jk:") != std::string::npos) return expect_id_link_file_and_convert_agree(g.id);  // jigsaw killer
  FAIL() << "no jigsaw killer solo ID in the data";
}

TEST(TathamIds, UnequalLinkFileAndConvertAgree) {
  for (const auto& g : tatham_ids("unequal"))
    if (g.id.find(":6ade:") != std::string::npos) return expect_id_link_file_and_convert_agree(g.id);
  FAIL() << "no 6x6 adjacent ID in the data";
}

TEST(TathamIds, MalformedUnequalIdsAreOneLineAndExit2) {
  expect_refused_in_one_line({
      {"unequal:4:0,0,0", "description: 3 cells, a 4x4 board has 16"},
      {"unequal:40:0,", "order 40 (unequal is 3 to 32)"},
      {"unequal:4q:0,0,0,0L,0,0D,0,0,0,0D,0,0U,0,0,0,1,", "\"q\" in \"4q\": expected a (adjacent)"},
      {"unequal:4:5,0,0,0L,0,0D,0,0,0,0D,0,0U,0,0,0,1,", "character 1: a given of 5 (1..4, or 0 for a blank)"},
      {"unequal:4:0U,0,0,0L,0,0D,0,0,0,0D,0,0U,0,0,0,1,", "cell 1 (r1c1): flag U points off the board"},
      {"unequal:4:0X,0,0,0", "character 2: unexpected \"X\" after an entry"},
      {"unequal:4:0RR,0,0,0", "flag R twice on one cell"},
      {"unequal:4a:0R,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,", "cell 1 (r1c1): flag R has no L on r1c2"},
      {"unequal:4:p0,", "more than the 16 cells"},
      {"unequal:4:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,!", "character 33: unexpected \"!\""},
  });
}

TEST(TathamIds, AnIdWithoutItsGameNameIsRefusedWithTheFormToUse) {
  // What the generators print (sgt-loopy --generate) and the "Game ID" box
  // shows: PARAMS:DESC, without the game. Many games share parameters like
  // 10x10, so the game is asked for, not guessed.
  expect_refused_in_one_line({
      {"10x10t0:a2a123a2b2c1a2b212a1c11a3c3d3c", "without its game's name: put the game first, GAME:ID"},
      {"5:3/2/1/2/3/4/1/2/2/3/2/1/4/2/1/2,a", "without its game's name"},
  });
  // A file that does not exist is still named as a file.
  CliResult r = run_cli({"check", "no_such_puzzle.json"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot open file"), std::string::npos) << r.err;
}

TEST(TathamIds, ContradictorySignsAreAPuzzleWithoutSolutionNotBadInput) {
  // r1c1 > r1c2 and r1c2 > r1c1: the collection's own reader refuses such an
  // ID; it is still a puzzle, and check names the two signs that conflict.
  CliResult r = run_cli({"check", "unequal:4:0R,0L,0,0,0,0,0,0,0,0,0,0,0,0,0,0,"});
  EXPECT_EQ(r.exit_code, 20) << r.out << r.err;
  EXPECT_NE(r.out.find("r1c1"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace psmt::testing

namespace psmt::testing {
namespace {

// IDs the collection itself refuses are refused here too (exit 2, the part
// named): a singles number larger than the grid, galaxies dots too close
// together or none at all, bridges islands side by side.
TEST(Tatham, IdsTheCollectionRefusesAreRefused) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"singles:3x3:123456789", "4 is not a number of a 3x3 singles grid (1 to 3)"},
      {"singles:3x3:103123312", "0 is not a number of a 3x3 singles grid"},
      {"galaxies:5x5:aa", "the collection refuses dots too close together"},
      {"galaxies:5x5:zz", "no dot in \"zz\""},
      {"bridges:3x3:22f2", "are side by side: the collection refuses joined islands"},
      {"bridges:3x3:1h", "1 island: the collection needs at least two"},
  };
  for (const auto& [id, words] : cases) {
    const CliResult r = run_cli({"check", id});
    EXPECT_EQ(r.exit_code, 2) << id << ": " << r.out;
    EXPECT_NE(r.err.find(words), std::string::npos) << id << ": " << r.err;
    EXPECT_NE(r.err.find("[input.game_id]"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace psmt::testing
