// Properties of the source tree the design relies on.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "helpers.h"

namespace psmt::testing {
namespace {

namespace fs = std::filesystem;

// The independent checkers include no Z3 header.
TEST(Structure, CheckersIncludeNoZ3) {
  int checked = 0;
  for (const auto& e : fs::directory_iterator(kSourceDir + "/encoders")) {
    std::string name = e.path().filename().string();
    if (name.size() < 10 || name.substr(name.size() - 10) != "_check.cpp") continue;
    std::string text = read_file(e.path().string());
    EXPECT_EQ(text.find("z3"), std::string::npos) << name << " mentions z3";
    checked++;
  }
  EXPECT_GE(checked, 1);
}

// src/ knows no kind: it includes only the encoder interface and the registry.
TEST(Structure, SrcIncludesNoKindHeader) {
  std::regex inc(R"(#include\s+"encoders/([a-z_]+)\.h")");
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
