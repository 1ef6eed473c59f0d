// Diagnosis: every claim is re-checked here through the plain engine (fresh
// solver, independent checker), not by the diagnoser's own solvers.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>
#include <type_traits>

#include "engine/diagnose.h"
#include "helpers.h"
#include "io/error.h"

namespace psmt::testing {
namespace {

Diagnosis diagnose_file(const LoadedPuzzle& lp, DiagnoseOptions opt = {}) {
  return diagnose(*lp.encoder, *lp.puzzle, opt);
}

Status verdict_of(const LoadedPuzzle& lp, const std::shared_ptr<const Puzzle>& p) {
  return run(*lp.encoder, *p, RunOptions{}).status;
}

// The clues of `keep` alone (every other clue dropped).
std::shared_ptr<const Puzzle> only(const LoadedPuzzle& lp, const std::vector<std::string>& all_ids,
                                   const std::set<std::string>& keep) {
  std::vector<ClueEdit> drops;
  for (const auto& id : all_ids)
    if (!keep.count(id)) drops.push_back({id, -1});
  return lp.encoder->edit(*lp.puzzle, drops);
}

TEST(Diagnose, NiobarasMinimalConflictAndTheAuthorsFix) {
  auto lp = puzzle_from_file("puzzles/sudoku/niobaras_original.json");
  Diagnosis d = diagnose_file(lp);
  ASSERT_EQ(d.verdict.status, Status::None);
  ASSERT_EQ(d.conflicts.size(), 1u);
  const Conflict& c = d.conflicts.front();
  ASSERT_TRUE(c.minimal);
  EXPECT_LE(c.clues.size(), 30u) << "a small conflict out of 108 signs";

  // Independently: the conflict alone has no solution; without any one of its
  // clues, the rest of it has one.
  std::vector<std::string> all_ids;
  for (int line = 0; line < 9; ++line)
    for (int k = 0; k < 6; ++k) {
      all_ids.push_back("greater_than/horizontal/" + std::to_string(line) + "/" + std::to_string(k));
      all_ids.push_back("greater_than/vertical/" + std::to_string(line) + "/" + std::to_string(k));
    }
  std::set<std::string> ids;
  for (const auto& cl : c.clues) ids.insert(cl.id);
  EXPECT_EQ(verdict_of(lp, only(lp, all_ids, ids)), Status::None);
  for (const auto& id : ids) {
    auto fewer = ids;
    fewer.erase(id);
    RunOptions ro;
    ro.limit = 1;
    EXPECT_EQ(run(*lp.encoder, *only(lp, all_ids, fewer), ro).status, Status::Solved) << "not needed: " << id;
  }

  // The change the seed's author found by hand: GV[7] "><><><" -> ">>><><",
  // i.e. the second vertical sign of column 8 flipped, leaving one solution.
  ASSERT_TRUE(d.min_change);
  EXPECT_EQ(*d.min_change, 1u);
  bool authors_fix = false;
  for (const auto& r : d.change_repairs) {
    ASSERT_EQ(r.edits.size(), 1u);
    EXPECT_NE(r.verdict, Status::None);
    if (r.edits[0].id == "greater_than/vertical/7/1") {
      authors_fix = true;
      EXPECT_EQ(r.edits[0].before, "r2c8 < r3c8");
      EXPECT_EQ(r.edits[0].after, "r2c8 > r3c8");
      EXPECT_EQ(r.verdict, Status::Unique);
    }
    // Re-check each repair from scratch.
    EXPECT_EQ(verdict_of(lp, lp.encoder->edit(*lp.puzzle, {{r.edits[0].id, 0}})), r.verdict);
  }
  EXPECT_TRUE(authors_fix);
  // The fixed file of puzzles/ is that repair.
  auto fixed = puzzle_from_file("puzzles/sudoku/niobaras_fixed.json");
  Result fr = run_puzzle(fixed, "");
  auto repaired = lp.encoder->edit(*lp.puzzle, {{"greater_than/vertical/7/1", 0}});
  Result rr = run(*lp.encoder, *repaired, RunOptions{});
  EXPECT_EQ(fr.solutions.at(0), rr.solutions.at(0));

  ASSERT_TRUE(d.min_drop);
  EXPECT_EQ(*d.min_drop, 1u);
  for (const auto& r : d.drop_repairs)
    EXPECT_EQ(verdict_of(lp, lp.encoder->edit(*lp.puzzle, {{r.edits.at(0).id, -1}})), r.verdict);
}

TEST(Diagnose, AllConflictsAreDistinctAndMinimal) {
  auto lp = puzzle_from_file("puzzles/sudoku/niobaras_original.json");
  DiagnoseOptions o;
  o.conflicts = 4;
  Diagnosis d = diagnose_file(lp, o);
  ASSERT_GE(d.conflicts.size(), 2u);
  std::set<std::set<std::string>> seen;
  for (std::size_t i = 0; i < d.conflicts.size(); ++i) {
    std::set<std::string> ids;
    for (const auto& c : d.conflicts[i].clues) ids.insert(c.id);
    EXPECT_TRUE(seen.insert(ids).second) << "conflict " << i << " repeated";
    if (i) EXPECT_LE(d.conflicts[i - 1].clues.size(), d.conflicts[i].clues.size()) << "smallest first";
    // Every conflict must contain the only single-sign repair.
    EXPECT_TRUE(ids.count("greater_than/vertical/7/1")) << "a conflict the single repair would not fix";
  }
}

TEST(Diagnose, DuplicatedGivenNamesTheTwoGivensAndTheirRepairs) {
  auto lp = puzzle_from_text(R"({"kind": "sudoku", "grid": ["3_3_49__8","_1_5___3_","8_73_____","_689____5",
      "2_______6","4____671_","_____59_3","_8___1_6_","9__23_1__"]})");
  Diagnosis d = diagnose_file(lp);
  ASSERT_EQ(d.verdict.status, Status::None);
  ASSERT_EQ(d.conflicts.size(), 1u);
  std::set<std::string> ids;
  for (const auto& c : d.conflicts[0].clues) ids.insert(c.id);
  EXPECT_EQ(ids, (std::set<std::string>{"given/r1c1", "given/r1c3"}));
  // Dropping the extra given r1c1 = 3 gives back the published puzzle: unique.
  bool back = false;
  for (const auto& r : d.drop_repairs)
    if (r.edits.size() == 1 && r.edits[0].id == "given/r1c1") back = r.verdict == Status::Unique;
  EXPECT_TRUE(back);
  // Changing r1c1 to 5 (its value in the published solution) is a unique repair.
  bool to5 = false;
  for (const auto& r : d.change_repairs) {
    EXPECT_EQ(r.edits.size(), 1u);
    if (r.edits[0].after == "given r1c1 = 5") to5 = r.verdict == Status::Unique;
  }
  EXPECT_TRUE(to5);
}

// A hidoku's encoding prunes numbers by distances to the givens, so givens
// must be blamed by editing the puzzle, never hidden in "the rules alone".
TEST(Diagnose, AMisprintedHidokuGivenIsBlamedAndTheRulesOnlyWhenTheyAreAtFault) {
  std::string rows = read_file(kDataDir + "/hidato/hidato_task_example.puzzle.txt");
  rows.replace(rows.find(" 24 "), 4, " 25 ");  // Rosetta Code's Hidato, r2c3 misprinted 24 -> 25
  nlohmann::json p = {{"kind", "hidoku"}, {"board", rows}};
  auto lp = puzzle_from_text(p.dump());
  Diagnosis d = diagnose_file(lp);
  ASSERT_EQ(d.verdict.status, Status::None);
  ASSERT_EQ(d.conflicts.size(), 1u);
  EXPECT_FALSE(d.conflicts[0].rules_alone);
  EXPECT_TRUE(d.conflicts[0].minimal);
  std::set<std::string> ids;
  for (const auto& c : d.conflicts[0].clues) ids.insert(c.id);
  EXPECT_EQ(ids, (std::set<std::string>{"board/r1c2", "board/r1c3", "board/r2c3", "board/r2c4", "board/r3c4"}));
  ASSERT_EQ(d.drop_repairs.size(), 1u);
  EXPECT_EQ(d.drop_repairs[0].edits[0].id, "board/r2c3");
  EXPECT_NE(d.drop_repairs[0].verdict, Status::None);
  // check names the same givens.
  Result r = run_puzzle(lp, "bool", 2);
  ASSERT_TRUE(r.conflict);
  EXPECT_EQ(r.conflict->clues.size(), 5u);
  // A board without a path through every cell: the rules alone, and only then.
  auto no_path = puzzle_from_text(R"({"kind": "hidoku", "board": ["1 __ ..", ".. .. ..", ".. .. __"]})");
  Diagnosis n = diagnose_file(no_path);
  ASSERT_EQ(n.verdict.status, Status::None);
  ASSERT_EQ(n.conflicts.size(), 1u);
  EXPECT_TRUE(n.conflicts[0].rules_alone);
}

TEST(Diagnose, TwoSolutionsAmbiguousCellsAndOneGivenThatFixesIt) {
  auto lp = puzzle_from_file("puzzles/sudoku/prolog_post_two_solutions.json");
  Diagnosis d = diagnose_file(lp);
  ASSERT_EQ(d.verdict.status, Status::Multiple);
  EXPECT_TRUE(d.ambiguity_complete);
  EXPECT_EQ(d.backbone.size() + d.ambiguous.size(), 81u);
  // Against full enumeration: the ambiguous places and their values.
  RunOptions all;
  all.limit = 0;
  all.keep = 1000;
  Result every = run(*lp.encoder, *lp.puzzle, all);
  ASSERT_TRUE(every.complete);
  std::map<std::string, std::set<std::string>> values;
  auto places = lp.encoder->places(*lp.puzzle);
  for (const auto& s : every.solutions) {
    auto pv = lp.encoder->place_values(*lp.puzzle, s);
    for (std::size_t p = 0; p < places.size(); ++p) values[places[p].label].insert(pv[p]);
  }
  std::map<std::string, std::set<std::string>> reported;
  for (const auto& a : d.ambiguous) reported[a.place.label] = {a.values.begin(), a.values.end()};
  for (const auto& [label, vals] : values)
    if (vals.size() > 1) EXPECT_EQ(reported[label], vals) << label;
  for (const auto& [label, vals] : reported) EXPECT_GT(values[label].size(), 1u) << label;
  // One extra given makes it unique, proven smallest.
  EXPECT_EQ(d.extra_givens.size(), 1u);
  EXPECT_TRUE(d.extra_givens_proven_smallest);
  EXPECT_EQ(d.extra_givens_verdict, Status::Unique);
}

TEST(Diagnose, ExtraGivensAreProvenSmallest) {
  // 15 solutions; the diagnosis says 2 extra givens. Independently: no single
  // ambiguous cell fixed to the target's value makes the target unique.
  auto lp = puzzle_from_file("puzzles/sudoku/prolog_post_three_givens_removed.json");
  Diagnosis d = diagnose_file(lp);
  ASSERT_EQ(d.verdict.status, Status::Multiple);
  ASSERT_TRUE(d.extra_givens_proven_smallest);
  ASSERT_EQ(d.extra_givens_verdict, Status::Unique);
  ASSERT_TRUE(d.target);
  auto places = lp.encoder->places(*lp.puzzle);
  if (d.extra_givens.size() == 2) {
    for (std::size_t p = 0; p < places.size(); ++p) {
      auto one = lp.encoder->fix_places(*lp.puzzle, *d.target, {p});
      EXPECT_NE(verdict_of(lp, one), Status::Unique) << places[p].label << " alone would do";
    }
  } else {
    EXPECT_LT(d.extra_givens.size(), 2u);
  }
}

TEST(Diagnose, RedundantGivensOfAUniquePuzzle) {
  auto lp = puzzle_from_file("puzzles/sudoku/prolog_post.json");
  DiagnoseOptions o;
  o.redundant = true;
  Diagnosis d = diagnose_file(lp, o);
  ASSERT_EQ(d.verdict.status, Status::Unique);
  ASSERT_TRUE(d.redundant_computed);
  std::set<std::string> redundant;
  for (const auto& c : d.redundant) redundant.insert(c.id);
  int givens = 0;
  for (int r = 1; r <= 9; ++r)
    for (int c = 1; c <= 9; ++c) {
      std::string id = "given/r" + std::to_string(r) + "c" + std::to_string(c);
      std::shared_ptr<const Puzzle> without;
      try {
        without = lp.encoder->edit(*lp.puzzle, {{id, -1}});
      } catch (const InputError&) {
        continue;  // not a given
      }
      givens++;
      Status s = verdict_of(lp, without);
      EXPECT_EQ(s == Status::Unique, redundant.count(id) == 1) << id;
    }
  EXPECT_EQ(givens, 30);
}

TEST(Diagnose, ResourceLimitGivesUnknownAndNoClaims) {
  auto lp = puzzle_from_file("puzzles/sudoku/niobaras_original.json");
  DiagnoseOptions o;
  o.encoding = "int-distinct";
  o.limits.rlimit = 20000;  // deterministic: far too little for the integer encoding
  Diagnosis d = diagnose_file(lp, o);
  EXPECT_EQ(d.verdict.status, Status::Unknown);
  EXPECT_TRUE(d.conflicts.empty());
  EXPECT_TRUE(d.change_repairs.empty());
  EXPECT_FALSE(d.verdict.reason_unknown.empty());
}

TEST(Diagnose, CliReportAndSvg) {
  std::string svg = ::testing::TempDir() + "/diag.svg";
  CliResult r = run_cli({"diagnose", "--json", "--svg", svg, kSourceDir + "/puzzles/sudoku/niobaras_original.json"});
  EXPECT_EQ(r.exit_code, 20) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "none");
  EXPECT_EQ(j["diagnosis"]["min_change"], 1);
  EXPECT_FALSE(j["diagnosis"]["conflicts"].empty());
  std::string text = read_file(svg);
  EXPECT_EQ(text.rfind("<?xml", 0), 0u);
  EXPECT_NE(text.find("</svg>"), std::string::npos);
  CliResult m = run_cli({"diagnose", "--color", "never", kSourceDir + "/puzzles/sudoku/prolog_post_two_solutions.json"});
  EXPECT_EQ(m.exit_code, 10);
  EXPECT_NE(m.out.find("ambiguous: 4 places"), std::string::npos) << m.out;
  EXPECT_NE(m.out.find("1 extra given makes this solution unique (proven smallest"), std::string::npos) << m.out;
}

}  // namespace
}  // namespace psmt::testing

namespace psmt::testing {
namespace {

// Every part of a diagnosis runs on the back end asked for; what does not
// depend on the order solutions are found in is the same on both: the
// verdict, the fewest edits and every repair (sorted), the backbone and the
// ambiguous values, the size of the smallest set of extra givens, the
// redundant clues. A conflict may be another minimal one.
TEST(Diagnose, BothBackEndsGiveTheSameDiagnosis) {
  const std::vector<std::string> files = {
      "puzzles/sudoku/niobaras_original.json",        "puzzles/disk_rotation/original.json",
      "puzzles/sudoku/prolog_post_two_solutions.json", "puzzles/sudoku/prolog_post_three_givens_removed.json",
      "puzzles/logic_grid/zebra_prolog_without_rule11.json", "puzzles/nonogram/diagonal_ambiguous.json",
      "puzzles/xor_keystream/rc4_hagenberg.json",     "puzzles/sudoku/prolog_post.json"};
  auto repairs = [](const std::vector<Repair>& rs) {
    std::vector<std::string> out;
    for (const auto& r : rs) {
      std::string line = status_name(r.verdict);
      for (const auto& e : r.edits) line += " " + e.id + "->" + (e.after.empty() ? "drop" : e.after);
      out.push_back(line);
    }
    return out;
  };
  auto ambiguous = [](const Diagnosis& d) {
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& a : d.ambiguous) out[a.place.label] = a.values;
    return out;
  };
  auto labels = [](const auto& xs) {
    std::set<std::string> out;
    for (const auto& x : xs) {
      if constexpr (std::is_same_v<std::decay_t<decltype(x)>, Place>) out.insert(x.label);
      else out.insert(x.id);
    }
    return out;
  };
  for (const auto& file : files) {
    SCOPED_TRACE(file);
    auto lp = puzzle_from_file(file);
    DiagnoseOptions o;
    for (const auto& info : lp.encoder->encodings())
      if (runs_on_cadical(lp, info.name)) {
        o.encoding = info.name;
        break;
      }
    o.redundant = true;
    o.solver = "z3";
    Diagnosis z = diagnose(*lp.encoder, *lp.puzzle, o);
    o.solver = "cadical";
    Diagnosis c = diagnose(*lp.encoder, *lp.puzzle, o);
    EXPECT_EQ(c.verdict.solver, "cadical");
    ASSERT_EQ(status_name(z.verdict.status), status_name(c.verdict.status)) << o.encoding;
    ASSERT_TRUE(z.complete && c.complete);
    EXPECT_EQ(z.min_drop, c.min_drop);
    EXPECT_EQ(z.min_change, c.min_change);
    if (z.drop_repairs.size() < o.max_repairs) EXPECT_EQ(repairs(z.drop_repairs), repairs(c.drop_repairs));
    if (z.change_repairs.size() < o.max_repairs) EXPECT_EQ(repairs(z.change_repairs), repairs(c.change_repairs));
    for (const auto& conflict : c.conflicts) EXPECT_TRUE(conflict.minimal);
    EXPECT_EQ(z.conflicts.size(), c.conflicts.size());
    EXPECT_EQ(labels(z.backbone), labels(c.backbone));
    EXPECT_EQ(ambiguous(z), ambiguous(c));
    EXPECT_EQ(z.ambiguity_complete, c.ambiguity_complete);
    // The extra givens single out the first solution found, which the back
    // ends may find in different orders: the fewest for one solution can
    // differ from the fewest for another. The same target, the same count;
    // either way each makes its own target the only solution.
    if (z.target && c.target && *z.target == *c.target) EXPECT_EQ(z.extra_givens.size(), c.extra_givens.size());
    EXPECT_EQ(z.extra_givens.empty(), c.extra_givens.empty());
    EXPECT_EQ(z.extra_givens_proven_smallest, c.extra_givens_proven_smallest);
    EXPECT_EQ(status_name(z.extra_givens_verdict), status_name(c.extra_givens_verdict));
    if (!c.extra_givens.empty()) EXPECT_STREQ(status_name(c.extra_givens_verdict), "unique");
    EXPECT_EQ(z.redundant_computed, c.redundant_computed);
    EXPECT_EQ(labels(z.redundant), labels(c.redundant));
    if (c.verdict.status == Status::Multiple) {
      ASSERT_TRUE(c.target);
      EXPECT_TRUE(lp.encoder->check(*lp.puzzle, *c.target).empty());
    }
  }
}

// The Z3 4.8.12 reproducer through every solver mode diagnosis adds
// (assumption-based redundancy, selector-based repairs, ambiguity), every
// claim re-checked by the plain engine.
// Each encoding on each back end (every solver of the diagnosis runs on it).
class DiagnoseHazard : public ::testing::TestWithParam<std::tuple<std::string, std::string>> {};
INSTANTIATE_TEST_SUITE_P(Sudoku, DiagnoseHazard,
                         ::testing::Combine(::testing::Values("bool-pairwise", "bool-onehot"),
                                            ::testing::Values("z3", "cadical")),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param) == "bool-onehot" ? "onehot" : "pairwise") + "_" +
                                  std::get<1>(info.param);
                         });

TEST_P(DiagnoseHazard, EveryClaimHoldsOnTheReproducer) {
  std::string grid = read_file(kDataDir + "/z3-hazards/puzzle.txt");
  while (!grid.empty() && (grid.back() == '\n' || grid.back() == '\r')) grid.pop_back();
  ASSERT_EQ(grid.size(), 81u);
  DiagnoseOptions o;
  o.encoding = std::get<0>(GetParam());
  o.solver = std::get<1>(GetParam());
  o.redundant = true;
  auto lp = puzzle_from_text(R"({"kind": "sudoku", "grid": ")" + grid + "\"}");
  Diagnosis d = diagnose(*lp.encoder, *lp.puzzle, o);
  EXPECT_EQ(d.verdict.solver, o.solver);
  ASSERT_EQ(d.verdict.status, Status::Unique);
  ASSERT_TRUE(d.redundant_computed);
  for (const auto& c : d.redundant)
    EXPECT_EQ(run(*lp.encoder, *lp.encoder->edit(*lp.puzzle, {{c.id, -1}}), RunOptions{}).status, Status::Unique) << c.id;

  // r1c2's given 8 replaced by a contradicting 9 (9 is given in r1c1): every
  // repair re-checked, and changing r1c2 back to 8 is a unique repair.
  ASSERT_EQ(grid[1], '8');
  std::string broken = grid;
  broken[1] = '9';
  auto bl = puzzle_from_text(R"({"kind": "sudoku", "grid": ")" + broken + "\"}");
  Diagnosis bd = diagnose(*bl.encoder, *bl.puzzle, o);
  ASSERT_EQ(bd.verdict.status, Status::None);
  for (const auto& r : bd.drop_repairs)
    EXPECT_EQ(run(*bl.encoder, *bl.encoder->edit(*bl.puzzle, {{r.edits.at(0).id, -1}}), RunOptions{}).status, r.verdict);
  bool restores = false;
  for (const auto& r : bd.change_repairs) {
    restores |= r.edits.at(0).after == "given r1c2 = 8" && r.verdict == Status::Unique;
    std::string changed = broken;
    changed[1] = r.edits.at(0).after.back();
    if (r.edits.at(0).id == "given/r1c2")
      EXPECT_EQ(run_puzzle(puzzle_from_text(R"({"kind": "sudoku", "grid": ")" + changed + "\"}"), "").status, r.verdict);
  }
  EXPECT_TRUE(restores);
  ASSERT_FALSE(bd.change_repairs.empty());
  EXPECT_EQ(bd.change_repairs.front().verdict, Status::Unique) << "unique repairs first";

  // Without three givens: ambiguity, checked against full enumeration's count.
  std::string loose = grid;
  int removed = 0;
  for (std::size_t i = 0; i < loose.size() && removed < 3; ++i)
    if (loose[i] != '.') {
      loose[i] = '.';
      removed++;
    }
  auto ll = puzzle_from_text(R"({"kind": "sudoku", "grid": ")" + loose + "\"}");
  Diagnosis ld = diagnose(*ll.encoder, *ll.puzzle, o);
  if (ld.verdict.status == Status::Multiple) {
    EXPECT_TRUE(ld.ambiguity_complete);
    EXPECT_EQ(ld.extra_givens_verdict, Status::Unique);
    EXPECT_EQ(run(*ll.encoder, *ll.encoder->fix_places(*ll.puzzle, *ld.target, [&] {
                std::vector<std::size_t> idx;
                auto places = ll.encoder->places(*ll.puzzle);
                for (const auto& g : ld.extra_givens)
                  for (std::size_t p = 0; p < places.size(); ++p)
                    if (g.find(places[p].label + " ") != std::string::npos) idx.push_back(p);
                return idx;
              }()), RunOptions{}).status, Status::Unique);
  } else {
    EXPECT_EQ(ld.verdict.status, Status::Unique);
  }
}

}  // namespace
}  // namespace psmt::testing
