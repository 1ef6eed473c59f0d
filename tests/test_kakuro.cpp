// The kakuro kind and puzz.link kakuro links: exact counts against a plain
// backtracking counter in every encoding, the format's worked example (the
// pzprjs test puzzle), real links from penpa-edit's test data, convert round
// trips, malformed links and files, and diagnose in the setter's words.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <random>
#include <set>

#include "engine/lazy_z3.h"
#include "helpers.h"

namespace psmt::testing {
namespace {

using json = nlohmann::json;

// A board: 'w' white, '#' block, 'c' clue; sums per clue cell (0 none).
struct Plain {
  std::vector<std::string> squares;
  std::map<std::pair<int, int>, std::pair<int, int>> sums;  // (r, c) -> (down, across)
};

struct PlainRun {
  std::vector<std::pair<int, int>> cells;
  int sum = 0;
};

std::vector<PlainRun> plain_runs(const Plain& p) {
  std::vector<PlainRun> out;
  const int h = static_cast<int>(p.squares.size()), w = static_cast<int>(p.squares[0].size());
  for (int across = 1; across >= 0; --across)
    for (int a = 0; a < (across ? h : w); ++a) {
      PlainRun run;
      for (int b = 0; b <= (across ? w : h); ++b) {
        const int r = across ? a : b, c = across ? b : a;
        const bool inside = across ? c < w : r < h;
        if (inside && p.squares[r][c] == 'w') {
          run.cells.push_back({r, c});
          continue;
        }
        if (!run.cells.empty()) out.push_back(run);
        run = PlainRun{};
        if (inside && p.squares[r][c] == 'c') {
          auto it = p.sums.find({r, c});
          run.sum = it == p.sums.end() ? 0 : (across ? it->second.second : it->second.first);
        }
      }
    }
  return out;
}

// Plain backtracking over the white cells in reading order, checking each
// run when its last cell is filled.
uint64_t count_fillings(const Plain& p, uint64_t limit) {
  auto runs = plain_runs(p);
  std::vector<std::pair<int, int>> whites;
  for (int r = 0; r < static_cast<int>(p.squares.size()); ++r)
    for (int c = 0; c < static_cast<int>(p.squares[0].size()); ++c)
      if (p.squares[r][c] == 'w') whites.push_back({r, c});
  std::map<std::pair<int, int>, int> d;
  uint64_t found = 0;
  auto run_ok = [&](const PlainRun& run) {
    std::set<int> seen;
    int sum = 0;
    for (auto x : run.cells) {
      if (!d.count(x)) return true;  // not complete yet
      if (!seen.insert(d[x]).second) return false;
      sum += d[x];
    }
    return run.sum == 0 || sum == run.sum;
  };
  std::function<void(std::size_t)> dfs = [&](std::size_t i) {
    if (found >= limit) return;
    if (i == whites.size()) {
      ++found;
      return;
    }
    for (int v = 1; v <= 9; ++v) {
      d[whites[i]] = v;
      bool ok = true;
      for (const auto& run : runs)
        if (ok && std::find(run.cells.begin(), run.cells.end(), whites[i]) != run.cells.end()) ok = run_ok(run);
      if (ok) dfs(i + 1);
      d.erase(whites[i]);
    }
  };
  dfs(0);
  return found;
}

TEST(Kakuro, ExactCountsMatchBacktrackingInEveryEncoding) {
  std::mt19937 rng(31);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int checked = 0, unique = 0, none = 0;
  for (int round = 0; round < 30 && checked < 16; ++round) {
    const int h = pick(3, 4), w = pick(3, 5);
    Plain p;
    p.squares.assign(h, std::string(w, 'w'));
    for (int c = 0; c < w; ++c) p.squares[0][c] = 'c';
    for (int r = 0; r < h; ++r) p.squares[r][0] = 'c';
    p.squares[0][0] = '#';
    for (int k = 0; k < pick(0, 2); ++k) p.squares[pick(1, h - 1)][pick(1, w - 1)] = 'c';
    // A filling with distinct digits per run (some tries), and sums from it.
    std::map<std::pair<int, int>, int> fill;
    auto runs = plain_runs(p);
    bool filled = false;
    for (int t = 0; t < 200 && !filled; ++t) {
      fill.clear();
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
          if (p.squares[r][c] == 'w') fill[{r, c}] = pick(1, 9);
      filled = true;
      for (const auto& run : runs) {
        std::set<int> s;
        for (auto x : run.cells) filled &= s.insert(fill[x]).second;
      }
    }
    if (!filled) continue;
    json grid = json::array();
    for (int r = 0; r < h; ++r) {
      json row = json::array();
      for (int c = 0; c < w; ++c) {
        if (p.squares[r][c] == '#') row.push_back("#");
        else if (p.squares[r][c] == 'w') row.push_back(".");
        else {
          int down = 0, across = 0;
          for (int y = r + 1; y < h && p.squares[y][c] == 'w'; ++y) down += fill[{y, c}];
          for (int x = c + 1; x < w && p.squares[r][x] == 'w'; ++x) across += fill[{r, x}];
          if (pick(0, 9) == 0) down = 0;          // no sum
          if (pick(0, 11) == 0 && across) ++across;  // a wrong one
          p.sums[{r, c}] = {down, across};
          row.push_back({down ? json(down) : json(nullptr), across ? json(across) : json(nullptr)});
        }
      }
      grid.push_back(row);
    }
    const uint64_t expected = count_fillings(p, 501);
    if (expected > 500) continue;
    json puzzle = {{"kind", "kakuro"}, {"grid", grid}};
    expect_count_in_every_encoding(puzzle, expected);
    checked++;
    unique += expected == 1;
    none += expected == 0;
  }
  EXPECT_GE(checked, 12);
  EXPECT_GE(unique + none, 2);
}

TEST(Kakuro, PuzzLinkLinksAreUniqueAndTheEncodingsAgree) {
  auto links = links_in_test_data("puzzlink/kakuro.txt");
  ASSERT_EQ(links.size(), 5u);
  for (const auto& link : links) {
    CliResult a = run_cli({"check", "--json", "-e", "onehot", link});
    CliResult b = run_cli({"check", "--json", "-e", "int", link});
    ASSERT_EQ(a.exit_code, 0) << link << "\n" << a.err << a.out.substr(0, 400);
    ASSERT_EQ(b.exit_code, 0) << link << "\n" << b.err;
    EXPECT_EQ(json::parse(a.out)["kind"], "kakuro");
    EXPECT_EQ(json::parse(a.out)["solutions"], json::parse(b.out)["solutions"]) << link;
  }
}

TEST(Kakuro, UnitPropagationSettlesEveryDigitOfTheTenBySixteenAndNoZ3ContextIsMade) {
  // A run's sum as "it holds one of the sets of digits with that sum", with
  // per digit "present only if a remaining set holds it, absent only if one
  // lacks it": on the 10x16 of puzzles/kakuro unit propagation alone settles
  // all 126 white cells (without those two clauses per digit, 16), on
  // CaDiCaL, the default, without a Z3 context.
  CliResult r = run_cli({"check", "--json", "--stats", kSourceDir + "/puzzles/kakuro/puzzlink_10x16.json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = json::parse(r.out);
  EXPECT_EQ(j["status"], "unique");
  EXPECT_EQ(j["solver"], "cadical");
  EXPECT_EQ(j["stats"]["z3"]["fixed_before_search"], 126.0);
  EXPECT_EQ(j["stats"]["phases_ms"]["context"].get<double>(), 0.0) << r.out;
  if (z3_loaded_lazily()) EXPECT_FALSE(j["stats"]["z3_library_loaded"].get<bool>()) << r.out;
}

TEST(PuzzLink, SquareSkyscrapersLinksAreUniqueAndOthersRefusedByName) {
  // pzprjs's excell order: above the columns, below them, left of the rows,
  // right of them. The 6x6: clues above columns 3 and 5, ...
  auto links = links_in_test_data("puzzlink/skyscrapers.txt");
  ASSERT_EQ(links.size(), 4u);
  for (const auto& link : links) {
    const bool square = link.find("/5/5/") != std::string::npos || link.find("/6/6/") != std::string::npos;
    CliResult r = run_cli({"check", "--json", link});
    if (!square) {
      EXPECT_EQ(r.exit_code, 2) << link;
      EXPECT_NE(r.err.find("puzzle-smt reads square ones"), std::string::npos) << r.err;
      continue;
    }
    ASSERT_EQ(r.exit_code, 0) << link << "\n" << r.err;
    EXPECT_EQ(json::parse(r.out)["kind"], "skyscrapers");
    CliResult o = run_cli({"check", "--json", "-e", "bool-onehot", link});
    EXPECT_EQ(json::parse(o.out)["solutions"], json::parse(r.out)["solutions"]);
  }
  CliResult c = run_cli({"convert", "https://puzz.link/p?skyscrapers/6/6/h4j2h2g3g3h4g5g2g2"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  auto p = json::parse(c.out);
  EXPECT_EQ(p["skyscrapers"]["top"], json::parse("[null, null, 4, null, null, null]"));
  EXPECT_EQ(p["skyscrapers"]["bottom"], json::parse("[null, 2, null, null, 2, null]"));
  expect_refused_in_one_line({
      {"https://puzz.link/p?skyscrapers/4/4/.", "character 1: a \"?\" clue"},
      {"https://puzz.link/p?skyscrapers/4/4/0", "character 1: a clue of 0"},
      {"https://puzz.link/p?skyscrapers/4/4/5", "character 1: a clue of 5 on a 4x4 grid"},
      {"https://puzz.link/p?skyscrapers/4/4/zz", "the given digits skip past the 16 cells of a 4x4 grid"},
      {"https://puzz.link/p?skyscrapers/4/4/-1", "'-' is followed by two hex digits"},
  });
}

TEST(Kakuro, TheWorkedExampleDecodesAsPzprjsReadsIt) {
  const std::string link = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3";
  CliResult c = run_cli({"convert", link});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  auto p = json::parse(c.out);
  EXPECT_EQ(p["grid"][0], json::parse(R"(["#", "#", [12, null], [4, null], "#", "#"])"));
  EXPECT_EQ(p["grid"][1], json::parse(R"(["#", [4, 8], ".", ".", [10, null], "#"])"));
  EXPECT_EQ(p["grid"][3], json::parse(R"([[null, 3], ".", ".", [17, 3], ".", "."])"));
  CliResult r = run_cli({"check", "--json", link});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // pzprjs's accepted answer, with the frame row and column added.
  EXPECT_EQ(json::parse(r.out)["solutions"][0],
            json::parse(R"(["######", "##53##", "#3412#", "#12#12", "##1938", "###84#"])"));
  // A file holding the link, and our JSON: the same; convert converts to itself.
  std::string f = ::testing::TempDir() + "/kakuro_link.txt";
  std::ofstream(f) << link << "\n";
  EXPECT_EQ(json::parse(run_cli({"check", "--json", f}).out)["solutions"], json::parse(r.out)["solutions"]);
  std::string ours = ::testing::TempDir() + "/kakuro_ours.json";
  std::ofstream(ours) << c.out;
  EXPECT_EQ(json::parse(run_cli({"check", "--json", ours}).out)["solutions"], json::parse(r.out)["solutions"]);
  EXPECT_EQ(json::parse(run_cli({"convert", ours}).out), p);
}

TEST(Kakuro, MalformedLinksAreOneLineAndExit2) {
  expect_refused_in_one_line({
      {"https://puzz.link/p?kakuro/5/5/48la0", "kakuro data ends after 4 of the 25 cells"},
      {"https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a", "ends before the frame's sum left of row 3"},
      {"https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3x", "character 26: 1 more characters than the 5x5 board needs"},
      {"https://puzz.link/p?kakuro/5/5/4!la0.na0lh3l0Bn.0cl.c4a3", "character 2: \"!\" is not a sum"},
      {"https://puzz.link/p?kakuro/5/y/48", "kakuro rows: \"y\" is not a number"},
      {"https://puzz.link/p?kakuro/5/5", "this one has 2 parts after the name"},
      {"https://puzz.link/p?kinkonkan/4/4/9q02jg", "puzz.link's \"kinkonkan\" is not read by puzzle-smt"},
      {"https://puzz.link/p?kakuro/2/2/z", "16 white cells after cell 0, the board has 4"},
  });
}

TEST(Kakuro, BadFilesNameTheJsonPath) {
  expect_bad_files_name_their_path(
      {
          {R"({"kind": "kakuro", "grid": [["#", "x"]]})", "/grid/0/1"},
          {R"({"kind": "kakuro", "grid": [["#", [50, null]]]})", "/grid/0/1/0"},
          {R"({"kind": "kakuro", "grid": [["#", "."], ["."]]})", "/grid/1"},
          {R"({"kind": "kakuro", "grid": [["#", 10]]})", "/grid/0/1"},
          {R"({"kind": "kakuro", "grid": [["#", [1, 2, 3]]]})", "/grid/0/1"},
      },
      "kakuro_bad.json");
}

TEST(Kakuro, DiagnoseNamesTheSumInTheSettersWordsAndRepairsIt) {
  // The worked example with the across sum at r4c4 misprinted 3 -> 4: no
  // solution; the conflict names sums as "across 4 at r4c4 (r4c5–r4c6)".
  CliResult c = run_cli({"convert", "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"});
  ASSERT_EQ(c.exit_code, 0);
  auto p = json::parse(c.out);
  p["grid"][3][3] = json::parse("[17, 4]");
  std::string f = ::testing::TempDir() + "/kakuro_misprint.json";
  std::ofstream(f) << p.dump();
  CliResult r = run_cli({"diagnose", "--json", f});
  ASSERT_EQ(r.exit_code, 20) << r.out << r.err;
  auto j = json::parse(r.out);
  bool named = false;
  for (const auto& k : j["conflict"]) named |= k["label"].get<std::string>() == "across 4 at r4c4 (r4c5–r4c6)";
  EXPECT_TRUE(named) << j["conflict"].dump();
  EXPECT_NE(r.out.find("across 3 at r4c4 (r4c5–r4c6)"), std::string::npos) << "the repair back to 3: " << r.out.substr(0, 3000);
}

}  // namespace
}  // namespace psmt::testing
