// explain, hint and grade: every step is re-checked here on a fresh solver of
// the other back end, built from a fresh encoding of the puzzle, not by the
// explainer's own solver: the step's items with the facts known before it
// refute each of its facts, and without any one of its items they do not.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "app/pipeline.h"
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
                                          "puzzles/akari/pzprjs_test.json"};
  for (const auto& f : files) EXPECT_GT(expect_every_step_minimal(puzzle_from_file(f), "cadical", "z3"), 3u) << f;
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

}  // namespace
}  // namespace psmt::testing
