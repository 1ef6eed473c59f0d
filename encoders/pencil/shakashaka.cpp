#include "encoders/pencil/shakashaka.h"

#include <algorithm>
#include <array>
#include <set>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/shading.h"
#include "encoders/pencil/valued.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::shakashaka {
namespace {

// ---- the angles at a lattice point
//
// The four cells round a point, by where the point is on each: 0 the cell
// up and right (the point its lower-left corner), 1 up and left (lower
// right), 2 down and left (upper right), 3 down and right (upper left) —
// numbered as the corners are (0 lower left, 1 lower right, 2 upper right,
// 3 upper left), so that cell p touches the point at its corner p. Round
// the point lie eight sectors of 45°, counterclockwise from the ray to the
// right; cell p holds two of them, one along the side it shares with its
// horizontal neighbour round the point (kAlongRow) and one along the other.
constexpr int kAlongRow[4] = {0, 3, 4, 7};
constexpr int kAlongColumn[4] = {1, 2, 5, 6};
constexpr int kRowMate[4] = {1, 0, 3, 2};     // the corner across the horizontal side
constexpr int kColumnMate[4] = {3, 2, 1, 0};  // the corner across the vertical side
constexpr int kNoCell = -3;                   // off the board: black

// The white sectors of cell p (touching the point at its corner p) holding `piece`.
int white_sectors(int p, int piece) {
  const int row = 1 << kAlongRow[p], column = 1 << kAlongColumn[p];
  if (piece == kEmpty) return row | column;
  if (piece < 0 || piece == p) return 0;     // black, or the triangle's black corner
  if (piece == (p + 2) % 4) return row | column;  // its white corner
  if (piece == kRowMate[p]) return column;   // black along the shared horizontal side
  return row;                                // kColumnMate: black along the vertical side
}

// Every white run of sectors round the point is 90°, 180° (two or four
// sectors), or the whole turn.
bool angles_hold(const std::array<int, 4>& piece) {
  int mask = 0;
  for (int p = 0; p < 4; ++p) mask |= white_sectors(p, piece[static_cast<std::size_t>(p)]);
  if (mask == 0 || mask == 0xff) return true;
  int start = 0;
  while (!((mask >> start & 1) == 0 && (mask >> ((start + 1) % 8) & 1) == 1)) ++start;
  int run = 0;
  for (int k = 1; k <= 8; ++k) {
    if (mask >> ((start + k) % 8) & 1) {
      ++run;
    } else if (run) {
      if (run != 2 && run != 4) return false;
      run = 0;
    }
  }
  return true;
}

// The states a cell round a point can take: black (off the board, or a
// black cell) or empty and the four triangles.
std::vector<int> states_of(int cell_kind) {
  if (cell_kind == kNoCell || cell_kind != kWhite) return {kBlackCell};
  return {kEmpty, 0, 1, 2, 3};
}

// The forbidden arrangements round a point, each as the states of the
// cells it names (kAny for a cell whose state does not matter).
constexpr int kAny = -9;
std::vector<std::array<int, 4>> forbidden(const std::array<int, 4>& kinds, bool widen) {
  std::array<std::vector<int>, 4> states;
  for (int p = 0; p < 4; ++p) states[static_cast<std::size_t>(p)] = states_of(kinds[static_cast<std::size_t>(p)]);
  // Is every arrangement matching `pattern` forbidden?
  std::function<bool(std::array<int, 4>&, int)> all_bad = [&](std::array<int, 4>& a, int p) -> bool {
    if (p == 4) return !angles_hold(a);
    if (a[static_cast<std::size_t>(p)] != kAny) return all_bad(a, p + 1);
    for (int s : states[static_cast<std::size_t>(p)]) {
      a[static_cast<std::size_t>(p)] = s;
      const bool bad = all_bad(a, p + 1);
      a[static_cast<std::size_t>(p)] = kAny;
      if (!bad) return false;
    }
    return true;
  };
  std::set<std::array<int, 4>> out;
  std::array<int, 4> a{};
  for (int s0 : states[0])
    for (int s1 : states[1])
      for (int s2 : states[2])
        for (int s3 : states[3]) {
          a = {s0, s1, s2, s3};
          if (angles_hold(a)) continue;
          if (widen)
            for (int p = 0; p < 4; ++p) {
              if (states[static_cast<std::size_t>(p)].size() == 1) {
                a[static_cast<std::size_t>(p)] = kAny;  // a black cell is no literal
                continue;
              }
              const int keep = a[static_cast<std::size_t>(p)];
              a[static_cast<std::size_t>(p)] = kAny;
              std::array<int, 4> probe = a;
              if (!all_bad(probe, 0)) a[static_cast<std::size_t>(p)] = keep;
            }
          out.insert(a);
        }
  return {out.begin(), out.end()};
}

// The counts diagnose tries instead of a number: 0 to its white neighbours.
std::vector<int> alternatives(const Board& b, int i) {
  int most = 0;
  for (int w : b.lat.neighbours(i)) most += b.cell[static_cast<std::size_t>(w)] == kWhite ? 1 : 0;
  const int n = b.cell[static_cast<std::size_t>(i)];
  return pencil::other_values(n, 0, std::max(most, n));
}

class ShakashakaEncoder final : public pencil::BooleanEncoder<Board> {
 public:
  std::string_view kind() const override { return "shakashaka"; }
  std::string_view summary() const override {
    return "put black triangles (half cells) in white cells so that every white area is a rectangle, upright or at 45°; "
           "a number counts the triangles beside its black cell (puzz.link's shakashaka)";
  }
  std::vector<std::string> fields() const override { return {"grid"}; }
  std::string schema() const override {
    return R"json({"description": "Shakashaka (puzz.link's shakashaka): put black triangles, each half a cell cut along a diagonal, in white cells so that every white area left is a rectangle, upright or turned 45°; a number in a black cell is how many triangles are beside it (up, down, left, right); at least one triangle. Each number is a clue (grid/r2c3, '2 triangles beside r2c3') that diagnose can blame. Solution: one string per row: '.' an empty white cell, '#' a black cell, a triangle by its black corner: 'L' lower left, 'J' lower right, '7' upper right, 'F' upper left.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row (1 to 100 rows and columns): '.' a white cell, '#' a black cell without a number, '0'-'4' a black cell with its number", "items": {"type": "string", "pattern": "^[.#0-4]{1,100}$"}}}, "examples": [{"kind": "shakashaka", "grid": ["...", ".2.", "..."]}, {"kind": "shakashaka", "name": "pzprjs's test puzzle shakashaka/6/6/cgbhdhegdrb", "source": "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb", "grid": ["2...1.", "...3..", "..4...", "3.....", "......", "...1.."], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"patterns", "four Bools per white cell (a triangle each way), at most one; at each lattice point the arrangements "
                         "of its four cells that leave an angle other than 90° or 180° in a white area, as clauses widened to the "
                         "fewest cells that forbid them; numbers as exactly-k clauses", "cadical"},
            {"every", "the same with one clause per forbidden arrangement of all four cells", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const auto rows = pencil::char_rows(root.at("grid"), 1, kMaxSide, "cells");
    b->lat = {static_cast<int>(rows.size()), static_cast<int>(rows.front().second.size())};
    for (const auto& [node, s] : rows)
      for (std::size_t k = 0; k < s.size(); ++k) {
        const char ch = s[k];
        if (ch == '.') b->cell.push_back(kWhite);
        else if (ch == '#') b->cell.push_back(kBlack);
        else if (ch >= '0' && ch <= '4') b->cell.push_back(ch - '0');
        else node.fail("input.value", fmt::format("character {}: {} ('.' white, '#' black, 0-4 a black cell with its number)", k + 1, quote_input(std::string(1, ch))));
      }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    // Per white cell: a Bool per triangle, and "a triangle here".
    std::vector<std::vector<Expr>> tri(static_cast<std::size_t>(L.cells()));
    std::vector<Expr> any;
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      any.push_back(ctx.bool_val(false));
      if (b.cell[static_cast<std::size_t>(i)] != kWhite) continue;
      auto& t = tri[static_cast<std::size_t>(i)];
      enc.places.emplace_back();  // the white cells are the places, each its four Bools
      for (int k = 0; k < 4; ++k) {
        t.push_back(ctx.bool_const(fmt::format("tri{}_r{}c{}", kTriangleChars[k], c.row + 1, c.col + 1).c_str()));
        enc.places.back().push_back(static_cast<unsigned>(enc.decision_vars.size()));
        enc.decision_vars.push_back(t.back());
      }
      const std::size_t first = enc.rules.size();
      for (int x = 0; x < 4; ++x)
        for (int y = x + 1; y < 4; ++y) enc.rules.push_back(!t[static_cast<std::size_t>(x)] || !t[static_cast<std::size_t>(y)]);
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{"rule/cell/" + cell_label(c), cell_label(c) + " holds one triangle or none", {c}};
      });
      any.back() = ctx.bool_const(fmt::format("triangle_r{}c{}", c.row + 1, c.col + 1).c_str());
      ExprVector some(ctx);
      some.push_back(!any.back());
      for (const auto& x : t) {
        some.push_back(x);
        enc.rules.push_back(!x || any.back());
      }
      enc.rules.push_back(mk_or(some));
    }
    // At least one triangle (pzprjs: checkTriangleExist).
    ExprVector one(ctx);
    for (int i = 0; i < L.cells(); ++i)
      if (b.cell[static_cast<std::size_t>(i)] == kWhite) one.push_back(any[static_cast<std::size_t>(i)]);
    const std::size_t first_one = enc.rules.size();
    enc.rules.push_back(one.empty() ? ctx.bool_val(false) : mk_or(one));
    enc.name_rules(first_one, [] { return Encoding::RuleGroup{"rule/some-triangle", "there is a triangle", {}}; });
    // The angles at every lattice point, a rule per point ("the white areas
    // are rectangles at point p2c3", the corner above and left of r2c3): as
    // one rule, a 6x6's first step took all but four of its 120 facts.
    const bool widen = encoding != "every";
    for (int pr = 0; pr <= L.rows; ++pr) {
      eo.check_deadline();
      for (int pc = 0; pc <= L.cols; ++pc) {
        const std::array<Cell, 4> round = {Cell{pr - 1, pc}, Cell{pr - 1, pc - 1}, Cell{pr, pc - 1}, Cell{pr, pc}};
        std::array<int, 4> kinds{}, index{};
        bool white = false;
        for (int q = 0; q < 4; ++q) {
          const Cell c = round[static_cast<std::size_t>(q)];
          const bool on = c.row >= 0 && c.row < L.rows && c.col >= 0 && c.col < L.cols;
          index[static_cast<std::size_t>(q)] = on ? L.cell(c.row, c.col) : -1;
          kinds[static_cast<std::size_t>(q)] = on ? b.cell[static_cast<std::size_t>(L.cell(c.row, c.col))] : kNoCell;
          white = white || kinds[static_cast<std::size_t>(q)] == kWhite;
        }
        if (!white) continue;
        const std::size_t first = enc.rules.size();
        for (const auto& pattern : forbidden(kinds, widen)) {
          ExprVector clause(ctx);
          for (int q = 0; q < 4; ++q) {
            const int s = pattern[static_cast<std::size_t>(q)], i = index[static_cast<std::size_t>(q)];
            if (s == kAny || s == kBlackCell) continue;
            clause.push_back(s == kEmpty ? any[static_cast<std::size_t>(i)] : !tri[static_cast<std::size_t>(i)][static_cast<std::size_t>(s)]);
          }
          enc.rules.push_back(clause.empty() ? ctx.bool_val(false) : mk_or(clause));
        }
        enc.name_rules(first, [&] {
          std::vector<Cell> where;
          for (const auto& c : round)
            if (c.row >= 0 && c.row < L.rows && c.col >= 0 && c.col < L.cols) where.push_back(c);
          return Encoding::RuleGroup{fmt::format("rule/corner/p{}c{}", pr + 1, pc + 1),
                                     fmt::format("the white areas are rectangles at point p{}c{}", pr + 1, pc + 1), where};
        });
      }
    }
    // The numbers.
    for (int i = 0; i < L.cells(); ++i) {
      const int n = b.cell[static_cast<std::size_t>(i)];
      if (n < 0) continue;
      const Cell c = L.cell_at(i);
      std::vector<Expr> lits;
      std::vector<Cell> cells{c};
      for (int w : L.neighbours(i))
        if (b.cell[static_cast<std::size_t>(w)] == kWhite) {
          lits.push_back(any[static_cast<std::size_t>(w)]);
          cells.push_back(L.cell_at(w));
        }
      Clue clue{number_id(c), number_label(c, n), pencil::exactly(ctx, lits, n), cells, {}};
      clue.dropped_label = fmt::format("black cell at r{}c{}", c.row + 1, c.col + 1);
      if (eo.alternatives)
        for (int v : alternatives(b, i)) clue.alternatives.push_back({number_label(c, v), pencil::exactly(ctx, lits, v)});
      enc.clues.push_back(std::move(clue));
    }
    enc.solver_logic = "QF_FD";
    return enc;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    std::vector<int> pieces(static_cast<std::size_t>(L.cells()), kEmpty);
    if (solution) pieces = pieces_of(b, *solution);
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [](Cell) { return std::string(); };
      bool any = false;
      for (int i = 0; i < L.cells(); ++i) {
        const Cell c = L.cell_at(i);
        const int kind = b.cell[static_cast<std::size_t>(i)], piece = pieces[static_cast<std::size_t>(i)];
        if (kind != kWhite) {
          pencil::draw_black_cell(g.shapes, c, kind, "black", "number");
        } else if (piece >= 0) {
          // The black corner and the two beside it.
          const std::pair<double, double> corner[4] = {{c.row + 1.0, c.col + 0.0}, {c.row + 1.0, c.col + 1.0}, {c.row + 0.0, c.col + 1.0}, {c.row + 0.0, c.col + 0.0}};
          Shape s;
          s.type = Shape::Type::Polygon;
          s.points = {corner[(piece + 3) % 4], corner[piece], corner[(piece + 1) % 4]};
          s.fill = "#37474f";
          s.cls = "triangle";
          g.shapes.push_back(s);
          any = true;
        }
      }
      if (any) g.legend.emplace_back("triangle", "#37474f", "a triangle (half a cell)");
      g.highlighted = [&](Cell c) {
        if (has_cell(opt.highlight, c)) return true;
        const std::string id = number_id(c);
        return b.cell[static_cast<std::size_t>(L.cell(c.row, c.col))] >= 0 &&
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), id) != opt.highlight_clues.end();
      };
      apply_marks(g, opt);
      return g.render();
    }
    static const char* const kDrawn[4] = {"\u25e3", "\u25e2", "\u25e5", "\u25e4"};
    std::string out;
    for (int r = 0; r < L.rows; ++r) {
      std::string line;
      for (int c = 0; c < L.cols; ++c) {
        const int i = L.cell(r, c), kind = b.cell[static_cast<std::size_t>(i)], piece = pieces[static_cast<std::size_t>(i)];
        line += "  ";
        line += kind >= 0 ? std::to_string(kind) : kind == kBlack ? std::string("#") : piece >= 0 ? std::string(kDrawn[piece]) : std::string(".");
      }
      out += line + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto black = static_cast<std::size_t>(std::count_if(b.cell.begin(), b.cell.end(), [](int v) { return v != kWhite; }));
    const auto numbered = static_cast<std::size_t>(std::count_if(b.cell.begin(), b.cell.end(), [](int v) { return v >= 0; }));
    return fmt::format("{}x{} shakashaka, {} ({} numbered)", b.lat.rows, b.lat.cols, plural(black, "black cell"), numbered);
  }

  // The places are the white cells.
  std::vector<Place> places(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<Place> out;
    for (const auto& place : pencil::cell_places(b.lat))
      if (b.cell[static_cast<std::size_t>(b.lat.cell(place.cell->row, place.cell->col))] == kWhite) out.push_back(place);
    return out;
  }
  // Explain's facts: a white cell's four triangles in order (kTriangleChars),
  // named by their black corner: "r2c3 holds a triangle at its lower left".
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    static const char* const corner[] = {"lower left", "lower right", "upper right", "upper left"};
    if (!place || position > 3) return Encoder::fact_label(p, encoding, var, value, place, position);
    return fmt::format("{} holds {} triangle at its {} ({})", place->label, value ? "a" : "no", corner[position], kTriangleChars[position]);
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    std::vector<std::string> out;
    for (int v : pieces_of(static_cast<const Board&>(p), solution))
      if (v != kBlackCell) out.push_back(v == kEmpty ? "." : std::string(1, kTriangleChars[v]));
    return out;
  }
  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& c) const override {
    const auto where = places(p);
    const auto x = place_values(p, a), y = place_values(p, c);
    std::vector<std::string> out;
    for (std::size_t k = 0; k < x.size() && k < y.size(); ++k)
      if (x[k] != y[k]) out.push_back(where[k].label);
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      bool found = false;
      for (int i = 0; i < b->lat.cells() && !found; ++i) {
        int& n = b->cell[static_cast<std::size_t>(i)];
        if (n < 0 || number_id(b->lat.cell_at(i)) != e.clue_id) continue;
        if (e.alternative < 0) {
          n = kBlack;
        } else {
          const auto alts = alternatives(*b, i);
          if (e.alternative >= static_cast<int>(alts.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
          n = alts[static_cast<std::size_t>(e.alternative)];
        }
        found = true;
      }
      if (!found) throw InputError("input.value", "#", "no number " + e.clue_id);
    }
    return b;
  }

  // Extra clues: a number in a black cell without one, as the answer has it.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto pieces = pieces_of(b, solution);
    std::vector<ExtraClue> out;
    for (int i = 0; i < b.lat.cells(); ++i) {
      if (b.cell[static_cast<std::size_t>(i)] != kBlack) continue;
      int n = 0;
      for (int w : b.lat.neighbours(i)) n += pieces[static_cast<std::size_t>(w)] >= 0 ? 1 : 0;
      const Cell c = b.lat.cell_at(i);
      out.push_back({number_id(c), fmt::format("{} at r{}c{}", n, c.row + 1, c.col + 1), {c}, {{"cell", i}, {"value", n}}});
    }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) b->cell[x.data.at("cell").get<std::size_t>()] = x.data.at("value").get<int>();
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "every black cell already has its number, and a black cell added would change the white areas";
  }
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));  // extra clues are numbers (extra_clues)
  }

 protected:
  nlohmann::json write_bools(const Board& b, const std::vector<bool>& on) const override {
    std::vector<int> pieces;
    std::size_t k = 0;
    for (int i = 0; i < b.lat.cells(); ++i) {
      if (b.cell[static_cast<std::size_t>(i)] != kWhite) {
        pieces.push_back(kBlackCell);
        continue;
      }
      int piece = kEmpty;
      for (int t = 0; t < 4; ++t, ++k)
        if (k < on.size() && on[k] && piece == kEmpty) piece = t;
      pieces.push_back(piece);
    }
    return solution_json(b, pieces);
  }
  std::vector<bool> read_bools(const Board& b, const nlohmann::json& solution) const override {
    std::vector<bool> on;
    const auto pieces = pieces_of(b, solution);
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.cell[static_cast<std::size_t>(i)] == kWhite)
        for (int t = 0; t < 4; ++t) on.push_back(pieces[static_cast<std::size_t>(i)] == t);
    return on;
  }
  std::vector<Violation> check_json(const Board& b, const nlohmann::json& solution) const override { return check_solution(b, solution); }
};

}  // namespace

const Encoder& shakashaka_encoder() {
  static const ShakashakaEncoder e;
  return e;
}

}  // namespace psmt::shakashaka
