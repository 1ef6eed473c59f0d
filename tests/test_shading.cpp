// The shading genres over encoders/pencil/shading.h: hitori, kurodoko and
// heyawake. Exact counts against a brute-force counter (every shading of a
// small board held to the plain checker), pzprjs's test puzzles and the
// collection's generated IDs solved to their boards, broken puzzles named
// in the genre's words, bad links and IDs refused in one line.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>

#include "encoders/pencil/heyawake.h"
#include "encoders/pencil/hitori.h"
#include "encoders/pencil/kurodoko.h"
#include "engine/graph_check.h"
#include "helpers.h"
#include "io/json_node.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// Every shading of a board of at most 16 cells that `ok` accepts.
template <typename Ok>
uint64_t brute_force(int cells, Ok ok) {
  uint64_t count = 0;
  for (uint32_t mask = 0; mask < (1u << cells); ++mask) {
    std::vector<bool> s(static_cast<std::size_t>(cells));
    for (int i = 0; i < cells; ++i) s[static_cast<std::size_t>(i)] = mask >> i & 1;
    count += ok(s) ? 1 : 0;
  }
  return count;
}

json number_grid(const std::vector<int>& n, int rows, int cols) {
  json g = json::array();
  for (int r = 0; r < rows; ++r) {
    json row = json::array();
    for (int c = 0; c < cols; ++c) {
      const int v = n[static_cast<std::size_t>(r * cols + c)];
      row.push_back(v == pencil::kNoNumber ? json(".") : v == pencil::kUnknownNumber ? json("?") : json(v));
    }
    g.push_back(row);
  }
  return g;
}

// The solved board of a pzprjs test file: the last R rows of R x C tokens
// ('#' shaded).
json pzprjs_shading(const std::string& file, int rows, int cols) {
  const std::string text = read_file(kDataDir + "/pzprjs/" + file);
  std::smatch m;
  EXPECT_TRUE(std::regex_search(text, m, std::regex("\"pzprv3/[a-z]+/\\d+/\\d+/([^\"]+)\"")));
  std::vector<std::string> tok;
  std::string body = m[1].str();
  std::replace(body.begin(), body.end(), '/', ' ');
  std::istringstream in(body);
  for (std::string t; in >> t;) tok.push_back(t);
  json want = json::array();
  const std::size_t first = tok.size() - static_cast<std::size_t>(rows * cols);
  for (int r = 0; r < rows; ++r) {
    std::string row;
    for (int c = 0; c < cols; ++c) row += tok[first + static_cast<std::size_t>(r * cols + c)] == "#" ? '#' : '.';
    want.push_back(row);
  }
  return want;
}

std::string pzprjs_url(const std::string& file, const std::string& pid) {
  const std::string text = read_file(kDataDir + "/pzprjs/" + file);
  std::smatch m;
  EXPECT_TRUE(std::regex_search(text, m, std::regex("url ?: [\"']([^\"']+)[\"']")));
  return "https://puzz.link/p?" + pid + "/" + m[1].str();
}

// The test puzzle solves to pzprjs's board in both encodings on both back ends.
void expect_board(const std::string& url, const json& want) {
  for (const std::string enc : {"cuts", "eager"})
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "-e", enc, "--solver", solver, url});
      ASSERT_EQ(r.exit_code, 0) << url << " " << enc << " " << solver << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << url << " " << enc << " " << solver;
    }
}

// A collection's IDs with their recorded solutions come back unique with it.
void expect_tatham_ids(const std::string& file, const std::function<json(int w, int h, const std::string& move)>& board, int expected) {
  const int n = for_each_tatham_id(kDataDir + "/tatham/" + file, [&](const std::string& id, const std::string& move, int w, int h) {
    const json want = board(w, h, move);
    for (const std::string solver : {"z3", "cadical"}) {
      CliResult r = run_cli({"check", "--json", "--solver", solver, id});
      ASSERT_EQ(r.exit_code, 0) << id << r.err;
      EXPECT_EQ(json::parse(r.out)["solutions"][0], want) << id;
    }
  });
  EXPECT_EQ(n, expected);
}

// ---------------------------------------------------------------- hitori

TEST(Hitori, ExactCountsMatchBruteForceInEveryEncodingAndBackEnd) {
  std::mt19937 rng(5);
  int none = 0, several = 0;
  for (int round = 0; round < 12; ++round) {
    hitori::Board b;
    b.lat = {3, 3 + static_cast<int>(rng() % 2)};  // at most 12 cells: 4,096 shadings
    for (int i = 0; i < b.lat.cells(); ++i) {
      const auto x = rng() % 10;
      b.number.push_back(x == 0 ? pencil::kNoNumber : x == 1 ? pencil::kUnknownNumber : 1 + static_cast<int>(rng() % 3));
    }
    b.given.assign(static_cast<std::size_t>(b.lat.cells()), 0);
    const uint64_t want = brute_force(b.lat.cells(), [&](const std::vector<bool>& s) { return hitori::check_shading(b, s).empty(); });
    none += want == 0;
    several += want > 1;
    const json p = {{"kind", "hitori"}, {"grid", number_grid(b.number, b.lat.rows, b.lat.cols)}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

TEST(Hitori, PzprjsPuzzleAndSinglesIdsSolveToTheirBoardsAndABrokenOneIsNamed) {
  expect_board(pzprjs_url("hitori.js.txt", "hitori"), pzprjs_shading("hitori.js.txt", 4, 4));
  // Debian's sgt-singles: "Bx,y" shaded, x the column.
  expect_tatham_ids("singles.txt", [](int w, int h, const std::string& move) {
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    std::regex item("B(\\d+),(\\d+)");
    for (std::sregex_iterator it(move.begin(), move.end(), item), end; it != end; ++it)
      rows[static_cast<std::size_t>(std::stoi((*it)[2]))][static_cast<std::size_t>(std::stoi((*it)[1]))] = '#';
    return json(rows);
  }, 8);
  // pzprjs's puzzle with its 1 at r1c2 misprinted as 2: no solution; changing it back is the repair.
  CliResult d = run_cli({"diagnose", "https://puzz.link/p?hitori/4/4/1214142333214213"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("2 at r1c2  ->  1 at r1c2 [grid/r1c2]  =>  unique"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "--solver", "cadical", "https://puzz.link/p?hitori/4/4/1214142333214213"});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  EXPECT_GE(json::parse(c.out)["certified"]["unsat_steps"].get<int>(), 1);
  expect_refused_in_one_line({
      {"https://puzz.link/p?hitori/4/4/1114142333214213-", "hitori data, character 17: 1 more characters than the 4x4 board needs"},
      {"https://puzz.link/p?hitori/4/4/-!", "hitori data, character 2: \"!\" is not a base-36 digit"},
      {"https://puzz.link/p?hitori/x/4/4/1114142333214213", "hitori: the flag \"x\" is not read"},
      {"singles:3x3:12312", "description: 5 characters, a 3x3 grid has 9 cells"},
      {"singles:2x2:12!1", "description, character 3: unexpected \"!\""},
  });
}

// ---------------------------------------------------------------- kurodoko

TEST(Kurodoko, ExactCountsMatchBruteForceInEveryEncodingAndBackEnd) {
  std::mt19937 rng(7);
  int none = 0, several = 0;
  for (int round = 0; round < 12; ++round) {
    kurodoko::Board b;
    b.lat = {3, 3 + static_cast<int>(rng() % 2)};  // at most 12 cells: 4,096 shadings
    for (int i = 0; i < b.lat.cells(); ++i) {
      const auto x = rng() % 8;
      b.number.push_back(x == 0 ? pencil::kUnknownNumber : x < 3 ? 1 + static_cast<int>(rng() % (b.lat.rows + b.lat.cols - 1)) : pencil::kNoNumber);
    }
    b.given.assign(static_cast<std::size_t>(b.lat.cells()), 0);
    const uint64_t want = brute_force(b.lat.cells(), [&](const std::vector<bool>& s) { return kurodoko::check_shading(b, s).empty(); });
    none += want == 0;
    several += want > 1;
    const json p = {{"kind", "kurodoko"}, {"grid", number_grid(b.number, b.lat.rows, b.lat.cols)}};
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

TEST(Kurodoko, PzprjsPuzzleAndRangeIdsSolveToTheirBoardsAndABrokenOneIsNamed) {
  expect_board(pzprjs_url("kurodoko.js.txt", "kurodoko"), pzprjs_shading("kurodoko.js.txt", 5, 5));
  // Debian's sgt-range: "B,r,c" shaded.
  expect_tatham_ids("range.txt", [](int w, int h, const std::string& move) {
    std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
    std::regex item("B,(\\d+),(\\d+)");
    for (std::sregex_iterator it(move.begin(), move.end(), item), end; it != end; ++it)
      rows[static_cast<std::size_t>(std::stoi((*it)[1]))][static_cast<std::size_t>(std::stoi((*it)[2]))] = '#';
    return json(rows);
  }, 8);
  // The 7 at r1c4 misprinted as 4: no solution, and the clues at fault are named.
  CliResult d = run_cli({"diagnose", "https://puzz.link/p?kurodoko/5/5/i4g5l2l2g4i"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("sees 4 at r1c4   [grid/r1c4]"), std::string::npos) << d.out;
  CliResult c = run_cli({"check", "--json", "--certify", "https://puzz.link/p?kurodoko/5/5/i4g5l2l2g4i"});
  ASSERT_EQ(c.exit_code, 20) << c.err;
  expect_refused_in_one_line({
      {"https://puzz.link/p?kurodoko/5/5/0", "kurodoko data: a 0 at r1c1 (a cell sees at least itself)"},
      {"https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i7", "kurodoko data, character 12: 1 more characters"},
      {"range:3x3:a9g", "description, character 2: 9 is out of range (1 to 5)"},
      {"range:3x3:a2", "description: 2 cells, a 3x3 grid has 9"},
  });
}

// ---------------------------------------------------------------- heyawake

// Rows of room ids with each room in one piece: an id whose cells fall
// apart becomes one id per piece (a room is one connected group of cells).
json one_piece_each(const json& rooms) {
  const pencil::Lattice L{static_cast<int>(rooms.size()), static_cast<int>(rooms[0].size())};
  const graph::Graph g = L.cell_graph();
  auto id = [&](int i) { return rooms[static_cast<std::size_t>(L.cell_at(i).row)][static_cast<std::size_t>(L.cell_at(i).col)]; };
  std::vector<bool> usable;  // a step inside one id
  for (const auto& [u, v] : g.edges) usable.push_back(id(u) == id(v));
  int count = 0;
  const std::vector<int> piece = graph::components(g, std::vector<bool>(static_cast<std::size_t>(L.cells()), true), usable, count);
  json out = rooms;
  for (int i = 0; i < L.cells(); ++i) out[static_cast<std::size_t>(L.cell_at(i).row)][static_cast<std::size_t>(L.cell_at(i).col)] = piece[static_cast<std::size_t>(i)];
  return out;
}

TEST(Heyawake, ExactCountsMatchBruteForceInEveryEncodingAndBackEnd) {
  std::mt19937 rng(11);
  int none = 0, several = 0;
  for (int round = 0; round < 12; ++round) {
    heyawake::Board b;
    b.lat = {3, 3 + static_cast<int>(rng() % 2)};  // at most 12 cells: 4,096 shadings
    // Rooms: random rectangles' worth of ids, grown from random seeds row by row.
    json rooms = json::array();
    for (int r = 0; r < b.lat.rows; ++r) {
      json row = json::array();
      for (int c = 0; c < b.lat.cols; ++c) row.push_back((r / 2) * 2 + (c * (1 + static_cast<int>(rng() % 2))) / 3);
      rooms.push_back(row);
    }
    rooms = one_piece_each(rooms);
    b.number.assign(static_cast<std::size_t>(b.lat.cells()), pencil::kNoNumber);
    json p = {{"kind", "heyawake"}, {"rooms", rooms}};
    // Parse to number the rooms, then put a count in some rooms' first cells.
    std::map<int, int> size;
    for (const auto& row : rooms)
      for (const auto& id : row) size[id.get<int>()]++;
    std::vector<int> seen;
    json grid = json::array();
    for (int r = 0; r < b.lat.rows; ++r) {
      json row = json::array();
      for (int c = 0; c < b.lat.cols; ++c) {
        const int id = rooms[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        if (std::find(seen.begin(), seen.end(), id) == seen.end() && rng() % 3 != 0) {
          seen.push_back(id);
          row.push_back(static_cast<int>(rng() % static_cast<unsigned>(std::min(3, size[id] + 1))));
        } else {
          seen.push_back(id);
          row.push_back(".");
        }
      }
      grid.push_back(row);
    }
    p["grid"] = grid;
    const auto parsed = std::static_pointer_cast<const heyawake::Board>(heyawake::heyawake_encoder().parse(JsonNode(p, "")));
    const uint64_t want = brute_force(parsed->lat.cells(), [&](const std::vector<bool>& s) { return heyawake::check_shading(*parsed, s).empty(); });
    none += want == 0;
    several += want > 1;
    SCOPED_TRACE(p.dump());
    expect_count_in_every_encoding(p, want);
  }
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

TEST(Heyawake, PzprjsPuzzleSolvesToItsBoardRoomsAreNamedAndLinksRoundTrip) {
  const std::string url = pzprjs_url("heyawake.js.txt", "heyawake");
  expect_board(url, pzprjs_shading("heyawake.js.txt", 6, 6));
  // The rooms as pzprjs numbers them (its file lists them): the same partition.
  CliResult conv = run_cli({"convert", url});
  ASSERT_EQ(conv.exit_code, 0) << conv.err;
  const json p = json::parse(conv.out);
  const std::vector<std::vector<int>> theirs = {{0, 1, 1, 2, 2, 3}, {0, 1, 1, 2, 2, 3}, {0, 1, 1, 2, 2, 3},
                                                {4, 4, 4, 4, 4, 3}, {5, 5, 5, 6, 6, 3}, {5, 5, 5, 6, 6, 7}};
  EXPECT_EQ(p["rooms"], json(theirs));
  CliResult a = run_cli({"count", "--json", url}), b = run_cli({"count", "--json", "-"}, conv.out);
  EXPECT_EQ(json::parse(a.out)["count"], 1);
  EXPECT_EQ(json::parse(b.out)["count"], 1);
  // Room 4's 2 misprinted as 3: named as the setter wrote it, and the repair is to change it back.
  CliResult d = run_cli({"diagnose", "https://puzz.link/p?heyawake/6/6/lll155007rs12223j"});
  ASSERT_EQ(d.exit_code, 20) << d.out << d.err;
  EXPECT_NE(d.out.find("room 4 (3 shaded)   [grid/r1c6]"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("->  room 4 (2 shaded) [grid/r1c6]  =>  unique"), std::string::npos) << d.out;
  // Several solutions: the fewest cells to give, as shaded or unshaded.
  CliResult s = run_cli({"diagnose", "--json", "https://puzz.link/p?heyawake/6/6/lll155007rs1222k"});
  ASSERT_EQ(s.exit_code, 10) << s.err;
  const json sj = json::parse(s.out);
  ASSERT_FALSE(sj["diagnosis"]["extra_givens"].empty()) << sj.dump();
  EXPECT_TRUE(std::regex_search(sj["diagnosis"]["extra_givens"][0].get<std::string>(), std::regex("^room \\d+ \\(\\d+ shaded\\)$")))
      << sj["diagnosis"].dump();
  expect_refused_in_one_line({
      {"https://puzz.link/p?heyawake/6/6/lll155007rs12222j0", "heyawake data, character 18: 1 more characters"},
      {"https://puzz.link/p?heyawake/6/6/lll15w007rs12222j", "heyawake data, character 6: unexpected \"w\" in the walls"},
      {"https://puzz.link/p?heyawacky/b/6/6/lll155007rs12222j", "heyawacky: the flag \"b\" is not read"},
  });
  expect_bad_files_name_their_path({{R"({"kind": "heyawake", "rooms": [[0, 0], [1, 1]], "grid": [[1, 2], [".", "."]]})", "/grid/0/1"},
                                    {R"({"kind": "heyawake", "rooms": [[0, 0], [1, 1]], "grid": [[3, "."], [".", "."]]})", "/grid/0/0"},
                                    {R"({"kind": "heyawake", "rooms": [[0, 0], [1]]})", "/rooms/1"}},
                                   "heyawake.json");
}

}  // namespace
}  // namespace psmt::testing
