#include "encoders/pencil/gokigen.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/valued.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::gokigen {
namespace {

class GokigenEncoder final : public pencil::BooleanEncoder<Board> {
 public:
  std::string_view kind() const override { return "gokigen"; }
  std::string_view summary() const override {
    return "a diagonal in every cell, no loop of diagonals; a number at a point counts the diagonals touching it "
           "(puzz.link's gokigen, Tatham's slant)";
  }
  std::vector<std::string> fields() const override { return {"clues"}; }
  std::string schema() const override {
    return R"json({"description": "Gokigen (puzz.link's gokigen, Tatham's slant): draw a diagonal in every cell, '\\' or '/', so that the diagonals form no loop; a number at a lattice point is how many diagonals touch it. Each number is a clue (clues/p2c3: point row 2, column 3) that diagnose can blame. Solution: one string per row of cells, '\\' or '/' each.", "required": ["clues"], "properties": {"clues": {"type": "array", "minItems": 2, "maxItems": 101, "description": "one string per row of lattice points (rows+1 strings of cols+1 characters; 1 to 100 cells each way): 0-4 a clue, '?' a circle without a number (it says nothing), '.' none", "items": {"type": "string", "pattern": "^[0-4.?]{2,101}$"}}}, "examples": [{"kind": "gokigen", "clues": ["1..", "...", "..1"]}, {"kind": "gokigen", "name": "pzprjs's test puzzle gokigen/4/4/iaegcgcj6a", "source": "https://puzz.link/p?gokigen/4/4/iaegcgcj6a", "clues": ["...0.", ".4...", "2...2", ".....", ".1.0."], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell; the clues as clauses; no loop by cut clauses added between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with no loop as clauses: the diagonals peeled round by round from points with fewer than two"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    const auto rows = pencil::char_rows(root.at("clues"), 2, kMaxSide + 1, "points");
    const int width = static_cast<int>(rows[0].second.size());
    for (const auto& [row, s] : rows) {
      for (std::size_t k = 0; k < s.size(); ++k) {
        const char ch = s[k];
        if (ch >= '0' && ch <= '4') b->clue.push_back(ch - '0');
        else if (ch == '.') b->clue.push_back(kNoClue);
        else if (ch == '?') b->clue.push_back(kUnknownClue);
        else row.fail("input.value", fmt::format("character {}: {} (0-4 a clue, '?' a circle without a number, '.' none)", k + 1, quote_input(std::string(1, ch))));
      }
    }
    b->lat = {static_cast<int>(rows.size()) - 1, width - 1};
    return b;
  }

  // Explanations: a cell's one variable says it holds a backslash.
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place) return Encoder::fact_label(p, encoding, var, value, place, position);
    return place->label + (value ? " holds \\" : " holds /");
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    std::vector<Expr> back;
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      back.push_back(ctx.bool_const(fmt::format("backslash_r{}c{}", c.row + 1, c.col + 1).c_str()));
      enc.decision_vars.push_back(back.back());
      enc.places.push_back({static_cast<unsigned>(i)});
    }
    eo.check_deadline();
    graph::Rule rule;
    rule.kind = graph::RuleKind::Acyclic;
    rule.name = "the diagonals form no loop";
    rule.graph = diagonal_graph(L);
    for (int i = 0; i < L.cells(); ++i) {
      rule.edge_lits.push_back(back[static_cast<std::size_t>(i)]);
      rule.edge_lits.push_back(!back[static_cast<std::size_t>(i)]);
    }
    if (encoding == "eager") graph::encode_eager(rule, ctx, enc.rules, "noloop!");
    else enc.lazy_rules.push_back(rule);
    auto touching = [&](int v) {
      std::vector<Expr> lits;
      for (int e : rule.graph.incident[static_cast<std::size_t>(v)]) lits.push_back(rule.edge_lits[static_cast<std::size_t>(e)]);
      return lits;
    };
    for (int v = 0; v < L.points(); ++v) {
      const int want = b.clue[static_cast<std::size_t>(v)];
      if (want < 0) continue;  // none, or '?'

      const Cell pt{v / (L.cols + 1), v % (L.cols + 1)};
      const auto lits = touching(v);
      // The cells around the point, for highlighting.
      std::vector<Cell> around;
      for (int dr : {-1, 0})
        for (int dc : {-1, 0})
          if (pt.row + dr >= 0 && pt.row + dr < L.rows && pt.col + dc >= 0 && pt.col + dc < L.cols)
            around.push_back({pt.row + dr, pt.col + dc});
      Clue clue{clue_id(pt), clue_label(pt, want), pencil::exactly(ctx, lits, want), around, {}};
      if (eo.alternatives)
        for (int w = 0; w <= static_cast<int>(lits.size()); ++w)
          if (w != want) clue.alternatives.push_back({clue_label(pt, w), pencil::exactly(ctx, lits, w)});
      enc.clues.push_back(std::move(clue));
    }
    enc.solver_logic = "QF_FD";
    return enc;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<bool> back = solution ? backslashes_of(b, *solution) : std::vector<bool>{};
    auto marked_point = [&](int v) {
      const Cell pt{v / (L.cols + 1), v % (L.cols + 1)};
      return std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), clue_id(pt)) != opt.highlight_clues.end();
    };
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [](Cell) { return std::string(); };
      g.highlighted = [&](Cell c) { return has_cell(opt.highlight, c); };
      for (int i = 0; i < L.cells() && solution; ++i) {
        const Cell c = L.cell_at(i);
        Shape s;
        s.type = Shape::Type::Line;
        s.points = back[static_cast<std::size_t>(i)] ? std::vector<std::pair<double, double>>{{c.row + 0.0, c.col + 0.0}, {c.row + 1.0, c.col + 1.0}}
                                                     : std::vector<std::pair<double, double>>{{c.row + 0.0, c.col + 1.0}, {c.row + 1.0, c.col + 0.0}};
        s.stroke = "#1565c0";
        s.size = 0.08;
        s.cls = "diagonal";
        s.over = true;
        g.shapes.push_back(s);
      }
      for (int v = 0; v < L.points(); ++v) {
        const int want = b.clue[static_cast<std::size_t>(v)];
        if (want == kNoClue) continue;
        const Cell pt{v / (L.cols + 1), v % (L.cols + 1)};
        // '?': a circle without a number
        Shape circle;
        circle.type = Shape::Type::Circle;
        circle.points = {{pt.row + 0.0, pt.col + 0.0}};
        circle.size = 0.2;
        circle.fill = marked_point(v) ? kHighlightFill : "white";
        circle.stroke = "#222";
        circle.stroke_width = 0.03;
        circle.cls = marked_point(v) ? "clue marked" : "clue";
        circle.over = true;
        g.shapes.push_back(circle);
        Shape t;
        t.type = Shape::Type::Text;
        t.points = {{pt.row + 0.0, pt.col + 0.0}};
        t.text = want == kUnknownClue ? std::string("?") : std::to_string(want);
        t.size = 0.28;
        t.fill = "#222";
        t.cls = "given";
        t.over = true;
        g.shapes.push_back(t);
      }
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    for (int r = 0; r <= 2 * L.rows; ++r) {
      std::string s;
      for (int c = 0; c <= 2 * L.cols; ++c) {
        if (r % 2 == 0 && c % 2 == 0) {
          const int v = b.clue[static_cast<std::size_t>(L.point(r / 2, c / 2))];
          s += v == kNoClue ? '+' : v == kUnknownClue ? '?' : static_cast<char>('0' + v);
        } else if (r % 2 == 1 && c % 2 == 1) {
          s += solution ? (back[static_cast<std::size_t>(L.cell(r / 2, c / 2))] ? '\\' : '/') : ' ';
        } else {
          s += ' ';
        }
      }
      while (!s.empty() && s.back() == ' ') s.pop_back();
      out += s + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto clues = static_cast<std::size_t>(std::count_if(b.clue.begin(), b.clue.end(), [](int v) { return v >= 0; }));
    return fmt::format("{}x{} gokigen, {}", b.lat.rows, b.lat.cols, plural(clues, "clue"));
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    std::vector<std::string> out;
    for (bool v : backslashes_of(static_cast<const Board&>(p), solution)) out.push_back(v ? "\\" : "/");
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const graph::Graph g = diagonal_graph(b->lat);
    for (const auto& e : edits) {
      bool found = false;
      for (int v = 0; v < b->lat.points() && !found; ++v) {
        int& want = b->clue[static_cast<std::size_t>(v)];
        const Cell pt{v / (b->lat.cols + 1), v % (b->lat.cols + 1)};
        if (want < 0 || clue_id(pt) != e.clue_id) continue;
        const int most = static_cast<int>(g.incident[static_cast<std::size_t>(v)].size());
        if (e.alternative < 0) want = kNoClue;
        else if (e.alternative >= most) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        else want = e.alternative + (e.alternative >= want ? 1 : 0);
        found = true;
      }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return b;
  }

  // Extra givens are clues at points: for a cell, the first point its
  // diagonal touches that has no clue yet, with the count of the solution.
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto back = backslashes_of(*b, solution);
    const graph::Graph g = diagonal_graph(b->lat);
    for (auto k : place_indices) {
      const Cell c = b->lat.cell_at(static_cast<int>(k));
      const auto pts = diagonal_points(b->lat, c.row, c.col);
      for (int v : back[k] ? std::array<int, 2>{pts[0], pts[1]} : std::array<int, 2>{pts[2], pts[3]}) {
        if (b->clue[static_cast<std::size_t>(v)] != kNoClue) continue;
        int n = 0;
        for (int e : g.incident[static_cast<std::size_t>(v)])
          n += (e % 2 == 0) == back[static_cast<std::size_t>(e / 2)] ? 1 : 0;
        b->clue[static_cast<std::size_t>(v)] = n;
        if (labels) labels->push_back(clue_label({v / (b->lat.cols + 1), v % (b->lat.cols + 1)}, n));
        break;
      }
    }
    return b;
  }
 protected:
  nlohmann::json write_bools(const Board& b, const std::vector<bool>& on) const override { return solution_json(b, on); }
  std::vector<bool> read_bools(const Board& b, const nlohmann::json& solution) const override { return backslashes_of(b, solution); }
  std::vector<Violation> check_json(const Board& b, const nlohmann::json& solution) const override { return check_solution(b, solution); }
};

}  // namespace

const Encoder& gokigen_encoder() {
  static const GokigenEncoder e;
  return e;
}

}  // namespace psmt::gokigen
