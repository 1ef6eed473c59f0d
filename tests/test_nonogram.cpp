// The nonogram kind and Simon Tatham's pattern game IDs: exact counts against
// a plain backtracking counter in every encoding, real game IDs from the
// collection's own generator with its recorded solutions (5x5 to 30x30), the
// format's worked example, known cells, links, convert round trips,
// malformed IDs and files, and diagnose naming lines in the setter's words.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <set>

#include "helpers.h"
#include "importers/importer.h"
#include "io/json_load.h"

namespace psmt::testing {
namespace {

using json = nlohmann::json;
using Clue = std::optional<std::vector<int>>;  // none: the line has no clue

std::vector<int> runs_of(const std::vector<int>& line) {
  std::vector<int> out;
  int run = 0;
  for (int v : line) {
    if (v) ++run;
    else if (run) out.push_back(run), run = 0;
  }
  if (run) out.push_back(run);
  return out;
}

// Plain backtracking: rows one at a time over every 0/1 pattern whose runs
// match the row's clue; columns checked on the prefix (completed runs agree
// with the clue, the open one is not too long) and in full at the end.
// Stops at `limit` pictures.
uint64_t count_pictures(const std::vector<Clue>& rows, const std::vector<Clue>& cols, const std::vector<std::string>& givens,
                        uint64_t limit = UINT64_MAX) {
  const int h = static_cast<int>(rows.size()), w = static_cast<int>(cols.size());
  std::vector<std::vector<int>> grid;
  auto column = [&](int c) {
    std::vector<int> out;
    for (const auto& row : grid) out.push_back(row[c]);
    return out;
  };
  auto prefix_ok = [&](int c) {
    if (!cols[c]) return true;
    const auto col = column(c);
    auto done = runs_of(col);
    const bool open = !col.empty() && col.back();
    std::vector<int> closed(done.begin(), done.end() - (open ? 1 : 0));
    const auto& want = *cols[c];
    if (closed.size() > want.size()) return false;
    for (std::size_t k = 0; k < closed.size(); ++k)
      if (closed[k] != want[k]) return false;
    if (open && (closed.size() >= want.size() || done.back() > want[closed.size()])) return false;
    return true;
  };
  uint64_t found = 0;
  std::function<void(int)> dfs = [&](int r) {
    if (found >= limit) return;
    if (r == h) {
      for (int c = 0; c < w; ++c)
        if (cols[c] && runs_of(column(c)) != *cols[c]) return;
      ++found;
      return;
    }
    for (int bits = 0; bits < (1 << w); ++bits) {
      std::vector<int> line;
      for (int c = 0; c < w; ++c) line.push_back((bits >> c) & 1);
      if (rows[r] && runs_of(line) != *rows[r]) continue;
      bool ok = true;
      for (int c = 0; c < w && ok; ++c) {
        const char g = givens.empty() ? '.' : givens[r][c];
        ok = !(g == '#' && !line[c]) && !(g == 'x' && line[c]);
      }
      if (!ok) continue;
      grid.push_back(line);
      for (int c = 0; c < w && ok; ++c) ok = prefix_ok(c);
      if (ok) dfs(r + 1);
      grid.pop_back();
    }
  };
  dfs(0);
  return found;
}

json clue_json(const Clue& c) { return c ? json(*c) : json(nullptr); }

// The clues of a random h x w picture (each cell filled with probability
// 0.55), and a puzzle of our JSON from clues.
void random_picture_clues(std::mt19937& rng, int h, int w, std::vector<Clue>& rows, std::vector<Clue>& cols) {
  std::vector<std::vector<int>> pic(static_cast<std::size_t>(h), std::vector<int>(static_cast<std::size_t>(w)));
  for (auto& row : pic)
    for (auto& v : row) v = std::uniform_int_distribution<int>(0, 99)(rng) < 55;
  rows.clear();
  cols.clear();
  for (int r = 0; r < h; ++r) rows.push_back(runs_of(pic[static_cast<std::size_t>(r)]));
  for (int c = 0; c < w; ++c) {
    std::vector<int> col;
    for (int r = 0; r < h; ++r) col.push_back(pic[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]);
    cols.push_back(runs_of(col));
  }
}
json nonogram_json(const std::vector<Clue>& rows, const std::vector<Clue>& cols) {
  json rj = json::array(), cj = json::array();
  for (const auto& c : rows) rj.push_back(clue_json(c));
  for (const auto& c : cols) cj.push_back(clue_json(c));
  return {{"kind", "nonogram"}, {"rows", rj}, {"columns", cj}};
}

TEST(Nonogram, ExactCountsMatchBacktrackingInEveryEncoding) {
  std::mt19937 rng(29);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int checked = 0, unique = 0, several = 0, none = 0;
  for (int round = 0; round < 24; ++round) {
    const int h = pick(2, 6), w = pick(2, 6);
    std::vector<Clue> rows, cols;
    random_picture_clues(rng, h, w, rows, cols);
    if (round % 4 == 1) rows[pick(0, h - 1)] = std::nullopt;            // a line without a clue
    if (round % 4 == 2) cols[pick(0, w - 1)] = std::vector<int>{pick(1, h + 1)};  // a clue that may be wrong, or too long
    std::vector<std::string> givens;
    if (round % 6 == 5) {
      givens.assign(h, std::string(w, '.'));
      givens[pick(0, h - 1)][pick(0, w - 1)] = pick(0, 1) ? '#' : 'x';
    }
    const uint64_t expected = count_pictures(rows, cols, givens);
    json puzzle = nonogram_json(rows, cols);
    if (!givens.empty()) puzzle["givens"] = givens;
    expect_count_in_every_encoding(puzzle, expected);
    checked++;
    unique += expected == 1;
    several += expected > 1;
    none += expected == 0;
  }
  EXPECT_EQ(checked, 24);
  EXPECT_GE(unique, 3);
  EXPECT_GE(several, 3);
  EXPECT_GE(none, 1);
}

TEST(Nonogram, GeneratedPatternIdsAreUniqueWithTheCollectionsSolution) {
  // 5x5 to 30x30 and a 15x10; the solution as '#'/'.' rows against "S" and 0/1.
  int n = 0;
  for (const auto& g : tatham_ids("pattern")) {
    CliResult r = run_cli({"check", "--json", g.id});
    ASSERT_EQ(r.exit_code, 0) << g.id << "\n" << r.err;
    auto rep = json::parse(r.out);
    EXPECT_EQ(rep["kind"], "nonogram");
    std::string bits;
    for (const auto& row : rep["solutions"][0])
      for (char ch : row.get<std::string>()) bits += ch == '#' ? '1' : '0';
    EXPECT_EQ(bits, g.solution) << g.id;
    ++n;
  }
  EXPECT_EQ(n, 14);
}

// The picture a link or ID converts to, and the solution check reports; the
// converted JSON is returned.
json expect_clues_and_solution(const std::string& input, const std::string& columns, const std::string& rows,
                               const std::string& solution) {
  CliResult r = run_cli({"convert", input});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  if (r.exit_code != 0) return json();
  auto p = json::parse(r.out);
  EXPECT_EQ(p["columns"], json::parse(columns)) << input;
  EXPECT_EQ(p["rows"], json::parse(rows)) << input;
  CliResult c = run_cli({"check", "--json", input});
  EXPECT_EQ(c.exit_code, 0) << c.err;
  if (c.exit_code == 0) EXPECT_EQ(json::parse(c.out)["solutions"][0], json::parse(solution)) << input;
  return p;
}

TEST(Nonogram, WorkedExampleAndKnownCellsOfThePatternFormat) {
  const std::string id = "pattern:5x5:2/2/1.2/1.1/4/1.1/1.3/1/4/2";
  expect_clues_and_solution(id, "[[2], [2], [1, 2], [1, 1], [4]]", "[[1, 1], [1, 3], [1], [4], [2]]",
                            R"(["#...#", "#.###", "....#", ".####", ".##.."])");
  // Known cells: "A" is r1c1 filled, then "D" three unknown and r1c5 filled
  // (both as in the solution); "d" would say r1c5 is empty: no solution.
  CliResult k = run_cli({"convert", id + ",AD"});
  ASSERT_EQ(k.exit_code, 0) << k.err;
  EXPECT_EQ(json::parse(k.out)["givens"][0], "#...#");
  EXPECT_EQ(json::parse(k.out)["givens"][1], ".....");
  EXPECT_EQ(run_cli({"check", id + ",AD"}).exit_code, 0);
  CliResult none = run_cli({"check", id + ",Ad"});
  EXPECT_EQ(none.exit_code, 20) << none.out;
  EXPECT_NE(none.out.find("r1c5 given empty"), std::string::npos) << none.out;
  // z: 25 unknown cells and no known one; the next letter's cell is the 26th.
  CliResult z = run_cli({"convert", "pattern:5x6:1/1/1/1/1/1/1/1/1/1/1,zA"});
  ASSERT_EQ(z.exit_code, 0) << z.err;
  EXPECT_EQ(json::parse(z.out)["givens"][5], "#....");
}

TEST(Nonogram, TheCollectionsWebPageLinkAndAFileHoldingTheIdReadTheSame) {
  expect_id_link_file_and_convert_agree(tatham_ids("pattern").at(2).id);  // 15x10
}

TEST(Nonogram, MalformedPatternIdsAreOneLineAndExit2) {
  expect_refused_in_one_line({
      {"pattern:5x5:2/2/1.2/1.1/4/1.1/1.3/1/4", "9 clues separated by '/', a 5x5 picture has 10"},
      {"pattern:5y5:2/2", "\"y5\" after the size in \"5y5\""},
      {"pattern:0x5:2/2", "a 0x5 picture (1 to 200 on each side)"},
      {"pattern:5x5:2/2/1.2/1.1/4/1.1/1.3/1/4/6", "clue 10 (row 5): a run of 6 (1..5 in a line of 5)"},
      {"pattern:5x5:2/2/1..2/1.1/4/1.1/1.3/1/4/2", "clue 3 (column 3): \"\" is not a run length"},
      {"pattern:5x5:2/2/1.2/1.1/4/1.1/1.3/1/4/0", "clue 10 (row 5): a run of 0"},
      {"pattern:5x5:2/2/1.2/1.1/4/1.1/1.3/1/4/2,A!", "given cells, character 2: unexpected \"!\""},
      {"pattern:5x5:2/2/1.2/1.1/4/1.1/1.3/1/4/2,zY", "given cells: more than the 25 cells"},
  });
}

TEST(Nonogram, BadFilesNameTheJsonPath) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"kind": "nonogram", "rows": [[1]], "columns": [[1, 0]]})", "/columns/0/1"},
      {R"({"kind": "nonogram", "rows": [[256]], "columns": [[1]]})", "/rows/0/0"},
      {R"({"kind": "nonogram", "rows": [[1]], "columns": [[1]], "givens": ["?"]})", "/givens/0"},
      {R"({"kind": "nonogram", "rows": [], "columns": [[1]]})", "/rows"},
  };
  expect_bad_files_name_their_path(cases, "nonogram_bad.json");
}

TEST(Nonogram, PzprjsTestPuzzleDecodesAsPzprjsReadsItAndHasItsAnswer) {
  // pzprjs's own test URL (its test/script/nonogram.js): slots touch the
  // grid first, so column 0's "1 2 _" is the clue 2 1; column 5 and row 3
  // have no number and stay empty.
  std::ifstream in(kDataDir + "/puzzlink/nonogram_pzprjs.txt");
  std::string text((std::istreambuf_iterator<char>(in)), {});
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex(R"re(url: "([^"]+)")re")));
  const std::string link = "https://puzz.link/p?nonogram/" + m[1].str();
  // The solution is the accepted answer of pzprjs's test script.
  const json p = expect_clues_and_solution(link, "[[2, 1], [1, 1, 1], [1], [1, 1, 1], [2, 1], []]",
                                           "[[2, 1], [1, 1], [1, 2], [], [1, 1], [3]]",
                                           R"(["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."])");
  // The same link in editor mode, with a variant mark and a trailing '/'.
  CliResult e = run_cli({"convert", "https://puzz.link/p?nonogram_edit/v:/" + m[1].str() + "/"});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(json::parse(e.out)["rows"], p["rows"]);
  // convert round-trips.
  std::string f = ::testing::TempDir() + "/nonogram_puzzlink.json";
  std::ofstream(f) << p.dump();
  EXPECT_EQ(json::parse(run_cli({"convert", f}).out), p);
}

TEST(Nonogram, PuzzLinkLinksAnswerInEveryEncodingAndALineTooShortIsNamed) {
  auto links = links_in_test_data("puzzlink/nonogram.txt");
  ASSERT_EQ(links.size(), 3u);
  // 20x14 and 50x45: unique, the same picture in both encodings, each
  // passing the checker (check re-checks every reported solution).
  for (int k : {1, 2}) {
    CliResult a = run_cli({"check", "--json", "-e", "automaton", links[static_cast<std::size_t>(k)]});
    CliResult b = run_cli({"check", "--json", "-e", "int-starts", links[static_cast<std::size_t>(k)]});
    ASSERT_EQ(a.exit_code, 0) << links[static_cast<std::size_t>(k)] << "\n" << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(json::parse(a.out)["solutions"], json::parse(b.out)["solutions"]);
  }
  // The 4x10 test link has columns "6 5 4", "9 8 7" and "12 11 10" in 10
  // cells: no solution, and in the automaton the conflict is column 2
  // alone. Line solving blames clues by editing the puzzle and may find
  // another minimal conflict; both are minimal.
  CliResult d = run_cli({"diagnose", "--json", "-e", "automaton", links[0]});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  auto j = json::parse(d.out);
  ASSERT_EQ(j["conflict"].size(), 1u) << j.dump();
  EXPECT_EQ(j["conflict"][0]["id"], "columns/1");
  CliResult e = run_cli({"diagnose", "--json", links[0]});
  ASSERT_EQ(e.exit_code, 20) << e.out << e.err;
  EXPECT_FALSE(json::parse(e.out)["conflict"].empty());
  EXPECT_EQ(json::parse(run_cli({"convert", links[0]}).out)["columns"][3], json::parse("[12, 11, 10]"));
  expect_refused_in_one_line({
      {"https://puzz.link/p?nonogram/6/6/1.", "character 2: a \"?\" clue"},
      {"https://puzz.link/p?nonogram/6/6/0", "character 1: a clue of 0"},
      {"https://puzz.link/p?nonogram/6/6/1!", "character 2: unexpected \"!\""},
      {"https://puzz.link/p?nonogram/2/2/1111x", "character 5: more than the 4 clue places of a 2x2 picture"},
      {"https://puzz.link/p?nonogram/6/-/1", "nonogram rows: \"-\" is not a number"},
      {"https://puzz.link/p?nonogram/201/6/1", "nonogram columns: \"201\" is out of range (1 to 200)"},
      {"https://puzz.link/p?nonogram/100000/100000/1", "nonogram columns: \"100000\" is out of range (1 to 200)"},
      {"https://puzz.link/p?nonogram/99999999999999999999/6/1", "columns: \"99999999999999999999\" is out of range"},
      {"https://puzz.link/p?nonogram/6/6", "a nonogram link is p?nonogram/COLS/ROWS/DATA"},
  });
}

TEST(PuzzLink, SkyscrapersGivenDigitsFollowTheClues) {
  // pzprjs's test puzzle (4x4, 16 clue places, "k13h4j3g") with given
  // digits appended as pzprjs's writer appends them: "2" puts a 2 in r1c1
  // (its answer's digit: still unique), "1" a 1 (no solution), and
  // "i3" skips three cells then puts a 3 in r1c4.
  const std::string base = "https://puzz.link/p?skyscrapers/4/4/k13h4j3g";
  CliResult r = run_cli({"check", "--json", base});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["solutions"][0], json::parse(R"(["2143", "1234", "4312", "3421"])"));
  CliResult g = run_cli({"check", "--json", base + "2"});
  ASSERT_EQ(g.exit_code, 0) << g.err;
  EXPECT_EQ(json::parse(g.out)["solutions"], json::parse(r.out)["solutions"]);
  EXPECT_EQ(run_cli({"check", base + "1"}).exit_code, 20);
  auto c = json::parse(run_cli({"convert", base + "i3"}).out);
  EXPECT_EQ(c["grid"][0], json::parse("[0, 0, 0, 3]")) << c.dump();
  expect_refused_in_one_line({
      {base + "5", "character 9: a given 5 in a 4x4 grid"},
      {base + "z", "the given digits skip past the 16 cells"},
      {base + "zz", "character 10: more than the 16 clues and 16 cells"},
      {base + "!", "character 9: unexpected \"!\" in the given digits"},
  });
}

TEST(Nonogram, DiagnoseNamesTheLinesThatConflictAndTheAmbiguity) {
  // The worked example with row 4's clue 4 changed to 3: no solution, and
  // the minimal conflict names lines as "row 4: 3".
  std::string f = ::testing::TempDir() + "/nonogram_conflict.json";
  std::ofstream(f) << R"({"kind": "nonogram", "rows": [[1, 1], [1, 3], [1], [3], [2]], "columns": [[2], [2], [1, 2], [1, 1], [4]]})";
  CliResult r = run_cli({"diagnose", "--json", f});
  ASSERT_EQ(r.exit_code, 20) << r.out << r.err;
  auto j = json::parse(r.out);
  bool named = false;
  for (const auto& k : j["conflict"]) named |= k["label"].get<std::string>() == "row 4: 3";
  EXPECT_TRUE(named) << j["conflict"].dump();
  // A 2x2 with every line "1": two pictures, differing in all four cells.
  std::string g = ::testing::TempDir() + "/nonogram_two.json";
  std::ofstream(g) << R"({"kind": "nonogram", "rows": [[1], [1]], "columns": [[1], [1]]})";
  CliResult a = run_cli({"check", "--json", g});
  EXPECT_EQ(a.exit_code, 10) << a.out;
  EXPECT_EQ(json::parse(a.out)["differing_cells"].size(), 4u);
  CliResult c = run_cli({"count", g});
  EXPECT_NE(c.out.find("count: 2"), std::string::npos) << c.out;
}

// A random picture's clues with one run changed: most have no solution.
struct Broken {
  std::vector<Clue> rows, cols;
  json puzzle;
};
Broken broken_picture(std::mt19937& rng, int h, int w) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Broken b;
  random_picture_clues(rng, h, w, b.rows, b.cols);
  auto& line = pick(0, 1) ? b.rows[static_cast<std::size_t>(pick(0, h - 1))] : b.cols[static_cast<std::size_t>(pick(0, w - 1))];
  if (line->empty()) line->push_back(1);
  else (*line)[static_cast<std::size_t>(pick(0, static_cast<int>(line->size()) - 1))] += pick(0, 1) ? 1 : -1;
  line->erase(std::remove(line->begin(), line->end(), 0), line->end());
  b.puzzle = nonogram_json(b.rows, b.cols);
  return b;
}

// Whether a picture meets the lines of `b` kept by `keep` (ids rows/k,
// columns/k), the others without a clue: 1 or 0.
uint64_t count_keeping(const Broken& b, const std::set<std::string>& keep) {
  std::vector<Clue> rows = b.rows, cols = b.cols;
  for (std::size_t k = 0; k < rows.size(); ++k)
    if (!keep.count("rows/" + std::to_string(k))) rows[k] = std::nullopt;
  for (std::size_t k = 0; k < cols.size(); ++k)
    if (!keep.count("columns/" + std::to_string(k))) cols[k] = std::nullopt;
  return count_pictures(rows, cols, {}, 1);
}

// The kind's own search (line solving with case splits, what diagnose
// shrinks a conflict with before any solver) against the plain counter: a
// picture exactly when there is one, and it meets every clue kept.
TEST(Nonogram, TheQuickSearchFindsAPictureExactlyWhenThereIsOne) {
  std::mt19937 rng(58);
  int found = 0, none = 0;
  for (int round = 0; round < 60; ++round) {
    const Broken b = broken_picture(rng, 4 + round % 3, 6 - round % 3);
    std::set<std::string> keep;
    std::vector<std::string> dropped;
    for (const auto& l : {std::string("rows"), std::string("columns")})
      for (std::size_t k = 0; k < b.puzzle[l].size(); ++k)
        (rng() % 4 ? keep.insert(l + "/" + std::to_string(k)), void() : dropped.push_back(l + "/" + std::to_string(k)));
    LoadedPuzzle lp = load_puzzle(b.puzzle, "broken.json");
    json solution;
    const auto q = lp.encoder->search_quickly(*lp.puzzle, dropped, solution);
    const uint64_t expected = count_keeping(b, keep);
    ASSERT_NE(q, Encoder::Quick::Unknown) << b.puzzle.dump();
    EXPECT_EQ(q == Encoder::Quick::Solved, expected > 0) << b.puzzle.dump();
    if (q == Encoder::Quick::Solved) {
      std::vector<ClueEdit> drop;
      for (const auto& id : dropped) drop.push_back({id, -1});
      EXPECT_TRUE(lp.encoder->check(*lp.encoder->edit(*lp.puzzle, drop), solution).empty()) << solution.dump();
    }
    found += expected > 0;
    none += expected == 0;
  }
  EXPECT_GE(found, 10);
  EXPECT_GE(none, 10);
}

// Broken pictures explained by a minimal set of lines, checked with the
// plain counter: no picture meets them all, one meets them without any one.
TEST(Nonogram, TheLinesThatConflictAreMinimalByThePlainCounter) {
  std::mt19937 rng(5);
  int explained = 0;
  for (int round = 0; round < 30; ++round) {
    // Under the sanitizers (8x slower here) 4 broken pictures are enough.
    if (PSMT_SANITIZED && explained >= 4) break;
    const Broken b = broken_picture(rng, 4 + round % 2, 5 - round % 2);
    std::set<std::string> all;
    for (const auto& l : {std::string("rows"), std::string("columns")})
      for (std::size_t k = 0; k < b.puzzle[l].size(); ++k) all.insert(l + "/" + std::to_string(k));
    if (count_keeping(b, all) != 0) continue;
    LoadedPuzzle lp = load_puzzle(b.puzzle, "broken.json");
    for (const std::string encoding : {"line-solve", "automaton"}) {
      Result r = run_puzzle(lp, encoding, 2);
      ASSERT_EQ(std::string(status_name(r.status)), "none") << b.puzzle.dump();
      ASSERT_TRUE(r.conflict);
      EXPECT_TRUE(r.conflict->minimal) << r.conflict->note;
      std::set<std::string> ids;
      for (const auto& c : r.conflict->clues) ids.insert(c.id);
      EXPECT_EQ(count_keeping(b, ids), 0u) << encoding << " " << b.puzzle.dump();
      for (const auto& id : ids) {
        std::set<std::string> rest = ids;
        rest.erase(id);
        EXPECT_GT(count_keeping(b, rest), 0u) << encoding << ": " << id << " is not needed in " << b.puzzle.dump();
      }
    }
    ++explained;
  }
  EXPECT_GE(explained, PSMT_SANITIZED ? 4 : 10);
}

// Model rotation (Encoder::rotate): a picture that meets every line but
// one, the broken line laid anew so that it holds and at most one other
// kept line does not. Each turned picture meets every clue but the line it
// names (the checker of the puzzle without that line), and the broken line.
TEST(Nonogram, RotationTurnsAPictureIntoOneWithoutAnotherLine) {
  std::mt19937 rng(81);
  int turned = 0, rounds = 0;
  for (int round = 0; round < 80; ++round) {
    const Broken b = broken_picture(rng, 4 + round % 3, 6 - round % 3);
    LoadedPuzzle lp = load_puzzle(b.puzzle, "broken.json");
    std::vector<std::string> ids;
    for (const auto& l : {std::string("rows"), std::string("columns")})
      for (std::size_t k = 0; k < b.puzzle[l].size(); ++k) ids.push_back(l + "/" + std::to_string(k));
    const std::string broken = ids[static_cast<std::size_t>(rng() % ids.size())];
    std::vector<std::string> dropped;  // a few other lines left out as well
    for (const auto& id : ids)
      if (id != broken && rng() % 5 == 0) dropped.push_back(id);
    auto without_broken = dropped;
    without_broken.push_back(broken);
    json solution;
    if (lp.encoder->search_quickly(*lp.puzzle, without_broken, solution) != Encoder::Quick::Solved) continue;
    ++rounds;
    for (const auto& [d, pic] : lp.encoder->rotate(*lp.puzzle, dropped, broken, solution)) {
      ASSERT_NE(d, broken);
      EXPECT_EQ(std::find(dropped.begin(), dropped.end(), d), dropped.end()) << d;
      auto also = dropped;
      also.push_back(d);
      const auto bad = lp.encoder->check(*lp.encoder->without(*lp.puzzle, also), pic);
      if (!bad.empty()) continue;  // not a proof; the engine skips it as well
      ++turned;
      // Without d the picture holds, so d is needed beside the broken line:
      // the plain counter agrees that the lines kept but d have a picture.
      std::set<std::string> keep;
      for (const auto& id : ids)
        if (id != d && std::find(dropped.begin(), dropped.end(), id) == dropped.end()) keep.insert(id);
      EXPECT_GT(count_keeping(b, keep), 0u) << d << " in " << b.puzzle.dump();
    }
  }
  EXPECT_GE(rounds, 20);
  EXPECT_GE(turned, 50);  // rotation proves lines needed, not only in name
}

// check with neither an encoding nor a back end asked for: the kind's own
// search decides unique and several pictures without a solver
// (Encoder::solve_quickly), and every verdict agrees with the plain counter
// (none, one, several), the search's pictures each meeting every clue and
// all of them found when it says it ran to its end.
TEST(Nonogram, TheKindsOwnSearchDecidesLikeThePlainCounter) {
  std::mt19937 rng(2026);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int unique = 0, several = 0, none = 0, by_search = 0;
  for (int round = 0; round < 80; ++round) {
    const int h = pick(3, 7), w = pick(3, 7);
    std::vector<Clue> rows, cols;
    random_picture_clues(rng, h, w, rows, cols);
    if (round % 5 == 1) rows[static_cast<std::size_t>(pick(0, h - 1))] = std::nullopt;  // a line without a clue
    if (round % 5 == 2) cols[static_cast<std::size_t>(pick(0, w - 1))] = std::vector<int>{pick(1, h)};  // maybe wrong
    const uint64_t expected = count_pictures(rows, cols, {}, 3);
    const json puzzle = nonogram_json(rows, cols);
    LoadedPuzzle lp = load_puzzle(puzzle, "random.json");
    RunOptions ro;
    ro.solver = "";  // as the command line leaves it without --solver
    const Result r = run(*lp.encoder, *lp.puzzle, ro);
    const std::string want = expected == 0 ? "none" : expected == 1 ? "unique" : "multiple";
    ASSERT_EQ(std::string(status_name(r.status)), want) << puzzle.dump();
    for (const auto& sol : r.solutions) EXPECT_TRUE(lp.encoder->check(*lp.puzzle, sol).empty()) << sol.dump();
    if (r.solutions.size() == 2) EXPECT_NE(r.solutions[0], r.solutions[1]);
    const auto z = r.stats.z3.find("decided by the kind's own search");
    by_search += z != r.stats.z3.end() && z->second == 1;
    // The search itself, up to three pictures.
    std::vector<json> found;
    const auto q = lp.encoder->solve_quickly(*lp.puzzle, 3, found);
    ASSERT_NE(q, Encoder::Quick::Unknown) << puzzle.dump();
    EXPECT_EQ(found.size(), static_cast<std::size_t>(expected)) << puzzle.dump();
    EXPECT_EQ(q == Encoder::Quick::Solved, expected == 3) << puzzle.dump();
    std::set<std::string> distinct;
    for (const auto& f : found) {
      EXPECT_TRUE(lp.encoder->check(*lp.puzzle, f).empty()) << f.dump();
      distinct.insert(f.dump());
    }
    EXPECT_EQ(distinct.size(), found.size());
    unique += expected == 1;
    several += expected > 1;
    none += expected == 0;
  }
  EXPECT_GE(unique, 10);
  EXPECT_GE(several, 10);
  EXPECT_GE(none, 5);
  EXPECT_EQ(by_search, unique + several);  // none falls through to the solver, which explains it
}

// ------------------------------------------------ .non files (nonogram-db)

// Every puzzle of nonogram-db (39 .non files, 5x10 to 75x50, each unique by
// the database's rule): read from the file, unique, and the goal picture.
TEST(NonFile, NonogramDbPuzzlesAreUniqueWithTheirGoalPicture) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(kDataDir + "/nonogram/nonogram_db"))
    if (e.path().extension() == ".non") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  ASSERT_EQ(files.size(), 39u);
  for (const auto& f : files) {
    SCOPED_TRACE(f);
    importers::Argument a = importers::read_argument(f, importers::ImportOptions{});
    ASSERT_TRUE(a.imported);
    EXPECT_EQ(a.imported->format, ".non file");
    const json& p = a.imported->puzzle;
    ASSERT_TRUE(p.contains("expect")) << "every file has its goal";
    LoadedPuzzle lp = load_puzzle(p, f);
    Result r = run_puzzle(lp, lp.encoder->encodings().front().name, 2);
    ASSERT_EQ(std::string(status_name(r.status)), "unique");
    EXPECT_EQ(r.solutions.front(), p["expect"]["solution"]);
  }
}

// The format's own example (webpbn #1): clues, metadata, and check, convert
// and batch on the file; the converted JSON reads back the same.
TEST(NonFile, TheFormatsExampleReadsInCheckConvertAndBatch) {
  const std::string f = kDataDir + "/nonogram/nonogram_db/webpbn/1.non";
  CliResult c = run_cli({"convert", f});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  json p = json::parse(c.out);
  EXPECT_EQ(p["kind"], "nonogram");
  EXPECT_EQ(p["name"], "Dancer");
  EXPECT_EQ(p["author"], "Jan Wolter");
  EXPECT_EQ(p["rows"], json::parse("[[2], [2, 1], [1, 1], [3], [1, 1], [1, 1], [2], [1, 1], [1, 2], [2]]"));
  EXPECT_EQ(p["columns"], json::parse("[[2, 1], [2, 1, 3], [7], [1, 3], [2, 1]]"));
  EXPECT_EQ(p["expect"]["solution"][0], ".##..");
  EXPECT_NE(p["notes"].dump().find("copyright: © 2004 Jan Wolter"), std::string::npos) << p["notes"].dump();
  CliResult k = run_cli({"check", "--json", f});
  ASSERT_EQ(k.exit_code, 0) << k.err;
  EXPECT_EQ(json::parse(k.out)["status"], "unique");
  const std::string back = ::testing::TempDir() + "/webpbn1.json";
  std::ofstream(back) << c.out;
  EXPECT_EQ(json::parse(run_cli({"check", "--json", back}).out)["solutions"], json::parse(k.out)["solutions"]);
  CliResult b = run_cli({"batch", kDataDir + "/nonogram/nonogram_db/webpbn"});
  EXPECT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(std::count(b.out.begin(), b.out.end(), '\n'), 6) << b.out;  // one JSON line per file
  EXPECT_EQ(b.out.find("\"error\""), std::string::npos) << b.out;
}

// Malformed .non files: exit 2, one line naming the file and the line.
TEST(NonFile, MalformedFilesNameTheLineAndExit2) {
  const std::string head = "width 3\nheight 2\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"height 2\nrows\n1\n1\ncolumns\n1\n1\n0\n", "line 5: \"columns\" comes before \"width\""},
      {head + "rows\n1\n1\n", "no \"columns\" section"},
      {head + "rows\n1\n1\ncolumns\n1\n1,x\n0\n", "line 8: column 2's clue \"1,x\" is not a list of run lengths"},
      {head + "rows\n1\n2b\ncolumns\n1\n1\n0\n", "(a colour letter: puzzle-smt reads black-and-white nonograms only)"},
      {head + "rows\n1\n1\ncolumns\n1\n", "the file ends after 1 of the 3 column clue lines"},
      {"width 0\nheight 2\n", "line 1: the width is 0, not a whole number from 1 to 200"},
      {head + "rows 3\n1\n1\n", "line 3: \"rows 3\" does not match the height 2"},
      {head + "rows\n1\n1\ncolumns\n1\n1\n0\ngoal \"10101\"\n", "line 10: the goal has 5 characters; a 3x2 picture needs 6"},
  };
  for (const auto& [text, part] : cases) {
    const std::string f = ::testing::TempDir() + "/bad.non";
    std::ofstream(f) << text;
    CliResult r = run_cli({"check", f});
    EXPECT_EQ(r.exit_code, 2) << text;
    EXPECT_NE(r.err.find(part), std::string::npos) << text << ": " << r.err;
    EXPECT_NE(r.err.find("bad.non"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // Lines the reader does not know are ignored, as the format says; a blank
  // line in a section is an empty line of the picture.
  const std::string f = ::testing::TempDir() + "/ok.non";
  std::ofstream(f) << "license CC0\ndifficulty 3\ncolor a #000000\nwidth 3\nheight 2\n\nrows\n3\n\ncolumns\n1\n1\n1\n";
  CliResult ok = run_cli({"convert", f});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(json::parse(ok.out)["rows"], json::parse("[[3], []]"));
}

// A 45x45 nonogram-db puzzle with one run changed has no solution; the
// conflict is found by line solving (no solver call per clue), proven
// minimal by the solver, and holds: those clues alone have no solution, and
// without any one of them the rest has one.
TEST(NonFile, AChangedRunOfA45x45IsExplainedByAMinimalSetOfLines) {
  const std::string f = kDataDir + "/nonogram/nonogram_db/webpbn/529.non";
  json p = importers::read_argument(f, importers::ImportOptions{}).imported->puzzle;
  p.erase("expect");
  p["rows"][10][0] = p["rows"][10][0].get<int>() + 1;
  LoadedPuzzle lp = load_puzzle(p, "529-changed.json");
  Result r = run_puzzle(lp, "line-solve", 2);
  ASSERT_EQ(std::string(status_name(r.status)), "none");
  ASSERT_TRUE(r.conflict);
  EXPECT_TRUE(r.conflict->minimal) << r.conflict->note;
  std::set<std::string> ids;
  for (const auto& c : r.conflict->clues) ids.insert(c.id);
  EXPECT_TRUE(ids.count("rows/10")) << "the changed line is in it";
  EXPECT_LT(ids.size(), 40u);
  auto keeping_only = [&](const std::set<std::string>& keep) {
    std::vector<ClueEdit> drop;
    for (const auto& l : {std::string("rows"), std::string("columns")})
      for (std::size_t k = 0; k < p[l].size(); ++k)
        if (!keep.count(l + "/" + std::to_string(k))) drop.push_back({l + "/" + std::to_string(k), -1});
    LoadedPuzzle e = lp;
    e.puzzle = lp.encoder->edit(*lp.puzzle, drop);
    return std::string(status_name(run_puzzle(e, "automaton", 1).status));
  };
  EXPECT_EQ(keeping_only(ids), "none");
  int checked = 0;
  for (const auto& id : ids) {
    if (checked++ == 4) break;  // a few: each is a solve of the whole picture
    std::set<std::string> rest = ids;
    rest.erase(id);
    EXPECT_NE(keeping_only(rest), "none") << "without " << id;
  }
}

}  // namespace
}  // namespace psmt::testing
