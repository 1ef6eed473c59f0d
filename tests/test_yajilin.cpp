// Yajilin: exact counts against a plain counter (every shading, then the
// loops through the cells left), pzprjs's test puzzle solved to its board,
// a misprinted arrow named, bad links refused in one line.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <regex>
#include <sstream>

#include "encoders/pencil/yajilin.h"
#include "helpers.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// The simple cycles through every cell of `on` (each counted once).
uint64_t covering_cycles(const pencil::Lattice& L, const std::vector<bool>& on) {
  const graph::Graph g = L.cell_graph();
  int first = -1, n = 0;
  for (int i = 0; i < L.cells(); ++i)
    if (on[static_cast<std::size_t>(i)]) {
      if (first < 0) first = i;
      n++;
    }
  if (n < 4) return 0;
  std::vector<bool> seen(static_cast<std::size_t>(L.cells()), false);
  uint64_t count = 0;
  std::function<void(int, int)> go = [&](int v, int depth) {
    for (int e : g.incident[static_cast<std::size_t>(v)]) {
      const int w = g.other(e, v);
      if (!on[static_cast<std::size_t>(w)]) continue;
      if (w == first && depth == n) count++;
      if (seen[static_cast<std::size_t>(w)]) continue;
      seen[static_cast<std::size_t>(w)] = true;
      go(w, depth + 1);
      seen[static_cast<std::size_t>(w)] = false;
    }
  };
  seen[static_cast<std::size_t>(first)] = true;
  go(first, 1);
  return count / 2;
}

uint64_t count_yajilin(const yajilin::Board& b) {
  const auto& L = b.lat;
  uint64_t total = 0;
  for (uint32_t mask = 0; mask < (1u << L.cells()); ++mask) {
    std::vector<bool> shaded(static_cast<std::size_t>(L.cells())), rest(static_cast<std::size_t>(L.cells()));
    bool ok = true;
    for (int i = 0; i < L.cells() && ok; ++i) {
      shaded[static_cast<std::size_t>(i)] = mask >> i & 1;
      ok = !(shaded[static_cast<std::size_t>(i)] && b.clue[static_cast<std::size_t>(i)].present);
      rest[static_cast<std::size_t>(i)] = !shaded[static_cast<std::size_t>(i)] && !b.clue[static_cast<std::size_t>(i)].present;
    }
    if (!ok) continue;
    for (const auto& [u, v] : L.cell_graph().edges) ok = ok && !(shaded[static_cast<std::size_t>(u)] && shaded[static_cast<std::size_t>(v)]);
    for (int i = 0; i < L.cells() && ok; ++i) {
      const auto& k = b.clue[static_cast<std::size_t>(i)];
      if (!k.present || k.dir == yajilin::kNone || k.count == yajilin::kUnknownCount) continue;
      int n = 0;
      for (int j : yajilin::pointed(L, i, k.dir)) n += shaded[static_cast<std::size_t>(j)];
      ok = n == k.count;
    }
    if (!ok) continue;
    if (std::none_of(rest.begin(), rest.end(), [](bool x) { return x; })) {
      // No cell left for a loop: the checker decides whether "no loop" is one.
      total += yajilin::check_solution(b, yajilin::solution_json(b, shaded, std::vector<bool>(static_cast<std::size_t>(L.steps()), false))).empty();
      continue;
    }
    total += covering_cycles(L, rest);
  }
  return total;
}

TEST(Yajilin, ExactCountsMatchAPlainCounterInEveryEncodingAndBackEnd) {
  std::mt19937 rng(17);
  int none = 0, several = 0;
  for (int round = 0; round < 12; ++round) {
    yajilin::Board b;
    b.lat = {3 + static_cast<int>(rng() % 2), 3 + static_cast<int>(rng() % 2)};
    json grid = json::array();
    for (int r = 0; r < b.lat.rows; ++r) {
      json row = json::array();
      for (int c = 0; c < b.lat.cols; ++c) {
        const auto x = rng() % 10;
        yajilin::Clue k;
        if (x < 2) {
          k.present = true;
          k.dir = 1 + static_cast<int>(rng() % 4);
          k.count = rng() % 4 == 0 ? yajilin::kUnknownCount : static_cast<int>(rng() % 2);
        } else if (x == 2) {
          k.present = true;
        }
        b.clue.push_back(k);
        row.push_back(k.present ? yajilin::clue_text(k) : ".");
      }
      grid.push_back(row);
    }
    b.given.assign(b.clue.size(), "");
    const uint64_t want = count_yajilin(b);
    none += want == 0;
    several += want > 1;
    const json p = {{"kind", "yajilin"}, {"grid", grid}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

TEST(Yajilin, PzprjsPuzzleSolvesToItsBoardAndAMisprintedArrowIsNamed) {
  const std::string text = read_file(kDataDir + "/pzprjs/yajilin.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url: \"([^\"]+)\"")));
  const std::string url = "https://puzz.link/p?yajilin/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/yajilin/5/5/([^\"]+)\"")));
  std::string body = m[1].str();
  std::replace(body.begin(), body.end(), '/', ' ');
  std::vector<std::string> tok;
  std::istringstream in(body);
  for (std::string t; in >> t;) tok.push_back(t);
  ASSERT_EQ(tok.size(), 25u + 25u + 20u + 20u);
  yajilin::Board b;
  b.lat = {5, 5};
  b.clue.resize(25);
  b.given.assign(25, "");
  std::vector<bool> shaded(25), step(static_cast<std::size_t>(b.lat.steps()), false);
  for (int i = 0; i < 25; ++i) {
    b.clue[static_cast<std::size_t>(i)].present = tok[static_cast<std::size_t>(i)] != ".";
    shaded[static_cast<std::size_t>(i)] = tok[static_cast<std::size_t>(25 + i)] == "#";
  }
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 4; ++c) step[static_cast<std::size_t>(b.lat.step_right(r, c))] = tok[static_cast<std::size_t>(50 + r * 4 + c)] == "1";
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c) step[static_cast<std::size_t>(b.lat.step_down(r, c))] = tok[static_cast<std::size_t>(70 + r * 5 + c)] == "1";
  const json want = yajilin::solution_json(b, shaded, step);
  for (const std::string enc : {"cuts", "eager"})
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "-e", enc, "--solver", solver, url});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << enc << " " << solver;
    }
  // The arrow at r3c4 says 3 instead of 2: no solution; diagnose names it and changes it back.
  CliResult d = run_cli({"diagnose", "https://puzz.link/p?yajilin/5/5/m33j10"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("3 shaded left of r3c4   [grid/r3c4]"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("->  2 shaded left of r3c4 [grid/r3c4]  =>  unique"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "--solver", "cadical", "https://puzz.link/p?yajilin/5/5/m33j10"});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  // Without its arrows' numbers: several solutions, and the extra givens are cells of the answer.
  CliResult s = run_cli({"diagnose", "--json", "https://puzz.link/p?yajilin/5/5/m3.j1."});
  ASSERT_EQ(s.exit_code, 10) << s.err;
  const json sj = json::parse(s.out);
  // No clue of the genre keeps a yajilin's solution (every cell is shaded
  // or on the loop): said, instead of loop pieces a setter cannot write.
  EXPECT_TRUE(sj["diagnosis"]["extra_givens"].empty()) << sj.dump();
  EXPECT_TRUE(sj["diagnosis"]["extra_are_clues"].get<bool>());
  EXPECT_NE(sj["diagnosis"]["notes"][0].get<std::string>().find("an arrow added anywhere would change the solution"), std::string::npos)
      << sj["diagnosis"].dump();
  // A number without an arrow: pzprjs's editor lets a setter write it (read
  // as "x2", drawn with its number), and its checker refuses every answer
  // while it is there (checkNumberHasArrow): no solution, that clue named,
  // and taking the number out the repair.
  const CliResult bare = run_cli({"convert", "https://puzz.link/p?yajilin/5/5/m02j10"});
  ASSERT_EQ(bare.exit_code, 0) << bare.err;
  EXPECT_EQ(nlohmann::json::parse(bare.out)["grid"][2][3], "x2");
  const CliResult bd = run_cli({"diagnose", "--json", "https://puzz.link/p?yajilin/5/5/m02j10"});
  ASSERT_EQ(bd.exit_code, 20) << bd.err;
  const auto bj = nlohmann::json::parse(bd.out);
  EXPECT_EQ(bj["conflict"][0]["label"], "2 at r3c4 without an arrow");
  EXPECT_EQ(bj["diagnosis"]["drop_repairs"][0]["edits"][0]["after"], "a clue cell without a number at r3c4");
  expect_refused_in_one_line({
      {"https://puzz.link/p?yajilin/o/5/5/m32j10", "yajilin: the flag \"o\" is not read (o: the variant whose loop may run outside the board)"},
      {"https://puzz.link/p?yajilin/5/5/m3", "yajilin data ends inside the clue at character 2"},
      {"https://puzz.link/p?yajilin/5/5/m32j10!", "yajilin data, character 7: 1 more characters"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "yajilin", "grid": [[".", "^"]]})", "/grid/0/1"},
                                    {R"({"kind": "yajilin", "grid": [[".", "x"]], "given": ["r1c2=#"]})", "/given/0"}},
                                   "yajilin.json");
}

}  // namespace
}  // namespace psmt::testing
