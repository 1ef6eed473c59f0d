#include "encoders/pencil/tentaisho.h"

#include <algorithm>
#include <regex>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "encoders/pencil/valued.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::tentaisho {
namespace {

// Which dots each cell can belong to: its mirror about the dot is a cell,
// neither is a cell that another dot (held, the only one touching it) keeps
// for its own galaxy, and, for a held dot, the cell is reached from the dot's
// cells through such cells (the galaxy is connected and holds them). The
// set is the same after a half turn about the dot, so one search suffices.
// What is left out follows from the held dots, which are clues: the
// encoding says clues_in_rules, and diagnose drops a dot by re-encoding.
// Repeated to a fixed point: a cell left with one dot is kept by that dot
// (every solution puts it there), and so is a cell without which a cell a
// held dot keeps would be cut off from the dot; a kept cell is taken from
// the other dots and may cut their galaxies off from more cells. A cell left with none makes
// the encoding false at once (a broken board is then refuted before search).
std::vector<std::vector<int>> candidates(const Board& b) {
  const auto cells = static_cast<std::size_t>(b.lat.cells());
  std::vector<int> kept(cells, -1), touching(cells, 0);  // the held dot that keeps a cell (-1: none, or two)
  for (std::size_t k = 0; k < b.dots.size(); ++k)
    if (b.dots[k].holds)
      for (int t : touched(b, b.dots[k])) {
        touching[static_cast<std::size_t>(t)]++;
        kept[static_cast<std::size_t>(t)] = static_cast<int>(k);
      }
  for (std::size_t i = 0; i < cells; ++i)
    if (touching[i] != 1) kept[i] = -1;
  const graph::Graph g = b.lat.cell_graph();
  std::vector<std::vector<int>> out;
  std::vector<std::pair<int, int>> forced;  // a cell and the dot it must join
  for (bool changed = true; changed;) {
    out.assign(cells, {});
    for (std::size_t k = 0; k < b.dots.size(); ++k) {
      const Dot& d = b.dots[k];
      auto free_for = [&](int i) { return kept[static_cast<std::size_t>(i)] < 0 || kept[static_cast<std::size_t>(i)] == static_cast<int>(k); };
      std::vector<char> ok(cells, 0);
      for (std::size_t i = 0; i < cells; ++i) {
        if (b.hole[i]) continue;
        const int m = mirror(b, d, static_cast<int>(i));
        ok[i] = m >= 0 && !b.hole[static_cast<std::size_t>(m)] && free_for(static_cast<int>(i)) && free_for(m);
      }
      const std::vector<int> own = touched(b, d);
      const bool own_ok = std::all_of(own.begin(), own.end(), [&](int t) { return ok[static_cast<std::size_t>(t)] != 0; });
      // A dot left out (dropped by diagnose) has no galaxy or one that holds
      // its cells: with its cells out of reach, none.
      if (!d.holds && !own_ok) std::fill(ok.begin(), ok.end(), 0);
      if (own_ok) {
        // The cells reached from the dot's own through allowed ones, but for
        // `away` and its mirror.
        auto reached = [&](const std::vector<char>& allowed, int away, int away_mirror) {
          std::vector<char> seen(cells, 0);
          std::vector<int> queue = own;
          for (int t : own) seen[static_cast<std::size_t>(t)] = 1;
          for (std::size_t q = 0; q < queue.size(); ++q)
            for (int e : g.incident[static_cast<std::size_t>(queue[q])]) {
              const int w = g.other(e, queue[q]);
              if (allowed[static_cast<std::size_t>(w)] && !seen[static_cast<std::size_t>(w)] && w != away && w != away_mirror) {
                seen[static_cast<std::size_t>(w)] = 1;
                queue.push_back(w);
              }
            }
          return seen;
        };
        std::vector<char> seen = reached(ok, -1, -1);
        ok = std::move(seen);
        // A cell (with its mirror) without which a cell the dot keeps is
        // cut off from the dot is the dot's too.
        std::vector<int> far;
        for (std::size_t i = 0; i < cells; ++i)
          if (d.holds && ok[i] && kept[i] == static_cast<int>(k) && std::find(own.begin(), own.end(), static_cast<int>(i)) == own.end())
            far.push_back(static_cast<int>(i));
        for (std::size_t y = 0; y < cells && !far.empty(); ++y) {
          if (!ok[y] || kept[y] == static_cast<int>(k)) continue;
          const int my = mirror(b, d, static_cast<int>(y));
          const std::vector<char> reach = reached(ok, static_cast<int>(y), my);
          if (std::any_of(far.begin(), far.end(), [&](int x) { return !reach[static_cast<std::size_t>(x)]; })) forced.push_back({static_cast<int>(y), static_cast<int>(k)});
        }
      }
      for (std::size_t i = 0; i < cells; ++i)
        if (ok[i]) out[i].push_back(static_cast<int>(k));
    }
    changed = false;
    for (auto [y, k] : forced)
      if (kept[static_cast<std::size_t>(y)] < 0) {
        kept[static_cast<std::size_t>(y)] = k;
        changed = true;
      }
    forced.clear();
    for (std::size_t i = 0; i < cells; ++i)
      if (out[i].size() == 1 && kept[i] != out[i][0]) {
        kept[i] = out[i][0];
        changed = true;
      }
  }
  return out;
}

// Which dots each cell can belong to by the board's shape alone: its mirror
// about the dot is a cell. Nothing follows from the dots' holding their
// cells, so each dot's clue stands apart from the rules (the "open"
// encoding: explain, and diagnose's shrinking on one solver).
std::vector<std::vector<int>> open_candidates(const Board& b) {
  const auto cells = static_cast<std::size_t>(b.lat.cells());
  std::vector<std::vector<int>> out(cells);
  for (std::size_t k = 0; k < b.dots.size(); ++k)
    for (std::size_t i = 0; i < cells; ++i) {
      if (b.hole[i]) continue;
      const int m = mirror(b, b.dots[k], static_cast<int>(i));
      if (m >= 0 && !b.hole[static_cast<std::size_t>(m)]) out[i].push_back(static_cast<int>(k));
    }
  return out;
}

std::vector<std::vector<int>> candidates_for(const Board& b, std::string_view encoding) {
  return encoding == "open" ? open_candidates(b) : candidates(b);
}

class TentaishoEncoder final : public pencil::ValuedEncoder<Board> {
 public:
  // Extra clues: none. Every galaxy of a solution already has its dot at
  // its centre, and a dot added is the centre of a galaxy the solution does
  // not have.
  bool proposes_extra_clues() const override { return true; }
  std::string never_redundant(const Puzzle&, const std::string& clue_id) const override {
    if (clue_id.rfind("dots/", 0) != 0) return "";
    return "without a dot its galaxy's cells would go to other galaxies, so no dot can be left out with the solution kept";
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "every galaxy already has its dot at its centre, and a dot added would be the centre of a galaxy this solution "
           "does not have";
  }
  std::string_view kind() const override { return "tentaisho"; }
  std::string_view summary() const override {
    return "divide the board into galaxies, one per dot, each connected and the same after a half turn about its dot "
           "(puzz.link's tentaisho, Tatham's galaxies)";
  }
  std::vector<std::string> fields() const override { return {"dots", "assigned"}; }
  std::string schema() const override {
    return R"json({"description": "Tentaisho (puzz.link's tentaisho, Tatham's galaxies): divide the board into galaxies, one per dot: each holds the cells its dot touches, is connected, and is the same after a half turn about its dot. Each dot is a clue (dots/r2c3-r2c4, named 'dot between r2c3 and r2c4') that diagnose can blame. Solution: one array per row, the number of each cell's dot in reading order (from 1), 0 for a hole.", "required": ["dots"], "properties": {"dots": {"type": "array", "minItems": 1, "maxItems": 79, "description": "2*rows-1 strings of 2*cols-1 characters (1 to 40 rows and columns), one per place a dot can sit: cell centres at even row and column, edges at one odd, corners at both odd; '.' none, 'o' a white dot, '*' a black dot, 'X' a hole (a cell centre only)", "items": {"type": "string", "pattern": "^[.o*X]+$"}}, "assigned": {"type": "array", "description": "cells given to a galaxy: 'r2c3:4', the 4th dot in reading order", "items": {"type": "string"}}}, "examples": [{"kind": "tentaisho", "dots": ["o.o", "...", "o.o"]}, {"kind": "tentaisho", "name": "pzprjs's test puzzle tentaisho/5/5/6fl94fi65en8dbf10000", "source": "https://puzz.link/p?tentaisho/5/5/6fl94fi65en8dbf10000", "dots": ["o...*...X", ".........", "*....o..*", ".........", ".o...*..o", ".........", "......o..", "..*......", "*.....*.."], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell and dot it can belong to; exactly one per cell, a cell and its mirror together; "
                     "each galaxy connected by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with each galaxy connected by reachability clauses"},
            {"open", "a Bool per cell and dot whose half turn keeps the cell on the board, not narrowed by the dots: each "
                     "dot holding its cells is a constraint of its own (what explain needs); connected by cuts", "cadical"}};
  }
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto cand = candidates_for(b, encoding);
    std::size_t v = 0;
    for (int i = 0; i < b.lat.cells(); ++i)
      for (int k : cand[static_cast<std::size_t>(i)])
        if (v++ == var)
          return fmt::format("{} {} to the {}", cell_label(b.lat.cell_at(i)), value ? "belongs" : "does not belong",
                             dot_label(b, b.dots[static_cast<std::size_t>(k)]));
    return Encoder::fact_label(p, encoding, var, value, place, position);
  }

  std::vector<int64_t> phases(const Puzzle& p, std::string_view encoding, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<int> galaxy;
    try {
      galaxy = galaxies_of(b, solution);
    } catch (const InputError&) {
      return {};
    }
    std::vector<int64_t> out;
    const auto cand = candidates_for(b, encoding);
    for (int i = 0; i < b.lat.cells(); ++i)
      for (int k : cand[static_cast<std::size_t>(i)]) out.push_back(galaxy[static_cast<std::size_t>(i)] == k + 1 ? 1 : 0);
    return out;
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    auto& L = b->lat;
    const JsonNode dots = root.at("dots");
    const auto rows = dots.items();
    if (rows.size() % 2 == 0 || rows.size() > 2 * kMaxSide - 1) dots.fail("input.shape", fmt::format("an odd number of rows, 1 to {} (two per row of cells, less one)", 2 * kMaxSide - 1));
    std::size_t width = 0;
    for (std::size_t y = 0; y < rows.size(); ++y) {
      const std::string s = rows[y].as_string();
      if (y == 0) width = s.size();
      if (s.size() % 2 == 0 || s.size() > 2 * kMaxSide - 1) rows[y].fail("input.shape", fmt::format("an odd number of characters, 1 to {}", 2 * kMaxSide - 1));
      if (s.size() != width) rows[y].fail("input.shape", fmt::format("{} characters, the first row has {}", s.size(), width));
    }
    L.rows = static_cast<int>(rows.size() + 1) / 2;
    L.cols = static_cast<int>(width + 1) / 2;
    b->hole.assign(static_cast<std::size_t>(L.cells()), false);
    for (std::size_t y = 0; y < rows.size(); ++y) {
      const std::string s = rows[y].as_string();
      for (std::size_t x = 0; x < s.size(); ++x) {
        const char ch = s[x];
        if (ch == 'o' || ch == '*') b->dots.push_back({static_cast<int>(y) + 1, static_cast<int>(x) + 1, ch == '*'});
        else if (ch == 'X' && y % 2 == 0 && x % 2 == 0) b->hole[static_cast<std::size_t>(L.cell(static_cast<int>(y / 2), static_cast<int>(x / 2)))] = true;
        else if (ch != '.')
          rows[y].fail("input.value", fmt::format("character {}: {} ('.', 'o', '*', or 'X' at a cell centre)", x + 1, quote_input(std::string(1, ch))));
      }
    }
    for (const auto& d : b->dots)
      for (int t : touched(*b, d))
        if (b->hole[static_cast<std::size_t>(t)])
          dots.fail("input.value", fmt::format("the {} touches the hole {}", dot_label(*b, d), cell_label(L.cell_at(t))));
    b->assigned.assign(static_cast<std::size_t>(L.cells()), 0);
    if (auto list = root.find("assigned"))
      for (const auto& item : list->items()) {
        static const std::regex a(R"(r(\d{1,3})c(\d{1,3}):(\d{1,5}))");
        const std::string s = item.as_string();
        std::smatch m;
        if (!std::regex_match(s, m, a)) item.fail("input.value", fmt::format("{}: \"r2c3:4\", a cell and a dot number", quote_input(s)));
        const int r = std::stoi(m[1]) - 1, c = std::stoi(m[2]) - 1, g = std::stoi(m[3]);
        if (r < 0 || r >= L.rows || c < 0 || c >= L.cols || b->hole[static_cast<std::size_t>(L.cell(r, c))])
          item.fail("input.value", fmt::format("r{}c{} is not a cell of the board", r + 1, c + 1));
        if (g < 1 || g > static_cast<int>(b->dots.size())) item.fail("input.value", fmt::format("dot {}: there are {}", g, b->dots.size()));
        b->assigned[static_cast<std::size_t>(L.cell(r, c))] = g;
      }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const bool open = encoding == "open";
    enc.clues_in_rules = !open;  // the candidates follow from the held dots
    const auto cand = candidates_for(b, encoding);
    // in[cell][dot]
    std::vector<std::vector<std::optional<Expr>>> in(static_cast<std::size_t>(L.cells()), std::vector<std::optional<Expr>>(b.dots.size()));
    for (int i = 0; i < L.cells(); ++i) {
      std::vector<unsigned> place;
      for (int k : cand[static_cast<std::size_t>(i)]) {
        in[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)] = ctx.bool_const(fmt::format("{}_in_{}", cell_label(L.cell_at(i)), k + 1).c_str());
        place.push_back(enc.decision_vars.size());
        enc.decision_vars.push_back(*in[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]);
      }
      enc.places.push_back(place);
    }
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      if (b.hole[static_cast<std::size_t>(i)]) continue;
      std::vector<Expr> lits;
      for (int k : cand[static_cast<std::size_t>(i)]) lits.push_back(*in[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)]);
      const std::size_t first = enc.rules.size();
      ExprVector any(ctx), one(ctx);  // at least one, at most one (a sequential counter)
      for (const auto& l : lits) any.push_back(l);
      enc.rules.push_back(lits.empty() ? ctx.bool_val(false) : mk_or(any));
      at_most_k(ctx, lits, 1, fmt::format("{}_one!", cell_label(L.cell_at(i))), one);
      for (const auto& e : one) enc.rules.push_back(e);
      enc.name_rules(first, [&] {
        const Cell c = L.cell_at(i);
        return Encoding::RuleGroup{"rule/one-galaxy/" + cell_label(c), cell_label(c) + " is in one galaxy", {c}};
      });
      if (const int a = b.assigned[static_cast<std::size_t>(i)]) {
        const auto& v = in[static_cast<std::size_t>(i)][static_cast<std::size_t>(a - 1)];
        enc.clues.push_back({fmt::format("assigned/{}", cell_label(L.cell_at(i))), assigned_label(b, i, a), v ? *v : ctx.bool_val(false), {L.cell_at(i)}, {}});
      }
    }
    for (std::size_t k = 0; k < b.dots.size(); ++k) {  // a cell and its mirror together
      const std::size_t first = enc.rules.size();
      for (int i = 0; i < L.cells(); ++i)
        if (const auto& v = in[static_cast<std::size_t>(i)][k])
          enc.rules.push_back(!*v || *in[static_cast<std::size_t>(mirror(b, b.dots[k], i))][k]);
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{fmt::format("rule/half-turn/{}", k + 1),
                                   fmt::format("the galaxy of the {} is the same after a half turn about it", dot_label(b, b.dots[k])), {}};
      });
    }
    const graph::Graph cells = L.cell_graph();
    for (std::size_t k = 0; k < b.dots.size(); ++k) {
      const Dot& d = b.dots[k];
      ExprVector parts(ctx);
      std::vector<Cell> where;
      for (int t : touched(b, d)) {
        const auto& v = in[static_cast<std::size_t>(t)][k];
        parts.push_back(v ? *v : ctx.bool_val(false));
        where.push_back(L.cell_at(t));
      }
      if (d.holds) enc.clues.push_back({dot_id(b, d), dot_label(b, d), mk_and(parts), where, {}});
      else {  // left out: its galaxy is empty or holds its cells (there or not)
        const std::size_t first = enc.rules.size();
        const Expr present = mk_and(parts);
        for (int i = 0; i < L.cells(); ++i)
          if (const auto& v = in[static_cast<std::size_t>(i)][k]) enc.rules.push_back(!*v || present);
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{fmt::format("rule/left-out/{}", k + 1),
                                     fmt::format("the {}, left out, has no galaxy or one that holds it", dot_label(b, d)), {}};
        });
      }
      graph::Rule galaxy;
      galaxy.kind = graph::RuleKind::ConnectedVertices;
      galaxy.name = fmt::format("the galaxy of the {} is connected", dot_label(b, d));
      std::vector<int> index(static_cast<std::size_t>(L.cells()), -1);
      for (int i = 0; i < L.cells(); ++i)
        if (in[static_cast<std::size_t>(i)][k]) {
          index[static_cast<std::size_t>(i)] = galaxy.graph.vertices++;
          galaxy.vertex_lits.push_back(*in[static_cast<std::size_t>(i)][k]);
        }
      for (const auto& [u, v] : cells.edges)
        if (index[static_cast<std::size_t>(u)] >= 0 && index[static_cast<std::size_t>(v)] >= 0)
          galaxy.graph.edges.push_back({index[static_cast<std::size_t>(u)], index[static_cast<std::size_t>(v)]});
      galaxy.graph.index();
      if (galaxy.graph.vertices < 2) continue;
      // A cell of the dot (its clue), or -1; none in the open encoding,
      // where the clue is a constraint of its own.
      if (d.holds && !open) galaxy.anchor = index[static_cast<std::size_t>(touched(b, d).front())];
      if (encoding == "eager") {
        const std::size_t first = enc.rules.size();
        graph::encode_eager(galaxy, ctx, enc.rules, fmt::format("galaxy{}!", k + 1));
        enc.name_rules(first, [&] { return Encoding::RuleGroup{fmt::format("rule/connected/{}", k + 1), galaxy.name, {}}; });
      }
      else enc.lazy_rules.push_back(std::move(galaxy));
    }
    enc.solver_logic = "QF_FD";
    enc.block_true_literals = true;
    return enc;
  }

  static std::string assigned_label(const Board& b, int cell, int g) {
    return fmt::format("{} in galaxy {} ({})", cell_label(b.lat.cell_at(cell)), g, dot_label(b, b.dots[static_cast<std::size_t>(g - 1)]));
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto cand = candidates_for(b, encoding);
    std::vector<int> galaxy(static_cast<std::size_t>(b.lat.cells()), 0);
    std::size_t v = 0;
    for (int i = 0; i < b.lat.cells(); ++i)
      for (int k : cand[static_cast<std::size_t>(i)])
        if (values[v++] != 0) galaxy[static_cast<std::size_t>(i)] = k + 1;
    return solution_json(b, galaxy);
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<int> galaxy = solution ? galaxies_of(b, *solution) : std::vector<int>(static_cast<std::size_t>(L.cells()), -1);
    if (opt.format == RenderFormat::Svg) {
      GridSvg g;
      g.rows = L.rows;
      g.cols = L.cols;
      g.title = opt.title;
      g.cell_text = [](Cell) { return std::string(); };
      g.off_board = [&](Cell c) { return b.hole[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      // A dot in a conflict marks the cells it touches.
      std::vector<Cell> marked_cells = opt.highlight;
      for (const auto& d : b.dots)
        if (std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), dot_id(b, d)) != opt.highlight_clues.end())
          for (int t : touched(b, d)) marked_cells.push_back(L.cell_at(t));
      g.highlighted = [marked_cells](Cell c) { return has_cell(marked_cells, c); };
      if (solution) g.region = [&](Cell c) { return galaxy[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      for (const auto& d : b.dots) {
        const bool marked = std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), dot_id(b, d)) != opt.highlight_clues.end();
        Shape s;
        s.type = Shape::Type::Circle;
        s.points = {{d.y / 2.0, d.x / 2.0}};
        s.size = 0.16;
        s.fill = d.black ? "#222" : marked ? kHighlightFill : "white";
        s.stroke = marked ? "#c62828" : "#222";
        s.stroke_width = 0.05;
        s.cls = d.black ? "dot black" : "dot white";
        s.over = true;
        g.shapes.push_back(s);
      }
      apply_marks(g, opt);
      return g.render();
    }
    std::string out;
    if (!solution) {  // the dots as given
      for (int y = 1; y < 2 * L.rows; ++y) {
        std::string line;
        for (int x = 1; x < 2 * L.cols; ++x) {
          char ch = '.';
          if (y % 2 && x % 2 && b.hole[static_cast<std::size_t>(L.cell(y / 2, x / 2))]) ch = 'X';
          for (const auto& d : b.dots)
            if (d.y == y && d.x == x) ch = d.black ? '*' : 'o';
          line += ch;
        }
        out += line + "\n";
      }
      return out;
    }
    for (int r = 0; r < L.rows; ++r) {
      std::string line;
      for (int c = 0; c < L.cols; ++c) {
        const int v = galaxy[static_cast<std::size_t>(L.cell(r, c))];
        line += fmt::format("{:>3}", v == 0 ? std::string("X") : std::to_string(v));
      }
      out += line + "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto holes = static_cast<std::size_t>(std::count(b.hole.begin(), b.hole.end(), true));
    return fmt::format("{}x{} tentaisho, {}{}", b.lat.rows, b.lat.cols, plural(b.dots.size(), "dot"),
                       holes ? ", " + plural(holes, "hole") : std::string());
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    const auto& original = static_cast<const Board&>(p);
    auto b = std::make_shared<Board>(original);
    for (const auto& e : edits) {
      if (e.alternative >= 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
      bool found = false;
      for (auto& d : b->dots)
        if (d.holds && dot_id(original, d) == e.clue_id) {
          d.holds = false;
          found = true;
          break;
        }
      for (int i = 0; i < original.lat.cells() && !found; ++i)
        if (b->assigned[static_cast<std::size_t>(i)] && fmt::format("assigned/{}", cell_label(original.lat.cell_at(i))) == e.clue_id) {
          b->assigned[static_cast<std::size_t>(i)] = 0;
          found = true;
        }
      if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
    }
    return b;
  }

  // The candidates' fixed point is sound: a cell left without a dot, a
  // held dot without its own cells, or a given cell without its galaxy
  // leaves no solution (how a dot added into a solved board is most often
  // refuted, in milliseconds where a solver check costs an encoding).
  bool refutes_quickly(const Puzzle& p, const std::vector<std::string>& dropped) const override {
    const auto edited = without(p, dropped);
    const auto& b = static_cast<const Board&>(*edited);
    const auto cand = candidates(b);
    auto has = [&](int cell, int k) {
      const auto& c = cand[static_cast<std::size_t>(cell)];
      return std::find(c.begin(), c.end(), k) != c.end();
    };
    for (int i = 0; i < b.lat.cells(); ++i) {
      if (b.hole[static_cast<std::size_t>(i)]) continue;
      if (cand[static_cast<std::size_t>(i)].empty()) return true;
      if (const int a = b.assigned[static_cast<std::size_t>(i)]; a && !has(i, a - 1)) return true;
    }
    for (std::size_t k = 0; k < b.dots.size(); ++k)
      if (b.dots[k].holds)
        for (int t : touched(b, b.dots[k]))
          if (!has(t, static_cast<int>(k))) return true;
    return false;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution, const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto galaxy = galaxies_of(*b, solution);
    for (auto k : place_indices) {
      if (galaxy[k] == 0) continue;
      b->assigned[k] = galaxy[k];
      if (labels) labels->push_back(assigned_label(*b, static_cast<int>(k), galaxy[k]));
    }
    return b;
  }
 protected:
  std::vector<int> read_values(const Board& b, const nlohmann::json& solution) const override { return galaxies_of(b, solution); }
  nlohmann::json write_values(const Board& b, const std::vector<int>& values) const override { return solution_json(b, values); }
  std::vector<Violation> check_values(const Board& b, const std::vector<int>& values) const override { return check_galaxies(b, values); }
};

}  // namespace

const Encoder& tentaisho_encoder() {
  static const TentaishoEncoder e;
  return e;
}

}  // namespace psmt::tentaisho
