#include "helpers.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

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

Result run_puzzle(const LoadedPuzzle& lp, const std::string& encoding, uint64_t limit, const std::string& solver) {
  RunOptions ro;
  ro.encoding = encoding;
  ro.solver = solver;
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

int for_each_tatham_id(const std::string& path,
                       const std::function<void(const std::string& id, const std::string& solution, int w, int h)>& each) {
  std::ifstream in(path);
  int n = 0;
  static const std::regex size("^[a-z]+:(\\d+)x(\\d+)");
  for (std::string line; std::getline(in, line);) {
    const std::string id = line.substr(0, line.find(' ')), solution = line.substr(line.find(' ') + 1);
    std::smatch m;
    if (!std::regex_search(id, m, size)) ADD_FAILURE() << path << ": " << id;
    else each(id, solution, std::stoi(m[1]), std::stoi(m[2]));
    n++;
  }
  return n;
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

std::vector<std::string> puzzle_files() {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(kSourceDir + "/puzzles"))
    if (e.is_regular_file() && e.path().extension() == ".json") out.push_back(fs::relative(e.path(), kSourceDir).string());
  std::sort(out.begin(), out.end());
  return out;
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

std::vector<std::string> links_in_test_data(const std::string& relative) {
  std::vector<std::string> out;
  std::ifstream in(kDataDir + "/" + relative);
  const std::regex url(R"re("(https?://[^"]+)")re");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, url)) out.push_back(m[1]);
  }
  return out;
}

std::vector<GameId> tatham_ids(const std::string& game) {
  std::vector<GameId> out;
  std::ifstream in(kDataDir + "/tatham/" + game + ".txt");
  for (std::string line; std::getline(in, line);) {
    auto sp = line.find(' ');
    GameId g{line.substr(0, sp), ""};
    for (char ch : line.substr(sp + 2))  // "S" then the digits
      if (ch != ',') g.solution += ch;
    const std::string moves = line.substr(sp + 2);
    if (moves.find(',') == std::string::npos) {  // a digit per cell
      for (char ch : moves)
        if (std::isdigit(static_cast<unsigned char>(ch))) g.values.push_back(ch - '0');
    } else {
      std::istringstream list(moves);
      for (std::string v; std::getline(list, v, ',');)
        if (!v.empty() && v.size() < 4 && std::isdigit(static_cast<unsigned char>(v[0]))) g.values.push_back(std::stoi(v));
    }
    out.push_back(g);
  }
  return out;
}

int expect_ids_unique_with_their_solution(const std::string& game, const std::string& kind) {
  int n = 0;
  for (const auto& g : tatham_ids(game)) {
    CliResult r = run_cli({"check", "--json", g.id});
    EXPECT_EQ(r.exit_code, 0) << g.id << "\n" << r.err << r.out.substr(0, 300);
    if (r.exit_code != 0) continue;
    auto rep = nlohmann::json::parse(r.out);
    EXPECT_EQ(rep["kind"], kind) << g.id;
    EXPECT_EQ(rep["status"], "unique") << g.id;
    // Our rows write 10 to 16 as letters A to G (16x16).
    std::vector<int> values;
    for (const auto& row : rep["solutions"][0])
      for (char ch : row.get<std::string>()) values.push_back(std::isdigit(static_cast<unsigned char>(ch)) ? ch - '0' : ch - 'A' + 10);
    EXPECT_EQ(values, g.values) << g.id;
    ++n;
  }
  return n;
}

void expect_id_link_file_and_convert_agree(const std::string& id) {
  const std::string game = id.substr(0, id.find(':'));
  const std::string link = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/" + game + ".html#" + id.substr(game.size() + 1);
  CliResult a = run_cli({"check", "--json", link});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const std::string file = ::testing::TempDir() + "/" + game + "_id.txt";
  std::ofstream(file) << id << "\n";
  CliResult b = run_cli({"check", "--json", file});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const auto solutions = nlohmann::json::parse(a.out)["solutions"];
  EXPECT_EQ(solutions, nlohmann::json::parse(b.out)["solutions"]);
  CliResult c = run_cli({"convert", id});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const std::string ours = ::testing::TempDir() + "/" + game + "_converted.json";
  std::ofstream(ours) << c.out;
  CliResult d = run_cli({"check", "--json", ours});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(nlohmann::json::parse(d.out)["solutions"], solutions);
  CliResult e = run_cli({"convert", ours});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(nlohmann::json::parse(e.out), nlohmann::json::parse(c.out));
}

void expect_refused_in_one_line(const std::vector<std::pair<std::string, std::string>>& cases) {
  for (const auto& [input, part] : cases) {
    CliResult r = run_cli({"check", input});
    EXPECT_EQ(r.exit_code, 2) << input;
    EXPECT_NE(r.err.find(part), std::string::npos) << input << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

void expect_bad_files_name_their_path(const std::vector<std::pair<std::string, std::string>>& cases, const std::string& name) {
  for (const auto& [text, path] : cases) {
    const std::string f = ::testing::TempDir() + "/" + name;
    std::ofstream(f) << text;
    CliResult r = run_cli({"check", f});
    EXPECT_EQ(r.exit_code, 2) << text;
    EXPECT_NE(r.err.find(path), std::string::npos) << text << ": " << r.err;
    EXPECT_NE(r.err.find(name), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

void Verdicts::expect(const nlohmann::json& puzzle, uint64_t expected) {
  none += expected == 0;
  one += expected == 1;
  several += expected > 1;
  SCOPED_TRACE(puzzle.dump());
  expect_count_in_every_encoding(puzzle, expected);
}

void expect_count_in_every_encoding(const nlohmann::json& puzzle, uint64_t expected) {
  auto lp = puzzle_from_text(puzzle.dump());
  int on_cadical = 0;
  for (const auto& enc : encodings_of(puzzle["kind"].get<std::string>())) {
    for (const std::string solver : {"z3", "cadical"}) {
      if (solver == "cadical" && !runs_on_cadical(lp, enc)) continue;
      on_cadical += solver == "cadical";
      Result r = run_puzzle(lp, enc, 0, solver);
      ASSERT_TRUE(r.complete) << enc << " on " << solver;
      EXPECT_EQ(r.solutions_found, expected) << enc << " on " << solver << "\n" << puzzle.dump();
      for (const auto& sol : r.solutions)
        EXPECT_TRUE(lp.encoder->check(*lp.puzzle, sol).empty()) << enc << " on " << solver << " " << sol.dump();
    }
  }
  EXPECT_GT(on_cadical, 0) << "no encoding of " << puzzle["kind"] << " runs on CaDiCaL";
}

bool runs_on_cadical(const LoadedPuzzle& lp, const std::string& encoding) {
  // The back end refuses an encoding with a variable it cannot turn into
  // clauses, naming the encoding; every other error is a failure.
  RunOptions ro;
  ro.encoding = encoding;
  ro.solver = "cadical";
  ro.limit = 1;
  try {
    run(*lp.encoder, *lp.puzzle, ro);
    return true;
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("encoding " + encoding + " cannot run on CaDiCaL"), std::string::npos) << what;
    return false;
  }
}

bool wait_until(const std::function<bool()>& ready, int limit_ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  while (std::chrono::steady_clock::now() < end) {
    if (ready()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return ready();
}

long cpu_ms(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(in, stat)) return -1;
  // Fields after the command name (which may hold spaces, in parentheses):
  // state is field 3; utime and stime are fields 14 and 15.
  std::istringstream rest(stat.substr(stat.rfind(')') + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int f = 3; f <= 15 && rest >> field; ++f) {
    if (f == 3 && field == "Z") return -1;
    if (f == 14) utime = std::stol(field);
    if (f == 15) stime = std::stol(field);
  }
  return (utime + stime) * 1000 / ::sysconf(_SC_CLK_TCK);
}

std::size_t lines_in(const std::string& path) {
  std::string text = read_file(path);
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace psmt::testing
