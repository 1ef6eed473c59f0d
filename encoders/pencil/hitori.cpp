#include "encoders/pencil/hitori.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::hitori {
namespace {

// The numbers a changed clue may take (diagnose's "change" repairs): 1 to
// the board's longer side, or to the number itself.
std::vector<int> alternatives(const Board& b, int n) { return pencil::other_values(n, 1, std::max({b.lat.rows, b.lat.cols, n})); }

class HitoriEncoder final : public pencil::ShadingEncoder {
 public:
  std::string_view kind() const override { return "hitori"; }
  std::string_view summary() const override {
    return "shade cells so that no number is unshaded twice in a row or column, no two shaded cells touch, and the "
           "unshaded cells are connected (puzz.link's hitori, Tatham's singles)";
  }
  std::vector<std::string> fields() const override { return {"grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Hitori (puzz.link's hitori, Tatham's singles): shade cells so that no number appears twice unshaded in a row or a column, no two shaded cells are side by side, and the unshaded cells are connected. A number that repeats in its row or column is a clue (grid/r2c3) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): a number, '.' a cell without one, '?' a number not given (it repeats nothing)", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 0, "maximum": 1295}]}}}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "hitori", "grid": [[1, 1, 2], [2, 3, 1], [3, 1, 1]]}, {"kind": "hitori", "name": "pzprjs's test puzzle hitori/4/4/1114142333214213", "source": "https://puzz.link/p?hitori/4/4/1114142333214213", "grid": [[1, 1, 1, 4], [1, 4, 2, 3], [3, 3, 2, 1], [4, 2, 1, 3]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); a clause per repeated pair; the unshaded cells connected by cut clauses "
                     "between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first unshaded cell"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 0, kMaxNumber, kMaxSide, b->lat, b->number);
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    // The pairs are rules as well as clues (a clue dropped leaves its pairs
    // with the other number), except for explain, which cites each number.
    const bool pairs_in_rules = !naming_rules();
    enc.clues_in_rules = pairs_in_rules;
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    pencil::unshaded_area(L, shaded, encoding == "eager", ctx, enc);
    // Of two equal numbers in a line, one is shaded.
    std::vector<ExprVector> pairs;
    for (int i = 0; i < L.cells(); ++i) pairs.emplace_back(ctx);
    for (const auto& cells : pencil::lines(L))
      for (std::size_t j = 0; j < cells.size(); ++j)
        for (std::size_t i = 0; i < j; ++i) {
          const auto a = static_cast<std::size_t>(cells[i]), c = static_cast<std::size_t>(cells[j]);
          if (b.number[a] < 0 || b.number[a] != b.number[c]) continue;
          const Expr clause = shaded[a] || shaded[c];
          if (pairs_in_rules) enc.rules.push_back(clause);
          pairs[a].push_back(clause);
          pairs[c].push_back(clause);
        }
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const auto k = static_cast<std::size_t>(i);
      if (pairs[k].empty()) continue;  // a number that repeats nothing constrains nothing
      const Cell c = L.cell_at(i);
      const int n = b.number[k];
      Clue clue{number_id(c), number_label(c, n), mk_and(pairs[k]), {c}, {}};
      if (eo.alternatives)  // diagnose edits the puzzle (clues_in_rules): only the labels are used
        for (int v : alternatives(b, n)) clue.alternatives.push_back({number_label(c, v), ctx.bool_val(true)});
      enc.clues.push_back(std::move(clue));
    }
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    int clues = 0;
    for (int i = 0; i < b.lat.cells(); ++i) clues += repeats(b, i) ? 1 : 0;
    return fmt::format("{}x{} hitori, {} repeating", b.lat.rows, b.lat.cols, plural(static_cast<std::size_t>(clues), "number"));
  }

 protected:
  std::string no_number_to_add(const pencil::ShadeBoard&) const override {
    return "a hitori's clues are its numbers and every cell that could hold one already does (shading is the answer, "
           "not a clue)";
  }
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return hitori::check_shading(static_cast<const Board&>(p), shaded);
  }
  std::string cell_text(const pencil::ShadeBoard& p, int i) const override {
    return pencil::number_text(static_cast<const Board&>(p).number[static_cast<std::size_t>(i)]);
  }
  std::string clue_id_at(const pencil::ShadeBoard& p, int i) const override {
    return repeats(static_cast<const Board&>(p), i) ? number_id(p.lat.cell_at(i)) : std::string();
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool edit_clue(pencil::ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<Board&>(p);
    return pencil::edit_number(
        b.lat, b.number, e, [&](int i) { return number_id(b.lat.cell_at(i)); }, pencil::kNoNumber,
        [&](int, int n) { return alternatives(b, n); });
  }
};

}  // namespace

const Encoder& hitori_encoder() {
  static const HitoriEncoder e;
  return e;
}

}  // namespace psmt::hitori
