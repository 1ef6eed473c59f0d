// Pictures of every bundled puzzle: `check --svg` must write an SVG that an
// XML parser (tinyxml2) accepts, with the number of cells and numbers the
// puzzle file implies (counted here from the file, not from the renderer),
// givens apart from found values, and the ambiguous places or conflicting
// clues highlighted when the verdict is `multiple` or `none`.
#include <gtest/gtest.h>
#include <tinyxml2.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "helpers.h"

namespace fs = std::filesystem;
using nlohmann::json;
using psmt::testing::kSourceDir;
using psmt::testing::run_cli;

namespace {

// Elements per class token ("cell highlighted" counts for both).
std::map<std::string, int> classes(const tinyxml2::XMLElement* e, std::map<std::string, int> acc = {}) {
  for (; e; e = e->NextSiblingElement()) {
    if (const char* c = e->Attribute("class")) {
      std::istringstream in(c);
      std::string tok;
      while (in >> tok) acc[tok]++;
    }
    acc = classes(e->FirstChildElement(), acc);
  }
  return acc;
}

// Circles whose outline is wider than the circle itself (a stroke width
// given in cells read as a whole cell: a black disc hiding its cell).
int swollen_circles(const tinyxml2::XMLElement* e) {
  int n = 0;
  for (; e; e = e->NextSiblingElement()) {
    if (std::string(e->Name()) == "circle" && e->Attribute("r") && e->Attribute("stroke-width") &&
        e->DoubleAttribute("stroke-width") >= e->DoubleAttribute("r") / 2)
      ++n;
    n += swollen_circles(e->FirstChildElement());
  }
  return n;
}

// Whether some element's class has every one of `tokens`.
bool has_classes(const tinyxml2::XMLElement* e, const std::vector<std::string>& tokens) {
  for (; e; e = e->NextSiblingElement()) {
    if (const char* c = e->Attribute("class")) {
      std::istringstream in(c);
      std::set<std::string> have;
      for (std::string tok; in >> tok;) have.insert(tok);
      if (std::all_of(tokens.begin(), tokens.end(), [&](const std::string& t) { return have.count(t) > 0; })) return true;
    }
    if (has_classes(e->FirstChildElement(), tokens)) return true;
  }
  return false;
}

std::vector<std::string> rows_of(const json& grid) {
  std::vector<std::string> rows;
  if (grid.is_string()) {
    std::istringstream in(grid.get<std::string>());
    std::string line;
    while (std::getline(in, line))
      if (!line.empty()) rows.push_back(line);
  } else {
    for (const auto& r : grid) rows.push_back(r.get<std::string>());
  }
  return rows;
}

std::vector<std::string> tokens(const std::string& row) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(row);
  while (std::getline(in, cur, ',')) {
    cur.erase(0, cur.find_first_not_of(' '));
    cur.erase(cur.find_last_not_of(' ') + 1);
    out.push_back(cur);
  }
  return out;
}

bool is_number(const std::string& t) {
  return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

struct Expect {
  int cells = 0;       // drawn board cells
  int givens = -1;     // numbers printed as givens (-1: not checked)
  int numbers = -1;    // givens + found values when solved (-1: not checked)
  int signs = -1;
  int labels = -1;     // tiling labels, table row labels
  int values = -1;     // table values
  int filled = -1;     // filled squares (nonogram)
  int lines = -1;      // loop segments drawn (slitherlink)
};

Expect expected(const json& p, bool solved) {
  const std::string kind = p["kind"];
  Expect e;
  if (kind == "sudoku" || kind == "futoshiki" || kind == "skyscrapers" || kind == "kenken") {
    // The grid as one string, row strings, rows of numbers, or only a size.
    std::string all;
    int given_numbers = 0;
    if (!p.contains("grid")) {
      all = std::string(static_cast<std::size_t>(p["size"].get<int>() * p["size"].get<int>()), '.');
    } else if (p["grid"].is_string()) {
      all = p["grid"].get<std::string>();
    } else {
      for (const auto& r : p["grid"]) {
        if (r.is_string()) {
          all += r.get<std::string>();
          continue;
        }
        for (const auto& v : r) {
          all += '.';
          given_numbers += v.get<int>() != 0;
        }
      }
    }
    all.erase(std::remove_if(all.begin(), all.end(), [](char c) { return c == '\n' || c == ' '; }), all.end());
    e.cells = static_cast<int>(all.size());
    e.givens = given_numbers + static_cast<int>(std::count_if(all.begin(), all.end(), [](char c) {
                 return (c >= '1' && c <= '9') || (c >= 'A' && c <= 'Z');
               }));
    e.numbers = solved ? e.cells : e.givens;
    if (kind == "futoshiki") {
      e.signs = 0;
      for (const char* dir : {"horizontal", "vertical"})
        for (const auto& r : p["greater_than"][dir])
          for (char c : r.get<std::string>()) e.signs += c == '<' || c == '>';
    }
  } else if (kind == "jodici" || kind == "hidoku") {
    int on = 0, given = 0;
    for (const auto& row : rows_of(kind == "jodici" ? p["grid"] : p["board"]))
      for (const auto& t : tokens(row)) {
        e.cells++;
        on += t.find_first_not_of('_') == std::string::npos || is_number(t);
        given += is_number(t);
      }
    e.givens = given;
    e.numbers = solved ? on : given;
  } else if (kind == "equation_grid") {
    e.cells = p["rows"].get<int>() * p["cols"].get<int>();
    e.givens = static_cast<int>(p["givens"].size());
    e.numbers = solved ? e.cells : e.givens;
  } else if (kind == "disk_rotation") {
    const int disks = static_cast<int>(p["disks"].size()), width = static_cast<int>(p["disks"][0].size());
    e.cells = (disks + (solved ? 1 : 0)) * width;  // the disks, then the row they add up to
    e.givens = disks * width;
    e.numbers = solved ? e.cells : e.givens;
  } else if (kind == "polyomino") {
    const json& b = p["board"];
    if (b.is_object()) e.cells = b["rows"].get<int>() * b["cols"].get<int>();
    else
      for (const auto& r : b)
        for (char c : r.get<std::string>()) e.cells += c == '#' || c == 'B' || c == 'W';
    e.labels = solved ? e.cells : 0;
  } else if (kind == "logic_grid") {
    const int cats = static_cast<int>(p["categories"].size());
    const int entities = static_cast<int>(p["categories"][0]["items"].size());
    e.labels = entities;
    e.values = solved ? entities * (cats - 1) : 0;
  } else if (kind == "kakuro") {
    int whites = 0, given = 0;
    for (const auto& row : p["grid"])
      for (const auto& x : row) {
        e.cells++;
        whites += x == "." || x.is_number();
        given += x.is_number();
      }
    e.givens = given;
    e.numbers = solved ? whites : given;
  } else if (kind == "nonogram") {
    e.cells = static_cast<int>(p["rows"].size() * p["columns"].size());
    e.givens = e.numbers = 0;  // no numbers in the cells: the clues are outside
    if (solved) {
      e.filled = 0;
      for (const auto& r : p["rows"])
        for (const auto& v : r) e.filled += v.get<int>();
    }
  } else if (kind == "slitherlink") {
    e.givens = 0;
    for (const auto& r : p["clues"])
      for (char c : r.get<std::string>()) {
        e.cells++;
        e.givens += c != '.';
      }
    e.numbers = e.givens;  // the clues; the loop is drawn as lines
    if (solved && p.contains("expect") && p["expect"].contains("solution")) {
      e.lines = 0;
      for (const auto& r : p["expect"]["solution"])
        for (char c : r.get<std::string>()) e.lines += c == '-' || c == '|';
    }
  } else if (kind == "masyu" || kind == "simpleloop" || kind == "country") {
    // Pearls and blocked cells are shapes, room numbers givens; the loop lines.
    e.givens = 0;
    if (kind == "country") {
      for (const auto& r : p["grid"])
        for (const auto& v : r) {
          e.cells++;
          e.givens += v != ".";
        }
    } else {
      for (const auto& r : p[kind == "masyu" ? "pearls" : "grid"]) e.cells += static_cast<int>(r.get<std::string>().size());
    }
    e.numbers = e.givens;
    if (solved && p.contains("expect") && p["expect"].contains("solution")) {
      e.lines = 0;
      for (const auto& r : p["expect"]["solution"])
        for (char c : r.get<std::string>()) e.lines += c == '-' || c == '|';
    }
  } else if (kind == "numlin") {
    // The numbers are givens (on white circles); the lines are the loop's.
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v != ".";
      }
    e.numbers = e.givens;
    if (solved && p.contains("expect") && p["expect"].contains("solution")) {
      e.lines = 0;
      for (const auto& r : p["expect"]["solution"])
        for (char c : r.get<std::string>()) e.lines += c == '-' || c == '|';
    }
  } else if (kind == "fillomino" || kind == "ripple") {
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v.is_number();
      }
    e.numbers = solved ? e.cells : e.givens;  // the answer writes a number in every cell
  } else if (kind == "tentaisho") {
    const std::size_t rows = (p["dots"].size() + 1) / 2, cols = (p["dots"][0].get<std::string>().size() + 1) / 2;
    e.cells = static_cast<int>(rows * cols);  // holes drawn off the board
    e.givens = e.numbers = 0;                 // dots are shapes
  } else if (kind == "yajilin") {
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v != "." && v != "x";  // an arrow and its number; a bare clue cell shows nothing
      }
    e.numbers = e.givens;
    if (solved && p.contains("expect") && p["expect"].contains("solution")) {
      e.lines = 0;
      e.filled = 0;
      for (const auto& r : p["expect"]["solution"])
        for (char c : r.get<std::string>()) {
          e.lines += c == '-' || c == '|';
          e.filled += c == '#';
        }
    }
  } else if (kind == "gokigen") {
    e.cells = static_cast<int>((p["clues"].size() - 1) * (p["clues"][0].get<std::string>().size() - 1));
    e.givens = 0;
    for (const auto& r : p["clues"])
      for (char c : r.get<std::string>()) e.givens += c != '.';
    e.numbers = e.givens;
  } else if (kind == "magnets") {
    // The poles are symbols and the counts outside: no number in a cell.
    const json& plates = p.contains("plates") ? p["plates"] : p["regions"];
    e.cells = static_cast<int>(plates.size() * (plates[0].is_string() ? plates[0].get<std::string>().size() : plates[0].size()));
    e.givens = 0;
    e.numbers = 0;
  } else if (kind == "hashi") {
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v != ".";
      }
    e.numbers = e.givens;
  } else if (kind == "nurikabe" || kind == "hitori" || kind == "kurodoko" || kind == "heyawake" || kind == "ayeheya" || kind == "shimaguni" || kind == "aqre" ||
             kind == "chocobanana" || kind == "nurimisaki" || kind == "tapa") {
    // The shading genres (encoders/pencil/shading.h): numbers in cells, shaded cells filled.
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v != ".";
      }
    e.numbers = e.givens;
    if (solved && p.contains("expect") && p["expect"].contains("solution")) {
      e.filled = 0;
      for (const auto& r : p["expect"]["solution"])
        for (char c : r.get<std::string>()) e.filled += c == '#';
    }
  } else if (kind == "shikaku") {
    // Numbers (and '?') written in their cells as givens.
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v != ".";
      }
    e.numbers = e.givens;
  } else if (kind == "dbchoco") {
    // Numbers written in their cells as givens; grey cells filled.
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v != ".";
      }
    e.numbers = e.givens;
  } else if (kind == "sashigane") {
    // Numbers and arrows written in their cells as givens; circles are shapes.
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (const auto& v : r) {
        e.cells++;
        e.givens += v != "." && v != "o";
      }
    e.numbers = e.givens;
  } else if (kind == "akari" || kind == "tents" || kind == "shakashaka" || kind == "starbattle" || kind == "norinori" || kind == "lits") {
    // Pencil puzzles II: the board from "grid" (strings) or "regions" (rows);
    // their numbers are drawn as shapes (on walls, outside), none as givens.
    const auto& rows = p.contains("grid") ? p["grid"] : p["regions"];
    for (const auto& r : rows) e.cells += static_cast<int>(r.is_string() ? r.get<std::string>().size() : r.size());
    e.givens = 0;
    e.numbers = 0;
  } else if (kind == "binairo") {
    // Given digits written in their cells, the 1s filled.
    e.givens = 0;
    for (const auto& r : p["grid"])
      for (char c : r.get<std::string>()) {
        e.cells++;
        e.givens += c != '.';
      }
    e.numbers = e.givens;
    if (solved && p.contains("expect") && p["expect"].contains("solution")) {
      e.filled = 0;
      for (const auto& r : p["expect"]["solution"])
        for (char c : r.get<std::string>()) e.filled += c == '#';
    }
  } else if (kind == "xor_keystream") {
    const auto& parts = p["ciphertexts"];
    std::size_t longest = 0;
    std::vector<std::size_t> lens;
    for (const auto& c : parts) {
      const std::string s = c.get<std::string>();
      lens.push_back(static_cast<std::size_t>(std::count(s.begin(), s.end(), 'x')));  // "0x.." per byte
      longest = std::max(longest, lens.back());
    }
    for (std::size_t i = 0; i < lens.size() && i < 60; ++i) e.cells += static_cast<int>(std::min<std::size_t>(lens[i], 120));
  }
  return e;
}

}  // namespace

namespace psmt::testing {
// The picture `check --svg` drew of a file in puzzles/ (PuzzleFile.CheckMatchesItsExpectation
// calls this for every file, from the same run as the verdict).
void expect_seed_picture(const nlohmann::json& p, const std::string& svg, const std::string& status) {
  tinyxml2::XMLDocument doc;
  ASSERT_EQ(doc.LoadFile(svg.c_str()), tinyxml2::XML_SUCCESS) << doc.ErrorStr();
  const tinyxml2::XMLElement* root = doc.RootElement();
  ASSERT_NE(root, nullptr);
  EXPECT_STREQ(root->Name(), "svg");
  EXPECT_STREQ(root->Attribute("xmlns"), "http://www.w3.org/2000/svg");
  auto n = classes(root->FirstChildElement());
  EXPECT_EQ(swollen_circles(root->FirstChildElement()), 0) << p.value("kind", "") << ": a circle drawn as a disc";

  // `check` draws the first solution it found (unique or one of several).
  const bool solved = status == "unique" || status == "multiple";
  const Expect e = expected(p, solved);
  const std::string kind = p["kind"];
  if (kind == "logic_grid") {
    EXPECT_EQ(n["header"], static_cast<int>(p["categories"].size()));
    EXPECT_EQ(n["label"], e.labels);
    EXPECT_EQ(n["value"], e.values);
  } else if (kind == "polyomino") {
    EXPECT_EQ(n["cell"], e.cells);
    EXPECT_EQ(n["covered"], e.cells);
    EXPECT_EQ(n["label"], e.labels);
  } else {
    EXPECT_EQ(n["cell"] + n["off-board"], kind == "xor_keystream" ? n["cell"] + n["off-board"] : e.cells);
    if (kind == "xor_keystream") {
      EXPECT_EQ(n["cell"], e.cells);
      EXPECT_LE(n["given"] + n["found"], e.cells);
      EXPECT_GE(n["given"] + n["found"], e.cells / 2);  // spaces are blank
    } else {
      EXPECT_EQ(n["given"], e.givens);
      EXPECT_EQ(n["given"] + n["found"], e.numbers);
    }
  }
  if (e.signs >= 0) EXPECT_EQ(n["sign"], e.signs);
  if (e.filled >= 0) EXPECT_EQ(n["filled"] - (has_classes(root, {"legend", "filled"}) ? 1 : 0), e.filled);
  if (kind == "hidoku" && solved) EXPECT_EQ(n["path"], 1);
  if (e.lines >= 0) EXPECT_EQ(n["loop"], e.lines);
  // What the verdict is about is visible.
  if (status == "none" || (status == "multiple" && (kind == "sudoku" || kind == "futoshiki")))
    EXPECT_GT(n["highlighted"] + n["marked"], 0) << status;
  if (status == "unique") EXPECT_EQ(n["highlighted"] + n["marked"], 0);
  // Whatever is coloured says in the legend what it means.
  if (n["highlighted"] > 0) EXPECT_TRUE(has_classes(root, {"legend", "highlighted"})) << kind << " " << status << ": highlighted without a legend";
  if (n["filled"] > 0) EXPECT_TRUE(has_classes(root, {"legend", "filled"})) << kind << ": filled cells without a legend";
}

}  // namespace psmt::testing

// diagnose --svg, for every kind: a contradiction shows its conflict (in the
// highlight colour) and the clue its repair changes (orange); several
// solutions show the ambiguous places and the extra givens (green) on the
// solution they single out; each colour has its legend entry, and the
// conflict, repair or extra givens are written under the picture.
namespace {

json from_file(const std::string& rel) {
  json p = json::parse(std::ifstream(kSourceDir + "/" + rel));
  p.erase("expect");
  return p;
}

}  // namespace

TEST(Svg, DiagnosePicturesMarkConflictRepairAndExtraGivensByClass) {
  struct Case {
    std::string name;
    json puzzle;
    int exit_code;
    std::vector<std::string> drawn;  // classes of marked elements (besides the legend's)
  };
  std::vector<Case> cases;
  cases.push_back({"sudoku none", from_file("puzzles/sudoku/niobaras_original.json"), 20, {"highlighted", "changed"}});
  cases.push_back({"sudoku multiple", from_file("puzzles/sudoku/prolog_post_two_solutions.json"), 10, {"highlighted", "added", "added-given"}});
  json f = from_file("puzzles/futoshiki/five_by_five.json");
  f["grid"][1] = "5....";  // r2c1 misprinted: 5 < r2c2 is impossible
  cases.push_back({"futoshiki none", f, 20, {"highlighted", "changed"}});
  f = from_file("puzzles/futoshiki/five_by_five.json");
  f["greater_than"]["horizontal"][1] = "....";
  f["greater_than"]["vertical"][1] = "....";
  cases.push_back({"futoshiki multiple", f, 10, {"highlighted", "added", "added-given"}});
  std::string rows = psmt::testing::read_file(psmt::testing::kDataDir + "/hidato/hidato_task_example.puzzle.txt");
  std::string misprint = rows, open = rows;
  misprint.replace(misprint.find(" 24 "), 4, " 25 ");
  open.replace(open.find(" 24 "), 4, " __ ");
  open.replace(open.find(" 33 "), 4, " __ ");
  cases.push_back({"hidoku none", {{"kind", "hidoku"}, {"board", misprint}}, 20, {"highlighted", "changed"}});
  cases.push_back({"hidoku multiple", {{"kind", "hidoku"}, {"board", open}}, 10, {"highlighted", "added", "added-given"}});
  json j = from_file("puzzles/jodici/seed.json");
  j["grid"] = "9,7,_,_,_,_\n_,_,1,5,9,_\n6,_,_,_,_,_";  // a sector over 15
  cases.push_back({"jodici none", j, 20, {"highlighted", "changed"}});
  j["grid"] = "_,_,_,_,_,_\n_,_,1,5,9,_\n6,_,_,_,_,_";
  cases.push_back({"jodici multiple", j, 10, {"highlighted", "added"}});
  json eq = from_file("puzzles/equation_grid/seed.json");
  eq["givens"]["x11"] = 27;  // the published 26 misprinted
  cases.push_back({"equation_grid none", eq, 20, {"highlighted", "changed"}});
  cases.push_back({"disk_rotation none", from_file("puzzles/disk_rotation/original.json"), 20, {"highlighted"}});
  json lg = from_file("puzzles/logic_grid/painting.json");
  lg["clues"][1] = {{"text", "Jenny took the first place"}, {"at", "Jenny"}, {"position", 1}};
  lg["clues"].push_back({{"text", "Jenny painted the Taylor"}, {"same", {"Jenny", "Taylor"}}});
  cases.push_back({"logic_grid none", lg, 20, {"highlighted", "changed", "clue"}});
  cases.push_back({"logic_grid multiple", from_file("puzzles/logic_grid/zebra_prolog_without_rule11.json"), 10, {"highlighted", "added"}});
  cases.push_back({"polyomino multiple", json::parse(R"({"kind": "polyomino", "board": ["###", "###", "###"], "pieces": [["###"], ["###"], ["###"]]})"), 10,
                   {"highlighted", "added"}});
  cases.push_back({"xor_keystream multiple", from_file("puzzles/xor_keystream/rc4_hagenberg.json"), 10, {"highlighted"}});
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string in = ::testing::TempDir() + "/diag.json", svg = ::testing::TempDir() + "/diag.svg";
    std::ofstream(in) << c.puzzle.dump();
    fs::remove(svg);
    auto r = run_cli({"diagnose", "--svg", svg, "-q", in});
    ASSERT_EQ(r.exit_code, c.exit_code) << r.err;
    tinyxml2::XMLDocument doc;
    ASSERT_EQ(doc.LoadFile(svg.c_str()), tinyxml2::XML_SUCCESS) << doc.ErrorStr();
    auto n = classes(doc.RootElement()->FirstChildElement());
    for (const auto& cls : c.drawn) {
      // The legend's swatch carries the class too: one more than the legend.
      const int legend = cls == "highlighted" || cls == "changed" || cls == "added" ? 1 : 0;
      EXPECT_GT(n[cls], legend) << cls << " is not drawn";
      if (legend) EXPECT_EQ(n["legend"] >= 1 && n[cls] >= 1, true) << cls << " has no legend entry";
    }
    EXPECT_GE(n["title"], 1);
    EXPECT_GE(n["footer"], 1) << "the conflict, repair or extra givens in words";
    EXPECT_GE(n["legend"], static_cast<int>(c.drawn.size() >= 2 ? 2 : 1));
  }
}

// A cage's label (drawn on a white ground) never covers a digit: no label's
// box meets a digit's (the glyphs' extent, centred where drawn).
TEST(Svg, CageLabelsNeverCoverADigit) {
  const std::string id = [] {
    std::ifstream in(psmt::testing::kDataDir + "/tatham/keen.txt");
    std::string line, last;
    while (std::getline(in, line))
      if (line.rfind("keen:6", 0) == 0) return line.substr(0, line.find(' '));
    return last;
  }();
  ASSERT_FALSE(id.empty());
  const std::string svg = ::testing::TempDir() + "/keen-labels.svg";
  ASSERT_EQ(run_cli({"check", "-q", "--svg", svg, id}).exit_code, 0);
  tinyxml2::XMLDocument doc;
  ASSERT_EQ(doc.LoadFile(svg.c_str()), tinyxml2::XML_SUCCESS);
  struct Box {
    double x0, y0, x1, y1;
  };
  std::vector<Box> labels, digits;
  for (const tinyxml2::XMLElement* e = doc.RootElement()->FirstChildElement(); e; e = e->NextSiblingElement()) {
    const std::string cls = e->Attribute("class") ? e->Attribute("class") : "";
    if (cls.find("label-bg") != std::string::npos)
      labels.push_back({e->DoubleAttribute("x"), e->DoubleAttribute("y"), e->DoubleAttribute("x") + e->DoubleAttribute("width"),
                        e->DoubleAttribute("y") + e->DoubleAttribute("height")});
    if (std::string(e->Name()) == "text" && (cls == "found" || cls == "given")) {
      const double size = e->DoubleAttribute("font-size"), x = e->DoubleAttribute("x"), y = e->DoubleAttribute("y");
      const double half_w = 0.3 * size * static_cast<double>(std::string(e->GetText()).size()), half_h = 0.36 * size;
      digits.push_back({x - half_w, y - half_h, x + half_w, y + half_h});
    }
  }
  ASSERT_GE(labels.size(), 5u);
  ASSERT_EQ(digits.size(), 36u);
  for (const auto& l : labels)
    for (const auto& d : digits)
      EXPECT_FALSE(l.x0 < d.x1 && d.x0 < l.x1 && l.y0 < d.y1 && d.y0 < l.y1)
          << "a label at (" << l.x0 << ", " << l.y0 << ") covers the digit at (" << d.x0 << ", " << d.y0 << ")";
}
