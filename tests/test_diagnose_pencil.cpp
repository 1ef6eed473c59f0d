// diagnose on pencil puzzles, in the setter's terms (issue "Pencil diagnose in
// the setter's terms"): hashi islands side by side; "fewest clues to change"
// that tries every value; repairs named as they are; extra clues that are
// clues of the genre (a pearl, a room's number), or a reason when the genre
// has none to add. The game IDs were made by Debian's sgt-puzzles
// 20230122 (`sgt-range --generate 1 '15x15#psmt'`, `sgt-filling --generate 1
// '9x9#psmt9'`, `sgt-pearl --generate 1 '15x15dt#psmt'`) and then broken by
// hand as each test says.
#include <gtest/gtest.h>

#include <fstream>

#include "helpers.h"

namespace psmt::testing {
namespace {

using nlohmann::json;

// No wall-clock limit: what is asserted (every value tried, the fewest
// changes) must not depend on the machine's speed; a sanitizer build runs
// these diagnoses several times slower than the 10 s default allows.
json diagnosis_of(const std::string& puzzle, int want_exit) {
  const CliResult r = run_cli({"diagnose", "--json", "--timeout", "0", puzzle});
  EXPECT_EQ(r.exit_code, want_exit) << puzzle << ": " << r.err;
  auto j = json::parse(r.out);
  return j;
}

// pzprjs draws a bridge between two islands side by side on their common
// border and its checker accepts it; the collection refuses such boards.
TEST(DiagnosePencil, HashiIslandsSideBySideMayBeJoined) {
  const CliResult r = run_cli({"check", "--json", "https://puzz.link/p?hashikake/2/1/11"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(json::parse(r.out)["solutions"][0], json::array({"r1c1-r1c2=1"}));
  // Three in a row: 1-2-1 joined across both borders.
  const CliResult row = run_cli({"check", "--json", "https://puzz.link/p?hashikake/3/1/121"});
  ASSERT_EQ(row.exit_code, 0) << row.out << row.err;
  EXPECT_EQ(json::parse(row.out)["solutions"][0], json::array({"r1c1-r1c2=1", "r1c2-r1c3=1"}));
  const CliResult tatham = run_cli({"check", "bridges:3x3:22f2"});
  EXPECT_EQ(tatham.exit_code, 2);
  EXPECT_NE(tatham.err.find("the collection refuses joined islands"), std::string::npos) << tatham.err;
}

// A 15x15 range whose 3 at r2c1 was misprinted as 8: the single change 8 -> 3
// restores the unique solution, so the fewest clues to change is 1 (it was
// reported as 2 when only values within 4 of the printed one were tried).
TEST(DiagnosePencil, FewestChangesTryEveryValueTheClueCanTake) {
  const std::string id =
      "range:15x15:a8m8a10f14c5_3_4b7g18h6a7b9d3j24f10b2e10g5h9c6g19c10h5g5e13b20f2j13d8b12a8h5g18b9_8_4c9f6a12m6a";
  const json j = diagnosis_of(id, 20)["diagnosis"];
  EXPECT_EQ(j["min_change"], 1) << j.dump();
  EXPECT_TRUE(j["changes_tried_every_value"].get<bool>());
  bool found = false;
  for (const auto& r : j["change_repairs"])
    if (r["edits"][0]["before"] == "sees 8 at r2c1" && r["edits"][0]["after"] == "sees 3 at r2c1") {
      found = true;
      EXPECT_EQ(r["status"], "unique");
    }
  EXPECT_TRUE(found) << j["change_repairs"].dump();
  // A 9x9 filling with a 4 misprinted as 8 (r8c5): 8 -> 4 makes it unique,
  // and every value that gives a solution is listed, 7 among them.
  const json f = diagnosis_of("filling:9x9:h3b848a5a2b5a8a8a8c5a5c88c57a83b82c4d4c546648h3d", 20)["diagnosis"];
  EXPECT_EQ(f["min_change"], 1) << f.dump();
  std::set<std::string> afters;
  for (const auto& r : f["change_repairs"]) afters.insert(r["edits"][0]["after"].get<std::string>() + "=" + r["status"].get<std::string>());
  EXPECT_TRUE(afters.count("4 at r8c5=unique")) << f["change_repairs"].dump();
  EXPECT_TRUE(afters.count("7 at r8c5=unique")) << f["change_repairs"].dump();
}

// A repair that leaves an island (or an arrow) and only takes its number is
// named as that, not as a removal.
TEST(DiagnosePencil, ARepairSaysWhatItDoes) {
  // pzprjs's hashikake test with its last 4 misprinted as 6.
  const json j = diagnosis_of("https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g6g3", 20)["diagnosis"];
  ASSERT_FALSE(j["drop_repairs"].empty()) << j.dump();
  const auto& e = j["drop_repairs"][0]["edits"][0];
  EXPECT_TRUE(e["drop"].get<bool>());
  EXPECT_EQ(e["after"].get<std::string>().substr(0, 9), "island ? ") << e.dump();
  const CliResult text = run_cli({"diagnose", "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g6g3"});
  EXPECT_NE(text.out.find("  ->  island ? at "), std::string::npos) << text.out;
}

// --minimal lists a clue as redundant only when the puzzle as a setter would
// publish it without that clue has the same one solution: where the
// solver's relaxation of a clue is looser than leaving it out (a tree there
// or not, a block the loop visits or not, a number that ends a line or
// not, a dot that is there or not), or the clue is the rules' own (a
// region's stars), it is not listed; a clue that stays as something else
// says what ("island ? at r1c1").
TEST(DiagnosePencil, ARedundantClueCanBeLeftOutAsWritten) {
  auto minimal = [](const std::string& file) {
    const CliResult r = run_cli({"diagnose", "--json", "--minimal", "--timeout", "0", kSourceDir + "/" + file});
    EXPECT_EQ(r.exit_code, 0) << file << ": " << r.err;
    return json::parse(r.out)["diagnosis"];
  };
  // Tents: without its tree at r1c3 the board has no solution (the tent
  // beside it has no tree), so only row 1's count is redundant.
  const json tents = minimal("puzzles/tents/pzprjs_test.json");
  ASSERT_EQ(tents["redundant"].size(), 1u) << tents.dump();
  EXPECT_EQ(tents["redundant"][0]["id"], "rows/1");
  const CliResult no_tree = run_cli({"check", "-"}, R"({"kind": "tents", "grid": [".....", ".....", ".T..T", "...T.", ".T..."],
      "columns": [2, null, 0, null, null], "rows": [1, null, null, null, 1]})");
  EXPECT_EQ(no_tree.exit_code, 20) << no_tree.out;
  for (const std::string& kind : {"numlin", "simpleloop", "starbattle", "norinori", "tentaisho"}) {
    const json j = minimal("puzzles/" + kind + "/pzprjs_test.json");
    EXPECT_TRUE(j["redundant"].empty()) << kind << ": " << j.dump();
    EXPECT_FALSE(j["redundant_reason"].get<std::string>().empty()) << kind;
  }
  const json hashi = minimal("puzzles/hashi/pzprjs_test.json");
  ASSERT_FALSE(hashi["redundant"].empty());
  EXPECT_EQ(hashi["redundant"][0]["after"], "island ? at r1c1") << hashi.dump();
  const CliResult text = run_cli({"diagnose", "--minimal", kSourceDir + "/puzzles/hashi/pzprjs_test.json"});
  EXPECT_NE(text.out.find("  island 4 at r1c1  ->  island ? at r1c1   [grid/r1c1]"), std::string::npos) << text.out;
}

// Several solutions: the extra clues are clues of the genre.
TEST(DiagnosePencil, ExtraCluesAreCluesOfTheGenre) {
  // pzprjs's heyawake test with the numbers of two rooms removed: their
  // numbers are what a setter adds back, not 27 cells.
  json p = json::parse(read_file(kSourceDir + "/puzzles/heyawake/pzprjs_test.json"));
  p.erase("expect");
  p["grid"][0][0] = ".";
  p["grid"][0][1] = ".";
  const std::string file = ::testing::TempDir() + "/heyawake-two-rooms.json";
  std::ofstream(file) << p.dump();
  const json h = diagnosis_of(file, 10)["diagnosis"];
  EXPECT_TRUE(h["extra_are_clues"].get<bool>());
  EXPECT_EQ(h["extra_givens"], json::array({"room 1 (0 shaded)", "room 2 (1 shaded)"})) << h.dump();
  EXPECT_TRUE(h["extra_givens_proven_smallest"].get<bool>());
  EXPECT_EQ(h["extra_givens_status"], "unique");
  // A 15x15 pearl with six pearls taken out: pearls single out a loop (the
  // first target has a twin no pearl tells apart; the other is taken).
  const std::string pearl =
      "pearl:15x15:dWaBbBeWWcBbWdabWhWWbBdWBWcaBaBeBaWdWeWBbaWWfBaWdBcWbBaaWaBaBgBgBiWaBcaaWbWWbWaBbBaBfahBaBaBjBBhBaBdWbBbBBbWfB";
  const json m = diagnosis_of(pearl, 10)["diagnosis"];
  ASSERT_FALSE(m["extra_givens"].empty()) << m.dump();
  for (const auto& g : m["extra_givens"]) EXPECT_NE(g.get<std::string>().find(" pearl at r"), std::string::npos) << g;
  EXPECT_EQ(m["extra_givens_status"], "unique");
  // Nurikabe can add nothing that keeps its solution: said, not faked; an
  // island whose size is not given can be given it.
  const std::string nf = ::testing::TempDir() + "/nurikabe-several.json";
  std::ofstream(nf) << R"({"kind": "nurikabe", "grid": [[4, ".", "."], [".", ".", "."], [".", ".", 1]]})";
  const CliResult nr = run_cli({"diagnose", nf});
  ASSERT_EQ(nr.exit_code, 10) << nr.out << nr.err;
  EXPECT_NE(nr.out.find("no clue of the genre can be added that singles out this solution"), std::string::npos) << nr.out;
  EXPECT_NE(nr.out.find("every island of a nurikabe holds one number already"), std::string::npos) << nr.out;
  EXPECT_EQ(nr.out.find(" shaded\n"), std::string::npos) << nr.out;
  std::ofstream(nf) << R"({"kind": "nurikabe", "grid": [["?", ".", "."], [".", ".", "."], [".", ".", 1]]})";
  const json q = diagnosis_of(nf, 10)["diagnosis"];
  EXPECT_EQ(q["extra_givens"], json::array({"island size 5 at r1c1"})) << q.dump();
}

// pzprjs's checklists hold items our first rules lacked: an answer shades at
// least one cell (checkShadeCellExist: hitori, kurodoko, heyawake) and draws
// at least one line (checkLineExist: hashikake, as slither and mashu).
TEST(DiagnosePencil, AnAnswerShadesACellAndDrawsALineAsPzprjsChecks) {
  // Kurodoko: the two 3s are met only by a board with nothing shaded.
  EXPECT_EQ(run_cli({"check", "-q", "https://puzz.link/p?kurodoko/2/2/3..3"}).exit_code, 20);
  // Hitori without a repeat: the four boards with one corner shaded, never
  // the one with none.
  const CliResult h = run_cli({"count", "--json", "https://puzz.link/p?hitori/2/2/1221"});
  EXPECT_EQ(json::parse(h.out)["count"], 4) << h.out;
  // Hashi without an island: no bridge can be drawn.
  EXPECT_EQ(run_cli({"check", "-q", "https://puzz.link/p?hashikake/3/3/i"}).exit_code, 20);
}

}  // namespace
}  // namespace psmt::testing
