#include "encoders/pencil/kurodoko.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "encoders/pencil/sight.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::kurodoko {
namespace {

// The most a cell can see: its row and column.
int most_seen(const pencil::Lattice& L) { return L.rows + L.cols - 1; }
// The numbers diagnose tries instead of n (its "change" repairs): every
// number a cell can see, 1 to its row and column.
int highest_alternative(const pencil::Lattice& L, int n) { return std::max(most_seen(L), n); }
std::vector<int> alternatives(const pencil::Lattice& L, int n) { return pencil::other_values(n, 1, highest_alternative(L, n)); }

class KurodokoEncoder final : public pencil::NumberShadingEncoder<Board> {
 public:
  // Extra clues: a number in an unshaded cell without one: what it sees.
  std::string_view kind() const override { return "kurodoko"; }
  std::string_view summary() const override {
    return "shade cells, no two side by side, the unshaded ones connected; a number counts the unshaded cells its "
           "cell sees in the four directions, itself included (puzz.link's kurodoko, Tatham's range)";
  }
  std::vector<std::string> fields() const override { return {"grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Kurodoko (puzz.link's kurodoko, Tatham's range): shade cells so that no two shaded cells are side by side and the unshaded cells are connected; a number is how many unshaded cells its cell sees up, down, left and right until a shaded cell or the edge, itself included. Numbered cells are unshaded. Each number is a clue (grid/r2c3) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a plain cell, a number, '?' a numbered cell whose number is not given", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 1, "maximum": 199}]}}}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "kurodoko", "grid": [[".", 3, "."], [".", ".", "."], [4, ".", "."]]}, {"kind": "kurodoko", "name": "pzprjs's test puzzle kurodoko/5/5/i7g5l2l2g4i", "source": "https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i", "grid": [[".", ".", ".", 7, "."], [5, ".", ".", ".", "."], [".", ".", 2, ".", "."], [".", ".", ".", ".", 2], [".", 4, ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded), sight Booleans per number and direction, summed by a totalizer per number; "
                     "the unshaded cells connected by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first unshaded cell"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 1, 2 * kMaxSide - 1, kMaxSide, b->lat, b->number);
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    // A numbered cell is unshaded in every solution: the anchor of the cuts.
    const auto numbered = std::find_if(b.number.begin(), b.number.end(), [](int n) { return n != pencil::kNoNumber; });
    pencil::unshaded_area(L, shaded, encoding == "eager", ctx, enc,
                          numbered == b.number.end() ? -1 : static_cast<int>(numbered - b.number.begin()));
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const int n = b.number[static_cast<std::size_t>(i)];
      if (n == pencil::kNoNumber) continue;
      const Cell c = L.cell_at(i);
      if (n == pencil::kUnknownNumber) {  // a numbered cell: unshaded, a rule
        enc.rules.push_back(!shaded[static_cast<std::size_t>(i)]);
        continue;
      }
      // Sight: "the first k cells that way are unshaded", k up to n (seeing
      // n cells one way is already too many; to the edge when diagnose
      // weighs other numbers), summed (encoders/pencil/shading.h).
      const int cap = eo.alternatives ? highest_alternative(L, n) : n;
      const pencil::Sight sight = pencil::sight_count(L, shaded, i, cap, fmt::format("sight_r{}c{}", c.row + 1, c.col + 1), ctx, enc);
      auto sees = [&](int m) { return sight.sees(m, ctx); };
      Clue clue{number_id(c), number_label(c, n), sees(n), {c}, {}};
      if (eo.alternatives)
        for (int v : alternatives(L, n)) clue.alternatives.push_back({number_label(c, v), sees(v)});
      enc.clues.push_back(std::move(clue));
    }
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto numbers = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n != pencil::kNoNumber; }));
    return fmt::format("{}x{} kurodoko, {}", b.lat.rows, b.lat.cols, plural(numbers, "number"));
  }

 protected:
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.number[static_cast<std::size_t>(i)] == pencil::kNoNumber && !shaded[static_cast<std::size_t>(i)])
        out.emplace_back(i, pencil::sight(b.lat, shaded, i));
    return out;
  }
  std::string number_label(Cell c, int n) const override { return kurodoko::number_label(c, n); }
  std::vector<int> number_values(const pencil::Lattice& L, int n) const override { return alternatives(L, n); }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override { return "every unshaded cell already holds a number"; }
  std::vector<Violation> check_board(const Board& b, const std::vector<bool>& shaded) const override { return kurodoko::check_shading(b, shaded); }
};

}  // namespace

const Encoder& kurodoko_encoder() {
  static const KurodokoEncoder e;
  return e;
}

}  // namespace psmt::kurodoko
