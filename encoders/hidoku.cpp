#include "io/words.h"
#include "hidoku.h"

#include <algorithm>
#include <climits>
#include <deque>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>
#include <z3++.h>

#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "grid/token_grid.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::hidoku {
namespace {

// Breadth-first distances on the move graph from one cell.
std::vector<int> distances(const Board& b, const std::vector<std::vector<int>>& nb, int from) {
  std::vector<int> d(b.rows * b.cols, INT_MAX);
  std::deque<int> q{from};
  d[from] = 0;
  while (!q.empty()) {
    int c = q.front();
    q.pop_front();
    for (int n : nb[c])
      if (d[n] == INT_MAX) {
        d[n] = d[c] + 1;
        q.push_back(n);
      }
  }
  return d;
}

// allowed[cell] = the numbers that cell may hold, given the distances to the givens.
std::vector<std::vector<int>> allowed_numbers(const Board& b, const std::vector<std::vector<int>>& nb) {
  const int N = b.cells(), W = b.rows * b.cols;
  std::vector<std::pair<int, int>> givens;  // (cell, number)
  for (int c = 0; c < W; ++c)
    if (b.givens[c]) givens.push_back({c, b.givens[c]});
  std::vector<std::vector<int>> dist;
  for (auto [c, k] : givens) dist.push_back(distances(b, nb, c));
  std::set<int> given_numbers;
  for (auto [c, k] : givens) given_numbers.insert(k);
  std::vector<std::vector<int>> out(W);
  for (int c = 0; c < W; ++c) {
    if (!b.on[c]) continue;
    if (b.givens[c]) {
      out[c] = {b.givens[c]};
      continue;
    }
    for (int k = 1; k <= N; ++k) {
      if (given_numbers.count(k)) continue;
      bool ok = true;
      for (std::size_t g = 0; g < givens.size() && ok; ++g)
        ok = dist[g][c] != INT_MAX && dist[g][c] <= std::abs(k - givens[g].second);
      if (ok) out[c].push_back(k);
    }
  }
  return out;
}

// The numbers each cell may hold in a Boolean encoding: "open" every
// number on every cell, so that the givens stand apart from the rules
// (explain); "bool" pruned by the distances to the givens.
std::vector<std::vector<int>> domains(const Board& b, const std::vector<std::vector<int>>& nb, std::string_view encoding) {
  if (encoding != "open") return allowed_numbers(b, nb);
  std::vector<std::vector<int>> out(static_cast<std::size_t>(b.rows * b.cols));
  for (int c = 0; c < b.rows * b.cols; ++c)
    if (b.on[c])
      for (int k = 1; k <= b.cells(); ++k) out[static_cast<std::size_t>(c)].push_back(k);
  return out;
}

void exactly_one(z3::context& ctx, const std::vector<z3::expr>& lits, const std::string& prefix, ExprVector& out) {
  if (lits.empty()) {
    out.push_back(ctx.bool_val(false));
    return;
  }
  z3::expr_vector any(ctx);
  for (const auto& l : lits) any.push_back(l);
  out.push_back(z3::mk_or(any));
  if (lits.size() <= 6) at_most_one_pairwise(lits, out);
  else at_most_k(ctx, lits, 1, prefix, out);
}

class HidokuEncoder final : public Encoder {
 public:
  std::string_view kind() const override { return "hidoku"; }
  std::string_view summary() const override {
    return "number paths (Hidoku/Hidato, Numbrix, knight's tours, Hopido): 1..N on a board, consecutive numbers adjacent";
  }
  std::vector<std::string> fields() const override { return {"board", "adjacency"}; }
  std::string schema() const override {
    return R"json({
 "description": "Number paths (Hidoku/Hidato, Numbrix, Holy Knight's tours, Hopido): place 1..N on the N cells of a board of any shape so that consecutive numbers are neighbours. Givens are clues. Solution: {\"grid\": [[...], ...]} with 0 off the board.",
 "required": [
  "board"
 ],
 "properties": {
  "board": {
   "$ref": "#/$defs/board",
   "description": "up to 40 x 40 tokens: a number is a given; _, __, 0 or x a blank cell; . or .. not part of the board; s the start (1)"
  },
  "adjacency": {
   "enum": [
    "king",
    "orthogonal",
    "knight",
    "hopido"
   ],
   "default": "king",
   "description": "neighbours: the 8 surrounding cells (Hidato), the 4 edge neighbours (Numbrix), knight moves (Holy Knight's tour), a hop over one cell diagonally or two orthogonally (Hopido)"
  }
 },
 "examples": [
  {
   "kind": "hidoku",
   "board": [
    "1,_,_",
    "_,_,_",
    "_,_,9"
   ]
  },
  {
   "kind": "hidoku",
   "name": "A Numbrix",
   "adjacency": "orthogonal",
   "board": [
    "1 0 0",
    "0 0 0",
    "0 0 9"
   ],
   "expect": {
    "status": "multiple"
   }
  }
 ]
})json";
  }

  std::vector<EncodingInfo> encodings() const override {
    return {{"bool", "a Bool per (cell, number) allowed by distances to the givens; exactly-one by sequential counters; "
                     "successor and predecessor clauses (QF_FD)"},
            {"cell", "an Int per cell, Distinct, each number's successor on a neighbouring cell"},
            {"open", "the Bools of bool over every number on every cell, nothing pruned by the givens, so each given is a "
                     "constraint of its own (what explain needs)", "cadical"},
            {"position", "row and column Ints per number, moves between consecutive numbers in linear arithmetic"}};
  }

  // A Boolean encoding's fact: "r2c3 is 13", "r2c3 is not 13".
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place || !place->cell || (encoding != "bool" && encoding != "open"))
      return Encoder::fact_label(p, encoding, var, value, place, position);
    const auto& b = static_cast<const Board&>(p);
    const auto allowed = domains(b, b.neighbours(), encoding);
    const auto& here = allowed[static_cast<std::size_t>(place->cell->row * b.cols + place->cell->col)];
    if (position >= here.size()) return Encoder::fact_label(p, encoding, var, value, place, position);
    return fmt::format("{} is {}{}", cell_label(*place->cell), value ? "" : "not ", here[position]);
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    if (auto a = root.find("adjacency")) {
      b->adjacency = a->as_string();
      if (b->adjacency != "king" && b->adjacency != "orthogonal" && b->adjacency != "knight" && b->adjacency != "hopido")
        a->fail("input.value", fmt::format("expected \"king\", \"orthogonal\", \"knight\" or \"hopido\", found \"{}\"", b->adjacency));
    }
    JsonNode bn = root.at("board");
    TokenGrid tg = parse_token_grid(bn, kMaxSide, kMaxSide, 0, kMaxSide * kMaxSide);
    b->rows = tg.rows;
    b->cols = tg.cols;
    for (int r = 0; r < tg.rows; ++r)
      for (int c = 0; c < tg.cols; ++c) {
        const auto& t = tg.at(r, c);
        bool on = true;
        int given = 0;
        if (t.kind == GridToken::Number) given = static_cast<int>(t.number);
        else if (t.kind == GridToken::Symbol) {
          if (t.text == "." || t.text == "..") on = false;
          else if (t.text == "s" || t.text == "S") given = 1;
          else if (t.text != "x" && t.text != "X")
            bn.fail("input.value", fmt::format("row {}, token {}: \"{}\" is not a number, a blank (_, 0, x), off the board (. or ..) "
                                               "or the start (s)", r + 1, c + 1, t.text));
        }
        b->on.push_back(on);
        b->givens.push_back(given);
      }
    const int N = b->cells();
    if (N < 1) bn.fail("input.shape", "the board has no cells");
    std::vector<int> seen(N + 1, -1);
    for (int i = 0; i < b->rows * b->cols; ++i) {
      int k = b->givens[i];
      if (!k) continue;
      std::string where = cell_label({i / b->cols, i % b->cols});
      if (k > N) bn.fail("input.range", fmt::format("{} holds {}, but the board has only {} cells", where, k, N));
      if (seen[k] >= 0)
        bn.fail("input.value", fmt::format("{} is given twice ({} and {})", k, cell_label({seen[k] / b->cols, seen[k] % b->cols}), where));
      seen[k] = i;
    }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& context, std::string_view encoding, const EncodeOptions& eo) const override {
    z3::context& ctx = context.z3();
    const auto& b = static_cast<const Board&>(p);
    Encoding enc(context);
    const int N = b.cells(), W = b.rows * b.cols;
    auto nb = b.neighbours();
    std::vector<std::function<z3::expr(int)>> is_at(W);  // is_at[cell](k): the cell holds k
    // Domains are pruned by distances to the givens, sound only while every
    // given holds: diagnosis drops givens by editing the puzzle instead.
    enc.clues_in_rules = encoding != "open" && std::any_of(b.givens.begin(), b.givens.end(), [](int g) { return g != 0; });
    if (encoding == "bool" || encoding == "open") {
      auto allowed = domains(b, nb, encoding);
      std::vector<std::map<int, z3::expr>> x(W);
      std::vector<std::vector<z3::expr>> of_number(N + 1);
      for (int c = 0; c < W; ++c) {
        eo.check_deadline();
        if (!b.on[c]) continue;
        std::vector<unsigned> place;
        std::vector<z3::expr> lits;
        for (int k : allowed[c]) {
          z3::expr v = ctx.bool_const(fmt::format("x_{}_{}", cell_label({c / b.cols, c % b.cols}), k).c_str());
          x[c].emplace(k, v);
          place.push_back(enc.decision_vars.size());
          enc.decision_vars.push_back(v);
          lits.push_back(v);
          of_number[k].push_back(v);
        }
        enc.places.push_back(place);
        const std::size_t first = enc.rules.size();
        exactly_one(ctx, lits, fmt::format("cell{}", c), enc.rules);
        enc.name_rules(first, [&] {
          const Cell cell{c / b.cols, c % b.cols};
          return Encoding::RuleGroup{"rule/cell/" + cell_label(cell), cell_label(cell) + " holds one number", {cell}};
        });
      }
      for (int k = 1; k <= N; ++k) {
        const std::size_t first = enc.rules.size();
        exactly_one(ctx, of_number[k], fmt::format("num{}", k), enc.rules);
        enc.name_rules(first, [&] { return Encoding::RuleGroup{fmt::format("rule/number/{}", k), fmt::format("{} is in one cell", k), {}}; });
      }
      // k and k + 1 on neighbouring cells: each way, one rule per pair.
      for (int k = 1; k < N; ++k) {
        eo.check_deadline();
        const std::size_t first = enc.rules.size();
        for (int c = 0; c < W; ++c)
          for (auto [from, to] : {std::pair{k, k + 1}, std::pair{k + 1, k}}) {
            auto at = x[c].find(from);
            if (at == x[c].end()) continue;
            z3::expr_vector next(ctx);
            for (int n : nb[c]) {
              auto it = x[n].find(to);
              if (it != x[n].end()) next.push_back(it->second);
            }
            enc.rules.push_back(z3::implies(at->second, z3::mk_or(next)));
          }
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/next/{}", k), fmt::format("{} and {} are in touching cells", k, k + 1), {}};
        });
      }
      for (int c = 0; c < W; ++c)
        is_at[c] = [&, c](int k) {
          auto it = x[c].find(k);
          return it == x[c].end() ? ctx.bool_val(false) : it->second;
        };
      enc.solver_logic = "QF_FD";
      enc.block_true_literals = true;
      add_givens(b, enc, is_at);
      return enc;
    }
    // The seed's distance checks, as domains for the integer encodings too.
    auto allowed = allowed_numbers(b, nb);
    if (encoding == "cell") {
      std::vector<z3::expr> v;
      z3::expr_vector all(ctx);
      std::vector<int> var_of(W, -1);
      for (int c = 0; c < W; ++c) {
        if (!b.on[c]) continue;
        var_of[c] = static_cast<int>(v.size());
        v.push_back(ctx.int_const(fmt::format("v_{}", cell_label({c / b.cols, c % b.cols})).c_str()));
        enc.decision_vars.push_back(v.back());
        enc.places.push_back({static_cast<unsigned>(var_of[c])});
        enc.rules.push_back(v.back() >= 1 && v.back() <= N);
        if (!allowed[c].empty()) {
          enc.rules.push_back(v.back() >= allowed[c].front() && v.back() <= allowed[c].back());
          if (allowed[c].size() <= 24) {
            z3::expr_vector in(ctx);
            for (int k : allowed[c]) in.push_back(v.back() == k);
            enc.rules.push_back(z3::mk_or(in));
          }
        }
        all.push_back(v.back());
      }
      enc.rules.push_back(z3::distinct(all));
      for (int c = 0; c < W; ++c) {
        eo.check_deadline();
        if (!b.on[c]) continue;
        z3::expr_vector succ(ctx);
        z3::expr_vector pred(ctx);
        succ.push_back(v[var_of[c]] == N);
        pred.push_back(v[var_of[c]] == 1);
        for (int n : nb[c]) {
          succ.push_back(v[var_of[n]] == v[var_of[c]] + 1);
          pred.push_back(v[var_of[n]] == v[var_of[c]] - 1);
        }
        enc.rules.push_back(z3::mk_or(succ));
        enc.rules.push_back(z3::mk_or(pred));
      }
      for (int c = 0; c < W; ++c)
        if (b.on[c]) is_at[c] = [&, c](int k) { return v[var_of[c]] == k; };
      add_givens(b, enc, is_at);
      return enc;
    }
    // position: row and column of every number.
    std::vector<z3::expr> R, C;
    for (int k = 1; k <= N; ++k) {
      eo.check_deadline();
      R.push_back(ctx.int_const(fmt::format("row_{}", k).c_str()));
      C.push_back(ctx.int_const(fmt::format("col_{}", k).c_str()));
      enc.decision_vars.push_back(R.back());
      enc.decision_vars.push_back(C.back());
      z3::expr in = R.back() >= 0 && R.back() < b.rows && C.back() >= 0 && C.back() < b.cols;
      for (int c = 0; c < W; ++c)
        if (!b.on[c]) in = in && !(R.back() == c / b.cols && C.back() == c % b.cols);
      int r0 = b.rows, r1 = -1, c0 = b.cols, c1 = -1;  // the box of the cells k may take
      for (int c = 0; c < W; ++c)
        if (std::binary_search(allowed[c].begin(), allowed[c].end(), k)) {
          r0 = std::min(r0, c / b.cols);
          r1 = std::max(r1, c / b.cols);
          c0 = std::min(c0, c % b.cols);
          c1 = std::max(c1, c % b.cols);
        }
      if (r1 >= 0) in = in && R.back() >= r0 && R.back() <= r1 && C.back() >= c0 && C.back() <= c1;
      z3::expr_vector cells(ctx);  // and exactly the cells allowed
      for (int c = 0; c < W; ++c)
        if (std::binary_search(allowed[c].begin(), allowed[c].end(), k)) cells.push_back(R.back() == c / b.cols && C.back() == c % b.cols);
      enc.rules.push_back(in && z3::mk_or(cells));
    }
    z3::expr_vector ids(ctx);
    for (int k = 0; k < N; ++k) ids.push_back(R[k] * b.cols + C[k]);
    enc.rules.push_back(z3::distinct(ids));
    for (int k = 0; k + 1 < N; ++k) {
      z3::expr dr = R[k + 1] - R[k], dc = C[k + 1] - C[k];
      if (b.adjacency == "king") {
        enc.rules.push_back(dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1);
      } else {
        z3::expr_vector mv(ctx);
        for (auto [a, c] : b.moves()) mv.push_back(dr == a && dc == c);
        enc.rules.push_back(z3::mk_or(mv));
      }
    }
    std::vector<unsigned> every;
    for (unsigned i = 0; i < enc.decision_vars.size(); ++i) every.push_back(i);
    for (int c = 0; c < W; ++c)
      if (b.on[c]) enc.places.push_back(every);
    for (int c = 0; c < W; ++c)
      if (b.on[c]) is_at[c] = [&, c](int k) { return R[k - 1] == c / b.cols && C[k - 1] == c % b.cols; };
    add_givens(b, enc, is_at);
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    const int W = b.rows * b.cols, N = b.cells();
    std::vector<int> v(W, 0);
    if (encoding == "bool" || encoding == "open") {
      auto allowed = domains(b, b.neighbours(), encoding);
      std::size_t i = 0;
      for (int c = 0; c < W; ++c)
        for (int k : allowed[c])
          if (values.at(i++)) v[c] = k;
    } else if (encoding == "cell") {
      std::size_t i = 0;
      for (int c = 0; c < W; ++c)
        if (b.on[c]) v[c] = static_cast<int>(values.at(i++));
    } else {
      for (int k = 1; k <= N; ++k) {
        int64_t r = values.at(2 * (k - 1)), c = values.at(2 * (k - 1) + 1);
        if (r >= 0 && r < b.rows && c >= 0 && c < b.cols) v[r * b.cols + c] = k;
      }
    }
    return solution_json(b, v);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& b = static_cast<const Board&>(p);
    node.allow_only({"grid"});
    TokenGrid tg = parse_token_grid(node.at("grid"), b.rows, b.cols, 0, b.cells());
    if (tg.rows != b.rows || tg.cols != b.cols)
      node.at("grid").fail("input.shape", fmt::format("expected {} rows of {}", b.rows, b.cols));
    std::vector<int> v;
    for (const auto& t : tg.cells) v.push_back(t.kind == GridToken::Number ? static_cast<int>(t.number) : 0);
    return solution_json(b, v);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Board&>(p), solution);
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b2) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::string> out;
    for (int r = 0; r < b.rows; ++r)
      for (int c = 0; c < b.cols; ++c)
        if (a["grid"][r][c] != b2["grid"][r][c]) out.push_back(cell_label({r, c}));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    auto value = [&](int r, int c) {
      if (solution && !(*solution)["grid"][r][c].is_null()) return (*solution)["grid"][r][c].get<int>();
      return b.givens[r * b.cols + c];
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = b.rows;
      g.cols = b.cols;
      g.cell = b.cells() > 99 ? 34 : 30;
      g.title = opt.title;
      g.off_board = [&](Cell c) { return !b.on[c.row * b.cols + c.col]; };
      g.cell_text = [&](Cell c) {
        int v = b.on[c.row * b.cols + c.col] ? value(c.row, c.col) : 0;
        return v ? std::to_string(v) : std::string();
      };
      g.is_given = [&](Cell c) { return b.givens[c.row * b.cols + c.col] != 0; };
      g.highlighted = [&](Cell c) {
        return std::any_of(opt.highlight.begin(), opt.highlight.end(), [&](const Cell& h) { return h.row == c.row && h.col == c.col; });
      };
      if (solution) {
        std::vector<Cell> at(b.cells() + 1, Cell{-1, -1});
        for (int r = 0; r < b.rows; ++r)
          for (int c = 0; c < b.cols; ++c)
            if (b.on[r * b.cols + c] && value(r, c) > 0) at[value(r, c)] = {r, c};
        for (int k = 1; k <= b.cells(); ++k)
          if (at[k].row >= 0) g.path.push_back(at[k]);
      }
      g.footer.push_back(fmt::format("1..{} with consecutive numbers {} neighbours", b.cells(), b.adjacency));
      apply_marks(g, opt);
      return g.render();
    }
    const int width = static_cast<int>(std::to_string(b.cells()).size());
    std::string out;
    for (int r = 0; r < b.rows; ++r) {
      for (int c = 0; c < b.cols; ++c) {
        std::string t = !b.on[r * b.cols + c] ? std::string(width, '.') : value(r, c) ? std::to_string(value(r, c)) : std::string(width, '_');
        out += fmt::format("{:>{}}", t, width) + (c + 1 < b.cols ? " " : "");
      }
      out += "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    int givens = 0;
    for (int g : b.givens) givens += g ? 1 : 0;
    return fmt::format("hidoku: {}x{} board of {} cells, {} adjacency, {}", b.rows, b.cols, b.cells(), b.adjacency,
                       plural(givens, "given"));
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<Place> out;
    for (int c = 0; c < b.rows * b.cols; ++c)
      if (b.on[c]) out.push_back({cell_label({c / b.cols, c % b.cols}), Cell{c / b.cols, c % b.cols}});
    return out;
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::string> out;
    for (int c = 0; c < b.rows * b.cols; ++c)
      if (b.on[c]) out.push_back(solution["grid"][c / b.cols][c % b.cols].dump());
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      if (e.alternative >= 0) throw InputError("input.value", "#", "clue " + e.clue_id + " has no alternatives");
      bool found = false;
      for (int c = 0; c < b->rows * b->cols; ++c)
        if (b->givens[c] && e.clue_id == "board/" + cell_label({c / b->cols, c % b->cols})) {
          b->givens[c] = 0;
          found = true;
        }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return b;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    auto pl = places(p);
    for (auto i : place_indices) {
      Cell c = *pl.at(i).cell;
      b->givens[c.row * b->cols + c.col] = solution["grid"][c.row][c.col].get<int>();
      if (labels) labels->push_back(fmt::format("given {} = {}", pl[i].label, b->givens[c.row * b->cols + c.col]));
    }
    return b;
  }

 private:
  static void add_givens(const Board& b, Encoding& enc, const std::vector<std::function<z3::expr(int)>>& is_at) {
    for (int c = 0; c < b.rows * b.cols; ++c) {
      if (!b.givens[c]) continue;
      Cell cell{c / b.cols, c % b.cols};
      enc.clues.push_back({"board/" + cell_label(cell), fmt::format("given {} = {}", cell_label(cell), b.givens[c]),
                           is_at[c](b.givens[c]), {cell}, {}});
    }
  }
};

}  // namespace

const Encoder& hidoku_encoder() {
  static const HidokuEncoder e;
  return e;
}

}  // namespace psmt::hidoku
