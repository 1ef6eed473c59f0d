// Polyomino tiling: the seed checkerboard, pentomino counts, identical
// pieces, colours, symmetry, both encodings agreeing, bad input, the checker.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <regex>
#include <set>

#include "encoders/polyomino.h"
#include "engine/diagnose.h"
#include "helpers.h"
#include "io/error.h"

namespace psmt::testing {
namespace {

std::set<std::string> tiling_solution_set(const LoadedPuzzle& lp, const std::string& encoding) {
  // Placements, not grids: a grid cannot tell identical pieces apart.
  return testing::solution_set(lp, encoding, [](const nlohmann::json& s) { return s["placements"].dump(); });
}

// The checker rejects a solution changed in any of its parts (grid,
// placements), and a solution reads back as itself.
void expect_checker_rejects_mutations(const LoadedPuzzle& lp, const nlohmann::json& sol) {
  ASSERT_TRUE(lp.encoder->check(*lp.puzzle, sol).empty());
  auto grid_changed = sol;
  std::string row = grid_changed["grid"][0];
  std::swap(row[0], row[7]);
  grid_changed["grid"][0] = row;
  if (row != sol["grid"][0].get<std::string>()) EXPECT_FALSE(lp.encoder->check(*lp.puzzle, grid_changed).empty());
  auto moved = sol;
  moved["placements"][0]["cells"][0][1] = (moved["placements"][0]["cells"][0][1].get<int>() + 1) % 8;
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, moved).empty());
  auto dropped = sol;
  dropped["placements"].erase(dropped["placements"].begin());
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, dropped).empty());
  // Round trip through the placements.
  auto back = nlohmann::json::parse(sol.dump());
  EXPECT_EQ(lp.encoder->normalize_solution(*lp.puzzle, JsonNode(back, "/solution")), sol);
}

// The picture of a solution is an SVG with a letter in every cell.
void expect_svg_shows_every_cell(const LoadedPuzzle& lp, const nlohmann::json& sol, std::size_t cells) {
  RenderOptions so;
  so.format = RenderFormat::Svg;
  std::string text = lp.encoder->render(*lp.puzzle, &sol, so);
  EXPECT_EQ(text.rfind("<?xml", 0), 0u);
  std::size_t texts = 0, pos = 0;
  while ((pos = text.find("<text", pos)) != std::string::npos) {
    texts++;
    pos++;
  }
  EXPECT_EQ(texts, cells) << "a letter in every cell";
}

// The draught board's search takes seconds: its solutions are found once,
// then checked, mutated and drawn.
TEST(Polyomino, SeedCheckerboardHasSeveralCheckedSolutions) {
  auto lp = puzzle_from_file("puzzles/polyomino/draught_board.json");
  const auto& t = static_cast<const polyomino::Tiling&>(*lp.puzzle);
  EXPECT_EQ(t.types.size(), 11u) << "stones 1 and 12 are identical";
  EXPECT_EQ(t.symmetries.size(), 4u) << "colour-preserving symmetries of the checkerboard";
  Result r = run_puzzle(lp, "");
  ASSERT_EQ(r.status, Status::Multiple);
  ASSERT_EQ(r.solutions.size(), 2u);
  for (const auto& s : r.solutions) EXPECT_TRUE(lp.encoder->check(*lp.puzzle, s).empty());
  EXPECT_FALSE(r.differing_cells.empty());
  expect_checker_rejects_mutations(lp, r.solutions[0]);
  expect_svg_shows_every_cell(lp, r.solutions[0], 64);
  CliResult e = run_cli({"enumerate", "--json", "--limit", "3", kSourceDir + "/puzzles/polyomino/draught_board.json"});
  auto j = nlohmann::json::parse(e.out);
  ASSERT_EQ(j["solutions"].size(), 3u);
  std::set<std::string> distinct;
  for (const auto& s : j["solutions"]) distinct.insert(s["grid"].dump());
  EXPECT_EQ(distinct.size(), 3u);
}

TEST(Polyomino, PentominoesOnThreeByTwentyMatchThePublishedCount) {
  CliResult c = run_cli({"count", "--json", "--up-to-symmetry", kSourceDir + "/puzzles/polyomino/pentomino_3x20.json"});
  auto j = nlohmann::json::parse(c.out);
  EXPECT_EQ(j["count"], 8);
  EXPECT_EQ(j["complete"], true);
  EXPECT_EQ(j["count_up_to_symmetry"], 2);  // tests/data/counts/pentomino_counts.txt
  EXPECT_EQ(j["board_symmetries"], 4);
}

// The other rectangles of tests/data/counts/pentomino_counts.txt, one tiling
// per orbit and the full count rebuilt from the orbits' sizes (2 s in all; 11 s
// under the sanitizers).
TEST(Polyomino, PentominoRectanglesMatchThePublishedCounts) {
  struct Board {
    const char* file;
    int orbits, all;
  };
  for (const Board& b : {Board{"pentomino_4x15", 368, 1472}, Board{"pentomino_5x12", 1010, 4040},
                         Board{"pentomino_6x10", 2339, 9356}}) {
    CliResult c = run_cli({"count", "--json", "--up-to-symmetry", kSourceDir + "/puzzles/polyomino/" + b.file + ".json"});
    auto j = nlohmann::json::parse(c.out);
    EXPECT_EQ(j["complete"], true) << b.file;
    EXPECT_EQ(j["count_up_to_symmetry"], b.orbits) << b.file;
    EXPECT_EQ(j["count"], b.all) << b.file;
    EXPECT_EQ(j["board_symmetries"], 4) << b.file;
  }
}

TEST(Polyomino, PentominoesOnTheHoledEightByEightMatchThePublishedCount) {
  // Dana Scott's board: 8 symmetries; the anchor's placements fixed by none of
  // them, so the orbits are pruned to one tiling each.
  CliResult c = run_cli({"count", "--json", "--up-to-symmetry", kSourceDir + "/puzzles/polyomino/pentomino_8x8_centre.json"});
  auto j = nlohmann::json::parse(c.out);
  EXPECT_EQ(j["complete"], true);
  EXPECT_EQ(j["count_up_to_symmetry"], 65);  // tests/data/counts/pentomino_counts.txt
  EXPECT_EQ(j["count"], 520);
  EXPECT_EQ(j["board_symmetries"], 8);
}

TEST(Polyomino, IdenticalPiecesAreCountedBothWays) {
  // A 2x2 board and two identical dominoes: two tilings, four with the dominoes told apart.
  CliResult c = run_cli({"count", "--json", "-"},
                        R"({"kind": "polyomino", "board": ["##", "##"], "pieces": [["##"], ["##"]]})");
  auto j = nlohmann::json::parse(c.out);
  EXPECT_EQ(j["count"], 2);
  EXPECT_EQ(j["count_labelled"], 4);
  EXPECT_EQ(j["counted"], "tilings up to swapping identical pieces");
  CliResult s = run_cli({"count", "--json", "--up-to-symmetry", "-"},
                        R"({"kind": "polyomino", "board": ["##", "##"], "pieces": [["##"], ["##"]]})");
  EXPECT_EQ(nlohmann::json::parse(s.out)["count_up_to_symmetry"], 1);
}

TEST(Polyomino, SymmetryBreakingKeepsEveryOrbit) {
  // Pruning the anchor's non-least placements must give the same orbits and,
  // rebuilt from orbit sizes, the same full count as enumerating everything.
  // The boards cover 2, 4 and 8 symmetries, odd sides (placements fixed by a
  // reflection), identical pieces, and a coloured board.
  const std::vector<std::string> instances = {
      R"({"kind": "polyomino", "board": {"rows": 4, "cols": 4},
          "pieces": [["###"], ["##", "#."], ["##", "##"], ["###", ".#."], ["##"]]})",
      R"({"kind": "polyomino", "board": {"rows": 5, "cols": 5},
          "pieces": [[".#.", "###", ".#."], {"shape": ["##"], "count": 2}, {"shape": ["##", "#."], "count": 4},
                     ["##"], ["##"]]})",
      R"({"kind": "polyomino", "board": {"rows": 3, "cols": 5},
          "pieces": [["###", "#.."], ["##", "##"], ["##"], ["##"], ["###"]]})",
      R"({"kind": "polyomino", "board": {"rows": 4, "cols": 4, "colouring": "checkerboard"},
          "pieces": "BW\nWB\n===\nBWB\n===\nWBW\n===\nBW\nW.\n===\nB\n===\nB\nW"})",
      R"({"kind": "polyomino", "board": ["#..#", "####", "####"], "pieces": [["###"], ["##", "#."], ["##"], ["##"]]})",
  };
  for (const auto& text : instances) {
    CliResult full = run_cli({"count", "--json", "--up-to-symmetry", "--no-symmetry-breaking", "-"}, text);
    CliResult fast = run_cli({"count", "--json", "--up-to-symmetry", "-"}, text);
    ASSERT_NE(full.exit_code, 2) << full.err << text;
    auto a = nlohmann::json::parse(full.out), b = nlohmann::json::parse(fast.out);
    EXPECT_EQ(a["symmetry_breaking"], false);
    EXPECT_EQ(b["symmetry_breaking"], true);
    EXPECT_GT(a["count"].get<int>(), 0) << text;
    EXPECT_EQ(a["count"], b["count"]) << text;
    EXPECT_EQ(a["count_up_to_symmetry"], b["count_up_to_symmetry"]) << text;
    EXPECT_EQ(a["status"], b["status"]) << text;
    EXPECT_EQ(full.exit_code, fast.exit_code) << text;
  }
}

TEST(Polyomino, EnumerateUpToSymmetryShowsOneTilingPerOrbit) {
  CliResult e = run_cli({"enumerate", "--json", "--up-to-symmetry", kSourceDir + "/puzzles/polyomino/pentomino_3x20.json"});
  auto j = nlohmann::json::parse(e.out);
  ASSERT_EQ(j["solutions"].size(), 2u);
  EXPECT_EQ(j["count"], 8);
  EXPECT_NE(j["solutions"][0]["grid"], j["solutions"][1]["grid"]);
}

TEST(Polyomino, ColoursMustMatchAndTurnsAreRespected) {
  auto fits = puzzle_from_text(R"({"kind": "polyomino", "board": ["BW"], "pieces": "W,B"})");
  EXPECT_EQ(run_puzzle(fits, "").status, Status::Unique) << "rotated by 180 degrees it fits";
  auto fixed = puzzle_from_text(R"({"kind": "polyomino", "board": ["BW"], "pieces": [{"shape": ["WB"], "turns": "fixed"}]})");
  Result r = run(*fixed.encoder, *fixed.puzzle, RunOptions{});
  ASSERT_EQ(r.status, Status::None);
  ASSERT_TRUE(r.conflict);
  // The piece fits nowhere, so no placement covers the cells: the covering
  // rules alone fail, and the description says "0 placements".
  EXPECT_TRUE(r.conflict->rules_alone);
  EXPECT_NE(fixed.encoder->describe(*fixed.puzzle).find("0 placements"), std::string::npos);
}

TEST(Polyomino, BothEncodingsGiveTheSameTilings) {
  // Domino tilings of a 3x4 rectangle: 11 (a classical count).
  auto lp = puzzle_from_text(R"({"kind": "polyomino", "board": {"rows": 3, "cols": 4},
      "pieces": [{"shape": ["##"], "count": 6}]})");
  auto a = tiling_solution_set(lp, "clauses");
  auto b = tiling_solution_set(lp, "pb");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.size(), 11u);
}

TEST(Polyomino, BadInputIsLocated) {
  expect_located_errors({
      {R"({"kind": "polyomino", "board": ["##"], "pieces": [["##", "#"]]})", "/pieces/0", "ragged piece: row 2 has 1 cells"},
      {R"({"kind": "polyomino", "board": ["##"], "pieces": [["#Q"]]})", "/pieces/0", "unknown character 'Q'"},
      {R"({"kind": "polyomino", "board": ["##"], "pieces": "B,W\n=====\nB,Q"})", "/pieces", "piece 2: row 1, cell 2: unknown character 'Q'"},
      {R"({"kind": "polyomino", "board": ["##", "#"], "pieces": [["###"]]})", "/board/1", "ragged board"},
      {R"({"kind": "polyomino", "board": {"rows": 0, "cols": 3}, "pieces": [["#"]]})", "/board/rows", "expected an integer in 1..64"},
      {R"({"kind": "polyomino", "board": ["##"], "pieces": []})", "/pieces", "expected at least one piece"},
      {R"({"kind": "polyomino", "board": ["##"], "pieces": [{"shape": ["##"], "turns": "spin"}]})", "/pieces/0/turns", "expected \"all\""},
  });
}

// A piece too many or too few is a contradiction with a repair, not bad
// input: the count clues are what diagnose blames and changes.
nlohmann::json diagnose_json(const std::string& text) {
  CliResult c = run_cli({"diagnose", "--json", "-"}, text);
  EXPECT_EQ(c.exit_code, 20) << c.err;
  return nlohmann::json::parse(c.out);
}

TEST(Polyomino, APieceTooManyIsBlamedAndLeftOutByTheRepair) {
  // Two squares tile 2x4; a monomino too many.
  auto j = diagnose_json(R"({"kind": "polyomino", "board": ["####", "####"], "pieces": [["##", "##"], ["##", "##"], ["#"]]})");
  EXPECT_EQ(j["status"], "none");
  ASSERT_EQ(j["conflict"].size(), 1u);
  EXPECT_EQ(j["conflict"][0]["id"], "pieces/B");
  const auto& d = j["diagnosis"];
  EXPECT_EQ(d["min_drop"], 1);
  EXPECT_EQ(d["drop_repairs"][0]["status"], "unique");
  EXPECT_EQ(d["min_change"], 1);
  ASSERT_EQ(d["change_repairs"].size(), 1u);
  EXPECT_EQ(d["change_repairs"][0]["edits"][0]["after"], "piece B is left out");
  EXPECT_EQ(d["change_repairs"][0]["status"], "unique");
  // The repair as a user would write it: without the monomino, one tiling.
  CliResult fixed = run_cli({"check", "-"}, R"({"kind": "polyomino", "board": ["####", "####"], "pieces": [["##", "##"], ["##", "##"]]})");
  EXPECT_EQ(fixed.exit_code, 0) << fixed.out;
}

TEST(Polyomino, APieceTooFewIsRepairedByPlacingOneTwice) {
  // A domino and a monomino on 1x4: one monomino short.
  auto j = diagnose_json(R"({"kind": "polyomino", "board": ["####"], "pieces": [["##"], ["#"]]})");
  EXPECT_EQ(j["status"], "none");
  const auto& d = j["diagnosis"];
  EXPECT_EQ(d["min_change"], 1);
  ASSERT_EQ(d["change_repairs"].size(), 1u);
  EXPECT_EQ(d["change_repairs"][0]["edits"][0]["after"], "piece B is placed 2 times");
  // Domino at the left, middle or right, the monominoes identical: 3 tilings.
  EXPECT_EQ(d["change_repairs"][0]["status"], "multiple");
  CliResult c = run_cli({"count", "--json", "-"}, R"({"kind": "polyomino", "board": ["####"], "pieces": [["##"], ["#"], ["#"]]})");
  EXPECT_EQ(nlohmann::json::parse(c.out)["count"], 3);
}

TEST(Polyomino, PiecesThatCannotTileTheBoardInAnyNumberAreTheRulesAlone) {
  // A square and a bar cover multiples of 4, never 10 cells; a piece larger
  // than the board fits nowhere. Neither is bad input.
  for (const char* text : {R"({"kind": "polyomino", "board": ["#####", "#####"], "pieces": [["##", "##"], ["####"]]})",
                           R"({"kind": "polyomino", "board": ["###"], "pieces": [["#", "#", "#"]], "turns": "fixed"})"}) {
    auto j = diagnose_json(text);
    EXPECT_EQ(j["status"], "none") << text;
    EXPECT_EQ(j["diagnosis"]["conflicts"][0]["rules_alone"], true) << text;
  }
}

TEST(Polyomino, DiagnoseOfSeveralTilingsFixesPiecesAsExtraGivens) {
  // The 3x20 board has 2 tilings up to symmetry, 8 in all. Diagnosed from
  // every tiling, enumerated by the cover search, on both back ends; the
  // solver's way (asking for unseen values, counterexamples to a set of
  // givens) gives the same (below).
  nlohmann::json d;
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--solver", "z3"}, std::vector<std::string>{"--solver", "cadical"}}) {
    std::vector<std::string> args = {"diagnose", "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(kSourceDir + "/puzzles/polyomino/pentomino_3x20.json");
    CliResult c = run_cli(args);
    EXPECT_EQ(c.exit_code, 10) << c.err;
    auto j = nlohmann::json::parse(c.out);
    EXPECT_EQ(j["status"], "multiple");
    d = j["diagnosis"];
    EXPECT_EQ(d["ambiguous"].size(), 60u);
    EXPECT_EQ(d["backbone"].size(), 0u);
    EXPECT_EQ(d["ambiguity_complete"], true);
    ASSERT_EQ(d["extra_givens"].size(), 1u) << d.dump();
    EXPECT_EQ(d["extra_givens_status"], "unique");
    EXPECT_EQ(d["extra_givens_proven_smallest"], true);
    EXPECT_NE(d["notes"].dump().find("every one of the 8 solutions enumerated"), std::string::npos) << d["notes"];
  }
  {
    // Both ways on a small board (I, L and O tetrominoes and an L tromino
    // on 3x5: 8 tilings), on both back ends: the same backbone and values
    // at every place; and for the solution each singles out, extra givens
    // that every other tiling contradicts, and no fewer would (checked here
    // against the 8 tilings, by trying every smaller set of places).
    auto lp = puzzle_from_text(R"({"kind": "polyomino", "board": {"rows": 3, "cols": 5}, "pieces": [
        {"name": "I", "shape": ["####"]}, {"name": "L", "shape": ["#.", "#.", "##"]},
        {"name": "O", "shape": ["##", "##"]}, {"name": "V", "shape": ["#.", "##"]}]})");
    RunOptions all;
    all.limit = 0;
    all.keep = 100;
    all.split = false;
    Result tilings = run(*lp.encoder, *lp.puzzle, all);
    ASSERT_EQ(tilings.solutions.size(), 8u);
    const auto places = lp.encoder->places(*lp.puzzle);
    std::vector<std::vector<std::string>> values;
    for (const auto& t : tilings.solutions) values.push_back(lp.encoder->place_values(*lp.puzzle, t));
    std::optional<Diagnosis> first;
    for (const char* solver : {"z3", "cadical"})
      for (bool enumerate : {true, false}) {
        SCOPED_TRACE(std::string(solver) + (enumerate ? " enumerating" : " asking the solver"));
        DiagnoseOptions o;
        o.solver = solver;
        o.enumerate = enumerate;
        Diagnosis got = diagnose(*lp.encoder, *lp.puzzle, o);
        ASSERT_EQ(got.verdict.status, Status::Multiple);
        EXPECT_TRUE(got.ambiguity_complete);
        EXPECT_TRUE(got.extra_givens_proven_smallest);
        EXPECT_EQ(got.extra_givens_verdict, Status::Unique);
        EXPECT_EQ(got.notes.size(), enumerate ? 1u : 0u);
        const auto target = lp.encoder->place_values(*lp.puzzle, *got.target);
        std::vector<std::size_t> chosen;
        for (const auto& g : got.extra_given_places)
          for (std::size_t p = 0; p < places.size(); ++p)
            if (places[p].label == g.label) chosen.push_back(p);
        ASSERT_EQ(chosen.size(), got.extra_givens.size());
        auto singles_out = [&](const std::vector<std::size_t>& set) {
          for (const auto& v : values) {
            if (v == target) continue;
            bool hit = false;
            for (auto p : set) hit = hit || v[p] != target[p];
            if (!hit) return false;
          }
          return true;
        };
        EXPECT_TRUE(singles_out(chosen));
        const std::size_t k = chosen.size();
        ASSERT_GE(k, 1u);
        for (uint32_t mask = 0; mask < (1u << places.size()); ++mask) {
          if (static_cast<std::size_t>(__builtin_popcount(mask)) != k - 1) continue;
          std::vector<std::size_t> set;
          for (std::size_t p = 0; p < places.size(); ++p)
            if (mask >> p & 1) set.push_back(p);
          ASSERT_FALSE(singles_out(set)) << "a smaller set exists";
        }
        if (!first) {
          first = got;
          EXPECT_FALSE(got.ambiguous.empty());
          continue;
        }
        ASSERT_EQ(got.backbone.size(), first->backbone.size());
        ASSERT_EQ(got.ambiguous.size(), first->ambiguous.size());
        for (std::size_t p = 0; p < got.ambiguous.size(); ++p) {
          EXPECT_EQ(got.ambiguous[p].place.label, first->ambiguous[p].place.label);
          EXPECT_EQ(got.ambiguous[p].values, first->ambiguous[p].values) << got.ambiguous[p].place.label;
        }
      }
  }
  // Written into the file as a user would, the fixed piece leaves one tiling.
  auto p = nlohmann::json::parse(std::ifstream(kSourceDir + "/puzzles/polyomino/pentomino_3x20.json"));
  p.erase("expect");
  p["covered"] = nlohmann::json::array();
  std::smatch m;
  const std::string label = d["extra_givens"][0];
  ASSERT_TRUE(std::regex_match(label, m, std::regex(R"(piece (\w) covers r(\d+)c(\d+))"))) << label;
  p["covered"].push_back({{"cell", {std::stoi(m[2]) - 1, std::stoi(m[3]) - 1}}, {"piece", m[1].str()}});
  CliResult u = run_cli({"count", "--json", "-"}, p.dump());
  auto uj = nlohmann::json::parse(u.out);
  EXPECT_EQ(uj["count"], 1) << p.dump();
}

}  // namespace
}  // namespace psmt::testing
