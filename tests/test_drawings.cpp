// Drawings read through the rules text (importers/drawings.h): which
// drawings a sentence pins down, and which it does not.
#include <gtest/gtest.h>

#include "importers/drawings.h"

namespace psmt::testing {
namespace {

using importers::Drawing;
using importers::Point;
using nlohmann::json;

Drawing line(const std::string& colour, std::vector<Point> pts, double thickness = 10) {
  Drawing d;
  d.type = Drawing::Type::Line;
  d.name = "line";
  d.colour = colour;
  d.thickness = thickness;
  d.points = std::move(pts);
  return d;
}

Drawing shape(const std::string& fill, Point at, double size, bool rounded, const std::string& text = "") {
  Drawing d;
  d.type = Drawing::Type::Shape;
  d.name = "shape";
  d.colour = fill;
  d.centre = at;
  d.width = d.height = size;
  d.rounded = rounded;
  d.text = text;
  return d;
}

Drawing arrow(std::vector<Point> pts) {
  Drawing d;
  d.type = Drawing::Type::Arrow;
  d.name = "arrow";
  d.colour = "#aaaf";
  d.points = std::move(pts);
  return d;
}

TEST(Drawings, ColourNamesAreWhatSettersCallThem) {
  EXPECT_EQ(importers::colour_name("#cccf"), "grey");
  EXPECT_EQ(importers::colour_name("#0003"), "grey");  // black at 20%: light grey
  EXPECT_EQ(importers::colour_name("#67f067ff"), "green");
  EXPECT_EQ(importers::colour_name("#f067f0ff"), "pink");
  EXPECT_EQ(importers::colour_name("#d4da31e6"), "yellow");
  EXPECT_EQ(importers::colour_name("#ffffff"), "white");
  EXPECT_EQ(importers::colour_name("not a colour"), "");
}

TEST(Drawings, EachColourOfLineIsTheFamilyItsSentenceNames) {
  std::vector<Drawing> ds = {line("#67f067ff", {{0.5, 0.5}, {0.5, 2.5}}), line("#f067f0ff", {{2.5, 0.5}, {3.5, 1.5}}),
                             line("#f067f0ff", {{5.5, 5.5}, {5.5, 7.5}})};
  json p = json::object();
  auto read = importers::map_drawings(
      ds, "Adjacent digits on a green line differ by at least 5. Digits on a purple line are a set of consecutive digits in any order.",
      9, p);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(p["whispers"], json::parse(R"([{"cells": [[0, 0], [0, 1], [0, 2]], "difference": 5}])"));
  EXPECT_EQ(p["renban"], json::parse(R"([{"cells": [[2, 0], [3, 1]]}, {"cells": [[5, 5], [5, 6], [5, 7]]}])"));
  for (const auto& d : ds) EXPECT_TRUE(d.used);
}

TEST(Drawings, WhatTheTextDoesNotPinDownStaysUnread) {
  // A sentence without a colour and two colours of line: which is it?
  std::vector<Drawing> two = {line("#67f067ff", {{0.5, 0.5}, {0.5, 2.5}}), line("#f067f0ff", {{2.5, 0.5}, {3.5, 1.5}})};
  json p = json::object();
  EXPECT_TRUE(importers::map_drawings(two, "Digits on a line form a set of consecutive digits in any order.", 9, p).empty());
  EXPECT_TRUE(p.empty());
  // One colour of line and the same sentence: those lines.
  std::vector<Drawing> one = {two[0]};
  EXPECT_EQ(importers::map_drawings(one, "Digits on a line form a set of consecutive digits in any order.", 9, p).size(), 1u);
  EXPECT_TRUE(p.contains("renban"));
  // Two families for one colour: not pinned down.
  std::vector<Drawing> both = {line("#67f067ff", {{0.5, 0.5}, {0.5, 2.5}})};
  json q = json::object();
  importers::map_drawings(both, "Green lines are renban lines. Green lines are palindromes.", 9, q);
  EXPECT_FALSE(both[0].used);
  // A whispers sentence that gives no difference on a 6x6: not read.
  std::vector<Drawing> w = {line("#67f067ff", {{0.5, 0.5}, {0.5, 2.5}})};
  importers::map_drawings(w, "Green lines are German whispers lines.", 6, q);
  EXPECT_FALSE(w[0].used);
  // Words that change the meaning ("parity") leave the line unread.
  std::vector<Drawing> par = {line("#67f067ff", {{0.5, 0.5}, {0.5, 2.5}})};
  importers::map_drawings(par, "Digits on a green line alternate in parity and form a palindrome.", 9, q);
  EXPECT_FALSE(par[0].used);
  EXPECT_TRUE(q.empty());
}

TEST(Drawings, ThermometersArrowsLittleKillersAndParityShapes) {
  std::vector<Drawing> ds = {
      line("#cccf", {{2.5, 0.5}, {0.5, 0.5}}, 19), shape("#cccf", {2.5, 0.5}, 0.8, true),  // a bulb at r3c1
      arrow({{4.218, 4.218}, {6.5, 6.5}}), shape("#ffffff", {4.5, 4.5}, 0.82, true),        // an arrow from r5c5
      arrow({{-0.266, 3.266}, {-0.068, 3.068}}), shape("#000000", {-0.5, 3.5}, 1, true, "12"),
      shape("#d4da31e6", {8.5, 8.5}, 0.7, false)};  // a yellow square
  json p = json::object();
  auto read = importers::map_drawings(ds,
                                      "Digits on a thermometer increase from the bulb. Digits along an arrow sum to the digit "
                                      "in its circle. Clues outside the grid give the sum along the indicated diagonal. "
                                      "Yellow squares hold even digits.",
                                      9, p);
  EXPECT_EQ(read.size(), 4u);
  EXPECT_EQ(p["thermo"], json::parse(R"([{"cells": [[2, 0], [1, 0], [0, 0]]}])"));
  EXPECT_EQ(p["arrow"], json::parse(R"([{"circle": [[4, 4]], "line": [[5, 5], [6, 6]]}])"));
  EXPECT_EQ(p["little_killer"], json::parse(R"([{"clue": [-1, 3], "direction": "DL", "sum": 12}])"));
  EXPECT_EQ(p["even"], json::parse(R"([[8, 8]])"));
  for (const auto& d : ds) EXPECT_TRUE(d.used) << d.name;
  // "Increase or stay the same": slow thermometers.
  std::vector<Drawing> slow = {line("#cccf", {{2.5, 0.5}, {0.5, 0.5}}, 19), shape("#cccf", {2.5, 0.5}, 0.8, true)};
  json q = json::object();
  importers::map_drawings(slow, "Digits along a thermometer increase or stay the same from the bulb.", 9, q);
  EXPECT_TRUE(q.contains("slow_thermo"));
  EXPECT_FALSE(q.contains("thermo"));
}

TEST(Drawings, GlobalRulesAndNegativeConstraintsStatedOnlyInWords) {
  json p = {{"kropki", {{"white", json::array()}}}};
  auto read = importers::map_rules_text(
      "Cells a knight's move apart cannot contain the same digit. Digits joined by a white dot are consecutive. All possible "
      "dots are given.",
      p);
  EXPECT_EQ(read.size(), 2u);
  EXPECT_EQ(p["anti_knight"], true);
  EXPECT_EQ(p["kropki"]["negative"], json::array({"white"}));
  EXPECT_FALSE(p.contains("anti_king"));
  // A knight's move that sums is another rule; "not all" is no negative constraint.
  json q = {{"kropki", {{"white", json::array()}}}};
  EXPECT_TRUE(importers::map_rules_text("Digits a knight's move apart cannot sum to 10. Not all dots are given.", q).empty());
  EXPECT_FALSE(q.contains("anti_knight"));
  EXPECT_FALSE(q["kropki"].contains("negative"));
  // Only V named: "all such pairs are given" would forbid X pairs too; not read.
  json x = {{"xv", {{"v", json::array()}}}};
  EXPECT_TRUE(importers::map_rules_text("Digits joined by a V sum to 5. All such pairs are given.", x).empty());
  json xv = {{"xv", {{"v", json::array()}}}};
  EXPECT_EQ(importers::map_rules_text("Digits joined by an X sum to 10, by a V to 5. All such pairs are given.", xv).size(), 1u);
  EXPECT_EQ(xv["xv"]["negative"], true);
}

// Rules stated in words that a wider reading calls a change of meaning
// ("how many circles", "a coloured line"): read when the sentence states the
// whole rule, not otherwise.
TEST(Drawings, CountingCirclesDifferenceLinesAndParityTriplesAreReadFromTheirWholeSentence) {
  std::vector<Drawing> circles = {shape("#ffffff", {0.5, 0.5}, 0.8, true), shape("#ffffff", {2.5, 3.5}, 0.8, true),
                                  shape("#ffffff", {1.5, 1.5}, 0.8, false)};  // a square: not a circle
  json p = json::object();
  auto read = importers::map_drawings(circles, "Any digit in a circle indicates exactly how many circles contain that digit.", 4, p);
  ASSERT_EQ(read.size(), 1u) << p.dump();
  EXPECT_EQ(p["counting_circles"], json::parse("[[0, 0], [2, 3]]"));
  EXPECT_FALSE(circles[2].used);
  // Circles whose digits count something else: not these.
  std::vector<Drawing> other = {shape("#ffffff", {0.5, 0.5}, 0.8, true)};
  json q = json::object();
  EXPECT_TRUE(importers::map_drawings(other, "A digit in a circle indicates how many circles on its diagonal are odd.", 4, q).empty());
  EXPECT_TRUE(q.empty());

  // One sentence for "a coloured line" and two colours: both, since no other line family is named.
  std::vector<Drawing> lines = {line("#b7f68cff", {{2.5, 0.5}, {2.5, 1.5}, {3.5, 2.5}}), line("#dfb1f4ff", {{1.5, 1.5}, {1.5, 2.5}})};
  const std::string says =
      "The difference between two adjacent digits on a coloured line indicates exactly how many pairs of adjacent digits "
      "along that line have that exact difference.";
  json r = json::object();
  EXPECT_EQ(importers::map_drawings(lines, says, 4, r).size(), 2u);
  EXPECT_EQ(r["difference_count"].size(), 2u);
  // With a second line family named, which lines are which is not pinned down.
  std::vector<Drawing> again = {lines[0], lines[1]};
  for (auto& d : again) d.used = false;
  json t = json::object();
  EXPECT_TRUE(importers::map_drawings(again, says + " Digits on a line form a set of consecutive digits in any order.", 4, t).empty());

  json u = json::object();
  EXPECT_EQ(importers::map_rules_text("In every row and column, strings of 3 digits are never all even nor all odd.", u).size(), 1u);
  EXPECT_EQ(u["mixed_parity_triples"], true);
  json v = json::object();
  EXPECT_TRUE(importers::map_rules_text("In every cage, strings of 3 digits are never all even nor all odd.", v).empty());
  EXPECT_TRUE(importers::exact_rule("in every row and column, runs of three digits sum to at most 12.").empty());
}

}  // namespace
}  // namespace psmt::testing
