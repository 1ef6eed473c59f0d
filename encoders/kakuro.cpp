#include "kakuro.h"

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>
#include <z3++.h>

#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::kakuro {
namespace {

std::string given_label(Cell c, int d) { return fmt::format("given r{}c{} = {}", c.row + 1, c.col + 1, d); }

class KakuroEncoder final : public Encoder {
 public:
  std::string_view kind() const override { return "kakuro"; }
  std::string_view summary() const override {
    return "rectangular board of white cells, blocks and clue cells (puzz.link's kakuro): runs of distinct digits 1..9 "
           "summing to their clues";
  }
  std::vector<std::string> fields() const override { return {"grid"}; }
  std::string schema() const override {
    return R"json({"description": "Kakuro (cross sums, puzz.link's kakuro): every run of white cells (a maximal row or column segment) holds distinct digits 1..9; a clue cell gives the sum of the run to its right (across) and of the run below it (down). A run without a sum still holds distinct digits. Each sum is a clue of its own (grid/r1c3/down) that diagnose can blame. Solution: one string per row, a digit per white cell and '#' elsewhere.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 60, "description": "one array per row (1 to 60 rows and columns): \".\" a white cell, a digit 1..9 a given white cell, \"#\" a block, [down, across] a clue cell (null or 0: no sum in that direction)", "items": {"type": "array", "minItems": 1, "maxItems": 60, "items": {"anyOf": [{"enum": [".", "#"]}, {"type": "integer", "minimum": 1, "maximum": 9}, {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": ["integer", "null"], "minimum": 0, "maximum": 45}}]}}}}, "examples": [{"kind": "kakuro", "grid": [["#", [4, null], [3, null]], [[null, 4], ".", "."], [[null, 3], ".", "."]]}, {"kind": "kakuro", "name": "pzprjs's test puzzle, kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3 (FORMATS.md)", "grid": [["#", "#", [12, null], [4, null], "#", "#"], ["#", [4, 8], ".", ".", [10, null], "#"], [[null, 10], ".", ".", ".", ".", [10, null]], [[null, 3], ".", ".", [17, 3], ".", "."], ["#", [null, 21], ".", ".", ".", "."], ["#", "#", [null, 12], ".", ".", "#"]], "expect": {"status": "unique", "solution": ["######", "##53##", "#3412#", "#12#12", "##1938", "###84#"]}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"onehot", "a Bool per white cell and digit: exactly one per cell, distinct digits per run (pairwise), a sum as "
                       "\"the run holds one of the sets of digits with that sum\" (a Bool per digit the run holds and per set)",
             "cadical"},
            {"int", "an Int 1..9 per white cell, Distinct per run, linear sums (Z3's default solver)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const JsonNode grid = root.at("grid");
    const auto rows = grid.items();
    if (rows.empty() || rows.size() > kMaxSide) grid.fail("input.shape", fmt::format("1 to {} rows", kMaxSide));
    b->rows = static_cast<int>(rows.size());
    for (const auto& row : rows) {
      const auto cells = row.items();
      if (b->cols == 0) b->cols = static_cast<int>(cells.size());
      if (cells.empty() || cells.size() > kMaxSide) row.fail("input.shape", fmt::format("1 to {} columns", kMaxSide));
      if (static_cast<int>(cells.size()) != b->cols)
        row.fail("input.shape", fmt::format("{} entries, the first row has {}", cells.size(), b->cols));
      for (const auto& e : cells) {
        Square sq = Square::White;
        int given = 0, down = 0, across = 0;
        if (e.is_string()) {
          const std::string s = e.as_string();
          if (s == "#") sq = Square::Block;
          else if (s != ".") e.fail("input.value", fmt::format("{}: \".\" a white cell, \"#\" a block", quote_input(s)));
        } else if (e.is_number()) {
          given = static_cast<int>(e.as_int(1, 9));
        } else if (e.is_array()) {
          sq = Square::Clue;
          auto pair = e.items(2);
          down = pair[0].is_null() ? 0 : static_cast<int>(pair[0].as_int(0, 45));
          across = pair[1].is_null() ? 0 : static_cast<int>(pair[1].as_int(0, 45));
        } else {
          e.expected("\".\", \"#\", a digit 1..9 or [down, across]");
        }
        b->squares.push_back(sq);
        b->given.push_back(given);
        b->down.push_back(down);
        b->across.push_back(across);
      }
    }
    b->runs = find_runs(*b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& context, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    Encoding enc(context);
    const bool onehot = encoding == "onehot";
    const int n = b.rows * b.cols;
    // onehot: native formulas (no Z3 context on CaDiCaL); int: Z3 terms.
    std::vector<std::vector<Expr>> bit(static_cast<std::size_t>(n));  // onehot: bit[i][d-1]
    std::vector<std::optional<z3::expr>> x(static_cast<std::size_t>(n));  // int
    for (int i = 0; i < n; ++i) {
      if (b.squares[static_cast<std::size_t>(i)] != Square::White) continue;
      eo.check_deadline();
      const Cell c = b.cell(i);
      std::vector<unsigned> place;
      if (onehot) {
        auto& bi = bit[static_cast<std::size_t>(i)];
        for (int d = 1; d <= 9; ++d) {
          bi.push_back(context.bool_const(fmt::format("b_r{}c{}_{}", c.row + 1, c.col + 1, d)));
          place.push_back(enc.decision_vars.size());
          enc.decision_vars.push_back(bi.back());
        }
        const std::size_t first = enc.rules.size();
        enc.rules.push_back(mk_or(bi));
        at_most_one_pairwise(bi, enc.rules);
        enc.name_rules(first, [&] { return Encoding::RuleGroup{fmt::format("rule/cell/r{}c{}", c.row + 1, c.col + 1), fmt::format("r{}c{} holds one digit", c.row + 1, c.col + 1), {c}}; });
      } else {
        z3::context& ctx = context.z3();
        x[static_cast<std::size_t>(i)] = ctx.int_const(fmt::format("x_r{}c{}", c.row + 1, c.col + 1).c_str());
        place.push_back(enc.decision_vars.size());
        enc.decision_vars.push_back(*x[static_cast<std::size_t>(i)]);
        enc.rules.push_back(*x[static_cast<std::size_t>(i)] >= 1 && *x[static_cast<std::size_t>(i)] <= 9);
      }
      enc.places.push_back(place);
    }
    auto is = [&](int i, int d) -> Expr {
      if (onehot) return bit[static_cast<std::size_t>(i)][static_cast<std::size_t>(d - 1)];
      return *x[static_cast<std::size_t>(i)] == d;
    };
    // Distinct digits in every run: rules.
    for (const auto& run : b.runs) {
      if (onehot) {
        const std::size_t first = enc.rules.size();
        for (int d = 1; d <= 9; ++d) {
          std::vector<Expr> lits;
          for (int i : run.cells) lits.push_back(is(i, d));
          at_most_one_pairwise(lits, enc.rules);
        }
        enc.name_rules(first, [&] {
          const Cell a = b.cell(run.cells.front()), z = b.cell(run.cells.back());
          std::vector<Cell> where;
          for (int i : run.cells) where.push_back(b.cell(i));
          return Encoding::RuleGroup{"rule/distinct/" + run_id(b, run),
                                     fmt::format("the {} run r{}c{}-r{}c{} holds no digit twice", run.across ? "across" : "down", a.row + 1, a.col + 1, z.row + 1, z.col + 1),
                                     where};
        });
      } else if (run.cells.size() > 1) {
        z3::expr_vector v(context.z3());
        for (int i : run.cells) v.push_back(*x[static_cast<std::size_t>(i)]);
        enc.rules.push_back(z3::distinct(v));
      }
    }
    // onehot: per run, "digit d is in the run" (present) and "the run holds
    // exactly the digits of set S" (one per set of its length that some sum
    // asks for), defined once as rules: they fix only fresh variables.
    std::map<const Run*, std::vector<Expr>> present;
    std::map<std::pair<const Run*, unsigned>, Expr> holds;  // (run, set as bits of digits 1..9)
    auto present_in = [&](const Run& run) -> const std::vector<Expr>& {
      auto it = present.find(&run);
      if (it != present.end()) return it->second;
      const Cell c = b.cell(run.clue >= 0 ? run.clue : run.cells.front());
      std::vector<Expr> ps;
      for (int d = 1; d <= 9; ++d) {
        std::vector<Expr> ls;
        for (int i : run.cells) ls.push_back(is(i, d));
        Expr v = context.bool_const(fmt::format("run_r{}c{}_{}_has_{}", c.row + 1, c.col + 1, run.across ? "across" : "down", d));
        enc.rules.push_back(v == mk_or(ls));
        ps.push_back(v);
      }
      return present.emplace(&run, std::move(ps)).first->second;
    };
    auto holds_set = [&](const Run& run, unsigned set) -> Expr {
      auto it = holds.find({&run, set});
      if (it != holds.end()) return it->second;
      const auto& ps = present_in(run);
      std::vector<Expr> ls;
      for (int d = 1; d <= 9; ++d) ls.push_back(set >> (d - 1) & 1u ? ps[static_cast<std::size_t>(d - 1)] : !ps[static_cast<std::size_t>(d - 1)]);
      const Cell c = b.cell(run.clue >= 0 ? run.clue : run.cells.front());
      Expr v = context.bool_const(fmt::format("run_r{}c{}_{}_is_{}", c.row + 1, c.col + 1, run.across ? "across" : "down", set));
      enc.rules.push_back(v == mk_and(ls));
      return holds.emplace(std::make_pair(&run, set), v).first->second;
    };
    // Sums: clues. onehot: the run holds one of the sets of its length with
    // that sum (its digits differ, so that is the sum), and per digit
    // "present only if a remaining set holds it, absent only if one lacks
    // it", so that unit propagation strikes a digit no remaining set holds
    // from every cell of the run (the killer cages' encoding,
    // Builder::distinct_sum_is). On the 10x16 of puzzles/kakuro unit
    // propagation then settles all 126 digits before search, and solving
    // takes 2.6 ms on CaDiCaL; as a pseudo-Boolean sum over the run's
    // digits, 16 settled and 27 ms. int: a linear sum and the digits the
    // sum leaves.
    auto sum_is = [&](const Run& run, int s) -> Expr {
      const int k = static_cast<int>(run.cells.size());
      const auto usable = usable_digits(k, s);
      if (usable.empty()) return bool_val(false);
      std::vector<Expr> parts;
      if (onehot) {
        std::vector<uint64_t> sets;
        for (unsigned set = 0; set < 512; ++set)
          if (__builtin_popcount(set) == k) {
            int total = 0;
            for (int d = 1; d <= 9; ++d) total += (set >> (d - 1) & 1u) ? d : 0;
            if (total == s) sets.push_back(set);
          }
        std::vector<Expr> choices;
        for (uint64_t set : sets) choices.push_back(holds_set(run, static_cast<unsigned>(set)));
        parts.push_back(mk_or(choices));
        for (const Expr& c : set_supports(present_in(run), sets, choices)) parts.push_back(c);
        return mk_and(parts);
      }
      z3::expr total = context.z3().int_val(0);
      for (int i : run.cells) total = total + *x[static_cast<std::size_t>(i)];
      parts.push_back(total == s);
      for (int i : run.cells) {
        std::vector<Expr> ok;
        for (int d : usable) ok.push_back(is(i, d));
        parts.push_back(mk_or(ok));
      }
      return mk_and(parts);
    };
    for (const auto& run : b.runs) {
      if (run.sum <= 0) continue;
      std::vector<Cell> where{b.cell(run.clue)};
      for (int i : run.cells) where.push_back(b.cell(i));
      Clue clue{run_id(b, run), run_label(b, run), sum_is(run, run.sum), where, {}};
      if (eo.alternatives) {
        auto [lo, hi] = sum_range(static_cast<int>(run.cells.size()));
        for (int s = lo; s <= hi; ++s) {
          if (s == run.sum) continue;
          Run changed = run;
          changed.sum = s;
          clue.alternatives.push_back({run_label(b, changed), sum_is(run, s)});
        }
      }
      enc.clues.push_back(std::move(clue));
    }
    for (int i = 0; i < n; ++i) {
      const int g = b.given[static_cast<std::size_t>(i)];
      if (!g) continue;
      const Cell c = b.cell(i);
      Clue clue{fmt::format("grid/r{}c{}", c.row + 1, c.col + 1), given_label(c, g), is(i, g), {c}, {}};
      if (eo.alternatives)
        for (int d = 1; d <= 9; ++d)
          if (d != g) clue.alternatives.push_back({given_label(c, d), is(i, d)});
      enc.clues.push_back(std::move(clue));
    }
    if (onehot) {
      enc.solver_logic = "QF_FD";
      enc.block_true_literals = true;
    }
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<int> digits(b.squares.size(), 0);
    std::size_t k = 0;
    for (std::size_t i = 0; i < b.squares.size(); ++i) {
      if (b.squares[i] != Square::White) continue;
      if (encoding == "onehot") {
        for (int d = 1; d <= 9; ++d)
          if (values.at(k + static_cast<std::size_t>(d - 1))) digits[i] = d;
        k += 9;
      } else {
        digits[i] = static_cast<int>(values.at(k++));
      }
    }
    return solution_json(b, digits);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<int> digits;
    int r = 0;
    for (const auto& row : node.items(static_cast<std::size_t>(b.rows))) {
      const std::string s = row.as_string();
      if (static_cast<int>(s.size()) != b.cols) row.fail("input.shape", fmt::format("{} characters, the board is {} wide", s.size(), b.cols));
      for (int c = 0; c < b.cols; ++c) {
        const bool white = b.squares[static_cast<std::size_t>(r * b.cols + c)] == Square::White;
        const char ch = s[static_cast<std::size_t>(c)];
        if (white && (ch < '1' || ch > '9')) row.fail("input.value", fmt::format("column {} is a white cell: a digit 1..9", c + 1));
        if (!white && ch != '#') row.fail("input.value", fmt::format("column {} is not a white cell: '#'", c + 1));
        digits.push_back(white ? ch - '0' : 0);
      }
      ++r;
    }
    return solution_json(b, digits);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Board&>(p), solution);
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& c) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::string> out;
    for (int r = 0; r < b.rows; ++r)
      for (int k = 0; k < b.cols; ++k)
        if (a[r].get<std::string>()[static_cast<std::size_t>(k)] != c[r].get<std::string>()[static_cast<std::size_t>(k)])
          out.push_back(cell_label({r, k}));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    auto digit = [&](int r, int c) -> std::string {
      const int i = r * b.cols + c;
      if (solution) return std::string(1, (*solution)[r].get<std::string>()[static_cast<std::size_t>(c)]);
      return b.given[static_cast<std::size_t>(i)] ? std::to_string(b.given[static_cast<std::size_t>(i)]) : "";
    };
    auto marked = [&](int i, bool across) {
      const Cell c = b.cell(i);
      const std::string id = fmt::format("grid/r{}c{}/{}", c.row + 1, c.col + 1, across ? "across" : "down");
      return std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), id) != opt.highlight_clues.end();
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = b.rows;
      g.cols = b.cols;
      g.title = opt.title;
      g.off_board = [&](Cell c) { return b.squares[static_cast<std::size_t>(c.row * b.cols + c.col)] != Square::White; };
      g.cell_text = [&](Cell c) { return g.off_board(c) ? std::string() : digit(c.row, c.col); };
      g.is_given = [&](Cell c) { return b.given[static_cast<std::size_t>(c.row * b.cols + c.col)] != 0; };
      g.highlighted = [&](Cell c) { return has_cell(opt.highlight, c); };
      for (int i = 0; i < b.rows * b.cols; ++i) {
        if (b.squares[static_cast<std::size_t>(i)] != Square::Clue) continue;
        const Cell c = b.cell(i);
        Shape diag;
        diag.type = Shape::Type::Line;
        diag.points = {{c.row + 0.0, c.col + 0.0}, {c.row + 1.0, c.col + 1.0}};
        diag.stroke = "#e0e0e0";
        diag.size = 0.03;
        diag.cls = "clue-line";
        diag.over = true;
        g.shapes.push_back(diag);
        for (bool across : {false, true}) {
          const int v = across ? b.across[static_cast<std::size_t>(i)] : b.down[static_cast<std::size_t>(i)];
          if (!v) continue;
          Shape t;
          t.type = Shape::Type::Text;
          t.points = {across ? std::pair{c.row + 0.3, c.col + 0.72} : std::pair{c.row + 0.75, c.col + 0.3}};
          t.text = std::to_string(v);
          t.size = 0.36;
          t.fill = marked(i, across) ? "#ff8a80" : "#fff";
          t.cls = marked(i, across) ? "clue marked" : "clue";
          t.over = true;
          g.shapes.push_back(t);
        }
      }
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    for (int r = 0; r < b.rows; ++r) {
      for (int c = 0; c < b.cols; ++c) {
        const int i = r * b.cols + c;
        const Square sq = b.squares[static_cast<std::size_t>(i)];
        if (sq == Square::Block) out += "  ## ";
        else if (sq == Square::Clue) {
          const int d = b.down[static_cast<std::size_t>(i)], a = b.across[static_cast<std::size_t>(i)];
          out += fmt::format("{:>2}\\{:<2}", d ? std::to_string(d) : "", a ? std::to_string(a) : "");
        } else {
          const std::string v = digit(r, c);
          out += fmt::format("  {}  ", v.empty() ? "." : v);
        }
      }
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto whites = static_cast<std::size_t>(std::count(b.squares.begin(), b.squares.end(), Square::White));
    const auto sums = static_cast<std::size_t>(std::count_if(b.runs.begin(), b.runs.end(), [](const Run& r) { return r.sum > 0; }));
    const auto givens = static_cast<std::size_t>(std::count_if(b.given.begin(), b.given.end(), [](int g) { return g != 0; }));
    return fmt::format("{}x{} kakuro, {}, {} ({} with a sum){}", b.rows, b.cols, plural(whites, "white cell"),
                       plural(b.runs.size(), "run"), sums, givens ? ", " + plural(givens, "given") : "");
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<Place> out;
    for (int i = 0; i < b.rows * b.cols; ++i)
      if (b.squares[static_cast<std::size_t>(i)] == Square::White) out.push_back({cell_label(b.cell(i)), b.cell(i)});
    return out;
  }

  // Explain's facts (onehot: the digits 1..9 of a white cell in order):
  // "r3c4 is 7", "r3c4 is not 7".
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place || encoding != "onehot" || position >= 9) return Encoder::fact_label(p, encoding, var, value, place, position);
    return fmt::format("{} {} {}", place->label, value ? "is" : "is not", position + 1);
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<std::string> out;
    for (int i = 0; i < b.rows * b.cols; ++i)
      if (b.squares[static_cast<std::size_t>(i)] == Square::White) {
        const Cell c = b.cell(i);
        out.emplace_back(1, solution[c.row].get<std::string>()[static_cast<std::size_t>(c.col)]);
      }
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      bool found = false;
      for (const auto& run : b->runs) {
        if (run.sum <= 0 || run_id(*b, run) != e.clue_id) continue;
        int s = 0;
        if (e.alternative >= 0) {
          auto [lo, hi] = sum_range(static_cast<int>(run.cells.size()));
          s = lo + e.alternative + (lo + e.alternative >= run.sum ? 1 : 0);
          if (s > hi) throw InputError("input.value", "#", "no change " + std::to_string(e.alternative) + " of " + e.clue_id);
        }
        (run.across ? b->across : b->down)[static_cast<std::size_t>(run.clue)] = s;
        found = true;
      }
      for (int i = 0; i < b->rows * b->cols && !found; ++i) {
        const Cell c = b->cell(i);
        int& g = b->given[static_cast<std::size_t>(i)];
        if (!g || e.clue_id != fmt::format("grid/r{}c{}", c.row + 1, c.col + 1)) continue;
        g = e.alternative < 0 ? 0 : e.alternative + 1 + (e.alternative + 1 >= g ? 1 : 0);
        found = true;
      }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
      b->runs = find_runs(*b);
    }
    return b;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    std::vector<int> whites;
    for (int i = 0; i < b->rows * b->cols; ++i)
      if (b->squares[static_cast<std::size_t>(i)] == Square::White) whites.push_back(i);
    for (auto k : place_indices) {
      const int i = whites.at(k);
      const Cell c = b->cell(i);
      b->given[static_cast<std::size_t>(i)] = solution[c.row].get<std::string>()[static_cast<std::size_t>(c.col)] - '0';
      if (labels) labels->push_back(given_label(c, b->given[static_cast<std::size_t>(i)]));
    }
    return b;
  }
};

}  // namespace

const Encoder& kakuro_encoder() {
  static const KakuroEncoder e;
  return e;
}

}  // namespace psmt::kakuro
