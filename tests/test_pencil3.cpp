// Pencil puzzles III: paths and rooms. Each genre: pzprjs's own test script
// as a conformance set (its URL solves to its solved board; its checker's
// wrong boards are refused by ours), exact counts on small boards against a
// plain counter (every answer tried with the kind's checker), diagnose in
// the genre's words, bad input refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>

#include "helpers.h"
#include "pencil_tests.h"
#include "pzprjs_script.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// A rows x cols board cut into random rectangles (each one point symmetric),
// as room numbers.
std::vector<std::vector<int>> random_rectangles(int rows, int cols, std::mt19937& rng) {
  std::vector<std::vector<int>> id(static_cast<std::size_t>(rows), std::vector<int>(static_cast<std::size_t>(cols), -1));
  int rooms = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (id[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] >= 0) continue;
      int w = 1;
      while (c + w < cols && id[static_cast<std::size_t>(r)][static_cast<std::size_t>(c + w)] < 0 && w < 4 && rng() % 3) ++w;
      int h = 1;
      while (r + h < rows && h < 4 && rng() % 3) ++h;
      for (int y = r; y < r + h; ++y)
        for (int x = c; x < c + w; ++x) id[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = rooms;
      ++rooms;
    }
  return id;
}

// ---------------------------------------------------------------- ekawayeh

TEST(Ayeheya, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("ayeheya", 6, 6, [](const PzprjsBoard& b) { return shading_solution(b, 6, 6); });
}

// Random rectangles (and an S-shaped room, point symmetric but not a
// rectangle), some rooms numbered; every shading tried with the checker.
TEST(Ayeheya, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(71);
  Verdicts seen;
  for (int t = 0; t < 10; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = t % 2 ? 4 : 5;
    auto rooms = random_rectangles(rows, cols, rng);
    if (t == 0) rooms = {{0, 0, 1, 1, 1}, {2, 0, 0, 0, 3}, {2, 4, 4, 0, 0}};
    json grid = json::array();
    std::vector<bool> numbered(64, false);
    std::vector<int> size(64, 0);
    for (const auto& row : rooms)
      for (int room : row) size[static_cast<std::size_t>(room)]++;
    for (int r = 0; r < rows; ++r) {
      json row = json::array();
      for (int c = 0; c < cols; ++c) {
        const int room = rooms[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        if (!numbered[static_cast<std::size_t>(room)] && rng() % 4 == 0) {
          numbered[static_cast<std::size_t>(room)] = true;
          row.push_back(static_cast<int>(rng() % static_cast<unsigned>(std::min(size[static_cast<std::size_t>(room)], 2) + 1)));
        } else {
          row.push_back(".");
        }
        numbered[static_cast<std::size_t>(room)] = true;
      }
      grid.push_back(row);
    }
    json p = {{"kind", "ayeheya"}, {"rooms", rooms}, {"grid", grid}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Ayeheya, TheSymmetryIsNamedAndAnAsymmetricRoomIsRefused) {
  // The checker names the room whose shading is not symmetric.
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "ayeheya", "rooms": [[0, 0, 0], [1, 1, 1]]})");
  const auto v = lp.encoder->check(*lp.puzzle, json::array({"#..", "..."}));
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].id, "rule/shading-symmetry/1");
  EXPECT_NE(v[0].message.find("room 1 (r1c1): its shading is not point symmetric (r1c1 shaded, r1c3 unshaded)"), std::string::npos) << v[0].message;
  // pzprjs's puzzle with a 1 in the 2x2 room 6 (r3c3) of its 2: a half-turn
  // pairs the room's cells, so it holds 0, 2 or 4; the number is blamed, in
  // rooms, and changing it back is a repair.
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", "https://puzz.link/p?ayeheya/6/6/99aa8c0vu0ufk1k"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  ASSERT_EQ(dj["conflict"].size(), 1u) << d.out;
  EXPECT_EQ(dj["conflict"][0]["label"], "room 6 (1 shaded)");
  bool changed_back = false;
  for (const auto& r : dj["diagnosis"]["change_repairs"])
    if (r["edits"][0]["after"] == "room 6 (2 shaded)") changed_back = r["status"] == "unique";
  EXPECT_TRUE(changed_back) << dj["diagnosis"].dump();
  expect_bad_files_name_their_path({{R"({"kind": "ayeheya", "rooms": [[0, 0, 1], [0, 1, 1]]})", "/rooms/0"},
                                    {R"({"kind": "ayeheya", "rooms": [[0, 0], [1, 1]], "grid": [[3, "."], [".", "."]]})", "/grid/0/0"}},
                                   "ayeheya.json");
  expect_refused_in_one_line({{"https://puzz.link/p?ayeheya/3/3/a8c0", "room 1 (r1c1) is not point symmetric: a half-turn about its centre takes r1c1 to r3c3"},
                              {"https://puzz.link/p?ayeheya/x/6/6/99aa8c0vu0ufk2k", "ayeheya: the flag \"x\" is not read"}});
}

}  // namespace
}  // namespace psmt::testing
