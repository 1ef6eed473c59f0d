// f-puzzles JSON -> our sudoku JSON.
//
// Every key of the f-puzzles format is either mapped to a constraint family
// of our sudoku kind, read as metadata, recognised as a drawing, or refused:
// a key this importer does not know, with items in it, is an error naming
// it, because leaving it out would change the verdict. The meanings follow
// rangsk's SudokuSolver (the solver f-puzzles users run): arrows are one
// sum per line, each line's first point sitting in the bulb; "nonconsecutive"
// is the white-dot negative constraint with difference 1 and "negative":
// ["ratio"] the black-dot one over the ratios in use, both exempting pairs
// that carry a dot of either colour; "negative": ["xv"] forbids sums 5 and
// 10 where no X or V is drawn; little killers without a positive number are
// no constraint; minimum/maximum cells compare with neighbours outside
// their own set.
//
// Drawings ("line", "rectangle", "circle", "text", cosmetic "cage", cell
// colours) may carry rules that only the rules text states. A drawing that
// rangsk's userscript made for a constraint that is in the data
// (`fromConstraint`, or `isNewConstraint` beside such a key) is that
// constraint's picture and is skipped; any other is refused unless the user
// says the drawings are decoration (--partial).
#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "grid/grid.h"
#include "importers/drawings.h"
#include "importers/formats.h"
#include "io/error.h"

namespace psmt::importers {
namespace {

using nlohmann::json;

// The keys this importer maps, and the drawing-only keys.
const std::set<std::string> kDrawingKeys = {"line", "rectangle", "circle", "text", "cage"};
// Solver settings and view options: no rule.
const std::set<std::string> kIgnoredKeys = {"disabledlogic", "truecandidatesoptions", "highlightConflicts",
                                            "highlight-conflicts", "version"};
// rangsk's userscript: `fromConstraint` names of drawings -> the key holding the constraint.
const std::map<std::string, std::string> kFromConstraint = {
    {"Renban", "renban"},           {"Whispers", "whispers"},     {"German Whispers", "whispers"},
    {"Dutch Whispers", "whispers"}, {"Region Sum Line", "regionsumline"},
    {"Entropic Line", "entropicline"}, {"Modular Line", "modularline"}, {"Nabner", "nabner"},
    {"Double Arrow", "doublearrow"}, {"Zipper Line", "zipperline"}, {"Slow Thermometer", "slowthermometer"},
    {"Row Indexer", "rowindexer"},  {"Column Indexer", "columnindexer"}, {"Box Indexer", "boxindexer"},
    {"X Sum", "xsum"},              {"Skyscraper", "skyscraper"}, {"Palindrome", "palindrome"},
    {"Between Line", "betweenline"}, {"Thermometer", "thermometer"}};
// Keys only rangsk's userscript writes (an `isNewConstraint` drawing belongs to one of them).
const std::set<std::string> kUserscriptKeys = {"renban", "whispers", "regionsumline", "entropicline", "modularline",
                                               "nabner", "doublearrow", "zipperline", "slowthermometer",
                                               "rowindexer", "columnindexer", "boxindexer", "xsum", "skyscraper"};

bool empty_value(const json& v) {
  return v.is_null() || (v.is_boolean() && !v.get<bool>()) || (v.is_array() && v.empty()) ||
         (v.is_string() && v.get_ref<const std::string&>().empty()) || (v.is_object() && v.empty());
}

class FPuzzles {
 public:
  FPuzzles(const json& doc, const std::string& origin, const std::string& source, const ImportOptions& options)
      : doc_(doc), root_(doc, ""), origin_(origin), source_(source), options_(options), b_("f-puzzles") {}

  Imported run() {
    root_.require_object();
    read_size();
    json& p = b_.out.puzzle;
    p = json::object();
    p["kind"] = "sudoku";
    if (auto t = text_field("title")) p["name"] = *t;
    p["source"] = source_;
    if (auto a = text_field("author")) p["author"] = *a;
    if (auto r = text_field("ruleset")) p["rules"] = *r;
    read_grid();
    for (auto it = doc_.begin(); it != doc_.end(); ++it) {
      const std::string& key = it.key();
      if (empty_value(it.value())) continue;
      if (key == "size" || key == "title" || key == "author" || key == "ruleset" || key == "grid" ||
          key == "solution" || kIgnoredKeys.count(key) || kDrawingKeys.count(key))
        continue;
      JsonNode node = root_.at(key);
      if (!map_key(key, node)) {
        std::string what = fmt::format("unknown f-puzzles constraint \"{}\"", key);
        node.fail("input.unsupported", what + "; refusing the puzzle rather than leaving the constraint out");
      }
    }
    finish_dots();
    read_drawings();
    read_solution();
    check_reading_against_solution(b_.out, origin_);
    return std::move(b_.out);
  }

 private:
  void read_size() {
    JsonNode s = root_.at("size");
    n_ = static_cast<int>(s.as_int(1, 36));
    JsonNode g = root_.at("grid");
    auto rows = g.items();
    if (rows.size() != static_cast<std::size_t>(n_))
      g.fail("input.shape", fmt::format("expected {} rows for size {}, found {}", n_, n_, rows.size()));
    for (const auto& r : rows)
      if (r.items().size() != static_cast<std::size_t>(n_))
        r.fail("input.shape", fmt::format("expected {} cells in a row, found {} (f-puzzles grids are square)", n_,
                                          r.items().size()));
  }

  std::optional<std::string> text_field(const char* key) const {
    auto f = root_.find(key);
    if (!f || !f->is_string()) return std::nullopt;
    std::string s = f->as_string();
    if (s.empty()) return std::nullopt;
    return s;
  }

  // "R3C7" -> (2, 6); `outside` allows row/column 0 and n+1 (clues outside).
  Cell cell(const JsonNode& node, bool outside = false) const {
    std::string s = node.as_string();
    static const std::regex re(R"([Rr](\d{1,3})[Cc](\d{1,3}))");
    std::smatch m;
    if (!std::regex_match(s, m, re)) node.fail("input.value", fmt::format("\"{}\" is not a cell (R<row>C<column>)", s));
    int r = std::stoi(m[1]), c = std::stoi(m[2]);
    int lo = outside ? 0 : 1, hi = outside ? n_ + 1 : n_;
    if (r < lo || r > hi || c < lo || c > hi)
      node.fail("input.value", fmt::format("\"{}\" is {} the {}x{} grid", s, outside ? "too far from" : "not a cell of", n_, n_));
    return {r - 1, c - 1};
  }
  json cells(const JsonNode& list) const {
    json out = json::array();
    for (const auto& e : list.items()) {
      Cell c = cell(e);
      out.push_back(json::array({c.row, c.col}));
    }
    return out;
  }
  // A number written as a string ("17") or a number.
  std::optional<int> number(const JsonNode& node) const {
    if (node.is_number()) return static_cast<int>(node.as_int(-1000000, 1000000));
    std::string s = node.as_string();
    if (s.empty()) return std::nullopt;
    static const std::regex re(R"(\s*-?\d{1,7}\s*)");
    if (!std::regex_match(s, re)) node.fail("input.value", fmt::format("\"{}\" is not a number", s));
    return std::stoi(s);
  }
  std::string ptr(const std::string& key, std::size_t i) const { return fmt::format("/{}/{}", key, i); }

  void push(const std::string& family, json item, const std::string& theirs) {
    json& list = b_.out.puzzle[family];
    if (list.is_null()) list = json::array();
    b_.from(fmt::format("/{}/{}", family, list.size()), theirs);
    list.push_back(std::move(item));
  }
  void flag(const std::string& family, const JsonNode& node) {
    if (!node.as_bool()) return;
    b_.out.puzzle[family] = true;
    b_.from("/" + family, node.where());
  }

  // Givens and regions from the grid.
  void read_grid() {
    auto rows = root_.at("grid").items();
    std::vector<int> givens(static_cast<std::size_t>(n_) * n_, 0);
    std::vector<int> region(static_cast<std::size_t>(n_) * n_, 0);
    auto [bh, bw] = default_shape(n_);
    for (int r = 0; r < n_; ++r) {
      auto row = rows[r].items();
      for (int c = 0; c < n_; ++c) {
        const JsonNode& e = row[c];
        const int i = r * n_ + c;
        region[i] = (r / bh) * (n_ / bw) + c / bw;
        if (e.is_null()) continue;
        e.require_object();
        bool given = false;
        if (auto g = e.find("given")) given = g->as_bool();
        if (auto v = e.find("value")) {
          int d = static_cast<int>(v->as_int(0, n_));
          if (given && d) givens[i] = d;
        }
        if (e.json().contains("region")) {
          const json& rv = e.json().at("region");
          if (rv.is_null()) region[i] = -1;
          else region[i] = static_cast<int>(e.at("region").as_int(0, 1000));
        }
        if (auto gpm = e.find("givenPencilMarks"); gpm && !gpm->items().empty()) {
          json ds = json::array();
          for (const auto& d : gpm->items()) ds.push_back(d.as_int(1, n_));
          push("candidates", {{"cell", json::array({r, c})}, {"digits", ds}}, gpm->where());
        }
        // The solver's own marks and entries saved with the puzzle: not givens.
        bool marks = (e.find("centerPencilMarks") && !empty_value(e.json()["centerPencilMarks"])) ||
                     (e.find("cornerPencilMarks") && !empty_value(e.json()["cornerPencilMarks"])) ||
                     (!given && e.find("value") && !empty_value(e.json()["value"]) && e.json()["value"] != 0);
        if (marks) solver_marks_++;
        bool coloured = (e.find("c") && !empty_value(e.json()["c"])) ||
                        (e.find("cArray") && !empty_value(e.json()["cArray"]));
        if (coloured) coloured_.push_back(rc_label(r, c));
      }
    }
    json& p = b_.out.puzzle;
    p["size"] = n_;
    if (std::any_of(givens.begin(), givens.end(), [](int v) { return v != 0; })) {
      if (n_ <= 9) {
        json g = json::array();
        for (int r = 0; r < n_; ++r) {
          std::string s;
          for (int c = 0; c < n_; ++c) s += givens[r * n_ + c] ? static_cast<char>('0' + givens[r * n_ + c]) : '.';
          g.push_back(s);
        }
        p["grid"] = g;
      } else {
        json g = json::array();
        for (int r = 0; r < n_; ++r) {
          json row = json::array();
          for (int c = 0; c < n_; ++c) row.push_back(givens[r * n_ + c]);
          g.push_back(row);
        }
        p["grid"] = g;
      }
      b_.from("/grid", "/grid");
    }
    // Regions: the default boxes are written as "box"; anything else as a
    // region map (a prime size has one region per row by default).
    std::map<int, int> count;
    for (int v : region)
      if (v >= 0) count[v]++;
    for (auto [k, m] : count)
      if (k < n_ && m != n_)
        root_.at("grid").fail("input.shape", fmt::format("region {} has {} cells; every region of a {}x{} grid has {}",
                                                         k + 1, m, n_, n_, n_));
    const bool boxes = (bh > 1 && bw < n_) || n_ == 1;
    bool is_default = true;
    for (int r = 0; r < n_ && is_default; ++r)
      for (int c = 0; c < n_; ++c)
        if (region[r * n_ + c] != (r / bh) * (n_ / bw) + c / bw) is_default = false;
    if (is_default && boxes) {
      p["box"] = json::array({bh, bw});
    } else {
      static const std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
      std::map<int, char> name;
      json map = json::array();
      for (int r = 0; r < n_; ++r) {
        std::string row;
        for (int c = 0; c < n_; ++c) {
          int v = region[r * n_ + c];
          if (v < 0) {
            row += '.';
            continue;
          }
          auto it = name.find(v);
          if (it == name.end()) {
            if (name.size() >= letters.size())
              root_.at("grid").fail("input.shape", "more regions than puzzle-smt can name");
            it = name.emplace(v, letters[name.size()]).first;
          }
          row += it->second;
        }
        map.push_back(row);
      }
      p["regions"] = map;
      b_.from("/regions", "/grid (regions)");
      jigsaw_ = true;
    }
  }

  // f-puzzles' default box of an n x n grid: the squarest h x w with h <= w
  // (a prime n: one region per row).
  static std::pair<int, int> default_shape(int n) {
    int h = 1;
    for (int a = 1; a * a <= n; ++a)
      if (n % a == 0) h = a;
    return {h, n / h};
  }

  // Lines: {lines: [[cells...], ...]} -> one item per line with >= min cells.
  void lines(const std::string& key, const JsonNode& node, const std::string& family, std::size_t min,
             const std::function<json(json cells, const JsonNode& entry)>& make = nullptr) {
    auto entries = node.items();
    for (std::size_t i = 0; i < entries.size(); ++i) {
      entries[i].require_object();
      auto ls = entries[i].at("lines").items();
      for (std::size_t k = 0; k < ls.size(); ++k) {
        json cs = cells(ls[k]);
        if (cs.size() < min) continue;  // a one-cell thermometer or line constrains nothing
        json item = make ? make(cs, entries[i]) : json{{"cells", cs}};
        push(family, item, ls[k].where());
      }
    }
    (void)key;
  }

  // Clues outside the grid ({cell: "R0C3", value}) as our per-side lists.
  void outside_clues(const JsonNode& node, const std::string& family, const char* what) {
    json sides = {{"top", json(static_cast<std::size_t>(n_), nullptr)},
                  {"bottom", json(static_cast<std::size_t>(n_), nullptr)},
                  {"left", json(static_cast<std::size_t>(n_), nullptr)},
                  {"right", json(static_cast<std::size_t>(n_), nullptr)}};
    auto entries = node.items();
    for (std::size_t i = 0; i < entries.size(); ++i) {
      entries[i].require_object();
      auto value = entries[i].find("value");
      auto v = value ? number(*value) : std::nullopt;
      if (!v) continue;
      Cell at = cell(entries[i].at("cell"), true);
      const char* side = at.row == -1 ? "top" : at.row == n_ ? "bottom" : at.col == -1 ? "left" : at.col == n_ ? "right" : nullptr;
      const bool corner = (at.row == -1 || at.row == n_) && (at.col == -1 || at.col == n_);
      if (!side || corner) entries[i].at("cell").fail("input.value", fmt::format("{} clue sits outside the grid, beside a row or above/below a column", what));
      const std::size_t k = static_cast<std::size_t>(std::string(side) == "top" || std::string(side) == "bottom" ? at.col : at.row);
      json& slot = sides[side][k];
      if (!slot.is_null() && slot.get<int>() != *v)
        entries[i].fail("input.value", fmt::format("two different clues ({} and {}) in one place", slot.get<int>(), *v));
      slot = *v;
      b_.from(fmt::format("/{}/{}/{}", family, side, k), entries[i].where());
    }
    for (const char* side : {"top", "bottom", "left", "right"}) {
      bool any = false;
      for (const auto& x : sides[side]) any = any || !x.is_null();
      if (!any) sides.erase(side);
    }
    if (!sides.empty()) b_.out.puzzle[family] = sides;
  }

  bool map_key(const std::string& key, const JsonNode& node) {
    json& p = b_.out.puzzle;
    if (key == "diagonal+" || key == "diagonal-") {
      if (!node.as_bool()) return true;
      p["diagonals"][key == "diagonal+" ? "anti" : "main"] = true;
      b_.from(std::string("/diagonals/") + (key == "diagonal+" ? "anti" : "main"), node.where());
    } else if (key == "antiknight") {
      flag("anti_knight", node);
    } else if (key == "antiking") {
      flag("anti_king", node);
    } else if (key == "disjointgroups") {
      if (node.as_bool() && jigsaw_)
        node.fail("input.unsupported", "disjoint groups on irregular regions are not defined (no boxes to compare)");
      flag("disjoint_groups", node);
    } else if (key == "nonconsecutive") {
      flag("non_consecutive", node);
    } else if (key == "negative") {
      for (const auto& e : node.items()) {
        std::string v = e.as_string();
        if (v == "ratio") negative_black_ = e.where();
        else if (v == "xv") negative_xv_ = e.where();
        else e.fail("input.unsupported", fmt::format("unknown negative constraint \"{}\" (known: ratio, xv)", v));
      }
    } else if (key == "killercage") {
      auto cages = node.items();
      for (std::size_t i = 0; i < cages.size(); ++i) {
        cages[i].require_object();
        json item{{"cells", cells(cages[i].at("cells"))}};
        if (item["cells"].empty()) continue;
        if (auto v = cages[i].find("value"))
          if (auto s = number(*v)) {
            if (*s < 1) v->fail("input.value", fmt::format("a killer total must be positive, found {}", *s));
            item["sum"] = *s;
          }
        push("killer", item, cages[i].where());
      }
    } else if (key == "extraregion") {
      auto rs = node.items();
      for (std::size_t i = 0; i < rs.size(); ++i) {
        rs[i].require_object();
        json cs = cells(rs[i].at("cells"));
        if (cs.size() >= 2) push("extra_regions", {{"cells", cs}}, rs[i].where());
      }
    } else if (key == "thermometer") {
      lines(key, node, "thermo", 2);
    } else if (key == "palindrome") {
      lines(key, node, "palindrome", 2);
    } else if (key == "slowthermometer") {
      lines(key, node, "slow_thermo", 2);
    } else if (key == "regionsumline") {
      lines(key, node, "region_sum", 2);
    } else if (key == "zipperline") {
      lines(key, node, "zipper", 3);
    } else if (key == "entropicline") {
      lines(key, node, "entropic", 2);
    } else if (key == "modularline") {
      lines(key, node, "modular", 2);
    } else if (key == "nabner") {
      lines(key, node, "nabner", 2);
    } else if (key == "doublearrow") {
      lines(key, node, "double_arrow", 3);
    } else if (key == "lockout") {
      lines(key, node, "lockout", 2, [&](json cs, const JsonNode& entry) {
        json item{{"cells", cs}};
        if (auto v = entry.find("value"))
          if (auto d = number(*v)) {
            if (*d < 1 || *d >= n_) v->fail("input.value", fmt::format("a lockout difference is 1 to {}, found {}", n_ - 1, *d));
            item["difference"] = *d;
          }
        return item;
      });
    } else if (key == "rowindexer" || key == "columnindexer" || key == "boxindexer") {
      const std::string family = key == "rowindexer" ? "row_indexer" : key == "columnindexer" ? "column_indexer" : "box_indexer";
      auto entries = node.items();
      for (std::size_t i = 0; i < entries.size(); ++i) {
        entries[i].require_object();
        for (auto c : cells(entries[i].at("cells"))) push(family, c, entries[i].where());
      }
    } else if (key == "xsum" || key == "skyscraper") {
      outside_clues(node, key == "xsum" ? "x_sum" : "skyscrapers", key == "xsum" ? "an X-sum" : "a skyscraper");
    } else if (key == "renban") {
      lines(key, node, "renban", 2);
    } else if (key == "betweenline") {
      lines(key, node, "between", 3);
    } else if (key == "whispers") {
      lines(key, node, "whispers", 2, [&](json cs, const JsonNode& entry) {
        json item{{"cells", cs}, {"difference", 5}};
        if (auto v = entry.find("value"))
          if (auto d = number(*v)) {
            if (*d < 1 || *d >= n_) v->fail("input.value", fmt::format("a whispers difference is 1 to {}, found {}", n_ - 1, *d));
            item["difference"] = *d;
          }
        return item;
      });
    } else if (key == "arrow") {
      auto arrows = node.items();
      for (std::size_t i = 0; i < arrows.size(); ++i) {
        arrows[i].require_object();
        json bulb = cells(arrows[i].at("cells"));
        if (bulb.empty()) arrows[i].at("cells").fail("input.shape", "an arrow needs its circle's cells");
        auto ls = arrows[i].at("lines").items();
        for (const auto& l : ls) {
          json cs = cells(l);
          if (cs.size() < 2) continue;  // a line with no cell beyond the circle: no arrow drawn
          json line(cs.begin() + 1, cs.end());
          push("arrow", {{"circle", bulb}, {"line", line}}, l.where());
        }
      }
    } else if (key == "littlekillersum") {
      auto lks = node.items();
      for (std::size_t i = 0; i < lks.size(); ++i) {
        lks[i].require_object();
        auto v = lks[i].find("value");
        std::optional<int> sum;
        if (v && !(v->is_string() && v->as_string().empty())) {
          if (v->is_string()) {
            static const std::regex re(R"(\s*\d{1,7}\s*)");
            if (std::regex_match(v->as_string(), re)) sum = std::stoi(v->as_string());
          } else {
            sum = number(*v);
          }
        }
        if (!sum || *sum <= 0) {  // no number: an arrow without a clue
          notes_.push_back(fmt::format("little killer {} has no positive number and constrains nothing", i + 1));
          continue;
        }
        Cell at = cell(lks[i].at("cell"), true);
        std::string dir = lks[i].at("direction").as_string();
        if (dir != "UL" && dir != "UR" && dir != "DL" && dir != "DR")
          lks[i].at("direction").fail("input.value", fmt::format("expected UL, UR, DL or DR, found \"{}\"", dir));
        push("little_killer", {{"clue", json::array({at.row, at.col})}, {"direction", dir}, {"sum", *sum}},
             lks[i].where());
      }
    } else if (key == "sandwichsum") {
      auto ss = node.items();
      json rows(static_cast<std::size_t>(n_), nullptr), cols(static_cast<std::size_t>(n_), nullptr);
      for (std::size_t i = 0; i < ss.size(); ++i) {
        ss[i].require_object();
        auto value = ss[i].find("value");
        auto v = value ? number(*value) : std::nullopt;
        if (!v) continue;
        Cell at = cell(ss[i].at("cell"), true);
        bool column = at.row == -1 || at.row == n_;
        bool row = at.col == -1 || at.col == n_;
        if (column == row)
          ss[i].at("cell").fail("input.value", "a sandwich clue sits outside the grid, beside a row or above/below a column");
        json& slot = column ? cols[static_cast<std::size_t>(at.col)] : rows[static_cast<std::size_t>(at.row)];
        if (!slot.is_null() && slot.get<int>() != *v)
          ss[i].fail("input.value", fmt::format("two different sandwich clues ({} and {}) for the same line", slot.get<int>(), *v));
        slot = *v;
        b_.from(fmt::format("/sandwich/{}/{}", column ? "columns" : "rows", column ? at.col : at.row), ss[i].where());
      }
      p["sandwich"] = {{"rows", rows}, {"columns", cols}};
    } else if (key == "difference" || key == "ratio") {
      auto ds = node.items();
      for (std::size_t i = 0; i < ds.size(); ++i) {
        ds[i].require_object();
        json cs = cells(ds[i].at("cells"));
        if (cs.size() != 2) ds[i].at("cells").fail("input.shape", fmt::format("a dot joins 2 cells, found {}", cs.size()));
        json dot{{"cells", cs}};
        if (auto v = ds[i].find("value"))
          if (auto k = number(*v)) dot["value"] = *k;
        auto& list = key == "difference" ? white_ : black_;
        list.push_back({dot, ds[i].where()});
      }
    } else if (key == "xv") {
      auto xs = node.items();
      for (std::size_t i = 0; i < xs.size(); ++i) {
        xs[i].require_object();
        json cs = cells(xs[i].at("cells"));
        if (cs.size() != 2) xs[i].at("cells").fail("input.shape", fmt::format("an X or V joins 2 cells, found {}", cs.size()));
        std::string v = xs[i].find("value") ? xs[i].at("value").as_string() : "";
        if (v.empty()) continue;  // [R] skips an XV without a letter
        if (v != "X" && v != "x" && v != "V" && v != "v")
          xs[i].at("value").fail("input.value", fmt::format("expected \"X\" or \"V\", found \"{}\"", v));
        (v == "X" || v == "x" ? xs_ : vs_).push_back({json{{"cells", cs}}, xs[i].where()});
      }
    } else if (key == "minimum" || key == "maximum" || key == "odd" || key == "even") {
      auto cs = node.items();
      for (std::size_t i = 0; i < cs.size(); ++i) {
        cs[i].require_object();
        if (!cs[i].find("cell")) continue;
        Cell c = cell(cs[i].at("cell"));
        push(key, json::array({c.row, c.col}), cs[i].where());
      }
    } else if (key == "quadruple") {
      auto qs = node.items();
      for (std::size_t i = 0; i < qs.size(); ++i) {
        qs[i].require_object();
        json cs = cells(qs[i].at("cells"));
        json ds = json::array();
        for (const auto& d : qs[i].at("values").items()) ds.push_back(d.as_int(1, n_));
        if (ds.empty()) continue;  // an empty circle
        push("quadruple", {{"cells", cs}, {"digits", ds}}, qs[i].where());
      }
    } else if (key == "clone") {
      auto cl = node.items();
      for (std::size_t i = 0; i < cl.size(); ++i) {
        cl[i].require_object();
        json a = cells(cl[i].at("cells")), b = cells(cl[i].at("cloneCells"));
        if (a.size() != b.size())
          cl[i].fail("input.shape", fmt::format("a clone of {} cells has {} copies", a.size(), b.size()));
        json from = json::array(), to = json::array();
        for (std::size_t k = 0; k < a.size(); ++k)
          if (a[k] != b[k]) {
            from.push_back(a[k]);
            to.push_back(b[k]);
          }
        if (!from.empty()) push("clone", {{"cells", from}, {"copy", to}}, cl[i].where());
      }
    } else {
      return false;
    }
    return true;
  }

  // Kropki and XV with their negative constraints, once all keys are read.
  void finish_dots() {
    json& p = b_.out.puzzle;
    if (!white_.empty() || !black_.empty() || negative_black_) {
      json k = json::object();
      for (auto [colour, list] : {std::pair{"white", &white_}, std::pair{"black", &black_}}) {
        if (list->empty()) continue;
        k[colour] = json::array();
        for (std::size_t i = 0; i < list->size(); ++i) {
          b_.from(fmt::format("/kropki/{}/{}", colour, i), (*list)[i].second);
          k[colour].push_back((*list)[i].first);
        }
      }
      if (negative_black_) {
        k["negative"] = json::array({"black"});
        b_.from("/kropki/negative", *negative_black_);
      }
      p["kropki"] = k;
    }
    if (!xs_.empty() || !vs_.empty() || negative_xv_) {
      json x = json::object();
      for (auto [letter, list] : {std::pair{"x", &xs_}, std::pair{"v", &vs_}}) {
        if (list->empty()) continue;
        x[letter] = json::array();
        for (std::size_t i = 0; i < list->size(); ++i) {
          b_.from(fmt::format("/xv/{}/{}", letter, i), (*list)[i].second);
          x[letter].push_back((*list)[i].first);
        }
      }
      if (negative_xv_) {
        x["negative"] = true;
        b_.from("/xv/negative", *negative_xv_);
      }
      p["xv"] = x;
    }
  }

  // Cosmetic keys: metadata cages, pictures of constraints in the data, and
  // drawings that may carry rules.
  void read_drawings() {
    std::vector<std::string> drawings;
    // Cell colours decorate (f-puzzles' own solver ignores them), unless the
    // rules text speaks of coloured or shaded cells.
    if (!coloured_.empty()) {
      const std::string rules = text_field("ruleset").value_or("");
      const bool text_speaks_of_colour = std::regex_search(
          rules, std::regex(R"(shad(e|ed|ing)|colou?r|gr[ae]y|highlight|\btinted|\bmarked cells?|\b(red|green|blue|yellow|orange|purple|pink) cells?)",
                            std::regex::icase));
      std::string what = fmt::format("{} coloured cell{} ({}{})", coloured_.size(), coloured_.size() == 1 ? "" : "s",
                                     coloured_.front(), coloured_.size() > 1 ? ", ..." : "");
      if (text_speaks_of_colour) drawings.push_back(what);
      else b_.out.decorations.push_back(what + " read as decoration (the rules text gives colours no meaning)");
    }
    if (solver_marks_)
      b_.out.decorations.push_back(fmt::format("{} cell{} with a solver's pencil marks or digits (not givens) ignored", solver_marks_,
                                               solver_marks_ == 1 ? "" : "s"));
    std::vector<Drawing> cosmetic;
    bool userscript = false;
    for (const auto& k : kUserscriptKeys)
      if (doc_.contains(k) && !empty_value(doc_[k])) userscript = true;
    static const std::regex meta(R"(^\s*(title|author|rules|solution|msgcorrect|msgincorrect|source|bgimage)\s*:)",
                                 std::regex::icase);
    for (const auto& key : kDrawingKeys) {
      auto node = root_.find(key);
      if (!node || !node->is_array()) continue;
      auto items = node->items();
      for (std::size_t i = 0; i < items.size(); ++i) {
        const json& e = items[i].json();
        if (!e.is_object()) continue;
        if (e.contains("fromConstraint") && e["fromConstraint"].is_string()) {
          auto fc = kFromConstraint.find(e["fromConstraint"].get<std::string>());
          if (fc != kFromConstraint.end() && doc_.contains(fc->second) && !empty_value(doc_[fc->second])) continue;
        }
        if (e.contains("isNewConstraint") && e["isNewConstraint"] == true && userscript) continue;
        std::string value = e.contains("value") && e["value"].is_string() ? e["value"].get<std::string>() : "";
        if (key == "cage" && std::regex_search(value, meta)) continue;  // SudokuPad metadata
        if (key == "cage" && (value == "FOW" || value == "FOGLIGHT")) {
          notes_.push_back("fog of war (it hides clues while solving; the rules are the same)");
          continue;
        }
        std::smatch dr;
        if (key == "cage" && std::regex_match(value, dr, std::regex(R"(\s*DR(\d+)\s*)"))) {
          int root = std::stoi(dr[1].str().substr(0, 3));
          if (root < 1 || root > 9) items[i].fail("input.value", fmt::format("a digital root is 1 to 9, found {}", dr[1].str()));
          push("digital_root", {{"cells", cells(items[i].at("cells"))}, {"root", root}}, items[i].where());
          continue;
        }
        cosmetic.push_back(as_drawing(key, i, e));
      }
    }
    // Cosmetic lines and shapes the rules text gives a meaning (as SudokuPad's
    // drawings), then global rules and negative constraints stated in words.
    if (auto rules = text_field("ruleset")) {
      for (auto& r : map_drawings(cosmetic, *rules, n_, b_.out.puzzle)) b_.out.mapped.push_back(r);
      for (const char* f : {"thermo", "slow_thermo", "arrow", "little_killer", "whispers", "renban", "palindrome", "region_sum",
                            "zipper", "entropic", "modular", "nabner", "odd", "even"})
        if (b_.out.puzzle.contains(f) && !b_.out.mapped.empty()) b_.from(fmt::format("/{}", f), "f-puzzles data and its cosmetic drawings");
      for (auto& r : map_rules_text(*rules, b_.out.puzzle)) b_.out.mapped.push_back(r);
    }
    for (const auto& d : cosmetic)
      if (!d.used) drawings.push_back(d.name);
    if (auto rules = text_field("ruleset"))
      for (const auto& s : unexplained_rules(*rules, b_.out.puzzle))
        drawings.push_back(fmt::format("the rules text says \"{}\", which is no rule puzzle-smt read from the data", shorten(s, 80)));
    settle_drawings(b_.out, drawings, origin_, options_,
                    "if they only decorate the puzzle, pass --partial; if they carry rules, write the puzzle in "
                    "puzzle-smt's JSON (puzzle-smt convert --partial gives a start) with those rules added");
    if (!notes_.empty()) {
      json& notes = b_.out.puzzle["notes"];
      if (notes.is_null()) notes = json::array();
      for (const auto& s : notes_) notes.push_back(s);
    }
  }

  // A cosmetic entry as a drawing in grid units (a cell's centre is
  // (r + 0.5, c + 0.5)): lines through their cells' centres, shapes at the
  // middle of their cells, sizes in cells.
  Drawing as_drawing(const std::string& key, std::size_t i, const json& e) const {
    Drawing d;
    d.name = describe_drawing(key, i, e);
    auto colour_of = [&](const char* k) {
      if (!e.contains(k) || !e[k].is_string()) return std::string();
      std::string c = e[k].get<std::string>();
      for (auto& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      return c;
    };
    auto centre_of = [](const std::string& rc) -> std::optional<Point> {
      static const std::regex re(R"(^[Rr](-?\d+)[Cc](-?\d+)$)");
      std::smatch m;
      if (!std::regex_match(rc, m, re)) return std::nullopt;
      return Point{std::stoi(m[1].str().substr(0, 4)) - 0.5, std::stoi(m[2].str().substr(0, 4)) - 0.5};
    };
    if (key == "line") {
      d.type = Drawing::Type::Line;
      d.colour = colour_of("outlineC");
      d.thickness = e.contains("width") && e["width"].is_number() ? e["width"].get<double>() * 32 : 8;
      // One drawing per entry; an entry of several lines becomes several (the first carries the name).
      if (e.contains("lines") && e["lines"].is_array() && !e["lines"].empty() && e["lines"][0].is_array())
        for (const auto& c : e["lines"][0])
          if (c.is_string())
            if (auto p = centre_of(c.get<std::string>())) d.points.push_back(*p);
      if (e.contains("lines") && e["lines"].is_array() && e["lines"].size() > 1) d.points.clear();  // not read: several lines
      return d;
    }
    d.type = Drawing::Type::Shape;
    d.colour = colour_of("baseC");
    d.border = colour_of("outlineC");
    d.rounded = key == "circle";
    d.width = e.contains("width") && e["width"].is_number() ? e["width"].get<double>() : 1;
    d.height = e.contains("height") && e["height"].is_number() ? e["height"].get<double>() : d.width;
    if (e.contains("value")) d.text = e["value"].is_string() ? e["value"].get<std::string>() : e["value"].dump();
    if (key == "text" || key == "cage") d.width = d.height = 0;  // not a shape the rules text can name
    double y = 0, x = 0;
    int k = 0;
    if (e.contains("cells") && e["cells"].is_array())
      for (const auto& c : e["cells"])
        if (c.is_string())
          if (auto p = centre_of(c.get<std::string>())) {
            y += p->y;
            x += p->x;
            ++k;
          }
    d.centre = k ? Point{y / k, x / k} : Point{-100, -100};
    return d;
  }

  std::string describe_drawing(const std::string& key, std::size_t i, const json& e) const {
    std::vector<std::string> where;
    auto add_cells = [&](const json& list) {
      if (!list.is_array()) return;
      for (const auto& c : list)
        if (c.is_string()) where.push_back(c.get<std::string>());
    };
    if (e.contains("cells")) add_cells(e["cells"]);
    if (e.contains("lines") && e["lines"].is_array())
      for (const auto& l : e["lines"]) add_cells(l);
    std::string at;
    if (!where.empty()) at = where.size() == 1 ? " at " + where.front() : " from " + where.front() + " to " + where.back();
    std::string value = e.contains("value") && e["value"].is_string() && !e["value"].get<std::string>().empty()
                            ? fmt::format(" \"{}\"", shorten(e["value"].get<std::string>(), 20))
                            : "";
    return fmt::format("{} {}{}{} (/{}/{})", key, i + 1, value, at, key, i);
  }

  void read_solution() {
    auto s = root_.find("solution");
    if (!s) return;
    std::vector<int> values;
    if (s->is_array()) {
      for (const auto& v : s->items()) {
        if (v.is_number()) values.push_back(static_cast<int>(v.as_int(0, n_)));
        else if (v.is_string() && !v.as_string().empty() && std::isdigit(static_cast<unsigned char>(v.as_string()[0])))
          values.push_back(std::stoi(v.as_string()));
        else values.push_back(0);
      }
    } else {
      std::string str = s->as_string();
      if (str.find(',') != std::string::npos) {
        std::size_t start = 0;
        while (start <= str.size()) {
          std::size_t end = str.find(',', start);
          if (end == std::string::npos) end = str.size();
          std::string part = str.substr(start, end - start);
          values.push_back(!part.empty() && std::isdigit(static_cast<unsigned char>(part[0])) ? std::stoi(part) : 0);
          start = end + 1;
        }
      } else if (str.size() == static_cast<std::size_t>(n_) * n_ && n_ <= 9) {
        for (char ch : str) values.push_back(ch >= '1' && ch <= '9' ? ch - '0' : 0);
      } else if (!str.empty()) {
        notes_solution("the solution string cannot be split into cells unambiguously; not used");
        return;
      }
    }
    if (std::all_of(values.begin(), values.end(), [](int v) { return v == 0; })) return;  // blank
    if (values.size() != static_cast<std::size_t>(n_) * n_ ||
        std::any_of(values.begin(), values.end(), [&](int v) { return v < 1 || v > n_; })) {
      notes_solution("the solution is incomplete or out of range; not used");
      return;
    }
    json rows = json::array();
    for (int r = 0; r < n_; ++r) {
      json row = json::array();
      for (int c = 0; c < n_; ++c) row.push_back(values[r * n_ + c]);
      rows.push_back(row);
    }
    b_.out.puzzle["expect"] = {{"solution", rows}};
    b_.from("/expect/solution", "/solution");
  }
  void notes_solution(const std::string& why) {
    json& notes = b_.out.puzzle["notes"];
    if (notes.is_null()) notes = json::array();
    notes.push_back("f-puzzles solution: " + why);
  }

  const json& doc_;
  JsonNode root_;
  std::string origin_, source_;
  ImportOptions options_;
  Builder b_;
  int n_ = 9;
  bool jigsaw_ = false;
  std::vector<std::string> coloured_, notes_;
  int solver_marks_ = 0;  // cells with pencil marks or digits that are not givens
  std::vector<std::pair<json, std::string>> white_, black_, xs_, vs_;
  std::optional<std::string> negative_black_, negative_xv_;
};

}  // namespace

Imported import_fpuzzles(const json& doc, const std::string& origin, const std::string& source,
                         const ImportOptions& options) {
  try {
    return FPuzzles(doc, origin, source, options).run();
  } catch (InputError& e) {
    if (e.file().empty()) e.set_file(origin + " (f-puzzles data)");
    throw;
  }
}

}  // namespace psmt::importers
