// Logic grids: the seed's five puzzles, the Prolog program's broken zebra,
// both encodings against each other and against a brute-force count, the
// drop-one-clue table of the zebra, bad input, the checker, questions, SVG.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <numeric>
#include <set>

#include "encoders/logic_grid.h"
#include "helpers.h"
#include "io/error.h"

namespace psmt::testing {
namespace {

using logic_grid::Grid;

const std::vector<std::string> kSeedPuzzles = {"zebra", "researchers", "painting", "students", "car_rental"};

std::set<std::string> lg_solution_set(const LoadedPuzzle& lp, const std::string& encoding) {
  return testing::solution_set(lp, encoding, [](const nlohmann::json& s) { return s.dump(); });
}

// Every assignment of the non-key categories (n!^(k-1)), kept when every clue
// holds: the count a correct encoding must reproduce.
uint64_t brute_force_count(const Grid& g) {
  std::vector<int> perm(g.n);
  std::iota(perm.begin(), perm.end(), 0);
  std::vector<std::vector<int>> perms;
  do perms.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  logic_grid::Assignment a(g.cats.size(), std::vector<int>(g.n));
  a[0] = perms[0];
  uint64_t count = 0;
  std::function<void(std::size_t)> go = [&](std::size_t c) {
    if (c == g.cats.size()) {
      bool ok = std::all_of(g.clues.begin(), g.clues.end(), [&](const logic_grid::LClue& cl) { return logic_grid::holds(g, cl.cond, a); });
      count += ok ? 1 : 0;
      return;
    }
    for (const auto& p : perms) {
      a[c] = p;
      go(c + 1);
    }
  };
  go(1);
  return count;
}

TEST(LogicGrid, SeedPuzzlesAreUniqueWithTheReportedSolutionsInBothEncodings) {
  for (const auto& name : kSeedPuzzles) {
    auto lp = puzzle_from_file("puzzles/logic_grid/" + name + ".json");
    ASSERT_TRUE(lp.expect.solution) << name;
    for (const auto& enc : encodings_of("logic_grid")) {
      Result r = run_puzzle(lp, enc);
      ASSERT_EQ(r.status, Status::Unique) << name << " " << enc;
      EXPECT_EQ(r.solutions.at(0), *lp.expect.solution) << name << " " << enc;
      EXPECT_TRUE(lp.encoder->check(*lp.puzzle, r.solutions[0]).empty());
    }
  }
}

TEST(LogicGrid, ZebraAnswersItsQuestions) {
  CliResult c = run_cli({"solve", "--json", kSourceDir + "/puzzles/logic_grid/zebra.json"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  auto j = nlohmann::json::parse(c.out);
  ASSERT_EQ(j["answers"].size(), 2u);
  EXPECT_EQ(j["answers"][0]["question"], "Who drinks water?");
  EXPECT_EQ(j["answers"][0]["answer"], "Norwegian");
  EXPECT_EQ(j["answers"][1]["answer"], "Japanese");
  // The exercism canonical data (tests/data/zebra).
  std::string canon = read_file(kDataDir + "/zebra/canonical-data.json");
  auto cj = nlohmann::json::parse(canon);
  std::set<std::string> expected;
  for (const auto& c2 : cj["cases"]) expected.insert(c2["expected"].get<std::string>());
  EXPECT_TRUE(expected.count("Norwegian") && expected.count("Japanese"));
  CliResult t = run_cli({"solve", kSourceDir + "/puzzles/logic_grid/zebra.json"});
  EXPECT_NE(t.out.find("Who owns the zebra? Japanese"), std::string::npos) << t.out;
}

TEST(LogicGrid, PrologProgramWithoutRule11HasTwoSolutionsDifferingInFoxAndZebra) {
  auto lp = puzzle_from_file("puzzles/logic_grid/zebra_prolog_without_rule11.json");
  for (const auto& enc : encodings_of("logic_grid")) {
    Result r = run_puzzle(lp, enc, 0);
    ASSERT_EQ(r.status, Status::Multiple) << enc;
    EXPECT_EQ(r.solutions_found, 2u) << enc;
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.differing_cells, (std::vector<std::string>{"house1.pet", "house5.pet"})) << enc;
    std::set<std::string> pets;
    for (const auto& s : r.solutions) pets.insert(s["pet"][0].get<std::string>() + "/" + s["pet"][4].get<std::string>());
    EXPECT_EQ(pets, (std::set<std::string>{"fox/zebra", "zebra/fox"}));
  }
  CliResult c = run_cli({"check", kSourceDir + "/puzzles/logic_grid/zebra_prolog_without_rule11.json"});
  EXPECT_EQ(c.exit_code, 10);
  EXPECT_NE(c.out.find("the two solutions differ in 2 cells: house1.pet house5.pet"), std::string::npos) << c.out;
}

TEST(LogicGrid, DroppingAnySingleZebraClueMakesItAmbiguous) {
  // The table in the closing note: every one of the 14 clues is needed.
  const std::map<std::string, uint64_t> expected = {
      {"clues/0", 25}, {"clues/1", 10}, {"clues/2", 8},  {"clues/3", 14}, {"clues/4", 31},
      {"clues/5", 16}, {"clues/6", 22}, {"clues/7", 6},  {"clues/8", 42}, {"clues/9", 2},
      {"clues/10", 10}, {"clues/11", 20}, {"clues/12", 9}, {"clues/13", 32}};
  auto lp = puzzle_from_file("puzzles/logic_grid/zebra.json");
  const auto& g = static_cast<const Grid&>(*lp.puzzle);
  ASSERT_EQ(g.clues.size(), 14u);
  for (const auto& cl : g.clues) {
    auto edited = lp.encoder->edit(*lp.puzzle, {ClueEdit{cl.id, -1}});
    LoadedPuzzle dropped = lp;
    dropped.puzzle = edited;
    std::set<std::string> sets[2];
    int k = 0;
    for (const auto& enc : encodings_of("logic_grid")) sets[k++] = lg_solution_set(dropped, enc);
    EXPECT_EQ(sets[0], sets[1]) << "encodings disagree without " << cl.id;
    EXPECT_EQ(sets[0].size(), expected.at(cl.id)) << "without " << cl.id << ": " << cl.text;
  }
}

TEST(LogicGrid, EncodingsAgreeWithBruteForceOnLooserPuzzles) {
  // The 4-entity seed puzzles with every pair of clues dropped: counts from 1
  // to hundreds, each checked against plain enumeration of all assignments.
  for (const std::string name : {"researchers", "painting", "students"}) {
    auto lp = puzzle_from_file("puzzles/logic_grid/" + name + ".json");
    const auto& g = static_cast<const Grid&>(*lp.puzzle);
    for (std::size_t i = 0; i < g.clues.size(); ++i)
      for (std::size_t j = i + 1; j < g.clues.size(); ++j) {
        LoadedPuzzle loose = lp;
        loose.puzzle = lp.encoder->edit(*lp.puzzle, {ClueEdit{g.clues[i].id, -1}, ClueEdit{g.clues[j].id, -1}});
        uint64_t want = brute_force_count(static_cast<const Grid&>(*loose.puzzle));
        auto a = lg_solution_set(loose, "bool");
        auto b = lg_solution_set(loose, "int");
        EXPECT_EQ(a, b) << name << " without " << g.clues[i].id << ", " << g.clues[j].id;
        EXPECT_EQ(a.size(), want) << name << " without " << g.clues[i].id << ", " << g.clues[j].id;
      }
  }
}

TEST(LogicGrid, ResearchersHintEightAsPrintedGivesAnotherSolution) {
  auto lp = puzzle_from_file("puzzles/logic_grid/researchers_hint8_as_printed.json");
  Result r = run_puzzle(lp, "");
  ASSERT_EQ(r.status, Status::Unique);
  EXPECT_EQ(r.solutions[0]["interest"][3], "earthquakes") << "Theodore";
  auto post = puzzle_from_file("puzzles/logic_grid/researchers.json");
  auto violations = lp.encoder->check(*lp.puzzle, *post.expect.solution);
  ASSERT_EQ(violations.size(), 1u) << "the post's solution breaks only hint 8 as printed";
  EXPECT_EQ(violations[0].id, "clues/7");
}

TEST(LogicGrid, CheckerRejectsAOneCellMutation) {
  auto lp = puzzle_from_file("puzzles/logic_grid/zebra.json");
  nlohmann::json sol = *lp.expect.solution;
  ASSERT_TRUE(lp.encoder->check(*lp.puzzle, sol).empty());
  auto swapped = sol;
  std::swap(swapped["pet"][0], swapped["pet"][4]);  // fox and zebra: breaks Chesterfields next to the fox
  auto v = lp.encoder->check(*lp.puzzle, swapped);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].id, "clues/9");
  auto dup = sol;
  dup["drink"][0] = "tea";  // tea twice, water nowhere
  v = lp.encoder->check(*lp.puzzle, dup);
  ASSERT_FALSE(v.empty());
  EXPECT_NE(v[0].message.find("tea is held by entities"), std::string::npos) << v[0].message;
  auto unknown = sol;
  unknown["pet"][2] = "unicorn";
  v = lp.encoder->check(*lp.puzzle, unknown);
  ASSERT_FALSE(v.empty());
  EXPECT_NE(v[0].message.find("\"unicorn\" is not an item of category pet"), std::string::npos) << v[0].message;
}

TEST(LogicGrid, RoundTripThroughExpectAndRender) {
  auto lp = puzzle_from_file("puzzles/logic_grid/car_rental.json");
  Result r = run_puzzle(lp, "int");
  ASSERT_EQ(r.status, Status::Unique);
  // The decoded solution is already canonical: normalising it changes nothing.
  JsonNode node(r.solutions[0], "/expect/solution");
  EXPECT_EQ(lp.encoder->normalize_solution(*lp.puzzle, node), r.solutions[0]);
  std::string text = lp.encoder->render(*lp.puzzle, &r.solutions[0], RenderOptions{});
  EXPECT_NE(text.find("Freda     Los Altos   Nissan   4"), std::string::npos) << text;
  RenderOptions so;
  so.format = RenderFormat::Svg;
  std::string svg = lp.encoder->render(*lp.puzzle, &r.solutions[0], so);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  std::size_t texts = 0, pos = 0;
  while ((pos = svg.find("<text", pos)) != std::string::npos) {
    texts++;
    pos++;
  }
  EXPECT_EQ(texts, 4u + 5u * 4u) << "a header and 5 rows of 4 cells";
  EXPECT_NE(svg.find(">Iowa Falls<"), std::string::npos);
}

TEST(LogicGrid, ItemsCanBeNamedByValueOrQualified) {
  auto lp = puzzle_from_text(R"({"kind": "logic_grid",
      "categories": [{"name": "person", "items": ["A", "B", "C"]}, {"name": "age", "items": [1, 2, 3]},
                     {"name": "rank", "items": [1, 2, 3]}],
      "clues": [{"same": ["A", "age:3"]}, {"same": ["B", "rank:3"]}, {"left": "C", "op": "<", "right": "B", "in": "age"},
                {"same": ["A", "rank:1"]}]})");
  Result r = run_puzzle(lp, "", 0);
  ASSERT_EQ(r.status, Status::Unique);
  EXPECT_EQ(r.solutions[0]["age"], nlohmann::json({3, 2, 1}));
  EXPECT_EQ(r.solutions[0]["rank"], nlohmann::json({1, 3, 2}));
}

TEST(LogicGrid, CompactClueSyntaxGivesTheSameZebra) {
  std::string cats = read_file(kSourceDir + "/puzzles/logic_grid/zebra.json");
  auto full = nlohmann::json::parse(cats);
  nlohmann::json compact = {{"kind", "logic_grid"}, {"categories", full["categories"]}};
  compact["clues"] = {"Englishman == red", "Spaniard == dog", "coffee == green", "Ukrainian == tea",
                      "green == ivory + 1", "Old Gold == snails", "Kools == yellow", "milk == 3", "Norwegian == 1",
                      "|Chesterfields - fox| == 1", "|Kools - horse| == 1", "Lucky Strike == orange juice",
                      "Japanese == Parliaments", {{"text", "The Norwegian lives next to the blue house."}, {"expr", "|Norwegian - blue| == 1"}}};
  auto lp = puzzle_from_text(compact.dump());
  const auto& g = static_cast<const Grid&>(*lp.puzzle);
  EXPECT_EQ(g.clues[4].cond.op, logic_grid::Op::Compare);
  EXPECT_EQ(g.clues[4].cond.offset, 1);
  EXPECT_EQ(g.clues[9].cond.op, logic_grid::Op::NextTo);
  EXPECT_EQ(g.clues[0].cond.op, logic_grid::Op::Same);
  EXPECT_EQ(g.clues[0].text, "Englishman == red");
  EXPECT_EQ(g.clues[13].text, "The Norwegian lives next to the blue house.");
  auto reference = puzzle_from_file("puzzles/logic_grid/zebra.json");
  for (const auto& enc : encodings_of("logic_grid")) {
    Result r = run_puzzle(lp, enc);
    ASSERT_EQ(r.status, Status::Unique) << enc;
    EXPECT_EQ(r.solutions[0], *reference.expect.solution) << enc;
  }
  // Boolean structure, quoting, numbers on the left, and offsets on both sides.
  const std::string small = R"({"kind": "logic_grid", "categories": [{"name": "house", "items": [1, 2, 3]},
      {"name": "drink", "items": ["milk", "tea", "water"]}, {"name": "smoke", "items": ["Old Gold", "Kools", "x"]}], "clues": )";
  auto count = [&](const std::string& clue) {
    auto p = puzzle_from_text(small + "[" + clue + "]}");
    Result r = run_puzzle(p, "", 0);
    return r.solutions_found;
  };
  EXPECT_EQ(count(R"x("(not milk == 3) and not (tea == 2 or tea == 3)")x"), 6u);
  EXPECT_EQ(count(R"x("\"Old Gold\" - 1 == milk")x"), 2u * 2u * 2u);
  EXPECT_EQ(count(R"x("3 == milk or water == 3")x"), 4u * 6u);
  EXPECT_EQ(count(R"x("milk + 1 < tea + 1")x"), 3u * 6u);
}

TEST(LogicGrid, ContradictoryCluesNameTheConflict) {
  auto lp = puzzle_from_text(R"({"kind": "logic_grid",
      "categories": [{"name": "person", "items": ["A", "B"]}, {"name": "pet", "items": ["cat", "dog"]}],
      "clues": [{"text": "A has the cat", "same": ["A", "cat"]}, {"text": "B has a dog", "same": ["B", "dog"]},
                {"text": "B has the cat", "same": ["B", "cat"]}]})");
  for (const auto& enc : encodings_of("logic_grid")) {
    Result r = run_puzzle(lp, enc);
    ASSERT_EQ(r.status, Status::None) << enc;
    ASSERT_TRUE(r.conflict);
    std::set<std::string> ids;
    for (const auto& c : r.conflict->clues) ids.insert(c.id);
    EXPECT_TRUE(ids.count("clues/2")) << enc;
    EXPECT_EQ(ids.size(), 2u) << enc;
    EXPECT_TRUE(r.conflict->minimal);
  }
}

TEST(LogicGrid, BadInputIsLocated) {
  const std::string cats = R"("categories": [{"name": "person", "items": ["Ann", "Bob"]}, {"name": "colour", "items": ["red", "blue"]}, {"name": "age", "items": [30, 40]}])";
  auto with = [&](const std::string& clues) { return R"({"kind": "logic_grid", )" + cats + R"(, "clues": )" + clues + "}"; };
  std::vector<std::string> texts = {
      with(R"([{"same": ["Ann", "red"]}, {"same": ["Bob", "gren"]}])"),
      with(R"([{"left": "Ann", "op": "<", "right": "Bob", "in": "colour"}])"),
      with(R"([{"next_to": ["Ann", "Bob"], "in": "height"}])"),
      with(R"([{"same": ["Ann"]}])"),
      with(R"([{"same": ["Ann", "red"], "different": ["Bob", "red"]}])"),
      with(R"([{"text": "no operator"}])"),
      with(R"([{"left": "Ann", "op": "=<", "right": "Bob"}])"),
      with(R"([{"at": "Ann", "position": 35}])"),
      with(R"([{"not": {"or": [{"same": ["Ann", "red"]}]}}])"),
      with(R"([{"same": ["Ann", "red"], "colour": "x"}])"),
      with(R"([{"same": ["Ann", true]}])"),
      R"({"kind": "logic_grid", "categories": [{"name": "person", "items": ["Ann", "Bob"]}, {"name": "colour", "items": ["red", "Ann"]}], "clues": []})",
      R"({"kind": "logic_grid", "categories": [{"name": "person", "items": ["Ann", "Bob"]}, {"name": "colour", "items": ["red", "blue", "green"]}], "clues": []})",
      R"({"kind": "logic_grid", "categories": [{"name": "person", "items": ["Ann", "Bob"]}, {"name": "age", "items": [30, "forty"]}], "clues": []})",
      R"({"kind": "logic_grid", "categories": [{"name": "person", "items": ["Ann", "Bob"]}, {"name": "Person", "items": [1, 2]}], "clues": []})",
      R"({"kind": "logic_grid", "categories": [{"name": "person", "items": ["Ann", "Bob"]}, {"name": "a", "items": [1, 2]}, {"name": "b", "items": [1, 2]}], "clues": [{"same": ["Ann", 1]}]})",
      R"({"kind": "logic_grid", "categories": [{"name": "person", "items": ["Ann", "Bob"]}, {"name": "a", "items": [1, 2]}, {"name": "b", "items": [1, 2]}], "clues": [{"next_to": ["Ann", "Bob"]}]})",
      R"({"kind": "logic_grid", "categories": [{"name": "person", "items": ["Ann", "Bob"]}], "clues": []})",
      R"({"kind": "logic_grid", )" + cats + R"(, "clues": [], "questions": [{"which": "shoe", "has": "Ann"}]})",
      with(R"(["Ann == red", "Bob = blue"])"),
      with(R"(["Ann == red and (Bob == blue"])"),
      with(R"(["Ann == rde"])"),
      with(R"(["|Ann - Bob| < 2"])"),
  };
  expect_located_errors({
      {texts[0].c_str(), "/clues/1/same/1", "unknown item \"gren\""},
      {texts[1].c_str(), "/clues/0/in", "category \"colour\" is neither numeric nor ordered"},
      {texts[2].c_str(), "/clues/0/in", "unknown category \"height\""},
      {texts[3].c_str(), "/clues/0/same", "expected at least 2 items"},
      {texts[4].c_str(), "/clues/0", "a clue has one operator, found same and different"},
      {texts[5].c_str(), "/clues/0", "a clue needs one of"},
      {texts[6].c_str(), "/clues/0/op", "unknown comparison \"=<\""},
      {texts[7].c_str(), "/clues/0/position", "35 is not a value of category age (30..40)"},
      {texts[8].c_str(), "/clues/0/not/or", "\"or\" needs at least 2 clues"},
      {texts[9].c_str(), "/clues/0/colour", ""},
      {texts[10].c_str(), "/clues/0/same/1", "an item name"},
      {texts[11].c_str(), "/categories/1/items/1", "item \"Ann\" is also in category person"},
      {texts[12].c_str(), "/categories/1/items", "category colour has 3 items, but person has 2"},
      {texts[13].c_str(), "/categories/1/items", "mixes numbers and names"},
      {texts[14].c_str(), "/categories/1/name", "category \"Person\" is defined twice"},
      {texts[15].c_str(), "/clues/0/same/1", "\"1\" is an item of both a and b: write \"a:1\""},
      {texts[16].c_str(), "/clues/0", "say which category to compare in with \"in\""},
      {texts[17].c_str(), "/categories", "expected 2 to 16 categories, found 1"},
      {texts[18].c_str(), "/questions/0/which", "unknown category \"shoe\""},
      {texts[19].c_str(), "/clues/1", "at character 5 of \"Bob = blue\": expected a comparison"},
      {texts[20].c_str(), "/clues/0", "expected ')'"},
      {texts[21].c_str(), "/clues/0", "at character 8 of \"Ann == rde\": unknown item \"rde\""},
      {texts[22].c_str(), "/clues/0", "write a distance as |a - b| == k"},
  });
}

TEST(LogicGrid, BadInputThroughTheCliNamesFileAndPath) {
  std::string file = ::testing::TempDir() + "/bad_logic_grid.json";
  {
    std::ofstream out(file);
    out << R"({"kind": "logic_grid", "categories": [{"name": "p", "items": ["Ann", "Bob"]}, {"name": "c", "items": ["red", "blue"]}],
               "clues": [{"same": ["Ann", "purple"]}]})";
  }
  CliResult c = run_cli({"check", file});
  EXPECT_EQ(c.exit_code, 2);
  EXPECT_EQ(c.out, "");
  EXPECT_NE(c.err.find(file + ": /clues/0/same/1: unknown item \"purple\""), std::string::npos) << c.err;
}

}  // namespace
}  // namespace psmt::testing
