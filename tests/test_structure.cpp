// Properties of the source tree the design relies on.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

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

// src/ knows no kind: it includes only the encoder interface and the registry.
TEST(Structure, SrcIncludesNoKindHeader) {
  std::regex inc(R"(#include\s+"encoders/([a-z_/]+)\.h")");
  for (const auto& e : fs::recursive_directory_iterator(kSourceDir + "/src")) {
    if (!e.is_regular_file()) continue;
    std::string text = read_file(e.path().string());
    for (std::sregex_iterator it(text.begin(), text.end(), inc), end; it != end; ++it) {
      std::string h = (*it)[1];
      EXPECT_TRUE(h == "encoder" || h == "registry") << e.path() << " includes encoders/" << h << ".h";
    }
  }
}

}  // namespace
}  // namespace psmt::testing
