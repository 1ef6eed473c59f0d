#include "encoders/pencil/shading.h"
#include "encoders/pencil/sight.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/kit.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::pencil {

std::vector<Expr> shading_vars(const Lattice& L, Context& ctx, Encoding& enc) {
  std::vector<Expr> shaded;
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    shaded.push_back(ctx.bool_const(fmt::format("shaded_r{}c{}", c.row + 1, c.col + 1).c_str()));
    enc.decision_vars.push_back(shaded.back());
    enc.places.push_back({static_cast<unsigned>(i)});
  }
  return shaded;
}

void no_adjacent_shaded(const Lattice& L, const std::vector<Expr>& shaded, Encoding& enc) {
  for (const auto& [u, v] : L.cell_graph().edges) {
    const std::size_t first = enc.rules.size();
    enc.rules.push_back(!shaded[static_cast<std::size_t>(u)] || !shaded[static_cast<std::size_t>(v)]);
    enc.name_rules(first, [&, u = u, v = v] {
      const Cell a = L.cell_at(u), b = L.cell_at(v);
      return Encoding::RuleGroup{fmt::format("rule/adjacent/{}-{}", cell_label(a), cell_label(b)),
                                 fmt::format("{} and {} are not both shaded (no two shaded cells side by side)", cell_label(a), cell_label(b)),
                                 {a, b}};
    });
  }
}

void some_shaded(const std::vector<Expr>& shaded, Context& ctx, Encoding& enc) {
  ExprVector some(ctx);
  for (const auto& s : shaded) some.push_back(s);
  const std::size_t first = enc.rules.size();
  enc.rules.push_back(mk_or(some));
  enc.name_rules(first, [] { return Encoding::RuleGroup{"rule/some-shaded", "some cell is shaded", {}}; });
}

void unshaded_area(const Lattice& L, const std::vector<Expr>& shaded, bool eager, Context& ctx, Encoding& enc, int anchor) {
  no_adjacent_shaded(L, shaded, enc);
  some_shaded(shaded, ctx, enc);
  std::vector<Expr> unshaded;
  for (const auto& s : shaded) unshaded.push_back(!s);
  cells_connected(L, unshaded, "the unshaded cells are connected", eager, ctx, enc, "white!", anchor);
}

void no_runs(const Lattice& L, const std::vector<Expr>& shaded, int longest, Context& ctx, Encoding& enc, const char* on,
             const char* off) {
  const auto n = static_cast<std::size_t>(longest) + 1;
  for (const auto& cells : lines(L))
    for (std::size_t k = 0; k + n <= cells.size(); ++k) {
      ExprVector some(ctx), not_all(ctx);
      for (std::size_t j = k; j < k + n; ++j) {
        some.push_back(shaded[static_cast<std::size_t>(cells[j])]);
        not_all.push_back(!shaded[static_cast<std::size_t>(cells[j])]);
      }
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(mk_or(some));
      enc.rules.push_back(mk_or(not_all));
      enc.name_rules(first, [&] {
        const Cell a = L.cell_at(cells[k]), b = L.cell_at(cells[k + n - 1]);
        std::vector<Cell> run;
        for (std::size_t j = k; j < k + n; ++j) run.push_back(L.cell_at(cells[j]));
        return Encoding::RuleGroup{fmt::format("rule/run/{}-{}", cell_label(a), cell_label(b)),
                                   fmt::format("{}-{} are neither all {} nor all {} (no {} in a row)", cell_label(a),
                                               cell_label(b), on, off, n),
                                   run};
      });
    }
}

void no_2x2(const Lattice& L, const std::vector<Expr>& lits, Context& ctx, Encoding& enc, const char* what) {
  for (int r = 0; r + 1 < L.rows; ++r)
    for (int c = 0; c + 1 < L.cols; ++c) {
      ExprVector some_off(ctx);
      for (int i : {L.cell(r, c), L.cell(r, c + 1), L.cell(r + 1, c), L.cell(r + 1, c + 1)}) some_off.push_back(!lits[static_cast<std::size_t>(i)]);
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(mk_or(some_off));
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{fmt::format("rule/2x2/{}/{}", what, cell_label({r, c})),
                                   fmt::format("no 2x2 block of {} at {}", what, cell_label({r, c})),
                                   {{r, c}, {r, c + 1}, {r + 1, c}, {r + 1, c + 1}}};
      });
    }
}

Sight sight_count(const Lattice& L, const std::vector<Expr>& shaded, int cell, int cap, const std::string& prefix, Context& ctx,
                  Encoding& enc) {
  const Cell c = L.cell_at(cell);
  std::vector<std::vector<Expr>> ways;
  const char* names[] = {"up", "down", "left", "right"};
  int d = 0;
  for (auto [dr, dc] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}}) {
    ways.emplace_back();
    std::optional<Expr> prev;
    int k = 1;
    for (int r = c.row + dr, q = c.col + dc; r >= 0 && r < L.rows && q >= 0 && q < L.cols && k <= cap; r += dr, q += dc, ++k) {
      const Expr open = !shaded[static_cast<std::size_t>(L.cell(r, q))];
      Expr v = ctx.bool_const(fmt::format("{}_{}{}", prefix, names[d], k).c_str());
      enc.rules.push_back(v == (prev ? *prev && open : open));
      ways.back().push_back(v);
      prev = v;
    }
    ++d;
  }
  // The four counts' sum, defined by a totalizer (rules: it holds for every
  // shading).
  ExprVector defs(ctx);
  Sight s{!shaded[static_cast<std::size_t>(cell)], unary_sum(ctx, ways, static_cast<unsigned>(cap), prefix + "!", defs)};
  for (const auto& e : defs.items()) enc.rules.push_back(e);
  return s;
}

Expr Sight::sees(int m, Context& ctx) const {
  ExprVector parts(ctx);
  parts.push_back(cell_open);
  const std::size_t k = static_cast<std::size_t>(m - 1);
  if (sum.size() < k) {
    parts.push_back(ctx.bool_val(false));
  } else {
    if (k > 0) parts.push_back(sum[k - 1]);
    if (sum.size() > k) parts.push_back(!sum[k]);
  }
  return mk_and(parts);
}

void cells_connected(const Lattice& L, const std::vector<Expr>& lits, const std::string& name, bool eager,
                     Context& ctx, Encoding& enc, const std::string& prefix, int anchor) {
  graph::Rule rule;
  rule.kind = graph::RuleKind::ConnectedVertices;
  rule.name = name;
  rule.graph = L.cell_graph();
  rule.vertex_lits = lits;
  rule.anchor = anchor;
  if (eager) {
    const std::size_t first = enc.rules.size();
    graph::encode_eager(rule, ctx, enc.rules, prefix);
    enc.name_rules(first, [&] { return Encoding::RuleGroup{"rule/" + prefix + "connected", name, {}}; });
  } else {
    enc.lazy_rules.push_back(std::move(rule));
  }
}

void given_clues(const ShadeBoard& b, const std::vector<Expr>& shaded, Encoding& enc) {
  for (int i = 0; i < b.lat.cells(); ++i) {
    const int g = b.given[static_cast<std::size_t>(i)];
    if (!g) continue;
    const Cell c = b.lat.cell_at(i);
    const bool s = g == kGivenShaded;
    enc.clues.push_back({given_id(c, s), given_label(c, s), s ? shaded[static_cast<std::size_t>(i)] : !shaded[static_cast<std::size_t>(i)], {c}, {}});
  }
  enc.solver_logic = "QF_FD";
  enc.block_true_literals = false;
}

// ---------------------------------------------------------------- the encoder base

nlohmann::json ShadingEncoder::decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const {
  return shading_json(static_cast<const ShadeBoard&>(p).lat, truth_of(values));
}

nlohmann::json ShadingEncoder::normalize_solution(const Puzzle& p, const JsonNode& node) const {
  const auto& L = static_cast<const ShadeBoard&>(p).lat;
  return normalized(node, [&](const nlohmann::json& j) { return shading_json(L, shading_of(L, j)); });
}

std::vector<Violation> ShadingEncoder::check(const Puzzle& p, const nlohmann::json& solution) const {
  const auto& b = static_cast<const ShadeBoard&>(p);
  std::vector<bool> shaded;
  try {
    shaded = shading_of(b.lat, solution);
  } catch (const InputError& e) {
    return {{"rule/shape", e.what()}};
  }
  auto out = check_shading(b, shaded);
  check_givens(b, shaded, out);
  return out;
}

std::vector<std::string> ShadingEncoder::differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& c) const {
  return cells_that_differ(static_cast<const ShadeBoard&>(p).lat, place_values(p, a), place_values(p, c));
}

std::string ShadingEncoder::render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const {
  const auto& b = static_cast<const ShadeBoard&>(p);
  const auto& L = b.lat;
  const std::vector<bool> s = solution ? shading_of(L, *solution) : std::vector<bool>(static_cast<std::size_t>(L.cells()), false);
  if (opt.format == RenderFormat::Svg) {
    GridSvg g;
    g.rows = L.rows;
    g.cols = L.cols;
    g.title = opt.title;
    g.cell_text = [&](Cell c) { return cell_text(b, L.cell(c.row, c.col)); };
    g.is_given = [](Cell) { return true; };
    if (fill_marked()) {
      g.filled = [&](Cell c) {
        const auto i = static_cast<std::size_t>(L.cell(c.row, c.col));
        return s[i] || b.given[i] == kGivenShaded;
      };
      g.filled_meaning = marked_word();
    }
    draw_marked(b, s, g);
    // Cells given as unshaded carry a dot, given as shaded a dark square, so
    // that givens are told from what the solution shades.
    bool dot = false, square = false;
    for (int i = 0; i < L.cells(); ++i) {
      const int gv = b.given[static_cast<std::size_t>(i)];
      if (!gv) continue;
      const Cell c = L.cell_at(i);
      Shape m;
      m.type = gv == kGivenUnshaded ? Shape::Type::Circle : Shape::Type::Rect;
      m.points = {{c.row + 0.5, c.col + 0.5}};
      m.size = gv == kGivenUnshaded ? 0.08 : 0.16;
      m.fill = "#37474f";
      m.stroke = "none";
      m.cls = gv == kGivenUnshaded ? "given-unshaded" : "given-shaded";
      m.over = true;
      g.shapes.push_back(m);
      (gv == kGivenUnshaded ? dot : square) = true;
    }
    if (dot) g.legend.emplace_back("given-unshaded", "white", "a dot: a cell given as unshaded");
    if (square) g.legend.emplace_back("given-shaded", "#37474f", "a dark square: a cell given as shaded");
    g.highlighted = [&](Cell c) {
      if (has_cell(opt.highlight, c)) return true;
      const std::string id = clue_id_at(b, L.cell(c.row, c.col));
      return !id.empty() && std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), id) != opt.highlight_clues.end();
    };
    g.region = rooms(b);
    apply_marks(g, opt);
    return g.render();
  }
  // Text: a cell's clue, '#' for a shaded cell (before its clue, if any),
  // '.' for an unshaded one; columns as wide as the widest, at least 3.
  std::vector<std::string> t(static_cast<std::size_t>(L.cells()));
  std::size_t width = 3;
  for (int i = 0; i < L.cells(); ++i) {
    std::string& x = t[static_cast<std::size_t>(i)];
    x = cell_text(b, i);
    if (s[static_cast<std::size_t>(i)]) x = "#" + x;
    else if (x.empty()) x = ".";
    width = std::max(width, x.size() + 1);
  }
  std::string out;
  for (int r = 0; r < L.rows; ++r) {
    std::string line;
    for (int c = 0; c < L.cols; ++c) line += fmt::format("{:>{}}", t[static_cast<std::size_t>(L.cell(r, c))], width);
    out += line + "\n";
  }
  return out;
}

std::vector<Place> ShadingEncoder::places(const Puzzle& p) const { return cell_places(static_cast<const ShadeBoard&>(p).lat); }

std::vector<std::string> ShadingEncoder::place_values(const Puzzle& p, const nlohmann::json& solution) const {
  const auto s = shading_of(static_cast<const ShadeBoard&>(p).lat, solution);
  std::vector<std::string> out;
  for (bool v : s) out.push_back(v ? marked_word() : unmarked_word());
  return out;
}

std::string ShadingEncoder::fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value,
                                       const Place* place, std::size_t position) const {
  if (!place || var >= static_cast<std::size_t>(static_cast<const ShadeBoard&>(p).lat.cells()))
    return Encoder::fact_label(p, encoding, var, value, place, position);
  return place->label + " " + fact_words(value);
}

std::shared_ptr<const Puzzle> ShadingEncoder::edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const {
  auto b = clone(static_cast<const ShadeBoard&>(p));
  for (const auto& e : edits) {
    if (edit_clue(*b, e)) continue;
    bool found = false;
    for (int i = 0; i < b->lat.cells() && !found; ++i) {
      int& g = b->given[static_cast<std::size_t>(i)];
      if (g && given_id(b->lat.cell_at(i), g == kGivenShaded) == e.clue_id) {
        if (e.alternative >= 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        g = 0;
        found = true;
      }
    }
    if (!found) throw InputError("input.value", "#", "no clue " + e.clue_id);
  }
  return b;
}

std::shared_ptr<const Puzzle> ShadingEncoder::fix_places(const Puzzle& p, const nlohmann::json& solution,
                                                         const std::vector<std::size_t>& place_indices,
                                                         std::vector<std::string>* labels) const {
  auto b = clone(static_cast<const ShadeBoard&>(p));
  const auto s = shading_of(b->lat, solution);
  for (auto k : place_indices) {
    b->given[k] = s[k] ? kGivenShaded : kGivenUnshaded;
    if (labels) labels->push_back(given_label(b->lat.cell_at(static_cast<int>(k)), s[k]));
  }
  return b;
}

std::vector<ExtraClue> ShadingEncoder::extra_clues(const Puzzle& p, const nlohmann::json& solution) const {
  const auto& b = static_cast<const ShadeBoard&>(p);
  const auto shaded = shading_of(b.lat, solution);
  std::vector<ExtraClue> out;
  for (const auto& [cell, value] : numbers_to_add(b, shaded)) {
    const Cell c = b.lat.cell_at(cell);
    out.push_back({fmt::format("grid/r{}c{}", c.row + 1, c.col + 1), number_words(b, cell, value), {c}, {{"cell", cell}, {"value", value}}});
  }
  return out;
}

std::shared_ptr<const Puzzle> ShadingEncoder::add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const {
  auto b = clone(static_cast<const ShadeBoard&>(p));
  for (const auto& x : clues) write_number(*b, x.data.at("cell").get<int>(), x.data.at("value").get<int>());
  return b;
}

}  // namespace psmt::pencil
