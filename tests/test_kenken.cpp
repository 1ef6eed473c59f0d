// The kenken kind (a Latin square with arithmetic cages) and Simon Tatham's
// keen game IDs: exact counts against the plain backtracking counter of
// variant_rules.h in every encoding (visible and hidden operations), real
// game IDs from the collection's own generator with its recorded solutions,
// the collection's web-page links, malformed IDs, and diagnose in the
// setter's words.
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

// Cages covering the n x n board: each grown from the first free cell by
// up to `max_size` - 1 random free neighbours.
std::vector<std::vector<std::pair<int, int>>> random_cages(int n, int max_size, std::mt19937& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::vector<std::vector<int>> owner(n, std::vector<int>(n, -1));
  std::vector<std::vector<std::pair<int, int>>> cages;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (owner[r][c] >= 0) continue;
      std::vector<std::pair<int, int>> cage{{r, c}};
      owner[r][c] = static_cast<int>(cages.size());
      const int want = pick(1, max_size);
      while (static_cast<int>(cage.size()) < want) {
        std::vector<std::pair<int, int>> free;
        for (auto [y, x] : cage)
          for (auto [dy, dx] : std::vector<std::pair<int, int>>{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) {
            int y2 = y + dy, x2 = x + dx;
            if (y2 >= 0 && x2 >= 0 && y2 < n && x2 < n && owner[y2][x2] < 0) free.push_back({y2, x2});
          }
        if (free.empty()) break;
        auto next = free[static_cast<std::size_t>(pick(0, static_cast<int>(free.size()) - 1))];
        owner[next.first][next.second] = static_cast<int>(cages.size());
        cage.push_back(next);
      }
      cages.push_back(cage);
    }
  return cages;
}

TEST(KenKen, ExactCountsMatchBacktrackingInEveryEncoding) {
  std::mt19937 rng(23);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int checked = 0, unique = 0, none = 0, hidden = 0;
  for (int round = 0; round < 18; ++round) {
    const int n = round % 3 == 2 ? 5 : 4;
    json shape = {{"size", n}, {"regions", std::vector<std::string>(n, std::string(n, '.'))}};
    std::vector<variants::Grid> squares;
    variants::count_solutions(shape, static_cast<uint64_t>(pick(1, 300)), [&](const variants::Grid& g) { squares.push_back(g); });
    const auto& s = squares.back();
    json cages = json::array();
    for (const auto& cage : random_cages(n, 4, rng)) {
      std::vector<int> ds;
      json cells = json::array();
      for (auto [r, c] : cage) {
        ds.push_back(s[r][c]);
        cells.push_back({r, c});
      }
      int sum = 0, product = 1;
      for (int d : ds) {
        sum += d;
        product *= d;
      }
      json k = {{"cells", cells}};
      std::vector<std::string> ops = {"+", "*"};
      if (ds.size() == 2) {
        ops.push_back("-");
        if (std::max(ds[0], ds[1]) % std::min(ds[0], ds[1]) == 0) ops.push_back("/");
      }
      if (ds.size() == 1) ops = {"="};
      std::string op = ops[static_cast<std::size_t>(pick(0, static_cast<int>(ops.size()) - 1))];
      int v = op == "+"   ? sum
              : op == "*" ? product
              : op == "-" ? std::abs(ds[0] - ds[1])
              : op == "/" ? std::max(ds[0], ds[1]) / std::min(ds[0], ds[1])
                          : ds[0];
      if (pick(0, 11) == 0) v += 1;  // now and then a wrong value
      if (pick(0, 5) == 0 && ds.size() > 1) {
        op = "?";
        hidden++;
      }
      k["op"] = op;
      k["value"] = v;
      cages.push_back(k);
    }
    // Cages one at a time until few enough solutions remain to enumerate in
    // every encoding on both back ends (20: enough to tell a miscount).
    json counted = shape, puzzle = {{"kind", "kenken"}, {"size", n}, {"kenken", json::array()}};
    uint64_t expected = 0;
    for (const auto& k : cages) {
      puzzle["kenken"].push_back(k);
      counted["kenken"] = puzzle["kenken"];
      expected = variants::count_solutions(counted, 201);
      if (expected <= 20) break;
    }
    if (expected > 200) continue;
    expect_count_in_every_encoding(puzzle, expected);
    checked++;
    unique += expected == 1;
    none += expected == 0;
  }
  EXPECT_GE(checked, 15);
  EXPECT_GE(unique + none, 1) << "some rounds should be decided by their cages";
  EXPECT_GE(hidden, 3) << "hidden operations should be among the cages";
}

TEST(KenKen, ProductsAreCountedWithoutMultiplyingInEveryEncoding) {
  // Products with repeated digits and with primes that no digit holds, on
  // one 3-cell L-shaped cage of a 6x6 (digits may repeat across rows and
  // columns): every encoding against the counter.
  const std::vector<int> products = {1, 8, 16, 36, 60, 7, 11, 216, 125, 30};
  for (int v : products) {
    json cage = {{"cells", {{0, 0}, {0, 1}, {1, 0}}}, {"op", "*"}, {"value", v}};
    json shape = {{"size", 4}, {"regions", std::vector<std::string>(4, "....")}, {"grid", "..3............."},
                  {"kenken", {cage}}};
    const uint64_t expected = variants::count_solutions(shape, 100000);
    json puzzle = {{"kind", "kenken"}, {"size", 4}, {"grid", {"..3.", "....", "....", "...."}}, {"kenken", {cage}}};
    SCOPED_TRACE("product " + std::to_string(v));
    expect_count_in_every_encoding(puzzle, expected);
  }
}

TEST(KenKen, GeneratedKeenIdsAreUniqueWithTheCollectionsSolution) {
  // 3x3 to 9x9 at every difficulty, and the multiplication-only mode.
  EXPECT_EQ(expect_ids_unique_with_their_solution("keen", "kenken"), 18);
}

TEST(KenKen, WorkedExampleOfTheFormatReadsItsCagesAndClues) {
  // FORMATS.md: 4:_a_a_aa_b_5ba,m24d2a5m6a9s1s2, seven cages by first cell.
  CliResult r = run_cli({"convert", "keen:4:_a_a_aa_b_5ba,m24d2a5m6a9s1s2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto p = json::parse(r.out);
  ASSERT_EQ(p["kenken"].size(), 7u);
  EXPECT_EQ(p["kenken"][0]["cells"], json::parse("[[0,0],[1,0],[2,0]]"));
  EXPECT_EQ(p["kenken"][0]["op"], "*");
  EXPECT_EQ(p["kenken"][0]["value"], 24);
  EXPECT_EQ(p["kenken"][1]["cells"], json::parse("[[0,1],[0,2]]"));
  EXPECT_EQ(p["kenken"][1]["op"], "/");
  EXPECT_EQ(p["kenken"][4]["cells"], json::parse("[[2,1],[2,2],[3,2]]"));
  EXPECT_EQ(p["kenken"][4]["op"], "+");
  EXPECT_EQ(p["kenken"][6]["op"], "-");
  EXPECT_EQ(p["kenken"][6]["value"], 2);
  std::string f = ::testing::TempDir() + "/keen_converted.json";
  std::ofstream(f) << r.out;
  CliResult c = run_cli({"check", "--json", f});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(json::parse(c.out)["solutions"][0], json::parse(R"(["3124", "4231", "2413", "1342"])"));
}

TEST(KenKen, TheCollectionsWebPageLinkAndAFileHoldingTheIdReadTheSame) {
  // 6x6
  expect_id_link_file_and_convert_agree(tatham_ids("keen").at(6).id);
}

TEST(KenKen, MalformedKeenIdsAreOneLineAndExit2) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"keen:4:_a_a_aa_b_5ba", "1 comma-separated parts, a keen ID has 2"},
      {"keen:10:_a,a1", "size 10 (keen is 3 to 9 wide)"},
      {"keen:4dq:_a_a_aa_b_5ba,m24d2a5m6a9s1s2", "\"dq\" in \"4dq\": expected a difficulty"},
      {"keen:4:_a_a_aa_b_5ba,m24d2a5m6a9s1", "6 clues for the 7 cages"},
      {"keen:4:_a_a_aa_b_5ba,m24d2a5m6a9s1s2a3", "more clues than the 7 cages"},
      {"keen:4:_a_a_aa_b_5ba,m24d2a5m6s9s1s2", "cage 5 (first cell r3c2) has 3 cells; s clues are for two"},
      {"keen:4:_a_a_aa_b_5ba,m24x2a5m6a9s1s2", "\"x\" is not an operation"},
      {"keen:4:_a_a_aa_b_5ba,m24d2a5m6a9s1s", "the \"s\" of cage 7 has no value"},
      {"keen:4:_a_a_aa_b_9ba,m24d2a5m6a9s1s2", "cages: describes more than the 24 lines"},
      {"keen:4:_a_a_aa_b_5b,m24d2a5m6a9s1s2", "cages: describes 23 of the 24 lines"},
      {"keen:4:_a_a_aa_b_5b!,m24", "cages, character 13: unexpected \"!\""},
  };
  expect_refused_in_one_line(cases);
}

TEST(KenKen, BadCagesAreBadInputWithTheirJsonPath) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"kind": "kenken", "size": 4, "kenken": [{"cells": "r1c1 r1c2 r1c3", "op": "-", "value": 1}]})",
       "/kenken/0/op"},
      {R"({"kind": "kenken", "size": 4, "kenken": [{"cells": "r1c1 r1c2", "value": 3}]})", "/kenken/0"},
      {R"({"kind": "kenken", "size": 4, "kenken": [{"cells": "r1c1 r1c2", "op": "^", "value": 3}]})", "/kenken/0/op"},
      {R"({"kind": "kenken", "size": 4, "kenken": [{"cells": "r1c1 r1c2", "op": "+", "value": 3}, {"cells": "r1c2 r2c2", "op": "+", "value": 3}]})",
       "/kenken/1/cells"},
  };
  expect_bad_files_name_their_path(cases, "kenken_bad.json");
}

TEST(KenKen, DiagnoseNamesTheCageInTheSettersWordsAndRepairsIt) {
  // The worked example with cage 4's product 6 changed to 12: no solution;
  // the conflict names cages as "cage N (r..c..–r..c..): V×", and the repair
  // gives a cage its value back.
  CliResult c = run_cli({"convert", "keen:4:_a_a_aa_b_5ba,m24d2a5m12a9s1s2"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  std::string f = ::testing::TempDir() + "/keen_bad.json";
  std::ofstream(f) << c.out;
  CliResult r = run_cli({"diagnose", "--json", f});
  ASSERT_EQ(r.exit_code, 20) << r.out << r.err;
  auto j = json::parse(r.out);
  bool named = false;
  for (const auto& k : j["conflict"]) named |= k["label"].get<std::string>() == "cage 4 (r2c2–r2c3): 12×";
  EXPECT_TRUE(named) << j["conflict"].dump();
  EXPECT_NE(r.out.find("cage 4 (r2c2–r2c3): 6×"), std::string::npos) << "the repair back to 6x: " << r.out.substr(0, 3000);
}

}  // namespace
}  // namespace psmt::testing
