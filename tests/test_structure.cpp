// Properties of the source tree the design relies on.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "helpers.h"

namespace psmt::testing {
namespace {

namespace fs = std::filesystem;

// The independent checkers include no Z3 header; nor do the sudoku
// constraint families, whose check() is the checker of their rule and whose
// formulas go through the Builder facade (encoders/sudoku/family.h).
TEST(Structure, CheckersIncludeNoZ3) {
  int checked = 0, families = 0;
  std::regex z3_include(R"(#include\s*[<"]z3)");
  for (const auto& e : fs::recursive_directory_iterator(kSourceDir + "/encoders")) {
    if (!e.is_regular_file()) continue;
    std::string name = e.path().filename().string();
    bool checker = name.size() >= 10 && name.substr(name.size() - 10) == "_check.cpp";
    bool family = e.path().parent_path().filename() == "families" || name == "family.h";
    if (!checker && !family) continue;
    std::string text = read_file(e.path().string());
    EXPECT_FALSE(std::regex_search(text, z3_include)) << e.path() << " includes a Z3 header";
    if (checker) EXPECT_EQ(text.find("z3"), std::string::npos) << name << " mentions z3";
    (checker ? checked : families)++;
  }
  EXPECT_GE(checked, 8);
  EXPECT_GE(families, 20);
}

// The house reads top-down: src/ (the engine, I/O, the encoder interface)
// at the bottom, the kinds (encoders/) and the formats (importers/) above it,
// the pipeline below both front ends (app/) above them, the page for setters
// (server/) and the command line (cli/) on top. An include never points up,
// and kinds and formats never include each other.
TEST(Structure, IncludesPointDownOnly) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> floors = {
      {"src", {"encoders", "importers", "app", "server", "cli"}},
      {"encoders", {"importers", "app", "server", "cli"}},
      {"importers", {"encoders", "app", "server", "cli"}},
      {"app", {"server", "cli"}},
      {"server", {"cli"}},
  };
  std::regex inc(R"(#include\s+"([a-z_]+)/[^"]+")");
  int files = 0;
  for (const auto& [floor, above] : floors) {
    for (const auto& e : fs::recursive_directory_iterator(kSourceDir + "/" + floor)) {
      if (!e.is_regular_file()) continue;
      files++;
      std::string text = read_file(e.path().string());
      for (std::sregex_iterator it(text.begin(), text.end(), inc), end; it != end; ++it) {
        std::string top = (*it)[1];
        for (const auto& a : above) EXPECT_NE(top, a) << e.path() << " includes " << (*it)[0];
      }
    }
  }
  EXPECT_GE(files, 120);
  EXPECT_TRUE(fs::exists(kSourceDir + "/cli/main.cpp"));
}

// Every error id the code can emit ("input.shape", ...) is explained in
// docs/errors.md, and every id explained there is one the code emits.
TEST(Docs, EveryErrorIdIsExplained) {
  std::set<std::string> in_code, in_docs;
  const std::regex literal(R"re("((input|usage)\.[a-z_]+)")re");
  for (const char* dir : {"src", "importers", "encoders", "cli"})
    for (const auto& e : fs::recursive_directory_iterator(kSourceDir + "/" + dir)) {
      if (!e.is_regular_file()) continue;
      const std::string ext = e.path().extension().string();
      if (ext != ".cpp" && ext != ".h") continue;
      const std::string text = read_file(e.path().string());
      for (std::sregex_iterator it(text.begin(), text.end(), literal), end; it != end; ++it) in_code.insert((*it)[1]);
    }
  const std::string doc = read_file(kSourceDir + "/docs/errors.md");
  const std::regex row(R"(\n\| `((input|usage)\.[a-z_]+)` \|)");
  for (std::sregex_iterator it(doc.begin(), doc.end(), row), end; it != end; ++it) in_docs.insert((*it)[1]);
  EXPECT_GE(in_code.size(), 20u);
  for (const auto& id : in_code) EXPECT_TRUE(in_docs.count(id)) << id << " is emitted but not explained in docs/errors.md";
  for (const auto& id : in_docs) EXPECT_TRUE(in_code.count(id)) << id << " is explained in docs/errors.md but never emitted";
}

}  // namespace
}  // namespace psmt::testing
