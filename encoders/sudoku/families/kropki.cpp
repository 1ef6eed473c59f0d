// Kropki dots. White: the two digits differ by the dot's value (1 unless
// given). Black: one digit is the value times the other (2 unless given; 1-2
// may take either side). The negative constraint ("all dots are given"):
// for white, orthogonal neighbours with no dot of either colour do not differ
// by any white value in use (1 when there are none); for black, they are in
// no black ratio in use (2 when there are none) — as rangsk's SudokuSolver
// reads f-puzzles' "nonconsecutive" and "negative": ["ratio"].
//   "kropki": {"white": [{"cells": [[0, 0], [0, 1]]}], "black": [{"cells": [[1, 0], [2, 0]], "value": 3}],
//              "negative": ["white", "black"]}
// Change repairs: the dot in the other colour.
#include "dots.h"

#include <algorithm>
#include <cstdlib>

namespace psmt::sudoku::families {

std::pair<Cell, Cell> ordered(Cell a, Cell b) { return a < b ? std::pair{a, b} : std::pair{b, a}; }

std::set<std::pair<Cell, Cell>> marked_pairs(const Grid& g, std::initializer_list<std::string_view> keys) {
  std::set<std::pair<Cell, Cell>> out;
  for (auto key : keys)
    if (const auto* items = g.items(key))
      for (const auto& it : *items)
        if (it.cells.size() == 2) out.insert(ordered(it.cells[0], it.cells[1]));
  return out;
}

std::vector<Cell> parse_pair(const JsonNode& e, const Grid& g) {
  auto cells = parse_cells(e.at("cells"), g.n, 2);
  if (cells.size() != 2) e.at("cells").fail("input.shape", fmt::format("a dot joins 2 cells, found {}", cells.size()));
  return cells;
}

bool dot_holds(bool white, int k, int p, int q) { return white ? std::abs(p - q) == k : p == k * q || q == k * p; }

F no_dot_relation(Builder& b, Cell a, Cell c, bool white, const std::vector<int>& values) {
  if (!b.integer())
    return b.pair(a, c, [&](int p, int q) {
      for (int k : values)
        if (dot_holds(white, k, p, q)) return false;
      return true;
    });
  T x = b.value(a), y = b.value(c);
  std::vector<F> parts;
  for (int k : values) {
    if (white) parts.push_back(b.negate(b.any({b.eq(b.sub(x, y), b.num(k)), b.eq(b.sub(y, x), b.num(k))})));
    else parts.push_back(b.negate(b.any({b.eq(x, b.scale(k, y)), b.eq(y, b.scale(k, x))})));
  }
  return b.all(parts);
}

namespace {

std::string dot_label(const Item& it) {
  bool white = it.variant == "white";
  std::string extra = (white && *it.value != 1) || (!white && *it.value != 2)
                          ? fmt::format(" ({} {})", white ? "difference" : "ratio", *it.value)
                          : "";
  return fmt::format("{} dot{} {}–{}", it.variant, extra, cell_label(it.cells[0]), cell_label(it.cells[1]));
}

// The values a negative constraint forbids: those in use, or the default.
std::vector<int> values_in_use(const Grid& g, const std::string& colour) {
  std::vector<int> out;
  if (const auto* items = g.items("kropki"))
    for (const auto& it : *items)
      if (it.variant == colour && it.value && std::find(out.begin(), out.end(), *it.value) == out.end())
        out.push_back(*it.value);
  if (out.empty()) out.push_back(colour == "white" ? 1 : 2);
  return out;
}

class Kropki : public Family {
 public:
  std::string_view key() const override { return "kropki"; }
  std::string_view summary() const override {
    return "kropki dots: white, digits differ by 1 (or the value); black, ratio 2 (or the value); optional negative "
           "constraint";
  }
  std::string schema() const override {
    return R"json({"type": "object", "additionalProperties": false, "description": "kropki dots; the negative constraint: orthogonal neighbours with no dot of either colour are in none of the relations of that colour in use (1 and 2 when no value is given)", "properties": {"white": {"type": "array", "description": "white dots: the digits differ by the value", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the 2 cells the dot joins"}, "value": {"type": "integer", "minimum": 1, "default": 1}}}}, "black": {"type": "array", "description": "black dots: one digit is the value times the other", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the 2 cells the dot joins"}, "value": {"type": "integer", "minimum": 1, "default": 2}}}}, "negative": {"description": "true for both colours, or [\"white\"], [\"black\"]", "anyOf": [{"type": "boolean"}, {"type": "array", "items": {"enum": ["white", "black"]}}]}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    node.allow_only({"white", "black", "negative"});
    std::vector<Item> out;
    for (const char* colour : {"white", "black"}) {
      auto list = node.find(colour);
      if (!list) continue;
      auto items = parse_list(*list, fmt::format("kropki/{}", colour), [&](const JsonNode& e, int i) {
        e.allow_only({"cells", "value"});
        Item it;
        it.index = i;
        it.variant = colour;
        it.cells = parse_pair(e, g);
        it.value = std::string(colour) == "white" ? 1 : 2;
        if (auto v = e.find("value")) it.value = static_cast<int>(v->as_int(std::string(colour) == "white" ? 1 : 2, g.n));
        it.label = dot_label(it);
        return it;
      });
      out.insert(out.end(), items.begin(), items.end());
    }
    if (auto neg = node.find("negative")) {
      std::vector<std::string> which;
      if (neg->json().is_boolean()) {
        if (neg->as_bool()) which = {"white", "black"};
      } else {
        for (const auto& e : neg->items()) {
          std::string w = e.as_string();
          if (w != "white" && w != "black") e.fail("input.value", fmt::format("expected \"white\" or \"black\", found \"{}\"", w));
          which.push_back(w);
        }
      }
      for (const auto& w : which) {
        Item it;
        it.id = "kropki/negative/" + w;
        it.variant = "negative-" + w;
        it.label = w == "white" ? "negative constraint: neighbours without a dot are not consecutive"
                                : "negative constraint: neighbours without a dot are not in a 1:2 ratio";
        out.push_back(it);
      }
    }
    return out;
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    if (it.variant == "white" || it.variant == "black") {
      const int k = *it.value;
      bool white = it.variant == "white";
      if (b.integer()) {
        T x = b.value(it.cells[0]), y = b.value(it.cells[1]);
        if (white) return b.any({b.eq(b.sub(x, y), b.num(k)), b.eq(b.sub(y, x), b.num(k))});
        return b.any({b.eq(x, b.scale(k, y)), b.eq(y, b.scale(k, x))});
      }
      return b.pair(it.cells[0], it.cells[1], [&](int p, int q) { return dot_holds(white, k, p, q); });
    }
    const bool white = it.variant == "negative-white";
    auto values = values_in_use(g, white ? "white" : "black");
    auto dotted = marked_pairs(g, {"kropki"});
    std::vector<F> parts;
    for (auto [a, c] : orthogonal_pairs(g.n))
      if (!dotted.count(ordered(a, c))) parts.push_back(no_dot_relation(b, a, c, white, values));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    if (it.variant == "white" || it.variant == "black") {
      int p = v.at(it.cells[0]), q = v.at(it.cells[1]);
      bool ok = dot_holds(it.variant == "white", *it.value, p, q);
      if (!ok) return fmt::format("{}: the digits are {} and {}", it.label, p, q);
      return std::nullopt;
    }
    const bool white = it.variant == "negative-white";
    auto values = values_in_use(g, white ? "white" : "black");
    auto dotted = marked_pairs(g, {"kropki"});
    for (auto [a, c] : orthogonal_pairs(g.n)) {
      if (dotted.count(ordered(a, c))) continue;
      for (int k : values)
        if (dot_holds(white, k, v.at(a), v.at(c)))
          return fmt::format("{}: {} ({}) and {} ({}) have no dot", it.label, cell_label(a), v.at(a), cell_label(c), v.at(c));
    }
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid&) const override {
    if (it.variant != "white" && it.variant != "black") return {};
    Item a = it;
    a.variant = it.variant == "white" ? "black" : "white";
    a.value = a.variant == "white" ? 1 : 2;
    a.label = dot_label(a);
    return {a};
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    if (it.cells.size() != 2) return;  // the negative constraint is listed under the grid
    bool white = it.variant == "white";
    std::string cls = "kropki " + it.variant + (marked ? " marked" : "");
    out.push_back(circle_shape(midpoint(it.cells[0], it.cells[1]), marked ? 0.15 : 0.12, white ? "white" : "#000",
                               colour(marked, "#000"), marked ? 0.05 : 0.03, cls, true));
    bool plain = (white && *it.value == 1) || (!white && *it.value == 2);
    if (!plain) out.push_back(text_shape(midpoint(it.cells[0], it.cells[1]), std::to_string(*it.value), 0.16, white ? "#000" : "#fff", cls + " value"));
  }
};

}  // namespace

const Family& kropki_family() {
  static const Kropki f;
  return f;
}

}  // namespace psmt::sudoku::families
