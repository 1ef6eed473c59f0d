#include "encoders/pencil/chocobanana.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include "engine/cardinality.h"
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/words.h"

namespace psmt::chocobanana {
namespace {

// Every size an area can have: 1 to the board.
std::vector<int> alternatives(const pencil::Lattice& L, int n) { return pencil::other_values(n, 1, std::max(L.cells(), n)); }

class ChocoBananaEncoder final : public pencil::NumberShadingEncoder<Board> {
 public:
  std::string_view kind() const override { return "chocobanana"; }
  std::string_view summary() const override {
    return "shade cells so that every shaded area is a rectangle and every unshaded area is not; a number is the size "
           "of its cell's area (puzz.link's cbanana)";
  }
  std::vector<std::string> fields() const override { return {"grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Choco Banana (puzz.link's cbanana): shade cells so that every shaded area (cells of one colour joined side by side) is a rectangle and every unshaded area is not; a number is how many cells its cell's area has, whether the cell is shaded or not. Each number is a clue (grid/r2c3) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns): '.' a plain cell, a number, '?' a number not given", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 1, "maximum": 10000}]}}}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "chocobanana", "grid": [[".", 3, "."], [".", ".", "."], [4, ".", "."]]}, {"kind": "chocobanana", "name": "pzprjs's test puzzle cbanana/5/5/g13t6h6i1", "source": "https://puzz.link/p?cbanana/5/5/g13t6h6i1", "grid": [[".", 1, 3, ".", "."], [".", ".", ".", ".", "."], [".", ".", ".", ".", "."], [".", ".", 6, ".", "."], [6, ".", ".", ".", 1]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); four clauses per 2x2 window (never three shaded); unshaded areas hold an inner "
                     "corner and numbered areas have their size by cut clauses between checks (engine/graph.h); a shaded "
                     "number is one of the rectangles of its size around it; every cell may carry one of the sizes given, "
                     "the same as its neighbours of its colour, so that a size spreads through its area", "cadical"},
            {"cuts-plain", "the same without the rectangles around shaded numbers or the carried sizes: sizes by cut clauses alone", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    pencil::read_number_grid(root.at("grid"), 1, kMaxSide * kMaxSide, kMaxSide, b->lat, b->number);
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    auto s = [&](int r, int c) { return shaded[static_cast<std::size_t>(L.cell(r, c))]; };
    // The 2x2 windows: never three shaded; "exactly one shaded" marks the
    // inner corner of an unshaded area at each of the window's unshaded cells.
    std::vector<ExprVector> corner_at(static_cast<std::size_t>(L.cells()), ExprVector(ctx));
    for (int r = 0; r + 1 < L.rows; ++r)
      for (int c = 0; c + 1 < L.cols; ++c) {
        const std::vector<Expr> w{s(r, c), s(r, c + 1), s(r + 1, c), s(r + 1, c + 1)};
        const std::size_t first = enc.rules.size();
        for (std::size_t k = 0; k < 4; ++k) {
          ExprVector clause(ctx);
          for (std::size_t j = 0; j < 4; ++j) clause.push_back(j == k ? w[j] : !w[j]);
          enc.rules.push_back(mk_or(clause));
        }
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/window/r{}c{}", r + 1, c + 1),
                                     fmt::format("r{}c{}-r{}c{} does not hold three shaded cells (the shaded areas are rectangles)", r + 1, c + 1, r + 2, c + 2),
                                     {{r, c}, {r, c + 1}, {r + 1, c}, {r + 1, c + 1}}};
        });
        const Expr one = ctx.bool_const(fmt::format("one_shaded_r{}c{}", r + 1, c + 1).c_str());
        ExprVector any(ctx);
        for (const auto& x : w) any.push_back(x);
        enc.rules.push_back(one == (mk_or(any) && atmost(w, 1)));
        for (auto [dr, dc] : {std::pair{0, 0}, std::pair{0, 1}, std::pair{1, 0}, std::pair{1, 1}})
          corner_at[static_cast<std::size_t>(L.cell(r + dr, c + dc))].push_back(one);
      }
    graph::Rule corners;
    corners.kind = graph::RuleKind::MarkedComponents;
    corners.name = "every unshaded area is not a rectangle";
    corners.graph = L.cell_graph();
    for (int i = 0; i < L.cells(); ++i) {
      const Expr& x = shaded[static_cast<std::size_t>(i)];
      corners.vertex_lits.push_back(!x);
      if (corner_at[static_cast<std::size_t>(i)].empty()) {
        corners.mark_lits.push_back(ctx.bool_val(false));
        continue;
      }
      const Expr m = ctx.bool_const(fmt::format("corner_{}", cell_label(L.cell_at(i))).c_str());
      enc.rules.push_back(m == (!x && mk_or(corner_at[static_cast<std::size_t>(i)])));
      corners.mark_lits.push_back(m);
    }
    enc.lazy_rules.push_back(std::move(corners));
    eo.check_deadline();
    numbers(b, shaded, encoding == "cuts-plain", ctx, enc, eo);
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto numbers = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n != pencil::kNoNumber; }));
    return fmt::format("{}x{} choco banana, {}", b.lat.rows, b.lat.cols, plural(numbers, "number"));
  }

 protected:
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto size = area_sizes(b.lat, shaded);
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.number[static_cast<std::size_t>(i)] == pencil::kNoNumber) out.emplace_back(i, size[static_cast<std::size_t>(i)]);
    return out;
  }
  std::string number_label(Cell c, int n) const override { return chocobanana::number_label(c, n); }
  std::vector<int> number_values(const pencil::Lattice& L, int n) const override { return alternatives(L, n); }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override { return "every cell already holds a number"; }
  std::vector<Violation> check_board(const Board& b, const std::vector<bool>& shaded) const override { return chocobanana::check_shading(b, shaded); }

 private:
  // The numbers: "the area of this cell has n cells" as labels of a sized
  // areas rule over "same colour" Booleans; a clue is its label (and, but
  // for `plain`, "if shaded, one of the rectangles of n cells around it").
  static void numbers(const Board& b, const std::vector<Expr>& shaded, bool plain, Context& ctx, Encoding& enc, const EncodeOptions& eo) {
    const auto& L = b.lat;
    graph::Rule sizes;
    sizes.kind = graph::RuleKind::SizedAreas;
    sizes.name = "a number is the size of its area";
    sizes.graph = L.cell_graph();
    for (const auto& [u, v] : sizes.graph.edges) {
      const Expr same = ctx.bool_const(fmt::format("same_{}_{}", cell_label(L.cell_at(u)), cell_label(L.cell_at(v))).c_str());
      enc.rules.push_back(same == (shaded[static_cast<std::size_t>(u)] == shaded[static_cast<std::size_t>(v)]));
      sizes.edge_lits.push_back(same);
    }
    // One Bool per rectangle used, (top, left, height, width): all shaded,
    // the cells beside it unshaded.
    std::map<std::tuple<int, int, int, int>, Expr> rects;
    auto rect = [&](int top, int left, int h, int w) {
      const auto key = std::tuple{top, left, h, w};
      if (auto f = rects.find(key); f != rects.end()) return f->second;
      const Expr x = ctx.bool_const(fmt::format("rect_r{}c{}_{}x{}", top + 1, left + 1, h, w).c_str());
      for (int r = top - 1; r <= top + h; ++r)
        for (int c = left - 1; c <= left + w; ++c) {
          if (r < 0 || c < 0 || r >= L.rows || c >= L.cols) continue;
          const bool in = r >= top && r < top + h && c >= left && c < left + w;
          const bool corner = (r == top - 1 || r == top + h) && (c == left - 1 || c == left + w);
          if (corner) continue;
          const Expr& cell = shaded[static_cast<std::size_t>(L.cell(r, c))];
          enc.rules.push_back(implies(x, in ? cell : !cell));
        }
      rects.emplace(key, x);
      return x;
    };
    auto label = [&](int i, int n) {
      const Expr l = ctx.bool_const(fmt::format("area_{}_is_{}", cell_label(L.cell_at(i)), n).c_str());
      sizes.vertex_lits.push_back(l);
      sizes.labels.push_back({i, n});
      return l;
    };
    // A cell may carry the size n of a number given when it lies within
    // n - 1 steps of a number n (the cells of that number's area do), at most
    // one size; cells joined by "same colour" carry the same: a number's
    // size then spreads through its area at once, and a cut about any of its
    // cells is a cut about the number. A size a cell cannot carry is false
    // there, and a neighbour of its colour does not carry it either.
    std::map<std::pair<int, int>, Expr> carried;
    if (!plain && !eo.alternatives) {
      std::map<int, std::vector<Cell>> at_value;
      for (int i = 0; i < L.cells(); ++i)
        if (b.number[static_cast<std::size_t>(i)] > 0) at_value[b.number[static_cast<std::size_t>(i)]].push_back(L.cell_at(i));
      std::vector<std::vector<Expr>> mine(static_cast<std::size_t>(L.cells()));
      for (const auto& [n, cells] : at_value)
        for (int x = 0; x < L.cells(); ++x) {
          const Cell cx = L.cell_at(x);
          if (std::none_of(cells.begin(), cells.end(), [&](Cell c) { return std::abs(c.row - cx.row) + std::abs(c.col - cx.col) < n; })) continue;
          mine[static_cast<std::size_t>(x)].push_back(carried.emplace(std::pair{x, n}, label(x, n)).first->second);
        }
      for (int x = 0; x < L.cells(); ++x) {
        eo.check_deadline();
        if (mine[static_cast<std::size_t>(x)].size() > 1)
          at_most_k(ctx, mine[static_cast<std::size_t>(x)], 1, fmt::format("carries_{}!", cell_label(L.cell_at(x))), enc.rules);
      }
      for (std::size_t k = 0; k < sizes.graph.edges.size(); ++k) {
        const auto [u, v] = sizes.graph.edges[k];
        for (const auto& [n, cells] : at_value) {
          const auto cu = carried.find({u, n}), cv = carried.find({v, n});
          if (cu == carried.end() && cv == carried.end()) continue;
          if (cu == carried.end()) enc.rules.push_back(implies(sizes.edge_lits[k], !cv->second));
          else if (cv == carried.end()) enc.rules.push_back(implies(sizes.edge_lits[k], !cu->second));
          else enc.rules.push_back(implies(sizes.edge_lits[k], cu->second == cv->second));
        }
      }
    }
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const int n = b.number[static_cast<std::size_t>(i)];
      if (n <= 0) continue;
      const Cell c = L.cell_at(i);
      Expr constraint = carried.count({i, n}) ? carried.at({i, n}) : label(i, n);
      if (!plain) {
        ExprVector around(ctx);
        for (int h = 1; h <= std::min(n, L.rows); ++h) {
          if (n % h != 0 || n / h > L.cols) continue;
          const int w = n / h;
          for (int top = std::max(0, c.row - h + 1); top <= c.row && top + h <= L.rows; ++top)
            for (int left = std::max(0, c.col - w + 1); left <= c.col && left + w <= L.cols; ++left) around.push_back(rect(top, left, h, w));
        }
        constraint = constraint && implies(shaded[static_cast<std::size_t>(i)], mk_or(around));
      }
      Clue clue{number_id(c), chocobanana::number_label(c, n), constraint, {c}, {}};
      if (eo.alternatives)
        for (int v : alternatives(L, n)) clue.alternatives.push_back({chocobanana::number_label(c, v), label(i, v)});
      enc.clues.push_back(std::move(clue));
    }
    if (!sizes.labels.empty()) enc.lazy_rules.push_back(std::move(sizes));
  }
};

}  // namespace

const Encoder& chocobanana_encoder() {
  static const ChocoBananaEncoder e;
  return e;
}

}  // namespace psmt::chocobanana
