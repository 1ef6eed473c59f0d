#include "io/words.h"
#include "equation_grid.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <z3++.h>

#include "engine/encoding.h"
#include "io/halt.h"
#include "grid/grid.h"
#include "grid/token_grid.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::equation_grid {
namespace {

unsigned bits_for(__int128 lo, __int128 hi) {  // signed two's complement width holding [lo, hi]
  unsigned w = 2;
  while (w < 126) {
    __int128 min = -(static_cast<__int128>(1) << (w - 1)), max = (static_cast<__int128>(1) << (w - 1)) - 1;
    if (lo >= min && hi <= max) break;
    ++w;
  }
  return w;
}

// Width: every intermediate value of every equation, plus the domain, fits
// (one bit to spare).
unsigned bv_width(const Grid& g) {
  __int128 lo = g.lo, hi = g.hi;
  for (const auto& eq : g.equations)
    for (const auto* side : {&eq.lhs, &eq.rhs}) {
      __int128 a = 0, b = 0;
      if (!interval(g, **side, true, a, b, &lo, &hi))  // parse_equation refused these already
        throw InternalError(fmt::format("{}: a value may pass ±2^60 although parsing accepted it", eq.id));
    }
  return bits_for(lo, hi) + 1;
}

struct Compiler {
  z3::context& ctx;
  const std::vector<z3::expr>& cell;
  bool bv;
  unsigned width;
  z3::expr_vector* guards;

  z3::expr num(int64_t v) const { return bv ? ctx.bv_val(v, width) : ctx.int_val(v); }
  // No-overflow guard written out: the operation done in twice the width
  // equals the sign-extended result. (Z3 4.8.12's own bvsmul_noovfl claims
  // that -2 * 3 overflows at any width: the differential test against plain
  // evaluation caught it, so the encoding does not rely on it.)
  void guard(const z3::expr& wide, const z3::expr& narrow) const {
    if (bv) guards->push_back(wide == z3::sext(narrow, width));
  }
  z3::expr wide(const z3::expr& x) const { return z3::sext(x, width); }

  z3::expr operator()(const Expr& e) const {
    switch (e.kind) {
      case Expr::Num: return num(e.value);
      case Expr::Var: return cell[e.var];
      case Expr::Neg: {
        z3::expr a = (*this)(*e.a);
        if (bv) guard(-wide(a), -a);
        return -a;
      }
      default: break;
    }
    z3::expr a = (*this)(*e.a), b = (*this)(*e.b);
    if (e.kind == Expr::Add) {
      if (bv) guard(wide(a) + wide(b), a + b);
      return a + b;
    }
    if (e.kind == Expr::Sub) {
      if (bv) guard(wide(a) - wide(b), a - b);
      return a - b;
    }
    if (bv) guard(wide(a) * wide(b), a * b);
    return a * b;
  }
  z3::expr relation(const std::string& rel, const z3::expr& l, const z3::expr& r) const {
    if (rel == "=") return l == r;
    if (rel == "!=") return l != r;
    if (bv) {
      if (rel == "<") return z3::slt(l, r);
      if (rel == "<=") return z3::sle(l, r);
      if (rel == ">") return z3::sgt(l, r);
      return z3::sge(l, r);
    }
    if (rel == "<") return l < r;
    if (rel == "<=") return l <= r;
    if (rel == ">") return l > r;
    return l >= r;
  }
};

class EquationGridEncoder final : public Encoder {
 public:
  std::string_view kind() const override { return "equation_grid"; }
  std::string_view summary() const override {
    return "a grid of integer cells with a domain and equations over the cells (+ - * with the usual precedence)";
  }
  std::vector<std::string> fields() const override { return {"rows", "cols", "domain", "grid", "givens", "equations"}; }
  std::string schema() const override {
    return R"json({
 "description": "A grid of integer cells with a domain and equations over the cells' names (x<row><col>, 1-based; x<row>_<col> when a side exceeds 9) with + - * ( ), integer literals, unary minus and one of = == != < <= > >=. Each equation and each given is a clue. Solution: {\"grid\": [[...], ...]}.",
 "required": [
  "equations"
 ],
 "properties": {
  "rows": {
   "type": "integer",
   "minimum": 1,
   "maximum": 20,
   "description": "rows (or take them from \"grid\")"
  },
  "cols": {
   "type": "integer",
   "minimum": 1,
   "maximum": 20,
   "description": "columns (or take them from \"grid\")"
  },
  "domain": {
   "type": "array",
   "items": {
    "type": "integer",
    "minimum": -1000000000,
    "maximum": 1000000000
   },
   "minItems": 2,
   "maxItems": 2,
   "description": "[lo, hi], the values a cell may hold"
  },
  "grid": {
   "$ref": "#/$defs/board",
   "description": "the grid's givens as tokens: a number is a given, _ a blank"
  },
  "givens": {
   "type": "object",
   "additionalProperties": {
    "type": "integer"
   },
   "description": "givens by cell name: {\"x11\": 26}"
  },
  "equations": {
   "type": "array",
   "maxItems": 1000,
   "items": {
    "type": "string"
   },
   "description": "\"x11 - x12 * x13 = -278\", with the usual precedence"
  }
 },
 "examples": [
  {
   "kind": "equation_grid",
   "rows": 1,
   "cols": 2,
   "domain": [
    0,
    9
   ],
   "equations": [
    "x11 + x12 = 3",
    "x11 * 2 = x12"
   ]
  },
  {
   "kind": "equation_grid",
   "name": "Equation puzzle from \"Equation puzzle solver: Python vs Prolog\"",
   "rows": 3,
   "cols": 3,
   "domain": [
    -9,
    99
   ],
   "givens": {
    "x11": 26
   },
   "equations": [
    "x11 - x12 * x13 = -278",
    "x21 * x22 + x23 = 216",
    "x31 * x32 + x33 = 11",
    "x11 + x21 - x31 = 36",
    "x12 + x22 + x32 = 27",
    "x13 * x23 - x33 = 245"
   ],
   "expect": {
    "status": "unique",
    "solution": {
     "grid": [
      [
       26,
       19,
       16
      ],
      [
       25,
       8,
       16
      ],
      [
       15,
       0,
       11
      ]
     ]
    }
   }
  }
 ]
})json";
  }

  std::vector<EncodingInfo> encodings() const override {
    // bv first (the default): bit-vectors are decidable, so conflicts shrink to
    // minimal sets (a changed seed: 1.9 s); non-linear integer arithmetic is
    // incomplete in Z3 and gave up shrinking after the 10 s budget.
    return {{"bv", "a bit-vector per cell, as wide as interval arithmetic requires, with no-overflow guards on every "
                   "operation"},
            {"int", "an Int per cell; equations in (non-)linear integer arithmetic"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto g = std::make_shared<Grid>();
    if (auto d = root.find("domain")) {
      auto lh = d->items(2);
      g->lo = lh[0].as_int(-kMaxAbs, kMaxAbs);
      g->hi = lh[1].as_int(g->lo, kMaxAbs);
    }
    std::optional<TokenGrid> tg;
    if (auto gn = root.find("grid")) {
      tg = parse_token_grid(*gn, kMaxSide, kMaxSide, g->lo, g->hi);
      g->rows = tg->rows;
      g->cols = tg->cols;
      for (const auto& t : tg->cells)
        if (t.kind == GridToken::Symbol) gn->fail("input.value", fmt::format("\"{}\" is neither a number nor a blank (_)", t.text));
    }
    if (auto r = root.find("rows")) {
      int rows = static_cast<int>(r->as_int(1, kMaxSide));
      if (tg && rows != g->rows) r->fail("input.value", fmt::format("{} rows, but the grid has {}", rows, g->rows));
      g->rows = rows;
    }
    if (auto c = root.find("cols")) {
      int cols = static_cast<int>(c->as_int(1, kMaxSide));
      if (tg && cols != g->cols) c->fail("input.value", fmt::format("{} columns, but the grid has {}", cols, g->cols));
      g->cols = cols;
    }
    const int W = g->rows * g->cols;
    g->given.assign(W, false);
    g->givens.assign(W, 0);
    if (tg)
      for (int c = 0; c < W; ++c)
        if (tg->cells[c].kind == GridToken::Number) {
          g->given[c] = true;
          g->givens[c] = tg->cells[c].number;
        }
    if (auto gv = root.find("givens")) {
      gv->require_object();
      for (const auto& [key, value] : gv->json().items()) {
        JsonNode v(value, gv->path() + "/" + pointer_escape(key));
        int cell = -1;
        for (int c = 0; c < W; ++c)
          if (g->name(c) == key) cell = c;
        if (cell < 0) v.fail("input.unknown_name", fmt::format("unknown cell \"{}\" (cells are {} .. {})", key, g->name(0), g->name(W - 1)));
        int64_t x = v.as_int(g->lo, g->hi);
        if (g->given[cell] && g->givens[cell] != x)
          v.fail("input.value", fmt::format("{} is also given as {} in the grid", key, g->givens[cell]));
        g->given[cell] = true;
        g->givens[cell] = x;
      }
    }
    JsonNode eqs = root.at("equations");
    auto list = eqs.items();
    if (list.size() > 1000) eqs.fail("input.size", fmt::format("{} equations, more than the supported 1000", list.size()));
    for (std::size_t i = 0; i < list.size(); ++i) {
      poll_halt();  // --timeout covers parsing: 1000 equations of 10,000 characters
      Equation e = parse_equation(*g, list[i], list[i].as_string());
      e.id = fmt::format("equations/{}", i);
      g->equations.push_back(std::move(e));
    }
    return g;
  }

  Encoding encode(const Puzzle& p, Context& context, std::string_view encoding, const EncodeOptions& options) const override {
    z3::context& ctx = context.z3();
    const auto& g = static_cast<const Grid&>(p);
    Encoding enc(context);
    const int W = g.rows * g.cols;
    const bool bv = encoding == "bv";
    const unsigned width = bv_width(g);
    if (bv && width > 62)  // parse_equation bounds every value by ±(2^60 - 1)
      throw InternalError(fmt::format("the bv encoding would need {} bits, more than 62", width));
    std::vector<z3::expr> cell;
    for (int c = 0; c < W; ++c) {
      cell.push_back(bv ? ctx.bv_const(g.name(c).c_str(), width) : ctx.int_const(g.name(c).c_str()));
      enc.decision_vars.push_back(cell.back());
      enc.places.push_back({static_cast<unsigned>(c)});
      if (bv) enc.rules.push_back(z3::sge(cell.back(), ctx.bv_val(g.lo, width)) && z3::sle(cell.back(), ctx.bv_val(g.hi, width)));
      else enc.rules.push_back(cell.back() >= ctx.int_val(g.lo) && cell.back() <= ctx.int_val(g.hi));
    }
    z3::expr_vector guards(ctx);
    Compiler C{ctx, cell, bv, width, &guards};
    for (int c = 0; c < W; ++c)
      if (g.given[c])
        enc.clues.push_back({"givens/" + g.name(c), fmt::format("given {} = {}", g.name(c), g.givens[c]), cell[c] == C.num(g.givens[c]),
                             {Cell{c / g.cols, c % g.cols}}, {}});
    for (const auto& eq : g.equations) {
      options.check_deadline();
      z3::expr l = C(*eq.lhs), r = C(*eq.rhs);
      std::vector<Cell> cells;
      std::vector<const Expr*> stack{eq.lhs.get(), eq.rhs.get()};
      while (!stack.empty()) {
        const Expr* e = stack.back();
        stack.pop_back();
        if (e->kind == Expr::Var) cells.push_back({e->var / g.cols, e->var % g.cols});
        if (e->a) stack.push_back(e->a.get());
        if (e->b) stack.push_back(e->b.get());
      }
      enc.clues.push_back({eq.id, eq.text, C.relation(eq.rel, l, r), cells, {}});
    }
    for (unsigned i = 0; i < guards.size(); ++i) enc.rules.push_back(guards[i]);
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<int64_t> v = values;
    if (encoding == "bv") {  // bit-vector values come unsigned: back to two's complement
      const unsigned w = bv_width(g);
      for (auto& x : v) {
        uint64_t u = static_cast<uint64_t>(x);
        if (w < 64 && (u >> (w - 1)) & 1) x = static_cast<int64_t>(u) - (static_cast<int64_t>(1) << w);
      }
    }
    return solution_json(g, v);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& g = static_cast<const Grid&>(p);
    node.allow_only({"grid"});
    std::vector<int64_t> v;
    for (const auto& row : node.at("grid").items(static_cast<std::size_t>(g.rows)))
      for (const auto& x : row.items(static_cast<std::size_t>(g.cols))) v.push_back(x.as_int(g.lo, g.hi));
    return solution_json(g, v);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Grid&>(p), solution);
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<std::string> out;
    for (int c = 0; c < g.rows * g.cols; ++c)
      if (a["grid"][c / g.cols][c % g.cols] != b["grid"][c / g.cols][c % g.cols]) out.push_back(g.name(c));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& g = static_cast<const Grid&>(p);
    auto text = [&](int c) -> std::string {
      if (solution) return std::to_string((*solution)["grid"][c / g.cols][c % g.cols].get<int64_t>());
      return g.given[c] ? std::to_string(g.givens[c]) : "_";
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg s;
      s.rows = g.rows;
      s.cols = g.cols;
      s.cell = 48;
      s.title = opt.title;
      s.cell_text = [&](Cell c) {
        std::string t = text(c.row * g.cols + c.col);
        return t == "_" ? std::string() : t;
      };
      s.is_given = [&](Cell c) { return static_cast<bool>(g.given[c.row * g.cols + c.col]); };
      s.highlighted = [&](Cell c) {
        return std::any_of(opt.highlight.begin(), opt.highlight.end(), [&](const Cell& h) { return h.row == c.row && h.col == c.col; });
      };
      for (const auto& eq : g.equations) s.footer.push_back(eq.text);
      apply_marks(s, opt);
      return s.render();
    }
    std::size_t w = 1;
    for (int c = 0; c < g.rows * g.cols; ++c) w = std::max(w, text(c).size());
    std::string out;
    for (int r = 0; r < g.rows; ++r) {
      for (int c = 0; c < g.cols; ++c) out += fmt::format("{:>{}}", text(r * g.cols + c), w) + (c + 1 < g.cols ? " " : "");
      out += "\n";
    }
    if (!solution)
      for (const auto& eq : g.equations) out += "  " + eq.text + "\n";
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& g = static_cast<const Grid&>(p);
    int givens = 0;
    for (bool b : g.given) givens += b ? 1 : 0;
    return fmt::format("equation grid: {}x{} cells in {}..{}, {}, {}", g.rows, g.cols, g.lo, g.hi, plural(givens, "given"),
                       g.equations.size());
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<Place> out;
    for (int c = 0; c < g.rows * g.cols; ++c) out.push_back({g.name(c), Cell{c / g.cols, c % g.cols}});
    return out;
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<std::string> out;
    for (int c = 0; c < g.rows * g.cols; ++c) out.push_back(solution["grid"][c / g.cols][c % g.cols].dump());
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto g = std::make_shared<Grid>(static_cast<const Grid&>(p));
    for (const auto& e : edits) {
      if (e.alternative >= 0) throw InputError("input.value", "#", "clue " + e.clue_id + " has no alternatives");
      auto before = g->equations.size();
      std::erase_if(g->equations, [&](const Equation& q) { return q.id == e.clue_id; });
      bool found = before != g->equations.size();
      for (int c = 0; c < g->rows * g->cols; ++c)
        if (g->given[c] && e.clue_id == "givens/" + g->name(c)) {
          g->given[c] = false;
          found = true;
        }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return g;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto g = std::make_shared<Grid>(static_cast<const Grid&>(p));
    for (auto i : place_indices) {
      g->given[i] = true;
      g->givens[i] = solution["grid"][i / g->cols][i % g->cols].get<int64_t>();
      if (labels) labels->push_back(fmt::format("given {} = {}", g->name(static_cast<int>(i)), g->givens[i]));
    }
    return g;
  }
};

}  // namespace

const Encoder& equation_grid_encoder() {
  static const EquationGridEncoder e;
  return e;
}

}  // namespace psmt::equation_grid
