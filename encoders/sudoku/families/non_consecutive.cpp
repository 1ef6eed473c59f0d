// Non-consecutive: orthogonal neighbours never differ by 1. As in rangsk's
// SudokuSolver (which reads f-puzzles' "nonconsecutive" this way), a pair
// carrying a kropki dot of either colour is exempt: with white dots this is
// the negative constraint of the white dots.   "non_consecutive": true
#include <cstdlib>

#include "dots.h"

namespace psmt::sudoku::families {
namespace {

class NonConsecutive : public Family {
 public:
  std::string_view key() const override { return "non_consecutive"; }
  std::string_view summary() const override {
    return "non-consecutive: orthogonal neighbours without a kropki dot never differ by 1 (a global rule)";
  }
  std::string schema() const override {
    return R"json({"type": "boolean", "default": false, "description": "non-consecutive: orthogonal neighbours without a kropki dot never differ by 1"})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid&) const override {
    return parse_flag(node, "non_consecutive", "non-consecutive: orthogonal neighbours (without a dot) differ by more than 1");
  }
  F encode(const Item&, const Grid& g, Builder& b) const override {
    auto dotted = marked_pairs(g, {"kropki"});
    std::vector<F> parts;
    for (auto [a, c] : orthogonal_pairs(g.n))
      if (!dotted.count(ordered(a, c))) parts.push_back(no_dot_relation(b, a, c, true, {1}));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    auto dotted = marked_pairs(g, {"kropki"});
    for (auto [a, c] : orthogonal_pairs(g.n))
      if (!dotted.count(ordered(a, c)) && std::abs(v.at(a) - v.at(c)) == 1)
        return fmt::format("{}: {} ({}) and {} ({})", it.label, cell_label(a), v.at(a), cell_label(c), v.at(c));
    return std::nullopt;
  }
  void draw(const Item&, const Grid&, bool, std::vector<Shape>&) const override {}
};

}  // namespace

const Family& non_consecutive_family() {
  static const NonConsecutive f;
  return f;
}

}  // namespace psmt::sudoku::families
