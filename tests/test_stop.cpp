// Ctrl-C and SIGTERM (issue 18 item 2): every long command stops within
// about a second, prints what it has as partial, writes no record for a
// puzzle it did not finish, leaves no half-written file, and exits with
// 128 + signal; `batch --resume` then finishes the corpus with nothing lost
// or duplicated. The latency itself is measured by scripts/bench-timeouts,
// not here: these tests only bound it loosely (a run that ignored the
// signal would go on for minutes).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "engine/engine.h"
#include "engine/stop.h"
#include "helpers.h"
#include "io/halt.h"
#include "io/puzzle_file.h"

extern char** environ;

namespace psmt::testing {
namespace {

struct Stopped {
  int exit_code = -1;   // -1: killed by a signal instead of exiting
  double stop_ms = 0;   // from the signal to the end of the process
  std::string out, err;
};

// What says that a run's work is under way: its pid and its output files.
using UnderWay = std::function<bool(pid_t pid, const std::string& out, const std::string& err)>;

// The run has used this much CPU: past reading and encoding, into the search
// (the time adapts to a loaded machine or a sanitizer build).
UnderWay busy_for(long ms) {
  return [ms](pid_t pid, const std::string&, const std::string&) { return cpu_ms(pid) >= ms; };
}

// Run the tool with its output in files, send `sig` once `under_way` holds
// (never after a fixed time), and wait for it to end.
Stopped run_and_signal(const std::vector<std::string>& tool_args, int sig, const UnderWay& under_way) {
  static int n = 0;
  const std::string base = ::testing::TempDir() + "/stop_" + std::to_string(::getpid()) + "_" + std::to_string(n++);
  const std::string out = base + ".out", err = base + ".err";
  std::vector<std::string> args = {kBinary};
  args.insert(args.end(), tool_args.begin(), tool_args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  Stopped s;
  if (posix_spawn(&pid, kBinary.c_str(), &fa, nullptr, argv.data(), environ) != 0) return s;
  posix_spawn_file_actions_destroy(&fa);
  EXPECT_TRUE(wait_until([&] { return under_way(pid, out, err); })) << "the run never got under way";
  auto t0 = std::chrono::steady_clock::now();
  kill(pid, sig);
  int status = 0;
  waitpid(pid, &status, 0);
  s.stop_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (WIFEXITED(status)) s.exit_code = WEXITSTATUS(status);
  s.out = read_file(out);
  s.err = read_file(err);
  return s;
}

// A run that ignores the signal goes on for minutes; one that honours it
// ends in about a second (more under the sanitizers).
constexpr double kPromptMs = 15000;

TEST(Stop, CtrlCStopsBatchWithoutRecordsForUnfinishedPuzzlesAndResumeFinishes) {
  // The 200 puzzles ten times over (2,000 records): two workers on a fresh
  // solver per puzzle are still at work when the signal comes, once 20
  // records are written, however fast the machine.
  const std::string one = kCorpusDir + "/radcliffe200.jsonl";
  const std::vector<std::string> corpus(10, one);
  const std::size_t total = 10 * 200;
  const std::string out = ::testing::TempDir() + "/stop_batch.jsonl";
  std::remove(out.c_str());
  std::vector<std::string> args = {"batch", "-o", out, "--fresh-solver", "-j", "2"};
  args.insert(args.end(), corpus.begin(), corpus.end());
  Stopped s = run_and_signal(args, SIGINT, [&](pid_t, const std::string&, const std::string&) { return lines_in(out) >= 20; });
  ASSERT_EQ(s.exit_code, 130) << s.err;
  EXPECT_LT(s.stop_ms, kPromptMs);
  EXPECT_NE(s.err.find("stopped by SIGINT before the other"), std::string::npos) << s.err;
  std::set<uint64_t> seen;
  std::istringstream in(read_file(out));
  for (std::string line; std::getline(in, line);) {
    auto r = nlohmann::json::parse(line);  // every line whole
    EXPECT_EQ(r["status"], "unique") << "a record for a puzzle that was interrupted: " << line;
    EXPECT_TRUE(seen.insert(r["index"].get<uint64_t>()).second);
  }
  EXPECT_GE(seen.size(), 20u);
  ASSERT_LT(seen.size(), total) << "the run finished before the signal";
  args = {"batch", "-o", out, "--resume", "-j", "2"};
  args.insert(args.end(), corpus.begin(), corpus.end());
  CliResult c = run_cli(args);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  seen.clear();
  std::istringstream all(read_file(out));
  for (std::string line; std::getline(all, line);) {
    auto r = nlohmann::json::parse(line);
    EXPECT_EQ(r["status"], "unique") << line;
    EXPECT_TRUE(seen.insert(r["index"].get<uint64_t>()).second) << "record " << r["index"] << " twice";
  }
  EXPECT_EQ(seen.size(), total);
}

TEST(Stop, SigtermStopsCountWithAPartialReport) {
  // 9,356 tilings: minutes of enumeration.
  Stopped s = run_and_signal({"count", "--json", kSourceDir + "/puzzles/polyomino/pentomino_6x10.json"}, SIGTERM, busy_for(800));
  ASSERT_EQ(s.exit_code, 143) << s.err;
  EXPECT_LT(s.stop_ms, kPromptMs);
  auto j = nlohmann::json::parse(s.out);
  EXPECT_EQ(j["complete"], false);
  // Stopped while enumerating, or (on a loaded machine) still encoding.
  EXPECT_EQ(j["reason"].get<std::string>().rfind("interrupted (SIGTERM)", 0), 0u) << j["reason"];
  EXPECT_LT(j["count"].get<uint64_t>(), 9356u);
}

TEST(Stop, CtrlCStopsEnumerateAndEverySolutionPrintedIsWhole) {
  Stopped s = run_and_signal({"enumerate", "--limit", "0", kSourceDir + "/puzzles/polyomino/pentomino_6x10.json"}, SIGINT,
                             [](pid_t, const std::string& out, const std::string&) { return lines_in(out) >= 20; });
  ASSERT_EQ(s.exit_code, 130) << s.err;
  EXPECT_LT(s.stop_ms, kPromptMs);
  EXPECT_NE(s.out.find("interrupted (SIGINT)"), std::string::npos) << s.out.substr(s.out.size() > 400 ? s.out.size() - 400 : 0);
}

TEST(Stop, SigtermStopsDiagnoseWithAPartialDiagnosis) {
  Stopped s = run_and_signal({"diagnose", "--json", kSourceDir + "/puzzles/polyomino/pentomino_6x10.json"}, SIGTERM, busy_for(1500));
  ASSERT_EQ(s.exit_code, 143) << s.err;
  EXPECT_LT(s.stop_ms, kPromptMs);
  auto j = nlohmann::json::parse(s.out);
  EXPECT_EQ(j["diagnosis"]["complete"], false);
  EXPECT_EQ(j["complete"], false);
}

TEST(Stop, CtrlCStopsBenchAndItsFilesHoldOnlyWholePuzzles) {
  const std::string csv = ::testing::TempDir() + "/stop_bench.csv", md = ::testing::TempDir() + "/stop_bench.md";
  std::remove(csv.c_str());
  std::remove(md.c_str());
  Stopped s = run_and_signal({"bench", "--enumerate", "--csv", csv, "--summary", md, kSourceDir + "/puzzles/polyomino"},
                             SIGINT, busy_for(1500));  // every tiling: 16 s in all
  ASSERT_EQ(s.exit_code, 130) << s.err;
  EXPECT_LT(s.stop_ms, kPromptMs);
  std::string summary = read_file(md);
  EXPECT_NE(summary.find("(partial: stopped by SIGINT after"), std::string::npos) << summary;
  // Every puzzle in the CSV has a row for each of the kind's two encodings.
  std::map<std::string, int> rows;
  std::istringstream in(read_file(csv));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.rfind("file,kind,encoding,status", 0), 0u);
  while (std::getline(in, line)) rows[line.substr(0, line.find(','))]++;
  for (const auto& [file, n] : rows) EXPECT_EQ(n, 2) << file;
}

}  // namespace
}  // namespace psmt::testing

// The page for setters cancels a run whose page was closed (io/halt.h:
// CancelScope): on either back end a count stops within a second, partial,
// "cancelled", and the solver's thread is free again.
TEST(Stop, ACancelledRunStopsOnEitherBackEnd) {
  const auto lp = psmt::load_puzzle(
      nlohmann::json{{"kind", "sudoku"}, {"grid", std::vector<std::string>(9, "_________")}}, "empty.json");
  for (const std::string solver : {"cadical", "z3"}) {
    std::atomic<bool> cancel{false};
    psmt::Result res;
    std::thread run([&] {
      psmt::CancelScope scope(&cancel);
      psmt::RunOptions ro;
      ro.solver = solver;
      ro.limit = 0;  // count them all: far longer than the test
      res = psmt::run(*lp.encoder, *lp.puzzle, ro);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const auto t0 = std::chrono::steady_clock::now();
    cancel = true;
    std::atomic<bool> ended{false};
    std::thread interrupter([&] {
      while (!ended) {
        psmt::interrupt_cancelled_checks();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    });
    run.join();
    ended = true;
    interrupter.join();
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2)) << solver;
    // Several found, and the count says why it is not complete.
    EXPECT_EQ(res.status, psmt::Status::Multiple) << solver;
    EXPECT_FALSE(res.complete) << solver;
    EXPECT_EQ(res.reason_unknown, psmt::kCancelReason) << solver;
    EXPECT_GT(res.solutions_found, 0u) << solver;
  }
}
