// Pencil puzzles II: the genres setters publish most after the first eleven.
// Each genre: pzprjs's own test script as a conformance set (its URL solves
// to its solved board; its checker's wrong boards are refused by ours), exact
// counts on small boards against a plain counter (every shading tried with
// the kind's checker), diagnose in the genre's words, bad input refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <regex>
#include <set>

#include "helpers.h"
#include "pencil_tests.h"
#include "pzprjs_script.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// ---------------------------------------------------------------- star battle

TEST(StarBattle, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("starbattle", 6, 6, [](const PzprjsBoard& b) { return shading_solution(b, 6, 6); });
}

TEST(StarBattle, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(17);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    json p = {{"kind", "starbattle"}, {"regions", random_regions(4, 4, 4, rng)}, {"stars", 1}};
    seen.expect(p, shadings_that_pass(p, 4, 4));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one + seen.several, 0);
}

// Layouts of k stars per row, column and region with none touching, row by
// row (each row's k columns, apart from each other and from the stars of
// the row above): the plain counter for boards too large to try every
// shading, so that k = 2 runs the counts' trees past one star.
uint64_t star_layouts(const std::vector<std::vector<int>>& regions, int k,
                      const std::function<void(const std::vector<std::vector<int>>&)>& each = {}) {
  const int n = static_cast<int>(regions.size());
  int region_count = 0;
  for (const auto& row : regions)
    for (int x : row) region_count = std::max(region_count, x + 1);
  std::vector<int> in_col(static_cast<std::size_t>(n), 0), in_region(static_cast<std::size_t>(region_count), 0);
  std::vector<std::vector<int>> rows_of_stars;
  uint64_t found = 0;
  std::vector<int> row;
  std::function<void(int, int)> place = [&](int r, int from) {
    if (static_cast<int>(row.size()) == k) {
      rows_of_stars.push_back(row);
      std::vector<int> done = row;
      row.clear();
      if (r + 1 == n) {
        if (std::all_of(in_col.begin(), in_col.end(), [&](int x) { return x == k; }) &&
            std::all_of(in_region.begin(), in_region.end(), [&](int x) { return x == k; })) {
          ++found;
          if (each) each(rows_of_stars);
        }
      } else {
        place(r + 1, 0);
      }
      row = done;
      rows_of_stars.pop_back();
      return;
    }
    for (int c = from; c < n; ++c) {
      if (!row.empty() && c <= row.back() + 1) continue;
      if (r > 0) {
        const auto& above = rows_of_stars.back();
        if (std::any_of(above.begin(), above.end(), [&](int a) { return std::abs(a - c) <= 1; })) continue;
      }
      int& col = in_col[static_cast<std::size_t>(c)];
      int& reg = in_region[static_cast<std::size_t>(regions[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)])];
      if (col == k || reg == k) continue;
      ++col, ++reg;
      row.push_back(c);
      place(r, c + 2);
      row.pop_back();
      --col, --reg;
    }
  };
  place(0, 0);
  return found;
}

// Regions scrambled from the rows of a 9x9 around one layout of two stars:
// starless cells move to a neighbouring region while both stay in one piece,
// so the layout keeps two stars in each region (the board has a solution).
std::vector<std::vector<int>> regions_around(const std::vector<std::vector<int>>& layout, int moves, std::mt19937& rng) {
  const int n = static_cast<int>(layout.size());
  std::vector<std::vector<int>> reg;
  for (int r = 0; r < n; ++r) reg.emplace_back(static_cast<std::size_t>(n), r);
  auto star = [&](int r, int c) {
    const auto& row = layout[static_cast<std::size_t>(r)];
    return std::find(row.begin(), row.end(), c) != row.end();
  };
  auto at = [&](int r, int c) -> int& { return reg[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; };
  auto in_one_piece = [&](int id) {
    std::vector<std::pair<int, int>> cells, queue;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        if (at(r, c) == id) cells.emplace_back(r, c);
    if (cells.empty()) return false;
    std::set<std::pair<int, int>> seen{cells[0]};
    queue.push_back(cells[0]);
    for (std::size_t h = 0; h < queue.size(); ++h)
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}, std::pair{0, -1}, std::pair{-1, 0}}) {
        const int r = queue[h].first + dr, c = queue[h].second + dc;
        if (r >= 0 && r < n && c >= 0 && c < n && at(r, c) == id && seen.insert({r, c}).second) queue.emplace_back(r, c);
      }
    return seen.size() == cells.size();
  };
  for (int m = 0; m < moves; ++m) {
    const int r = static_cast<int>(rng() % static_cast<unsigned>(n)), c = static_cast<int>(rng() % static_cast<unsigned>(n));
    const int dr = static_cast<int>(rng() % 3) - 1, dc = dr == 0 ? (rng() % 2 ? 1 : -1) : 0;
    if (star(r, c) || r + dr < 0 || r + dr >= n || c + dc < 0 || c + dc >= n) continue;
    const int from = at(r, c), to = at(r + dr, c + dc);
    if (from == to) continue;
    at(r, c) = to;
    if (!in_one_piece(from) || !in_one_piece(to)) at(r, c) = from;
  }
  return reg;
}

TEST(StarBattle, TwoStarCountsMatchThePlainCounter) {
  // 9x9 boards of two stars (8x8 has only two layouts): one whose regions
  // are its rows (every layout, 664), regions scrambled around a layout
  // (several solutions), and nine regions cut at random (mostly
  // none); every encoding on both back ends against the counter.
  std::mt19937 rng(23);
  std::vector<std::vector<std::vector<int>>> layouts;
  std::vector<std::vector<int>> rows;
  for (int r = 0; r < 9; ++r) rows.emplace_back(9, r);
  star_layouts(rows, 2, [&](const std::vector<std::vector<int>>& l) { layouts.push_back(l); });
  ASSERT_EQ(layouts.size(), 664u);
  Verdicts seen;
  for (int t = 0; t < 9; ++t) {
    const auto regions = t == 0  ? rows
                         : t < 7 ? regions_around(layouts[rng() % layouts.size()], 400, rng)
                                 : random_regions(9, 9, 9, rng);
    const json p = {{"kind", "starbattle"}, {"regions", regions}, {"stars", 2}};
    seen.expect(p, star_layouts(regions, 2));
  }
  EXPECT_GT(seen.several, 0);
  EXPECT_GT(seen.none, 0);
}

TEST(StarBattle, ARegionThatCannotHoldItsStarsIsNamedAndBadInputIsRefused) {
  // A one-cell region in a corner: on a 4x4 with one star, no layout has a
  // star at r1c1 (the two layouts are 2413 and 3142), so that region's star
  // is the conflict, named in the genre's words.
  const json p = {{"kind", "starbattle"}, {"regions", {{0, 1, 1, 1}, {1, 1, 2, 2}, {3, 3, 2, 2}, {3, 3, 2, 2}}}, {"stars", 1}};
  const std::string file = ::testing::TempDir() + "/starbattle.json";
  std::ofstream(file) << p.dump();
  const CliResult d = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(d.exit_code, 20) << d.err;
  const json j = json::parse(d.out);
  ASSERT_EQ(j["conflict"].size(), 1u) << d.out;
  EXPECT_EQ(j["conflict"][0]["label"], "region 1 (r1c1) holds 1 star");
  EXPECT_EQ(j["conflict"][0]["id"], "regions/1");
  std::ofstream(file) << R"({"kind": "starbattle", "regions": [[0, 1], [1, 0]], "stars": 1})";
  const CliResult bad = run_cli({"check", file});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("/regions: the region of r1c1 (number 0) is in more than one piece"), std::string::npos) << bad.err;
  const CliResult link = run_cli({"check", "https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou"});
  EXPECT_EQ(link.exit_code, 2);
  EXPECT_NE(link.err.find("p?starbattle/COLS/ROWS/STARS/DATA"), std::string::npos) << link.err;
}

// ---------------------------------------------------------------- norinori

TEST(Norinori, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("norinori", 5, 5, [](const PzprjsBoard& b) { return shading_solution(b, 5, 5); });
}

TEST(Norinori, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(23);
  Verdicts seen;
  for (int t = 0; t < 14; ++t) {
    const int rows = t < 7 ? 4 : 3, cols = t < 7 ? 4 : 5;
    json p = {{"kind", "norinori"}, {"regions", random_regions(rows, cols, (rows * cols) / 4, rng)}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.none + seen.one + seen.several, 0);
  EXPECT_GT(seen.several + seen.one, 0);
}

// ---------------------------------------------------------------- LITS

TEST(Lits, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("lits", 4, 4, [](const PzprjsBoard& b) { return shading_solution(b, 4, 4); });
}

TEST(Lits, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(31);
  Verdicts seen;
  // Two or three regions on 4x4 and 3x5 boards (a LITS with most cells
  // shaded rarely has a solution).
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = t % 2 ? 4 : 5;
    json p = {{"kind", "lits"}, {"regions", random_regions(rows, cols, t % 4 < 2 ? 2 : 3, rng)}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.one + seen.several, 0);
}

TEST(Lits, TheTetrominoesAreNamedAndTheOldFormIsRefused) {
  const CliResult d = run_cli({"check", "https://puzz.link/p?lits/d/4/4/9q02jg"});
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("lits: the flag \"d\" is not read (the old form of the regions)"), std::string::npos) << d.err;
  // Two regions of four cells each in a row: two I tetrominoes side by side
  // would touch; no layout keeps them apart.
  const std::string file = ::testing::TempDir() + "/lits.json";
  std::ofstream(file) << R"({"kind": "lits", "regions": [[0, 0, 0, 0], [1, 1, 1, 1]]})";
  const CliResult r = run_cli({"diagnose", "--json", file});
  ASSERT_EQ(r.exit_code, 20) << r.err;
  for (const auto& c : json::parse(r.out)["conflict"])
    EXPECT_NE(c["label"].get<std::string>().find(" holds a tetromino"), std::string::npos) << c;
}

// ---------------------------------------------------------------- akari

TEST(Akari, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("lightup", 6, 6, [](const PzprjsBoard& b) { return shading_solution(b, 6, 6); });
  // Its aliases name the same genre.
  const CliResult a = run_cli({"convert", "https://puzz.link/p?akari/6/6/nekcakbl"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(json::parse(a.out)["grid"], json::parse(R"(["......", "..4...", "....2.", ".0....", "...1..", "......"])"));
}

TEST(Akari, LightUpIdsAreUniqueWithTheCollectionsSolution) {
  std::ifstream in(kDataDir + "/tatham/lightup.txt");
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string id = line.substr(0, line.find(' ')), solve = line.substr(line.find(' ') + 1);
    const CliResult r = run_cli({"check", "--json", id});
    ASSERT_EQ(r.exit_code, 0) << id << ": " << r.err;
    json sol = json::parse(r.out)["solutions"][0];
    // The collection's lights: "L x,y" (x the column).
    std::vector<std::string> want(sol.size(), std::string(sol[0].get<std::string>().size(), '.'));
    std::smatch m;
    for (auto it = solve.cbegin(); std::regex_search(it, solve.cend(), m, std::regex(R"(;L(\d+),(\d+))")); it = m[0].second)
      want[static_cast<std::size_t>(std::stoi(m[2]))][static_cast<std::size_t>(std::stoi(m[1]))] = '#';
    EXPECT_EQ(sol, json(want)) << id;
    ++n;
  }
  EXPECT_EQ(n, 6);
  expect_id_link_file_and_convert_agree(read_file(kDataDir + "/tatham/lightup.txt").substr(0, read_file(kDataDir + "/tatham/lightup.txt").find(' ')));
}

// Every placement of lights on small boards, tried with the kind's checker.
TEST(Akari, ExactCountsMatchEveryPlacementTried) {
  std::mt19937 rng(41);
  Verdicts seen;
  for (int t = 0; t < 24; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = t % 2 ? 4 : 5;
    std::vector<std::string> grid(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    for (auto& row : grid)
      for (auto& c : row) {
        const int x = std::uniform_int_distribution<int>(0, 9)(rng);
        c = x < 6 ? '.' : x < 7 ? '#' : static_cast<char>('0' + std::uniform_int_distribution<int>(0, 2)(rng));
      }
    json p = {{"kind", "akari"}, {"grid", grid}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Akari, AWallNumberIsNamedChangedAndAddedInTheGenresWords) {
  // pzprjs's puzzle with its 2 (r3c5) misprinted as 4: the wall is in the
  // conflict and 4 -> 2 the repair.
  const CliResult d = run_cli({"diagnose", "--json", "https://puzz.link/p?lightup/6/6/nekeakbl"});
  ASSERT_EQ(d.exit_code, 20) << d.err;
  const json j = json::parse(d.out);
  bool named = false;
  for (const auto& c : j["conflict"]) named = named || c["label"] == "wall 4 at r3c5";
  EXPECT_TRUE(named) << j["conflict"].dump();
  bool repaired = false;
  for (const auto& r : j["diagnosis"]["change_repairs"])
    repaired = repaired || (r["edits"][0]["after"] == "wall 2 at r3c5" && r["status"] == "unique");
  EXPECT_TRUE(repaired) << j["diagnosis"]["change_repairs"].dump();
  // Without numbers the board has several solutions; the extra clues are
  // numbers on its walls.
  const std::string file = ::testing::TempDir() + "/akari.json";
  std::ofstream(file) << R"({"kind": "akari", "grid": ["..#...", ".###..", "..#.##", ".#..#.", "#..#..", "...#.."]})";
  const json m = json::parse(run_cli({"diagnose", "--json", file}).out)["diagnosis"];
  ASSERT_FALSE(m["extra_givens"].empty()) << m.dump();
  for (const auto& g : m["extra_givens"]) EXPECT_EQ(g.get<std::string>().rfind("wall ", 0), 0u) << g;
  EXPECT_EQ(m["extra_givens_status"], "unique");
  expect_refused_in_one_line({{"lightup:5x5:a1b", "description: 4 cells, a 5x5 grid has 25"},
                              {"https://puzz.link/p?lightup/6/6/nekcakblz", "lightup data, character 9: 1 more characters"}});
}

// ---------------------------------------------------------------- tents

// pzprjs's tents board: ROWS COLS, then (rows+1) x (cols+1) tokens (the
// counts on the first row and column), "A" a tent; then the tree-tent links.
json tents_solution(const PzprjsBoard& b, int rows, int cols) {
  if (b.tokens.size() < 2 + static_cast<std::size_t>((rows + 1) * (cols + 1)) || b.tokens[0] != std::to_string(rows)) return nullptr;
  json out = json::array();
  for (int r = 0; r < rows; ++r) {
    std::string row;
    for (int c = 0; c < cols; ++c) row += b.tokens[2 + static_cast<std::size_t>((r + 1) * (cols + 1) + c + 1)] == "A" ? '#' : '.';
    out.push_back(row);
  }
  return out;
}

TEST(Tents, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("tents", 5, 5, [](const PzprjsBoard& b) { return tents_solution(b, 5, 5); });
  const CliResult c = run_cli({"convert", "https://puzz.link/p?tents/5/5/2g0h1i1j82323"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const json p = json::parse(c.out);
  EXPECT_EQ(p["grid"], json::parse(R"(["..T..", ".....", ".T..T", "...T.", ".T..."])"));
  EXPECT_EQ(p["columns"], json::parse("[2, null, 0, null, null]"));
  EXPECT_EQ(p["rows"], json::parse("[1, null, null, null, 1]"));
}

TEST(Tents, CollectionIdsAreUniqueWithTheCollectionsSolution) {
  const std::string path = kDataDir + "/tatham/tents.txt";
  std::ifstream in(path);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string id = line.substr(0, line.find(' ')), solve = line.substr(line.find(' ') + 1);
    const CliResult r = run_cli({"check", "--json", id});
    ASSERT_EQ(r.exit_code, 0) << id << ": " << r.err;
    const json sol = json::parse(r.out)["solutions"][0];
    // The collection's tents: "T x,y" (x the column).
    std::vector<std::string> want(sol.size(), std::string(sol[0].get<std::string>().size(), '.'));
    std::smatch m;
    for (auto it = solve.cbegin(); std::regex_search(it, solve.cend(), m, std::regex(R"(;T(\d+),(\d+))")); it = m[0].second)
      want[static_cast<std::size_t>(std::stoi(m[2]))][static_cast<std::size_t>(std::stoi(m[1]))] = '#';
    EXPECT_EQ(sol, json(want)) << id;
    ++n;
  }
  EXPECT_EQ(n, 6);
  expect_id_link_file_and_convert_agree(read_file(path).substr(0, read_file(path).find(' ')));
  // A given tent ('!') and a given empty cell ('-') are read as givens.
  const CliResult g = run_cli({"convert", "tents:4x4:_!_n,1,0,0,0,1,0,0,0"});
  ASSERT_EQ(g.exit_code, 0) << g.err;
  EXPECT_EQ(json::parse(g.out)["tents"], json::parse(R"(["r1c1"])")) << g.out;
  EXPECT_EQ(json::parse(g.out)["grid"][0], ".T..") << g.out;
  EXPECT_EQ(run_cli({"check", "tents:4x4:_!_n,1,0,0,0,1,0,0,0"}).exit_code, 0);
}

// Every placement of tents on small boards, tried with the kind's checker.
TEST(Tents, ExactCountsMatchEveryPlacementTried) {
  std::mt19937 rng(43);
  Verdicts seen;
  for (int t = 0; t < 24; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = t % 2 ? 4 : 5;
    std::vector<std::string> grid(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    for (auto& row : grid)
      for (auto& c : row) c = std::uniform_int_distribution<int>(0, 9)(rng) < 2 ? 'T' : '.';
    auto counts = [&](int n, int len) {
      json v = json::array();
      for (int k = 0; k < n; ++k)
        v.push_back(std::uniform_int_distribution<int>(0, 2)(rng) == 0 ? json(std::uniform_int_distribution<int>(0, len / 2)(rng)) : json(nullptr));
      return v;
    };
    json p = {{"kind", "tents"}, {"grid", grid}, {"columns", counts(cols, rows)}, {"rows", counts(rows, cols)}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Tents, ACountIsNamedChangedAndAddedInTheGenresWords) {
  // pzprjs's puzzle with column 1's 2 misprinted as 3.
  const CliResult d = run_cli({"diagnose", "--json", "https://puzz.link/p?tents/5/5/3g0h1i1j82323"});
  ASSERT_EQ(d.exit_code, 20) << d.err;
  const json j = json::parse(d.out);
  bool named = false;
  for (const auto& c : j["conflict"]) named = named || c["label"] == "column 1 has 3 tents";
  EXPECT_TRUE(named) << j["conflict"].dump();
  bool repaired = false;
  for (const auto& r : j["diagnosis"]["change_repairs"])
    repaired = repaired || (r["edits"][0]["after"] == "column 1 has 2 tents" && r["status"] == "unique");
  EXPECT_TRUE(repaired) << j["diagnosis"]["change_repairs"].dump();
  // Without counts it has several solutions: the extra clues are counts.
  const std::string file = ::testing::TempDir() + "/tents.json";
  std::ofstream(file) << R"({"kind": "tents", "grid": ["..T..", ".....", ".T..T", "...T.", ".T..."]})";
  const json m = json::parse(run_cli({"diagnose", "--json", file}).out)["diagnosis"];
  ASSERT_FALSE(m["extra_givens"].empty()) << m.dump();
  for (const auto& g : m["extra_givens"]) EXPECT_TRUE(std::regex_match(g.get<std::string>(), std::regex(R"((row|column) \d+ has \d+ tents?)"))) << g;
  EXPECT_EQ(m["extra_givens_status"], "unique");
  expect_refused_in_one_line({{"tents:4x4:_c,1,0,0,0,1,0,0,0", "the trees cover"},
                              {"tents:4x4:_!_n,1,0,0", "3 counts, a 4x4 grid has 8"},
                              {"https://puzz.link/p?tents/5/5/.g0h1i1j82323", "a \"?\" count above column 1"},
                              {"https://puzz.link/p?tents/5/5/2g0h1i1j82323zz", "tents data"}});
}

// ---------------------------------------------------------------- shakashaka

// pzprjs's shakashaka board: ROWS COLS, the numbers (a token other than "."
// a black cell), then the answer: 2-5 a triangle (black lower left, lower
// right, upper right, upper left).
json shakashaka_solution(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t n = static_cast<std::size_t>(rows * cols);
  if (b.tokens.size() < 2 + 2 * n) return nullptr;
  json out = json::array();
  for (int r = 0; r < rows; ++r) {
    std::string row;
    for (int c = 0; c < cols; ++c) {
      const std::size_t k = static_cast<std::size_t>(r * cols + c);
      const std::string& q = b.tokens[2 + k];
      const std::string& a = b.tokens[2 + n + k];
      row += q != "." ? '#' : a == "2" ? 'L' : a == "3" ? 'J' : a == "4" ? '7' : a == "5" ? 'F' : '.';
    }
    out.push_back(row);
  }
  return out;
}

// pzprjs's wrong boards carry numbers of their own (one has a 2 where the
// URL has a 1): each is checked against its own numbers.
TEST(Shakashaka, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("shakashaka", 6, 6, [](const PzprjsBoard& b) { return shakashaka_solution(b, 6, 6); }, false);
  const PzprjsScript s = read_pzprjs_script("shakashaka");
  int refused = 0;
  for (std::size_t k = 0; k + 1 < s.boards.size(); ++k) {
    const auto& b = s.boards[k];
    const json answer = shakashaka_solution(b, 6, 6);
    if (answer.is_null()) continue;
    json grid = json::array();
    for (int r = 0; r < 6; ++r) {
      std::string row;
      for (int c = 0; c < 6; ++c) {
        const std::string& q = b.tokens[2 + static_cast<std::size_t>(r * 6 + c)];
        row += q == "." ? '.' : q >= "0" && q <= "4" ? q[0] : '#';  // '-' a black cell; one board has a 5
      }
      grid.push_back(row);
    }
    const LoadedPuzzle lp = puzzle_from_text(json({{"kind", "shakashaka"}, {"grid", grid}}).dump());
    EXPECT_FALSE(lp.encoder->check(*lp.puzzle, answer).empty()) << b.code << ": " << answer.dump();
    ++refused;
  }
  EXPECT_EQ(refused, 6);
}

// Every answer of small boards (each white cell empty or one of four
// triangles), tried with the kind's checker.
uint64_t answers_that_pass(const json& puzzle) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  std::vector<std::string> grid;
  for (const auto& row : puzzle["grid"]) grid.push_back(row.get<std::string>());
  std::vector<std::pair<std::size_t, std::size_t>> white;
  for (std::size_t r = 0; r < grid.size(); ++r)
    for (std::size_t c = 0; c < grid[r].size(); ++c)
      if (grid[r][c] == '.') white.emplace_back(r, c);
  std::vector<std::string> answer = grid;
  for (auto& row : answer)
    for (auto& ch : row)
      if (ch != '.') ch = '#';
  uint64_t n = 0;
  std::vector<int> digit(white.size(), 0);
  const char* piece = ".LJ7F";
  for (;;) {
    for (std::size_t k = 0; k < white.size(); ++k) answer[white[k].first][white[k].second] = piece[digit[k]];
    if (lp.encoder->check(*lp.puzzle, json(answer)).empty()) ++n;
    std::size_t k = 0;
    while (k < digit.size() && ++digit[k] == 5) digit[k++] = 0;
    if (k == digit.size()) break;
  }
  return n;
}

TEST(Shakashaka, ExactCountsMatchEveryAnswerTried) {
  std::mt19937 rng(47);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 2 ? 2 : 3, cols = t % 2 ? 4 : 3;
    std::vector<std::string> grid(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    int black = 0;
    for (auto& row : grid)
      for (auto& c : row)
        if (std::uniform_int_distribution<int>(0, 9)(rng) < 3) {
          c = std::uniform_int_distribution<int>(0, 2)(rng) ? static_cast<char>('0' + std::uniform_int_distribution<int>(0, 2)(rng)) : '#';
          ++black;
        }
    if (black == 0) grid[0][0] = '1';
    json p = {{"kind", "shakashaka"}, {"grid", grid}};
    seen.expect(p, answers_that_pass(p));
  }
  // A square turned 45° in a 4x4 with black corners, and the same with a
  // triangle missing (the white left is not a rectangle).
  json turned = {{"kind", "shakashaka"}, {"grid", {"#..#", "....", "....", "#..#"}}};
  const LoadedPuzzle lp = puzzle_from_text(turned.dump());
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, json({"#F7#", "F..7", "L..J", "#LJ#"})).empty());
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, json({"#F.#", "F..7", "L..J", "#LJ#"})).empty());
  const std::string file = ::testing::TempDir() + "/turned.json";
  std::ofstream(file) << turned.dump();
  EXPECT_EQ(run_cli({"check", file}).exit_code, 10) << "several answers, the turned square among them";
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Shakashaka, ANumberIsNamedChangedAndAddedInTheGenresWords) {
  // pzprjs's puzzle with its 3 (r4c1) misprinted as 1.
  const CliResult d = run_cli({"diagnose", "--json", "https://puzz.link/p?shakashaka/6/6/cgbhdhegbrb"});
  ASSERT_EQ(d.exit_code, 20) << d.err << d.out;
  const json j = json::parse(d.out);
  bool repaired = false;
  for (const auto& r : j["diagnosis"]["change_repairs"])
    repaired = repaired || (r["edits"][0]["after"] == "3 triangles beside r4c1" && r["status"] == "unique");
  EXPECT_TRUE(repaired) << j["diagnosis"]["change_repairs"].dump();
  // Without its numbers (black cells left), the extra clues are numbers.
  const std::string file = ::testing::TempDir() + "/shakashaka.json";
  std::ofstream(file) << R"({"kind": "shakashaka", "grid": ["#...#.", "...#..", "..#...", "#.....", "......", "...#.."]})";
  const json m = json::parse(run_cli({"diagnose", "--json", file}).out)["diagnosis"];
  ASSERT_FALSE(m["extra_givens"].empty()) << m.dump();
  for (const auto& g : m["extra_givens"]) EXPECT_TRUE(std::regex_match(g.get<std::string>(), std::regex(R"(\d at r\dc\d)"))) << g;
  EXPECT_EQ(m["extra_givens_status"], "unique");
  expect_refused_in_one_line({{"https://puzz.link/p?shakashaka/6/6/cgbhdhegdrbz", "shakashaka data"},
                              {"https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb/x", "shakashaka"}});
}

// ---------------------------------------------------------------- aqre

TEST(Aqre, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("aqre", 6, 6, [](const PzprjsBoard& b) { return shading_solution(b, 6, 6); });
}

// Random rooms numbered from a random shading the rules allow (so that some
// boards are unique), in some rounds every number one off (so that some have
// none); in others pzprjs's flag b (cells across a room border differ) with
// that shading's groups of one colour as the rooms. Every shading of the
// 4x4 tried with the kind's checker.
TEST(Aqre, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(59);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    const bool borders = t % 4 == 3;
    auto rooms = random_regions(4, 4, 6 + t % 3, rng);
    json p = {{"kind", "aqre"}, {"rooms", rooms}};
    const LoadedPuzzle bare = puzzle_from_text(p.dump());
    std::vector<std::string> planted;
    for (int tries = 0; tries < 5000 && planted.empty(); ++tries) {
      const unsigned mask = rng() & 0xffffu;
      std::vector<std::string> rows(4, "....");
      for (int i = 0; i < 16; ++i)
        if (mask >> i & 1u) rows[static_cast<std::size_t>(i / 4)][static_cast<std::size_t>(i % 4)] = '#';
      if (bare.encoder->check(*bare.puzzle, json(rows)).empty()) planted = rows;
    }
    if (planted.empty()) continue;  // no shading holds (the rooms alone)
    if (borders) {
      // With the flag, the planted shading's groups of one colour as rooms:
      // every border then has two colours across it.
      std::vector<std::vector<int>> group(4, std::vector<int>(4, -1));
      int groups = 0;
      for (int i = 0; i < 16; ++i) {
        if (group[static_cast<std::size_t>(i / 4)][static_cast<std::size_t>(i % 4)] >= 0) continue;
        std::vector<int> stack{i};
        group[static_cast<std::size_t>(i / 4)][static_cast<std::size_t>(i % 4)] = groups;
        while (!stack.empty()) {
          const int c = stack.back();
          stack.pop_back();
          for (int n : {c - 4, c + 4, c % 4 ? c - 1 : -1, c % 4 < 3 ? c + 1 : -1})
            if (n >= 0 && n < 16 && group[static_cast<std::size_t>(n / 4)][static_cast<std::size_t>(n % 4)] < 0 &&
                planted[static_cast<std::size_t>(n / 4)][static_cast<std::size_t>(n % 4)] == planted[static_cast<std::size_t>(c / 4)][static_cast<std::size_t>(c % 4)]) {
              group[static_cast<std::size_t>(n / 4)][static_cast<std::size_t>(n % 4)] = groups;
              stack.push_back(n);
            }
        }
        ++groups;
      }
      rooms = group;
      p = {{"kind", "aqre"}, {"rooms", rooms}, {"borders", true}};
    }
    std::map<int, int> shaded;
    for (int i = 0; i < 16; ++i) shaded[rooms[static_cast<std::size_t>(i / 4)][static_cast<std::size_t>(i % 4)]] += planted[static_cast<std::size_t>(i / 4)][static_cast<std::size_t>(i % 4)] == '#';
    json grid = json::array();
    std::set<int> numbered;
    for (const auto& rr : rooms) {
      json row = json::array();
      for (int room : rr) {
        if (!numbered.count(room) && (t % 3 != 0 || rng() % 4 != 0)) {
          numbered.insert(room);
          const bool off = t % 5 == 4;  // every number one off: mostly no solution
          row.push_back(!off ? shaded[room] : shaded[room] > 0 ? shaded[room] - 1 : 1);
        } else {
          row.push_back(".");
        }
      }
      grid.push_back(row);
    }
    p["grid"] = grid;
    seen.expect(p, shadings_that_pass(p, 4, 4));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

// A line of five: four of one colour in a row is refused by the checker in
// both colours, three are not.
TEST(Aqre, NoFourInALineOfOneColour) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "aqre", "rooms": [[0, 0, 0, 0, 0]]})");
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, json::array({"####."})).empty());
  EXPECT_FALSE(lp.encoder->check(*lp.puzzle, json::array({"#...."})).empty());
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, json::array({"###.."})).empty());
  // Every shading of the line tried: the solver counts as many.
  const std::string line = R"({"kind": "aqre", "rooms": [[0, 0, 0, 0, 0]]})";
  EXPECT_EQ(json::parse(run_cli({"count", "--json", "-"}, line).out)["count"].get<uint64_t>(), shadings_that_pass(json::parse(line), 1, 5));
}

TEST(Aqre, RoomsAreNamedTheFlagIsReadAndBadInputIsRefused) {
  // pzprjs's puzzle with room 1's 0 misprinted as 3: the conflict is named
  // in rooms, and the one change back to 0 is a repair that makes it unique.
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", "https://puzz.link/p?aqre/6/6/444400vvo3u0312345g"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out)["diagnosis"];
  EXPECT_EQ(dj["min_change"], 1) << dj.dump();
  bool changed_back = false;
  for (const auto& r : dj["change_repairs"])
    if (r["edits"][0]["before"] == "room 1 (3 shaded)" && r["edits"][0]["after"] == "room 1 (0 shaded)") changed_back = r["status"] == "unique";
  EXPECT_TRUE(changed_back) << dj["change_repairs"].dump();
  // The flag b is read as "borders", and a wall inside a room (which
  // pzprjs's rule would see and ours cannot) is refused.
  const CliResult conv = run_cli({"convert", "https://puzz.link/p?aqre/b/6/6/444400vvo3u0012345g"});
  ASSERT_EQ(conv.exit_code, 0) << conv.err;
  EXPECT_EQ(json::parse(conv.out)["borders"], true);
  expect_refused_in_one_line({
      {"https://puzz.link/p?aqre/x/6/6/444400vvo3u0012345g", "aqre: the flag \"x\" is not read"},
      {"https://puzz.link/p?aqre/6/6/444400vvo3u0012345g0", "aqre data"},
      {"https://puzz.link/p?aqre/b/2/2/g0g", "the wall r1c1|r1c2 lies inside a room"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "aqre", "rooms": [[0, 0], [1, 1]], "grid": [[3, "."], [".", "."]]})", "/grid/0/0"},
                                    {R"({"kind": "aqre", "rooms": [[0, 0], [1, 1]], "borders": 1})", "/borders"}},
                                   "aqre.json");
}

// ---------------------------------------------------------------- binairo

TEST(Binairo, UnrulyIdsAreUniqueWithTheCollectionsSolution) {
  const std::string path = kDataDir + "/tatham/unruly.txt";
  const int n = for_each_tatham_id(path, [](const std::string& id, const std::string& solution, int, int) {
    const CliResult r = run_cli({"check", "--json", id});
    ASSERT_EQ(r.exit_code, 0) << id << ": " << r.err;
    // The collection's answer: a 0 or 1 per cell in reading order, 1 black.
    const json rep = json::parse(r.out);
    std::string ours;
    for (const auto& row : rep["solutions"][0]) ours += row.get<std::string>();
    for (char& c : ours) c = c == '#' ? '1' : '0';
    EXPECT_EQ("S" + ours, solution) << id;
  });
  EXPECT_EQ(n, 6);
  expect_id_link_file_and_convert_agree(read_file(path).substr(0, read_file(path).find(' ')));
}

// Every filling of small boards tried with the kind's checker, with and
// without "unique"; givens from a random filling the rules allow, some
// boards with fewer (several solutions), some with a digit flipped (none).
TEST(Binairo, ExactCountsMatchEveryFillingTried) {
  std::mt19937 rng(61);
  Verdicts seen;
  for (int t = 0; t < 12; ++t) {
    const int rows = t % 3 == 2 ? 2 : 4, cols = 4;
    json bare = {{"kind", "binairo"}, {"grid", json(std::vector<std::string>(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.')))}};
    if (t % 2) bare["unique"] = true;
    const LoadedPuzzle lp = puzzle_from_text(bare.dump());
    std::vector<std::string> planted;
    for (int tries = 0; tries < 5000 && planted.empty(); ++tries) {
      std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
      for (auto& row : g)
        for (char& c : row) c = rng() % 2 ? '#' : '.';
      if (lp.encoder->check(*lp.puzzle, json(g)).empty()) planted = g;
    }
    if (planted.empty()) {  // no filling holds (2x4 with unique lines: four columns, two kinds)
      seen.expect(bare, shadings_that_pass(bare, rows, cols));
      continue;
    }
    std::vector<std::string> grid(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    for (int i = 0; i < rows * cols; ++i)
      if (rng() % 4 < static_cast<unsigned>(1 + t % 3)) grid[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)] = planted[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)] == '#' ? '1' : '0';
    if (t % 4 == 3)  // a digit flipped
      for (auto& row : grid)
        for (char& c : row)
          if (c != '.') {
            c = c == '1' ? '0' : '1';
            goto flipped;
          }
  flipped:
    json p = bare;
    p["grid"] = grid;
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

// Every filling of a rows x cols board that the checker passes, by a plain
// backtracking counter: rows from the rows the rules allow (as many 0s as 1s,
// no three alike), columns pruned as they grow (no three alike, no more than
// half of one digit), givens kept, each complete board held to the checker.
std::vector<json> binairo_fillings(const json& puzzle, int rows, int cols) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  const auto grid = puzzle["grid"].get<std::vector<std::string>>();
  std::vector<std::string> patterns;
  for (unsigned mask = 0; mask < (1u << cols); ++mask) {
    std::string row;
    for (int c = 0; c < cols; ++c) row += (mask >> c & 1) ? '#' : '.';
    if (2 * std::count(row.begin(), row.end(), '#') == cols && row.find("###") == std::string::npos && row.find("...") == std::string::npos)
      patterns.push_back(row);
  }
  std::vector<json> out;
  std::vector<std::string> board;
  std::function<void()> grow = [&] {
    const int r = static_cast<int>(board.size());
    if (r == rows) {
      if (lp.encoder->check(*lp.puzzle, json(board)).empty()) out.push_back(json(board));
      return;
    }
    for (const auto& row : patterns) {
      bool ok = true;
      for (int c = 0; c < cols && ok; ++c) {
        const char g = grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        ok = g == '.' || (g == '1') == (row[static_cast<std::size_t>(c)] == '#');
        int ones = row[static_cast<std::size_t>(c)] == '#';
        for (int y = 0; y < r; ++y) ones += board[static_cast<std::size_t>(y)][static_cast<std::size_t>(c)] == '#';
        ok = ok && 2 * ones <= rows && 2 * (r + 1 - ones) <= rows;
        if (ok && r >= 2) {
          const char a = board[static_cast<std::size_t>(r - 2)][static_cast<std::size_t>(c)], b = board[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c)];
          ok = !(a == b && b == row[static_cast<std::size_t>(c)]);
        }
      }
      if (!ok) continue;
      board.push_back(row);
      grow();
      board.pop_back();
    }
  };
  grow();
  return out;
}

// check and solve without an encoding: the kind's own search
// (Encoder::solve_quickly) decides, and agrees with the plain counter on
// boards to 6x6 and 4x8, with and without unique lines, givens from a filling (some
// flipped: none): the verdict, and each solution one of the counter's.
TEST(Binairo, TheKindsOwnSearchDecidesLikeThePlainCounter) {
  std::mt19937 rng(54);
  int unique = 0, several = 0, none = 0, by_search = 0;
  const std::pair<int, int> sizes[] = {{4, 4}, {4, 6}, {6, 6}, {6, 4}, {2, 6}, {4, 8}};
  for (int round = 0; round < 60; ++round) {
    const auto [rows, cols] = sizes[round % 6];
    json p = {{"kind", "binairo"}, {"grid", json(std::vector<std::string>(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.')))}};
    if (round % 2) p["unique"] = true;
    static std::map<std::string, std::vector<json>> every;  // the empty board's fillings, once per shape
    auto& all = every[p.dump()];
    if (all.empty()) all = binairo_fillings(p, rows, cols);
    if (all.empty()) continue;
    const auto planted = all[rng() % all.size()].get<std::vector<std::string>>();
    auto grid = p["grid"].get<std::vector<std::string>>();
    const unsigned share = 2 + static_cast<unsigned>(round % 4);  // in 8
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if (rng() % 8 < share) grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = planted[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '#' ? '1' : '0';
    if (round % 7 == 3)  // a digit flipped: most often no solution
      for (char& ch : grid[0])
        if (ch != '.') {
          ch = ch == '1' ? '0' : '1';
          break;
        }
    p["grid"] = grid;
    const std::vector<json> sols = binairo_fillings(p, rows, cols);
    const std::set<std::string> known = [&] {
      std::set<std::string> k;
      for (const auto& s : sols) k.insert(s.dump());
      return k;
    }();
    const LoadedPuzzle lp = puzzle_from_text(p.dump());
    std::vector<json> found;
    const auto q = lp.encoder->solve_quickly(*lp.puzzle, 3, found);
    ASSERT_NE(q, Encoder::Quick::Unknown) << p.dump();
    EXPECT_EQ(found.size(), std::min<std::size_t>(sols.size(), 3)) << p.dump();
    EXPECT_EQ(q == Encoder::Quick::Solved, sols.size() >= 3) << p.dump();
    std::set<std::string> distinct;
    for (const auto& f : found) {
      EXPECT_TRUE(known.count(f.dump())) << p.dump() << " " << f.dump();
      distinct.insert(f.dump());
    }
    EXPECT_EQ(distinct.size(), found.size());
    RunOptions ro;
    ro.solver = "";  // as the command line leaves it without --solver
    const Result r = run(*lp.encoder, *lp.puzzle, ro);
    EXPECT_EQ(std::string(status_name(r.status)), sols.empty() ? "none" : sols.size() == 1 ? "unique" : "multiple") << p.dump();
    const auto z = r.stats.z3.find("decided by the kind's own search");
    by_search += z != r.stats.z3.end() && z->second == 1;
    unique += sols.size() == 1;
    several += sols.size() > 1;
    none += sols.empty();
  }
  EXPECT_GE(unique, 8);
  EXPECT_GE(several, 8);
  EXPECT_GE(none, 3);
  EXPECT_EQ(by_search, unique + several);  // none falls through to the solver, which explains it
}

// A setter's draft: a 40x40 with a few digits of a filling (5%, 10%, 20%
// of its cells kept), with and without unique lines. Each has several
// solutions, which the search finds (runs cut short and started again:
// without that, the first run stayed in a part without solutions until the
// search gave up) and the checker passes.
TEST(Binairo, TheSearchFindsTwoSolutionsOfASparseLargeDraft) {
  const std::string empty = json({{"kind", "binairo"}, {"grid", std::vector<std::string>(40, std::string(40, '.'))}}).dump();
  const LoadedPuzzle blank = puzzle_from_text(empty);
  std::vector<json> filled;
  ASSERT_EQ(blank.encoder->solve_quickly(*blank.puzzle, 1, filled), Encoder::Quick::Solved);
  const auto filling = filled.at(0).get<std::vector<std::string>>();
  std::mt19937 rng(5);
  for (const unsigned share : {5u, 10u, 20u})
    for (const bool unique : {false, true}) {
      std::vector<std::string> grid(40, std::string(40, '.'));
      for (int r = 0; r < 40; ++r)
        for (int c = 0; c < 40; ++c)
          if (rng() % 100 < share) grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = filling[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '#' ? '1' : '0';
      json p = {{"kind", "binairo"}, {"grid", grid}};
      if (unique) p["unique"] = true;
      const LoadedPuzzle lp = puzzle_from_text(p.dump());
      std::vector<json> found;
      ASSERT_EQ(lp.encoder->solve_quickly(*lp.puzzle, 2, found), Encoder::Quick::Solved) << share << "% " << unique;
      ASSERT_EQ(found.size(), 2u);
      EXPECT_NE(found[0], found[1]);
      for (const auto& f : found) EXPECT_TRUE(lp.encoder->check(*lp.puzzle, f).empty()) << share << "% " << unique;
    }
}

// The rules' words: three alike, halves, two lines the same.
TEST(Binairo, TheCheckerNamesEachRule) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "binairo", "grid": ["....", "....", "....", "...."], "unique": true})");
  auto words = [&](const std::vector<std::string>& g) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, json(g))) all += v.message + "; ";
    return all;
  };
  EXPECT_NE(words({"###.", "..##", "#..#", ".##."}).find("row 1: 3 1s in a line from r1c1 (at most 2)"), std::string::npos) << words({"###.", "..##", "#..#", ".##."});
  EXPECT_NE(words({"##.#", "..#.", "#..#", ".##."}).find("row 1 holds 3 1s and 1 0s"), std::string::npos);
  EXPECT_NE(words({"#.#.", "#.#.", ".#.#", ".#.#"}).find("row 1 and row 2 are the same"), std::string::npos);
  EXPECT_TRUE(lp.encoder->check(*lp.puzzle, json::array({"#.#.", ".#.#", "#..#", ".##."})).empty());
}

TEST(Binairo, ADigitIsNamedFlippedAndAddedAndBadInputIsRefused) {
  // An 8x8 unruly ID with the 1 at r2c8 flipped to 0: no solution (7 of its
  // 18 givens do that flipped, 6 leave it unique); flipping it back is the
  // repair that makes it unique again.
  const CliResult conv = run_cli({"convert", "unruly:8x8dt:IGABABmabDdbAcacBbe"});
  ASSERT_EQ(conv.exit_code, 0) << conv.err;
  json p = json::parse(conv.out);
  std::string row2 = p["grid"][1];
  ASSERT_EQ(row2[7], '1') << conv.out;
  row2[7] = '0';
  p["grid"][1] = row2;
  const std::string wrong = "0 at r2c8", right = "1 at r2c8";
  const std::string file = ::testing::TempDir() + "/binairo-flipped.json";
  std::ofstream(file) << p.dump();
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", file});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out)["diagnosis"];
  bool flipped_back = false;
  for (const auto& r : dj["change_repairs"])
    if (r["edits"][0]["before"] == wrong && r["edits"][0]["after"] == right) flipped_back = r["status"] == "unique";
  EXPECT_TRUE(flipped_back) << wrong << " -> " << right << ": " << dj["change_repairs"].dump();
  // Several solutions: the extra clues are digits.
  const CliResult s = run_cli({"diagnose", "--json", "-"}, R"({"kind": "binairo", "grid": ["1...", "....", "....", "...."]})");
  ASSERT_EQ(s.exit_code, 10) << s.err;
  const json sj = json::parse(s.out)["diagnosis"];
  ASSERT_FALSE(sj["extra_givens"].empty()) << sj.dump();
  EXPECT_TRUE(std::regex_search(sj["extra_givens"][0].get<std::string>(), std::regex("^[01] at r\\dc\\d$"))) << sj.dump();
  expect_refused_in_one_line({
      {"unruly:7x8:a", "parameters"},
      {"unruly:8x8:IGABAB", "description"},
      {"unruly:8x8:IGABAB!", "unexpected \"!\""},
      {"unruly:4x4:a", "the collection's least is 6"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "binairo", "grid": ["1.0", "..."]})", "/grid"},
                                    {R"({"kind": "binairo", "grid": ["12", ".."]})", "/grid/0"},
                                    {R"({"kind": "binairo", "grid": ["..", ".."], "unique": "yes"})", "/unique"}},
                                   "binairo.json");
}

// ---------------------------------------------------------------- shikaku

// A shikaku answer as walls: per row the walls right of each cell but the
// last, then per row but the last the walls below each cell.
std::pair<std::vector<bool>, std::vector<bool>> shikaku_walls(const json& owner) {
  std::vector<bool> right, below;
  for (std::size_t r = 0; r < owner.size(); ++r)
    for (std::size_t c = 0; c + 1 < owner[r].size(); ++c) right.push_back(owner[r][c] != owner[r][c + 1]);
  for (std::size_t r = 0; r + 1 < owner.size(); ++r)
    for (std::size_t c = 0; c < owner[r].size(); ++c) below.push_back(owner[r][c] != owner[r + 1][c]);
  return {right, below};
}

// pzprjs's shikaku board: ROWS COLS, the numbers, then the borders (rows x
// (cols-1) right of cells, (rows-1) x cols below; "1" a wall). Its areas as
// our answer: each named by the first number in it (null: an area without a
// number, which our answer cannot say).
json shikaku_solution(const PzprjsBoard& b, int rows, int cols) {
  const std::size_t n = static_cast<std::size_t>(rows * cols), nv = static_cast<std::size_t>(rows * (cols - 1));
  if (b.tokens.size() < 2 + n + nv + static_cast<std::size_t>((rows - 1) * cols)) return nullptr;
  auto wall_right = [&](int r, int c) { return b.tokens[2 + n + static_cast<std::size_t>(r * (cols - 1) + c)] == "1"; };
  auto wall_below = [&](int r, int c) { return b.tokens[2 + n + nv + static_cast<std::size_t>(r * cols + c)] == "1"; };
  std::vector<int> area(n, -1), number_index(n, 0);
  int numbers = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (b.tokens[2 + i] != ".") number_index[i] = ++numbers;
  int areas = 0;
  std::vector<int> name;
  for (int start = 0; start < static_cast<int>(n); ++start) {
    if (area[static_cast<std::size_t>(start)] >= 0) continue;
    std::vector<int> stack{start};
    area[static_cast<std::size_t>(start)] = areas;
    int first = 0;
    std::vector<int> members;
    while (!stack.empty()) {
      const int i = stack.back();
      stack.pop_back();
      members.push_back(i);
      const int r = i / cols, c = i % cols;
      const std::pair<int, bool> steps[] = {{i + 1, c + 1 < cols && !wall_right(r, c)}, {i - 1, c > 0 && !wall_right(r, c - 1)},
                                            {i + cols, r + 1 < rows && !wall_below(r, c)}, {i - cols, r > 0 && !wall_below(r - 1, c)}};
      for (const auto& [j, open] : steps)
        if (open && area[static_cast<std::size_t>(j)] < 0) {
          area[static_cast<std::size_t>(j)] = areas;
          stack.push_back(j);
        }
    }
    std::sort(members.begin(), members.end());
    for (int i : members)
      if (!first && number_index[static_cast<std::size_t>(i)]) first = number_index[static_cast<std::size_t>(i)];
    if (!first) return nullptr;
    name.push_back(first);
    ++areas;
  }
  // A wall inside an area (pzprjs's bdDeadEnd) is a drawing our answer cannot say.
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if ((c + 1 < cols && wall_right(r, c) && area[static_cast<std::size_t>(r * cols + c)] == area[static_cast<std::size_t>(r * cols + c + 1)]) ||
          (r + 1 < rows && wall_below(r, c) && area[static_cast<std::size_t>(r * cols + c)] == area[static_cast<std::size_t>((r + 1) * cols + c)]))
        return nullptr;
  json out = json::array();
  for (int r = 0; r < rows; ++r) {
    json row = json::array();
    for (int c = 0; c < cols; ++c) row.push_back(name[static_cast<std::size_t>(area[static_cast<std::size_t>(r * cols + c)])]);
    out.push_back(row);
  }
  return out;
}

TEST(Shikaku, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("shikaku", 6, 6, [](const PzprjsBoard& b) { return shikaku_solution(b, 6, 6); });
}

TEST(Shikaku, RectIdsAreUniqueWithTheCollectionsSolution) {
  const std::string path = kDataDir + "/tatham/rect.txt";
  std::ifstream in(path);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string id = line.substr(0, line.find(' ')), solve = line.substr(line.find(' ') + 2);  // after "S"
    const CliResult r = run_cli({"check", "--json", id});
    ASSERT_EQ(r.exit_code, 0) << id << ": " << r.err;
    const auto [right, below] = shikaku_walls(json::parse(r.out)["solutions"][0]);
    // The collection's answer: a 1 per wall, first those right of cells (left
    // of cells 1.. in each row), then those below.
    std::string ours;
    for (bool w : right) ours += w ? '1' : '0';
    for (bool w : below) ours += w ? '1' : '0';
    EXPECT_EQ(ours, solve) << id;
    ++n;
  }
  EXPECT_EQ(n, 6);
  expect_id_link_file_and_convert_agree(read_file(path).substr(0, read_file(path).find(' ')));
}

// Every division of small boards, tried with the kind's checker: each cell
// given to one of the numbers.
uint64_t divisions_that_pass(const json& puzzle) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  const auto& grid = puzzle["grid"];
  const std::size_t rows = grid.size(), cols = grid[0].size();
  int numbers = 0;
  for (const auto& row : grid)
    for (const auto& v : row) numbers += v != ".";
  std::vector<int> owner(rows * cols, 1);
  uint64_t n = 0;
  for (;;) {
    json sol = json::array();
    for (std::size_t r = 0; r < rows; ++r) {
      json row = json::array();
      for (std::size_t c = 0; c < cols; ++c) row.push_back(owner[r * cols + c]);
      sol.push_back(row);
    }
    if (lp.encoder->check(*lp.puzzle, sol).empty()) ++n;
    std::size_t k = 0;
    while (k < owner.size() && ++owner[k] > numbers) owner[k++] = 1;
    if (k == owner.size()) break;
  }
  return n;
}

TEST(Shikaku, ExactCountsMatchEveryDivisionTried) {
  std::mt19937 rng(53);
  Verdicts seen;
  for (int t = 0; t < 16; ++t) {
    const int rows = t % 2 ? 2 : 3, cols = t % 2 ? 4 : 3;
    json grid = json::array();
    int numbers = 0;
    for (int r = 0; r < rows; ++r) {
      json row = json::array();
      for (int c = 0; c < cols; ++c) {
        const bool here = numbers < 4 && std::uniform_int_distribution<int>(0, 9)(rng) < 4;
        numbers += here;
        row.push_back(!here ? json(".") : std::uniform_int_distribution<int>(0, 2)(rng) == 0 ? json("?") : json(std::uniform_int_distribution<int>(1, 4)(rng)));
      }
      grid.push_back(row);
    }
    if (numbers == 0) grid[0][0] = "?";
    json p = {{"kind", "shikaku"}, {"grid", grid}};
    seen.expect(p, divisions_that_pass(p));
  }
  EXPECT_GT(seen.none, 0);
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
}

TEST(Shikaku, AnAreaIsNamedChangedAndAddedInTheGenresWords) {
  // pzprjs's puzzle with the 3 at r1c5 misprinted as 4.
  const CliResult d = run_cli({"diagnose", "--json", "https://puzz.link/p?shikaku/6/6/j4g56h6t6h23g5j"});
  ASSERT_EQ(d.exit_code, 20) << d.err << d.out;
  const json j = json::parse(d.out);
  bool repaired = false;
  for (const auto& r : j["diagnosis"]["change_repairs"])
    repaired = repaired || (r["edits"][0]["after"] == "area 3 at r1c5" && r["status"] == "unique");
  EXPECT_TRUE(repaired) << j["diagnosis"]["change_repairs"].dump();
  // With its numbers as '?', the extra clues are areas.
  const std::string file = ::testing::TempDir() + "/shikaku.json";
  std::ofstream(file) << R"({"kind": "shikaku", "grid": [[".", ".", ".", ".", "?", "."], ["?", "?", ".", ".", "?", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", "?", ".", ".", "?", "?"], [".", "?", ".", ".", ".", "."]]})";
  const json m = json::parse(run_cli({"diagnose", "--json", file}).out)["diagnosis"];
  ASSERT_FALSE(m["extra_givens"].empty()) << m.dump();
  for (const auto& g : m["extra_givens"]) EXPECT_TRUE(std::regex_match(g.get<std::string>(), std::regex(R"(area \d+ at r\dc\d)"))) << g;
  EXPECT_EQ(m["extra_givens_status"], "unique");
  expect_refused_in_one_line({{"rect:4x4:a1o", "more than the 16 cells of a 4x4 grid"},
                              {"rect:4x4x:p", "parameters"},
                              {"https://puzz.link/p?shikaku/2/2/0h", "a 0"},
                              {"https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5jzz", "shikaku data"}});
}


// ---------------------------------------------------------------- choco banana

namespace choco {
// The size of each cell's area (cells of its colour joined side by side):
// a plain flood fill, for the tests' own numbers.
std::vector<int> sizes(const std::vector<std::string>& rows) {
  const int h = static_cast<int>(rows.size()), w = static_cast<int>(rows[0].size());
  std::vector<int> out(static_cast<std::size_t>(h * w), 0);
  for (int s = 0; s < h * w; ++s) {
    if (out[static_cast<std::size_t>(s)]) continue;
    std::vector<int> area{s}, seen(static_cast<std::size_t>(h * w), 0);
    seen[static_cast<std::size_t>(s)] = 1;
    const char colour = rows[static_cast<std::size_t>(s / w)][static_cast<std::size_t>(s % w)];
    for (std::size_t q = 0; q < area.size(); ++q) {
      const int r = area[q] / w, c = area[q] % w;
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}}) {
        const int y = r + dr, x = c + dc;
        if (y < 0 || y >= h || x < 0 || x >= w || seen[static_cast<std::size_t>(y * w + x)] ||
            rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] != colour)
          continue;
        seen[static_cast<std::size_t>(y * w + x)] = 1;
        area.push_back(y * w + x);
      }
    }
    for (int i : area) out[static_cast<std::size_t>(i)] = static_cast<int>(area.size());
  }
  return out;
}
}  // namespace choco

TEST(ChocoBanana, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("cbanana", 5, 5, [](const PzprjsBoard& b) { return shading_solution(b, 5, 5); });
}

// Numbers from a random shading the rules allow (so that some boards are
// unique), some boards with few numbers (several), some with a number one
// off (mostly none); every shading of the 3x4 or 4x4 tried with the kind's
// checker, in both encodings and on both back ends.
TEST(ChocoBanana, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(67);
  Verdicts seen;
  for (int t = 0; t < 14; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = 4;
    const json bare = {{"kind", "chocobanana"}, {"grid", json(std::vector<json>(static_cast<std::size_t>(rows), json(std::vector<std::string>(4, "."))))}};
    const LoadedPuzzle lp = puzzle_from_text(bare.dump());
    std::vector<std::string> planted;
    for (int tries = 0; tries < 20000 && planted.empty(); ++tries) {
      std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
      for (auto& row : g)
        for (char& c : row) c = rng() % 2 ? '#' : '.';
      if (lp.encoder->check(*lp.puzzle, json(g)).empty()) planted = g;
    }
    ASSERT_FALSE(planted.empty());
    const auto size = choco::sizes(planted);
    json grid = json::array();
    for (int r = 0; r < rows; ++r) {
      json row = json::array();
      for (int c = 0; c < cols; ++c) {
        const int n = size[static_cast<std::size_t>(r * cols + c)];
        const bool numbered = rng() % (t % 3 == 0 ? 6 : 3) == 0;
        const bool off = t % 5 == 4 && rng() % 2 == 0;
        row.push_back(!numbered ? json(".") : rng() % 9 == 0 ? json("?") : json(off ? n + 1 : n));
      }
      grid.push_back(row);
    }
    json p = {{"kind", "chocobanana"}, {"grid", grid}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
  EXPECT_GT(seen.none, 0);
}

TEST(ChocoBanana, TheCheckerNamesEachRule) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "chocobanana", "grid": [[".", ".", "."], [".", ".", 2], [".", ".", "."]]})");
  auto said = [&](const std::vector<std::string>& rows) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, json(rows))) all += v.id + ": " + v.message + "\n";
    return all;
  };
  EXPECT_NE(said({"##.", "#..", "..."}).find("rule/shaded_rectangles: the shaded area at r1c1 (3 cells) is not a rectangle"), std::string::npos)
      << said({"##.", "#..", "..."});
  EXPECT_NE(said({"#..", "#..", "#.."}).find("rule/unshaded_not_rectangles: the unshaded area at r1c2 (6 cells) is a rectangle"), std::string::npos);
  EXPECT_NE(said({"#..", "#..", "#.."}).find("grid/r2c3: area of 2 at r2c3: its unshaded area has 6 cells"), std::string::npos);
  EXPECT_EQ(said({"..#", "..#", "..."}), "");
}

TEST(ChocoBanana, ANumberIsNamedChangedAndAddedAndBadInputIsRefused) {
  // pzprjs's puzzle with the 3 at r1c3 misprinted as 2: the conflict is
  // named in numbers, and changing it back makes it unique. Every change
  // listed is a repair (a solution exists after it), so each is of one of
  // the two numbers in conflict: while a changed number's other sizes could
  // be true beside a kept one's (diagnose's alternatives), the sized-areas
  // rule held only one of them, and changes of the 6 at r5c1 and the 1 at
  // r5c5 were listed with "none".
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", "--max-repairs", "100", "https://puzz.link/p?cbanana/5/5/g12t6h6i1"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out)["diagnosis"];
  EXPECT_EQ(dj["min_change"], 1) << dj.dump();
  bool changed_back = false;
  for (const auto& r : dj["change_repairs"]) {
    if (r["edits"][0]["before"] == "area of 2 at r1c3" && r["edits"][0]["after"] == "area of 3 at r1c3") changed_back = r["status"] == "unique";
    EXPECT_NE(r["status"], "none") << r.dump();
    EXPECT_TRUE(r["edits"][0]["id"] == "grid/r1c2" || r["edits"][0]["id"] == "grid/r1c3") << r.dump();
  }
  EXPECT_EQ(dj["change_repairs"].size(), 29u) << dj["change_repairs"].dump();
  // Several solutions: the extra clues are numbers, each its area's size.
  const CliResult s = run_cli({"diagnose", "--json", "--timeout", "0", "https://puzz.link/p?cbanana/5/5/g13t6h6j"});
  ASSERT_EQ(s.exit_code, 10) << s.out << s.err;
  const json sj = json::parse(s.out)["diagnosis"];
  ASSERT_FALSE(sj["extra_givens"].empty()) << sj.dump();
  for (const auto& g : sj["extra_givens"]) EXPECT_TRUE(std::regex_match(g.get<std::string>(), std::regex("area of [0-9]+ at r[0-9]c[0-9]"))) << g.dump();
  expect_refused_in_one_line({
      {"https://puzz.link/p?cbanana/x/5/5/g13t6h6i1", "cbanana: the flag \"x\" is not read"},
      {"https://puzz.link/p?cbanana/5/5/g13t6h6i1g", "cbanana data"},
      {"https://puzz.link/p?cbanana/2/2/0h", "cbanana data: an area of 0 at r1c1"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "chocobanana", "grid": [[0, "."]]})", "/grid/0/0"},
                                    {R"({"kind": "chocobanana", "grid": [[1, "x"]]})", "/grid/0/1"}},
                                   "chocobanana.json");
}

// ---------------------------------------------------------------- nurimisaki

TEST(Nurimisaki, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("nurimisaki", 5, 5, [](const PzprjsBoard& b) { return shading_solution(b, 5, 5); });
}

namespace misaki {
// The promontories of a shading (unshaded cells with one unshaded
// neighbour) and what each sees, by plain loops over the rows.
int open_around(const std::vector<std::string>& g, int r, int c) {
  int n = 0;
  for (auto [dr, dc] : {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}}) {
    const int y = r + dr, x = c + dc;
    if (y >= 0 && y < static_cast<int>(g.size()) && x >= 0 && x < static_cast<int>(g[0].size()) && g[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '.') ++n;
  }
  return n;
}
int seen(const std::vector<std::string>& g, int r, int c) {
  int n = 1;
  for (auto [dr, dc] : {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}})
    for (int y = r + dr, x = c + dc; y >= 0 && y < static_cast<int>(g.size()) && x >= 0 && x < static_cast<int>(g[0].size()) &&
                                     g[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '.';
         y += dr, x += dc)
      ++n;
  return n;
}
}  // namespace misaki

// Circles at the promontories of a random shading the rules allow (checked
// by the kind's checker with those circles), numbers what each sees, some
// left '?', some boards with a circle left out or a number one off; every
// shading of the 4x4 or 3x4 tried with the checker, in both encodings and
// on both back ends.
TEST(Nurimisaki, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(71);
  Verdicts seen;
  for (int t = 0; t < 14; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = 4;
    std::vector<std::string> planted;
    json circles;
    for (int tries = 0; tries < 20000 && planted.empty(); ++tries) {
      std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
      for (auto& row : g)
        for (char& c : row) c = rng() % 5 < 2 ? '#' : '.';
      json grid = json::array();
      for (int r = 0; r < rows; ++r) {
        json row = json::array();
        for (int c = 0; c < cols; ++c)
          row.push_back(g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '.' && misaki::open_around(g, r, c) == 1 ? json("?") : json("."));
        grid.push_back(row);
      }
      const LoadedPuzzle lp = puzzle_from_text(json{{"kind", "nurimisaki"}, {"grid", grid}}.dump());
      if (lp.encoder->check(*lp.puzzle, json(g)).empty()) planted = g, circles = grid;
    }
    ASSERT_FALSE(planted.empty());
    bool dropped = false;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        json& v = circles[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        if (v != "?") continue;
        if (t % 7 == 6 && !dropped) {  // a circle left out: mostly none
          v = ".";
          dropped = true;
          continue;
        }
        const int n = misaki::seen(planted, r, c);
        if (t % 5 == 4) v = n + 1;  // every number one off: mostly none
        else if (rng() % 3) v = n;
      }
    json p = {{"kind", "nurimisaki"}, {"grid", circles}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
  EXPECT_GT(seen.none, 0);
}

TEST(Nurimisaki, TheCheckerNamesEachRule) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "nurimisaki", "grid": [[3, ".", "."], [".", ".", "."], [".", "?", "."]]})");
  auto said = [&](const std::vector<std::string>& rows) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, json(rows))) all += v.id + ": " + v.message + "\n";
    return all;
  };
  EXPECT_EQ(said({"...", "##.", "#.."}), "");
  const std::string open = said({"...", "...", "..."});
  EXPECT_NE(open.find("rule/some_shaded"), std::string::npos) << open;
  EXPECT_NE(open.find("rule/2x2_unshaded: a 2x2 block of unshaded cells at r1c1"), std::string::npos) << open;
  EXPECT_NE(said({"..#", "##.", "#.."}).find("the unshaded cells are not connected"), std::string::npos) << said({"..#", "##.", "#.."});
  EXPECT_NE(said({"##.", "##.", "..."}).find("rule/2x2: a 2x2 block of shaded cells at r1c1"), std::string::npos);
  const std::string wrong = said({"..#", "#.#", "#.."});
  EXPECT_NE(wrong.find("grid/r1c1: circle 3 at r1c1: it sees 2 cells"), std::string::npos) << wrong;
  EXPECT_NE(wrong.find("rule/promontories: r3c3 has one unshaded neighbour and no circle"), std::string::npos) << wrong;
  EXPECT_NE(wrong.find("rule/promontories: circle ? at r3c2: it has 2 unshaded neighbours, not one"), std::string::npos) << wrong;
  EXPECT_NE(said({"#..", "..#", "#.."}).find("rule/promontories: circle 3 at r1c1: the circle is shaded"), std::string::npos);
}

TEST(Nurimisaki, ACircleIsNamedChangedAndNumberedAndBadInputIsRefused) {
  // pzprjs's puzzle with its 2 misprinted as 4: the conflict is named in
  // circles, and changing it back makes it unique.
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", "https://puzz.link/p?nurimisaki/5/5/g.i.m4l.j"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out)["diagnosis"];
  bool changed_back = false, kept = false;
  for (const auto& r : dj["change_repairs"])
    if (r["edits"][0]["before"] == "circle 4 at r3c4" && r["edits"][0]["after"] == "circle 2 at r3c4") changed_back = r["status"] == "unique";
  for (const auto& r : dj["drop_repairs"])
    if (r["edits"][0]["before"] == "circle 4 at r3c4") kept = r["edits"][0]["after"] == "circle ? at r3c4";
  EXPECT_TRUE(changed_back) << dj["change_repairs"].dump();
  EXPECT_TRUE(kept) << dj.dump();
  // Several solutions: the extra clues are the numbers of circles showing
  // none (here one: the circle at r3c5 sees 3 in one solution).
  const CliResult s = run_cli({"diagnose", "--json", "--timeout", "0", "-"},
                              R"({"kind": "nurimisaki", "grid": [[".", ".", ".", ".", "?"], [".", ".", "?", ".", "."], [".", "?", ".", ".", "?"], [".", ".", ".", ".", "."], [".", ".", ".", ".", "?"]]})");
  ASSERT_EQ(s.exit_code, 10) << s.out << s.err;
  const json sj = json::parse(s.out)["diagnosis"];
  ASSERT_FALSE(sj["extra_givens"].empty()) << sj.dump();
  for (const auto& g : sj["extra_givens"]) EXPECT_TRUE(std::regex_match(g.get<std::string>(), std::regex("circle [0-9]+ at r[0-9]c[0-9]"))) << g;
  EXPECT_EQ(sj["extra_givens_status"], "unique");
  expect_refused_in_one_line({
      {"https://puzz.link/p?nurimisaki/x/5/5/g.i.m2l.j", "nurimisaki: the flag \"x\" is not read"},
      {"https://puzz.link/p?nurimisaki/5/5/g.i.m2l.jg", "nurimisaki data"},
      {"https://puzz.link/p?nurimisaki/2/2/1i", "nurimisaki data: a circle showing 1 at r1c1"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "nurimisaki", "grid": [[1, "."]]})", "/grid/0/0"},
                                    {R"({"kind": "nurimisaki", "grid": [["o", "."]]})", "/grid/0/0"}},
                                   "nurimisaki.json");
}

// ---------------------------------------------------------------- tapa

TEST(Tapa, PzprjsScriptIsAConformanceSet) {
  expect_pzprjs_conformance("tapa", 5, 5, [](const PzprjsBoard& b) { return shading_solution(b, 5, 5); });
}

namespace tapa_test {
// The runs of shaded cells round (r, c), longest first ({0} if none), by a
// plain walk round the eight neighbours.
std::vector<int> runs(const std::vector<std::string>& g, int r, int c) {
  const int h = static_cast<int>(g.size()), w = static_cast<int>(g[0].size());
  const int dr[] = {-1, -1, -1, 0, 1, 1, 1, 0}, dc[] = {-1, 0, 1, 1, 1, 0, -1, -1};
  std::string ring;
  for (int k = 0; k < 8; ++k) {
    const int y = r + dr[k], x = c + dc[k];
    ring += y >= 0 && y < h && x >= 0 && x < w && g[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] == '#' ? '#' : '.';
  }
  if (ring == "########") return {8};
  while (ring[0] != '.') std::rotate(ring.begin(), ring.begin() + 1, ring.end());
  std::vector<int> out;
  int run = 0;
  for (char ch : ring + ".") {
    if (ch == '#') ++run;
    else if (run) out.push_back(run), run = 0;
  }
  if (out.empty()) out.push_back(0);
  std::sort(out.rbegin(), out.rend());
  return out;
}
}  // namespace tapa_test

// Clues read off a random shading at some unshaded cells (so that some
// boards are unique), some with a '?', some one off (mostly none); every
// shading of the 3x4 or 4x4 tried with the kind's checker, in both
// encodings and on both back ends.
TEST(Tapa, ExactCountsMatchEveryShadingTried) {
  std::mt19937 rng(73);
  Verdicts seen;
  for (int t = 0; t < 14; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = 4;
    std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    for (auto& row : g)
      for (char& ch : row) ch = rng() % 2 ? '#' : '.';
    json grid = json::array();
    for (int r = 0; r < rows; ++r) {
      json row = json::array();
      for (int c = 0; c < cols; ++c) {
        if (g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '#' || rng() % 3) {
          row.push_back(".");
          continue;
        }
        auto v = tapa_test::runs(g, r, c);
        if (t % 5 == 4) v[0] = v[0] == 0 ? 1 : v[0] - 1;  // one off
        json clue = json::array();
        for (int x : v) clue.push_back(rng() % 6 == 0 && x > 0 ? json("?") : json(x));
        row.push_back(clue.size() == 1 ? clue[0] : clue);
      }
      grid.push_back(row);
    }
    json p = {{"kind", "tapa"}, {"grid", grid}};
    seen.expect(p, shadings_that_pass(p, rows, cols));
  }
  EXPECT_GT(seen.one + seen.several, 0);
  EXPECT_GT(seen.none, 0);
}

// The runs are read round the cell: a run across the top-left corner is
// one run, runs are matched in any order, '?' is a run of any length, and
// the checker names each rule.
TEST(Tapa, RunsAreReadRoundTheCellAndTheCheckerNamesEachRule) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "tapa", "grid": [[".", ".", "."], [".", [3, 1], "."], [".", ".", "."]]})");
  auto said = [&](const std::vector<std::string>& rows) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, json(rows))) all += v.id + ": " + v.message + "\n";
    return all;
  };
  // r2c1, r1c1, r1c2 is one run of 3 round the corner; r3c3 a run of 1 — but
  // not connected to it: the connection rule speaks, not the clue.
  EXPECT_EQ(said({"##.", "#..", "..#"}).find("grid/r2c2"), std::string::npos) << said({"##.", "#..", "..#"});
  EXPECT_NE(said({"##.", "#..", "..#"}).find("rule/shaded_connected"), std::string::npos) << said({"##.", "#..", "..#"});
  EXPECT_NE(said({"###", "...", "..."}).find("grid/r2c2: clue 3 1 at r2c2: the shaded cells round it run 3"), std::string::npos)
      << said({"###", "...", "..."});
  EXPECT_NE(said({"#.#", "#.#", "#.#"}).find("grid/r2c2: clue 3 1 at r2c2: the shaded cells round it run 3 3"), std::string::npos);
  EXPECT_NE(said({"###", "##.", "..."}).find("rule/2x2"), std::string::npos);
  EXPECT_NE(said({"...", ".#.", "..."}).find("rule/clue_unshaded"), std::string::npos);
  EXPECT_NE(said({"...", "...", "..."}).find("rule/some_shaded"), std::string::npos);
  // '?' and 1: the runs 2 and 1 (r1c3; r3c2, r3c3) show it, the one run 3 does not.
  const LoadedPuzzle any = puzzle_from_text(
      R"({"kind": "tapa", "grid": [[".", ".", ".", "."], [".", ["?", 1], ".", "."], [".", ".", ".", "."], [".", ".", ".", "."]]})");
  EXPECT_TRUE(any.encoder->check(*any.puzzle, json::array({"..##", "...#", ".###", "...."})).empty());
  const auto one_run = any.encoder->check(*any.puzzle, json::array({"###.", "....", "....", "...."}));
  ASSERT_EQ(one_run.size(), 1u);
  EXPECT_EQ(one_run[0].message, "clue ? 1 at r2c2: the shaded cells round it run 3");
}

TEST(Tapa, AClueIsNamedChangedAndAddedAndBadInputIsRefused) {
  // pzprjs's puzzle with its 5 misprinted as 6 (on the edge: five
  // neighbours): the conflict is named in clues, and changing it back makes
  // it unique.
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", "https://puzz.link/p?tapa/5/5/3n6hchhajn2"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out)["diagnosis"];
  bool changed_back = false;
  for (const auto& r : dj["change_repairs"])
    if (r["edits"][0]["before"] == "clue 6 at r2c5" && r["edits"][0]["after"] == "clue 5 at r2c5") changed_back = r["status"] == "unique";
  EXPECT_TRUE(changed_back) << dj["change_repairs"].dump();
  // Several solutions (the 3,1,1 left out): the extra clues are clues.
  const CliResult s = run_cli({"diagnose", "--json", "--timeout", "0", "https://puzz.link/p?tapa/5/5/3n5hghajn2"});
  ASSERT_EQ(s.exit_code, 10) << s.out << s.err;
  const json sj = json::parse(s.out)["diagnosis"];
  ASSERT_FALSE(sj["extra_givens"].empty()) << sj.dump();
  for (const auto& g : sj["extra_givens"]) EXPECT_TRUE(std::regex_match(g.get<std::string>(), std::regex("clue [0-9?]( [0-9?])* at r[0-9]c[0-9]"))) << g;
  EXPECT_EQ(sj["extra_givens_status"], "unique");
  expect_refused_in_one_line({
      {"https://puzz.link/p?tapa/x/5/5/3n5hchhajn2", "tapa: the flag \"x\" is not read"},
      {"https://puzz.link/p?tapa/5/5/3n5hchhajn2g", "tapa data"},
      {"https://puzz.link/p?tapa/2/2/fz", "tapa data, character 1: \"fz\" is no clue"},
      {"https://puzz.link/p?tapa/2/2/!", "tapa data, character 1: \"!\" is not read"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "tapa", "grid": [[9, "."]]})", "/grid/0/0"},
                                    {R"({"kind": "tapa", "grid": [[".", [4, 4]]]})", "/grid/0/1"},
                                    {R"({"kind": "tapa", "grid": [[".", [1, 0]]]})", "/grid/0/1/1"}},
                                   "tapa.json");
}

// ---------------------------------------------------------------- magnets

TEST(Magnets, CollectionIdsAreUniqueWithTheCollectionsSolution) {
  const std::string path = kDataDir + "/tatham/magnets.txt";
  const int n = for_each_tatham_id(path, [](const std::string& id, const std::string& solution, int w, int h) {
    const CliResult r = run_cli({"check", "--json", id});
    ASSERT_EQ(r.exit_code, 0) << id << ": " << r.err;
    // The collection's answer: ";+x,y" (or - or .) per cell, x the column.
    std::vector<std::string> want(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '?'));
    const std::regex move(R"(;([+.-])(\d+),(\d+))");
    for (auto it = std::sregex_iterator(solution.begin(), solution.end(), move); it != std::sregex_iterator(); ++it)
      want[std::stoul((*it)[3])][std::stoul((*it)[2])] = (*it)[1].str()[0];
    EXPECT_EQ(json::parse(r.out)["solutions"][0], json(want)) << id;
  });
  EXPECT_EQ(n, 6);
  expect_id_link_file_and_convert_agree(read_file(path).substr(0, read_file(path).find(' ')));
}

namespace magnet_test {
// A random cut of a rows x cols board into plates (and a few cells alone),
// as the "plates" strings.
std::vector<std::string> random_plates(int rows, int cols, std::mt19937& rng) {
  std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '?'));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != '?') continue;
      const bool across = c + 1 < cols && g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c + 1)] == '?';
      const bool down = r + 1 < rows;
      const auto pick = rng() % 7;
      if (across && (pick < 3 || !down)) {
        g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = 'L';
        g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c + 1)] = 'R';
      } else if (down && pick < 6) {
        g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = 'T';
        g[static_cast<std::size_t>(r + 1)][static_cast<std::size_t>(c)] = 'B';
      } else {
        g[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = '*';
      }
    }
  return g;
}
}  // namespace magnet_test

// Counts read off a random assignment of the plates (each neutral, +- or
// -+), some left out (several), some one off (mostly none); every
// assignment of every plate tried with the kind's checker (every filling
// of every cell with +, - or blank would be 3^16), in both encodings and on
// both back ends.
TEST(Magnets, ExactCountsMatchEveryAssignmentTried) {
  std::mt19937 rng(79);
  Verdicts seen;
  for (int t = 0; t < 14; ++t) {
    const int rows = t % 2 ? 4 : 3, cols = 4;
    const auto plates = magnet_test::random_plates(rows, cols, rng);
    // The plates' first cells, and each cell's mate.
    std::vector<int> mate(static_cast<std::size_t>(rows * cols)), firsts;
    for (int i = 0; i < rows * cols; ++i) {
      const char ch = plates[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)];
      mate[static_cast<std::size_t>(i)] = ch == 'L' ? i + 1 : ch == 'R' ? i - 1 : ch == 'T' ? i + cols : ch == 'B' ? i - cols : i;
      if (mate[static_cast<std::size_t>(i)] > i) firsts.push_back(i);
    }
    auto fill = [&](uint64_t code) {
      std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
      for (int f : firsts) {
        const auto state = code % 3;
        code /= 3;
        if (state == 0) continue;
        g[static_cast<std::size_t>(f / cols)][static_cast<std::size_t>(f % cols)] = state == 1 ? '+' : '-';
        const int m = mate[static_cast<std::size_t>(f)];
        g[static_cast<std::size_t>(m / cols)][static_cast<std::size_t>(m % cols)] = state == 1 ? '-' : '+';
      }
      return g;
    };
    uint64_t all = 1;
    for (std::size_t k = 0; k < firsts.size(); ++k) all *= 3;
    const json bare = {{"kind", "magnets"}, {"plates", plates}};
    const LoadedPuzzle lp0 = puzzle_from_text(bare.dump());
    std::vector<std::string> planted;
    for (int tries = 0; tries < 200 && planted.empty(); ++tries) {
      const auto g = fill(rng() % all);
      if (lp0.encoder->check(*lp0.puzzle, json(g)).empty()) planted = g;
    }
    if (planted.empty()) planted = fill(0);  // every plate neutral always keeps the poles apart
    json p = bare;
    for (const char sign : {'+', '-'})
      for (const bool row : {false, true}) {
        json counts = json::array();
        for (int k = 0; k < (row ? rows : cols); ++k) {
          int n = 0;
          for (int j = 0; j < (row ? cols : rows); ++j) n += (row ? planted[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)] : planted[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)]) == sign;
          if (t % 5 == 4 && k == 0) n += 1;  // one off
          counts.push_back(rng() % (t % 3 == 0 ? 2 : 6) == 0 ? json(nullptr) : json(n));
        }
        p[std::string(sign == '+' ? "plus_" : "minus_") + (row ? "rows" : "columns")] = counts;
      }
    const LoadedPuzzle lp = puzzle_from_text(p.dump());
    uint64_t want = 0;
    for (uint64_t code = 0; code < all; ++code) want += lp.encoder->check(*lp.puzzle, json(fill(code))).empty() ? 1 : 0;
    seen.expect(p, want);
  }
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
  EXPECT_GT(seen.none, 0);
}

TEST(Magnets, TheCheckerNamesEachRule) {
  const LoadedPuzzle lp = puzzle_from_text(
      R"({"kind": "magnets", "plates": ["LRT", "T*B", "BLR"], "plus_columns": [2, 0, 1], "plus_rows": [1, 0, 2], "minus_columns": [1, 2, 0], "minus_rows": [1, 1, 1]})");
  auto said = [&](const std::vector<std::string>& rows) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, json(rows))) all += v.id + ": " + v.message + "\n";
    return all;
  };
  EXPECT_EQ(said({"+-.", "-..", "+-+"}), "");
  EXPECT_NE(said({"+-.", "-+.", "+-+"}).find("rule/plates: r2c2 is a cell alone and holds a pole"), std::string::npos);
  EXPECT_NE(said({"++.", "-..", "+-+"}).find("rule/plates: the plate r1c1-r1c2 is neither a magnet (+ and -) nor neutral"), std::string::npos);
  EXPECT_NE(said({"-+.", "+..", "+-+"}).find("rule/like_poles: r2c1 and r3c1 are both +, side by side"), std::string::npos)
      << said({"-+.", "+..", "+-+"});
  EXPECT_NE(said({"...", "...", "..."}).find("plus/rows/1: row 1 has 1 +: it has 0"), std::string::npos);
  EXPECT_NE(said({"...", "...", "..."}).find("minus/columns/2: column 2 has 2 -: it has 0"), std::string::npos);
}

TEST(Magnets, ACountIsNamedChangedAndAddedAndBadInputIsRefused) {
  // The collection's 3x3 example with row 1's + count misprinted as 2: the
  // conflict is named in counts, and changing it back makes it unique.
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", "magnets:3x3:201,202,120,111,LRTT*BBLR"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out)["diagnosis"];
  bool changed_back = false;
  for (const auto& r : dj["change_repairs"])
    if (r["edits"][0]["before"] == "row 1 has 2 +" && r["edits"][0]["after"] == "row 1 has 1 +") changed_back = r["status"] == "unique";
  EXPECT_TRUE(changed_back) << dj["change_repairs"].dump();
  // Several solutions (the + counts of the columns alone): the extra clues
  // are counts.
  const CliResult s = run_cli({"diagnose", "--json", "--timeout", "0", "magnets:3x3:201,...,...,...,LRTT*BBLR"});
  ASSERT_EQ(s.exit_code, 10) << s.out << s.err;
  const json sj = json::parse(s.out)["diagnosis"];
  ASSERT_FALSE(sj["extra_givens"].empty()) << sj.dump();
  for (const auto& g : sj["extra_givens"]) EXPECT_TRUE(std::regex_match(g.get<std::string>(), std::regex("(row|column) [0-9]+ has [0-9]+ [+-]"))) << g;
  EXPECT_EQ(sj["extra_givens_status"], "unique");
  expect_refused_in_one_line({
      {"magnets:3x3:201,102,120,111,LRTT*BBL", "8 plate cells, a 3x3 grid has 9"},
      {"magnets:3x3:201,102,120,111,LRTT*BBLX", "unexpected \"X\" in the plates"},
      {"magnets:3x3:2!1,102,120,111,LRTT*BBLR", "unexpected \"!\" in the + counts of the columns"},
      {"magnets:3x3x:201,102,120,111,LRTT*BBLR", "after the size"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "magnets", "plates": ["LL"]})", "/plates/0"},
                                    {R"({"kind": "magnets", "plates": ["LR"], "plus_rows": [1, 2]})", "/plus_rows"}},
                                   "magnets.json");
}

// pzprjs's board files of magnets: walls, then (rows+2) x (cols+2) tokens,
// the numbers outside in the first two rows and columns; a cell "a1"/"q1"
// is +, "a2"/"q2" is -. Boards of another size (its anti-magnets 3x3 and its
// input tests) are left out.
json pzprjs_magnets(const PzprjsBoard& b) {
  const int rows = 5, cols = 5;
  if (b.tokens.size() < 2 || b.tokens[0] != "5" || b.tokens[1] != "5") return nullptr;
  const std::size_t start = b.tokens.size() - static_cast<std::size_t>((rows + 2) * (cols + 2));
  std::vector<std::string> out;
  for (int r = 0; r < rows; ++r) {
    std::string row;
    for (int c = 0; c < cols; ++c) {
      const std::string& t = b.tokens[start + static_cast<std::size_t>((r + 2) * (cols + 2) + 2 + c)];
      row += t == "a1" || t == "q1" ? '+' : t == "a2" || t == "q2" ? '-' : '.';
    }
    out.push_back(row);
  }
  return out;
}

TEST(Magnets, PzprjsScriptIsAConformanceSet) {
  // Its test puzzle has a plate of seven cells and a cell off the board.
  expect_pzprjs_conformance("magnets", 5, 5, pzprjs_magnets);
}

// pzprjs's anti-magnets board (its script gives it as a board file; the link
// is written for it here): unique with pzprjs's solved board only with the
// flag; pzprjs's wrong board (a + beside a - of another magnet) is refused;
// without the flag the same clues have 4 solutions and the solved board
// breaks the like-pole rule.
TEST(Magnets, AntiMagnetsFollowPzprjsBoards) {
  const std::string anti = "https://puzz.link/p?magnets/a/3/3/i2nf0o000002";
  const CliResult r = run_cli({"check", "--json", anti});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json solved = {"-+.", ".+.", ".-."};
  EXPECT_EQ(json::parse(r.out)["solutions"][0], solved);
  const LoadedPuzzle lp = puzzle_from_text(run_cli({"convert", anti}).out, anti);
  std::string said;
  for (const auto& v : lp.encoder->check(*lp.puzzle, json{"-+.", ".-.", ".+."})) said += v.id + ": " + v.message + "\n";
  EXPECT_NE(said.find("rule/unlike_poles: r1c2 (+) and r2c2 (-) are poles of different magnets side by side, not alike"), std::string::npos) << said;
  const std::string plain = "https://puzz.link/p?magnets/3/3/i2nf0o000002";
  const CliResult c = run_cli({"count", "--json", plain});
  ASSERT_EQ(c.exit_code, 10) << c.err;
  EXPECT_EQ(json::parse(c.out)["count"], 4);
  const LoadedPuzzle lp2 = puzzle_from_text(run_cli({"convert", plain}).out, plain);
  said.clear();
  for (const auto& v : lp2.encoder->check(*lp2.puzzle, solved)) said += v.id + ": " + v.message + "\n";
  EXPECT_NE(said.find("rule/like_poles: r1c2 and r2c2 are both +, side by side"), std::string::npos) << said;
}

TEST(Magnets, PlatesOfAnyShapeAndGivenPolesAreNamedAndProposed) {
  const LoadedPuzzle lp = puzzle_from_text(R"({"kind": "magnets", "regions": [[0, 0, 0], [1, 1, 2]], "poles": ["..#", "..."]})");
  auto said = [&](const std::vector<std::string>& rows) {
    std::string all;
    for (const auto& v : lp.encoder->check(*lp.puzzle, json(rows))) all += v.id + ": " + v.message + "\n";
    return all;
  };
  EXPECT_EQ(said({"+-.", "-+."}), "");
  // The hole leaves plate 1 two cells side by side: a magnet or neutral.
  EXPECT_NE(said({"+..", "..."}).find("rule/plates: the plate r1c1-r1c2 is neither a magnet (+ and -) nor neutral"), std::string::npos);
  EXPECT_NE(said({"+.-", "..."}).find("rule/holes: r1c3 is not on the board and holds a pole"), std::string::npos);
  EXPECT_NE(said({"...", "..+"}).find("rule/plates: r2c3 is a cell alone and holds a pole"), std::string::npos);
  const LoadedPuzzle l3 = puzzle_from_text(R"({"kind": "magnets", "regions": [[0, 0, 0, 0]]})");
  std::string three;
  for (const auto& v : l3.encoder->check(*l3.puzzle, json{".+.."})) three += v.message + "\n";
  EXPECT_NE(three.find("plate 1 (r1c1-r1c4) holds half a magnet: a pole at r1c2 alone"), std::string::npos) << three;
  three.clear();
  for (const auto& v : l3.encoder->check(*l3.puzzle, json{"+-+."})) three += v.message + "\n";
  EXPECT_NE(three.find("plate 1 (r1c1-r1c4) holds 3 poles, more than one magnet"), std::string::npos) << three;
  three.clear();
  for (const auto& v : l3.encoder->check(*l3.puzzle, json{"+.-."})) three += v.message + "\n";
  EXPECT_NE(three.find("holds poles at r1c1 and r1c3, not side by side"), std::string::npos) << three;

  // Two plates down, every count given: two solutions until a pole is given;
  // the extra clue proposed is a pole (puzz.link's circle), and a given pole
  // turned round is a repair of the misprint.
  const json two = {{"kind", "magnets"}, {"regions", {{0, 1}, {0, 1}}}, {"plus_columns", {1, 1}}, {"minus_columns", {1, 1}},
                    {"plus_rows", {1, 1}}, {"minus_rows", {1, 1}}};
  const std::string file = ::testing::TempDir() + "/magnets_two.json";
  std::ofstream(file) << two.dump();
  const CliResult s = run_cli({"diagnose", "--json", "--timeout", "0", file});
  ASSERT_EQ(s.exit_code, 10) << s.out << s.err;
  const json sj = json::parse(s.out)["diagnosis"];
  ASSERT_EQ(sj["extra_givens"].size(), 1u) << sj.dump();
  EXPECT_TRUE(std::regex_match(sj["extra_givens"][0].get<std::string>(), std::regex("a [+-] at r[12]c[12]"))) << sj.dump();
  json given = two;
  given["poles"] = {"+.", "+."};  // both +: a misprint
  std::ofstream(file) << given.dump();
  const CliResult d = run_cli({"diagnose", "--json", "--timeout", "0", file});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  const json dj = json::parse(d.out)["diagnosis"];
  bool turned = false;
  for (const auto& rep : dj["change_repairs"])
    if (rep["status"] == "unique" && rep["edits"][0]["after"].get<std::string>().find("the - at r") == 0) turned = true;
  EXPECT_TRUE(turned) << dj.dump();

  expect_refused_in_one_line({
      {"https://puzz.link/p?magnets/b/3/3/i2nf0o000002", "magnets: the flag \"b\" is not read"},
      {"https://puzz.link/p?magnets/a/2/2/ng0", "with the flag a, the wall r1c1|r1c2 lies inside a plate"},
      {"https://puzz.link/p?magnets/3/3/.i2nf0o000002", "a \"?\" count of the - poles of column 1"},
      {"https://puzz.link/p?magnets/3/3/i2nf0o000q02", "a given pole on r3c3, a cell that is not on the board"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "magnets", "plates": ["LR"], "regions": [[0, 0]]})", "/"},
                                    {R"({"kind": "magnets", "regions": [[0, 0]], "poles": ["+"]})", "/poles/0"},
                                    {R"({"kind": "magnets", "regions": [[0, 0]], "poles": ["+x"]})", "/poles/0"},
                                    {R"({"kind": "magnets", "regions": [[0, 0]], "anti": 1})", "/anti"}},
                                   "magnets_regions.json");
}

// Plates of any shape (random regions), a cell off the board now and then,
// a given pole now and then, anti-magnets every other board; counts read
// off a planted assignment (some left out, one off now and then): every
// filling of every cell with +, - or blank tried with the kind's checker, in
// both encodings and on both back ends.
TEST(Magnets, ExactCountsOfAnyPlatesMatchEveryFillingTried) {
  std::mt19937 rng(83);
  Verdicts seen;
  for (int t = 0; t < 12; ++t) {
    const int rows = t % 3 == 2 ? 2 : 3, cols = t % 3 == 2 ? 4 : 3, n = rows * cols;
    json bare = {{"kind", "magnets"}, {"regions", random_regions(rows, cols, n / 2 - (t % 2), rng)}};
    if (t % 2) bare["anti"] = true;
    std::vector<std::string> poles(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
    if (t % 4 == 1) poles[rng() % rows][rng() % cols] = '#';
    bare["poles"] = poles;
    auto fill = [&](uint64_t code) {
      std::vector<std::string> g(static_cast<std::size_t>(rows), std::string(static_cast<std::size_t>(cols), '.'));
      for (int i = 0; i < n; ++i, code /= 3) g[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)] = ".+-"[code % 3];
      return g;
    };
    uint64_t all = 1;
    for (int i = 0; i < n; ++i) all *= 3;
    const LoadedPuzzle lp0 = puzzle_from_text(bare.dump());
    std::vector<std::vector<std::string>> valid;
    for (uint64_t code = 0; code < all; ++code)
      if (lp0.encoder->check(*lp0.puzzle, json(fill(code))).empty()) valid.push_back(fill(code));
    ASSERT_FALSE(valid.empty());  // all blank always holds
    const auto planted = valid[rng() % valid.size()];
    json p = bare;
    for (int i = 0; i < n && t % 3 == 0; ++i)  // a given pole of the planted filling
      if (planted[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)] != '.') {
        poles[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)] = planted[static_cast<std::size_t>(i / cols)][static_cast<std::size_t>(i % cols)];
        p["poles"] = poles;
        break;
      }
    for (const char sign : {'+', '-'})
      for (const bool row : {false, true}) {
        json counts = json::array();
        for (int k = 0; k < (row ? rows : cols); ++k) {
          int m = 0;
          for (int j = 0; j < (row ? cols : rows); ++j)
            m += (row ? planted[static_cast<std::size_t>(k)][static_cast<std::size_t>(j)] : planted[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)]) == sign;
          if (t % 5 == 4 && k == 0) m += 1;  // one off
          counts.push_back(rng() % (t % 3 == 1 ? 2 : 5) == 0 ? json(nullptr) : json(m));
        }
        p[std::string(sign == '+' ? "plus_" : "minus_") + (row ? "rows" : "columns")] = counts;
      }
    const LoadedPuzzle lp = puzzle_from_text(p.dump());
    uint64_t want = 0;
    for (const auto& g : valid) want += lp.encoder->check(*lp.puzzle, json(g)).empty() ? 1 : 0;
    seen.expect(p, want);
  }
  EXPECT_GT(seen.one, 0);
  EXPECT_GT(seen.several, 0);
  EXPECT_GT(seen.none, 0);
}

}  // namespace
}  // namespace psmt::testing
