// Tentaisho: exact counts against brute force (every assignment of cells
// to dots held to the plain checker), pzprjs's test puzzle (with a hole)
// and the collection's generated IDs solved to their walls, a broken puzzle
// diagnosed in dots, bad links and IDs refused in one line; the candidates'
// propagation refutes a dot added to a 15x15 and never a board that has a
// solution.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "encoders/pencil/tentaisho.h"
#include "helpers.h"
#include "importers/importer.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

uint64_t count_tentaisho(const tentaisho::Board& b) {
  const int n = b.lat.cells(), d = static_cast<int>(b.dots.size());
  std::vector<int> galaxy(static_cast<std::size_t>(n), 0);
  uint64_t count = 0;
  std::function<void(int)> go = [&](int i) {
    if (i == n) {
      count += tentaisho::check_galaxies(b, galaxy).empty() ? 1 : 0;
      return;
    }
    if (b.hole[static_cast<std::size_t>(i)]) {
      galaxy[static_cast<std::size_t>(i)] = 0;
      go(i + 1);
      return;
    }
    for (int g = 1; g <= d; ++g) {
      galaxy[static_cast<std::size_t>(i)] = g;
      go(i + 1);
    }
  };
  go(0);
  return count;
}

TEST(Tentaisho, ExactCountsMatchBruteForceInEveryEncodingAndBackEnd) {
  std::mt19937 rng(19);
  Verdicts seen;
  // Random dots seldom leave a choice, so the rounds start with a board that
  // has two solutions (three dots down the middle column of a 3x3 board:
  // r1c1 and r1c3 go with the top dot or the middle one, and so on).
  const std::vector<std::vector<std::string>> fixed = {{"..o..", ".....", "..o..", ".....", "..o.."}};
  for (int round = 0; round < 14; ++round) {
    // At most 3x3: the brute force tries every dot in every cell (3^9 fillings).
    const int rows = 2 + static_cast<int>(rng() % 2), cols = 3;
    std::vector<std::string> dots(static_cast<std::size_t>(2 * rows - 1), std::string(static_cast<std::size_t>(2 * cols - 1), '.'));
    if (round < static_cast<int>(fixed.size())) dots = fixed[static_cast<std::size_t>(round)];
    const int want_dots = round < static_cast<int>(fixed.size()) ? 0 : 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < want_dots; ++k)
      dots[rng() % dots.size()][rng() % dots[0].size()] = rng() % 2 ? 'o' : '*';
    if (round % 4 == 3 && dots[0][0] == '.') dots[0][0] = 'X';  // a hole in the corner
    const json p = {{"kind", "tentaisho"}, {"dots", dots}};
    std::shared_ptr<const Puzzle> parsed;
    try {
      parsed = tentaisho::tentaisho_encoder().parse(JsonNode(p, ""));
    } catch (const InputError&) {
      continue;  // a dot touching the hole
    }
    seen.expect(p, count_tentaisho(static_cast<const tentaisho::Board&>(*parsed)));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.several, 0);
}

// The same count, a cell and its mirror given their dot together (so that a
// 4x4 board with several dots is quick): which fillings the checker accepts.
uint64_t count_tentaisho_mirrored(const tentaisho::Board& b) {
  const int n = b.lat.cells(), d = static_cast<int>(b.dots.size());
  std::vector<int> galaxy(static_cast<std::size_t>(n), -1);
  for (int i = 0; i < n; ++i)
    if (b.hole[static_cast<std::size_t>(i)]) galaxy[static_cast<std::size_t>(i)] = 0;
  uint64_t count = 0;
  std::function<void(int)> go = [&](int i) {
    while (i < n && galaxy[static_cast<std::size_t>(i)] >= 0) ++i;
    if (i == n) {
      count += tentaisho::check_galaxies(b, galaxy).empty() ? 1 : 0;
      return;
    }
    for (int g = 1; g <= d; ++g) {
      const int m = tentaisho::mirror(b, b.dots[static_cast<std::size_t>(g - 1)], i);
      if (m < 0 || (galaxy[static_cast<std::size_t>(m)] >= 0 && m != i)) continue;
      galaxy[static_cast<std::size_t>(i)] = galaxy[static_cast<std::size_t>(m)] = g;
      go(i + 1);
      galaxy[static_cast<std::size_t>(i)] = galaxy[static_cast<std::size_t>(m)] = -1;
    }
  };
  go(0);
  return count;
}

// A 4x4 board with a solution: cells taken in reading order, each the whole
// galaxy of a dot at its centre, or with the next cell right or down (a dot
// on the edge between), or a 2x2 block (a dot at its corner).
std::vector<std::string> tiled_4x4(std::mt19937& rng) {
  std::vector<std::string> dots(7, std::string(7, '.'));
  std::vector<bool> used(16, false);
  for (int i = 0; i < 16; ++i) {
    if (used[static_cast<std::size_t>(i)]) continue;
    const int r = i / 4, c = i % 4;
    auto is_free = [&](int rr, int cc) { return rr < 4 && cc < 4 && !used[static_cast<std::size_t>(rr * 4 + cc)]; };
    const int shape = static_cast<int>(rng() % 4);
    if (shape == 1 && is_free(r, c + 1)) {
      used[static_cast<std::size_t>(i + 1)] = true;
      dots[static_cast<std::size_t>(2 * r)][static_cast<std::size_t>(2 * c + 1)] = 'o';
    } else if (shape == 2 && is_free(r + 1, c)) {
      used[static_cast<std::size_t>(i + 4)] = true;
      dots[static_cast<std::size_t>(2 * r + 1)][static_cast<std::size_t>(2 * c)] = 'o';
    } else if (shape == 3 && is_free(r, c + 1) && is_free(r + 1, c) && is_free(r + 1, c + 1)) {
      used[static_cast<std::size_t>(i + 1)] = used[static_cast<std::size_t>(i + 4)] = used[static_cast<std::size_t>(i + 5)] = true;
      dots[static_cast<std::size_t>(2 * r + 1)][static_cast<std::size_t>(2 * c + 1)] = '*';
    } else {
      dots[static_cast<std::size_t>(2 * r)][static_cast<std::size_t>(2 * c)] = 'o';
    }
    used[static_cast<std::size_t>(i)] = true;
  }
  return dots;
}

TEST(Tentaisho, ManyDotsOnAFourByFourCountLikeTheBruteForce) {
  // The candidates leave out what the held dots rule out (cells another dot
  // keeps, and what its galaxy cannot reach): boards with many dots, where
  // that matters most, against a counter that knows none of it.
  std::mt19937 rng(23);
  Verdicts seen;
  for (int round = 0; round < 24; ++round) {
    // A board with a solution (tiled_4x4); then, in two rounds of three,
    // one or two dots dropped, or one more put.
    std::vector<std::string> dots = tiled_4x4(rng);
    std::vector<std::pair<std::size_t, std::size_t>> placed;
    for (std::size_t y = 0; y < 7; ++y)
      for (std::size_t x = 0; x < 7; ++x)
        if (dots[y][x] != '.') placed.push_back({y, x});
    if (round == 0) {  // the 3x3 board with two solutions above, its fourth row and column one galaxy each
      dots = {"..o....", "......o", "..o....", ".......", "..o....", "......o", ".o..o.."};
    } else if (round % 3 == 1) {  // one or two dots dropped
      for (int k = 0; k < 1 + round % 2 && !placed.empty(); ++k) {
        const std::size_t at = rng() % placed.size();
        dots[placed[at].first][placed[at].second] = '.';
        placed.erase(placed.begin() + static_cast<std::ptrdiff_t>(at));
      }
    } else if (round % 3 == 2) {  // one more
      dots[rng() % 7][rng() % 7] = 'o';
    }
    const json p = {{"kind", "tentaisho"}, {"dots", dots}};
    const auto parsed = tentaisho::tentaisho_encoder().parse(JsonNode(p, ""));
    seen.expect(p, count_tentaisho_mirrored(static_cast<const tentaisho::Board&>(*parsed)));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Tentaisho, ADotLeftOutByDiagnoseIsThereOrNot) {
  // Diagnose's conflicts need dropping a clue to relax the board. A dot
  // dropped is there or not: the board with it left out has the solutions
  // of the board with it and those of the board without it, and no more (a
  // galaxy about it that does not hold its cells, a ring round them, is
  // none). Each dot of each board left out in turn, the checker against
  // the counter on the two boards; the encodings on both back ends for one
  // dot a board. (No board met has solutions both with a dot and without
  // it; on the collection's broken boards the solutions are those without.)
  std::mt19937 rng(31);
  int with_only = 0, without_only = 0, runs = 0;
  for (int round = 0; round < 40; ++round) {
    // Tiled 4x4 boards, some with one more dot (often no solution), and
    // 3x3 boards of two to four dots at random.
    std::vector<std::string> dots = round < 16 ? tiled_4x4(rng) : std::vector<std::string>(5, std::string(5, '.'));
    // Round 0: a dot at the centre of a 4x4 and one in each of the four
    // cells round it; the centre one left out could have the outer ring
    // as its galaxy, but that holds none of its cells: no solution.
    if (round == 0) dots = {".......", ".......", "..o.o..", "...o...", "..o.o..", ".......", "......."};
    if (round < 16 && round % 2) dots[rng() % 7][rng() % 7] = rng() % 2 ? 'o' : '*';
    for (int k = 0, more = round < 16 ? 0 : 2 + static_cast<int>(rng() % 3); k < more; ++k) dots[rng() % 5][rng() % 5] = 'o';
    const json p = {{"kind", "tentaisho"}, {"dots", dots}};
    LoadedPuzzle lp;
    try {
      lp = puzzle_from_text(p.dump());
    } catch (const InputError&) {
      continue;
    }
    const auto& b = static_cast<const tentaisho::Board&>(*lp.puzzle);
    const uint64_t with = count_tentaisho_mirrored(b);
    for (std::size_t k = 0; k < b.dots.size(); ++k) {
      const tentaisho::Dot& left_out = b.dots[k];
      std::vector<std::string> fewer = dots;
      fewer[static_cast<std::size_t>(left_out.y - 1)][static_cast<std::size_t>(left_out.x - 1)] = '.';
      const LoadedPuzzle lw = puzzle_from_text(json{{"kind", "tentaisho"}, {"dots", fewer}}.dump());
      const uint64_t without = count_tentaisho_mirrored(static_cast<const tentaisho::Board&>(*lw.puzzle));
      LoadedPuzzle dropped = lp;
      dropped.puzzle = lp.encoder->edit(*lp.puzzle, {{tentaisho::dot_id(b, left_out), -1}});
      EXPECT_EQ(count_tentaisho_mirrored(static_cast<const tentaisho::Board&>(*dropped.puzzle)), with + without)
          << p.dump() << " " << tentaisho::dot_id(b, left_out);
      with_only += with > 0 && without == 0;
      without_only += with == 0 && without > 0;
      if (k != static_cast<std::size_t>(round) % b.dots.size() && !(round == 0 && left_out.y == 4)) continue;
      for (const std::string& encoding : {"cuts", "eager", "open"})
        for (const std::string& solver : {"z3", "cadical"}) {
          const Result r = run_puzzle(dropped, encoding, 1000, solver);
          EXPECT_EQ(r.solutions_found, with + without) << encoding << " " << solver << " " << p.dump() << " " << tentaisho::dot_id(b, left_out);
          ++runs;
        }
    }
  }
  EXPECT_GT(with_only, 0);
  EXPECT_GT(without_only, 0);
  EXPECT_GT(runs, 0);
}

TEST(Tentaisho, NoDotIsCalledRedundantButAGivenCellCanBe) {
  // Dropped, a dot is there or not, so its galaxy stays and the solution
  // stays unique: "redundant" would say every dot can go, while without a
  // dot its cells would go to other galaxies. --minimal says so instead;
  // a cell given to a galaxy is still tried. The collection's 7x7 (its
  // r4c4 is in the galaxy of the 6th dot, between r4c5 and r5c5).
  json p = {{"kind", "tentaisho"},
            {"dots", {".........o...", ".............", "..o..........", "o.......o....", ".............", ".............",
                      "...o.........", "........o....", "..o..........", ".............", "............o", ".....o.......",
                      "............."}},
            {"assigned", {"r4c4:6"}}};
  CliResult d = run_cli({"diagnose", "--json", "--minimal", "-"}, p.dump());
  ASSERT_EQ(d.exit_code, 0) << d.err << d.out;
  const json j = json::parse(d.out)["diagnosis"];
  ASSERT_EQ(j["redundant"].size(), 1u) << j.dump();
  EXPECT_EQ(j["redundant"][0]["id"], "assigned/r4c4");
  EXPECT_NE(j["redundant_reason"].get<std::string>().find("no dot can be left out"), std::string::npos) << j.dump();
  CliResult t = run_cli({"diagnose", "--minimal", "galaxies:7x7:jskhzirgzkf"});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("no clue is redundant: without a dot its galaxy's cells would go to other galaxies"), std::string::npos) << t.out;
}

// The walls between neighbouring cells of different galaxies, as
// "r1c1|r1c2" and "r1c1_r2c1".
std::set<std::string> walls_of(const json& galaxies) {
  std::set<std::string> out;
  const int rows = static_cast<int>(galaxies.size()), cols = static_cast<int>(galaxies[0].size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int g = galaxies[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (g == 0) continue;
      if (c + 1 < cols && galaxies[static_cast<std::size_t>(r)][static_cast<std::size_t>(c + 1)] != g &&
          galaxies[static_cast<std::size_t>(r)][static_cast<std::size_t>(c + 1)] != 0)
        out.insert(fmt::format("r{}c{}|r{}c{}", r + 1, c + 1, r + 1, c + 2));
      if (r + 1 < rows && galaxies[static_cast<std::size_t>(r + 1)][static_cast<std::size_t>(c)] != g &&
          galaxies[static_cast<std::size_t>(r + 1)][static_cast<std::size_t>(c)] != 0)
        out.insert(fmt::format("r{}c{}_r{}c{}", r + 1, c + 1, r + 2, c + 1));
    }
  return out;
}

TEST(Tentaisho, PzprjsPuzzleAndGalaxiesIdsSolveToTheirWalls) {
  const std::string text = read_file(kDataDir + "/pzprjs/tentaisho.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url : '([^']+)'")));
  const std::string url = "https://puzz.link/p?tentaisho/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/tentaisho/5/5/([^\"]+)\"")));
  std::string body = m[1].str();
  std::replace(body.begin(), body.end(), '/', ' ');
  std::vector<std::string> tok;
  std::istringstream in(body);
  for (std::string t; in >> t;) tok.push_back(t);
  ASSERT_EQ(tok.size(), 9u + 20u + 20u + 25u);
  // Their walls between two cells of the board (the hole r1c5 left out).
  std::set<std::string> want;
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 4; ++c)
      if (tok[static_cast<std::size_t>(9 + r * 4 + c)] == "1" && !(r == 0 && c == 3)) want.insert(fmt::format("r{}c{}|r{}c{}", r + 1, c + 1, r + 1, c + 2));
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c)
      if (tok[static_cast<std::size_t>(29 + r * 5 + c)] == "1" && !(r == 0 && c == 4)) want.insert(fmt::format("r{}c{}_r{}c{}", r + 1, c + 1, r + 2, c + 1));
  for (const std::string enc : {"cuts", "eager"})
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "-e", enc, "--solver", solver, url});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const json j = json::parse(r.out);
      EXPECT_EQ(j["status"], "unique");
      EXPECT_EQ(walls_of(j["solutions"][0]), want) << enc << " " << solver;
    }
  // Debian's sgt-galaxies: "Ex,y" a wall on the doubled grid (x the column).
  const int n = for_each_tatham_id(kDataDir + "/tatham/galaxies.txt", [](const std::string& id, const std::string& move, int, int) {
    std::set<std::string> theirs;
    std::regex item("E(\\d+),(\\d+)");
    for (std::sregex_iterator it(move.begin(), move.end(), item), end; it != end; ++it) {
      const int x = std::stoi((*it)[1]), y = std::stoi((*it)[2]);
      if (x % 2 == 0) theirs.insert(fmt::format("r{}c{}|r{}c{}", y / 2 + 1, x / 2, y / 2 + 1, x / 2 + 1));
      else theirs.insert(fmt::format("r{}c{}_r{}c{}", y / 2, x / 2 + 1, y / 2 + 1, x / 2 + 1));
    }
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "--solver", solver, id});
      ASSERT_EQ(r.exit_code, 0) << id << r.err;
      EXPECT_EQ(walls_of(json::parse(r.out)["solutions"][0]), theirs) << id;
    }
  });
  EXPECT_EQ(n, 8);
}

// The collection's generator (sgt-galaxies --generate 1 '15x15du#psmt-diag-galaxies'),
// and the same with a dot added between r1c6 and r1c7 in the first long gap
// of the description (scripts/bench-diagnose-pencil's breaking).
const std::string kGalaxies15 = "galaxies:15x15:fkfzjnefzjcbnuzpczkroiovczccuqzzbudgbjwqiztppzsbdlhojzxipqogkf";
const std::string kGalaxies15Added = "galaxies:15x15:ffefzjnefzjcbnuzpczkroiovczccuqzzbudgbjwqiztppzsbdlhojzxipqogkf";

LoadedPuzzle from_id(const std::string& id) {
  return puzzle_from_text(importers::read_argument(id, importers::ImportOptions{}).imported->puzzle.dump());
}

TEST(Tentaisho, PropagationRefutesTheAddedDotAndNeverABoardWithASolution) {
  const LoadedPuzzle broken = from_id(kGalaxies15Added), fine = from_id(kGalaxies15);
  EXPECT_TRUE(broken.encoder->refutes_quickly(*broken.puzzle, {}));
  EXPECT_FALSE(fine.encoder->refutes_quickly(*fine.puzzle, {}));
  // Dropping dots relaxes a board: the unique board with any dots dropped
  // still has its solution, and must never be refuted.
  Context ctx;
  const Encoding enc = fine.encoder->encode(*fine.puzzle, ctx, "cuts", EncodeOptions{});
  std::mt19937 rng(5);
  for (int round = 0; round < 20; ++round) {
    std::vector<std::string> dropped;
    for (const auto& c : enc.clues)
      if (rng() % 3 == 0) dropped.push_back(c.id);
    EXPECT_FALSE(fine.encoder->refutes_quickly(*fine.puzzle, dropped)) << round;
  }
  // The broken board: the added dot is in every set the propagation refutes
  // (without it the board is the unique one).
  EXPECT_FALSE(broken.encoder->refutes_quickly(*broken.puzzle, {"dots/r1c6-r1c7"}));
}

TEST(Tentaisho, ADotAddedToA15x15IsBlamedAndItsRemovalFoundWithinTheDefaultLimit) {
  CliResult d = run_cli({"diagnose", "--json", kGalaxies15Added});
  ASSERT_EQ(d.exit_code, 20) << d.err;
  const json j = json::parse(d.out)["diagnosis"];
  ASSERT_FALSE(j["conflicts"].empty()) << j.dump();
  std::set<std::string> ids;
  for (const auto& c : j["conflicts"][0]["clues"]) ids.insert(c["id"].get<std::string>());
  EXPECT_TRUE(ids.count("dots/r1c6-r1c7")) << j["conflicts"][0].dump();
  EXPECT_LT(ids.size(), 40u) << "a conflict of the dots around the added one, not every dot";
  if (!j["conflicts"][0]["minimal"].get<bool>()) {
    ASSERT_FALSE(j["notes"].empty());
    EXPECT_NE(j["notes"][0].get<std::string>().find("conflict for certain"), std::string::npos) << j["notes"].dump();
  }
  bool removal = false;
  for (const auto& rep : j["drop_repairs"])
    removal = removal || (rep["edits"][0]["id"] == "dots/r1c6-r1c7" && rep["edits"][0]["drop"] == true && rep["status"] == "unique");
  EXPECT_TRUE(removal) << j["drop_repairs"].dump();
}

TEST(Tentaisho, BrokenPuzzleIsDiagnosedInDotsAndBadInputIsRefused) {
  // pzprjs's puzzle without its hole: no solution; the dots at fault are named.
  const std::string broken = "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf00000";
  CliResult d = run_cli({"diagnose", broken});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  // (It has more than one minimal conflict, and which one is reported
  // depends on the encoding: the two met so far both hold these two dots,
  // and dropping either of them leaves a unique puzzle.)
  EXPECT_NE(d.out.find("dot in r1c1   [dots/r1c1]"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("dot in r3c5   [dots/r3c5]"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("remove dot in r1c1 [dots/r1c1]  =>  unique"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("remove dot in r3c5 [dots/r3c5]  =>  unique"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "--solver", "cadical", broken});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  // Three dots down the middle of a 3x3 board: two solutions; the extra givens put cells in galaxies.
  CliResult s = run_cli({"diagnose", "--json", "-"}, R"({"kind": "tentaisho", "dots": ["..o..", ".....", "..o..", ".....", "..o.."]})");
  ASSERT_EQ(s.exit_code, 10) << s.err << s.out;
  const json sj = json::parse(s.out);
  // A dot added makes a new galaxy: no clue of the genre keeps the
  // solution, and the report says so instead of galaxy memberships.
  EXPECT_TRUE(sj["diagnosis"]["extra_givens"].empty()) << sj.dump();
  EXPECT_NE(sj["diagnosis"]["notes"][0].get<std::string>().find("every galaxy already has its dot"), std::string::npos)
      << sj["diagnosis"].dump();
  expect_refused_in_one_line({
      {"https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf1000w", "tentaisho data, character 20: unexpected \"w\" in the holes"},
      {"https://puzz.link/p?tentaisho/5/5/!", "tentaisho data, character 1: unexpected \"!\" in the dots"},
      {"https://puzz.link/p?tentaisho/2/2/0ng", "tentaisho data: a dot on the hole r1c1"},
      {"galaxies:3x3:zzzzza", "description, character 6: a dot past the 25 places of a 3x3 grid"},
      {"galaxies:3x3:a!", "description, character 2: unexpected \"!\""},
  });
  expect_bad_files_name_their_path({{R"({"kind": "tentaisho", "dots": ["o..", "..", "..."]})", "/dots/1"},
                                    {R"({"kind": "tentaisho", "dots": ["oX."]})", "/dots/0"},
                                    {R"({"kind": "tentaisho", "dots": ["o.o"], "assigned": ["r1c1:3"]})", "/assigned/0"}},
                                   "tentaisho.json");
}

}  // namespace
}  // namespace psmt::testing
