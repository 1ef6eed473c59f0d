// explain, hint and grade: every step is re-checked here on a fresh solver of
// the other back end, built from a fresh encoding of the puzzle, not by the
// explainer's own solver: the step's items with the facts known before it
// refute each of its facts, and without any one of its items they do not.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <regex>
#include <set>

#include "app/pipeline.h"
#include "encoders/pencil/tentaisho.h"
#include "engine/backend.h"
#include "engine/encoding.h"
#include "engine/explain.h"
#include "engine/solver_util.h"
#include "helpers.h"

namespace psmt::testing {
namespace {

// A solver over a fresh encoding of the puzzle, with a selector per item id
// (named rule groups, clues, graph rules as "rule/graph/K").
class Verifier {
 public:
  Verifier(const LoadedPuzzle& lp, const std::string& encoding, const std::string& solver)
      : enc_([&]() -> Encoding {
          RuleNaming naming;
          EncodeOptions eo;
          eo.name_rules = true;
          return lp.encoder->encode(*lp.puzzle, ctx_, encoding, eo);
        }()) {
    std::vector<bool> named(enc_.rules.size(), false);
    std::vector<std::pair<std::size_t, Expr>> grouped;
    for (const auto& g : enc_.named_rules) {
      const Expr sel = selector(g.id);
      for (std::size_t i = g.first; i < g.last; ++i) {
        named[i] = true;
        grouped.push_back({i, sel});
      }
    }
    for (std::size_t k = 0; k < enc_.lazy_rules.size(); ++k) enc_.lazy_rules[k].guard = selector("rule/graph/" + std::to_string(k + 1));
    solver_ = detail::make_backend(solver, ctx_, enc_, encoding);
    for (std::size_t i = 0; i < enc_.rules.size(); ++i)
      if (!named[i]) solver_->add(enc_.rules[static_cast<unsigned>(i)]);
    for (const auto& [i, sel] : grouped) solver_->add(implies(sel, enc_.rules[static_cast<unsigned>(i)]));
    for (const auto& c : enc_.clues) solver_->add(implies(selector(c.id), c.constraint));
  }

  // Whether the facts `known`, the items and "not fact" have no model.
  bool refutes(const std::vector<std::pair<std::size_t, bool>>& known, const std::set<std::string>& items,
               std::size_t var, bool value) {
    std::vector<Expr> as;
    for (auto [v, b] : known) as.push_back(lit(v, b));
    for (const auto& id : items) as.push_back(sel_.at(id));
    as.push_back(lit(var, !value));
    detail::Budget budget(ctx_, Limits{});
    const auto r = solver_->check(budget, as);
    EXPECT_NE(r, z3::unknown);
    return r == z3::unsat;
  }

 private:
  Expr selector(const std::string& id) {
    auto [it, fresh] = sel_.try_emplace(id, Expr());
    if (fresh) it->second = ctx_.bool_const("verify!" + id);
    return it->second;
  }
  Expr lit(std::size_t v, bool b) const {
    const Expr& x = enc_.decision_vars[static_cast<unsigned>(v)];
    return b ? x : !x;
  }

  Context ctx_;
  Encoding enc_;
  std::unique_ptr<detail::Backend> solver_;
  std::map<std::string, Expr> sel_;
};

// Every step of the explanation, on a fresh solver of `verify_solver`: its
// facts follow from its items and what was known before its round (the
// givens, then the facts of earlier rounds), and with `minimal` stop
// following when any one item is left out. Each fact is told once.
void verify_steps(const LoadedPuzzle& lp, const Explanation& e, const std::string& verify_solver, bool minimal) {
  Verifier v(lp, e.encoding, verify_solver);
  std::vector<std::pair<std::size_t, bool>> known, this_round;
  std::set<std::size_t> seen;
  for (const auto& g : e.givens) {
    known.push_back({g.var, g.value});
    seen.insert(g.var);
  }
  std::size_t round = 0;
  for (const auto& s : e.steps) {
    if (s.round != round) {  // facts of one round are found from what was known before it
      known.insert(known.end(), this_round.begin(), this_round.end());
      this_round.clear();
      round = s.round;
    }
    std::set<std::string> items;
    for (auto i : s.items) items.insert(e.items[i].id);
    EXPECT_EQ(items.size(), s.items.size());
    for (const auto& f : s.facts) {
      EXPECT_TRUE(seen.insert(f.var).second) << "a fact told twice: " << f.label;
      EXPECT_TRUE(v.refutes(known, items, f.var, f.value)) << lp.file << ": " << f.label << " does not follow";
      if (minimal)
        for (const auto& id : items) {
          auto fewer = items;
          fewer.erase(id);
          EXPECT_FALSE(v.refutes(known, fewer, f.var, f.value))
              << lp.file << ": " << f.label << " follows without " << id << " (the step is not minimal)";
        }
      this_round.push_back({f.var, f.value});
    }
  }
  if (e.complete) EXPECT_EQ(seen.size(), e.facts) << "every fact is told once";
}

// The labels of every item the steps cite.
std::set<std::string> cited_labels(const Explanation& e) {
  std::set<std::string> out;
  for (const auto& st : e.steps)
    for (auto i : st.items) out.insert(e.items[i].label);
  return out;
}

// The whole explanation, every step minimal; returns the number of steps.
std::size_t expect_every_step_minimal(const LoadedPuzzle& lp, const std::string& explain_solver,
                                      const std::string& verify_solver) {
  ExplainOptions eo;
  eo.solver = explain_solver;
  const Explanation e = explain(*lp.encoder, *lp.puzzle, eo);
  EXPECT_EQ(e.verdict.status, Status::Unique) << lp.file;
  EXPECT_TRUE(e.complete) << lp.file;
  verify_steps(lp, e, verify_solver, true);
  return e.steps.size();
}

const char* kSudoku4 = R"({"kind": "sudoku", "grid": [[0, 0, 0, 3], [0, 4, 0, 0], [0, 0, 0, 0], [2, 0, 1, 0]], "box": [2, 2]})";

TEST(Explain, EveryStepIsMinimalOnAFreshSolverOfTheOtherBackEnd) {
  // Sudoku (named cells and units), slitherlink (points, the loop as a
  // graph rule), binairo (runs, halves, unique lines), heyawake (adjacent
  // shading, the unshaded cells connected), LITS (2x2, connected).
  const std::vector<std::string> files = {"puzzles/slitherlink/pzprjs_test.json", "puzzles/binairo/unruly_8x8_generated.json",
                                          "puzzles/heyawake/pzprjs_test.json", "puzzles/lits/pzprjs_test.json",
                                          "puzzles/masyu/pzprjs_test.json", "puzzles/starbattle/pzprjs_test.json",
                                          "puzzles/akari/pzprjs_test.json", "puzzles/tentaisho/pzprjs_test.json",
                                          "puzzles/nurikabe/pzprjs_test.json", "puzzles/shikaku/pzprjs_test.json"};
  for (const auto& f : files) EXPECT_GT(expect_every_step_minimal(puzzle_from_file(f), "cadical", "z3"), 3u) << f;
}

// Shikaku in its open encoding: the areas are clues of their own, the
// rules ("r1c1 is in one rectangle", "the cells of the 3 at r1c5 are a
// rectangle") are cited by name, and the facts say which number's
// rectangle a cell is in; the numbers' own cells are known from the start.
TEST(Explain, ShikakuIsExplainedInItsOpenEncodingInItsWords) {
  const auto lp = puzzle_from_file("puzzles/shikaku/pzprjs_test.json");
  const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
  ASSERT_EQ(e.verdict.status, Status::Unique);
  EXPECT_EQ(e.encoding, "open");
  ASSERT_TRUE(e.complete);
  EXPECT_TRUE(e.rules_named);
  std::set<std::string> cited, facts;
  for (const auto& st : e.steps) {
    for (auto i : st.items) cited.insert(e.items[i].label);
    for (const auto& f : st.facts) facts.insert(f.label);
  }
  EXPECT_TRUE(cited.count("area 3 at r1c5"));
  EXPECT_TRUE(cited.count("r1c1 is in one rectangle"));
  EXPECT_TRUE(cited.count("the cells of the 3 at r1c5 are a rectangle"));
  EXPECT_TRUE(facts.count("r1c4 is in the rectangle of the 3 at r1c5"));
  EXPECT_TRUE(facts.count("r1c1 is not in the rectangle of the 3 at r1c5"));
  ASSERT_FALSE(e.steps.empty());
  EXPECT_EQ(e.steps.front().items.size(), 0u) << "each number in its own rectangle: known from the start";
  // 72 facts: a Bool per cell and number whose box with it holds no other
  // number (the areas narrow nothing).
  EXPECT_EQ(e.facts, 72u);
}

// Tents names its rules as the rulebook has them: tents apart, and trees
// and tents paired off (one rule each); a cell with no tree beside it holds
// no tent from the start.
TEST(Explain, TentsCitesItsTwoRules) {
  const auto lp = puzzle_from_file("puzzles/tents/pzprjs_test.json");
  const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
  ASSERT_TRUE(e.complete);
  EXPECT_TRUE(e.rules_named);
  const std::set<std::string> cited = cited_labels(e);
  EXPECT_TRUE(cited.count("no two tents touch, not even diagonally"));
  EXPECT_TRUE(cited.count("trees and tents pair off, each tent beside its own tree"));
  EXPECT_TRUE(cited.count("tree at r3c5"));
  ASSERT_FALSE(e.steps.empty());
  EXPECT_TRUE(e.steps.front().items.empty());
  bool far = false;
  for (const auto& f : e.steps.front().facts) far |= f.label == "r1c1 holds no tent";
  EXPECT_TRUE(far) << "r1c1 has no tree beside it";
  EXPECT_EQ(expect_every_step_minimal(lp, "cadical", "z3"), e.steps.size());
}

// Magnets: a rule per plate ("r1c1 and r1c2 are one magnet or neutral") and
// one for the poles ("no two like poles side by side"); a cell alone is
// blank from the start.
TEST(Explain, MagnetsCitesItsPlatesAndThePoleRule) {
  bool poles = false;
  for (const std::string file : {"puzzles/magnets/collection_example_3x3.json", "puzzles/magnets/janko_6x6.json"}) {
    SCOPED_TRACE(file);
    const auto lp = puzzle_from_file(file);
    const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
    ASSERT_TRUE(e.complete);
    EXPECT_TRUE(e.rules_named);
    const std::set<std::string> cited = cited_labels(e);
    bool plate = false;
    for (const auto& c : cited) {
      plate |= std::regex_match(c, std::regex(R"(r\dc\d and r\dc\d are one magnet or neutral)"));
      poles |= c == "no two like poles side by side";
    }
    EXPECT_TRUE(plate) << fmt::format("{}", fmt::join(cited, "; "));
    EXPECT_EQ(expect_every_step_minimal(lp, "cadical", "z3"), e.steps.size());
  }
  EXPECT_TRUE(poles);
  const auto lp = puzzle_from_file("puzzles/magnets/collection_example_3x3.json");
  const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
  std::set<std::string> first;
  for (const auto& f : e.steps.front().facts) first.insert(f.label);
  EXPECT_TRUE(first.count("r2c2 is not +") && first.count("r2c2 is not -")) << "r2c2 is a plate of its own";
}

// Disk rotation: a rule per disk ("disk 2 is turned by one amount") and per
// position ("position 3 is covered by exactly one solid area"); the disks'
// patterns are the clues; the facts are the disks' turns. Explained on its
// own back end (Z3), each step checked on CaDiCaL.
TEST(Explain, DiskRotationCitesItsDisksAndPositions) {
  {
    const std::string file = "puzzles/disk_rotation/last_disk_flipped.json";  // the one of the two with a solution
    SCOPED_TRACE(file);
    const auto lp = puzzle_from_file(file);
    const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
    ASSERT_TRUE(e.complete);
    EXPECT_TRUE(e.rules_named);
    bool position = false, disk = false, turned = false;
    for (const auto& c : cited_labels(e)) {
      position |= std::regex_match(c, std::regex(R"(position \d+ is covered by exactly one solid area)"));
      disk |= std::regex_match(c, std::regex(R"(disk \d+ (as given|flipped as given))"));
    }
    for (const auto& st : e.steps)
      for (const auto& f : st.facts) turned |= std::regex_match(f.label, std::regex(R"(disk [2-9] is (not )?turned by \d+)"));
    EXPECT_TRUE(position && disk && turned) << fmt::format("{}", fmt::join(cited_labels(e), "; "));
    EXPECT_EQ(expect_every_step_minimal(lp, "z3", "cadical"), e.steps.size());
  }
}

// Hashi: "no two bridges cross" is one rule, cited where it is used; the
// facts are counts of bridges between two islands.
TEST(Explain, HashiCitesTheCrossingRuleAndCountsBridges) {
  const auto lp = puzzle_from_file("puzzles/hashi/pzprjs_test.json");
  const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
  ASSERT_TRUE(e.complete);
  EXPECT_TRUE(e.rules_named);
  bool crossing = false, two = false, none = false;
  for (const auto& st : e.steps) {
    for (auto i : st.items)
      if (e.items[i].label == "no two bridges cross") {
        crossing = true;
        for (const auto& f : st.facts) none |= f.label == "r1c3-r5c3 has no bridge";
      }
    for (const auto& f : st.facts) two |= f.label == "r1c1-r1c3 has 2 bridges";
  }
  EXPECT_TRUE(crossing && none && two);
  EXPECT_EQ(expect_every_step_minimal(lp, "cadical", "z3"), e.steps.size());
}

// Gokigen's one rule is a graph rule ("the diagonals form no loop"): its
// rules count as named (each item speaks of its own cells), and its facts
// say which diagonal a cell holds.
TEST(Explain, GokigenCitesItsLoopRuleAndNamesDiagonals) {
  const auto lp = puzzle_from_file("puzzles/gokigen/slant_10x10_generated.json");
  const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
  ASSERT_TRUE(e.complete);
  EXPECT_TRUE(e.rules_named);
  EXPECT_TRUE(e.notes.empty()) << e.notes.front();
  bool loop = false, back = false, fore = false;
  for (const auto& st : e.steps) {
    for (auto i : st.items) loop |= e.items[i].label == "the diagonals form no loop";
    for (const auto& f : st.facts) {
      back |= std::regex_match(f.label, std::regex(R"(r\d+c\d+ holds \\)"));
      fore |= std::regex_match(f.label, std::regex(R"(r\d+c\d+ holds /)"));
    }
  }
  EXPECT_TRUE(loop && back && fore);
  EXPECT_GT(expect_every_step_minimal(puzzle_from_file("puzzles/gokigen/pzprjs_test.json"), "cadical", "z3"), 3u);
}

// Norinori ("the shaded cells form dominoes", one rule), yajilin ("r1c5
// is shaded or the loop passes through it" per cell, "no two shaded cells
// side by side", one loop), shakashaka (a rule per lattice point) and choco
// banana (a rule per 2x2 window), kakuro (a digit per cell, no digit
// twice in a run) and ripple effect (a number per cell, rooms, a distance
// rule per row and column) cite their rules, every step minimal.
TEST(Explain, ShadingAndLoopGenresCiteTheirRules) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"puzzles/norinori/pzprjs_test.json", {"the shaded cells form dominoes (each beside exactly one other)",
                                             "region 1 (r1c1-r1c2) holds 2 shaded cells"}},
      {"puzzles/yajilin/pzprjs_test.json", {"r1c5 is shaded or the loop passes through it", "0 shaded above r5c5"}},
      {"puzzles/shakashaka/pzprjs_test.json", {"the white areas are rectangles at point p1c2"}},
      {"puzzles/chocobanana/cspuz_6x6.json", {"r2c2-r3c3 does not hold three shaded cells (the shaded areas are rectangles)",
                                              "every unshaded area is not a rectangle", "area of 3 at r1c1"}},
      {"puzzles/kakuro/pzprjs_test.json", {"r4c2 holds one digit", "the across run r3c2-r3c5 holds no digit twice",
                                             "across 8 at r2c2 (r2c3–r2c4)"}},
      {"puzzles/ripple/pzprjs_test.json", {"r2c2 holds one number", "the room of r1c3 holds 1 to 4 once each",
                                           "the room of r2c1 holds 1 and 2",
                                           "in row 3, two equal numbers n are more than n cells apart"}}};
  for (const auto& [file, labels] : cases) {
    SCOPED_TRACE(file);
    const auto lp = puzzle_from_file(file);
    const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
    ASSERT_TRUE(e.complete);
    EXPECT_TRUE(e.rules_named);
    const std::set<std::string> cited = cited_labels(e);
    for (const auto& l : labels) EXPECT_TRUE(cited.count(l)) << l << " in " << fmt::format("{}", fmt::join(cited, "; "));
    EXPECT_EQ(expect_every_step_minimal(lp, "cadical", "z3"), e.steps.size());
  }
}

// Jodici names its rules (a digit per field, the rings' and sectors' sums,
// each digit's count on the disc); its facts say the digit. The first
// eight steps, on CaDiCaL (the whole explanation takes seconds).
TEST(Explain, JodiciCitesItsFieldsAndSums) {
  const auto lp = puzzle_from_file("puzzles/jodici/seed.json");
  ExplainOptions eo;
  eo.solver = "cadical";
  eo.max_steps = 8;
  const Explanation e = explain(*lp.encoder, *lp.puzzle, eo);
  EXPECT_TRUE(e.rules_named);
  const std::set<std::string> cited = cited_labels(e);
  std::set<std::string> givens;
  for (const auto& g : e.givens) givens.insert(g.label);
  EXPECT_TRUE(cited.count("r1s1 holds one digit")) << fmt::format("{}", fmt::join(cited, "; "));
  EXPECT_TRUE(cited.count("sector 1 sums to 15")) << fmt::format("{}", fmt::join(cited, "; "));
  EXPECT_TRUE(givens.count("r1s1 is 3"));
}

TEST(Explain, SudokuStepsAreMinimalOnEitherBackEnd) {
  const auto lp = puzzle_from_text(kSudoku4);
  ASSERT_EQ(run(*lp.encoder, *lp.puzzle, RunOptions{}).status, Status::Unique);
  const auto a = expect_every_step_minimal(lp, "cadical", "z3");
  const auto b = expect_every_step_minimal(lp, "z3", "cadical");
  EXPECT_EQ(a, b) << "the two back ends find the same steps";
  EXPECT_EQ(expect_every_step_minimal(puzzle_from_file("puzzles/sudoku/prolog_post.json"), "cadical", "cadical") > 100, true);
}

// The Z3 4.8.12 hazard (tests/data/z3-hazards: unsat for a satisfiable
// one-hot sudoku when at-most/at-least run in the incremental core): the
// first steps of its reproducer are the same in both Boolean encodings on
// both back ends, and each is minimal on a fresh solver of the other back
// end (a wrong unsat would claim a fact or a step that is not there).
TEST(Explain, Z3HazardReproducerGivesTheSameStepsInEveryEncodingAndBackEnd) {
  std::string grid = read_file(kDataDir + "/z3-hazards/puzzle.txt");
  while (!grid.empty() && (grid.back() == '\n' || grid.back() == '\r')) grid.pop_back();
  ASSERT_EQ(grid.size(), 81u);
  const auto lp = puzzle_from_text(R"({"kind": "sudoku", "grid": ")" + grid + "\"}");
  std::vector<std::string> reference;
  for (const std::string encoding : {"bool-pairwise", "bool-onehot"})
    for (const std::string solver : {"cadical", "z3"}) {
      ExplainOptions eo;
      eo.encoding = encoding;
      eo.solver = solver;
      eo.max_steps = 6;
      const Explanation e = explain(*lp.encoder, *lp.puzzle, eo);
      ASSERT_EQ(e.verdict.status, Status::Unique) << encoding << " " << solver;
      ASSERT_EQ(e.steps.size(), 6u) << encoding << " " << solver;
      std::vector<std::string> steps;
      for (const auto& st : e.steps) {
        std::string line;
        for (auto i : st.items) line += e.items[i].label + "; ";
        for (const auto& f : st.facts) line += f.label + ", ";
        steps.push_back(line);
      }
      if (reference.empty()) reference = steps;
      EXPECT_EQ(steps, reference) << encoding << " " << solver;
      verify_steps(lp, e, solver == "z3" ? "cadical" : "z3", true);
    }
}

TEST(Explain, StepsCiteTheKindsRulesInItsWords) {
  const auto lp = puzzle_from_text(kSudoku4);
  const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
  ASSERT_TRUE(e.complete);
  EXPECT_TRUE(e.rules_named);
  std::set<std::string> labels;
  for (const auto& s : e.steps)
    for (auto i : s.items) labels.insert(e.items[i].label);
  // A given is a fact from the start, not a step.
  EXPECT_FALSE(labels.count("given r1c4 = 3"));
  std::set<std::string> givens;
  for (const auto& g : e.givens) givens.insert(g.label);
  EXPECT_EQ(givens, (std::set<std::string>{"r1c4 is 3", "r2c2 is 4", "r4c1 is 2", "r4c3 is 1"}));
  EXPECT_TRUE(labels.count("r1c4 holds one digit"));
  EXPECT_TRUE(labels.count("row 1 holds each digit once") || labels.count("column 4 holds each digit once") ||
              labels.count("box 2 holds each digit once"));
  // Facts read as the kind says them.
  bool placed = false, eliminated = false;
  for (const auto& s : e.steps)
    for (const auto& f : s.facts) {
      placed |= f.label == "r1c1 is 1";
      eliminated |= f.label == "r1c4 is not 1";
    }
  EXPECT_TRUE(placed && eliminated);
  const auto sl = puzzle_from_file("puzzles/slitherlink/pzprjs_test.json");
  const Explanation es = explain(*sl.encoder, *sl.puzzle, ExplainOptions{});
  std::set<std::string> cited;
  for (const auto& s : es.steps)
    for (auto i : s.items) cited.insert(es.items[i].label);
  EXPECT_TRUE(cited.count("the lines form one loop")) << "the graph rule is cited where it is used";
  EXPECT_TRUE(cited.count("clue 0 at r5c2"));
  // Fillomino's facts are sizes in cells.
  CliResult c = run_cli({"convert", "filling:4x4:a42d3b441b4"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const auto fl = puzzle_from_text(c.out);
  const Explanation ef = explain(*fl.encoder, *fl.puzzle, ExplainOptions{});
  ASSERT_TRUE(ef.complete);
  std::set<std::string> given, found;
  for (const auto& g : ef.givens) given.insert(g.label);
  for (const auto& s : ef.steps)
    for (const auto& f : s.facts) found.insert(f.label);
  EXPECT_TRUE(given.count("r1c2 is 4"));
  EXPECT_TRUE(found.count("r1c1 is 4") && found.count("r1c2 is not 3")) << *found.begin();
}

// Tatham's solo at its levels (tests/data/tatham/solo_levels.txt): the
// trivial and basic ones are explained with steps of one item, every
// intermediate one needs two, advanced and extreme more.
TEST(Explain, GradesFollowTheCollectionsLevels) {
  std::map<std::string, std::vector<double>> scores;
  const std::string text = read_file(kDataDir + "/tatham/solo_levels.txt");
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find(' ');
    const std::string level = line.substr(0, space), id = line.substr(space + 1);
    const auto r = run_cli({"grade", "--json", id});
    ASSERT_EQ(r.exit_code, 0) << id << r.err;
    const auto j = nlohmann::json::parse(r.out);
    scores[level].push_back(j["grade"]["score"].get<double>());
    if (level == "trivial" || level == "basic") {
      EXPECT_EQ(j["grade"]["hardest"], 1) << id;
    }
    if (level == "intermediate") {
      EXPECT_EQ(j["grade"]["hardest"], 2) << id;
    }
    if (level == "advanced" || level == "extreme") {
      EXPECT_GE(j["grade"]["hardest"].get<int>(), 3) << id;
    }
  }
  EXPECT_EQ(scores.size(), 5u);
}

// Tatham's unruly at its levels (tests/data/tatham/unruly_levels.txt): its
// trivial level places by runs of three and lines with one cell left, its
// easy one also fills a line whose 1s (or 0s) are all placed; both are steps
// of one item, and the narrowest come first, so trivial puzzles never need
// a step weighing more than one open fact and easy ones do: they grade
// apart. Normal puzzles need two items.
TEST(Explain, NarrowestStepsFirstSetUnrulysTrivialApartFromEasy) {
  std::map<std::string, std::vector<double>> scores;
  const std::string text = read_file(kDataDir + "/tatham/unruly_levels.txt");
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find(' ');
    const std::string level = line.substr(0, space), id = line.substr(space + 1);
    const auto r = run_cli({"grade", "--json", id});
    ASSERT_EQ(r.exit_code, 0) << id << r.err;
    const auto g = nlohmann::json::parse(r.out)["grade"];
    scores[level].push_back(g["score"].get<double>());
    if (level == "trivial") {
      EXPECT_EQ(g["hardest"], 1) << id;
      EXPECT_EQ(g["hardest_width"], 1) << id;
    }
    if (level == "easy") {
      EXPECT_EQ(g["hardest"], 1) << id;
      EXPECT_GE(g["hardest_width"].get<int>(), 2) << id;
    }
    if (level == "normal") {
      EXPECT_EQ(g["hardest"], 2) << id;
    }
  }
  ASSERT_EQ(scores.size(), 3u);
  EXPECT_LT(*std::max_element(scores["trivial"].begin(), scores["trivial"].end()),
            *std::min_element(scores["easy"].begin(), scores["easy"].end()));
  EXPECT_LT(*std::max_element(scores["easy"].begin(), scores["easy"].end()),
            *std::min_element(scores["normal"].begin(), scores["normal"].end()));
}

// A hitori's 1 _ 1 (the cell between two equal numbers is unshaded) is three
// items: the number, and the two cells beside the middle that may not both
// be shaded with it. Asking the items near each fact first finds it where
// a core of every item held none of it (a step of seven items before).
TEST(Explain, TheItemsNearAFactAreAskedFirst) {
  const auto r = run_cli({"explain", "--json", "singles:5x5:3514113135243131235152432"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out)["explanation"];
  ASSERT_TRUE(j.contains("steps")) << r.out;
  EXPECT_EQ(j["grade"]["hardest"], 3);
  EXPECT_EQ(j["grade"]["case_splits"], 0);
  const auto& first = j["steps"][0];
  EXPECT_EQ(first["size"], 3);
  for (const auto& s : j["steps"]) EXPECT_TRUE(s["smallest"].get<bool>()) << s.dump();
}

TEST(Explain, HintGivesTheNextPlacementOrTheMistake) {
  const auto lp = puzzle_from_text(kSudoku4);
  // From nothing: the next step that decides a cell.
  ExplainOptions eo;
  eo.stop_at_decision = true;
  Explanation e = explain(*lp.encoder, *lp.puzzle, eo);
  ASSERT_FALSE(e.steps.empty());
  bool decided = false;
  for (const auto& f : e.steps.back().facts) decided |= f.value;
  EXPECT_TRUE(decided);
  // A wrong entry: the mistake, with the fewest clues and rules that rule it
  // out, checked on a fresh solver: they refute it, and any fewer do not.
  const Explanation full = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
  const auto sol = full.verdict.solutions.front();
  const int right = sol[2].get<std::string>()[2] - '0';
  const int wrong = right == 4 ? 3 : right + 1;
  eo.entries = {"r1c4 is 3", "r3c3 = " + std::to_string(wrong)};
  e = explain(*lp.encoder, *lp.puzzle, eo);
  ASSERT_EQ(e.mistakes.size(), 1u);
  EXPECT_EQ(e.mistakes[0].fact.label, "r3c3 is " + std::to_string(wrong));
  EXPECT_TRUE(e.steps.empty());
  Verifier v(lp, e.encoding, "z3");
  std::set<std::string> items;
  for (auto i : e.mistakes[0].items) items.insert(e.items[i].id);
  // Known: the givens (r1c4 is 3 among them, the player's entry).
  std::vector<std::pair<std::size_t, bool>> known;
  for (const auto& g : e.givens) known.push_back({g.var, g.value});
  EXPECT_EQ(known.size(), 4u);
  const auto& m = e.mistakes[0].fact;
  EXPECT_TRUE(v.refutes(known, items, m.var, !m.value));
  for (const auto& id : items) {
    auto fewer = items;
    fewer.erase(id);
    EXPECT_FALSE(v.refutes(known, fewer, m.var, !m.value)) << "not needed: " << id;
  }
  // An entry that names no fact is a usage error naming it.
  eo.entries = {"r9c9 is 1"};
  EXPECT_THROW(explain(*lp.encoder, *lp.puzzle, eo), UsageError);
}

TEST(Explain, CommandsSayWhatTheyNeedAndExitAsCheck) {
  // Several solutions and none: explain says why it cannot, exit as check.
  auto r = run_cli({"explain", kSourceDir + "/puzzles/tents/no_counts.json"});
  EXPECT_EQ(r.exit_code, 10) << r.err;
  EXPECT_NE(r.out.find("explain needs a puzzle with exactly one solution"), std::string::npos) << r.out;
  r = run_cli({"explain", kSourceDir + "/puzzles/sudoku/niobaras_original.json"});
  EXPECT_EQ(r.exit_code, 20);
  EXPECT_NE(r.out.find("no solution (diagnose shows which clues conflict)"), std::string::npos) << r.out;
  // The text: steps, then the grade; JSON has the same.
  r = run_cli({"explain", kSourceDir + "/puzzles/slitherlink/pzprjs_test.json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("step 1 (size 1): clue"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("solved: every one of the 60 facts follows; grade: "), std::string::npos) << r.out;
  r = run_cli({"explain", "--json", kSourceDir + "/puzzles/slitherlink/pzprjs_test.json"});
  ASSERT_EQ(r.exit_code, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "unique");
  EXPECT_TRUE(j["explanation"]["complete"].get<bool>());
  EXPECT_GT(j["explanation"]["steps"].size(), 5u);
  EXPECT_EQ(j["explanation"]["steps"][0]["because"][0]["id"].get<std::string>().substr(0, 6), "clues/");
  // hint: a bad entry is one line and exit 2; a wrong one is named.
  r = run_cli({"hint", kSourceDir + "/puzzles/sudoku/prolog_post.json", "--entry", "r1c1 is banana"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the entry \"r1c1 is banana\" names no fact of this puzzle"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  r = run_cli({"hint", kSourceDir + "/puzzles/sudoku/prolog_post.json", "--entry", "r1c1=9"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("mistake: r1c1 is 9 cannot be"), std::string::npos) << r.out;
  // --timeout: what was found so far, said to be partial, exit 30.
  r = run_cli({"explain", "--timeout", "300", kSourceDir + "/puzzles/slitherlink/loopy_15x15_generated.json"});
  EXPECT_EQ(r.exit_code, 30) << r.out << r.err;
  EXPECT_NE(r.out.find("partial"), std::string::npos) << r.out;
}

// The pictures of the steps draw what is known before each step: every
// cell whose facts are all known by then is drawn as a given, and only
// those (besides the puzzle's own givens); a kind whose fixed places would
// read otherwise (slitherlink: a cell's count) draws the puzzle as given.
TEST(Explain, PicturesDrawWhatIsKnownBeforeEachStep) {
  const auto lp = load_puzzle_file(kSourceDir + "/puzzles/sudoku/prolog_post.json");
  app::Request rq;
  rq.command = app::Command::Explain;
  const auto out = app::run(lp, rq);
  const Explanation& e = *out.explanation;
  ASSERT_TRUE(e.complete);
  ASSERT_EQ(e.place_vars.size(), 81u);
  std::set<std::pair<int, int>> given_cells;
  for (const auto& g : e.givens) given_cells.insert({g.cell->row, g.cell->col});
  auto count_given_digits = [](const std::string& svg) {
    std::size_t n = 0;
    for (std::size_t at = 0; (at = svg.find("class=\"given\"", at)) != std::string::npos; ++at) n++;
    return n;
  };
  std::map<std::pair<int, int>, std::size_t> facts_at;  // facts known of each cell before step k
  for (const auto& g : e.givens) facts_at[{g.cell->row, g.cell->col}]++;
  std::size_t last_known = 0;
  for (std::size_t k = 0; k < e.steps.size(); ++k) {
    std::set<std::pair<int, int>> drawn = given_cells;
    std::size_t known = 0;
    for (const auto& [cell, n] : facts_at)
      if (n == 9) drawn.insert(cell), known++;
    const std::string svg = app::step_picture(lp, e, k);
    EXPECT_EQ(count_given_digits(svg), drawn.size()) << "step " << k + 1;
    EXPECT_EQ(svg.find("drawn as given") != std::string::npos, known > 0) << "step " << k + 1;
    EXPECT_GE(known, last_known);
    last_known = known;
    for (const auto& f : e.steps[k].facts) facts_at[{f.cell->row, f.cell->col}]++;
  }
  EXPECT_GT(last_known, 60u);  // most of the board is drawn before the last step

  const auto loop = load_puzzle_file(kSourceDir + "/puzzles/slitherlink/pzprjs_test.json");
  const auto lo = app::run(loop, rq);
  ASSERT_GT(lo.explanation->steps.size(), 2u);
  EXPECT_EQ(app::step_picture(loop, *lo.explanation, lo.explanation->steps.size() - 1).find("drawn as given"), std::string::npos);
}

// The entries a progress in rows stands for, in explain's words: every
// place filled in (not "?"), each of its facts (a digit written in a cell
// is that digit and none of the others); a place filled in wrong, the one
// fact that says it.
std::vector<std::string> entries_of_rows(const std::vector<std::string>& rows, const nlohmann::json& solution,
                                         const std::map<char, std::string>& words) {
  std::vector<std::string> out;
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < rows[r].size(); ++c) {
      const char ch = rows[r][c];
      if (ch == '?') continue;
      out.push_back(fmt::format("r{}c{} {}", r + 1, c + 1, words.at(ch)));
      if (words.size() > 2 && solution[r].get<std::string>()[c] == ch)
        for (const auto& [other, w] : words)
          if (other != ch) out.push_back(fmt::format("r{}c{} {}", r + 1, c + 1, std::string("is not ") + other));
    }
  return out;
}

std::string mistake_text(const Explanation& e) {
  std::string out;
  for (const auto& m : e.mistakes) {
    out += m.fact.label + ":";
    for (auto i : m.items) out += " " + e.items[i].id;
    out += "\n";
  }
  return out;
}

TEST(Explain, HintReadsTheGridSoFarAsItsEntries) {
  // A sudoku and a shading genre: the grid so far, in the solution form
  // with "?" where nothing is filled in yet, says what the same cells as
  // entries say: the same next step, the same mistake with the same reason.
  struct Case {
    std::string file;
    std::map<char, std::string> words;
  };
  const std::vector<Case> cases = {
      {"puzzles/sudoku/prolog_post.json",
       {{'1', "is 1"}, {'2', "is 2"}, {'3', "is 3"}, {'4', "is 4"}, {'5', "is 5"}, {'6', "is 6"}, {'7', "is 7"}, {'8', "is 8"}, {'9', "is 9"}}},
      {"puzzles/hitori/singles_8x8_generated.json", {{'#', "is shaded"}, {'.', "is unshaded"}}},
      {"puzzles/binairo/unruly_8x8_generated.json", {{'.', "is 0"}, {'#', "is 1"}}}};
  for (const auto& c : cases) {
    const auto lp = puzzle_from_file(c.file);
    const Explanation full = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
    ASSERT_TRUE(full.complete) << c.file;
    const auto sol = full.verdict.solutions.front();
    std::vector<std::string> rows;
    for (const auto& r : sol) rows.push_back(r.get<std::string>());
    // The first third of the cells filled in, the rest not.
    std::size_t k = 0;
    for (auto& r : rows)
      for (auto& ch : r)
        if (k++ % 3 != 0) ch = '?';
    std::set<std::size_t> given;
    for (const auto& g : full.givens) given.insert(*g.place);
    for (int wrong = 0; wrong < 2; ++wrong) {
      auto grid = rows;
      if (wrong) {
        // One cell filled in otherwise than the solution has it (not a given).
        std::size_t at = grid.size() / 2 * grid[0].size();
        while (grid[at / grid[0].size()][at % grid[0].size()] == '?' || given.count(at)) at++;
        char& ch = grid[at / grid[0].size()][at % grid[0].size()];
        ch = c.words.begin()->first == ch ? std::next(c.words.begin())->first : c.words.begin()->first;
      }
      ExplainOptions by_rows;
      by_rows.stop_at_decision = true;
      by_rows.progress = nlohmann::json(grid);
      ExplainOptions by_entries;
      by_entries.stop_at_decision = true;
      by_entries.entries = entries_of_rows(grid, sol, c.words);
      const Explanation a = explain(*lp.encoder, *lp.puzzle, by_rows);
      const Explanation b = explain(*lp.encoder, *lp.puzzle, by_entries);
      EXPECT_EQ(a.mistakes.size(), static_cast<std::size_t>(wrong)) << c.file;
      EXPECT_EQ(mistake_text(a), mistake_text(b)) << c.file;
      EXPECT_EQ(a.known_at_start, b.known_at_start) << c.file;
      ASSERT_EQ(a.steps.size(), b.steps.size()) << c.file;
      if (!wrong) {
        ASSERT_FALSE(a.steps.empty()) << c.file;
        EXPECT_EQ(a.steps.back().facts.front().label, b.steps.back().facts.front().label) << c.file;
      }
      // The places filled in, the givens left out.
      std::size_t filled = 0;
      for (std::size_t r = 0; r < grid.size(); ++r)
        for (std::size_t col = 0; col < grid[r].size(); ++col)
          if (grid[r][col] != '?' && !given.count(r * grid[r].size() + col)) filled++;
      EXPECT_EQ(a.progress_places, filled) << c.file;
    }
  }

  // Sudoku: "." and "0" are not filled in (the form reads no such digit);
  // the object form names places, with the values as the kind writes them.
  const auto lp = puzzle_from_text(kSudoku4);
  const auto sol = explain(*lp.encoder, *lp.puzzle, ExplainOptions{}).verdict.solutions.front();
  const std::string row1 = sol[0].get<std::string>();
  ExplainOptions eo;
  eo.stop_at_decision = true;
  eo.progress = nlohmann::json::array({row1.substr(0, 1) + ".0" + row1.substr(3), "????", "????", "????"});
  Explanation e = explain(*lp.encoder, *lp.puzzle, eo);
  EXPECT_EQ(e.progress_places, 1u);  // r1c1; r1c4 is given
  EXPECT_TRUE(e.mistakes.empty());
  const char wrong = row1[1] == '1' ? '2' : '1';
  eo.progress = nlohmann::json{{"r1c2", std::string(1, wrong)}, {"r1c1", row1.substr(0, 1)}};
  e = explain(*lp.encoder, *lp.puzzle, eo);
  ASSERT_EQ(e.mistakes.size(), 1u);
  EXPECT_EQ(e.mistakes[0].fact.label, fmt::format("r1c2 is {}", wrong));

  // What is not read is an InputError naming where.
  auto refused = [&](const LoadedPuzzle& p, const nlohmann::json& progress, const std::string& id, const std::string& path,
                     const std::string& words) {
    ExplainOptions bad;
    bad.stop_at_decision = true;
    bad.progress = progress;
    bad.progress_path = "/progress";
    try {
      explain(*p.encoder, *p.puzzle, bad);
      ADD_FAILURE() << "read: " << progress.dump();
    } catch (const InputError& err) {
      EXPECT_EQ(err.id(), id) << progress.dump();
      EXPECT_EQ(err.path(), path) << progress.dump();
      EXPECT_NE(std::string(err.what()).find(words), std::string::npos) << err.what();
    }
  };
  refused(lp, nlohmann::json::array({"????", "????"}), "input.shape", "/progress", "expected 4 rows");
  refused(lp, nlohmann::json::array({"???", "????", "????", "????"}), "input.shape", "/progress/0", "expected a row of 4 characters");
  refused(lp, nlohmann::json::array({"?x??", "????", "????", "????"}), "input.value", "/progress/0", "\"x\" at r1c2 (column 2)");
  refused(lp, nlohmann::json{{"r9c9", "1"}}, "input.unknown_name", "/progress/r9c9", "is no place of this puzzle");
  refused(lp, nlohmann::json{{"r1c2", "7"}}, "input.value", "/progress/r1c2", "it takes 1, 2, 3, 4");
  refused(lp, nlohmann::json("1234"), "input.type", "/progress", "expected the solution form's rows");
  // Slitherlink's rows are a drawing of its edges, not a cell per place.
  const auto loop = puzzle_from_file("puzzles/slitherlink/pzprjs_test.json");
  const auto art = explain(*loop.encoder, *loop.puzzle, ExplainOptions{}).verdict.solutions.front();
  refused(loop, art, "input.shape", "/progress", "hint --entry");
}

TEST(Explain, HintReadsAProgressFileOrThePuzzlesOwnField) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("psmt-progress-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string puzzle = kSourceDir + "/puzzles/sudoku/prolog_post.json";
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream((dir / name).string()) << text;
    return (dir / name).string();
  };
  // Lines of text: r1c1 and r1c2 filled in (5 and 2, as the solution has them).
  const std::string rows = "52..49..8\n.1.5...3.\n8.73.....\n.689....5\n2.......6\n4....671.\n.....59.3\n.8...1.6.\n9..23.1..\n";
  auto r = run_cli({"hint", puzzle, "--progress", write("p.txt", rows)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("your progress: 2 cells filled in besides the givens"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nhint: "), std::string::npos) << r.out;
  // A wrong digit: the mistake and its reason.
  std::string bad = rows;
  bad[1] = '9';
  r = run_cli({"hint", puzzle, "--progress", write("bad.txt", bad)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("mistake: r1c2 is 9 cannot be: row 1 holds each digit once"), std::string::npos) << r.out;
  // A letter: one line naming the file and the line, exit 2, nothing on stdout.
  bad[1] = 'x';
  r = run_cli({"hint", puzzle, "--progress", write("letter.txt", bad)});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("letter.txt: line 1: \"x\" at r1c2 (column 2)"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  // The puzzle file's own "progress" field, without --progress; check reads
  // the file as before.
  nlohmann::json j = nlohmann::json::parse(read_file(puzzle));
  j["progress"] = nlohmann::json::array({"5????????"});
  for (int i = 0; i < 8; ++i) j["progress"].push_back("?????????");
  const std::string own = write("own.json", j.dump());
  r = run_cli({"hint", own});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("your progress: 1 cell filled in besides the givens"), std::string::npos) << r.out;
  r = run_cli({"check", own});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  j["progress"] = 7;
  r = run_cli({"hint", write("seven.json", j.dump())});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("seven.json: /progress: expected the solution form's rows"), std::string::npos) << r.err;
  // Rows of numbers as lines of words (a tentaisho's dot numbers, 0 for its
  // hole): cells as the solution has them; then r3c3 written 9 (a dot
  // whose half turn keeps it on the board) where the solution has 7: the
  // mistake. A short row is one located line.
  const std::string gal = kSourceDir + "/puzzles/tentaisho/pzprjs_test.json";
  r = run_cli({"hint", gal, "--progress", write("gal.txt", "1 2 2 2 0\n3 6 4 4 5\n6 6 ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("your progress: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("mistake"), std::string::npos) << r.out;
  r = run_cli({"hint", gal, "--progress", write("galbad.txt", "1 2 2 2 0\n3 6 4 4 5\n6 6 9 ? ?\n? ? ? ? ?\n? ? ? ? ?\n")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("mistake: r3c3 belongs to the dot "), std::string::npos) << r.out;
  r = run_cli({"hint", gal, "--progress", write("galshort.txt", "1 2 2 2\n3 6 4 4 5\n6 6 ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("galshort.txt: line 1: expected a row of 5 cells (separated by spaces), found 4"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

TEST(Explain, FactsAreInTheKindsWords) {
  // Each fact of the whole explanation, in the kind's words, and as the
  // solution has it.
  struct Case {
    std::string json;
    std::function<std::string(const nlohmann::json& solution, int row, int col)> word;  // the true fact at a cell
  };
  auto cell_char = [](const nlohmann::json& s, int r, int c) { return s[r].get<std::string>()[static_cast<std::size_t>(c)]; };
  const std::vector<Case> cases = {
      {R"({"kind": "nonogram", "rows": [[2], [1], [1, 1]], "columns": [[1, 1], [1], [2]]})",
       [&](const nlohmann::json& s, int r, int c) { return std::string(cell_char(s, r, c) == '#' ? "is filled" : "is empty"); }},
      {R"({"kind": "kakuro", "grid": [["#", [4, null], [3, null]], [[null, 4], ".", "."], [[null, 3], ".", "."]]})",
       [&](const nlohmann::json& s, int r, int c) { return "is " + std::string(1, cell_char(s, r, c)); }},
      {read_file(kSourceDir + "/puzzles/magnets/collection_example_3x3.json"),
       [&](const nlohmann::json& s, int r, int c) {
         const char ch = cell_char(s, r, c);
         return ch == '.' ? std::string("is not +") : "is " + std::string(1, ch);
       }},
      {read_file(kSourceDir + "/puzzles/shakashaka/pzprjs_test.json"), [&](const nlohmann::json& s, int r, int c) {
         static const std::map<char, std::string> corner = {{'L', "lower left"}, {'J', "lower right"}, {'7', "upper right"}, {'F', "upper left"}};
         const char ch = cell_char(s, r, c);
         if (ch == '.' || ch == '#') return std::string("holds no triangle");
         return fmt::format("holds a triangle at its {} ({})", corner.at(ch), ch);
       }},
      // Hidoku in its "open" encoding (bool prunes by the givens): a cell's number.
      {R"({"kind": "hidoku", "board": ["1 2 15 16", "3 _ _ 12", "_ 7 9 _", "6 _ 8 10"]})",
       [&](const nlohmann::json& s, int r, int c) { return "is " + std::to_string(s["grid"][r][c].get<int>()); }},
      // Tentaisho is explained in its "open" encoding (the others narrow
      // each cell's dots by the dots given): a cell belongs to a dot.
      {read_file(kSourceDir + "/puzzles/tentaisho/pzprjs_test.json"), [&](const nlohmann::json& s, int r, int c) {
         const auto lp = puzzle_from_file("puzzles/tentaisho/pzprjs_test.json");
         const auto& b = static_cast<const tentaisho::Board&>(*lp.puzzle);
         const int g = s[r][c].get<int>();
         return "belongs to the " + tentaisho::dot_label(b, b.dots[static_cast<std::size_t>(g - 1)]);
       }}};
  for (const auto& c : cases) {
    const auto lp = puzzle_from_text(c.json);
    const Explanation e = explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
    ASSERT_TRUE(e.complete) << c.json;
    const auto& sol = e.verdict.solutions.front();
    std::size_t true_facts = 0;
    for (const auto& step : e.steps)
      for (const auto& f : step.facts) {
        EXPECT_EQ(f.label.find(": its "), std::string::npos) << f.label;
        ASSERT_TRUE(f.cell) << f.label;
        const std::string at = fmt::format("r{}c{} ", f.cell->row + 1, f.cell->col + 1);
        ASSERT_EQ(f.label.substr(0, at.size()), at) << f.label;
        if (f.value) {
          true_facts++;
          EXPECT_EQ(f.label.substr(at.size()), c.word(sol, f.cell->row, f.cell->col)) << f.label;
        }
      }
    EXPECT_GT(true_facts, 0u) << c.json;
  }
}

}  // namespace
// Double choco's block rule is a test of whole areas: explain says so and
// stops (a usage error, exit 2), naming the rule, rather than search.
TEST(Explain, AnAreaTestIsRefusedByName) {
  const auto lp = puzzle_from_file("puzzles/dbchoco/pzprjs_test.json");
  try {
    explain(*lp.encoder, *lp.puzzle, ExplainOptions{});
    ADD_FAILURE() << "explained";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("\"each block is a white half and a grey half of one shape\" is a test of whole areas"),
              std::string::npos)
        << e.what();
  }
  const auto r = run_cli({"explain", kSourceDir + "/puzzles/dbchoco/pzprjs_test.json"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
}

// Every kind names every rule: what explain leaves in no named group is
// definitions of auxiliary variables, facts known from the start (a cell
// with no tree beside it holds no tent) and what values one place can
// take (hashi's "2 bridges" is "a bridge" too), never a rule between two
// places. Checked on every unique puzzle of puzzles/: models of the
// unnamed rules and of each place's own rules (named or not: "r2c3 holds
// one digit") are mixed place by place (each place's values taken from a
// model picked at random), and each mix satisfies them again.
TEST(Explain, EveryRuleOutsideTheNamedOnesOnlyDefinesAuxiliaries) {
  std::mt19937 rng(7);
  std::map<std::string, std::vector<std::string>> failing;  // kind -> files
  for (const auto& file : puzzle_files()) {
    const auto j = nlohmann::json::parse(read_file(kSourceDir + "/" + file));
    if (j.value("expect", nlohmann::json::object()).value("status", "") != "unique") continue;
    SCOPED_TRACE(file);
    const auto lp = puzzle_from_file(file);
    const std::string kind(lp.encoder->kind());
    // The encoding explain takes.
    RunOptions ro;
    ro.limit = 2;
    const Result checked = run(*lp.encoder, *lp.puzzle, ro);
    Context ctx;
    std::optional<Encoding> taken;
    std::string encoding;
    for (const auto& name : explain_encodings(*lp.encoder, "", checked.encoding)) {
      RuleNaming naming;
      EncodeOptions o;
      o.name_rules = true;
      Encoding enc = lp.encoder->encode(*lp.puzzle, ctx, name, o);
      if (!explain_refuses(enc).empty()) continue;
      taken = std::move(enc);
      encoding = name;
      break;
    }
    if (!taken) continue;  // no encoding explain can take (equation grids: bit-vectors)
    Encoding& enc = *taken;
    // A decision variable's place; a variable of no place is a place of
    // its own.
    const std::size_t n = enc.decision_vars.size();
    std::vector<std::vector<unsigned>> places = enc.places;
    std::vector<long> place_of(n, -1);
    for (std::size_t p = 0; p < places.size(); ++p)
      for (unsigned v : places[p]) place_of[v] = static_cast<long>(p);
    for (unsigned v = 0; v < n; ++v)
      if (place_of[v] < 0) {
        place_of[v] = static_cast<long>(places.size());
        places.push_back({v});
      }
    std::map<unsigned, unsigned> var_of;  // Expr id -> decision variable
    for (unsigned v = 0; v < n; ++v) var_of[enc.decision_vars[v].id()] = v;
    // The places a rule speaks of (its decision variables').
    auto places_of = [&](const Expr& e) {
      std::set<long> out;
      std::set<unsigned> seen;
      std::vector<Expr> stack{e};
      while (!stack.empty()) {
        Expr x = stack.back();
        stack.pop_back();
        if (!seen.insert(x.id()).second) continue;
        if (auto f = var_of.find(x.id()); f != var_of.end()) out.insert(place_of[f->second]);
        for (unsigned i = 0; i < x.num_args(); ++i) stack.push_back(x.arg(i));
      }
      return out;
    };
    std::vector<bool> named(enc.rules.size(), false), own(enc.rules.size(), false);
    for (const auto& g : enc.named_rules) {
      std::set<long> at;
      for (std::size_t i = g.first; i < g.last; ++i) {
        named[i] = true;
        for (long p : places_of(enc.rules[static_cast<unsigned>(i)])) at.insert(p);
      }
      if (at.size() == 1)  // (a rule over auxiliaries alone speaks of no place: not one place's own)
        for (std::size_t i = g.first; i < g.last; ++i) own[i] = true;
    }
    // Graph rules are items of their own: guarded by a selector never assumed.
    for (std::size_t k = 0; k < enc.lazy_rules.size(); ++k)
      enc.lazy_rules[k].guard = ctx.bool_const(fmt::format("unassumed!{}", k).c_str());
    auto solver = detail::make_backend("cadical", ctx, enc, encoding);
    // Each unnamed rule behind a selector, always assumed: a refused
    // assignment's core names the rules that refuse it.
    std::vector<Expr> on;
    std::map<unsigned, std::size_t> rule_of;
    for (std::size_t i = 0; i < enc.rules.size(); ++i)
      if (!named[i]) {
        on.push_back(ctx.bool_const(fmt::format("unnamed!{}", i).c_str()));
        rule_of[on.back().id()] = i;
        solver->add(implies(on.back(), enc.rules[static_cast<unsigned>(i)]));
      } else if (own[i]) {
        solver->add(enc.rules[static_cast<unsigned>(i)]);
      }
    auto check = [&](std::vector<Expr> as) {
      as.insert(as.end(), on.begin(), on.end());
      detail::Budget budget(ctx, Limits{});
      return solver->check(budget, as);
    };
    // The values the unnamed rules fix (a backbone): a variable is free
    // once models with either value have been seen.
    std::vector<std::array<bool, 2>> seen(n, {false, false});
    std::vector<std::vector<int64_t>> models;
    auto saw = [&] {
      models.push_back(solver->values());
      for (std::size_t v = 0; v < n; ++v) seen[v][models.back()[v] ? 1 : 0] = true;
    };
    ASSERT_EQ(check({}), z3::sat) << "the unnamed rules alone have no model";
    saw();
    for (std::size_t v = 0; v < n; ++v) {
      if (seen[v][0] && seen[v][1]) continue;
      const bool b = !seen[v][1];  // the value not seen yet
      const Expr x = enc.decision_vars[static_cast<unsigned>(v)];
      if (check({b ? x : !x}) == z3::sat) saw();
    }
    int refused = 0;
    std::set<std::string> sample;
    for (int round = 0; round < 22; ++round) {
      std::vector<int64_t> mix(n, 0);
      for (const auto& pl : places) {
        const auto& from = models[rng() % models.size()];
        for (unsigned v : pl) mix[v] = from[v];
      }
      std::vector<Expr> as;
      for (std::size_t v = 0; v < n; ++v) {
        const Expr x = enc.decision_vars[static_cast<unsigned>(v)];
        as.push_back(mix[v] ? x : !x);
      }
      if (check(as) == z3::sat) continue;
      ++refused;
      for (const auto& c : solver->core())
        if (auto f = rule_of.find(c.id()); f != rule_of.end() && sample.size() < 4)
          sample.insert(enc.rules[static_cast<unsigned>(f->second)].to_string().substr(0, 200));
    }
    fmt::print("MODELS {} {} refused {}\n", file, models.size(), refused);
    if (refused) {
      failing[kind].push_back(file);
      fmt::print("{}: encoding {}: {} of 22 mixes of {} models refused by rules in no named group, such as:\n  {}\n", file,
                 encoding, refused, models.size(), fmt::join(sample, "\n  "));
    }
  }
  // Kinds whose rules are not all named yet (docs/explain.md says which).
  const std::set<std::string> not_yet = {};
  for (const auto& [kind, files] : failing) EXPECT_TRUE(not_yet.count(kind)) << kind << ": " << fmt::format("{}", fmt::join(files, ", "));
  for (const auto& kind : not_yet) EXPECT_TRUE(failing.count(kind)) << kind << " names every rule now: take it off the list";
}

}  // namespace psmt::testing
