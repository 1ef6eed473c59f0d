// SudokuPad's own format (scl/ctc ids) -> our sudoku JSON.
//
// The data is the puzzle's JSON, zipped by SudokuPad's PuzzleZipper:
// property names shortened (ce = cells, re = regions, ca = cages, o =
// overlays, ...), keys unquoted, strings in single quotes, empty objects in
// arrays left out ("[,,{v:3}]"), true/false as t/f, "#000000" as #0 and
// "#rrggbb" as rrggbb. Older ctc data may be plain JSON.
//
// What maps to rules exactly: given digits (cells[].value), regions,
// cages with cells and a numeric value (killer cages; with no value and
// unique:true, a no-repeat cage), round black or white dots centred on the
// edge between two cells (kropki), X and V letters on an edge, and the
// metadata (title, author, rules, solution) in `metadata` or in cages
// without cells. SudokuPad draws every line rule (thermometers, whispers,
// renban, palindromes, arrows) as the same primitives, told apart only by
// colour conventions and the rules text, and global rules live only in the
// text: so lines, arrows and every other overlay are listed and refused
// unless the user says they are decoration (--partial), and a rules
// text that names a rule the data does not carry is refused the same way.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "importers/drawings.h"
#include "importers/formats.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

using nlohmann::json;

[[noreturn]] void fail_at(const std::string& origin, std::size_t pos, const std::string& message) {
  throw InputError("input.sudokupad", kNoPath,
                   fmt::format("SudokuPad data, character {}: {}", pos + 1, message), origin);
}

const std::map<std::string, std::string> kLongNames = {
    {"c", "color"},        {"ca", "cages"},      {"ct", "center"},   {"c1", "borderColor"}, {"c2", "backgroundColor"},
    {"ce", "cells"},       {"cs", "cellSize"},   {"a", "arrows"},    {"o", "overlays"},     {"u", "underlays"},
    {"w", "width"},        {"h", "height"},      {"v", "value"},     {"vd", "videos"},      {"l", "lines"},
    {"r", "rounded"},      {"re", "regions"},    {"fs", "fontSize"}, {"th", "thickness"},   {"hl", "headLength"},
    {"wp", "wayPoints"},   {"t", "title"},       {"te", "text"},     {"d", "duration"},     {"d2", "d"}};

// A recursive-descent reader of the zipped syntax.
class Unzipper {
 public:
  Unzipper(const std::string& s, const std::string& origin) : s_(s), origin_(origin) {}

  json parse() {
    json v = value(0);
    skip_ws();
    if (i_ != s_.size()) fail_at(origin_, i_, fmt::format("unexpected '{}' after the puzzle", s_[i_]));
    return v;
  }

 private:
  void skip_ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  char peek() {
    skip_ws();
    return i_ < s_.size() ? s_[i_] : '\0';
  }
  void expect(char c) {
    if (peek() != c) {
      if (i_ >= s_.size()) fail_at(origin_, i_, fmt::format("the data ends where '{}' was expected", c));
      fail_at(origin_, i_, fmt::format("expected '{}', found '{}'", c, s_[i_]));
    }
    ++i_;
  }

  json value(int depth) {
    if (depth > 64) fail_at(origin_, i_, "nested more than 64 deep");
    char c = peek();
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '\'' || c == '"') return string(c);
    if (c == '\0') fail_at(origin_, i_, "the data ends where a value was expected");
    return bare();
  }

  json object(int depth) {
    expect('{');
    json o = json::object();
    if (peek() == '}') {
      ++i_;
      return o;
    }
    for (;;) {
      std::string key;
      char c = peek();
      if (c == '\'' || c == '"') key = string(c).get<std::string>();
      else key = word();
      if (key.empty()) fail_at(origin_, i_, "expected a property name");
      expect(':');
      auto it = kLongNames.find(key);
      o[it == kLongNames.end() ? key : it->second] = value(depth + 1);
      c = peek();
      if (c == ',') {
        ++i_;
        continue;
      }
      if (c == '}') {
        ++i_;
        return o;
      }
      fail_at(origin_, i_, c ? fmt::format("expected ',' or '}}', found '{}'", c) : "the data ends inside an object");
    }
  }

  // Empty slots are empty objects: "[,,{v:3}]" has three elements.
  json array(int depth) {
    expect('[');
    json a = json::array();
    if (peek() == ']') {
      ++i_;
      return a;
    }
    for (;;) {
      char c = peek();
      if (c == ',' || c == ']') a.push_back(json::object());
      else a.push_back(value(depth + 1));
      c = peek();
      if (c == ',') {
        ++i_;
        continue;
      }
      if (c == ']') {
        ++i_;
        return a;
      }
      fail_at(origin_, i_, c ? fmt::format("expected ',' or ']', found '{}'", c) : "the data ends inside a list");
    }
  }

  json string(char quote) {
    const std::size_t start = i_;
    ++i_;
    std::string out;
    while (i_ < s_.size() && s_[i_] != quote) {
      char c = s_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      char e = s_[i_++];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
          if (i_ + 4 > s_.size()) fail_at(origin_, i_, "a \\u escape needs four hex digits");
          unsigned cp = 0;
          for (int k = 0; k < 4; ++k) {
            char h = s_[i_++];
            if (!std::isxdigit(static_cast<unsigned char>(h))) fail_at(origin_, i_ - 1, "a \\u escape needs four hex digits");
            cp = cp * 16 + static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
          }
          // Code units as UTF-8 (surrogates become U+FFFD: text only).
          if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
          if (cp < 0x80) out += static_cast<char>(cp);
          else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
          }
          break;
        }
        default: out += e;  // \' \" \\ \/
      }
    }
    if (i_ >= s_.size()) fail_at(origin_, start, "a string that is never closed");
    ++i_;
    return valid_utf8(out);
  }

  std::string word() {
    skip_ws();
    std::size_t start = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || std::string_view("_$#.+-").find(s_[i_]) != std::string_view::npos))
      ++i_;
    return s_.substr(start, i_ - start);
  }

  json bare() {
    std::size_t start = i_;
    std::string w = word();
    if (w.empty()) fail_at(origin_, start, fmt::format("unexpected '{}'", s_[start]));
    if (w == "t" || w == "true") return true;
    if (w == "f" || w == "false") return false;
    if (w == "null") return nullptr;
    if (w == "#0") return "#000000";
    if (w == "#F") return "#FFFFFF";
    static const std::regex number(R"(-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
    if (std::regex_match(w, number)) {
      // A colour of six hex digits that happen to be decimal ("383838") is
      // read as a number here; colour fields turn it back (colour()).
      try {
        if (w.find_first_of(".eE") == std::string::npos && w.size() < 16) return std::stoll(w);
        return std::stod(w);
      } catch (const std::exception&) {
        fail_at(origin_, start, fmt::format("\"{}\" is not a number", shorten(w, 20)));
      }
    }
    return w;  // a bare colour ("490aa5") or word
  }

  const std::string& s_;
  const std::string& origin_;
  std::size_t i_ = 0;
};

// A colour value as "#rrggbb[aa]" in lower case ("" if none).
std::string colour(const json& v) {
  std::string s;
  if (v.is_string()) s = v.get<std::string>();
  else if (v.is_number_integer()) s = fmt::format("{:06d}", v.get<long long>());
  else return "";
  if (!s.empty() && s[0] != '#') s = "#" + s;
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s.size() == 4) s = fmt::format("#{0}{0}{1}{1}{2}{2}", s[1], s[2], s[3]);  // #abc
  return s;
}
bool is_black(const std::string& c) { return c == "#000000" || c == "#000000ff"; }
bool is_white(const std::string& c) { return c == "#ffffff" || c == "#ffffffff"; }

double num(const json& v, double fallback) {
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) {
    try {
      return std::stod(v.get<std::string>());
    } catch (const std::exception&) {
    }
  }
  return fallback;
}

// A flag that may be written as a Boolean, a number or a string.
bool flag(const json& o, const char* key, bool fallback) {
  if (!o.contains(key)) return fallback;
  const json& v = o[key];
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number()) return v.get<double>() != 0;
  if (v.is_string()) return v.get<std::string>() == "true" || v.get<std::string>() == "t" || v.get<std::string>() == "1";
  return fallback;
}

bool near(double a, double b) { return std::fabs(a - b) < 0.02; }
bool is_int(double a) { return near(a, std::round(a)); }

class SudokuPad {
 public:
  SudokuPad(const json& doc, const std::string& origin, const std::string& source, const ImportOptions& options)
      : doc_(doc), origin_(origin), source_(source), options_(options), b_("SudokuPad") {}

  Imported run() {
    if (!doc_.is_object()) throw InputError("input.sudokupad", kNoPath, "SudokuPad data is not an object", origin_);
    json& p = b_.out.puzzle;
    p = json::object();
    p["kind"] = "sudoku";
    read_metadata();
    if (!title_.empty()) p["name"] = title_;
    p["source"] = source_;
    if (!author_.empty()) p["author"] = author_;
    if (!rules_.empty()) p["rules"] = rules_;
    read_cells();
    read_regions();
    read_cages();
    read_marks();
    for (const char* key : {"lines", "arrows"})
      if (doc_.contains(key) && doc_[key].is_array())
        for (std::size_t i = 0; i < doc_[key].size(); ++i) add_path(key, i, doc_[key][i]);
    map_drawings_through_rules();
    for (auto it = doc_.begin(); it != doc_.end(); ++it) {
      static const std::set<std::string> known = {"id",     "cellSize", "cells",    "regions",  "cages",
                                                  "lines",  "arrows",   "overlays", "underlays", "metadata",
                                                  "foglight", "videos", "settings", "duration", "global"};
      if (known.count(it.key()) || it.value().is_null() || (it.value().is_array() && it.value().empty())) continue;
      drawings_.push_back(fmt::format("\"{}\" (a SudokuPad feature puzzle-smt does not read)", it.key()));
    }
    if (doc_.contains("foglight") && !doc_["foglight"].is_null()) notes_.push_back("fog of war (it hides clues; the rules are the same)");
    if (doc_.contains("global") && doc_["global"].is_array() && !doc_["global"].empty())
      drawings_.push_back(fmt::format("global rule tags {}", doc_["global"].dump()));
    read_solution();
    check_rules_text();
    settle_drawings(b_.out, drawings_, origin_, options_,
                    "SudokuPad keeps line rules and global rules as drawings and text only; rebuild the puzzle in "
                    "f-puzzles or in puzzle-smt's JSON (puzzle-smt convert --partial gives a start), or pass "
                    "--partial if they only decorate it");
    if (!notes_.empty()) {
      json& notes = p["notes"];
      if (notes.is_null()) notes = json::array();
      for (const auto& s : notes_) notes.push_back(s);
    }
    check_reading_against_solution(b_.out, origin_);
    return std::move(b_.out);
  }

 private:
  [[noreturn]] void fail(const std::string& where, const std::string& message) const {
    throw InputError("input.sudokupad", kNoPath, fmt::format("SudokuPad data {}: {}", where, message), origin_);
  }

  void read_metadata() {
    if (doc_.contains("metadata") && doc_["metadata"].is_object()) {
      const json& m = doc_["metadata"];
      auto text = [&](const char* k) { return m.contains(k) && m[k].is_string() ? m[k].get<std::string>() : ""; };
      title_ = text("title");
      author_ = text("author");
      rules_ = text("rules");
      solution_ = text("solution");
      if (!text("bgimage").empty()) drawings_.push_back("a background image (rules can be drawn into it)");
    }
    // Older puzzles: metadata in cages without cells ("title: ...").
    if (doc_.contains("cages") && doc_["cages"].is_array())
      for (const auto& c : doc_["cages"]) {
        if (!c.is_object() || !c.contains("value") || !c["value"].is_string()) continue;
        if (c.contains("cells") && c["cells"].is_array() && !c["cells"].empty()) continue;
        static const std::regex meta(R"(^\s*([A-Za-z+-]+)\s*:\s*([\s\S]*)$)");
        std::smatch m;
        std::string v = c["value"].get<std::string>();
        if (!std::regex_match(v, m, meta)) continue;
        std::string k = m[1], val = m[2];
        for (auto& ch : k) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (k == "title") title_ = title_.empty() ? val : title_;
        else if (k == "author") author_ = author_.empty() ? val : author_;
        else if (k == "rules") rules_ = rules_.empty() ? val : rules_;
        else if (k == "solution") solution_ = solution_.empty() ? val : solution_;
        else if (k == "bgimage") drawings_.push_back("a background image (rules can be drawn into it)");
        else if (k == "antiknight" || k == "antiking") {
          if (val.find("true") != std::string::npos) b_.out.puzzle[k == "antiknight" ? "anti_knight" : "anti_king"] = true;
        } else if (k == "diagonal+" || k == "diagonal-") {
          if (val.find("true") != std::string::npos) b_.out.puzzle["diagonals"][k == "diagonal+" ? "anti" : "main"] = true;
        } else if (k == "msgcorrect" || k == "msgincorrect" || k == "source" || k == "foglight") {
          if (k == "foglight") notes_.push_back("fog of war (it hides clues; the rules are the same)");
        } else {
          drawings_.push_back(fmt::format("metadata \"{}\" (a rule puzzle-smt does not read from metadata)", k));
        }
      }
  }

  void read_cells() {
    if (!doc_.contains("cells") || !doc_["cells"].is_array() || doc_["cells"].empty()) fail("/cells", "no cells (the grid)");
    const json& rows = doc_["cells"];
    n_ = static_cast<int>(rows.size());
    if (n_ > 36) fail("/cells", fmt::format("{} rows; puzzle-smt reads grids up to 36x36", n_));
    for (int r = 0; r < n_; ++r)
      if (!rows[r].is_array() || static_cast<int>(rows[r].size()) != n_)
        fail(fmt::format("/cells/{}", r), fmt::format("expected {} cells (puzzle-smt reads square grids)", n_));
    std::vector<int> givens(static_cast<std::size_t>(n_) * n_, 0);
    bool any = false;
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) {
        const json& cell = rows[r][c];
        if (!cell.is_object()) continue;
        if (cell.contains("value") && !cell["value"].is_null()) {
          double v = num(cell["value"], -1);
          if (!is_int(v) || v < 1 || v > n_)
            fail(fmt::format("/cells/{}/{}", r, c), fmt::format("a given of {} in a {}x{} grid", cell["value"].dump(), n_, n_));
          givens[static_cast<std::size_t>(r) * n_ + c] = static_cast<int>(std::lround(v));
          any = true;
        }
        for (const char* marks : {"pencilMarks", "centremarks", "pm", "cm"})
          if (cell.contains(marks) && !(cell[marks].is_array() && cell[marks].empty()) && !cell[marks].is_null())
            drawings_.push_back(fmt::format("given pencil marks in {}", rc_label(r, c)));
      }
    json& p = b_.out.puzzle;
    p["size"] = n_;
    if (!any) return;
    json g = json::array();
    for (int r = 0; r < n_; ++r) {
      json row = json::array();
      for (int c = 0; c < n_; ++c) row.push_back(givens[static_cast<std::size_t>(r) * n_ + c]);
      g.push_back(row);
    }
    p["grid"] = g;
    b_.from("/grid", "SudokuPad cells");
  }

  void read_regions() {
    json& p = b_.out.puzzle;
    std::vector<int> region(static_cast<std::size_t>(n_) * n_, -1);
    const json* regions = doc_.contains("regions") && doc_["regions"].is_array() ? &doc_["regions"] : nullptr;
    if (!regions || regions->empty()) {
      // No regions: SudokuPad draws none, so the puzzle has none (a Latin square).
      const std::string none(static_cast<std::size_t>(n_), '.');
      p["regions"] = json::array();
      for (int r = 0; r < n_; ++r) p["regions"].push_back(none);
      b_.from("/regions", "SudokuPad regions (none)");
      return;
    }
    for (std::size_t k = 0; k < regions->size(); ++k) {
      const json& reg = (*regions)[k];
      if (!reg.is_array()) fail(fmt::format("/regions/{}", k), "a region is a list of [row, column]");
      for (const auto& rc : reg) {
        if (!rc.is_array() || rc.size() != 2 || !rc[0].is_number() || !rc[1].is_number())
          fail(fmt::format("/regions/{}", k), "a region is a list of [row, column]");
        double r = num(rc[0], -1), c = num(rc[1], -1);
        if (!is_int(r) || !is_int(c) || r < 0 || c < 0 || r >= n_ || c >= n_)
          fail(fmt::format("/regions/{}", k), fmt::format("[{}, {}] is not a cell of the {}x{} grid", rc[0].dump(), rc[1].dump(), n_, n_));
        int& slot = region[static_cast<std::size_t>(std::lround(r)) * n_ + std::lround(c)];
        if (slot >= 0) fail(fmt::format("/regions/{}", k), fmt::format("{} is also in region {}", rc_label(static_cast<int>(r), static_cast<int>(c)), slot + 1));
        slot = static_cast<int>(k);
      }
      if (static_cast<int>(reg.size()) > n_)
        fail(fmt::format("/regions/{}", k), fmt::format("{} cells; a region of a {}x{} grid has at most {}", reg.size(), n_, n_, n_));
    }
    // The standard boxes are written as "box".
    int bh = 1;
    for (int a = 1; a * a <= n_; ++a)
      if (n_ % a == 0) bh = a;
    for (auto [h, w] : {std::pair{bh, n_ / bh}, std::pair{n_ / bh, bh}}) {
      if (h == 1 || w == 1) continue;
      std::map<int, int> box_to_region;
      bool same = true;
      for (int r = 0; r < n_ && same; ++r)
        for (int c = 0; c < n_ && same; ++c) {
          int box = (r / h) * (n_ / w) + c / w, reg = region[static_cast<std::size_t>(r) * n_ + c];
          auto [it, fresh] = box_to_region.emplace(box, reg);
          same = reg >= 0 && it->second == reg;
        }
      std::set<int> distinct;
      for (auto& [box, reg] : box_to_region) distinct.insert(reg);
      if (same && distinct.size() == box_to_region.size()) {
        p["box"] = json::array({h, w});
        b_.from("/box", "SudokuPad regions");
        return;
      }
    }
    static const std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    if (regions->size() > letters.size()) fail("/regions", "more regions than puzzle-smt can name");
    json map = json::array();
    for (int r = 0; r < n_; ++r) {
      std::string row;
      for (int c = 0; c < n_; ++c) {
        int v = region[static_cast<std::size_t>(r) * n_ + c];
        row += v < 0 ? '.' : letters[static_cast<std::size_t>(v)];
      }
      map.push_back(row);
    }
    p["regions"] = map;
    b_.from("/regions", "SudokuPad regions");
  }

  void read_cages() {
    if (!doc_.contains("cages") || !doc_["cages"].is_array()) return;
    const json& cages = doc_["cages"];
    for (std::size_t k = 0; k < cages.size(); ++k) {
      const json& cage = cages[k];
      if (!cage.is_object()) continue;
      const bool has_cells = cage.contains("cells") && cage["cells"].is_array() && !cage["cells"].empty();
      if (!has_cells) continue;  // metadata (read above) or nothing
      json cells = json::array();
      for (const auto& rc : cage["cells"]) {
        double r = rc.is_array() && rc.size() == 2 ? num(rc[0], -1) : -1, c = rc.is_array() && rc.size() == 2 ? num(rc[1], -1) : -1;
        if (!is_int(r) || !is_int(c) || r < 0 || c < 0 || r >= n_ || c >= n_)
          fail(fmt::format("/cages/{}", k), fmt::format("{} is not a cell of the {}x{} grid", rc.dump(), n_, n_));
        cells.push_back(json::array({std::lround(r), std::lround(c)}));
      }
      json value = cage.contains("value") ? cage["value"] : cage.contains("sum") ? cage["sum"] : json();
      const bool unique = flag(cage, "unique", true);
      const bool hidden = flag(cage, "hidden", false);
      std::optional<double> total;
      if (value.is_number()) total = value.get<double>();
      else if (value.is_string() && !value.get<std::string>().empty()) {
        static const std::regex integer(R"(\s*\d{1,6}\s*)");
        if (std::regex_match(value.get<std::string>(), integer)) total = std::stod(value.get<std::string>());
        else {
          drawings_.push_back(fmt::format("cage {} \"{}\" (a cage clue that is not a total)", k + 1, shorten(value.get<std::string>(), 20)));
          continue;
        }
      }
      if (hidden && !total) continue;  // SudokuPad's hidden cages (cells outside regions) carry no rule
      if (!unique) {
        drawings_.push_back(fmt::format("cage {} marked as allowing repeats", k + 1));
        continue;
      }
      json item{{"cells", cells}};
      if (total) {
        if (!is_int(*total) || *total < 1) fail(fmt::format("/cages/{}", k), fmt::format("a killer total of {}", value.dump()));
        item["sum"] = std::lround(*total);
      }
      json& list = b_.out.puzzle["killer"];
      if (list.is_null()) list = json::array();
      b_.from(fmt::format("/killer/{}", list.size()), fmt::format("SudokuPad cage {}", k + 1));
      list.push_back(item);
    }
  }

  // Kropki dots and X/V letters from overlays and underlays; the rest are drawings.
  void read_marks() {
    json white = json::array(), black = json::array(), xs = json::array(), vs = json::array();
    for (const char* key : {"overlays", "underlays"}) {
      if (!doc_.contains(key) || !doc_[key].is_array()) continue;
      const json& list = doc_[key];
      for (std::size_t i = 0; i < list.size(); ++i) {
        const json& o = list[i];
        if (!o.is_object()) continue;
        auto edge = on_edge(o);
        std::string text = o.contains("text") ? (o["text"].is_string() ? o["text"].get<std::string>() : o["text"].dump()) : "";
        std::string fill = o.contains("backgroundColor") ? colour(o["backgroundColor"]) : "";
        double w = num(o.value("width", json(1.0)), 1), h = num(o.value("height", json(1.0)), 1);
        bool rounded = flag(o, "rounded", false);
        if (edge && text.empty() && rounded && w <= 0.45 && h <= 0.45 && (is_black(fill) || is_white(fill))) {
          (is_black(fill) ? black : white).push_back({{"cells", json::array({json::array({edge->first.first, edge->first.second}), json::array({edge->second.first, edge->second.second})})}});
          b_.from(fmt::format("/kropki/{}/{}", is_black(fill) ? "black" : "white", (is_black(fill) ? black : white).size() - 1),
                  fmt::format("SudokuPad {} {}", key, i + 1));
          continue;
        }
        if (edge && (text == "X" || text == "x" || text == "V" || text == "v") && !is_black(fill)) {
          bool x = text == "X" || text == "x";
          (x ? xs : vs).push_back({{"cells", json::array({json::array({edge->first.first, edge->first.second}), json::array({edge->second.first, edge->second.second})})}});
          continue;
        }
        add_shape(key, i, o, text);
      }
    }
    json& p = b_.out.puzzle;
    if (!white.empty() || !black.empty()) {
      p["kropki"] = json::object();
      if (!white.empty()) p["kropki"]["white"] = white;
      if (!black.empty()) p["kropki"]["black"] = black;
    }
    if (!xs.empty() || !vs.empty()) {
      p["xv"] = json::object();
      if (!xs.empty()) p["xv"]["x"] = xs;
      if (!vs.empty()) p["xv"]["v"] = vs;
    }
  }

  // The two orthogonally adjacent cells whose shared edge's midpoint is the
  // shape's centre, if it is one.
  std::optional<std::pair<std::pair<int, int>, std::pair<int, int>>> on_edge(const json& o) const {
    if (!o.contains("center") || !o["center"].is_array() || o["center"].size() != 2) return std::nullopt;
    double y = num(o["center"][0], -1), x = num(o["center"][1], -1);
    bool yi = is_int(y), xi = is_int(x), yh = is_int(y - 0.5), xh = is_int(x - 0.5);
    int r, c;
    if (yi && xh) {  // a horizontal edge: between (y-1, x) and (y, x)
      r = static_cast<int>(std::lround(y));
      c = static_cast<int>(std::lround(x - 0.5));
      if (r < 1 || r >= n_ || c < 0 || c >= n_) return std::nullopt;
      return std::pair{std::pair{r - 1, c}, std::pair{r, c}};
    }
    if (xi && yh) {  // a vertical edge
      r = static_cast<int>(std::lround(y - 0.5));
      c = static_cast<int>(std::lround(x));
      if (c < 1 || c >= n_ || r < 0 || r >= n_) return std::nullopt;
      return std::pair{std::pair{r, c - 1}, std::pair{r, c}};
    }
    return std::nullopt;
  }

  // A shape left for the rules text to explain.
  void add_shape(const char* key, std::size_t i, const json& o, const std::string& text) {
    Drawing d;
    d.type = Drawing::Type::Shape;
    d.name = describe_shape(key, i, o, text);
    d.colour = o.contains("backgroundColor") ? colour(o["backgroundColor"]) : "";
    d.border = o.contains("borderColor") ? colour(o["borderColor"]) : "";
    d.width = num(o.value("width", json(1.0)), 1);
    d.height = num(o.value("height", json(1.0)), 1);
    d.rounded = flag(o, "rounded", false);
    d.text = text;
    if (o.contains("center") && o["center"].is_array() && o["center"].size() == 2)
      d.centre = Point{num(o["center"][0], -100), num(o["center"][1], -100)};
    else
      d.centre = Point{-100, -100};
    shapes_.push_back(std::move(d));
  }

  void add_path(const char* key, std::size_t i, const json& l) {
    Drawing d;
    d.type = std::string(key) == "lines" ? Drawing::Type::Line : Drawing::Type::Arrow;
    d.name = describe_path(key, i, l);
    if (l.is_object()) {
      d.colour = l.contains("color") ? colour(l["color"]) : "";
      d.thickness = num(l.value("thickness", json(1.0)), 1);
      if (l.contains("wayPoints") && l["wayPoints"].is_array())
        for (const auto& p : l["wayPoints"])
          if (p.is_array() && p.size() == 2) d.points.push_back(Point{num(p[0], -100), num(p[1], -100)});
    }
    shapes_.push_back(std::move(d));
  }

  // Drawings the rules text gives a meaning to become rules; cell colours
  // are decoration unless the text speaks of coloured or shaded cells; the
  // rest are listed (and refused unless --partial).
  void map_drawings_through_rules() {
    json& p = b_.out.puzzle;
    auto read = map_drawings(shapes_, rules_, n_, p);
    for (auto& r : map_rules_text(rules_, p)) read.push_back(r);
    for (const char* key : {"thermo", "slow_thermo", "arrow", "little_killer", "whispers", "renban", "palindrome", "region_sum", "zipper", "entropic", "modular", "nabner", "odd", "even"})
      if (p.contains(key)) b_.from(fmt::format("/{}", key), "SudokuPad drawings read through the rules text");
    b_.out.mapped = read;
    const bool text_speaks_of_colour = std::regex_search(
        rules_, std::regex(R"(shad(e|ed|ing)|colou?r|gr[ae]y|highlight|\btinted|\bmarked cells?)", std::regex::icase));
    std::size_t decoration = 0;
    for (const auto& d : shapes_) {
      if (d.used) continue;
      const bool cell_fill = d.type == Drawing::Type::Shape && d.text.empty() && !d.rounded && d.width >= 0.95 &&
                             d.height >= 0.95 && d.width <= 1.05 && d.height <= 1.05 && is_int(d.centre.y - 0.5) &&
                             is_int(d.centre.x - 0.5) && d.centre.y > 0 && d.centre.x > 0 && d.centre.y < n_ && d.centre.x < n_;
      // A shape with no colour at all (alpha 0: SudokuPad's board-position underlay) shows nothing.
      const bool invisible = d.type == Drawing::Type::Shape && d.text.empty() && d.colour.size() == 9 &&
                             d.colour.substr(7) == "00" && (d.border.empty() || d.border == "none");
      if (invisible) continue;
      if (cell_fill && !text_speaks_of_colour) {
        ++decoration;
        continue;
      }
      drawings_.push_back(d.name);
    }
    if (decoration)
      b_.out.decorations.push_back(fmt::format("{} coloured cell{} read as decoration (the rules text gives colours no meaning)",
                                               decoration, decoration == 1 ? "" : "s"));
  }

  std::string describe_shape(const char* key, std::size_t i, const json& o, const std::string& text) const {
    std::string at;
    if (o.contains("center") && o["center"].is_array() && o["center"].size() == 2)
      at = fmt::format(" at ({}, {})", num(o["center"][0], 0), num(o["center"][1], 0));
    std::string t = text.empty() ? "" : fmt::format(" \"{}\"", shorten(text, 16));
    std::string fill = o.contains("backgroundColor") ? " " + colour(o["backgroundColor"]) : "";
    return fmt::format("{} {}{}{}{}", std::string(key).substr(0, std::string(key).size() - 1), i + 1, t, fill, at);
  }

  std::string describe_path(const char* key, std::size_t i, const json& l) const {
    std::string at;
    if (l.is_object() && l.contains("wayPoints") && l["wayPoints"].is_array() && !l["wayPoints"].empty()) {
      auto cell_of = [&](const json& p) {
        if (!p.is_array() || p.size() != 2) return std::string("?");
        return rc_label(static_cast<int>(std::floor(num(p[0], 0))), static_cast<int>(std::floor(num(p[1], 0))));
      };
      const json& wp = l["wayPoints"];
      at = " from " + cell_of(wp.front()) + " to " + cell_of(wp.back());
    }
    std::string col = l.is_object() && l.contains("color") ? " " + colour(l["color"]) : "";
    return fmt::format("{} {}{}{}", std::string(key) == "lines" ? "line" : "arrow", i + 1, col, at);
  }

  void read_solution() {
    std::string s;
    for (char c : solution_)
      if (!std::isspace(static_cast<unsigned char>(c))) s += c;
    if (s.empty()) return;
    std::vector<int> values;
    if (s.find(',') != std::string::npos) {
      std::size_t start = 0;
      while (start <= s.size()) {
        std::size_t end = s.find(',', start);
        if (end == std::string::npos) end = s.size();
        std::string part = s.substr(start, end - start);
        values.push_back(!part.empty() && std::all_of(part.begin(), part.end(), ::isdigit) && part.size() < 4 ? std::stoi(part) : 0);
        start = end + 1;
      }
    } else if (n_ <= 9) {
      for (char c : s) values.push_back(c >= '1' && c <= '9' ? c - '0' : 0);
    }
    if (values.size() != static_cast<std::size_t>(n_) * n_ || std::any_of(values.begin(), values.end(), [&](int v) { return v < 1 || v > n_; })) {
      notes_.push_back("SudokuPad solution: incomplete or not readable; not used");
      return;
    }
    json rows = json::array();
    for (int r = 0; r < n_; ++r) {
      json row = json::array();
      for (int c = 0; c < n_; ++c) row.push_back(values[static_cast<std::size_t>(r) * n_ + c]);
      rows.push_back(row);
    }
    b_.out.puzzle["expect"] = {{"solution", rows}};
    b_.from("/expect/solution", "SudokuPad metadata solution");
  }

  // Rules that SudokuPad keeps only in the rules text: a rule named there
  // that the data does not carry makes the import incomplete.
  void check_rules_text() {
    for (const auto& s : unexplained_rules(rules_, b_.out.puzzle))
      drawings_.push_back(fmt::format("the rules text says \"{}\", which is no rule puzzle-smt read from the data", shorten(s, 80)));
  }

  const json& doc_;
  std::string origin_, source_;
  ImportOptions options_;
  Builder b_;
  int n_ = 9;
  std::string title_, author_, rules_, solution_;
  std::vector<std::string> drawings_, notes_;
  std::vector<Drawing> shapes_;  // lines, arrows and shapes for the rules text to explain
};

}  // namespace

json sudokupad_unzip(const std::string& text, const std::string& origin) {
  // Older ctc data can be plain JSON.
  if (!text.empty() && text[0] == '{' && text.find('"') != std::string::npos) {
    try {
      json j = parse_json_text(text, origin);
      // Plain JSON uses the long names already; map any short ones.
      json out = json::object();
      for (auto it = j.begin(); it != j.end(); ++it) {
        auto ln = kLongNames.find(it.key());
        out[ln == kLongNames.end() ? it.key() : ln->second] = it.value();
      }
      return out;
    } catch (const InputError&) {
    }
  }
  return Unzipper(text, origin).parse();
}

Imported import_sudokupad(const std::string& text, const std::string& origin, const std::string& source,
                          const ImportOptions& options) {
  json doc = sudokupad_unzip(text, origin);
  return SudokuPad(doc, origin, source, options).run();
}

}  // namespace psmt::importers
