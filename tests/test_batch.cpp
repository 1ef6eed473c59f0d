// batch: JSONL records, --resume after SIGKILL loses and repeats nothing,
// --shard splits a corpus exactly, line corpora, bad records.
#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "engine/differential.h"
#include "helpers.h"

extern char** environ;

namespace psmt::testing {
namespace {

std::vector<nlohmann::json> read_records(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::istringstream in(read_file(path));
  std::string line;
  while (std::getline(in, line)) out.push_back(nlohmann::json::parse(line));  // every line whole JSON
  return out;
}

// The tool started in the background (its pid; 0 if it could not start).
pid_t spawn_tool(const std::vector<std::string>& tool_args) {
  std::vector<std::string> args = {kBinary};
  args.insert(args.end(), tool_args.begin(), tool_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  return posix_spawn(&pid, kBinary.c_str(), nullptr, nullptr, argv.data(), environ) == 0 ? pid : 0;
}

TEST(Batch, ResumeAfterSigkillGivesEveryRecordExactlyOnce) {
  const std::string corpus = kCorpusDir + "/radcliffe200.jsonl";
  const std::string out = ::testing::TempDir() + "/batch_resume.jsonl";
  std::remove(out.c_str());
  // A slow mode (a fresh solver per puzzle, the solver named so that the
  // grid's own search does not decide them first), killed while it writes,
  // once it has written 10 records.
  pid_t pid = spawn_tool({"batch", corpus, "-o", out, "--fresh-solver", "--solver", "cadical", "-q"});
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(wait_until([&] { return lines_in(out) >= 10; }));
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before the kill; the corpus is too small to test resume";
  auto before = read_records(out);
  EXPECT_GT(before.size(), 0u);
  EXPECT_LT(before.size(), 200u);
  // A torn last line, as a kill inside a write would leave.
  { std::ofstream(out, std::ios::app) << R"({"index": 199, "file": "torn)"; }
  CliResult c = run_cli({"batch", corpus, "-o", out, "--resume"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_NE(c.err.find("already done (--resume)"), std::string::npos) << c.err;
  auto all = read_records(out);
  ASSERT_EQ(all.size(), 200u);
  std::set<uint64_t> seen;
  for (const auto& r : all) {
    EXPECT_TRUE(seen.insert(r["index"].get<uint64_t>()).second) << "record " << r["index"] << " twice";
    EXPECT_EQ(r["status"], "unique") << r.dump();
  }
  EXPECT_EQ(*seen.rbegin(), 199u);
}

TEST(Batch, ShardsSplitTheCorpusExactly) {
  const std::string corpus = kCorpusDir + "/radcliffe200.jsonl";
  std::map<uint64_t, int> owner;
  for (int i = 1; i <= 3; ++i) {
    CliResult c = run_cli({"batch", corpus, "--limit", "30", "--shard", std::to_string(i) + "/3", "--no-solutions", "-q"});
    ASSERT_EQ(c.exit_code, 0) << c.err;
    std::istringstream in(c.out);
    std::string line;
    while (std::getline(in, line)) {
      auto r = nlohmann::json::parse(line);
      uint64_t k = r["index"].get<uint64_t>();
      EXPECT_EQ(k % 3, static_cast<uint64_t>(i - 1));
      EXPECT_FALSE(owner.count(k)) << k << " in two shards";
      owner[k] = i;
      EXPECT_FALSE(r.contains("solutions"));
    }
  }
  EXPECT_EQ(owner.size(), 30u);
  CliResult bad = run_cli({"batch", corpus, "--shard", "4/3"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--shard: expected i/n"), std::string::npos) << bad.err;
}

TEST(Batch, LineCorporaAndBadRecords) {
  const std::string dir = ::testing::TempDir();
  {
    std::ofstream f(dir + "/lines.txt");
    f << "# a comment\n95\n"  // a count line, as norvig_top95.txt starts
      << "..3.49..8.1.5...3.8.73......689....52.......64....671......59.3.8...1.6.9..23.1..\n"
      << "..3.49..8.1.5...3.8.73......689....52.......64....671......59.3.8...1.6.9..23.1.\n"  // 80 characters
      << "3.3.49..8.1.5...3.8.73......689....52.......64....671......59.3.8...1.6.9..23.1..\n";
  }
  CliResult c = run_cli({"batch", "--kind", "sudoku", dir + "/lines.txt", "-q"});
  EXPECT_EQ(c.exit_code, 2) << "a bad record makes the batch exit 2";
  std::vector<nlohmann::json> recs;
  std::istringstream in(c.out);
  for (std::string line; std::getline(in, line);) recs.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(recs.size(), 3u);
  std::map<uint64_t, nlohmann::json> by;
  for (const auto& r : recs) by[r["index"].get<uint64_t>()] = r;
  EXPECT_EQ(by[0]["status"], "unique");
  EXPECT_EQ(by[0]["file"], dir + "/lines.txt:3");
  EXPECT_EQ(by[1]["status"], "error");
  EXPECT_NE(by[1]["error"].get<std::string>().find("lines.txt:4"), std::string::npos) << by[1].dump();
  EXPECT_EQ(by[2]["status"], "none");
  CliResult nokind = run_cli({"batch", dir + "/lines.txt"});
  EXPECT_EQ(nokind.exit_code, 2);
  EXPECT_NE(nokind.err.find("--kind"), std::string::npos);
  // A file in which no line is a puzzle is bad input, not "0 puzzles".
  static const char kBinaryBytes[] = "\x7f" "ELF\x01\x00\x02 not a corpus\n";
  std::ofstream(dir + "/binary.txt") << std::string(kBinaryBytes, sizeof kBinaryBytes - 1);
  CliResult none = run_cli({"batch", "--kind", "sudoku", dir + "/binary.txt"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("binary.txt: no line holds a puzzle"), std::string::npos) << none.err;
  EXPECT_EQ(none.out, "");
}

TEST(Batch, RecordsUseTheKeysOfCheckJson) {
  // The same puzzle through `check --json` and `batch`: the same names for
  // the same fields, so one script reads both.
  const std::string file = kSourceDir + "/puzzles/sudoku/prolog_post_two_solutions.json";
  for (const char* mode : {"--fresh-solver", "-j1"}) {
    auto rep = nlohmann::json::parse(run_cli({"check", "--json", file}).out);
    CliResult b = run_cli({"batch", file, "-q", mode});
    ASSERT_EQ(b.exit_code, 0) << b.err;
    auto rec = nlohmann::json::parse(b.out);
    for (const char* key : {"file", "kind", "encoding", "status", "solutions_found", "solutions", "stats"}) {
      ASSERT_TRUE(rec.contains(key)) << mode << ": batch record has no " << key << ": " << rec.dump();
      ASSERT_TRUE(rep.contains(key)) << "check --json has no " << key;
      EXPECT_EQ(rec[key].type(), rep[key].type()) << key;
    }
    EXPECT_EQ(rec["status"], "multiple");
    auto sorted = [](nlohmann::json s) {  // the two witnesses, in whichever order each path found them
      std::sort(s.begin(), s.end());
      return s;
    };
    EXPECT_EQ(sorted(rec["solutions"]), sorted(rep["solutions"])) << "both witnesses of the ambiguity";
    EXPECT_EQ(rec["file"], rep["file"]);
    for (const char* key : {"wall_ms", "phases_ms"}) EXPECT_TRUE(rec["stats"].contains(key)) << key;
  }
}

TEST(Batch, AVariantsPhasesAccountForItsTime) {
  // A variant after the first of its shape runs on the renewed shared
  // solver: the renewal and its formulas turned into clauses are solver
  // setup, reading its file is parse (both were in no phase: a fifth of its
  // time unaccounted for), and the phases add up to the record's time.
  const std::string dir = kSourceDir + "/puzzles/sudoku/";
  CliResult b = run_cli({"batch", "-q", "--no-solutions", dir + "dotween.json", dir + "killer_blister.json"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  std::istringstream in(b.out);
  std::vector<nlohmann::json> recs;
  for (std::string line; std::getline(in, line);) recs.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(recs.size(), 2u) << b.out;
  const auto& s = recs[1]["stats"];
  EXPECT_GT(s["phases_ms"]["solver_setup"].get<double>(), 0) << s.dump();
  EXPECT_GT(s["phases_ms"]["parse"].get<double>(), 0) << s.dump();
  double phases = 0;
  for (const char* k : {"parse", "encode", "solver_setup", "first_model", "uniqueness", "decode_check", "model_read"})
    phases += s["phases_ms"].value(k, 0.0);
  EXPECT_GT(phases, 0.8 * s["wall_ms"].get<double>()) << s.dump();
  EXPECT_LE(phases, s["wall_ms"].get<double>() + 0.01) << s.dump();
}

TEST(Batch, TheSummarySaysWhereTheTimeWent) {
  // Before the summary line, the phases summed over the puzzles: the same
  // names as the records' phases_ms, in milliseconds.
  const std::string dir = kSourceDir + "/puzzles/sudoku/";
  CliResult b = run_cli({"batch", "--no-solutions", dir + "dotween.json", dir + "killer_blister.json"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(b.err, m, std::regex(R"(batch: ms per phase, summed over the puzzles: parse ([0-9.]+), encode ([0-9.]+), solver setup ([0-9.]+), first model ([0-9.]+)(, uniqueness [0-9.]+)?.*\nbatch: 2 puzzles in)")))
      << b.err;
  std::istringstream in(b.out);
  double encode = 0;
  for (std::string line; std::getline(in, line);) encode += nlohmann::json::parse(line)["stats"]["phases_ms"]["encode"].get<double>();
  EXPECT_NEAR(std::stod(m[2]), encode, 0.051) << b.err;
  EXPECT_EQ(run_cli({"batch", "-q", dir + "dotween.json"}).err.find("per phase"), std::string::npos) << "--quiet: no summary";
}

TEST(Batch, SharedSolverAndFreshSolverAgreeOnAMixedDirectory) {
  // puzzles/ holds several kinds: sudoku shapes share a solver, the rest run fresh.
  CliResult shared = run_cli({"batch", kSourceDir + "/puzzles/sudoku", kSourceDir + "/puzzles/futoshiki", "-q", "-j", "2"});
  CliResult fresh = run_cli({"batch", kSourceDir + "/puzzles/sudoku", kSourceDir + "/puzzles/futoshiki", "-q", "--fresh-solver"});
  ASSERT_EQ(shared.exit_code, 0) << shared.err;
  ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
  std::map<uint64_t, std::string> a, b;
  std::istringstream sa(shared.out), sb(fresh.out);
  for (std::string line; std::getline(sa, line);) {
    auto r = nlohmann::json::parse(line);
    a[r["index"].get<uint64_t>()] = r["status"].get<std::string>();
  }
  for (std::string line; std::getline(sb, line);) {
    auto r = nlohmann::json::parse(line);
    b[r["index"].get<uint64_t>()] = r["status"].get<std::string>();
  }
  EXPECT_EQ(a, b);
  std::size_t files = 0;
  for (const char* d : {"/puzzles/sudoku", "/puzzles/futoshiki"})
    for (const auto& e : std::filesystem::directory_iterator(kSourceDir + d)) files += e.path().extension() == ".json";
  EXPECT_EQ(a.size(), files);
}

TEST(Bench, CsvSummaryAndNoDisagreementOnTheSeedPuzzles) {
  const std::string csv = ::testing::TempDir() + "/bench.csv";
  CliResult c = run_cli({"bench", kSourceDir + "/puzzles/logic_grid", kSourceDir + "/puzzles/disk_rotation",
                         kSourceDir + "/puzzles/sudoku/prolog_post_two_solutions.json", "--csv", csv, "--enumerate"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_NE(c.out.find("| logic_grid/bool | 7 | 7 | 0 |"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("| sudoku/int-distinct | 1 | 1 | 0 |"), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("10 puzzles; 0 disagreements"), std::string::npos) << c.out;
  std::istringstream in(read_file(csv));
  std::string header, line;
  std::getline(in, header);
  EXPECT_EQ(header, "file,kind,encoding,status,solutions_found,complete,wall_ms,conflicts,decisions,propagations");
  int rows = 0;
  while (std::getline(in, line)) {
    rows++;
    if (line.find("two_solutions") != std::string::npos) EXPECT_NE(line.find(",multiple,2,true,"), std::string::npos) << line;
  }
  EXPECT_EQ(rows, 7 * 2 + 2 * 2 + 4);  // logic grids, disk rotations, one sudoku in its 4 encodings
}

TEST(Bench, DisagreementsAreFound) {
  Result unique, multiple, other_unique, unknown, all3, all2;
  unique.status = other_unique.status = Status::Unique;
  unique.solutions = {nlohmann::json{{"grid", "1"}}};
  other_unique.solutions = {nlohmann::json{{"grid", "2"}}};
  multiple.status = Status::Multiple;
  unknown.status = Status::Unknown;
  all3.status = all2.status = Status::Multiple;
  all3.complete = all2.complete = true;
  all3.solutions = {nlohmann::json(1), nlohmann::json(2), nlohmann::json(3)};
  all2.solutions = {nlohmann::json(1), nlohmann::json(2)};
  EXPECT_TRUE(disagreements({{"a", unique}, {"b", unique}, {"c", unknown}}, false).empty());
  auto d = disagreements({{"a", unique}, {"b", multiple}}, false);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0], "a says unique, b says multiple");
  EXPECT_EQ(disagreements({{"a", unique}, {"b", other_unique}}, false).size(), 1u);
  EXPECT_TRUE(disagreements({{"a", all3}, {"b", all2}}, false).empty()) << "sets compared only when asked";
  EXPECT_EQ(disagreements({{"a", all3}, {"b", all2}}, true).at(0), "a and b enumerate different solution sets (3 and 2 solutions)");
}

std::string run_z3(const std::vector<std::string>& args) {
  std::string cmd = "z3";
  for (const auto& a : args) cmd += " '" + a + "'";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return "cannot run z3";
  std::string out;
  char buf[256];
  while (fgets(buf, sizeof buf, p)) out += buf;
  pclose(p);
  return out.substr(0, out.find('\n'));
}

TEST(Export, Smt2AndDimacsGiveTheToolsVerdictInTheZ3Binary) {
  const std::string dir = ::testing::TempDir();
  struct Case {
    std::string file, encoding, sat;
    bool dimacs;
  };
  const std::vector<Case> cases = {
      {"puzzles/sudoku/prolog_post.json", "bool-pairwise", "sat", true},
      {"puzzles/sudoku/prolog_post.json", "bool-onehot", "sat", true},
      {"puzzles/sudoku/prolog_post.json", "int-distinct", "sat", false},
      {"puzzles/sudoku/niobaras_original.json", "bool-pairwise", "unsat", true},
      {"puzzles/logic_grid/zebra.json", "int", "sat", false},
      {"puzzles/disk_rotation/original.json", "bool", "unsat", true},
      {"puzzles/equation_grid/seed.json", "bv", "sat", true},  // bit-vectors, bit-blasted as on CaDiCaL
      // F, P and U on a 3x5 board, with the weighted area sum (the 3x20
      // pentomino board took 20 s in the Z3 binary for the same clauses).
      {"polyomino-3x5.json", "clauses", "sat", true},
  };
  std::ofstream(dir + "/polyomino-3x5.json")
      << R"({"kind": "polyomino", "name": "F, P and U on 3x5", "board": {"rows": 3, "cols": 5}, "pieces": [)"
         R"({"name": "F", "shape": [".##", "##.", ".#."]}, {"name": "P", "shape": ["##", "##", "#."]}, {"name": "U", "shape": ["#.#", "###"]}]})";
  for (const auto& c : cases) {
    std::string smt2 = dir + "/export.smt2", cnf = dir + "/export.cnf";
    std::remove(smt2.c_str());
    std::remove(cnf.c_str());
    const std::string file = c.file.rfind("puzzles/", 0) == 0 ? kSourceDir + "/" + c.file : dir + "/" + c.file;
    std::vector<std::string> args = {"export", file, "-e", c.encoding, "--smt2", smt2};
    if (c.dimacs) args.insert(args.end(), {"--dimacs", cnf});
    CliResult r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << c.file << " " << c.encoding << ": " << r.err;
    EXPECT_EQ(run_z3({smt2}), c.sat) << c.file << " " << c.encoding;
    if (c.dimacs) {
      EXPECT_NE(read_file(cnf).find("p cnf "), std::string::npos);
      EXPECT_EQ(run_z3({"-dimacs", cnf}), c.sat == "sat" ? "s SATISFIABLE" : "s UNSATISFIABLE") << c.file;
    }
  }
  // Not Boolean: refused, and no file written (not even the SMT-LIB2 one).
  std::string smt2 = dir + "/refused.smt2", cnf = dir + "/refused.cnf";
  CliResult r = run_cli(
      {"export", kSourceDir + "/puzzles/equation_grid/seed.json", "-e", "int", "--smt2", smt2, "--dimacs", cnf});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("encoding int is not purely Boolean"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(std::ifstream(smt2).good());
  EXPECT_FALSE(std::ifstream(cnf).good());
}

}  // namespace
}  // namespace psmt::testing

namespace psmt::testing {
namespace {

// Output that cannot be written is one line and exit 1, never an abort or
// a verdict: batch's -o, batch's standard output, and any command's.
TEST(Batch, UnwritableOutputIsOneLineAndExit1) {
  const std::string corpus = kDataDir + "/sudoku/radcliffe3m_curated_5000.first200.csv";
  const std::string err = ::testing::TempDir() + "/full.err";
  auto run_sh = [&](const std::string& args) {
    int rc = std::system((kBinary + " " + args + " 2>" + err).c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  };
  EXPECT_EQ(run_sh("batch -q --kind sudoku " + corpus + " -o /dev/full"), 1);
  std::string e = read_file(err);
  EXPECT_NE(e.find("/dev/full: cannot write results: No space left on device"), std::string::npos) << e;
  EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
  EXPECT_EQ(run_sh("batch -q --kind sudoku " + corpus + " >/dev/full"), 1);
  EXPECT_NE(read_file(err).find("standard output: cannot write results"), std::string::npos) << read_file(err);
  EXPECT_EQ(run_sh("check " + kSourceDir + "/puzzles/futoshiki/five_by_five.json >/dev/full"), 1);
  EXPECT_NE(read_file(err).find("cannot write standard output"), std::string::npos) << read_file(err);
  // A reader that goes away (| head -1, with SIGPIPE ignored as some shells
  // and runners do): a quiet stop with status 141.
  const std::string status = ::testing::TempDir() + "/pipe.status";
  std::system(("bash -c 'trap \"\" PIPE; " + kBinary + " batch -q --kind sudoku " + corpus + " " + corpus +
               " | head -c 10 >/dev/null; echo ${PIPESTATUS[0]} >" + status + "' 2>" + err)
                  .c_str());
  EXPECT_EQ(read_file(status), "141\n") << "200 KB of records do not fit a pipe: the writer must see the reader go";
  EXPECT_EQ(read_file(err), "") << "a closed pipe is a quiet stop";
}

// A disk that fills in the middle of a record (a file size limit stands in
// for it: `ulimit -f`, with SIGXFSZ ignored so that the write fails with
// EFBIG instead of killing the process): exit 1 with one line, no torn last
// line, and --resume finishes the corpus.
TEST(Batch, OutputThatFillsUpMidRecordLeavesWholeLinesAndResumeFinishes) {
  const std::string corpus = kCorpusDir + "/radcliffe200.jsonl";
  const std::string out = ::testing::TempDir() + "/filled.jsonl", err = ::testing::TempDir() + "/filled.err";
  std::remove(out.c_str());
  // 24 KiB: a few dozen records, the limit falling inside one of them.
  int rc = std::system(("bash -c 'ulimit -f 24; trap \"\" XFSZ; exec " + kBinary + " batch -q " + corpus + " -o " + out +
                        "' 2>" + err)
                           .c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 1);
  std::string e = read_file(err);
  EXPECT_NE(e.find(out + ": cannot write results: File too large; the records written so far are complete, --resume continues"),
            std::string::npos)
      << e;
  EXPECT_EQ(std::count(e.begin(), e.end(), '\n'), 1) << e;
  std::string text = read_file(out);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n') << "a torn last line";
  EXPECT_LE(text.size(), 24u * 1024);
  auto partial = read_records(out);  // every line whole JSON
  EXPECT_GT(partial.size(), 0u);
  EXPECT_LT(partial.size(), 200u);
  CliResult c = run_cli({"batch", "-q", corpus, "-o", out, "--resume"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  std::set<uint64_t> seen;
  for (const auto& r : read_records(out)) {
    EXPECT_TRUE(seen.insert(r["index"].get<uint64_t>()).second) << "record " << r["index"] << " twice";
    EXPECT_EQ(r["status"], "unique");
  }
  EXPECT_EQ(seen.size(), 200u);
}

// The output is never an input, and two runs never share it.
TEST(Batch, OutputThatIsAnInputOrInUseIsRefusedBeforeWriting) {
  const std::string corpus = ::testing::TempDir() + "/in.csv", out = ::testing::TempDir() + "/locked.jsonl";
  std::filesystem::copy_file(kDataDir + "/sudoku/radcliffe3m_curated_5000.first200.csv", corpus,
                             std::filesystem::copy_options::overwrite_existing);
  // A records file left by an earlier run (the sanitizer pass follows the
  // plain one in the same /tmp) would look like the first run's lines at once.
  std::remove(out.c_str());
  const std::string before = read_file(corpus);
  CliResult same = run_cli({"batch", "--kind", "sudoku", corpus, "-o", corpus});
  EXPECT_EQ(same.exit_code, 2);
  EXPECT_NE(same.err.find("is also an input"), std::string::npos) << same.err;
  EXPECT_EQ(read_file(corpus), before) << "the input was touched";
  // A slow first run holds the lock; a second one is refused and writes nothing.
  pid_t pid = spawn_tool({"batch", "-q", "--kind", "sudoku", "--fresh-solver", "--solver", "cadical", corpus, "-o", out});
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(wait_until([&] { return lines_in(out) >= 1; }));  // it holds the lock once it writes
  CliResult second = run_cli({"batch", "-q", "--kind", "sudoku", corpus, "-o", out});
  int status = 0;
  waitpid(pid, &status, 0);
  EXPECT_EQ(second.exit_code, 2);
  EXPECT_NE(second.err.find("in use by another batch run"), std::string::npos) << second.err;
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  std::set<uint64_t> seen;
  std::istringstream in(read_file(out));
  for (std::string line; std::getline(in, line);) EXPECT_TRUE(seen.insert(nlohmann::json::parse(line)["index"].get<uint64_t>()).second);
  EXPECT_EQ(seen.size(), 200u) << "the first run's records, each once";
}

}  // namespace
}  // namespace psmt::testing

namespace psmt::testing {
namespace {

// What setters keep: a file of links and game IDs, one per line, mixed. One
// record each, with the verdict and the format it came from; a line that is
// none of these is an error record, named in the summary with or without -q.
TEST(Batch, ReadsAFileOfLinksAndGameIdsOfEveryFormat) {
  const std::string corpus = kDataDir + "/links/mixed.txt";
  for (const bool quiet : {false, true}) {
    std::vector<std::string> args = {"batch", corpus, "--no-solutions"};
    if (quiet) args.push_back("-q");
    CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;  // one bad line
    std::vector<nlohmann::json> rec;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) rec.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(rec.size(), 5u) << r.out;
    const std::vector<std::pair<std::string, std::string>> want = {
        {"sudoku", "unique"}, {"sudoku", "unique"}, {"kakuro", "unique"}, {"skyscrapers", "unique"}};
    for (std::size_t i = 0; i < want.size(); ++i) {
      EXPECT_EQ(rec[i]["index"], i);
      EXPECT_EQ(rec[i]["kind"], want[i].first) << rec[i].dump();
      EXPECT_EQ(rec[i]["status"], want[i].second) << rec[i].dump();
    }
    EXPECT_EQ(rec[0]["file"], corpus + ":2");
    EXPECT_EQ(rec[4]["status"], "error");
    EXPECT_NE(rec[4]["error"].get<std::string>().find("mixed.txt:6: not a link or a game ID"), std::string::npos)
        << rec[4].dump();
    EXPECT_NE(r.err.find("batch: 1 record not read or not run:\n  " + corpus + ":6: not a link or a game ID"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("batch: 5 puzzles in") != std::string::npos, !quiet) << r.err;  // the summary line
  }
  // A file that holds one link, as check takes it, is a corpus of one.
  const std::string one = ::testing::TempDir() + "/one.link";
  std::ofstream(one) << "https://puzz.link/p?kakuro/6/6/m-eoI5lD-t.l-co-bm8-e-i97ggc\n";
  CliResult o = run_cli({"batch", "-q", one});
  ASSERT_EQ(o.exit_code, 0) << o.err;
  EXPECT_EQ(nlohmann::json::parse(o.out)["status"], "unique");
  // A file in which no line is a link or an ID still needs --kind.
  const std::string prose = ::testing::TempDir() + "/prose.txt";
  std::ofstream(prose) << "hello\nworld\n";
  CliResult p = run_cli({"batch", "-q", prose});
  EXPECT_EQ(p.exit_code, 2);
  EXPECT_NE(p.err.find("no line is a link or a game ID: say what a line is with --kind"), std::string::npos) << p.err;
}

// A directory is read whole: every file check could read is taken, every
// other file is named with why it was skipped, and a directory with no
// puzzle in it is an error, never "0 puzzles", exit 0.
TEST(Batch, ADirectoryIsReadWholeAndWhatIsSkippedIsNamed) {
  namespace fs = std::filesystem;
  const std::string dir = ::testing::TempDir() + "/batch-dir";
  fs::remove_all(dir);
  fs::create_directories(dir + "/sub");
  fs::create_directories(dir + "/.git");
  std::ofstream(dir + "/a.link") << "https://puzz.link/p?slither/5/5/cbcbcddad\n";
  std::ofstream(dir + "/sub/list.txt") << "# two links\nhttps://puzz.link/p?kakuro/6/6/m-eoI5lD-t.l-co-bm8-e-i97ggc\n"
                                       << "https://puzz.link/p?slither/5/5/cbcbcddad\n";
  std::ofstream(dir + "/grid.sdk") << "..3.49..8\n.1.5...3.\n8.73.....\n.689....5\n2.......6\n4....671.\n.....59.3\n.8...1.6.\n9..23.1..\n";
  std::ofstream(dir + "/notes.md") << "# notes\nsome prose\n";
  std::ofstream(dir + "/.git/HEAD") << "ref: refs/heads/main\n";
  CliResult r = run_cli({"batch", "--no-solutions", dir});
  std::vector<nlohmann::json> rec;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) rec.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(rec.size(), 4u) << r.out << r.err;
  EXPECT_EQ(rec[0]["file"], dir + "/a.link:1");
  EXPECT_EQ(rec[0]["kind"], "slitherlink");
  EXPECT_EQ(rec[1]["file"], dir + "/grid.sdk");
  EXPECT_EQ(rec[1]["kind"], "sudoku");
  EXPECT_EQ(rec[2]["kind"], "kakuro");
  EXPECT_EQ(rec[3]["file"], dir + "/sub/list.txt:3");
  EXPECT_NE(r.err.find("batch: skipped " + dir + "/notes.md: no line is a link or a game ID"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("batch: skipped " + dir + "/.git/: hidden"), std::string::npos) << r.err;
  // A directory with nothing to read, and an empty one: exit 2, one line.
  for (const std::string& bad : {dir + "/only-prose", dir + "/empty"}) {
    fs::create_directories(bad);
    if (bad.find("prose") != std::string::npos) std::ofstream(bad + "/x.md") << "prose\n";
    CliResult e = run_cli({"batch", bad});
    EXPECT_EQ(e.exit_code, 2) << e.err;
    EXPECT_TRUE(e.out.empty()) << e.out;
    EXPECT_NE(e.err.find("puzzle-smt: error: " + bad + ": "), std::string::npos) << e.err;
    EXPECT_NE(e.err.find(bad.find("prose") != std::string::npos ? "no puzzle in this directory (1 file skipped" : "an empty directory"),
              std::string::npos)
        << e.err;
  }
}

// batch compares each record with its file's expect as check does: the
// record says whether it was met, the summary counts, and exit 3 says so.
TEST(Batch, HonoursExpectAsCheckDoes) {
  namespace fs = std::filesystem;
  const std::string dir = ::testing::TempDir() + "/batch-expect";
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto good = nlohmann::json::parse(read_file(kSourceDir + "/puzzles/sudoku/prolog_post.json"));
  std::ofstream(dir + "/good.json") << good.dump();
  auto wrong = good;
  wrong["expect"] = {{"status", "multiple"}};
  std::ofstream(dir + "/wrong.json") << wrong.dump();
  auto plain = good;
  plain.erase("expect");
  std::ofstream(dir + "/plain.json") << plain.dump();
  CliResult r = run_cli({"batch", "--no-solutions", dir});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  std::map<std::string, nlohmann::json> by_file;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line);
    by_file[fs::path(j["file"].get<std::string>()).filename().string()] = j;
  }
  ASSERT_EQ(by_file.size(), 3u) << r.out;
  EXPECT_EQ(by_file["good.json"]["expectation"], "met");
  EXPECT_EQ(by_file["wrong.json"]["expectation"], "not met");
  EXPECT_EQ(by_file["wrong.json"]["mismatches"][0], "status is unique, the file expects multiple");
  EXPECT_FALSE(by_file["plain.json"].contains("expectation"));
  EXPECT_NE(r.err.find("expect met 1, not met 1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("batch: 1 record did not meet its expect:\n  " + dir + "/wrong.json: status is unique"), std::string::npos)
      << r.err;
  // Without the wrong one: exit 0.
  fs::remove(dir + "/wrong.json");
  EXPECT_EQ(run_cli({"batch", "-q", dir}).exit_code, 0);
}

}  // namespace
}  // namespace psmt::testing
