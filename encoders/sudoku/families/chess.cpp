// Anti-knight and anti-king: cells a chess knight's (king's) move apart hold
// different digits. Each is one clue: diagnosis can blame or drop the rule.
//   "anti_knight": true, "anti_king": true
#include "common.h"

namespace psmt::sudoku::families {
namespace {

class AntiMove : public Family {
 public:
  AntiMove(std::string_view key, std::string label, std::vector<std::pair<int, int>> steps)
      : key_(key), label_(std::move(label)), steps_(std::move(steps)) {}
  std::string_view key() const override { return key_; }
  std::string_view summary() const override { return summary_; }
  std::string schema() const override {
    return key_ == "anti_knight" ? R"json({"type": "boolean", "default": false, "description": "anti-knight: cells a knight's move apart differ"})json"
                  : R"json({"type": "boolean", "default": false, "description": "anti-king: cells a king's move apart differ"})json";
  }
  std::vector<Item> parse(const JsonNode& node, const Grid&) const override { return parse_flag(node, key_, label_); }
  F encode(const Item&, const Grid& g, Builder& b) const override {
    std::vector<F> parts;
    for (auto [a, c] : move_pairs(g.n, steps_)) parts.push_back(b.distinct({a, c}));
    return b.all(parts);
  }
  std::optional<std::string> check(const Item& it, const Grid& g, const Values& v) const override {
    for (auto [a, c] : move_pairs(g.n, steps_))
      if (v.at(a) == v.at(c)) return fmt::format("{}: {} and {} both hold {}", it.label, cell_label(a), cell_label(c), v.at(a));
    return std::nullopt;
  }
  void draw(const Item&, const Grid&, bool, std::vector<Shape>&) const override {}  // listed under the grid

  std::string key_, label_, summary_ = label_ + " (a global rule)";
  std::vector<std::pair<int, int>> steps_;
};

}  // namespace

const Family& anti_knight_family() {
  static const AntiMove f("anti_knight", "anti-knight: cells a knight's move apart differ",
                          {{1, 2}, {2, 1}, {1, -2}, {2, -1}, {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}});
  return f;
}

const Family& anti_king_family() {
  static const AntiMove f("anti_king", "anti-king: cells a king's move apart differ", {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
  return f;
}

}  // namespace psmt::sudoku::families
