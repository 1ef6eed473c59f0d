// Clones: the cells of a clone hold the same digits as their copies, in the
// order listed.   "clone": [{"cells": [[0, 0], [0, 1]], "copy": [[8, 7], [8, 8]]}]
#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Clone : public Family {
 public:
  std::string_view key() const override { return "clone"; }
  std::string_view summary() const override { return "clones: cells hold the same digits as their copies"; }
  std::string schema() const override {
    return R"json({"type": "array", "description": "clones: cells hold the same digits as their copies", "items": {"type": "object", "additionalProperties": false, "required": ["cells", "copy"], "properties": {"cells": {"$ref": "#/$defs/cells", "description": "the clone"}, "copy": {"$ref": "#/$defs/cells", "description": "as many cells, in the same order"}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cells", "copy"});
      Item it;
      it.index = i;
      it.cells = parse_cells(e.at("cells"), g.n);
      it.cells2 = parse_cells(e.at("copy"), g.n);
      if (it.cells.size() != it.cells2.size())
        e.at("copy").fail("input.shape", fmt::format("a copy has as many cells as its clone ({}), found {}", it.cells.size(), it.cells2.size()));
      it.label = fmt::format("clone {}: {} = {}", it.index + 1, span_label(it.cells), span_label(it.cells2));
      return it;
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    std::vector<F> parts;
    for (std::size_t i = 0; i < it.cells.size(); ++i) {
      if (b.integer()) parts.push_back(b.eq(b.value(it.cells[i]), b.value(it.cells2[i])));
      else parts.push_back(b.pair(it.cells[i], it.cells2[i], [](int p, int q) { return p == q; }));
    }
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    for (std::size_t i = 0; i < it.cells.size(); ++i)
      if (v.at(it.cells[i]) != v.at(it.cells2[i]))
        return fmt::format("{}: {} holds {}, {} holds {}", it.label, cell_label(it.cells[i]), v.at(it.cells[i]),
                           cell_label(it.cells2[i]), v.at(it.cells2[i]));
    return std::nullopt;
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    for (const auto* list : {&it.cells, &it.cells2})
      for (auto c : *list) {
        Shape s;
        s.type = Shape::Type::Rect;
        s.points = {centre(c)};
        s.size = 0.46;
        s.fill = marked ? "#ffcdd2" : "#eeeeee";
        s.cls = marked ? "clone marked" : "clone";
        out.push_back(s);
      }
  }
};

}  // namespace

const Family& clone_family() {
  static const Clone f;
  return f;
}

}  // namespace psmt::sudoku::families
