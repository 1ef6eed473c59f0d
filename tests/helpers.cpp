#include "helpers.h"

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "encoders/registry.h"
#include "io/error.h"
#include "io/json_load.h"

#include <gtest/gtest.h>

namespace psmt::testing {

LoadedPuzzle puzzle_from_text(const std::string& json_text, const std::string& origin) {
  return load_puzzle(parse_json_text(json_text, origin), origin);
}

LoadedPuzzle puzzle_from_file(const std::string& relative_path) {
  return load_puzzle_file(kSourceDir + "/" + relative_path);
}

Result run_puzzle(const LoadedPuzzle& lp, const std::string& encoding, uint64_t limit) {
  RunOptions ro;
  ro.encoding = encoding;
  ro.limit = limit;
  ro.keep = 2;
  return run(*lp.encoder, *lp.puzzle, ro);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

static std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text) {
  namespace fs = std::filesystem;
  static int counter = 0;
  fs::path dir = fs::temp_directory_path() / ("psmt-cli-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
  fs::create_directories(dir);
  std::string cmd = quote(kBinary);
  for (const auto& a : args) cmd += " " + quote(a);
  std::string in = (dir / "in").string(), out = (dir / "out").string(), err = (dir / "err").string();
  std::ofstream(in) << stdin_text;
  cmd += " <" + quote(in) + " >" + quote(out) + " 2>" + quote(err);
  int rc = std::system(cmd.c_str());
  CliResult r;
  r.exit_code = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  fs::remove_all(dir);
  return r;
}

void expect_located_errors(const std::vector<BadInputCase>& cases) {
  for (const auto& c : cases) {
    try {
      puzzle_from_text(c.text, "bad.json");
      ADD_FAILURE() << "accepted " << c.text;
    } catch (const InputError& e) {
      EXPECT_EQ(e.path(), c.path) << e.describe();
      EXPECT_NE(std::string(e.what()).find(c.part), std::string::npos) << e.describe();
    }
  }
}

std::vector<std::string> encodings_of(const std::string& kind) {
  std::vector<std::string> out;
  for (const auto& e : find_encoder(kind)->encodings()) out.push_back(e.name);
  return out;
}

std::set<std::string> solution_set(const LoadedPuzzle& lp, const std::string& encoding,
                                   const std::function<std::string(const nlohmann::json&)>& key) {
  RunOptions ro;
  ro.encoding = encoding;
  ro.limit = 0;
  ro.keep = SIZE_MAX;
  ro.split = false;  // every whole solution, not a product of components
  Result r = run(*lp.encoder, *lp.puzzle, ro);
  EXPECT_TRUE(r.complete);
  std::set<std::string> out;
  for (const auto& s : r.solutions) out.insert(key(s));
  EXPECT_EQ(out.size(), r.solutions_found) << "a solution counted twice";
  return out;
}

}  // namespace psmt::testing
