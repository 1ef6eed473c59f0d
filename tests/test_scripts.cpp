// The README's first command, scripts/puzzle-smt, on a fresh machine: the
// status line it shows while it builds (scripts/build-status, read off
// Ninja's "[n/m]" and Make's "[ x%]" output), a build that fails, and one
// that is interrupted: it says why and leaves nothing running. The build is
// a stand-in (PSMT_BUILD_COMMAND) that replays a real build log
// (tests/data/build-logs: a two-file CMake project built with each
// generator), so these take seconds, not minutes.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.h"

extern char** environ;

namespace psmt::testing {
namespace {

namespace fs = std::filesystem;

struct Shell {
  int exit_code = -1;
  std::string out;
};

// Run a shell command line; its standard output (and error, with 2>&1).
Shell sh(const std::string& cmd) {
  Shell r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int st = pclose(p);
  r.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string q(const std::string& s) { return "'" + s + "'"; }

// Whether a process runs (a zombie, waiting for whoever adopted it to reap
// it, does not).
bool running(int pid) {
  if (::kill(pid, 0) != 0) return false;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string s((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto close = s.rfind(')');
  return close == std::string::npos || close + 2 >= s.size() || s[close + 2] != 'Z';
}

const std::string kStatus = kSourceDir + "/scripts/build-status";
const std::string kLogs = kDataDir + "/build-logs";

// The first n lines of a build log, as a file of their own.
std::string log_prefix(const std::string& name, int n) {
  std::ifstream in(kLogs + "/" + name);
  const std::string path = ::testing::TempDir() + "/prefix-" + std::to_string(n) + "-" + name;
  std::ofstream out(path);
  std::string line;
  for (int i = 0; i < n && std::getline(in, line); ++i) out << line << "\n";
  return path;
}

std::string status_of(const std::string& log) {
  Shell r = sh(q(kStatus) + " " + q(log) + " 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  return r.out;
}

TEST(BuildStatus, ReadsNinjasStepsWhichHaveNoPercentage) {
  EXPECT_EQ(status_of(log_prefix("ninja.log", 6)), "configuring (cmake)\n");
  EXPECT_EQ(status_of(log_prefix("ninja.log", 10)), "building: step 1 of 5 (20%)\n");
  EXPECT_EQ(status_of(log_prefix("ninja.log", 12)), "building: step 3 of 5 (60%)\n");
  EXPECT_EQ(status_of(kLogs + "/ninja.log"), "building: step 5 of 5 (100%)\n");
}

TEST(BuildStatus, ReadsMakesPercentages) {
  EXPECT_EQ(status_of(log_prefix("make.log", 9)), "configuring (cmake)\n");
  EXPECT_EQ(status_of(log_prefix("make.log", 11)), "building: 40% (compiled 2 files)\n");
  EXPECT_EQ(status_of(log_prefix("make.log", 14)), "building: 80% (compiled 3 files)\n");
  EXPECT_EQ(status_of(kLogs + "/make.log"), "building: 100% (linking)\n");
}

TEST(BuildStatus, SaysNothingOfAnEmptyOrMissingLogAndNeverFails) {
  const std::string empty = ::testing::TempDir() + "/empty.log";
  std::ofstream(empty).close();
  EXPECT_EQ(status_of(empty), "");
  EXPECT_EQ(status_of(::testing::TempDir() + "/no-such.log"), "");
  const std::string setup = ::testing::TempDir() + "/setup.log";
  std::ofstream(setup) << "scripts/setup: installing z3 libcadical-dev\nReading package lists...\n";
  EXPECT_EQ(status_of(setup), "installing Debian packages: z3 libcadical-dev\n");
}

// A stand-in for scripts/build: replays a build log a line every 20 ms (and
// waits 1.2 s after a line that has `pause_at`, so that the status line,
// read every second, shows it), then puts the real program where the build
// would, or fails, or hangs.
std::string fake_build(const std::string& name, const std::string& log, const std::string& end, const std::string& pause_at = "") {
  const std::string path = ::testing::TempDir() + "/fake-build-" + name;
  std::ofstream f(path);
  f << "#!/usr/bin/env bash\n"
    << "echo $$ > \"$PSMT_BUILD_DIR.pid\"\n"
    << "while IFS= read -r line; do echo \"$line\"; sleep 0.02; "
    << (pause_at.empty() ? "" : "[[ $line == *" + q(pause_at) + "* ]] && sleep 1.2; ") << "done < " << q(log) << "\n"
    << end << "\n";
  f.close();
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

std::string fresh_build_dir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "/fresh-build-" + name;
  fs::remove_all(dir);
  fs::remove(dir + ".log");
  fs::remove(dir + ".pid");
  fs::remove(dir + ".child");
  return dir;
}

std::string env(const std::string& dir, const std::string& build) {
  return "PSMT_BUILD_DIR=" + q(dir) + " PSMT_BUILD_COMMAND=" + q(build) + " ";
}

const std::string kScript = kSourceDir + "/scripts/puzzle-smt";

TEST(FirstCommand, AnswersAfterANinjaBuildPiped) {
  const std::string dir = fresh_build_dir("ninja");
  const std::string build =
      fake_build("ninja", kLogs + "/ninja.log", "mkdir -p \"$PSMT_BUILD_DIR\"; ln -s " + q(kBinary) + " \"$PSMT_BUILD_DIR/puzzle-smt\"", "[3/5]");
  Shell r = sh(env(dir, build) + q(kScript) + " check " + q(kSourceDir + "/puzzles/sudoku/prolog_post.json") + " 2>&1 | cat");
  EXPECT_NE(r.out.find("first run"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("scripts/puzzle-smt: building: step 3 of 5 (60%)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("scripts/puzzle-smt: built in"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unique: exactly one solution"), std::string::npos) << r.out;
  // A second run finds the program and only checks that it is up to date.
  r = sh(env(dir, "true") + q(kScript) + " --version 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.find("first run"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("puzzle-smt"), std::string::npos) << r.out;
}

TEST(FirstCommand, AnswersAfterAMakeBuild) {
  const std::string dir = fresh_build_dir("make");
  const std::string build =
      fake_build("make", kLogs + "/make.log", "mkdir -p \"$PSMT_BUILD_DIR\"; ln -s " + q(kBinary) + " \"$PSMT_BUILD_DIR/puzzle-smt\"", "[ 40%]");
  Shell r = sh(env(dir, build) + q(kScript) + " --version 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("scripts/puzzle-smt: building: 40% (compiled 2 files)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("scripts/puzzle-smt: built in"), std::string::npos) << r.out;
}

TEST(FirstCommand, ABuildThatFailsIsSaidWithTheLogsLastLines) {
  const std::string dir = fresh_build_dir("fails");
  const std::string build = fake_build("fails", kLogs + "/ninja.log", "echo 'FAILED: main.cpp.o'; exit 3");
  Shell r = sh(env(dir, build) + q(kScript) + " --version 2>&1");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("the build failed (exit 3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  | FAILED: main.cpp.o"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the whole log is " + dir + ".log"), std::string::npos) << r.out;
}

TEST(FirstCommand, AnInterruptedBuildIsStoppedAndSaidSo) {
  const std::string dir = fresh_build_dir("hangs");
  // The build hangs in a child of its own (a compiler, say) after the log.
  const std::string build = fake_build("hangs", kLogs + "/ninja.log", "sleep 300 & echo $! > \"$PSMT_BUILD_DIR.child\"; wait");
  const std::string err = ::testing::TempDir() + "/hangs.err";
  std::vector<std::string> args = {"/usr/bin/env", "PSMT_BUILD_DIR=" + dir, "PSMT_BUILD_COMMAND=" + build, kScript, "--version"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  // Whatever happens below, the script and its build end with the test.
  struct Reap {
    pid_t pid;
    ~Reap() {
      if (::kill(pid, 0) == 0) {
        ::kill(pid, SIGTERM);
        ::waitpid(pid, nullptr, 0);
      }
    }
  } reap{pid};
  const auto whole_line = [](const std::string& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return false;
    const std::string s = read_file(path);
    return !s.empty() && s.back() == '\n';
  };
  ASSERT_TRUE(wait_until([&] { return whole_line(dir + ".pid") && whole_line(dir + ".child"); }, 60000));
  const int build_pid = std::stoi(read_file(dir + ".pid"));
  const int child_pid = std::stoi(read_file(dir + ".child"));
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  int st = 0;
  ASSERT_EQ(waitpid(pid, &st, 0), pid);
  ASSERT_TRUE(WIFEXITED(st));
  EXPECT_EQ(WEXITSTATUS(st), 130);
  const std::string said = read_file(err);
  EXPECT_NE(said.find("scripts/puzzle-smt: interrupted (SIGINT); the build was stopped"), std::string::npos) << said;
  // Neither the build nor its child is left running.
  EXPECT_TRUE(wait_until([&] { return !running(build_pid) && !running(child_pid); }, 10000))
      << "the build (" << build_pid << ") or its child (" << child_pid << ") still runs";
}

}  // namespace
}  // namespace psmt::testing
