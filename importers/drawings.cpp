// Drawings read through the rules text: see drawings.h.
#include "importers/drawings.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "engine/encoder.h"
#include "grid/grid.h"
#include "io/error.h"
#include "io/json_load.h"
#include "io/puzzle_file.h"
#include "importers/formats.h"

namespace psmt::importers {
namespace {

using nlohmann::json;

bool matches(const std::string& s, const char* pattern) {
  thread_local std::map<const char*, std::regex> cache;
  auto it = cache.find(pattern);
  if (it == cache.end()) it = cache.emplace(pattern, std::regex(pattern, std::regex::ECMAScript | std::regex::icase)).first;
  return std::regex_search(s, it->second);
}

bool close_to(double a, double b, double eps = 0.05) { return std::fabs(a - b) < eps; }

struct Rgb {
  double r = 0, g = 0, b = 0;  // 0..255, blended onto white
};

std::optional<Rgb> parse_colour(std::string c) {
  if (c.empty() || c[0] != '#') return std::nullopt;
  c = c.substr(1);
  for (char ch : c)
    if (!std::isxdigit(static_cast<unsigned char>(ch))) return std::nullopt;
  auto hex = [&](std::size_t i, std::size_t len) {
    int v = std::stoi(c.substr(i, len), nullptr, 16);
    return len == 1 ? v * 17 : v;
  };
  int r, g, b, a = 255;
  if (c.size() == 3 || c.size() == 4) {
    r = hex(0, 1), g = hex(1, 1), b = hex(2, 1);
    if (c.size() == 4) a = hex(3, 1);
  } else if (c.size() == 6 || c.size() == 8) {
    r = hex(0, 2), g = hex(2, 2), b = hex(4, 2);
    if (c.size() == 8) a = hex(6, 2);
  } else {
    return std::nullopt;
  }
  double al = a / 255.0;
  return Rgb{r * al + 255 * (1 - al), g * al + 255 * (1 - al), b * al + 255 * (1 - al)};
}

// Hue (degrees), saturation and lightness (0..1).
struct Hsl {
  double h = 0, s = 0, l = 0;
};
Hsl hsl(const Rgb& c) {
  double r = c.r / 255, g = c.g / 255, b = c.b / 255;
  double mx = std::max({r, g, b}), mn = std::min({r, g, b}), d = mx - mn;
  Hsl out;
  out.l = (mx + mn) / 2;
  if (d < 1e-9) return out;
  out.s = out.l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn);
  if (mx == r) out.h = std::fmod((g - b) / d + 6, 6.0);
  else if (mx == g) out.h = (b - r) / d + 2;
  else out.h = (r - g) / d + 4;
  out.h *= 60;
  return out;
}

bool greyish(const Rgb& c) {
  double mx = std::max({c.r, c.g, c.b}), mn = std::min({c.r, c.g, c.b});
  return mx - mn < 40;
}

// The colour words setters use, with the hues each may name.
struct ColourWord {
  const char* word;
  double from, to;  // hue interval in degrees (from > to wraps round 0); grey words: -1
};
const ColourWord kColourWords[] = {
    {"grey", -1, -1},      {"gray", -1, -1},   {"silver", -1, -1},   {"red", 340, 20},     {"crimson", 330, 15},
    {"orange", 15, 48},    {"peach", 10, 45},  {"salmon", 0, 30},    {"amber", 30, 50},  {"yellow", 45, 72},   {"gold", 40, 60},     {"green", 70, 170},
    {"lime", 60, 130},     {"olive", 50, 90},  {"teal", 160, 200},   {"turquoise", 160, 200},
    {"cyan", 170, 200},    {"aqua", 160, 200}, {"blue", 180, 260},   {"navy", 200, 250},   {"indigo", 230, 275},
    {"purple", 240, 330},  {"violet", 240, 300}, {"lavender", 240, 300}, {"lilac", 250, 310}, {"magenta", 280, 335},
    {"pink", 280, 350},    {"fuchsia", 280, 330}, {"brown", 10, 45},
};

bool word_fits(const ColourWord& w, const std::string& colour) {
  auto c = parse_colour(colour);
  if (!c) return false;
  if (w.from < 0) return greyish(*c);
  if (greyish(*c)) return false;
  double h = hsl(*c).h;
  return w.from <= w.to ? (h >= w.from && h <= w.to) : (h >= w.from || h <= w.to);
}

// The colour words in a sentence.
std::vector<const ColourWord*> colour_words(const std::string& s) {
  std::vector<const ColourWord*> out;
  for (const auto& w : kColourWords) {
    std::regex re(std::string("\\b") + w.word + "(ish)?\\b", std::regex::icase);
    if (std::regex_search(s, re)) out.push_back(&w);
  }
  return out;
}

bool sentence_fits_colour(const std::string& s, const std::string& colour) {
  auto words = colour_words(s);
  return std::any_of(words.begin(), words.end(), [&](const ColourWord* w) { return word_fits(*w, colour); });
}

bool in_grid(Cell c, int n) { return c.row >= 0 && c.col >= 0 && c.row < n && c.col < n; }

Cell cell_at(Point p) { return Cell{static_cast<int>(std::floor(p.y)), static_cast<int>(std::floor(p.x))}; }

bool at_cell_centre(Point p) { return close_to(p.y - std::floor(p.y), 0.5) && close_to(p.x - std::floor(p.x), 0.5); }

// The cells whose centres a path runs through, in order (each once in a
// row). Empty when the path leaves the grid, or steps between cells that are
// not neighbours (the drawing is not a line from cell to cell).
std::vector<Cell> cells_along(const std::vector<Point>& pts, int n) {
  std::vector<Cell> out;
  auto add = [&](Cell c) {
    if (out.empty() || !(out.back() == c)) out.push_back(c);
  };
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    Point a = pts[i], b = pts[i + 1];
    double dy = b.y - a.y, dx = b.x - a.x, len2 = dy * dy + dx * dx;
    if (len2 < 1e-9) continue;
    std::vector<std::pair<double, Cell>> on;
    int r0 = static_cast<int>(std::floor(std::min(a.y, b.y))) - 1, r1 = static_cast<int>(std::floor(std::max(a.y, b.y))) + 1;
    int c0 = static_cast<int>(std::floor(std::min(a.x, b.x))) - 1, c1 = static_cast<int>(std::floor(std::max(a.x, b.x))) + 1;
    for (int r = r0; r <= r1; ++r)
      for (int c = c0; c <= c1; ++c) {
        double py = r + 0.5, px = c + 0.5;
        double t = ((py - a.y) * dy + (px - a.x) * dx) / len2;
        if (t < -1e-6 || t > 1 + 1e-6) continue;
        double ey = a.y + t * dy - py, ex = a.x + t * dx - px;
        if (ey * ey + ex * ex < 0.15 * 0.15) on.emplace_back(t, Cell{r, c});
      }
    std::sort(on.begin(), on.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
    for (auto& [t, c] : on) add(c);
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!in_grid(out[i], n)) return {};
    if (i > 0 && (std::abs(out[i].row - out[i - 1].row) > 1 || std::abs(out[i].col - out[i - 1].col) > 1)) return {};
  }
  return out;
}

json cells_json(const std::vector<Cell>& cells) {
  json a = json::array();
  for (auto c : cells) a.push_back(json::array({c.row, c.col}));
  return a;
}

// A round shape that marks one cell (a circle, a bulb) or a row of cells (a
// pill): the cells under it, else empty.
std::vector<Cell> circled_cells(const Drawing& d, int n) {
  if (d.type != Drawing::Type::Shape || !d.rounded || !d.text.empty()) return {};
  if (d.width < 0.55 || d.height < 0.55) return {};
  std::vector<Cell> out;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (std::fabs(r + 0.5 - d.centre.y) < d.height / 2 && std::fabs(c + 0.5 - d.centre.x) < d.width / 2) out.push_back({r, c});
  // One cell, or a straight run of at most three (SudokuPad's pills).
  if (out.empty() || out.size() > 3) return {};
  if (out.size() == 1 && !(d.width <= 1.05 && d.height <= 1.05 && at_cell_centre(d.centre))) return {};
  return out;
}

std::string in_quotes(const std::string& sentence) { return "\"" + shorten(sentence, 70) + "\""; }

std::string plural_of(std::size_t k, const char* one, const char* many) { return fmt::format("{} {}", k, k == 1 ? one : many); }

void add_item(json& puzzle, const char* key, json item) {
  json& list = puzzle[key];
  if (list.is_null()) list = json::array();
  list.push_back(std::move(item));
}

// Sentences of the text matching `about` and none of `unless` or the words
// that change every family's meaning.
std::vector<std::string> sentences_about(const std::vector<std::string>& ss, const char* about, const char* unless) {
  std::vector<std::string> out;
  for (const auto& s : ss)
    if (matches(s, about) && !(unless && *unless && matches(s, unless)) && !changes_usual_meaning(s)) out.push_back(s);
  return out;
}

int number_word(const std::string& w) {
  static const std::map<std::string, int> words = {{"one", 1},  {"two", 2},   {"three", 3}, {"four", 4},
                                                   {"five", 5}, {"six", 6},   {"seven", 7}, {"eight", 8}};
  auto it = words.find(w);
  if (it != words.end()) return it->second;
  if (w.size() == 1 && std::isdigit(static_cast<unsigned char>(w[0]))) return w[0] - '0';
  return 0;
}

// The least difference a whispers sentence states, 0 if none.
int whispers_difference(const std::string& s, int n) {
  static const std::regex at_least(R"(at least (\d|one|two|three|four|five|six|seven|eight)\b)", std::regex::icase);
  static const std::regex or_more(R"(\b(\d|one|two|three|four|five|six|seven|eight) or (more|greater|higher|larger))", std::regex::icase);
  std::smatch m;
  if (std::regex_search(s, m, at_least) || std::regex_search(s, m, or_more)) return number_word(m[1]);
  if (matches(s, R"(\bdutch\b)")) return n == 9 ? 4 : 0;
  if (matches(s, R"(\bgerman\b)")) return n == 9 ? 5 : 0;
  return 0;
}

struct LineFamily {
  const char* key;
  const char* name;      // for the report: "German whispers lines"
  const char* about;     // the sentence names it
  const char* unless;    // words that give it another meaning
};
const LineFamily kLineFamilies[] = {
    {"whispers", "whispers lines", R"(whisper|(adjacent|neighbou?ring|consecutive) digits?[^.]{0,40}differ[^.]{0,20}(at least|or more))",
     R"(thermo|arrow|renban|palindrom|exactly|at most)"},
    {"renban", "renban lines", R"(renban|set of[^.]{0,40}consecutive|consecutive[^.]{0,40}any order)", R"(thermo|arrow|whisper|palindrom)"},
    {"palindrome", "palindromes", R"(palindrom|reads? the same)", R"(thermo|arrow|whisper|renban)"},
    {"region_sum", "region-sum lines (each segment in a region has the same sum)",
     R"(region.?sum|(box|region) borders?[^.]{0,50}(divide|separate|cut|split)|segments?[^.]{0,60}same (sum|total|value)|(same|equal) (sum|total)[^.]{0,40}(each|every) (\dx\d )?(box|region))",
     R"(thermo|arrow|whisper|renban|palindrom|zipper)"},
    {"zipper", "zipper lines", R"(zipper)", R"(thermo|arrow|whisper|renban|palindrom|region.?sum)"},
    {"entropic", "entropic lines", R"(entropic)", R"(thermo|arrow|whisper|renban|palindrom|region.?sum|zipper|modular)"},
    {"modular", "modular lines", R"(modular|different remainders)", R"(thermo|arrow|whisper|renban|palindrom|region.?sum|zipper|entropic)"},
    {"nabner", "nabner lines", R"(nabner)", R"(thermo|arrow|whisper|renban|palindrom|region.?sum|zipper|entropic|modular)"},
};
// Stated in words a wider reading calls a change of meaning ("how many",
// "a coloured line"): found by exact_rule, not by `about`.
const LineFamily kDifferenceCount = {"difference_count", "difference-count lines (each difference between neighbours is the number of pairs with it)", "", ""};

class Mapper {
 public:
  Mapper(std::vector<Drawing>& ds, const std::string& rules, int n, json& puzzle)
      : ds_(ds), ss_(rule_sentences(rules)), n_(n), p_(puzzle) {}

  std::vector<std::string> run() {
    thermometers();
    arrows();
    counting_circles();
    little_killers();
    lines();
    parity_shapes();
    return std::move(report_);
  }

 private:
  void thermometers() {
    auto strict = sentences_about(ss_, R"(thermo|\bbulb)",
                                  R"(slow|or equal|equal to|stay the same|remain the same|may repeat|can repeat|not necessarily|decrease|arrow)");
    auto slow = sentences_about(ss_, R"(slow thermo|(thermo|\bbulb).*(or stay the same|or remain the same|or equal)|(stay the same or|slow).*(thermo|\bbulb))",
                                R"(strictly|decrease|arrow)");
    if (strict.empty() == slow.empty()) return;  // none, or both kinds named: not pinned down
    const bool is_slow = !slow.empty();
    const auto& said = is_slow ? slow : strict;
    std::set<std::size_t> bulbs;
    std::size_t count = 0;
    for (auto& d : ds_) {
      if (d.type != Drawing::Type::Line || d.used || d.points.size() < 2) continue;
      // Lines of a colour another sentence names for another rule are not thermometers.
      bool fits = std::any_of(said.begin(), said.end(), [&](const std::string& s) {
        return colour_words(s).empty() || sentence_fits_colour(s, d.colour);
      });
      if (!fits) continue;
      for (int end = 0; end < 2; ++end) {
        Point tip = end == 0 ? d.points.front() : d.points.back();
        if (!at_cell_centre(tip)) continue;
        std::optional<std::size_t> bulb;
        for (std::size_t k = 0; k < ds_.size(); ++k) {
          auto cells = circled_cells(ds_[k], n_);
          // A bulb is filled (an arrow's circle is white).
          const std::string fill = colour_name(ds_[k].colour);
          if (cells.size() == 1 && cells[0] == cell_at(tip) && (!ds_[k].used || bulbs.count(k)) && !fill.empty() && fill != "white") bulb = k;
        }
        if (!bulb) continue;
        std::vector<Point> pts = d.points;
        if (end == 1) std::reverse(pts.begin(), pts.end());
        auto cells = cells_along(pts, n_);
        if (cells.size() < 2) break;
        add_item(p_, is_slow ? "slow_thermo" : "thermo", {{"cells", cells_json(cells)}});
        d.used = ds_[*bulb].used = true;
        bulbs.insert(*bulb);
        ++count;
        break;
      }
    }
    // A branch: a line of the same kind that starts (or ends) on a
    // thermometer read above continues it from that cell.
    for (bool grew = count > 0; grew;) {
      grew = false;
      std::set<Cell> on;
      for (const auto& t : p_[is_slow ? "slow_thermo" : "thermo"])
        for (const auto& c : t["cells"]) on.insert(Cell{c[0].get<int>(), c[1].get<int>()});
      for (auto& d : ds_) {
        if (d.type != Drawing::Type::Line || d.used || d.points.size() < 2) continue;
        bool fits = std::any_of(said.begin(), said.end(), [&](const std::string& s) {
          return colour_words(s).empty() || sentence_fits_colour(s, d.colour);
        });
        if (!fits) continue;
        auto cells = cells_along(d.points, n_);
        if (cells.size() < 2) continue;
        const bool from_front = on.count(cells.front()) > 0, from_back = on.count(cells.back()) > 0;
        if (from_front == from_back) continue;  // not a branch (or touching at both ends)
        if (from_back) std::reverse(cells.begin(), cells.end());
        add_item(p_, is_slow ? "slow_thermo" : "thermo", {{"cells", cells_json(cells)}});
        d.used = true;
        ++count;
        grew = true;
      }
    }
    if (count)
      report_.push_back(fmt::format("{} with a bulb read as {}, from {}", plural_of(count, "line", "lines"),
                                    is_slow ? "slow thermometers (digits increase or stay the same from the bulb)"
                                            : "thermometers (digits increase from the bulb)",
                                    in_quotes(said.front())));
  }

  void arrows() {
    auto said = sentences_about(ss_, R"(\barrows?\b)", R"(minus|subtract|differen|double|twice|half|product|multipl|point(s|ing)? (at|to|toward)|sees?\b|littlekiller|diagonal|outside)");
    said.erase(std::remove_if(said.begin(), said.end(), [](const std::string& s) { return !matches(s, R"(\bsum|\btotal|\badd)"); }), said.end());
    if (said.empty()) return;
    std::size_t count = 0;
    // Arrows drawn as lines (no arrowheads): only where no arrow is drawn as one.
    std::vector<Cell> tips;
    const bool lines_too = std::none_of(ds_.begin(), ds_.end(), [](const Drawing& d) { return d.type == Drawing::Type::Arrow; });
    for (auto& d : ds_) {
      if (!(d.type == Drawing::Type::Arrow || (lines_too && d.type == Drawing::Type::Line)) || d.used || d.points.size() < 2) continue;
      Cell start = cell_at(d.points.front());
      if (!in_grid(start, n_)) continue;
      std::optional<std::size_t> circle;
      std::vector<Cell> circle_cells;
      for (std::size_t k = 0; k < ds_.size(); ++k) {
        auto cells = circled_cells(ds_[k], n_);
        const std::string fill = colour_name(ds_[k].colour);
        if (d.type == Drawing::Type::Line && !(fill.empty() || fill == "white")) continue;  // an arrow's circle is white
        if (std::find(cells.begin(), cells.end(), start) != cells.end()) {
          circle = k;
          circle_cells = cells;
        }
      }
      if (!circle) continue;
      std::vector<Cell> line;
      for (auto c : cells_along(d.points, n_))
        if (std::find(circle_cells.begin(), circle_cells.end(), c) == circle_cells.end()) line.push_back(c);
      if (line.empty()) continue;
      // The body must leave the circle once and not come back.
      add_item(p_, "arrow", {{"circle", cells_json(circle_cells)}, {"line", cells_json(line)}});
      tips.push_back(line.back());
      d.used = ds_[*circle].used = true;
      ++count;
    }
    // Arrowheads drawn as short lines at the tip of an arrow drawn as a line.
    if (lines_too)
      for (auto& h : ds_) {
        if (h.type != Drawing::Type::Line || h.used || h.points.empty()) continue;
        Cell c = cell_at(h.points.front());
        bool short_stroke = std::all_of(h.points.begin(), h.points.end(), [&](Point p) { return cell_at(p) == c; });
        if (short_stroke && std::find(tips.begin(), tips.end(), c) != tips.end()) h.used = true;
      }
    if (count)
      report_.push_back(fmt::format("{} from a circle read as arrows (the digits on the arrow sum to the circle), from {}",
                                    plural_of(count, "arrow", "arrows"), in_quotes(said.front())));
  }

  void little_killers() {
    auto said = sentences_about(ss_, R"(littlekiller|diagonal)", R"(thermo|product|count|\bsee)");
    said.erase(std::remove_if(said.begin(), said.end(), [](const std::string& s) { return !matches(s, R"(\bsum|\btotal|\badd)"); }), said.end());
    if (said.empty()) return;
    std::size_t count = 0;
    for (auto& d : ds_) {
      if (d.type != Drawing::Type::Arrow || d.used || d.points.size() != 2) continue;
      Point a = d.points.front(), b = d.points.back();
      double dy = b.y - a.y, dx = b.x - a.x;
      if (std::fabs(dy) < 0.05 || !close_to(std::fabs(dy), std::fabs(dx), 0.05) || std::fabs(dy) > 0.6) continue;
      Cell at = cell_at(a);
      bool outside = (at.row == -1 || at.row == n_ || at.col == -1 || at.col == n_) && at.row >= -1 && at.row <= n_ &&
                     at.col >= -1 && at.col <= n_;
      if (!outside) continue;
      std::optional<std::size_t> label;
      for (std::size_t k = 0; k < ds_.size(); ++k) {
        const Drawing& t = ds_[k];
        if (t.type != Drawing::Type::Shape || t.used || t.text.empty()) continue;
        if (!(cell_at(t.centre) == at)) continue;
        if (!std::all_of(t.text.begin(), t.text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) || t.text.size() > 3)
          continue;
        label = k;
      }
      if (!label) continue;
      std::string dir = std::string(dy > 0 ? "D" : "U") + (dx > 0 ? "R" : "L");
      add_item(p_, "little_killer", {{"clue", json::array({at.row, at.col})}, {"direction", dir}, {"sum", std::stoi(ds_[*label].text)}});
      d.used = ds_[*label].used = true;
      ++count;
    }
    if (count)
      report_.push_back(fmt::format("{} outside the grid read as little killers (the diagonal sums to the number), from {}",
                                    plural_of(count, "arrow with a number", "arrows with numbers"), in_quotes(said.front())));
  }

  // Lines of one colour (and thickness) left over, each group read as the
  // one line family whose sentence names its colour, or (with no colour
  // named) as the only family named when one group is left.
  void lines() {
    std::map<std::pair<std::string, int>, std::vector<std::size_t>> groups;
    for (std::size_t k = 0; k < ds_.size(); ++k)
      if (ds_[k].type == Drawing::Type::Line && !ds_[k].used)
        groups[{ds_[k].colour, static_cast<int>(std::lround(ds_[k].thickness))}].push_back(k);
    if (groups.empty()) return;
    struct Said {
      const LineFamily* f;
      std::string s;
    };
    std::vector<Said> said;
    for (const auto& f : kLineFamilies)
      for (const auto& s : sentences_about(ss_, f.about, f.unless)) said.push_back({&f, s});
    for (const auto& s : ss_)
      if (exact_rule(s) == kDifferenceCount.key) said.push_back({&kDifferenceCount, s});
    if (said.empty()) return;
    // A sentence without a colour that speaks of every line ("on a coloured
    // line", "all lines") covers lines of every colour, when it is the only
    // line family the text names.
    std::set<const LineFamily*> named;
    for (const auto& x : said) named.insert(x.f);
    const bool every_line = named.size() == 1 && std::any_of(said.begin(), said.end(), [](const Said& x) {
      return colour_words(x.s).empty() && matches(x.s, R"(\b(colou?red|any|every|all|each)\b[^.]{0,12}\blines?\b)");
    });
    for (auto& [key, members] : groups) {
      const std::string& colour = key.first;
      std::vector<const Said*> by_colour, uncoloured;
      for (const auto& x : said) {
        if (colour_words(x.s).empty()) uncoloured.push_back(&x);
        else if (sentence_fits_colour(x.s, colour)) by_colour.push_back(&x);
      }
      const std::vector<const Said*>& chosen = !by_colour.empty() ? by_colour : uncoloured;
      if (chosen.empty()) continue;
      // No colour named: only when one kind of line is left, or the sentence speaks of every line.
      if (by_colour.empty() && groups.size() != 1 && !every_line) continue;
      std::set<const LineFamily*> families;
      for (auto* x : chosen) families.insert(x->f);
      if (families.size() != 1) continue;  // two families for one colour: not pinned down
      const LineFamily& f = **families.begin();
      const std::string& sentence = chosen.front()->s;
      int difference = 0;
      if (std::string(f.key) == "whispers") {
        difference = whispers_difference(sentence, n_);
        if (difference < 1) continue;
      }
      std::vector<json> items;
      bool readable = true;
      for (auto k : members) {
        auto cells = cells_along(ds_[k].points, n_);
        if (cells.size() < 2) {
          readable = false;
          break;
        }
        // A line drawn over itself (a branch drawn by going back): a renban
        // line is its set of cells, a whispers line its neighbouring pairs;
        // for the other families the reading is not pinned down.
        std::set<Cell> distinct(cells.begin(), cells.end());
        const std::string fk = f.key;
        const bool closes = cells.size() >= 4 && cells.front() == cells.back() && distinct.size() + 1 == cells.size();
        if (closes && (fk == "entropic" || fk == "modular" || fk == "region_sum")) {
          // A closed line: the family's loop (windows or segments go round).
          cells.pop_back();
          items.push_back({{"cells", cells_json(cells)}, {"loop", true}});
          continue;
        }
        if (distinct.size() != cells.size()) {
          if (std::string(f.key) == "renban") {
            cells.assign(distinct.begin(), distinct.end());
          } else if (std::string(f.key) == "whispers") {
            std::set<std::pair<Cell, Cell>> pairs;
            for (std::size_t i = 0; i + 1 < cells.size(); ++i)
              if (pairs.insert(std::minmax(cells[i], cells[i + 1])).second)
                items.push_back({{"cells", cells_json({cells[i], cells[i + 1]})}, {"difference", difference}});
            continue;
          } else {
            readable = false;
            break;
          }
        }
        json item{{"cells", cells_json(cells)}};
        if (difference) item["difference"] = difference;
        items.push_back(item);
      }
      if (!readable) items.clear();
      // A renban drawn as several lines that share cells (a branch) is one
      // set of consecutive digits: lines that meet are joined.
      if (readable && std::string(f.key) == "renban") items = join_meeting_lines(items);
      if (items.empty()) continue;
      for (auto& item : items) add_item(p_, f.key, item);
      for (auto k : members) ds_[k].used = true;
      if (std::string(f.key) == "zipper") mark_zipper_centres(items);
      std::string name = colour_name(colour);
      report_.push_back(fmt::format("{}{} read as {}{}, from {}", plural_of(members.size(), "line", "lines"),
                                    name.empty() ? "" : " (" + name + ")", f.name,
                                    difference ? fmt::format(" (neighbours differ by at least {})", difference) : "", in_quotes(sentence)));
    }
  }

  static std::vector<json> join_meeting_lines(const std::vector<json>& items) {
    std::vector<std::set<std::pair<int, int>>> sets;
    for (const auto& item : items) {
      std::set<std::pair<int, int>> cells;
      for (const auto& c : item["cells"]) cells.insert({c[0].get<int>(), c[1].get<int>()});
      // Merge with every set it meets.
      for (auto it = sets.begin(); it != sets.end();) {
        bool meets = std::any_of(it->begin(), it->end(), [&](const auto& c) { return cells.count(c) > 0; });
        if (meets) {
          cells.insert(it->begin(), it->end());
          it = sets.erase(it);
        } else {
          ++it;
        }
      }
      sets.push_back(std::move(cells));
    }
    std::vector<json> out;
    for (const auto& set : sets) {
      json cells = json::array();
      for (auto [r, c] : set) cells.push_back(json::array({r, c}));
      out.push_back({{"cells", cells}});
    }
    return out;
  }

  // The small dot a setter draws at a zipper line's centre is part of it.
  void mark_zipper_centres(const std::vector<json>& items) {
    for (const auto& item : items) {
      const json& cs = item["cells"];
      const std::size_t len = cs.size();
      Point mid;
      if (len % 2 == 1) mid = Point{cs[len / 2][0].get<int>() + 0.5, cs[len / 2][1].get<int>() + 0.5};
      else mid = Point{(cs[len / 2 - 1][0].get<int>() + cs[len / 2][0].get<int>()) / 2.0 + 0.5,
                       (cs[len / 2 - 1][1].get<int>() + cs[len / 2][1].get<int>()) / 2.0 + 0.5};
      for (auto& d : ds_)
        if (d.type == Drawing::Type::Shape && !d.used && d.text.empty() && d.width < 0.55 && close_to(d.centre.y, mid.y) &&
            close_to(d.centre.x, mid.x))
          d.used = true;
    }
  }

  // Circles whose digit counts the circles that hold it (the whole set of
  // circles is one rule).
  void counting_circles() {
    std::string sentence;
    for (const auto& s : ss_)
      if (exact_rule(s) == "counting_circles" && !matches(s, R"(^counting circles?:?$|^as an example)")) {
        sentence = s;
        break;
      }
    if (sentence.empty()) return;
    std::vector<std::size_t> circles;
    for (std::size_t k = 0; k < ds_.size(); ++k) {
      const Drawing& d = ds_[k];
      if (d.type != Drawing::Type::Shape || d.used || !d.text.empty() || !d.rounded || !at_cell_centre(d.centre)) continue;
      if (d.width < 0.45 || d.width > 0.95 || !close_to(d.width, d.height)) continue;
      if (!in_grid(cell_at(d.centre), n_)) continue;
      circles.push_back(k);
    }
    if (circles.empty()) return;
    std::vector<Cell> cells;
    for (auto k : circles) {
      cells.push_back(cell_at(ds_[k].centre));
      ds_[k].used = true;
    }
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    p_["counting_circles"] = cells_json(cells);
    report_.push_back(fmt::format("{} read as counting circles (a digit in a circle is the number of circles that hold it), from {}",
                                  plural_of(cells.size(), "circle", "circles"), in_quotes(sentence)));
  }

  void parity_shapes() {
    auto said = sentences_about(ss_, R"(\b(circles?|squares?)\b[^.]{0,60}\b(odd|even)\b)", R"(\bsum|along|\bline|\bcount|arrow|thermo)");
    if (said.empty()) return;
    std::map<std::string, std::size_t> counts;
    std::map<std::string, std::string> from;
    for (auto& d : ds_) {
      if (d.type != Drawing::Type::Shape || d.used || !d.text.empty() || !at_cell_centre(d.centre)) continue;
      if (d.width < 0.45 || d.width > 0.92 || !close_to(d.width, d.height)) continue;
      const char* shape = d.rounded ? "circle" : "square";
      std::set<std::string> parities;
      std::string sentence;
      for (const auto& s : said) {
        bool circle = matches(s, R"(\bcircles?\b)"), square = matches(s, R"(\bsquares?\b)");
        if (circle && square) continue;  // one sentence for both: not pinned down here
        if ((d.rounded && !circle) || (!d.rounded && !square)) continue;
        if (!colour_words(s).empty() && !sentence_fits_colour(s, d.colour)) continue;
        bool odd = matches(s, R"(\bodd\b)"), even = matches(s, R"(\beven\b)");
        if (odd == even) continue;
        parities.insert(odd ? "odd" : "even");
        sentence = s;
      }
      if (parities.size() != 1) continue;
      const std::string parity = *parities.begin();
      Cell c = cell_at(d.centre);
      if (!in_grid(c, n_)) continue;
      add_item(p_, parity.c_str(), json::array({c.row, c.col}));
      d.used = true;
      counts[fmt::format("{}s read as {} cells", shape, parity)]++;
      from[fmt::format("{}s read as {} cells", shape, parity)] = sentence;
    }
    for (auto& [what, k] : counts) report_.push_back(fmt::format("{} {}, from {}", k, what, in_quotes(from[what])));
  }

  std::vector<Drawing>& ds_;
  std::vector<std::string> ss_;
  int n_;
  json& p_;
  std::vector<std::string> report_;
};

}  // namespace

std::string colour_name(const std::string& colour) {
  auto c = parse_colour(colour);
  if (!c) return "";
  if (greyish(*c)) {
    double l = hsl(*c).l;
    return l < 0.2 ? "black" : l > 0.95 ? "white" : "grey";
  }
  double h = hsl(*c).h;
  if (h < 15 || h >= 345) return "red";
  if (h < 45) return "orange";
  if (h < 70) return "yellow";
  if (h < 165) return "green";
  if (h < 195) return "turquoise";
  if (h < 250) return "blue";
  if (h < 285) return "purple";
  return "pink";
}

void check_reading_against_solution(const Imported& imported, const std::string& origin) {
  if (imported.mapped.empty() || !imported.puzzle.contains("expect") || !imported.puzzle["expect"].contains("solution")) return;
  LoadedPuzzle lp;
  try {
    lp = load_puzzle(imported.puzzle, origin);
  } catch (const InputError&) {
    return;  // the caller's load reports it, with its place in the foreign data
  }
  if (!lp.expect.solution) return;
  auto broken = lp.encoder->check(*lp.puzzle, *lp.expect.solution);
  if (broken.empty()) return;
  throw InputError("input.mapping", kNoPath,
                   fmt::format("the rules read through the rules text do not fit the setter's solution ({}{}); the reading is "
                               "refused: {}",
                               broken.front().message, broken.size() > 1 ? fmt::format(", and {} more", broken.size() - 1) : "",
                               imported.mapped.front()),
                   origin);
}

std::vector<std::string> map_drawings(std::vector<Drawing>& drawings, const std::string& rules, int n, json& puzzle) {
  return Mapper(drawings, rules, n, puzzle).run();
}

std::vector<std::string> map_rules_text(const std::string& rules, json& puzzle) {
  std::vector<std::string> report;
  const auto ss = rule_sentences(rules);
  const char* forbid = R"((cannot|can't|can not|may not|must not|mustn't|never|not allowed|no two|don't|do not)[^.]{0,60}(same|repeat|identical|equal)|(same|identical|equal|repeat)[^.]{0,60}(cannot|can't|can not|may not|must not|mustn't|never|not allowed))";
  struct Global {
    const char* field;
    const char* about;
    const char* name;
  };
  for (const Global& g : {Global{"anti_knight", R"(knight)", "anti-knight"}, Global{"anti_king", R"(\bking('s|s)?\b)", "anti-king"}}) {
    if (puzzle.contains(g.field)) continue;
    for (const auto& s : ss) {
      if (!matches(s, g.about) || changes_usual_meaning(s) || matches(s, R"(\bsum|differ|consecutive|circle|cage|line|arrow|dot)")) continue;
      if (!(matches(s, R"(anti-?(knight|king))") || matches(s, forbid))) continue;
      puzzle[g.field] = true;
      report.push_back(fmt::format("the global rule {}, from {}", g.name, in_quotes(s)));
      break;
    }
  }
  // "In every row and column, strings of 3 digits are never all even nor all odd."
  if (!puzzle.contains("mixed_parity_triples"))
    for (const auto& s : ss)
      if (exact_rule(s) == "mixed_parity_triples") {
        puzzle["mixed_parity_triples"] = true;
        report.push_back(fmt::format("the global rule of mixed-parity triples (no three in a row all odd or all even), from {}", in_quotes(s)));
        break;
      }
  // "All (possible) dots are given": the negative constraint for the dot
  // colours the text gives a meaning to.
  if (puzzle.contains("kropki") && puzzle["kropki"].is_object() && !puzzle["kropki"].contains("negative")) {
    for (const auto& s : ss) {
      if (matches(s, R"(\bnot (all|every|necessarily))")) continue;
      if (!matches(s, R"(\ball (the )?(possible )?(kropki |black |white )*dots\b[^.]{0,30}\b(are|is) (given|shown|marked|drawn))")) continue;
      bool white = false, black = false;
      for (const auto& t : ss) {
        white = white || matches(t, R"(\bwhite dots?\b)");
        black = black || matches(t, R"(\bblack dots?\b)");
      }
      if (matches(s, R"(\bwhite\b)") && !matches(s, R"(\bblack\b)")) black = false;
      if (matches(s, R"(\bblack\b)") && !matches(s, R"(\bwhite\b)")) white = false;
      if (!white && !black) break;
      puzzle["kropki"]["negative"] = white && black ? json(true) : json::array({white ? "white" : "black"});
      report.push_back(fmt::format("the negative constraint of {} dots, from {}", white && black ? "white and black" : white ? "white" : "black",
                                   in_quotes(s)));
      break;
    }
  }
  // "All Xs and Vs are given" (both letters: the negative constraint covers both).
  if (puzzle.contains("xv") && puzzle["xv"].is_object() && !puzzle["xv"].contains("negative")) {
    for (std::size_t i = 0; i < ss.size(); ++i) {
      const std::string& s = ss[i];
      if (matches(s, R"(\bnot (all|every|necessarily))")) continue;
      if (!matches(s, R"(\ball\b[^.]{0,40}\b(are|is) (given|shown|marked|drawn))")) continue;
      std::string about = matches(s, R"(\ball (such|these|those|of them)\b)") && i > 0 ? ss[i - 1] + " " + s : s;
      bool x = matches(about, R"(\bx('?s|es)?\b|\bxv\b)"), v = matches(about, R"(\bv('?s)?\b|\bxv\b)");
      if (!(x && v) || matches(about, R"(\bdots?\b)")) continue;
      puzzle["xv"]["negative"] = true;
      report.push_back(fmt::format("the negative constraint of X and V, from {}", in_quotes(s)));
      break;
    }
  }
  return report;
}

}  // namespace psmt::importers
