// Tentaisho: exact counts against brute force (every assignment of cells
// to dots held to the plain checker), pzprjs's test puzzle (with a hole)
// and the collection's generated IDs solved to their walls, a broken puzzle
// diagnosed in dots, bad links and IDs refused in one line.
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
  int none = 0, several = 0;
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
    const auto& b = static_cast<const tentaisho::Board&>(*parsed);
    const uint64_t want = count_tentaisho(b);
    none += want == 0;
    several += want > 1;
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
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

TEST(Tentaisho, BrokenPuzzleIsDiagnosedInDotsAndBadInputIsRefused) {
  // pzprjs's puzzle without its hole: no solution; the dots at fault are named.
  const std::string broken = "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf00000";
  CliResult d = run_cli({"diagnose", broken});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("dot in r1c1   [dots/r1c1]"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("dot in r2c5   [dots/r2c5]"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "--solver", "cadical", broken});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  // Three dots down the middle of a 3x3 board: two solutions; the extra givens put cells in galaxies.
  CliResult s = run_cli({"diagnose", "--json", "-"}, R"({"kind": "tentaisho", "dots": ["..o..", ".....", "..o..", ".....", "..o.."]})");
  ASSERT_EQ(s.exit_code, 10) << s.err << s.out;
  const json sj = json::parse(s.out);
  ASSERT_FALSE(sj["diagnosis"]["extra_givens"].empty()) << sj.dump();
  EXPECT_TRUE(std::regex_search(sj["diagnosis"]["extra_givens"][0].get<std::string>(), std::regex("^r\\dc\\d in galaxy \\d \\(dot ")))
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
