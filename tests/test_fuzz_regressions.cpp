// Every input a fuzzer once failed on (tests/fuzz_regressions/<target>/) is
// replayed through the same body the libFuzzer target runs (fuzz/bodies.h):
// a regression aborts this test binary, or (in the sanitizer build) is
// reported by ASan/UBSan. The bundled puzzles go through every kind target
// too, so the bodies' own invariants are known to hold on real input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>

#include "encoders/registry.h"
#include "fuzz/bodies.h"
#include "helpers.h"
#include "importers/importer.h"

namespace fs = std::filesystem;
using namespace psmt;
using psmt::testing::kSourceDir;

namespace {
std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void run(const std::string& target, const std::string& bytes) {
  fuzz::run_target(target, reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}
}  // namespace

TEST(FuzzRegressions, EverySavedInputReplaysCleanly) {
  const fs::path dir = fs::path(kSourceDir) / "tests" / "fuzz_regressions";
  const auto names = fuzz::target_names();
  const std::set<std::string> known(names.begin(), names.end());
  int replayed = 0;
  for (const auto& sub : fs::directory_iterator(dir)) {
    if (!sub.is_directory()) continue;
    const std::string target = sub.path().filename().string();
    ASSERT_TRUE(known.count(target)) << "no fuzz target named " << target;
    for (const auto& f : fs::directory_iterator(sub.path())) {
      SCOPED_TRACE(f.path().string());
      run(target, slurp(f.path()));
      replayed++;
    }
  }
  EXPECT_GE(replayed, 2);  // the findings of the first campaign are kept
}

TEST(FuzzRegressions, BundledPuzzlesPassEveryBody) {
  int files = 0;
  for (const auto& f : fs::recursive_directory_iterator(fs::path(kSourceDir) / "puzzles")) {
    if (f.path().extension() != ".json") continue;
    SCOPED_TRACE(f.path().string());
    const std::string kind = f.path().parent_path().filename().string();
    const std::string bytes = slurp(f.path());
    run("puzzle_file", bytes);
    run("kind_" + kind, bytes);  // parses, renders, checks expect.solution, encodes
    files++;
  }
  EXPECT_GE(files, 25);
}

TEST(FuzzRegressions, EveryParserAndEveryKindHasATarget) {
  // fuzz/CMakeLists.txt builds the single-parser and importer targets, one kind
  // target that scripts/fuzz runs per kind and one puzz.link target it runs
  // per genre; the bodies know the same names.
  const std::string cmake = slurp(fs::path(kSourceDir) / "fuzz" / "CMakeLists.txt");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(cmake, m, std::regex(R"(set\(PSMT_FUZZ_TARGETS([^)]*)\))")));
  std::set<std::string> listed;
  const std::string body = m[1];
  std::regex word(R"([a-z_]+)");
  for (auto it = std::sregex_iterator(body.begin(), body.end(), word); it != std::sregex_iterator(); ++it)
    listed.insert(it->str());
  const std::set<std::string> single = {"puzzle_file", "corpus_line", "token_grid", "lzstring",   "fpuzzles",
                                        "sudokupad",   "link",        "sudoku_text", "game_id"};
  std::set<std::string> with_kind = single;
  with_kind.insert("kind");
  with_kind.insert("pzpr");
  EXPECT_EQ(listed, with_kind);
  std::set<std::string> expected = single;
  for (const Encoder* e : all_encoders()) expected.insert("kind_" + std::string(e->kind()));
  for (const auto& pid : importers::puzzlink_pids()) expected.insert("pzpr_" + pid);
  EXPECT_TRUE(expected.count("pzpr_numlin") && expected.count("pzpr_sashigane") && expected.count("pzpr_slither"));
  const auto names = fuzz::target_names();
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), expected);
}

// Each puzz.link genre's target takes what follows "p?PID/": pzprjs's test
// URL of the genre (where its script is bundled), cut short and with a
// byte changed, runs through the body without a finding.
TEST(FuzzRegressions, EachPuzzlinkGenreTargetTakesItsBody) {
  int ran = 0;
  for (const auto& pid : importers::puzzlink_pids()) {
    const fs::path script = fs::path(kSourceDir) / "tests" / "data" / "pzprjs" / (pid + ".js.txt");
    std::string body = "5/5/" + std::string(25, 'z');
    if (fs::exists(script)) {
      std::smatch m;
      const std::string text = slurp(script);
      if (std::regex_search(text, m, std::regex(R"(url\s*:\s*["']([^"']+)["'])"))) body = m[1];
    }
    for (const std::string& b : {body, body.substr(0, body.size() / 2), body + "x", "x/" + body}) {
      fuzz::run_target("pzpr_" + pid, reinterpret_cast<const uint8_t*>(b.data()), b.size());
      ++ran;
    }
  }
  EXPECT_GE(ran, 4 * 30);
}
