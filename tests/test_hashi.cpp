// Hashiwokakero: exact counts against a plain backtracking counter,
// pzprjs's test puzzle and the collection's generated IDs (with their
// options m and L) solved to their bridges, a broken island named, bad
// links and IDs refused in one line.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <sstream>

#include "encoders/pencil/hashi.h"
#include "helpers.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// Every choice of 0..max bridges per pair, held to the plain checker; an
// island is checked as soon as its last pair is chosen.
uint64_t count_hashi(const hashi::Board& b) {
  std::vector<int> last(static_cast<std::size_t>(b.lat.cells()), -1);
  for (std::size_t q = 0; q < b.pairs.size(); ++q) last[static_cast<std::size_t>(b.pairs[q].a)] = last[static_cast<std::size_t>(b.pairs[q].b)] = static_cast<int>(q);
  std::vector<int> count(b.pairs.size(), 0);
  uint64_t n = 0;
  std::function<void(std::size_t)> go = [&](std::size_t q) {
    if (q == b.pairs.size()) {
      n += hashi::check_counts(b, count).empty() ? 1 : 0;
      return;
    }
    for (int k = 0; k <= b.max_bridges; ++k) {
      count[q] = k;
      bool ok = true;
      for (int cell : {b.pairs[q].a, b.pairs[q].b}) {
        const int want = b.number[static_cast<std::size_t>(cell)];
        if (last[static_cast<std::size_t>(cell)] != static_cast<int>(q) || want < 0) continue;
        int ends = 0;
        for (std::size_t r = 0; r <= q; ++r)
          if (b.pairs[r].a == cell || b.pairs[r].b == cell) ends += count[r];
        ok = ok && ends == want;
      }
      if (ok) go(q + 1);
    }
    count[q] = 0;
  };
  go(0);
  return n;
}

TEST(Hashi, ExactCountsMatchBacktrackingInEveryEncodingAndBackEnd) {
  std::mt19937 rng(13);
  int none = 0, several = 0;
  for (int round = 0; round < 14; ++round) {
    hashi::Board b;
    // Islands on even rows and columns only (sea between neighbours), most
    // of them without a number so that some boards have several solutions.
    b.lat = {3 + 2 * static_cast<int>(rng() % 2), 3 + 2 * static_cast<int>(rng() % 2)};
    b.max_bridges = 1 + static_cast<int>(rng() % 2);
    b.no_loops = round % 3 == 2;
    for (int i = 0; i < b.lat.cells(); ++i) {
      const Cell c = b.lat.cell_at(i);
      const auto x = rng() % 6;
      b.number.push_back(c.row % 2 || c.col % 2 || x < 2 ? hashi::kSea : x < 4 ? hashi::kUnknown : 1 + static_cast<int>(rng() % 4));
    }
    hashi::index_pairs(b);
    if (b.pairs.size() > 11) continue;
    const uint64_t want = count_hashi(b);
    none += want == 0;
    several += want > 1;
    json grid = json::array();
    for (int r = 0; r < b.lat.rows; ++r) {
      json row = json::array();
      for (int c = 0; c < b.lat.cols; ++c) {
        const int v = b.number[static_cast<std::size_t>(b.lat.cell(r, c))];
        row.push_back(v == hashi::kSea ? json(".") : v == hashi::kUnknown ? json("?") : json(v));
      }
      grid.push_back(row);
    }
    const json p = {{"kind", "hashi"}, {"grid", grid}, {"max_bridges", b.max_bridges}, {"no_loops", b.no_loops}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

// The bridges of a solved board given as link counts between neighbouring
// cells: per island, rightward then downward, the count of its first step.
json bridges_from_links(int rows, int cols, const std::vector<std::string>& number, const std::function<int(int, int, bool)>& link) {
  json out = json::array();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (number[static_cast<std::size_t>(r * cols + c)] == ".") continue;
      for (bool right : {true, false}) {
        if ((right && c + 1 >= cols) || (!right && r + 1 >= rows)) continue;
        const int n = link(r, c, right);
        if (n <= 0) continue;
        int r2 = r + (right ? 0 : 1), c2 = c + (right ? 1 : 0);
        while (number[static_cast<std::size_t>(r2 * cols + c2)] == ".") (right ? c2 : r2)++;
        out.push_back(fmt::format("r{}c{}-r{}c{}={}", r + 1, c + 1, r2 + 1, c2 + 1, n));
      }
    }
  return out;
}

TEST(Hashi, PzprjsPuzzleAndBridgesIdsSolveToTheirBridges) {
  const std::string text = read_file(kDataDir + "/pzprjs/hashikake.js.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex("url: \"([^\"]+)\"")));
  const std::string url = "https://puzz.link/p?hashikake/" + m[1].str();
  ASSERT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/hashikake/5/5/([^\"]+)\"")));
  std::string body = m[1].str();
  std::replace(body.begin(), body.end(), '/', ' ');
  std::vector<std::string> tok;
  std::istringstream in(body);
  for (std::string t; in >> t;) tok.push_back(t);
  ASSERT_EQ(tok.size(), 25u + 20u + 20u);
  const std::vector<std::string> number(tok.begin(), tok.begin() + 25);
  const json want = bridges_from_links(5, 5, number, [&](int r, int c, bool right) {
    return std::stoi(right ? tok[static_cast<std::size_t>(25 + r * 4 + c)] : tok[static_cast<std::size_t>(45 + r * 5 + c)]);
  });
  ASSERT_EQ(want.size(), 9u);
  for (const std::string enc : {"cuts", "eager"})
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "-e", enc, "--solver", solver, url});
      ASSERT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << enc << " " << solver;
    }
  // Debian's sgt-bridges, with m1, m3 and L among them: "Lx1,y1,x2,y2,n" per bridge.
  const int n = for_each_tatham_id(kDataDir + "/tatham/bridges.txt", [](const std::string& id, const std::string& move, int, int) {
    std::regex item("L(\\d+),(\\d+),(\\d+),(\\d+),(\\d+)");
    std::vector<std::tuple<int, int, int, int, int>> bridges;
    for (std::sregex_iterator it(move.begin(), move.end(), item), end; it != end; ++it)
      bridges.emplace_back(std::stoi((*it)[2]), std::stoi((*it)[1]), std::stoi((*it)[4]), std::stoi((*it)[3]), std::stoi((*it)[5]));
    std::sort(bridges.begin(), bridges.end(), [](const auto& x, const auto& y) {  // reading order, rightward first
      return std::tuple(std::get<0>(x), std::get<1>(x), std::get<0>(x) != std::get<2>(x)) <
             std::tuple(std::get<0>(y), std::get<1>(y), std::get<0>(y) != std::get<2>(y));
    });
    json expected = json::array();
    for (const auto& [r1, c1, r2, c2, k] : bridges) expected.push_back(fmt::format("r{}c{}-r{}c{}={}", r1 + 1, c1 + 1, r2 + 1, c2 + 1, k));
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "--solver", solver, id});
      ASSERT_EQ(r.exit_code, 0) << id << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], expected) << id;
    }
  });
  EXPECT_EQ(n, 8);
}

TEST(Hashi, BrokenIslandIsNamedExtraBridgesAreOfferedAndBadInputIsRefused) {
  // pzprjs's puzzle is unique with a checked proof; misprinted (the 1 at r4c4 as 2) it has no solution.
  CliResult u = run_cli({"check", "--json", "--certify", "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"});
  ASSERT_EQ(u.exit_code, 0) << u.err;
  EXPECT_GE(json::parse(u.out)["certified"]["unsat_steps"].get<int>(), 1) << u.out;
  const std::string broken = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g2g3g4g3";
  CliResult d = run_cli({"diagnose", broken});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("island 2 at r4c4   [grid/r4c4]"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "--solver", "cadical", broken});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  // With the numbers at r2c5 and r4c2 not given: several solutions; the extra givens are bridges.
  CliResult s = run_cli({"diagnose", "--json", "https://puzz.link/p?hashikake/5/5/4g2i3h.3k.g1g3g4g3"});
  ASSERT_EQ(s.exit_code, 10) << s.err;
  const json sj = json::parse(s.out);
  ASSERT_FALSE(sj["diagnosis"]["extra_givens"].empty()) << sj.dump();
  EXPECT_TRUE(std::regex_search(sj["diagnosis"]["extra_givens"][0].get<std::string>(), std::regex("^island \\d at r\\dc\\d$")))
      << sj["diagnosis"].dump();
  expect_refused_in_one_line({
      {"https://puzz.link/p?hashikake/5/5/0", "hashikake data: an island of 0 bridges at r1c1"},
      {"https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3!", "hashi data, character 19: 1 more characters than the 5x5 board needs"},
      {"https://puzz.link/p?hashi/5/5/4g2i3h!", "hashi data, character 7: unexpected \"!\""},
      {"bridges:3x3m5:a1g", "m5: at most 1 to 4 bridges"},
      {"bridges:3x3:a1f", "description: 8 cells, a 3x3 grid has 9"},
      {"bridges:3x3x:a1g", "after the size"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "hashi", "grid": [[1, ".", 1]], "bridges": ["r1c1-r1c2=1"]})", "/bridges/0"},
                                    {R"({"kind": "hashi", "grid": [[1, ".", 1]], "max_bridges": 5})", "/max_bridges"}},
                                   "hashi.json");
}

}  // namespace
}  // namespace psmt::testing
