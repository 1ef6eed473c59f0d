#include "encoders/pencil/magnets.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/regions.h"
#include "encoders/pencil/valued.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::magnets {
namespace {

const char* kFields[2][2] = {{"plus_columns", "plus_rows"}, {"minus_columns", "minus_rows"}};

class MagnetsEncoder final : public pencil::ValuedEncoder<Board> {
 public:
  std::string_view kind() const override { return "magnets"; }
  std::string_view summary() const override {
    return "make each plate hold one magnet (+ and - side by side) or stay neutral, like poles never side by side, the "
           "counts of + and - in the rows and columns met (Tatham's and puzz.link's magnets)";
  }
  std::vector<std::string> fields() const override {
    return {"plates", "regions", "poles", "anti", "plus_columns", "plus_rows", "minus_columns", "minus_rows"};
  }
  std::string schema() const override {
    const std::string counts = R"json({"type": "array", "description": "a count per line, null for none", "items": {"type": ["integer", "null"], "minimum": 0}})json";
    return R"json({"description": "Magnets (Tatham's magnets; puzz.link's magnets): the board is cut into plates; make each plate hold one magnet, two cells side by side, one + and the other -, or stay neutral, blank, so that no two + cells and no two - cells are side by side (with anti: poles of different magnets side by side are alike instead), and the numbers outside the rows and columns count their + cells (plus_rows, plus_columns) and their - cells (minus_rows, minus_columns). The plates are written either as 'plates' (plates of two cells and cells alone: the collection's form) or as 'regions' (plates of any shape: puzz.link's form). Each count is a clue (plus/rows/3, 'row 3 has 2 +'), and so is each given pole (poles/r2c3, 'the + at r2c3'), that diagnose can blame. Solution: one string per row, '+', '-' or '.' (neutral, or not on the board).", "properties": {"plates": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row: 'L' and 'R' the left and right cells of a plate across, 'T' and 'B' the top and bottom of a plate down, '*' a cell alone (always neutral); give this or regions", "items": {"type": "string", "pattern": "^[LRTB*]{1,100}$"}}, "regions": )json" +
           pencil::regions_schema("plate") +
           R"json(, "poles": {"type": "array", "description": "optional, one string per row: '+' or '-' a given pole, '#' a cell that is not on the board (it holds nothing and is in no magnet), '.' otherwise", "items": {"type": "string", "pattern": "^[-+#.]{1,100}$"}}, "anti": {"type": "boolean", "description": "anti-magnets (puzz.link's flag 'a'): poles of different magnets side by side are alike, instead of like poles never side by side"}, "plus_columns": )json" +
           counts + R"json(, "plus_rows": )json" + counts + R"json(, "minus_columns": )json" + counts + R"json(, "minus_rows": )json" + counts +
           R"json(}, "examples": [{"kind": "magnets", "plates": ["LR", "LR"], "plus_columns": [1, null], "plus_rows": [1, 0]}, {"kind": "magnets", "name": "the collection's 3x3 example", "source": "magnets.c in Simon Tatham's collection: 3x3:201,102,120,111,LRTT*BBLR", "plates": ["LRT", "T*B", "BLR"], "plus_columns": [2, 0, 1], "plus_rows": [1, 0, 2], "minus_columns": [1, 2, 0], "minus_rows": [1, 1, 1], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"totalizer", "two Bools per cell (+, -); a plate's cells opposite; like poles apart; counts as totalizers (trees of merged counts)", "cadical"},
            {"counter", "the same with the counts as sequential counters", "cadical"},
            {"pairwise", "the same with the counts as plain clauses over subsets", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    auto& L = b->lat;
    const bool has_plates = root.has("plates"), has_regions = root.has("regions");
    if (has_plates == has_regions)
      root.fail(has_plates ? "input.value" : "input.missing",
                "the plates as \"plates\" (the collection's form) or as \"regions\" (puzz.link's), one of the two");
    std::vector<int> id;  // per cell: its plate's number as written
    if (has_plates) {
      const auto rows = pencil::char_rows(root.at("plates"), 1, kMaxSide, "cells");
      L.rows = static_cast<int>(rows.size());
      L.cols = static_cast<int>(rows[0].second.size());
      id.assign(static_cast<std::size_t>(L.cells()), -1);
      for (int r = 0; r < L.rows; ++r)
        for (int c = 0; c < L.cols; ++c) {
          const auto& [node, text] = rows[static_cast<std::size_t>(r)];
          const char ch = text[static_cast<std::size_t>(c)];
          const int i = L.cell(r, c);
          int j = -1;
          if (ch == 'L' && c + 1 < L.cols) j = i + 1;
          else if (ch == 'R' && c > 0) j = i - 1;
          else if (ch == 'T' && r + 1 < L.rows) j = i + L.cols;
          else if (ch == 'B' && r > 0) j = i - L.cols;
          else if (ch == '*') j = i;
          const char want = ch == 'L' ? 'R' : ch == 'R' ? 'L' : ch == 'T' ? 'B' : ch == 'B' ? 'T' : '*';
          const Cell o = j >= 0 ? L.cell_at(j) : Cell{};
          if (j < 0 || std::string("LRTB*").find(ch) == std::string::npos ||
              rows[static_cast<std::size_t>(o.row)].second[static_cast<std::size_t>(o.col)] != want)
            node.fail("input.value", fmt::format("{}: {} at {} is not one end of a plate whose other end says so "
                                                 "('L' then 'R' across, 'T' above 'B', '*' alone)",
                                                 quote_input(text), quote_input(std::string(1, ch)), cell_label(Cell{r, c})));
          id[static_cast<std::size_t>(i)] = std::min(i, j);
        }
    } else {
      b->regions_form = true;
      const pencil::Regions R = pencil::read_regions(root.at("regions"), L, kMaxSide);
      id = R.of;
    }
    const pencil::Regions R = pencil::regions_of(L, id);
    b->plate = R.of;
    b->hole.assign(static_cast<std::size_t>(L.cells()), false);
    b->given.assign(static_cast<std::size_t>(L.cells()), kBlank);
    if (const auto poles = root.find("poles")) {
      const auto rows = pencil::char_rows(*poles, 1, kMaxSide, "cells");
      if (static_cast<int>(rows.size()) != L.rows) poles->fail("input.shape", fmt::format("{}, as many as the plates", plural(static_cast<std::size_t>(L.rows), "row")));
      for (int r = 0; r < L.rows; ++r) {
        const auto& [node, text] = rows[static_cast<std::size_t>(r)];
        if (static_cast<int>(text.size()) != L.cols) node.fail("input.shape", fmt::format("{}, as many as the plates", plural(static_cast<std::size_t>(L.cols), "cell")));
        for (int c = 0; c < L.cols; ++c) {
          const char ch = text[static_cast<std::size_t>(c)];
          const auto i = static_cast<std::size_t>(L.cell(r, c));
          if (ch == '+') b->given[i] = kPlus;
          else if (ch == '-') b->given[i] = kMinus;
          else if (ch == '#') b->hole[i] = true;
          else if (ch != '.')
            node.fail("input.value", fmt::format("{}: {} at {} is not '+', '-', '#' or '.'", quote_input(text), quote_input(std::string(1, ch)), cell_label(Cell{r, c})));
        }
      }
    }
    b->plates.assign(R.cells.size(), {});
    for (int i = 0; i < L.cells(); ++i)
      if (!b->hole[static_cast<std::size_t>(i)]) b->plates[static_cast<std::size_t>(b->plate[static_cast<std::size_t>(i)])].push_back(i);
    if (const auto anti = root.find("anti")) b->anti = anti->as_bool();
    for (int sign = 0; sign < 2; ++sign) {
      b->col_count[sign] = pencil::read_line_counts(root, kFields[sign][0], L.cols);
      b->row_count[sign] = pencil::read_line_counts(root, kFields[sign][1], L.rows);
    }
    return b;
  }

  // A plate of several cells: at most two poles, each beside another pole
  // of the plate, the two of a magnet opposite (the like-pole rule, or here
  // when anti); the collection's dominoes: the two cells opposite.
  template <class Plus, class Minus>
  static void plate_rules(const Board& b, int q, const Plus& plus, const Minus& minus, Context& ctx, Encoding& enc) {
    const auto& L = b.lat;
    const auto& cells = b.plates[static_cast<std::size_t>(q)];
    if (is_domino(b, q)) {
      enc.rules.push_back(plus(cells[0]) == minus(cells[1]));
      enc.rules.push_back(minus(cells[0]) == plus(cells[1]));
      return;
    }
    std::vector<Expr> used;
    for (int i : cells) {
      used.push_back(ctx.bool_const(("pole_" + cell_label(L.cell_at(i))).c_str()));
      enc.rules.push_back(used.back() == (plus(i) || minus(i)));
    }
    // At most two poles (the engine's sequential counter).
    at_most_k(ctx, used, 2, fmt::format("plate{}_poles", q), enc.rules);
    for (std::size_t k = 0; k < cells.size(); ++k) {
      std::vector<Expr> beside;
      for (int n : L.neighbours(cells[k])) {
        const auto at = std::find(cells.begin(), cells.end(), n);
        if (at == cells.end()) continue;
        beside.push_back(used[static_cast<std::size_t>(at - cells.begin())]);
        if (b.anti && n > cells[k]) {
          enc.rules.push_back(!plus(cells[k]) || !plus(n));
          enc.rules.push_back(!minus(cells[k]) || !minus(n));
        }
      }
      Expr some = !used[k];
      for (const auto& e : beside) some = some || e;
      enc.rules.push_back(some);
    }
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const pencil::Count how = pencil::count_named(encoding);
    Encoding enc = pencil::new_encoding(ctx);
    std::vector<Expr> pole[2];
    for (int i = 0; i < L.cells(); ++i) {
      const std::string at = cell_label(L.cell_at(i));
      pole[0].push_back(ctx.bool_const(("plus_" + at).c_str()));
      pole[1].push_back(ctx.bool_const(("minus_" + at).c_str()));
      enc.places.push_back({static_cast<unsigned>(enc.decision_vars.size()), static_cast<unsigned>(enc.decision_vars.size() + 1)});
      enc.decision_vars.push_back(pole[0].back());
      enc.decision_vars.push_back(pole[1].back());
    }
    auto plus = [&](int i) { return pole[0][static_cast<std::size_t>(i)]; };
    auto minus = [&](int i) { return pole[1][static_cast<std::size_t>(i)]; };
    auto blank = [&](int i) {
      enc.rules.push_back(!plus(i));
      enc.rules.push_back(!minus(i));
    };
    for (int i = 0; i < L.cells(); ++i)
      if (b.hole[static_cast<std::size_t>(i)]) blank(i);
    // Each plate: one whole magnet or neutral, each of its cells one pole or
    // none (a rule per plate, "r1c1 and r1c2 are one magnet or neutral"; a
    // cell alone is blank from the start).
    for (int q = 0; q < static_cast<int>(b.plates.size()); ++q) {
      const auto& cells = b.plates[static_cast<std::size_t>(q)];
      if (cells.size() == 1) {  // a cell alone
        blank(cells[0]);
        continue;
      }
      const std::size_t first = enc.rules.size();
      for (int i : cells) enc.rules.push_back(!plus(i) || !minus(i));
      plate_rules(b, q, plus, minus, ctx, enc);
      enc.name_rules(first, [&] {
        std::vector<Cell> where;
        std::string names;
        for (std::size_t k = 0; k < cells.size(); ++k) {
          where.push_back(L.cell_at(cells[k]));
          names += (k == 0 ? "" : k + 1 == cells.size() ? " and " : ", ") + cell_label(L.cell_at(cells[k]));
        }
        return Encoding::RuleGroup{fmt::format("rule/plate/{}", q + 1), names + " are one magnet or neutral", where};
      });
    }
    // Like poles never side by side (one rule, as the rulebook says it);
    // anti: poles of different magnets side by side alike.
    const std::size_t repel = enc.rules.size();
    for (int i = 0; i < L.cells(); ++i)
      for (int n : L.neighbours(i)) {
        if (n < i) continue;
        if (!b.anti) {
          enc.rules.push_back(!plus(i) || !plus(n));
          enc.rules.push_back(!minus(i) || !minus(n));
        } else if (b.plate[static_cast<std::size_t>(i)] != b.plate[static_cast<std::size_t>(n)]) {
          enc.rules.push_back(!plus(i) || !minus(n));
          enc.rules.push_back(!minus(i) || !plus(n));
        }
      }
    enc.name_rules(repel, [&] {
      return Encoding::RuleGroup{"rule/poles", b.anti ? "poles of two magnets side by side are alike" : "no two like poles side by side", {}};
    });

    // The given poles, each a clue that can be dropped or turned round.
    for (int i = 0; i < L.cells(); ++i) {
      const int g = b.given[static_cast<std::size_t>(i)];
      if (g == kBlank) continue;
      const Cell c = L.cell_at(i);
      Clue clue{pole_id(c), pole_label(c, g), g == kPlus ? plus(i) : minus(i), {c}, {}};
      if (eo.alternatives) clue.alternatives.push_back({pole_label(c, -g), g == kPlus ? minus(i) : plus(i)});
      enc.clues.push_back(std::move(clue));
    }
    for (int sign = 0; sign < 2; ++sign)
      pencil::line_count_clues(
          L, pole[sign], b.col_count[sign], b.row_count[sign], how, [&](bool row, int k) { return count_id(sign == 0, row, k); },
          [&](bool row, int k, int n) { return count_label(sign == 0, row, k, n); }, ctx, enc, eo);
    enc.solver_logic = "QF_FD";
    // Every two cells side by side share a clause (the pole rule, or their
    // plate's): the board is one component, without asking the split.
    enc.connected = true;
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<int> v;
    for (int i = 0; i < b.lat.cells(); ++i)
      v.push_back(values[static_cast<std::size_t>(2 * i)] ? kPlus : values[static_cast<std::size_t>(2 * i + 1)] ? kMinus : kBlank);
    return write_values(b, v);
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<int> v = solution ? read_values(b, *solution) : std::vector<int>(static_cast<std::size_t>(L.cells()), kBlank);
    auto sign = [&](int i) { return v[static_cast<std::size_t>(i)] == kPlus ? std::string("+") : v[static_cast<std::size_t>(i)] == kMinus ? std::string("-") : std::string(); };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [](Cell) { return std::string(); };  // the poles are symbols (below)
      g.is_given = [](Cell) { return false; };
      // A given pole: a circle round its sign (puzz.link draws them so).
      for (int i = 0; i < L.cells(); ++i) {
        if (b.given[static_cast<std::size_t>(i)] == kBlank) continue;
        g.shapes.push_back(pencil::cell_circle(L.cell_at(i), 0.38, "none", "#222", 0.05, "given pole"));
      }
      for (int i = 0; i < L.cells(); ++i) {
        const int sign = solution ? v[static_cast<std::size_t>(i)] : b.given[static_cast<std::size_t>(i)];
        if (sign != kBlank)
          g.shapes.push_back(pencil::cell_symbol(L.cell_at(i), sign == kPlus ? "+" : "\u2212", 0.55, sign == kPlus ? "#b71c1c" : "#0d47a1", "pole"));
      }
      g.region = [&](Cell c) { return b.plate[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      g.off_board = [&](Cell c) { return b.hole[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      // A neutral plate (of two cells or more) is grey.
      std::vector<bool> neutral(b.plates.size(), false);
      if (solution)
        for (std::size_t q = 0; q < b.plates.size(); ++q) {
          neutral[q] = b.plates[q].size() >= 2;
          for (int i : b.plates[q]) neutral[q] = neutral[q] && v[static_cast<std::size_t>(i)] == kBlank;
        }
      g.filled = [&, neutral](Cell c) {
        const auto i = static_cast<std::size_t>(L.cell(c.row, c.col));
        return !b.hole[i] && neutral[static_cast<std::size_t>(b.plate[i])];
      };
      g.filled_meaning = "a neutral plate";
      // The counts as the collection draws them: + above and to the left,
      // - below and to the right.
      g.margin = 1;
      for (int s = 0; s < 2; ++s)
        for (int pass = 0; pass < 2; ++pass) {
          const bool row = pass == 1;
          const auto& counts = row ? b.row_count[s] : b.col_count[s];
          for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
            if (counts[static_cast<std::size_t>(k)] == kNoCount) continue;
            Shape t;
            t.type = Shape::Type::Text;
            t.points = {row ? std::pair{k + 0.5, s == 0 ? -0.5 : L.cols + 0.5} : std::pair{s == 0 ? -0.5 : L.rows + 0.5, k + 0.5}};
            t.text = (s == 0 ? "+" : "\u2212") + std::to_string(counts[static_cast<std::size_t>(k)]);
            t.size = 0.42;
            t.fill = s == 0 ? "#b71c1c" : "#0d47a1";
            t.cls = s == 0 ? "count plus" : "count minus";
            g.shapes.push_back(t);
          }
        }
      g.highlighted = [&](Cell c) { return has_cell(opt.highlight, c); };
      apply_marks(g, opt);
      return g.render();
    }
    // Text: the counts of + above and left, of - below and right (as the
    // collection draws them), the signs in the cells.
    auto num = [](int n) { return n == kNoCount ? std::string(" ") : std::to_string(n); };
    std::string out = "   ";
    for (int c = 0; c < L.cols; ++c) out += fmt::format("{:>3}", num(b.col_count[0][static_cast<std::size_t>(c)]));
    out += "   +\n";
    for (int r = 0; r < L.rows; ++r) {
      out += fmt::format("{:>3}", num(b.row_count[0][static_cast<std::size_t>(r)]));
      for (int c = 0; c < L.cols; ++c) {
        const int i = L.cell(r, c);
        std::string s = solution ? sign(i) : std::string();
        if (s.empty() && b.given[static_cast<std::size_t>(i)] != kBlank) s = b.given[static_cast<std::size_t>(i)] == kPlus ? "(+)" : "(-)";
        const bool alone = b.plates[static_cast<std::size_t>(b.plate[static_cast<std::size_t>(i)])].size() < 2;
        out += fmt::format("{:>3}", s.empty() ? (b.hole[static_cast<std::size_t>(i)] ? " " : alone ? "#" : ".") : s);
      }
      out += fmt::format("{:>3}\n", num(b.row_count[1][static_cast<std::size_t>(r)]));
    }
    out += " - ";
    for (int c = 0; c < L.cols; ++c) out += fmt::format("{:>3}", num(b.col_count[1][static_cast<std::size_t>(c)]));
    return out + "\n";
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    std::size_t counts = 0;
    for (int s = 0; s < 2; ++s)
      for (const auto* v : {&b.row_count[s], &b.col_count[s]}) counts += static_cast<std::size_t>(std::count_if(v->begin(), v->end(), [](int n) { return n != kNoCount; }));
    std::size_t plates = 0, poles = 0;
    for (const auto& q : b.plates) plates += q.size() >= 2 ? 1 : 0;
    for (int g : b.given) poles += g != kBlank ? 1 : 0;
    return fmt::format("{}x{} {}magnets, {}, {}{}", b.lat.rows, b.lat.cols, b.anti ? "anti-" : "", plural(plates, "plate"), plural(counts, "count"),
                       poles ? ", " + plural(poles, "given pole") : std::string());
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }
  // Explain's facts: each cell's two poles in order, "r2c3 is +", "r2c3 is not -".
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place || position > 1) return Encoder::fact_label(p, encoding, var, value, place, position);
    return fmt::format("{} {} {}", place->label, value ? "is" : "is not", position == 0 ? "+" : "-");
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits) {
      bool found = false;
      for (int i = 0; i < b->lat.cells() && !found; ++i) {
        int& g = b->given[static_cast<std::size_t>(i)];
        if (g == kBlank || pole_id(b->lat.cell_at(i)) != e.clue_id) continue;
        if (e.alternative > 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        g = e.alternative < 0 ? kBlank : -g;
        found = true;
      }
      for (int s = 0; s < 2 && !found; ++s)
        for (int pass = 0; pass < 2 && !found; ++pass) {
          const bool row = pass == 1;
          auto& counts = row ? b->row_count[s] : b->col_count[s];
          for (int k = 0; k < static_cast<int>(counts.size()) && !found; ++k) {
            int& n = counts[static_cast<std::size_t>(k)];
            if (n == kNoCount || count_id(s == 0, row, k) != e.clue_id) continue;
            if (e.alternative < 0) {
              n = kNoCount;
            } else {
              const auto alts = pencil::line_count_values(row ? b->lat.cols : b->lat.rows, n);
              if (e.alternative >= static_cast<int>(alts.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
              n = alts[static_cast<std::size_t>(e.alternative)];
            }
            found = true;
          }
        }
      if (!found) throw InputError("input.value", "#", "no count or given pole " + e.clue_id);
    }
    return b;
  }

  // Extra clues: a count for a line without one; in puzz.link's form, a
  // given pole (a circle) too.
  bool proposes_extra_clues() const override { return true; }
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const auto v = read_values(b, solution);
    std::vector<ExtraClue> out;
    for (int s = 0; s < 2; ++s)
      for (int pass = 0; pass < 2; ++pass) {
        const bool row = pass == 1;
        const auto& counts = row ? b.row_count[s] : b.col_count[s];
        for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
          if (counts[static_cast<std::size_t>(k)] != kNoCount) continue;
          int n = 0;
          std::vector<Cell> cells;
          for (int j = 0; j < (row ? L.cols : L.rows); ++j) {
            const int i = row ? L.cell(k, j) : L.cell(j, k);
            n += v[static_cast<std::size_t>(i)] == (s == 0 ? kPlus : kMinus);
            cells.push_back(L.cell_at(i));
          }
          out.push_back({count_id(s == 0, row, k), count_label(s == 0, row, k, n), cells, {{"sign", s}, {"row", row}, {"line", k}, {"value", n}}});
        }
      }
    if (b.regions_form)
      for (int i = 0; i < L.cells(); ++i) {
        const int sign = v[static_cast<std::size_t>(i)];
        if (sign == kBlank || b.given[static_cast<std::size_t>(i)] != kBlank) continue;
        out.push_back({pole_id(L.cell_at(i)), "a " + pole_label(L.cell_at(i), sign).substr(4), {L.cell_at(i)}, {{"pole", i}, {"value", sign}}});
      }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) {
      if (x.data.contains("pole")) {
        b->given[x.data.at("pole").get<std::size_t>()] = x.data.at("value").get<int>();
        continue;
      }
      const int s = x.data.at("sign").get<int>();
      (x.data.at("row").get<bool>() ? b->row_count[s] : b->col_count[s])[x.data.at("line").get<std::size_t>()] = x.data.at("value").get<int>();
    }
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle& p) const override {
    return static_cast<const Board&>(p).regions_form ? "every row and column already has both its counts, and every pole of the solutions is given"
                                                     : "every row and column already has both its counts (the collection's magnets give no poles)";
  }
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json&, const std::vector<std::size_t>&,
                                           std::vector<std::string>*) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));  // extra clues are counts (extra_clues)
  }

 protected:
  std::vector<int> read_values(const Board& b, const nlohmann::json& solution) const override {
    const auto& L = b.lat;
    if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows)
      throw InputError("input.shape", "#", fmt::format("a solution is {} strings of '+', '-' and '.'", L.rows));
    std::vector<int> out;
    for (int r = 0; r < L.rows; ++r) {
      const auto& row = solution[static_cast<std::size_t>(r)];
      if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != L.cols)
        throw InputError("input.shape", fmt::format("/{}", r), fmt::format("row {}: {} of '+', '-' and '.'", r + 1, plural(static_cast<std::size_t>(L.cols), "character")));
      for (char ch : row.get<std::string>()) {
        if (ch != '+' && ch != '-' && ch != '.') throw InputError("input.value", fmt::format("/{}", r), fmt::format("row {}: {} is not '+', '-' or '.'", r + 1, quote_input(std::string(1, ch))));
        out.push_back(ch == '+' ? kPlus : ch == '-' ? kMinus : kBlank);
      }
    }
    return out;
  }
  nlohmann::json write_values(const Board& b, const std::vector<int>& values) const override {
    nlohmann::json out = nlohmann::json::array();
    for (int r = 0; r < b.lat.rows; ++r) {
      std::string row;
      for (int c = 0; c < b.lat.cols; ++c) {
        const int v = values[static_cast<std::size_t>(b.lat.cell(r, c))];
        row += v == kPlus ? '+' : v == kMinus ? '-' : '.';
      }
      out.push_back(row);
    }
    return out;
  }
  std::vector<Violation> check_values(const Board& b, const std::vector<int>& values) const override { return magnets::check_values(b, values); }
};

}  // namespace

const Encoder& magnets_encoder() {
  static const MagnetsEncoder e;
  return e;
}

}  // namespace psmt::magnets
