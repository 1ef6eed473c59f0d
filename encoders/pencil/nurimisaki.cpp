#include "encoders/pencil/nurimisaki.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "encoders/pencil/sight.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::nurimisaki {
namespace {

// The numbers a circle can show: 2 to its row and column (pzprjs's range).
int highest(const pencil::Lattice& L, int n) { return std::max(L.rows + L.cols - 1, n); }
std::vector<int> alternatives(const pencil::Lattice& L, int n) { return pencil::other_values(n, 2, highest(L, n)); }

class NurimisakiEncoder final : public pencil::NumberShadingEncoder<Board> {
 public:
  std::string_view kind() const override { return "nurimisaki"; }
  std::string_view summary() const override {
    return "shade cells, the unshaded ones connected, no 2x2 of one colour; the circles are exactly the unshaded cells "
           "with one unshaded neighbour, a number how many cells its circle sees (puzz.link's nurimisaki)";
  }
  std::vector<std::string> fields() const override { return {"grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Nurimisaki (puzz.link's nurimisaki): shade cells so that the unshaded cells are connected and no 2x2 block is all shaded or all unshaded; the circles are exactly the unshaded cells with one unshaded neighbour (the promontories), and a number in a circle is how many cells it sees in a straight line until a shaded cell or the edge, itself included. Each number is a clue (grid/r2c3) that diagnose can blame; dropped, its circle stays. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a plain cell, a number (a circle showing it), '?' a circle without a number", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 2, "maximum": 199}]}}}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "nurimisaki", "grid": [["?", ".", "."], [".", ".", "."], [".", ".", 3]]}, {"kind": "nurimisaki", "name": "pzprjs's test puzzle nurimisaki/5/5/g.i.m2l.j", "source": "https://puzz.link/p?nurimisaki/5/5/g.i.m2l.j", "grid": [[".", "?", ".", ".", "."], ["?", ".", ".", ".", "."], [".", ".", ".", 2, "."], [".", ".", ".", ".", "."], ["?", ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); a clause per 2x2 block each way; the promontories as clauses over each "
                     "cell's neighbours; sight Booleans per number, summed by a totalizer; the unshaded cells connected "
                     "by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from a circle", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 2, 2 * kMaxSide - 1, kMaxSide, b->lat, b->number);
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    std::vector<Expr> open;
    for (const auto& s : shaded) open.push_back(!s);
    pencil::some_shaded(shaded, ctx, enc);
    pencil::no_2x2(L, shaded, ctx, enc);
    pencil::no_2x2(L, open, ctx, enc, "unshaded cells");
    // A circle is unshaded in every solution: the anchor of the cuts.
    const auto first = std::find_if(b.number.begin(), b.number.end(), [](int n) { return n != pencil::kNoNumber; });
    pencil::cells_connected(L, open, "the unshaded cells are connected", encoding == "eager", ctx, enc, "white!",
                            first == b.number.end() ? -1 : static_cast<int>(first - b.number.begin()));
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const std::vector<int> around = L.neighbours(i);
      const int n = b.number[static_cast<std::size_t>(i)];
      const Cell c = L.cell_at(i);
      const std::size_t first = enc.rules.size();
      if (n == pencil::kNoNumber) {
        // Not a promontory: shaded, or no unshaded neighbour but this one,
        // or another beside it.
        for (int y : around) {
          ExprVector clause(ctx);
          clause.push_back(shaded[static_cast<std::size_t>(i)]);
          clause.push_back(shaded[static_cast<std::size_t>(y)]);
          for (int z : around)
            if (z != y) clause.push_back(open[static_cast<std::size_t>(z)]);
          enc.rules.push_back(mk_or(clause));
        }
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{"rule/no-dead-end/" + cell_label(c),
                                     cell_label(c) + " is no dead end of the unshaded cells (it has no circle)", {c}};
        });
        continue;
      }
      // A circle: unshaded, exactly one unshaded neighbour.
      enc.rules.push_back(open[static_cast<std::size_t>(i)]);
      ExprVector any(ctx);
      for (int y : around) any.push_back(open[static_cast<std::size_t>(y)]);
      enc.rules.push_back(mk_or(any));
      for (std::size_t a = 0; a < around.size(); ++a)
        for (std::size_t z = a + 1; z < around.size(); ++z)
          enc.rules.push_back(shaded[static_cast<std::size_t>(around[a])] || shaded[static_cast<std::size_t>(around[z])]);
      // (its cell unshaded, the first of these, is known from the start)
      enc.name_rules(first + 1, [&] {
        return Encoding::RuleGroup{"rule/dead-end/" + cell_label(c),
                                   "the circle at " + cell_label(c) + " is a dead end (unshaded, one unshaded neighbour)", {c}};
      });
      if (n == pencil::kUnknownNumber) continue;
      const int cap = eo.alternatives ? highest(L, n) : n;
      const pencil::Sight sight = pencil::sight_count(L, shaded, i, cap, fmt::format("sight_r{}c{}", c.row + 1, c.col + 1), ctx, enc);
      Clue clue{number_id(c), nurimisaki::number_label(c, n), sight.sees(n, ctx), {c}, {}};
      if (eo.alternatives)
        for (int v : alternatives(L, n)) clue.alternatives.push_back({nurimisaki::number_label(c, v), sight.sees(v, ctx)});
      clue.dropped_label = nurimisaki::number_label(c, pencil::kUnknownNumber);  // the circle stays
      enc.clues.push_back(std::move(clue));
    }
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto circles = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n != pencil::kNoNumber; }));
    const auto numbers = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n > 0; }));
    return fmt::format("{}x{} nurimisaki, {} ({} numbered)", b.lat.rows, b.lat.cols, plural(circles, "circle"), numbers);
  }

 protected:
  // Extra clues: the number of a circle that shows none.
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.number[static_cast<std::size_t>(i)] == pencil::kUnknownNumber) out.emplace_back(i, pencil::sight(b.lat, shaded, i));
    return out;
  }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override {
    return "every circle already shows its number (a new circle would change the promontories)";
  }
  std::vector<Violation> check_board(const Board& b, const std::vector<bool>& shaded) const override { return nurimisaki::check_shading(b, shaded); }
  std::string number_label(Cell c, int n) const override { return nurimisaki::number_label(c, n); }
  std::vector<int> number_values(const pencil::Lattice& L, int n) const override { return alternatives(L, n); }
  int dropped_number() const override { return pencil::kUnknownNumber; }  // the circle stays
  // The circles as rings round their numbers.
  void draw_marked(const pencil::ShadeBoard& p, const std::vector<bool>&, GridSvg& g) const override {
    const auto& b = static_cast<const Board&>(p);
    for (int i = 0; i < b.lat.cells(); ++i) {
      if (b.number[static_cast<std::size_t>(i)] == pencil::kNoNumber) continue;
      g.shapes.push_back(pencil::cell_circle(b.lat.cell_at(i), 0.38, "none", "#212121", 0.05, "circle"));
    }
  }
};

}  // namespace

const Encoder& nurimisaki_encoder() {
  static const NurimisakiEncoder e;
  return e;
}

}  // namespace psmt::nurimisaki
