// Pencil puzzles III: paths and rooms. Each genre: pzprjs's own test script
// as a conformance set (its URL solves to its solved board; its checker's
// wrong boards are refused by ours), exact counts on small boards against a
// plain counter (every answer tried with the kind's checker), diagnose in
// the genre's words, bad input refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>

#include "encoders/pencil/country.h"
#include "encoders/pencil/ripple.h"
#include "encoders/pencil/simpleloop.h"
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
  expect_refused_in_one_line({{"https://puzz.link/p?ayeheya/3/3/a8c0", "ayeheya: the wall r2c2|r2c3 lies inside a room"},
                              {"https://puzz.link/p?ayeheya/x/6/6/99aa8c0vu0ufk2k", "ayeheya: the flag \"x\" is not read"}});
}

// ---------------------------------------------------------------- shimaguni

TEST(Shimaguni, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("shimaguni", 6, 6, [](const PzprjsBoard& b) { return shading_solution(b, 6, 6); });
}

// Random rooms numbered from a random shading the rules allow (so that some
// boards are unique), every third board one number off (so that some have
// none); every shading tried with the checker.
TEST(Shimaguni, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(73);
  Verdicts seen;
  for (int t = 0; t < 10; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = t % 2 ? 4 : 5;
    const auto rooms = random_regions(rows, cols, 4 + t % 3, rng);
    const json bare = {{"kind", "shimaguni"}, {"rooms", rooms}};
    const LoadedPuzzle lp = puzzle_from_text(bare.dump());
    std::vector<std::string> planted;
    for (int tries = 0; tries < 20000 && planted.empty(); ++tries) {
      std::vector<std::string> shading(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
      for (auto& row : shading)
        for (char& ch : row) ch = rng() % 2 ? '#' : '.';
      if (lp.encoder->check(*lp.puzzle, json(shading)).empty()) planted = shading;
    }
    json grid = json::array();
    std::vector<bool> numbered(16, false);
    std::vector<int> island(16, 0);
    for (int r = 0; r < rows && !planted.empty(); ++r)
      for (int c = 0; c < cols; ++c) island[static_cast<std::size_t>(rooms[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)])] += planted[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '#';
    bool off = t % 3 == 2;
    for (const auto& row : rooms) {
      json out = json::array();
      for (int room : row) {
        if (!planted.empty() && !numbered[static_cast<std::size_t>(room)] && rng() % 4 != 0) {
          out.push_back(island[static_cast<std::size_t>(room)] + (off ? 1 : 0));
          off = false;
        } else {
          out.push_back(".");
        }
        numbered[static_cast<std::size_t>(room)] = true;
      }
      grid.push_back(out);
    }
    json p = {{"kind", "shimaguni"}, {"rooms", rooms}, {"grid", grid}};
    if (t == 0)  // unique: room 2's island is r1c3, room 1's r1c1-r2c1-r2c2
      p = json::parse(R"({"kind": "shimaguni", "rooms": [[0, 0, 1], [0, 0, 1]], "grid": [[3, ".", "."], [".", ".", "."]], "shaded": ["r1c3"]})");
    try {
      seen.expect(p, shadings_that_pass(p, static_cast<int>(p["rooms"].size()), static_cast<int>(p["rooms"][0].size())));
    } catch (const std::exception&) {
      // A number one off that exceeds its room is refused as input: counted without it.
      seen.expect(bare, shadings_that_pass(bare, rows, cols));
    }
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Shimaguni, TheCheckerNamesEachRuleAndANumberIsBlamedInRooms) {
  // Rooms 1 (r1c1-r2c2), 2 (r1c3-r2c3), 3 (the bottom row).
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "shimaguni", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[2, ".", "."], [".", ".", "."], [".", ".", "."]]})");
  auto says = [&](const std::vector<std::string>& rows, const std::string& part) {
    const auto v = lp.encoder->check(*lp.puzzle, json(rows));
    std::string all;
    for (const auto& x : v) all += x.message + "\n";
    EXPECT_NE(all.find(part), std::string::npos) << all;
  };
  says({"##.", "...", "..."}, "room 2 has no island");
  says({"##.", "..#", "..#"}, "r2c3 and r3c3 are shaded side by side across a room border");
  says({"#..", ".#.", "..."}, "the shaded cells of room 1 are not connected");
  says({"##.", "..#", "#.."}, "rooms 2 and 3 share a border and their islands are both of 1");
  says({"#..", "..#", "#.."}, "room 1 (2 shaded): it has 1 shaded");
  // pzprjs's puzzle with room 7's 4 as 5: room 7 (the first two rows of
  // the bottom) cannot hold an island of 5 beside its neighbours; changing
  // it back is a repair.
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", "https://puzz.link/p?shimaguni/6/6/7fe608s0e3uf3g3g2g53"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  bool named = false;
  for (const auto& c : dj["conflict"]) named = named || c["label"] == "room 7 (5 shaded)";
  EXPECT_TRUE(named) << dj["conflict"].dump();
  bool changed_back = false;
  for (const auto& r : dj["diagnosis"]["change_repairs"])
    for (const auto& e : r["edits"]) changed_back = changed_back || (e["after"] == "room 7 (4 shaded)" && r["status"] == "unique");
  EXPECT_TRUE(changed_back) << dj["diagnosis"].dump();
  expect_bad_files_name_their_path({{R"({"kind": "shimaguni", "rooms": [[0, 0], [1, 1]], "grid": [[3, "."], [".", "."]]})", "/grid/0/0"}},
                                   "shimaguni.json");
  expect_refused_in_one_line({{"https://puzz.link/p?shimaguni/x/6/6/7fe608s0e3uf3g3g2g43", "shimaguni: the flag \"x\" is not read"}});
}

// ---------------------------------------------------------------- simple loop

// The links of a pzprjs board from token `at` (across R x (C-1), then down
// (R-1) x C, "1" a line) as our steps.
std::vector<bool> pzprjs_links(const PzprjsBoard& b, std::size_t at, const pencil::Lattice& L) {
  std::vector<bool> step(static_cast<std::size_t>(L.steps()), false);
  const std::size_t down = at + static_cast<std::size_t>(L.rows * (L.cols - 1));
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c + 1 < L.cols; ++c)
      step[static_cast<std::size_t>(L.step_right(r, c))] = b.tokens[at + static_cast<std::size_t>(r * (L.cols - 1) + c)] == "1";
  for (int r = 0; r + 1 < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c)
      step[static_cast<std::size_t>(L.step_down(r, c))] = b.tokens[down + static_cast<std::size_t>(r * L.cols + c)] == "1";
  return step;
}

// A pzprjs simple loop board (its cells, '*' blocked, then the links) as
// our drawing.
json simpleloop_drawing(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t links = static_cast<std::size_t>(rows * (cols - 1) + (rows - 1) * cols);
  const std::size_t cells = static_cast<std::size_t>(rows * cols);
  if (b.tokens.size() < cells + links + 2) return nullptr;
  simpleloop::Board board;
  board.lat = {rows, cols};
  const std::size_t at = b.tokens.size() - links - cells;
  for (std::size_t i = 0; i < cells; ++i) board.blocked.push_back(b.tokens[at + i] == "*");
  return simpleloop::solution_json(board, pzprjs_links(b, at + cells, board.lat));
}

TEST(SimpleLoop, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("simpleloop", 5, 5, [](const PzprjsBoard& b) { return simpleloop_drawing(b, 5, 5); });
}

// Every set of steps of a small board (at most 17 steps) that `passes`
// (the kind's own checker); sets where some cell has one step or more than
// two are passed over before (no loop has such a cell).
uint64_t loops_that_pass(const pencil::Lattice& L, const std::function<bool(const std::vector<bool>&)>& passes) {
  const int steps = L.steps();
  uint64_t n = 0;
  std::vector<bool> step(static_cast<std::size_t>(steps));
  for (uint64_t mask = 0; mask < (uint64_t{1} << steps); ++mask) {
    for (int s = 0; s < steps; ++s) step[static_cast<std::size_t>(s)] = (mask >> s) & 1u;
    bool degrees = true;
    for (int i = 0; i < L.cells() && degrees; ++i) {
      int d = 0;
      for (int s : L.cell_steps(i / L.cols, i % L.cols)) d += s >= 0 && step[static_cast<std::size_t>(s)];
      degrees = d == 0 || d == 2;
    }
    if (degrees && passes(step)) ++n;
  }
  return n;
}

uint64_t loops_that_pass(const json& puzzle) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  const auto& b = static_cast<const simpleloop::Board&>(*lp.puzzle);
  return loops_that_pass(b.lat, [&](const std::vector<bool>& step) {
    return simpleloop::check_solution(b, simpleloop::solution_json(b, step)).empty();
  });
}

TEST(SimpleLoop, ExactCountsMatchEverySetOfStepsTried) {
  std::mt19937 rng(79);
  Verdicts seen;
  for (int t = 0; t < 12; ++t) {
    const int rows = t % 3 == 2 ? 4 : 3, cols = t % 3 == 1 ? 4 : 3;  // 3x3, 3x4, 4x3
    std::vector<std::string> grid(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    for (int k = 0; k < t % 4; ++k) grid[rng() % static_cast<unsigned>(rows)][rng() % static_cast<unsigned>(cols)] = '#';
    if (t % 4 == 0) grid[0][0] = '.';
    const json p = {{"kind", "simpleloop"}, {"grid", grid}};
    seen.expect(p, loops_that_pass(p));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(SimpleLoop, TheCheckerNamesEachRuleAndABlockIsBlamed) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "simpleloop", "grid": ["...", ".#.", "..."]})");
  auto says = [&](const json& drawing, const std::string& part) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, drawing)) all += v.message + "\n";
    EXPECT_NE(all.find(part), std::string::npos) << all;
  };
  says(json::array({"o-o-o", "|   |", "o # o", "|   |", "o-o o"}), "1 step of the loop meet at r3c2");
  says(json::array({"o-o o", "|   |", "o # o", "|   |", "o-o-o"}), "1 step of the loop meet at r1c2");
  says(json::array({"o-o-o", "| | |", "o o o", "|   |", "o-o-o"}), "r2c2 is blocked: the loop passes through it");
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, json::array({"o-o-o", "|   |", "o # o", "|   |", "o-o-o"})).empty());
  // A 2x3 without blocks has one loop; blocking r1c2 leaves none, and the
  // block is the conflict; dropping it is the repair.
  const std::string file = ::testing::TempDir() + "/simpleloop.json";
  std::ofstream(file) << R"({"kind": "simpleloop", "grid": [".#.", "..."]})";
  const CliResult d = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  ASSERT_EQ(dj["conflict"].size(), 1u) << d.out;
  EXPECT_EQ(dj["conflict"][0]["label"], "r1c2 is blocked");
  EXPECT_EQ(dj["conflict"][0]["id"], "grid/r1c2");
  EXPECT_EQ(dj["diagnosis"]["drop_repairs"][0]["status"], "unique") << dj["diagnosis"].dump();
  expect_bad_files_name_their_path({{R"({"kind": "simpleloop", "grid": ["..", ".x"]})", "/grid/1"},
                                    {R"({"kind": "simpleloop", "grid": ["##", "##"]})", "/grid"}},
                                   "simpleloop.json");
  expect_refused_in_one_line({{"https://puzz.link/p?simpleloop/x/5/5/sg020", "simpleloop: the flag \"x\" is not read"},
                              {"https://puzz.link/p?simpleloop/5/5/sg0200", "simpleloop data"}});
}

// ---------------------------------------------------------------- country road

// A pzprjs country board (R, C, rooms; room ids; numbers; then the links)
// as our drawing.
json country_drawing(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t at = 3 + 2 * static_cast<std::size_t>(rows * cols);
  if (b.tokens.size() < at + static_cast<std::size_t>(rows * (cols - 1) + (rows - 1) * cols)) return nullptr;
  country::Board board;
  board.lat = {rows, cols};
  return country::solution_json(board, pzprjs_links(b, at, board.lat));
}

// Its wrong boards carry rooms and numbers of their own: each is checked
// against its own board.
TEST(CountryRoad, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("country", 5, 5, [](const PzprjsBoard& b) { return country_drawing(b, 5, 5); }, false);
  const PzprjsScript s = read_pzprjs_script("country");
  int refused = 0;
  for (std::size_t k = 0; k + 1 < s.boards.size(); ++k) {
    const auto& t = s.boards[k].tokens;
    json rooms = json::array(), grid = json::array();
    for (int r = 0; r < 5; ++r) {
      json row = json::array(), nums = json::array();
      for (int c = 0; c < 5; ++c) {
        row.push_back(std::stoi(t[static_cast<std::size_t>(3 + r * 5 + c)]));
        const std::string& n = t[static_cast<std::size_t>(28 + r * 5 + c)];
        if (n == ".") nums.push_back(".");
        else nums.push_back(std::stoi(n));
      }
      rooms.push_back(row);
      grid.push_back(nums);
    }
    const LoadedPuzzle lp = puzzle_from_text(json({{"kind", "country"}, {"rooms", rooms}, {"grid", grid}}).dump());
    const json wrong = country_drawing(s.boards[k], 5, 5);
    EXPECT_FALSE(lp.encoder->check(*lp.puzzle, wrong).empty()) << "pzprjs refuses this board (" << s.boards[k].code << "): " << wrong.dump();
    ++refused;
  }
  EXPECT_GE(refused, 5);
}

// Random rooms, some numbered from a loop the rules allow; every set of
// steps tried with the kind's checker.
TEST(CountryRoad, ExactCountsMatchEverySetOfStepsTried) {
  std::mt19937 rng(83);
  Verdicts seen;
  for (int t = 0; t < 12; ++t) {
    const int rows = t % 3 == 2 ? 4 : 3, cols = t % 3 == 1 ? 4 : 3;
    const auto rooms = random_regions(rows, cols, 2 + t % 3, rng);
    json grid = json::array();
    std::vector<int> size(16, 0);
    std::vector<bool> numbered(16, false);
    for (const auto& row : rooms)
      for (int room : row) size[static_cast<std::size_t>(room)]++;
    for (const auto& row : rooms) {
      json out = json::array();
      for (int room : row) {
        if (!numbered[static_cast<std::size_t>(room)] && rng() % 2 == 0)
          out.push_back(1 + static_cast<int>(rng() % static_cast<unsigned>(size[static_cast<std::size_t>(room)])));
        else
          out.push_back(".");
        numbered[static_cast<std::size_t>(room)] = true;
      }
      grid.push_back(out);
    }
    json p = {{"kind", "country"}, {"rooms", rooms}, {"grid", grid}};
    if (t % 4 == 3) p["empty_rooms"] = true;
    const LoadedPuzzle lp = puzzle_from_text(p.dump());
    const auto& b = static_cast<const country::Board&>(*lp.puzzle);
    seen.expect(p, loops_that_pass(b.lat, [&](const std::vector<bool>& step) {
                  return country::check_solution(b, country::solution_json(b, step)).empty();
                }));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(CountryRoad, TheCheckerNamesEachRuleAndARoomNumberIsBlamed) {
  // Rooms 1 (r1c1-r2c2), 2 (r1c3-r2c3), 3 (the bottom row).
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "country", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[3, ".", "."], [".", ".", "."], [".", ".", "."]]})");
  auto says = [&](const json& drawing, const std::string& part) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, drawing)) all += v.message + "\n";
    EXPECT_NE(all.find(part), std::string::npos) << all;
  };
  says(json::array({"o-o .", "| |  ", "o-o .", "     ", ". . ."}), "the loop misses room 2");
  says(json::array({"o-o .", "| |  ", "o-o .", "     ", ". . ."}), "r2c3 and r3c3 are both off the loop, side by side across a room border");
  says(json::array({"o-o-o", "|   |", "o o-o", "| |  ", "o-o ."}), "the loop passes through room 1 more than once");
  says(json::array({"o-o-o", "|   |", "o-o-o", "     ", ". . ."}), "room 1 (3 on the loop): it has 4 on the loop");
  // A 1 in the 2x2 room: a loop that visits one of its cells enters and
  // leaves through that cell, which only r2c2 can (r1c2 and r2c1 have one
  // neighbour outside), and then r1c2 and r1c3 are both off the loop across
  // a border. Diagnose names the number in the genre's words.
  const std::string file = ::testing::TempDir() + "/country.json";
  std::ofstream(file) << R"({"kind": "country", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[1, ".", "."], [".", ".", "."], [".", ".", "."]]})";
  const CliResult d = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  ASSERT_EQ(dj["conflict"].size(), 1u) << d.out;
  EXPECT_EQ(dj["conflict"][0]["label"], "room 1 (1 on the loop)");
  expect_bad_files_name_their_path({{R"({"kind": "country", "rooms": [[0, 0], [1, 1]], "grid": [[3, "."], [".", "."]]})", "/grid/0/0"},
                                    {R"({"kind": "country", "rooms": [[0, 0], [1, 1]], "empty_rooms": 1})", "/empty_rooms"}},
                                   "country.json");
  expect_refused_in_one_line({{"https://puzz.link/p?country/x/5/5/amda0uf02h12h", "country: the flag \"x\" is not read"},
                              {"https://puzz.link/p?country/2/2/g0g", "the wall r1c1|r1c2 lies inside a room"}});
  const CliResult e = run_cli({"convert", "https://puzz.link/p?country/e/5/5/amda0uf02h12h"});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(json::parse(e.out)["empty_rooms"], true);
}

// ---------------------------------------------------------------- ripple effect

// A pzprjs ripple board (R, C; walls across R x (C-1) and down (R-1) x C;
// the given numbers; the answers, '.' where a number is given) as our
// solution; null when a cell is left empty (a board we cannot write).
json ripple_solution(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t cells = static_cast<std::size_t>(rows * cols);
  if (b.tokens.size() < 2 * cells) return nullptr;
  const std::size_t answers = b.tokens.size() - cells, givens = answers - cells;
  json out = json::array();
  for (int r = 0; r < rows; ++r) {
    json row = json::array();
    for (int c = 0; c < cols; ++c) {
      const std::size_t i = static_cast<std::size_t>(r * cols + c);
      const std::string& t = b.tokens[answers + i] != "." ? b.tokens[answers + i] : b.tokens[givens + i];
      if (t == "." || t == "-") return nullptr;
      row.push_back(std::stoi(t));
    }
    out.push_back(row);
  }
  return out;
}

// Its wrong boards are partial fillings (each shows one rule broken on a few
// cells, the rest empty), not answers: the solved board is the conformance.
TEST(Ripple, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("ripple", 4, 4, [](const PzprjsBoard& b) { return ripple_solution(b, 4, 4); }, false);
  const PzprjsScript s = read_pzprjs_script("ripple");
  for (std::size_t k = 0; k + 1 < s.boards.size(); ++k) EXPECT_TRUE(ripple_solution(s.boards[k], 4, 4).is_null()) << s.boards[k].code;
}

// Every filling of a small board (each cell 1 to its room's size) tried
// with the kind's checker.
uint64_t fillings_that_pass(const json& puzzle) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  const auto& b = static_cast<const ripple::Board&>(*lp.puzzle);
  std::vector<int> number(static_cast<std::size_t>(b.lat.cells()), 1);
  uint64_t n = 0;
  for (;;) {
    if (ripple::check_numbers(b, number).empty()) ++n;
    int i = 0;
    while (i < b.lat.cells() && number[static_cast<std::size_t>(i)] == b.size_of(i)) number[static_cast<std::size_t>(i++)] = 1;
    if (i == b.lat.cells()) return n;
    ++number[static_cast<std::size_t>(i)];
  }
}

TEST(Ripple, ExactCountsMatchEveryFillingTried) {
  std::mt19937 rng(89);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 2 ? 2 : 3, cols = t % 2 ? 4 : 3;
    const auto rooms = random_regions(rows, cols, 2 + t % 3, rng);
    std::vector<int> size(16, 0);
    for (const auto& row : rooms)
      for (int room : row) size[static_cast<std::size_t>(room)]++;
    double fillings = 1;
    for (const auto& row : rooms)
      for (int room : row) fillings *= size[static_cast<std::size_t>(room)];
    if (fillings > 3e5) continue;
    json grid = json::array();
    for (const auto& row : rooms) {
      json out = json::array();
      for (int room : row) {
        if (rng() % 6 == 0) out.push_back(1 + static_cast<int>(rng() % static_cast<unsigned>(size[static_cast<std::size_t>(room)])));
        else out.push_back(".");
      }
      grid.push_back(out);
    }
    const json p = {{"kind", "ripple"}, {"rooms", rooms}, {"grid", grid}};
    seen.expect(p, fillings_that_pass(p));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Ripple, TheCheckerNamesEachRuleAndAGivenIsBlamed) {
  // Rooms: 1 is r1c1-r1c2, 2 is r1c3 alone, 3 the bottom row.
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "ripple", "rooms": [[0, 0, 1], [2, 2, 2]], "grid": [[2, ".", "."], [".", ".", "."]]})");
  auto says = [&](const json& rows, const std::string& part) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, rows)) all += v.message + "\n";
    EXPECT_NE(all.find(part), std::string::npos) << all;
  };
  says(json::parse("[[1, 2, 1], [3, 1, 2]]"), "2 at r1c1: the cell holds 1");
  says(json::parse("[[2, 2, 1], [3, 1, 2]]"), "holds 2 twice");
  says(json::parse("[[2, 1, 1], [1, 2, 3]]"), "1 at r1c2 and r1c3, only 1 apart");
  says(json::parse("[[2, 1, 4], [1, 2, 3]]"), "r1c3 holds 4, more than the 1 cells of its room");
  // pzprjs's puzzle with its 4 at r2c3 written 1 beside the given 1 at r2c2:
  // the two 1s side by side conflict, and changing one back is a repair.
  const CliResult d = run_cli({"diagnose", "--json", "https://puzz.link/p?ripple/4/4/9n8rigk11h32k"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out);
  std::string labels;
  for (const auto& c : dj["conflict"]) labels += c["label"].get<std::string>() + ";";
  EXPECT_NE(labels.find("1 at r2c3"), std::string::npos) << labels;
  expect_bad_files_name_their_path({{R"({"kind": "ripple", "rooms": [[0, 0], [1, 1]], "grid": [[3, "."], [".", "."]]})", "/grid/0/0"},
                                    {R"({"kind": "ripple", "rooms": [[0, 1], [1, 0]]})", "/rooms"}},
                                   "ripple.json");
  expect_refused_in_one_line({{"https://puzz.link/p?ripple/x/4/4/9n8rigk14h32k", "ripple: the flag \"x\" is not read"}});
}

}  // namespace
}  // namespace psmt::testing
