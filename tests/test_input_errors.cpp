// Bad input: every error class gives an InputError with a stable id, the JSON
// path and a message saying what was expected and what was found.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "helpers.h"
#include "io/error.h"
#include "io/json_load.h"
#include "encoders/registry.h"

namespace psmt::testing {
namespace {

struct BadCase {
  const char* name;
  const char* text;
  const char* id;
  const char* path;
  const char* message_part;
};

// One row per error class.
const BadCase kBad[] = {
    {"truncated", R"({"kind": "sudoku", "grid": [)", "input.json", "#", "malformed JSON at line 1, column 29 (in /grid/0)"},
    {"empty", "  \n", "input.json", "#", "empty input"},
    {"trailing_garbage", R"({"kind": "sudoku"} x)", "input.json", "#", "malformed JSON at line 1"},
    {"duplicate_key", R"({"kind": "sudoku", "kind": "futoshiki"})", "input.duplicate_key", "/kind", "duplicate key \"kind\""},
    {"deep_nesting", nullptr, "input.depth", nullptr, "nesting deeper than 64"},
    {"not_object", "[1, 2, 3]", "input.type", "", "expected a JSON object describing one puzzle, found an array of 3"},
    {"missing_kind", R"({"grid": "..."})", "input.missing", "", "missing field \"kind\""},
    {"kind_not_string", R"({"kind": 7})", "input.type", "/kind", "expected a string, found the number 7"},
    {"unknown_kind", R"({"kind": "slitherlinks"})", "input.unknown_kind", "/kind", "unknown kind \"slitherlinks\" (known kinds: "},
    {"unknown_field", R"({"kind": "sudoku", "gird": "x"})", "input.unknown_field", "/gird", "unknown field \"gird\""},
    {"missing_grid", R"({"kind": "sudoku"})", "input.missing", "", "missing field \"grid\""},
    {"grid_not_square", R"({"kind": "sudoku", "grid": "123"})", "input.shape", "/grid", "expected n*n cell characters (81 for 9x9), found 3"},
    {"short_row", R"({"kind": "sudoku", "grid": ["1234", "123", "1234", "1234"]})", "input.shape", "/grid/1", "expected a row of 4 cells, found 3"},
    {"digit_out_of_range", R"({"kind": "sudoku", "grid": ["1..5", "....", "....", "...."]})", "input.range", "/grid/0", "cell 4 is '5', expected a blank or 1..4"},
    {"bad_character", R"({"kind": "sudoku", "grid": ["1..x", "....", "....", "...."]})", "input.range", "/grid/0", "cell 4 is 'x'"},
    {"number_out_of_range", R"({"kind": "sudoku", "grid": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,99]]})", "input.range", "/grid/3/3", "expected an integer in 0..4, found 99"},
    {"float_cell", R"({"kind": "sudoku", "grid": [[1.5,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]})", "input.type", "/grid/0/0", "expected an integer in 0..4, found the number 1.5"},
    {"huge_number", R"({"kind": "sudoku", "size": 123456789012345678901234567890})", "input.type", "/size", "expected an integer in 1..36"},
    {"absurd_size", R"({"kind": "sudoku", "size": 1000})", "input.range", "/size", "expected an integer in 1..36, found 1000"},
    {"absurd_grid", nullptr, "input.size", "/grid", "grid side 49 is outside the supported 1..36"},
    {"no_box_shape", R"({"kind": "sudoku", "size": 5})", "input.shape", "", "a 5x5 grid has no box shape"},
    {"bad_box", R"({"kind": "sudoku", "size": 6, "box": [2, 2]})", "input.shape", "/box", "box 2x2 does not tile a 6x6 grid"},
    {"bad_sign", R"({"kind": "sudoku", "size": 4, "greater_than": {"horizontal": ["<<", "x<", "<<", "<<"]}})", "input.value", "/greater_than/horizontal/1", "character 1 is 'x'"},
    {"sign_count", R"({"kind": "sudoku", "size": 4, "greater_than": {"horizontal": ["<<<<", "", "", ""]}})", "input.shape", "/greater_than/horizontal/0", "expected 2 signs (between neighbours inside a box) or 3 (between all neighbours), found 4"},
    {"sign_rows", R"({"kind": "futoshiki", "size": 4, "greater_than": {"vertical": ["<<<"]}})", "input.shape", "/greater_than/vertical", "expected an array of 4, found an array of 1"},
    {"relation_cell", R"({"kind": "futoshiki", "size": 4, "relations": [{"cells": [[0,0],[0,4]], "op": "<"}]})", "input.range", "/relations/0/cells/1/1", "expected an integer in 0..3, found 4"},
    {"relation_op", R"({"kind": "futoshiki", "size": 4, "relations": [{"cells": [[0,0],[0,1]], "op": "="}]})", "input.value", "/relations/0/op", "expected \"<\" or \">\", found \"=\""},
    {"relation_same_cell", R"({"kind": "futoshiki", "size": 4, "relations": [{"cells": [[0,0],[0,0]], "op": "<"}]})", "input.value", "/relations/0/cells", "two different cells"},
    {"box_for_futoshiki", R"({"kind": "futoshiki", "size": 4, "box": [2, 2]})", "input.unknown_field", "/box", "unknown field \"box\" for kind futoshiki"},
    {"expect_status", R"({"kind": "sudoku", "size": 4, "expect": {"status": "yes"}})", "input.value", "/expect/status", "expected \"unique\", \"multiple\" or \"none\", found \"yes\""},
    {"expect_contradiction", R"({"kind": "sudoku", "size": 4, "expect": {"status": "unique", "count": 3}})", "input.value", "/expect", "contradicts expect.count 3"},
    {"expect_solution_blank", R"({"kind": "sudoku", "size": 4, "expect": {"solution": "1234341221434.21"}})", "input.shape", "/expect/solution", "cell 14 is blank"},
    {"invalid_utf8", "{\"kind\": \"sudoku\", \"name\": \"\xff\xfe\", \"size\": 4}", "input.json", "#", "malformed JSON at line 1"},
};

class BadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(BadInput, IsLocatedInputError) {
  const BadCase& c = GetParam();
  std::string text;
  if (std::string(c.name) == "deep_nesting") {
    text = std::string(200, '[') + std::string(200, ']');
  } else if (std::string(c.name) == "absurd_grid") {
    text = R"({"kind": "sudoku", "grid": ")" + std::string(49 * 49, '.') + "\"}";
  } else {
    text = c.text;
  }
  try {
    puzzle_from_text(text, "bad.json");
    FAIL() << "accepted: " << c.name;
  } catch (const InputError& e) {
    EXPECT_EQ(e.id(), c.id) << e.describe();
    if (c.path) EXPECT_EQ(e.path(), c.path) << e.describe();
    EXPECT_NE(std::string(e.what()).find(c.message_part), std::string::npos) << e.describe();
    EXPECT_EQ(e.file(), "bad.json");
    EXPECT_EQ(e.describe().find('\n'), std::string::npos) << "one line";
    EXPECT_EQ(e.describe().rfind("bad.json: ", 0), 0u) << e.describe();
  }
}

INSTANTIATE_TEST_SUITE_P(AllClasses, BadInput, ::testing::ValuesIn(kBad),
                         [](const auto& info) { return std::string(info.param.name); });

// The kinds an unknown kind's error lists are the registry's, every one.
TEST(InputErrors, AnUnknownKindListsEveryKnownKind) {
  std::string kinds;
  for (const auto* e : all_encoders()) kinds += (kinds.empty() ? "" : ", ") + std::string(e->kind());
  try {
    puzzle_from_text(R"({"kind": "slitherlinks"})", "bad.json");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("(known kinds: " + kinds + ")"), std::string::npos) << e.what();
  }
}

TEST(InputErrors, DescribeNamesFilePathAndId) {
  InputError e("input.range", "/grid/3", "cell 4 is 'x'", "p.json");
  EXPECT_EQ(e.describe(), "p.json: /grid/3: cell 4 is 'x' [input.range]");
  InputError root("input.missing", "", "missing field \"kind\"", "p.json");
  EXPECT_EQ(root.describe(), "p.json: /: missing field \"kind\" [input.missing]");
}

TEST(InputErrors, MissingFileAndDirectory) {
  try {
    load_json_file("/nonexistent/dir/x.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.id(), "input.file");
    EXPECT_EQ(e.file(), "/nonexistent/dir/x.json");
  }
  auto dir = std::filesystem::temp_directory_path();
  try {
    load_json_file(dir.string());
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.id(), "input.file");
  }
}

TEST(InputErrors, MalformedJsonReportsLineAndColumn) {
  try {
    parse_json_text("{\n  \"kind\": \"sudoku\",\n  \"grid\": [\"1\", ]\n}", "m.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("line 3, column"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("(in /grid/1)"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace psmt::testing

namespace psmt::testing {
namespace {

// tests/bad_inputs/: malformed files across every kind (truncated JSON, wrong
// types and shapes, out-of-range values, unknown names, huge numbers, deep
// nesting, invalid UTF-8), each listed in expected.tsv with the JSON path its
// one-line error must name.
TEST(BadInputCorpus, EveryFileIsRejectedWithFileAndPath) {
  std::istringstream manifest(read_file(kSourceDir + "/tests/bad_inputs/expected.tsv"));
  std::string line;
  int files = 0;
  std::set<std::string> kinds;
  while (std::getline(manifest, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
    ASSERT_NE(t2, std::string::npos) << line;
    std::string file = kSourceDir + "/tests/bad_inputs/" + line.substr(0, t1);
    std::string path = line.substr(t1 + 1, t2 - t1 - 1), part = line.substr(t2 + 1);
    CliResult c = run_cli({"check", file});
    files++;
    EXPECT_EQ(c.exit_code, 2) << file << ": " << c.err;
    EXPECT_EQ(c.out, "") << file;
    EXPECT_EQ(std::count(c.err.begin(), c.err.end(), '\n'), 1) << file << ": one line\n" << c.err;
    EXPECT_NE(c.err.find(file + ": "), std::string::npos) << c.err;
    if (path != "-")
      EXPECT_TRUE(c.err.find(": " + path + ": ") != std::string::npos || c.err.find("(in " + path + ")") != std::string::npos)
          << file << " should name " << path << ": " << c.err;
    EXPECT_NE(c.err.find(part), std::string::npos) << file << ": " << c.err;
    std::string text = read_file(file);
    auto k = text.find("\"kind\": \"");
    if (k != std::string::npos) kinds.insert(text.substr(k + 9, text.find('"', k + 9) - k - 9));
  }
  EXPECT_GE(files, 50);
  for (const auto* e : all_encoders()) EXPECT_TRUE(kinds.count(std::string(e->kind())) || e->kind() == "futoshiki") << e->kind();
}

}  // namespace
}  // namespace psmt::testing
