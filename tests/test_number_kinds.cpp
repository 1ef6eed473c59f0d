// The seed's number-placement kinds: jodici, hidoku (and its family),
// equation_grid, disk_rotation. For each: the published instance, a broken
// variant with its exact count, encodings agreeing with each other and with
// plain enumeration, bad input per error class, the checker rejecting a
// one-cell mutation, and a round trip through expect.solution.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>

#include "encoders/disk_rotation.h"
#include "encoders/equation_grid.h"
#include "encoders/hidoku.h"
#include "encoders/jodici.h"
#include "helpers.h"
#include "io/error.h"

namespace psmt::testing {
namespace {

const std::string kRosetta = kDataDir + "/hidato/";

std::set<std::string> solutions(const LoadedPuzzle& lp, const std::string& encoding) {
  return solution_set(lp, encoding, [](const nlohmann::json& s) { return s.dump(); });
}

// The ids of the rules and clues a solution breaks, by the kind's checker.
std::set<std::string> violation_ids(const LoadedPuzzle& lp, const nlohmann::json& solution) {
  std::set<std::string> ids;
  for (const auto& v : lp.encoder->check(*lp.puzzle, solution)) ids.insert(v.id);
  return ids;
}

// The published instance: unique in every encoding, with the expected solution;
// the solution round-trips through normalize_solution.
void expect_seed_unique(const std::string& file) {
  auto lp = puzzle_from_file(file);
  ASSERT_TRUE(lp.expect.solution) << file;
  for (const auto& enc : encodings_of(lp.kind)) {
    Result r = run_puzzle(lp, enc);
    ASSERT_EQ(r.status, Status::Unique) << file << " " << enc;
    EXPECT_EQ(r.solutions[0], *lp.expect.solution) << file << " " << enc;
    JsonNode node(r.solutions[0], "/expect/solution");
    EXPECT_EQ(lp.encoder->normalize_solution(*lp.puzzle, node), r.solutions[0]);
  }
}

// ---------------------------------------------------------------- jodici

TEST(Jodici, SeedIsUniqueWithTheReportedRings) { expect_seed_unique("puzzles/jodici/seed.json"); }

TEST(Jodici, FewerGivensCountTheSameInBothEncodingsAndByBruteForce) {
  // The seed without 5, 9 and the second 6: several discs; both encodings must
  // give the same set, and a plain search over digit multisets the same count.
  auto lp = puzzle_from_text(R"({"kind": "jodici", "grid": "3,7,_,_,_,_\n_,_,1,_,_,_\n_,_,_,_,_,_"})");
  auto a = solutions(lp, "int");
  auto b = solutions(lp, "onehot");
  EXPECT_EQ(a, b);
  const auto& d = static_cast<const jodici::Disc&>(*lp.puzzle);
  uint64_t count = 0;
  std::vector<int> v(18, 0), used(10, 0);
  std::function<void(int)> go = [&](int f) {
    if (f == 18) {
      count += jodici::check_solution(d, jodici::solution_json(d, v)).empty() ? 1 : 0;
      return;
    }
    int r = f / 6, s = f % 6;
    for (int x = 1; x <= 9; ++x) {
      if (d.given[f] && x != d.givens[f]) continue;
      if (used[x] == 2) continue;
      if (r == 2) {  // the sector's last field is forced
        int sum = v[s] + v[6 + s] + x;
        if (sum != 15) continue;
      }
      if (s == 5) {
        int sum = x;
        for (int k = 0; k < 5; ++k) sum += v[r * 6 + k];
        if (sum != 30) continue;
      }
      v[f] = x;
      used[x]++;
      go(f + 1);
      used[x]--;
    }
  };
  go(0);
  EXPECT_EQ(a.size(), count);
  EXPECT_GT(count, 1u);
}

TEST(Jodici, ContradictoryGivensAreNamed) {
  auto lp = puzzle_from_text(R"({"kind": "jodici", "grid": "9,9,_,_,_,_\n9,_,_,_,_,_\n_,_,_,_,_,_"})");
  for (const auto& enc : encodings_of("jodici")) {
    Result r = run_puzzle(lp, enc);
    ASSERT_EQ(r.status, Status::None) << enc;
    ASSERT_TRUE(r.conflict);
    // 9 three times, or sector 1 over 15: a minimal set among the three givens.
    const std::set<std::string> givens = {"grid/r1s1", "grid/r1s2", "grid/r2s1"};
    EXPECT_GE(r.conflict->clues.size(), 2u);
    for (const auto& c : r.conflict->clues) EXPECT_TRUE(givens.count(c.id)) << c.id;
    EXPECT_TRUE(r.conflict->minimal);
  }
}

TEST(Jodici, CheckerRejectsAOneFieldMutation) {
  auto lp = puzzle_from_file("puzzles/jodici/seed.json");
  auto sol = *lp.expect.solution;
  sol["rings"][1][2] = 2;
  auto ids = violation_ids(lp, sol);
  EXPECT_TRUE(ids.count("rule/ring/2") && ids.count("rule/sector/3") && ids.count("rule/count/1") && ids.count("rule/count/2"));
}

TEST(Jodici, BadInputIsLocated) {
  expect_located_errors({
      {R"({"kind": "jodici", "grid": ["3,7,_,_,_,_", "_,_,1,5,9", "6,_,_,_,_,_"]})", "/grid/1", "ragged board: row 2 has 5 tokens"},
      {R"({"kind": "jodici", "grid": ["3,7,_,_,_,_", "_,_,1,5,9,x", "6,_,_,_,_,_"]})", "/grid", "\"x\" is neither a digit"},
      {R"({"kind": "jodici", "grid": ["3,17,_,_,_,_", "_,_,1,5,9,_", "6,_,_,_,_,_"]})", "/grid/0", "17 is outside 1..9"},
      {R"({"kind": "jodici", "grid": [[3, 7, null, null, null, "q"]]})", "/grid", "\"q\" is neither a digit"},
      {R"({"kind": "jodici", "grid": "3,7,_,_,_,_\n_,_,1,5,9,_", "repeat": 3})", "/repeat", "9 digits x 3 uses is 27 fields"},
      {R"({"kind": "jodici", "grid": "3,7,_,_,_"})", "/grid", "5 fields cannot hold each of 9 digits equally often"},
      {R"({"kind": "jodici", "grid": 7})", "/grid", "expected an array"},
  });
}

// ---------------------------------------------------------------- hidoku

TEST(Hidoku, SeedBoardIsUniqueWithTheReportedFirstRow) {
  auto lp = puzzle_from_file("puzzles/hidoku/seed_10x10.json");
  Result r = run_puzzle(lp, "bool");
  ASSERT_EQ(r.status, Status::Unique);
  EXPECT_EQ(r.solutions[0]["grid"][0], nlohmann::json({91, 92, 93, 20, 21, 36, 37, 38, 39, 57}));
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, r.solutions[0]).empty());
  JsonNode node(r.solutions[0], "/expect/solution");  // round trip through expect.solution
  EXPECT_EQ(lp.encoder->normalize_solution(*lp.puzzle, node), r.solutions[0]);
  // The integer encodings agree (seconds each with the distance pruning).
  for (const std::string enc : {"cell", "position"}) {
    Result ri = run_puzzle(lp, enc, 1);
    ASSERT_EQ(ri.solutions.size(), 1u) << enc;
    EXPECT_EQ(ri.solutions[0], r.solutions[0]) << enc;
  }
}

std::string rosetta_puzzle(const std::string& file, const std::string& adjacency) {
  nlohmann::json j = {{"kind", "hidoku"}, {"adjacency", adjacency}, {"board", read_file(kRosetta + file)}};
  return j.dump();
}

nlohmann::json rosetta_solution(const std::string& file) {
  std::istringstream in(read_file(kRosetta + file));
  nlohmann::json grid = nlohmann::json::array();
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    nlohmann::json row = nlohmann::json::array();
    for (std::string t; ls >> t;) row.push_back(t == ".." ? nlohmann::json(nullptr) : nlohmann::json(std::stoi(t)));
    if (!row.empty()) grid.push_back(row);
  }
  return {{"grid", grid}};
}

TEST(Hidoku, RosettaCodeHidatoAndNumbrixMatchTheirPublishedSolutions) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"hidato_task_example", "king"}, {"numbrix_task_example1", "orthogonal"}, {"numbrix_task_example2", "orthogonal"}};
  for (const auto& [name, adj] : cases) {
    auto lp = puzzle_from_text(rosetta_puzzle(name + ".puzzle.txt", adj));
    Result r = run_puzzle(lp, "bool");
    ASSERT_EQ(r.status, Status::Unique) << name;
    EXPECT_EQ(r.solutions[0], rosetta_solution(name + ".solution.txt")) << name;
  }
}

TEST(Hidoku, KnightToursAndHopidoAreSolvable) {
  for (const std::string name : {"holy_knights_tour_example1", "holy_knights_tour_extra13x13"}) {
    auto lp = puzzle_from_text(rosetta_puzzle(name + ".puzzle.txt", "knight"));
    Result r = run_puzzle(lp, "bool", 3);
    EXPECT_EQ(r.solutions_found, 3u) << name << ": tours from the given start are not unique";
    EXPECT_EQ(r.status, Status::Multiple);
    for (const auto& s : r.solutions) EXPECT_TRUE(lp.encoder->check(*lp.puzzle, s).empty());
  }
  // Hopido: '1' tiles, '0' holes.
  std::string text = read_file(kRosetta + "hopido_task_example.puzzle.txt");
  std::replace(text.begin(), text.end(), '0', '.');
  std::replace(text.begin(), text.end(), '1', 'x');
  auto lp = puzzle_from_text(nlohmann::json({{"kind", "hidoku"}, {"adjacency", "hopido"}, {"board", text}}).dump());
  Result r = run_puzzle(lp, "bool", 2);
  EXPECT_EQ(r.status, Status::Multiple);
}

TEST(Hidoku, MiddleGivensRemovedCountsTheSamePathsInEveryEncoding) {
  // Rosetta's hidato without the givens 18, 21, 22 and 24.
  auto lp = puzzle_from_text(R"({"kind": "hidoku", "board": [
      "__ 33 35 __ __ .. .. ..", "__ __ __ __ __ .. .. ..", "__ __ __ __ __ __ .. ..", "__ 26 __ 13 40 11 .. ..",
      "27 __ __ __  9 __  1 ..", ".. .. __ __ __ __ __ ..", ".. .. .. .. __  7 __ __", ".. .. .. .. .. ..  5 __"]})");
  auto a = solutions(lp, "bool");
  EXPECT_EQ(a.size(), 163u);
  EXPECT_EQ(solutions(lp, "cell"), a);
  EXPECT_EQ(solutions(lp, "position"), a);
  CliResult c = run_cli({"count", "--json", "-"}, R"({"kind": "hidoku", "board": [
      "__ 33 35 __ __ .. .. ..", "__ __ __ __ __ .. .. ..", "__ __ __ __ __ __ .. ..", "__ 26 __ 13 40 11 .. ..",
      "27 __ __ __  9 __  1 ..", ".. .. __ __ __ __ __ ..", ".. .. .. .. __  7 __ __", ".. .. .. .. .. ..  5 __"]})");
  EXPECT_EQ(nlohmann::json::parse(c.out)["count"], 163);
}

TEST(Hidoku, SmallBoardsCountLikePlainSearch) {
  // Every Hamiltonian path count on small boards, by depth-first search.
  for (const std::string adj : {"king", "orthogonal"}) {
    for (const std::string board : {R"(["___", "___", "_._"])", R"(["1__", "___"])", R"(["____", "_..2"])"}) {
      auto lp = puzzle_from_text(R"({"kind": "hidoku", "adjacency": ")" + adj + R"(", "board": )" + board + "}");
      const auto& b = static_cast<const hidoku::Board&>(*lp.puzzle);
      auto nb = b.neighbours();
      const int N = b.cells(), W = b.rows * b.cols;
      uint64_t count = 0;
      std::vector<int> v(W, 0);
      std::function<void(int, int)> go = [&](int cell, int k) {
        if (b.givens[cell] && b.givens[cell] != k) return;
        bool clash = false;
        for (int c = 0; c < W; ++c) clash = clash || (c != cell && b.givens[c] == k);
        if (clash) return;
        v[cell] = k;
        if (k == N) count++;
        else
          for (int n : nb[cell])
            if (!v[n]) go(n, k + 1);
        v[cell] = 0;
      };
      for (int c = 0; c < W; ++c)
        if (b.on[c]) go(c, 1);
      for (const auto& enc : encodings_of("hidoku")) EXPECT_EQ(solutions(lp, enc).size(), count) << adj << " " << board << " " << enc;
    }
  }
}

TEST(Hidoku, CheckerRejectsAOneCellMutation) {
  auto lp = puzzle_from_file("puzzles/hidoku/seed_10x10.json");
  Result r = run_puzzle(lp, "bool", 1);
  auto sol = r.solutions.at(0);
  std::swap(sol["grid"][1][1], sol["grid"][9][9]);  // 94 and 75 swap places
  auto v = lp.encoder->check(*lp.puzzle, sol);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].id.rfind("rule/path/", 0), 0u) << v[0].id;
  auto off = r.solutions[0];
  off["grid"][0][0] = 101;
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, off).empty());
}

TEST(Hidoku, BadInputIsLocated) {
  expect_located_errors({
      {R"({"kind": "hidoku", "board": ["1 __", "__ __ __"]})", "/board/1", "ragged board"},
      {R"({"kind": "hidoku", "board": ["1 __", "__ q"]})", "/board", "\"q\" is not a number"},
      {R"({"kind": "hidoku", "board": ["1 __", "__ 7"]})", "/board", "r2c2 holds 7, but the board has only 4 cells"},
      {R"({"kind": "hidoku", "board": ["1 __", "__ 1"]})", "/board", "1 is given twice (r1c1 and r2c2)"},
      {R"({"kind": "hidoku", "board": ["1 __", "__ __"], "adjacency": "queen"})", "/adjacency", "expected \"king\""},
      {R"({"kind": "hidoku", "board": [".. ..", ".. .."]})", "/board", "the board has no cells"},
      {R"({"kind": "hidoku", "board": []})", "/board", "the board has no rows"},
  });
}

// ---------------------------------------------------------------- equation grid

TEST(EquationGrid, SeedIsUniqueWithTheReportedGrid) { expect_seed_unique("puzzles/equation_grid/seed.json"); }

TEST(EquationGrid, EncodingsAgreeWithBruteForceOnSmallGrids) {
  // 2x2 grids over -3..4 with products, differences and precedence; every
  // assignment tried by the independent evaluator.
  const std::vector<std::vector<std::string>> systems = {
      {"x11 * x12 - x21 = 2", "x12 + x22 * x21 = 3"},
      {"-x11 + x22 * (x12 - x21) = 1"},
      {"x11 * x11 = x22 + 1", "x12 < x21", "x12 != 0"},
      {"x11 - x12 - x21 - x22 = -2 * 3 + 4"},
  };
  for (const auto& eqs : systems) {
    nlohmann::json j = {{"kind", "equation_grid"}, {"rows", 2}, {"cols", 2}, {"domain", {-3, 4}}, {"equations", eqs}};
    auto lp = puzzle_from_text(j.dump());
    const auto& g = static_cast<const equation_grid::Grid&>(*lp.puzzle);
    uint64_t count = 0;
    std::vector<int64_t> v(4);
    for (int a = -3; a <= 4; ++a)
      for (int b = -3; b <= 4; ++b)
        for (int c = -3; c <= 4; ++c)
          for (int d = -3; d <= 4; ++d) {
            v = {a, b, c, d};
            count += equation_grid::check_solution(g, equation_grid::solution_json(g, v)).empty() ? 1 : 0;
          }
    auto si = solutions(lp, "int");
    EXPECT_EQ(si.size(), count) << eqs[0];
    EXPECT_EQ(solutions(lp, "bv"), si) << eqs[0];
  }
}

TEST(EquationGrid, ChangedResultHasNoSolutionAndNamesTheEquations) {
  auto j = nlohmann::json::parse(read_file(kSourceDir + "/puzzles/equation_grid/seed.json"));
  j.erase("expect");
  j["equations"][2] = "x31 * x32 + x33 = 12";  // row 3 off by one
  auto lp = puzzle_from_text(j.dump());
  RunOptions ro;
  ro.encoding = "bv";
  ro.conflict_timeout_ms = 300000;  // about 2 s here; room for a loaded machine (10 s ran out under CI plus fuzzing)
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  ASSERT_EQ(r.status, Status::None);
  ASSERT_TRUE(r.conflict);
  EXPECT_TRUE(r.conflict->minimal) << "bit-vectors are decidable: the conflict shrinks to a minimal set";
  std::set<std::string> ids;
  for (const auto& c : r.conflict->clues) ids.insert(c.id);
  EXPECT_TRUE(ids.count("equations/2"));
}

TEST(EquationGrid, CheckerRejectsAOneCellMutation) {
  auto lp = puzzle_from_file("puzzles/equation_grid/seed.json");
  auto sol = *lp.expect.solution;
  sol["grid"][2][1] = 1;
  EXPECT_EQ(violation_ids(lp, sol), (std::set<std::string>{"equations/2", "equations/4"}));
}

TEST(EquationGrid, BadInputIsLocated) {
  const std::string head = R"({"kind": "equation_grid", "rows": 2, "cols": 2, "equations": [)";
  std::vector<std::string> t = {
      head + R"("x11 + x12 = 3", "x11 + * x22 = 1"]})", head + R"("x11 + x13 = 3"]})", head + R"("x11 + x12"]})",
      head + R"("(x11 + x12 = 3"]})", head + R"("x11 + 99999999999 = 3"]})", head + R"("x11 $ 2 = 3"]})",
      R"({"kind": "equation_grid", "rows": 2, "cols": 2, "givens": {"x33": 1}, "equations": []})",
      R"({"kind": "equation_grid", "rows": 2, "cols": 2, "domain": [0, 9], "givens": {"x11": 10}, "equations": []})",
      R"({"kind": "equation_grid", "rows": 2, "cols": 2, "domain": [5, 1], "equations": []})",
      R"({"kind": "equation_grid", "grid": ["1,_", "_,_"], "rows": 3, "equations": []})",
  };
  expect_located_errors({
      {t[0].c_str(), "/equations/1", "at character 7 of \"x11 + * x22 = 1\": unexpected '*'"},
      {t[1].c_str(), "/equations/0", "unknown cell \"x13\""},
      {t[2].c_str(), "/equations/0", "expected a relation"},
      {t[3].c_str(), "/equations/0", "expected ')'"},
      {t[4].c_str(), "/equations/0", "99999999999 is larger than"},
      {t[5].c_str(), "/equations/0", "expected a relation"},
      {t[6].c_str(), "/givens/x33", "unknown cell \"x33\""},
      {t[7].c_str(), "/givens/x11", "expected an integer in 0..9"},
      {t[8].c_str(), "/domain/1", "expected an integer in 5.."},
      {t[9].c_str(), "/rows", "3 rows, but the grid has 2"},
  });
}

// ---------------------------------------------------------------- disk rotation

TEST(DiskRotation, SeedOriginalHasNoSolutionAndTheFlippedDiskExactlyOne) {
  expect_seed_unique("puzzles/disk_rotation/last_disk_flipped.json");
  auto lp = puzzle_from_file("puzzles/disk_rotation/original.json");
  for (const auto& enc : encodings_of("disk_rotation")) {
    Result r = run_puzzle(lp, enc);
    EXPECT_EQ(r.status, Status::None) << enc;
    ASSERT_TRUE(r.conflict);
    EXPECT_TRUE(r.conflict->minimal);
  }
}

TEST(DiskRotation, DiagnoseFindsTheAuthorsFlippedDisk) {
  CliResult c = run_cli({"diagnose", "--json", kSourceDir + "/puzzles/disk_rotation/original.json"});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  auto j = nlohmann::json::parse(c.out);
  bool found = false;
  for (const auto& rep : j["diagnosis"]["change_repairs"])
    for (const auto& ch : rep["edits"])
      if (ch["id"] == "disks/3" && ch["after"] == "disk 4 flipped over" && rep["status"] == "unique" &&
          rep["solution"]["rotations"] == nlohmann::json({0, 0, 5, 11}))
        found = true;
  EXPECT_TRUE(found) << j["diagnosis"].dump();
}

TEST(DiskRotation, CountsMatchPlainSearchInBothModesAndEncodings) {
  // Random stacks of 4 disks x 8 positions (2 solid each), every rotation tried.
  uint64_t seed = 12345;
  auto next = [&]() { return (seed = seed * 6364136223846793005ULL + 1442695040888963407ULL) >> 33; };
  int with_solutions = 0;
  for (int t = 0; t < 30; ++t) {
    nlohmann::json disks = nlohmann::json::array();
    for (int d = 0; d < 4; ++d) {
      std::vector<int> disk(8, 0);
      int placed = 0;
      while (placed < 2) {
        int p = static_cast<int>(next() % 8);
        if (!disk[p]) {
          disk[p] = 1;
          placed++;
        }
      }
      disks.push_back(disk);
    }
    for (const std::string cover : {"exactly", "at_least"}) {
      auto lp = puzzle_from_text(nlohmann::json({{"kind", "disk_rotation"}, {"disks", disks}, {"cover", cover}}).dump());
      const auto& s = static_cast<const disk_rotation::Stack&>(*lp.puzzle);
      uint64_t count = 0;
      for (int a = 0; a < 8; ++a)
        for (int b = 0; b < 8; ++b)
          for (int c = 0; c < 8; ++c)
            count += disk_rotation::check_solution(s, disk_rotation::solution_json({0, a, b, c})).empty() ? 1 : 0;
      with_solutions += count > 0 ? 1 : 0;
      for (const auto& enc : encodings_of("disk_rotation"))
        EXPECT_EQ(solutions(lp, enc).size(), count) << disks.dump() << " " << cover << " " << enc;
    }
  }
  EXPECT_GT(with_solutions, 5);
}

TEST(DiskRotation, CheckerRejectsAOneStepMutation) {
  auto lp = puzzle_from_file("puzzles/disk_rotation/last_disk_flipped.json");
  auto sol = *lp.expect.solution;
  sol["rotations"][2] = 6;
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, sol).empty());
  sol = *lp.expect.solution;
  sol["rotations"][0] = 1;
  auto v = lp.encoder->check(*lp.puzzle, sol);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].id, "rule/reference");
}

TEST(DiskRotation, BadInputIsLocated) {
  expect_located_errors({
      {R"({"kind": "disk_rotation", "disks": [[0, 1, 0], [1, 0]]})", "/disks/1", "ragged board: row 2 has 2 tokens"},
      {R"({"kind": "disk_rotation", "disks": [[0, 2, 0], [1, 0, 0]]})", "/disks/0/1", "expected an integer in 0..1"},
      {R"({"kind": "disk_rotation", "disks": ["0a0", "100"]})", "/disks", "disk 1: \"a\" is neither 0 (hole) nor 1 (solid)"},
      {R"({"kind": "disk_rotation", "disks": [[0, 1], [1, 0]], "cover": "twice"})", "/cover", "expected \"exactly\" or \"at_least\""},
      {R"({"kind": "disk_rotation", "disks": [[1], [0]]})", "/disks", "a disk needs at least 2 positions"},
  });
}

}  // namespace
}  // namespace psmt::testing
