// The two solver back ends (engine/backend.h): Z3 and CaDiCaL agree on every
// puzzle file; CaDiCaL refuses what it cannot take by the encoding's name;
// --certify and --proof re-prove the UNSAT steps a verdict rests on.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>

#include "engine/backend.h"
#include "engine/diagnose.h"
#include "engine/engine.h"
#include "engine/expr.h"
#include "engine/session.h"
#include "helpers.h"

namespace psmt::testing {
namespace {

namespace fs = std::filesystem;

// Proof options are process-wide: each test that sets them puts them back.
struct ProofScope {
  explicit ProofScope(const std::string& dir) {
    set_certify(true);
    set_proof_dir(dir);
  }
  ~ProofScope() {
    set_certify(false);
    set_proof_dir("");
  }
};

// Kinds whose Boolean encodings are written as the engine's own formulas
// (engine/expr.h), so that CaDiCaL runs them without Z3.
const std::set<std::string> kBooleanKinds = {"sudoku", "futoshiki", "kenken", "skyscrapers", "polyomino",
                                            "slitherlink", "masyu", "hashi", "gokigen", "nurikabe", "hitori",
                                            "kurodoko", "heyawake", "yajilin", "tentaisho", "fillomino", "nonogram", "kakuro"};

// The kind's default encoding, or its first one CaDiCaL takes; verdict and
// solutions (the unique one, or two) the same on both back ends. One test per
// file in puzzles/, so that they spread over the cores.
class EveryPuzzleFile : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryPuzzleFile, BothBackEndsAgree) {
  const std::string rel = GetParam();
  auto lp = puzzle_from_file(rel);
  std::string enc;
  // The puzzle's default encoding first: of a Boolean kind, it must run on
  // CaDiCaL (a sum it cannot turn into clauses is a failure, not a reason
  // to try another encoding).
  const std::string preferred = lp.encoder->default_encoding(*lp.puzzle);
  if (kBooleanKinds.count(lp.kind) && preferred.rfind("int", 0) != 0) {
    ASSERT_TRUE(runs_on_cadical(lp, preferred)) << lp.kind << " in " << preferred;
    enc = preferred;
  }
  for (const auto& info : lp.encoder->encodings())
    if (enc.empty() && runs_on_cadical(lp, info.name)) enc = info.name;
  ASSERT_FALSE(enc.empty()) << "no encoding of " << lp.kind << " runs on CaDiCaL";
  Result z = run_puzzle(lp, enc, 2, "z3");
  const uint64_t contexts = Context::z3_contexts_made();
  Result c = run_puzzle(lp, enc, 2, "cadical");
  EXPECT_EQ(c.solver, "cadical");
  // The clause path: a Boolean kind solved on CaDiCaL (its conflict
  // included) never makes a Z3 context.
  if (kBooleanKinds.count(lp.kind))
    EXPECT_EQ(Context::z3_contexts_made(), contexts) << lp.kind << " in " << enc << " made a Z3 context on CaDiCaL";
  EXPECT_EQ(status_name(z.status), status_name(c.status)) << enc;
  EXPECT_EQ(z.solutions_found, c.solutions_found) << enc;
  EXPECT_EQ(z.complete, c.complete) << enc;
  if (z.status == Status::Unique) EXPECT_EQ(z.solutions, c.solutions) << enc;
  for (const auto& sol : c.solutions) EXPECT_TRUE(lp.encoder->check(*lp.puzzle, sol).empty()) << enc;
  if (z.status == Status::None) {  // the conflict found on CaDiCaL's failed assumptions is a conflict too
    ASSERT_TRUE(c.conflict);
    EXPECT_TRUE(c.conflict->minimal);
    EXPECT_FALSE(c.conflict->clues.empty() && !c.conflict->rules_alone);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, EveryPuzzleFile, ::testing::ValuesIn(puzzle_files()), [](const auto& info) {
  std::string s = info.param;
  for (auto& c : s)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
});

// No Z3 context on CaDiCaL for a Boolean kind, through every command:
// diagnose of a puzzle without a solution (conflicts, repairs) and of one
// with several (backbone, extra givens), in process and as a process (whose
// --stats show no context phase).
TEST(ClausePath, DiagnoseAndTheCommandLineMakeNoZ3ContextOnCaDiCaL) {
  for (const std::string rel : {"puzzles/sudoku/niobaras_original.json", "puzzles/sudoku/prolog_post_two_solutions.json",
                                "puzzles/slitherlink/pzprjs_test_r5c5_misprinted.json"}) {
    auto lp = puzzle_from_file(rel);
    DiagnoseOptions o;
    o.solver = "cadical";
    const uint64_t before = Context::z3_contexts_made();
    Diagnosis d = diagnose(*lp.encoder, *lp.puzzle, o);
    EXPECT_EQ(Context::z3_contexts_made(), before) << rel;
    EXPECT_TRUE(d.complete) << rel;
    if (d.verdict.status == Status::None) {
      ASSERT_FALSE(d.conflicts.empty()) << rel;
      EXPECT_FALSE(d.conflicts.front().clues.empty()) << rel;
    } else {
      EXPECT_EQ(status_name(d.verdict.status), std::string("multiple")) << rel;
      EXPECT_FALSE(d.extra_givens.empty()) << rel;
    }
  }
  auto r = run_cli({"check", "--solver", "cadical", "--json", "--stats", kSourceDir + "/puzzles/sudoku/prolog_post.json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "unique");
  EXPECT_EQ(j["stats"]["phases_ms"]["context"], 0.0) << r.out;
  r = run_cli({"check", "--solver", "z3", "--json", "--stats", kSourceDir + "/puzzles/sudoku/prolog_post.json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_GT(nlohmann::json::parse(r.out)["stats"]["phases_ms"]["context"].get<double>(), 0.0) << "Z3 makes one";
}

TEST(Backends, NoKindIsLeftWithoutABooleanEncodingWhereItHasOne) {
  // Every kind but those whose encodings all use Int variables runs on
  // CaDiCaL: per kind, its first puzzle file in an encoding CaDiCaL takes.
  std::set<std::string> runs, refused;
  for (const auto& rel : puzzle_files()) {
    auto lp = puzzle_from_file(rel);
    if (runs.count(lp.kind) || refused.count(lp.kind)) continue;
    bool any = false;
    for (const auto& info : lp.encoder->encodings())
      if (runs_on_cadical(lp, info.name)) {
        any = true;
        break;
      }
    (any ? runs : refused).insert(lp.kind);
  }
  for (const char* kind : {"sudoku", "futoshiki", "polyomino", "logic_grid", "nonogram", "kakuro", "kenken",
                           "skyscrapers", "jodici", "hidoku", "xor_keystream", "equation_grid", "disk_rotation"})
    EXPECT_TRUE(runs.count(kind)) << kind;
  EXPECT_TRUE(refused.empty());
}

TEST(Backends, CaDiCaLSessionGivesTheVerdictsOfZ3) {
  // Batch mode on CaDiCaL: rules once, givens as assumptions, a guarded
  // blocking clause; unique, multiple and none puzzles in turn.
  std::vector<LoadedPuzzle> puzzles;
  std::istringstream in(read_file(kCorpusDir + "/radcliffe200.jsonl"));
  std::string line;
  for (int i = 0; i < 40 && std::getline(in, line); ++i) puzzles.push_back(puzzle_from_text(line));
  puzzles.push_back(puzzle_from_file("puzzles/sudoku/prolog_post_two_solutions.json"));
  puzzles.push_back(puzzle_from_text(R"({"kind": "sudoku", "grid": ["3_3_49__8","_1_5___3_","8_73_____","_689____5",
      "2_______6","4____671_","_____59_3","_8___1_6_","9__23_1__"]})"));
  Session cadical(*puzzles[0].encoder, "bool-pairwise", "cadical");
  std::map<Status, int> seen;
  for (int round = 0; round < 2; ++round)
    for (const auto& lp : puzzles) {
      Result want = run_puzzle(lp, "bool-pairwise", 2, "z3");
      Result got = cadical.check(*lp.puzzle, {});
      EXPECT_EQ(status_name(got.status), status_name(want.status)) << lp.file;
      if (want.status == Status::Unique) EXPECT_EQ(got.solutions, want.solutions) << lp.file;
      seen[got.status]++;
    }
  EXPECT_EQ(seen[Status::Multiple], 2);
  EXPECT_EQ(seen[Status::None], 2);
  EXPECT_GT(cadical.reused(), 70u);
}

TEST(Backends, RenewedSessionsGiveTheVerdictsOfFreshRunsAndCertifyTheirUniquenessSteps) {
  // A shared solver renewed every 4 puzzles (Backend::renew: back to the
  // rules' clauses) on both back ends: unique, multiple and none puzzles,
  // some whose clues are literals (givens: assumptions) and some whose
  // clues are not (greater-than signs: on a solver renewed from the rules,
  // asserted outright), each compared with a fresh run. The uniqueness
  // check excludes the first solution for that check only
  // (check_excluding), or on a solver of that puzzle alone, so no verdict
  // leaks into the next puzzle.
  std::vector<LoadedPuzzle> puzzles;
  std::istringstream in(read_file(kCorpusDir + "/radcliffe200.jsonl"));
  std::string line;
  for (int i = 0; i < 12 && std::getline(in, line); ++i) puzzles.push_back(puzzle_from_text(line));
  for (const char* f : {"puzzles/sudoku/prolog_post_two_solutions.json", "puzzles/sudoku/niobaras_original.json",
                        "puzzles/sudoku/niobaras_fixed.json", "puzzles/sudoku/prolog_post_three_givens_removed.json"})
    puzzles.insert(puzzles.begin() + static_cast<long>(puzzles.size() / 2), puzzle_from_file(f));
  std::vector<Result> fresh;  // by position (puzzles read from text share a file name)
  for (const auto& lp : puzzles) fresh.push_back(run_puzzle(lp, "bool-pairwise", 2, "z3"));
  for (const std::string solver : {"z3", "cadical"}) {
    SCOPED_TRACE(solver);
    Session session(*puzzles[0].encoder, "bool-pairwise", solver);
    session.set_renewal(4);
    std::map<Status, int> seen;
    for (int round = 0; round < 3; ++round)
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const LoadedPuzzle& lp = puzzles[i];
        const Result& want = fresh[i];
        Result got = session.check(*lp.puzzle, {});
        ASSERT_EQ(status_name(got.status), status_name(want.status)) << lp.file << " round " << round;
        if (want.status == Status::Unique) EXPECT_EQ(got.solutions, want.solutions) << lp.file;
        if (want.status == Status::Multiple) EXPECT_EQ(got.solutions.size(), 2u) << lp.file;
        seen[got.status]++;
      }
    EXPECT_EQ(seen[Status::None], 3);
    EXPECT_EQ(seen[Status::Multiple], 6);
    EXPECT_EQ(session.renewals(), (3 * puzzles.size() - 1) / 4);
  }
  // With --certify, each uniqueness step (the first solution excluded by
  // CaDiCaL's constraint clause, or by a guard on Z3) and each "none" is
  // proved again with the clause in the proof's CNF, also after renewals.
  const fs::path dir = fs::temp_directory_path() / ("psmt-renew-proofs-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  {
    ProofScope scope(dir.string());
    for (const std::string solver : {"z3", "cadical"}) {
      SCOPED_TRACE(solver);
      Session session(*puzzles[0].encoder, "bool-pairwise", solver);
      session.set_renewal(3);
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        Result got = session.check(*puzzles[i].puzzle, {});
        ASSERT_EQ(got.status, fresh[i].status) << puzzles[i].file;
        EXPECT_EQ(got.certified, got.status == Status::Multiple ? 0u : 1u) << puzzles[i].file;
      }
      EXPECT_GT(session.renewals(), 3u);
    }
  }
  fs::remove_all(dir);
}

TEST(Backends, VariantsInABatchRunOnASolverRenewedFromTheRulesWithTheVerdictsOfFreshRuns) {
  // Variant puzzles (killer cages, sums, arrows: clues that are not
  // literals, with definitions of their own) among plain ones, on one
  // session: each variant on the solver renewed from the 9x9 rules, its own
  // rules and clues asserted outright; a plain one after it renews too
  // (nothing of the variant may stay). Verdicts and solutions as fresh runs,
  // and every puzzle after the first on the shared solver.
  std::vector<LoadedPuzzle> puzzles;
  for (const char* f : {"puzzles/sudoku/killer_blister.json", "puzzles/sudoku/prolog_post.json", "puzzles/sudoku/sandwich_sudoku.json",
                        "puzzles/sudoku/prolog_post_two_solutions.json", "puzzles/sudoku/159_arrows.json",
                        "puzzles/sudoku/niobaras_original.json", "puzzles/sudoku/blitz.json", "puzzles/sudoku/prolog_post.json"})
    puzzles.push_back(puzzle_from_file(f));
  for (const std::string solver : {"cadical", "z3"}) {
    SCOPED_TRACE(solver);
    Session session(*puzzles[0].encoder, "bool-pairwise", solver);
    for (int round = 0; round < 2; ++round)
      for (const auto& lp : puzzles) {
        const Result want = run_puzzle(lp, "bool-pairwise", 2, solver);
        const Result got = session.check(*lp.puzzle, {});
        ASSERT_EQ(status_name(got.status), status_name(want.status)) << lp.file;
        if (want.status == Status::Unique) EXPECT_EQ(got.solutions, want.solutions) << lp.file;
        if (want.status == Status::Multiple) EXPECT_EQ(got.solutions.size(), 2u) << lp.file;
      }
    EXPECT_EQ(session.reused(), 2 * puzzles.size() - 1);
  }
}

TEST(Backends, CaDiCaLOptionsAreCheckedBeforeTheRunAndKeepTheVerdicts) {
  const std::string p = kSourceDir + "/puzzles/sudoku/prolog_post.json";
  // Names and values CaDiCaL refuses or would clip: exit 2, one line.
  for (const auto& [arg, part] : std::vector<std::pair<std::string, std::string>>{
           {"bogus=1", "CaDiCaL has no option of that name"},
           {"shrink=9", "outside the range CaDiCaL allows (it would use 3)"},
           {"shrink=x", "expected true, false or a whole number"},
           {"chrono", "is not KEY=VALUE"}}) {
    CliResult r = run_cli({"check", "--solver", "cadical", "--cadical", arg, p});
    EXPECT_EQ(r.exit_code, 2) << arg << r.err;
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "");
  }
  // CaDiCaL's own chronological backtracking back on, and options that
  // change the search: the same verdict and solution, and the Z3 hazard
  // reproducer unique under each, in check and in batch.
  CliResult ours = run_cli({"check", "--json", "--solver", "cadical", p});
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--cadical", "chrono=1"},
        std::vector<std::string>{"--cadical", "phase=false", "--cadical", "seed=7", "--cadical", "stabilize=0"}}) {
    std::vector<std::string> args = {"check", "--json", "--solver", "cadical"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(p);
    CliResult r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(r.out)["solutions"], nlohmann::json::parse(ours.out)["solutions"]);
    args.back() = kSourceDir + "/tests/data/z3-hazards/puzzle.txt";
    EXPECT_EQ(run_cli(args).exit_code, 0);
    std::vector<std::string> batch = {"batch", "--solver", "cadical", "-q", "--renew", "2", "--kind", "sudoku"};
    batch.insert(batch.end(), extra.begin(), extra.end());
    batch.push_back(kSourceDir + "/tests/data/z3-hazards/puzzle.txt");
    batch.push_back(p);
    batch.push_back(kSourceDir + "/tests/data/z3-hazards/puzzle.txt");
    CliResult b = run_cli(batch);
    EXPECT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(std::count(b.out.begin(), b.out.end(), '\n'), 3) << b.out;
    std::istringstream records(b.out);
    for (std::string rec; std::getline(records, rec);) EXPECT_EQ(nlohmann::json::parse(rec)["status"], "unique") << rec;
  }
}

TEST(Backends, IntEncodingsAndUnknownSolversAreRefusedInOneLine) {
  const std::string f = kSourceDir + "/puzzles/sudoku/prolog_post.json";
  CliResult a = run_cli({"check", "--solver", "cadical", "-e", "int-fd", f});
  EXPECT_EQ(a.exit_code, 2);
  EXPECT_EQ(a.out, "");
  EXPECT_NE(a.err.find("encoding int-fd cannot run on CaDiCaL"), std::string::npos) << a.err;
  EXPECT_EQ(std::count(a.err.begin(), a.err.end(), '\n'), 1) << a.err;
  CliResult b = run_cli({"check", "--solver", "minisat", f});
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("unknown solver \"minisat\""), std::string::npos) << b.err;
  CliResult c = run_cli({"check", "--json", "--solver", "cadical", f});
  EXPECT_EQ(c.exit_code, 0) << c.err;
  auto j = nlohmann::json::parse(c.out);
  EXPECT_EQ(j["solver"], "cadical");
  EXPECT_EQ(j["status"], "unique");
}

TEST(Backends, BenchComparesSolversLikeEncodings) {
  CliResult r = run_cli({"bench", "--solver", "z3,cadical", "--encodings", "bool-pairwise,int-fd",
                         kSourceDir + "/puzzles/sudoku/prolog_post.json",
                         kSourceDir + "/puzzles/sudoku/prolog_post_two_solutions.json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(",bool-pairwise@cadical,unique,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(",bool-pairwise@cadical,multiple,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(",int-fd,unique,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not run: sudoku/int-fd@cadical: encoding int-fd cannot run on CaDiCaL"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("0 disagreements"), std::string::npos) << r.out;
}

TEST(Certify, NiobarasNoneAndItsFixUniqueAreCertifiedOnBothBackEnds) {
  const fs::path dir = fs::temp_directory_path() / ("psmt-proofs-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  {
    ProofScope scope(dir.string());
    auto broken = puzzle_from_file("puzzles/sudoku/niobaras_original.json");
    auto fixed = puzzle_from_file("puzzles/sudoku/niobaras_fixed.json");
    for (const std::string solver : {"z3", "cadical"}) {
      SCOPED_TRACE(solver);
      Result none = run_puzzle(broken, "", 2, solver);
      EXPECT_EQ(none.status, Status::None);
      EXPECT_EQ(none.certified, 1u);  // the one UNSAT answer: no solution
      Result unique = run_puzzle(fixed, "", 2, solver);
      EXPECT_EQ(unique.status, Status::Unique);
      EXPECT_EQ(unique.certified, 1u);  // no second solution
      // Batch mode certifies its uniqueness step too.
      Session session(*fixed.encoder, "", solver);
      Result s = session.check(*fixed.puzzle, {});
      EXPECT_EQ(s.status, Status::Unique);
      EXPECT_EQ(s.certified, 1u);
    }
  }
  // Each certified step left its clauses and its DRAT proof; the CNF's
  // header counts its clauses, the last of which are the assumptions.
  int cnfs = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".cnf") continue;
    cnfs++;
    fs::path drat = e.path();
    drat.replace_extension(".drat");
    ASSERT_TRUE(fs::exists(drat)) << drat;
    EXPECT_GT(fs::file_size(drat), 0u) << drat;
    std::ifstream in(e.path());
    std::string l, header;
    uint64_t clauses = 0;
    while (std::getline(in, l)) {
      if (l.rfind("p cnf", 0) == 0) header = l;
      else if (!l.empty() && l[0] != 'c') clauses++;
    }
    std::istringstream h(header);
    std::string p, cnf;
    uint64_t vars = 0, declared = 0;
    h >> p >> cnf >> vars >> declared;
    EXPECT_GT(vars, 729u) << e.path();
    EXPECT_EQ(clauses, declared) << e.path();
  }
  EXPECT_EQ(cnfs, 6);
  fs::remove_all(dir);
}

TEST(Certify, TheCommandLineSaysTheVerdictIsCertified) {
  CliResult r = run_cli({"check", "--certify", kSourceDir + "/puzzles/sudoku/niobaras_original.json"});
  EXPECT_EQ(r.exit_code, 20) << r.err;
  EXPECT_NE(r.out.find("certified: the proof of each of the 1 UNSAT step the verdict rests on was checked by CaDiCaL"),
            std::string::npos)
      << r.out;
  CliResult j = run_cli({"check", "--json", "--solver", "cadical", "--certify",
                         kSourceDir + "/puzzles/sudoku/niobaras_fixed.json"});
  EXPECT_EQ(j.exit_code, 0) << j.err;
  auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["certified"]["unsat_steps"], 1);
  CliResult bad = run_cli({"check", "--proof", "/proc/no/such/dir", kSourceDir + "/puzzles/sudoku/niobaras_fixed.json"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--proof"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace psmt::testing
