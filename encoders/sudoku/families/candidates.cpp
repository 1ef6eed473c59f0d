// Given candidates: the cell holds one of the listed digits (f-puzzles'
// "given pencil marks", which a setter uses as a clue).
//   "candidates": [{"cell": [2, 3], "digits": [1, 2, 5]}]
#include <algorithm>

#include "common.h"

namespace psmt::sudoku::families {
namespace {

class Candidates : public Family {
 public:
  std::string_view key() const override { return "candidates"; }
  std::string_view summary() const override { return "given candidates: the cell holds one of the listed digits"; }
  std::string schema() const override {
    return R"json({"type": "array", "description": "given candidates (f-puzzles' given pencil marks): the cell holds one of the digits", "items": {"type": "object", "additionalProperties": false, "required": ["cell", "digits"], "properties": {"cell": {"$ref": "#/$defs/cell"}, "digits": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 1}}}}})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid& g) const override {
    return parse_list(node, key(), [&](const JsonNode& e, int i) {
      e.allow_only({"cell", "digits"});
      Item it;
      it.index = i;
      it.cells = {parse_cell(e.at("cell"), g.n)};
      auto ds = e.at("digits").items();
      if (ds.empty()) e.at("digits").fail("input.shape", "a cell needs at least one candidate digit");
      for (const auto& d : ds) it.digits.push_back(static_cast<int>(d.as_int(1, g.n)));
      std::sort(it.digits.begin(), it.digits.end());
      it.digits.erase(std::unique(it.digits.begin(), it.digits.end()), it.digits.end());
      it.label = fmt::format("candidates of {}: {}", cell_label(it.cells[0]), digits_text(it.digits));
      return it;
    });
  }
  F encode(const Item& it, const Grid&, Builder& b) const override {
    return b.among(it.cells[0], [&](int d) { return std::binary_search(it.digits.begin(), it.digits.end(), d); });
  }
  std::optional<std::string> check(const Item& it, const Grid&, const Values& v) const override {
    int d = v.at(it.cells[0]);
    if (std::binary_search(it.digits.begin(), it.digits.end(), d)) return std::nullopt;
    return fmt::format("{}: the cell holds {}", it.label, d);
  }
  void draw(const Item& it, const Grid&, bool marked, std::vector<Shape>& out) const override {
    auto [y, x] = centre(it.cells[0]);
    out.push_back(text_shape({y - 0.3, x}, digits_text(it.digits), 0.16, colour(marked, "#1565c0"),
                             marked ? "candidates marked" : "candidates"));
  }
};

}  // namespace

const Family& candidates_family() {
  static const Candidates f;
  return f;
}

}  // namespace psmt::sudoku::families
