// XV: the two digits joined by an X sum to 10, by a V to 5. The negative
// constraint: orthogonal neighbours without a letter sum to neither.
//   "xv": {"x": [{"cells": [[0, 0], [0, 1]]}], "v": [{"cells": [[1, 0], [2, 0]]}], "negative": true}
// Change repairs: the other letter.
#include "dots.h"

namespace psmt::sudoku::families {
namespace {

int total(const std::string& letter) { return letter == "x" ? 10 : 5; }

std::string xv_label(const Item& it) {
  return fmt::format("{} {}–{} (sum {})", it.variant == "x" ? "X" : "V", cell_label(it.cells[0]), cell_label(it.cells[1]), total(it.variant));
}

class XV : public Family {
 public:
  std::string_view key() const override { return "xv"; }
  std::string_view summary() const override {
    return "XV: X joins two digits summing to 10, V two summing to 5; optional negative constraint";
  }
  std::string schema() const override {
    return R"json({"type": "object", "additionalProperties": false, "description": "XV: the two digits joined by an X sum to 10, by a V to 5", "properties": {"x": {"type": "array", "description": "X marks", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the 2 cells"}}}}, "v": {"type": "array", "description": "V marks", "items": {"type": "object", "additionalProperties": false, "required": ["cells"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the 2 cells"}}}}, "negative": {"type": "boolean", "default": false, "description": "orthogonal neighbours without a letter sum to neither 5 nor 10"}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    node.allow_only({"x", "v", "negative"});
    std::vector<Item> out;
    for (const char* letter : {"x", "v"}) {
      auto list = node.find(letter);
      if (!list) continue;
      auto items = parse_list(*list, fmt::format("xv/{}", letter), [&](const JsonNode& e, int i) {
        e.allow_only({"cells"});
        Item it;
        it.index = i;
        it.variant = letter;
        it.cells = parse_pair(e, g);
        it.label = xv_label(it);
        return it;
      });
      out.insert(out.end(), items.begin(), items.end());
    }
    if (auto neg = node.find("negative"))
      for (auto& it : parse_flag(*neg, "xv/negative", "negative constraint: neighbours without X or V sum to neither 5 nor 10")) {
        it.variant = "negative";
        out.push_back(it);
      }
    return out;
  }
  F encode(const Item& it, const Grid& g, Builder& b) const override {
    if (it.variant != "negative") {
      const int s = total(it.variant);
      if (b.integer()) return b.eq(b.add({b.value(it.cells[0]), b.value(it.cells[1])}), b.num(s));
      return b.pair(it.cells[0], it.cells[1], [s](int p, int q) { return p + q == s; });
    }
    auto marked = marked_pairs(g, {"xv"});
    std::vector<F> parts;
    for (auto [a, c] : orthogonal_pairs(g.n)) {
      if (marked.count(ordered(a, c))) continue;
      if (b.integer()) {
        T sum = b.add({b.value(a), b.value(c)});
        parts.push_back(b.negate(b.any({b.eq(sum, b.num(5)), b.eq(sum, b.num(10))})));
      } else {
        parts.push_back(b.pair(a, c, [](int p, int q) { return p + q != 5 && p + q != 10; }));
      }
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    if (it.variant != "negative") {
      int p = v.at(it.cells[0]), q = v.at(it.cells[1]);
      if (p + q != total(it.variant)) return fmt::format("{}: {} + {} = {}", it.label, p, q, p + q);
      return std::nullopt;
    }
    auto marked = marked_pairs(g, {"xv"});
    for (auto [a, c] : orthogonal_pairs(g.n)) {
      if (marked.count(ordered(a, c))) continue;
      int s = v.at(a) + v.at(c);
      if (s == 5 || s == 10)
        return fmt::format("{}: {} + {} = {} with no letter between {} and {}", it.label, v.at(a), v.at(c), s, cell_label(a), cell_label(c));
    }
    return std::nullopt;
  }
  std::vector<Item> alternatives(const Item& it, const Grid&) const override {
    if (it.variant == "negative") return {};
    Item a = it;
    a.variant = it.variant == "x" ? "v" : "x";
    a.label = xv_label(a);
    return {a};
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    if (it.cells.size() != 2) return;
    std::string cls = "xv " + it.variant + (marked ? " marked" : "");
    auto at = midpoint(it.cells[0], it.cells[1]);
    Shape bg;
    bg.type = Shape::Type::Rect;
    bg.points = {at};
    bg.size = 0.14;
    bg.fill = "white";
    bg.cls = cls + " bg";
    bg.over = true;
    out.push_back(bg);
    out.push_back(text_shape(at, it.variant == "x" ? "X" : "V", 0.3, colour(marked, "#000"), cls));
  }
};

}  // namespace

const Family& xv_family() {
  static const XV f;
  return f;
}

}  // namespace psmt::sudoku::families
