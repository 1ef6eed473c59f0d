#include "encoders/pencil/tents.h"

#include <algorithm>
#include <regex>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::tents {
namespace {


class TentsEncoder final : public pencil::ShadingEncoder {
 public:
  std::string_view kind() const override { return "tents"; }
  std::string_view summary() const override {
    return "put a tent beside every tree, one each, tents never touching, the counts outside the rows and columns met "
           "(puzz.link's tents, Tatham's tents)";
  }
  std::vector<std::string> fields() const override { return {"grid", "columns", "rows", "tents", "no_tents"}; }
  std::string schema() const override {
    return R"json({"description": "Tents (puzz.link's tents, Tatham's tents): put a tent beside every tree (up, down, left or right), each tent attached to one tree and each tree to one tent; no two tents touch, not even diagonally; a number outside a row or column counts its tents. Each tree (grid/r2c3) and each count (rows/3, columns/2) is a clue that diagnose can blame. Solution: one string per row, '#' a tent and '.' none.", "required": ["grid"], "properties": {"grid": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one string per row (1 to 100 rows and columns): '.' a cell, 'T' a tree", "items": {"type": "string", "pattern": "^[.T]{1,100}$"}}, "columns": {"type": "array", "description": "the tents of each column, left to right: a number, or null for none", "items": {"type": ["integer", "null"], "minimum": 0}}, "rows": {"type": "array", "description": "the tents of each row, top to bottom: a number, or null for none", "items": {"type": ["integer", "null"], "minimum": 0}}, "tents": {"type": "array", "description": "cells given as a tent: 'r2c3' or [row, col] from 0", "items": {}}, "no_tents": {"type": "array", "description": "cells given as holding no tent", "items": {}}}, "examples": [{"kind": "tents", "grid": ["T..", "...", "..T"], "columns": [1, null, 1], "rows": [1, null, 1]}, {"kind": "tents", "name": "pzprjs's test puzzle tents/5/5/2g0h1i1j82323", "source": "https://puzz.link/p?tents/5/5/2g0h1i1j82323", "grid": ["..T..", ".....", ".T..T", "...T.", ".T..."], "columns": [2, null, 0, null, null], "rows": [1, null, null, null, 1], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"counter", "a Bool per cell (a tent), per tree and side (its tent there) and per tree (it stands); attachments "
                        "one to one; tents apart; counts as sequential counters", "cadical"},
            {"pairwise", "the same with the counts as plain clauses over subsets", "cadical"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    auto& L = b->lat;
    const auto rows = pencil::char_rows(root.at("grid"), 1, kMaxSide, "cells");
    L.rows = static_cast<int>(rows.size());
    L.cols = static_cast<int>(rows.front().second.size());
    for (const auto& [node, s] : rows)
      for (std::size_t k = 0; k < s.size(); ++k) {
        if (s[k] != '.' && s[k] != 'T') node.fail("input.value", fmt::format("character {}: {} ('.' a cell, 'T' a tree)", k + 1, quote_input(std::string(1, s[k]))));
        b->tree.push_back(s[k] == 'T');
      }
    b->uprooted.assign(static_cast<std::size_t>(L.cells()), false);
    b->col_count = pencil::read_line_counts(root, "columns", L.cols);
    b->row_count = pencil::read_line_counts(root, "rows", L.rows);
    b->given.assign(static_cast<std::size_t>(L.cells()), 0);
    for (const char* field : {"tents", "no_tents"})
      if (auto list = root.find(field))
        for (const auto& item : list->items()) {
          const Cell c = pencil::read_cell(item, L);
          b->given[static_cast<std::size_t>(L.cell(c.row, c.col))] = std::string(field) == "tents" ? pencil::kGivenShaded : pencil::kGivenUnshaded;
        }
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const bool pairwise = encoding == "pairwise";
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> tent = pencil::shading_vars(L, ctx, enc);
    // Tents apart: one rule, as the rulebook says it.
    const std::size_t apart = enc.rules.size();
    for (int i = 0; i < L.cells(); ++i)
      for (int w : L.around(i))
        if (w > i) enc.rules.push_back(!tent[static_cast<std::size_t>(i)] || !tent[static_cast<std::size_t>(w)]);
    enc.name_rules(apart, [] { return Encoding::RuleGroup{"rule/apart", "no two tents touch, not even diagonally", {}}; });
    // Attachments: per tree and side, "this tree's tent is there". The
    // pairing is one rule, as the rulebook says it (cited cell by cell, a
    // person's one look at two trees sharing a cell took ten items).
    const std::size_t pairing = enc.rules.size();
    ExprVector no_tree_beside(ctx);  // the board's own facts, not a step
    std::vector<std::vector<Expr>> into(static_cast<std::size_t>(L.cells()));
    for (int i = 0; i < L.cells(); ++i) {
      if (!b.tree[static_cast<std::size_t>(i)] || b.uprooted[static_cast<std::size_t>(i)]) continue;
      const Cell c = L.cell_at(i);
      const Expr stands = ctx.bool_const(fmt::format("tree_r{}c{}", c.row + 1, c.col + 1).c_str());
      std::vector<Expr> out;
      for (int w : L.neighbours(i)) {
        if (b.tree[static_cast<std::size_t>(w)] && !b.uprooted[static_cast<std::size_t>(w)]) continue;
        const Expr a = ctx.bool_const(fmt::format("attach_r{}c{}_to_{}", c.row + 1, c.col + 1, cell_label(L.cell_at(w))).c_str());
        enc.rules.push_back(!a || stands);  // no tree, no attachment
        out.push_back(a);
        into[static_cast<std::size_t>(w)].push_back(a);
      }
      ExprVector one(ctx);
      one.push_back(!stands);
      for (const auto& a : out) one.push_back(a);
      enc.rules.push_back(mk_or(one));
      for (std::size_t x = 0; x < out.size(); ++x)
        for (std::size_t y = x + 1; y < out.size(); ++y) enc.rules.push_back(!out[x] || !out[y]);
      enc.rules.push_back(!stands || !tent[static_cast<std::size_t>(i)]);
      Clue clue{tree_id(c), tree_label(c), stands, {c}, {}};
      clue.dropped_label = fmt::format("no tree at r{}c{}", c.row + 1, c.col + 1);
      enc.clues.push_back(std::move(clue));
    }
    // A cell holds a tent exactly when one tree is attached to it.
    for (int i = 0; i < L.cells(); ++i) {
      const auto& in = into[static_cast<std::size_t>(i)];
      if (in.empty()) {  // no tree beside it (or a tree itself)
        no_tree_beside.push_back(!tent[static_cast<std::size_t>(i)]);
        continue;
      }
      ExprVector some(ctx);
      some.push_back(!tent[static_cast<std::size_t>(i)]);
      for (const auto& a : in) {
        some.push_back(a);
        enc.rules.push_back(!a || tent[static_cast<std::size_t>(i)]);
      }
      enc.rules.push_back(mk_or(some));
      for (std::size_t x = 0; x < in.size(); ++x)
        for (std::size_t y = x + 1; y < in.size(); ++y) enc.rules.push_back(!in[x] || !in[y]);
    }
    enc.name_rules(pairing, [] {
      return Encoding::RuleGroup{"rule/pairs", "trees and tents pair off, each tent beside its own tree", {}};
    });
    for (unsigned j = 0; j < no_tree_beside.size(); ++j) enc.rules.push_back(no_tree_beside[j]);
    pencil::line_count_clues(L, tent, b.col_count, b.row_count, pairwise ? pencil::Count::Pairwise : pencil::Count::Counter, count_id, count_label, ctx, enc, eo);
    pencil::given_clues(b, tent, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto trees = static_cast<std::size_t>(std::count(b.tree.begin(), b.tree.end(), true));
    std::size_t counts = 0;
    for (const auto* v : {&b.row_count, &b.col_count}) counts += static_cast<std::size_t>(std::count_if(v->begin(), v->end(), [](int n) { return n != kNoCount; }));
    return fmt::format("{}x{} tents, {}, {}", b.lat.rows, b.lat.cols, plural(trees, "tree"), plural(counts, "count"));
  }

  // Extra clues: a count for a row or column without one.
  std::vector<ExtraClue> extra_clues(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const auto tent = pencil::shading_of(L, solution);
    std::vector<ExtraClue> out;
    for (int pass = 0; pass < 2; ++pass) {
      const bool row = pass == 1;
      const auto& counts = row ? b.row_count : b.col_count;
      for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
        if (counts[static_cast<std::size_t>(k)] != kNoCount) continue;
        int n = 0;
        std::vector<Cell> cells;
        for (int j = 0; j < (row ? L.cols : L.rows); ++j) {
          const int i = row ? L.cell(k, j) : L.cell(j, k);
          n += tent[static_cast<std::size_t>(i)] ? 1 : 0;
        }
        cells.push_back(row ? Cell{k, 0} : Cell{0, k});
        out.push_back({count_id(row, k), count_label(row, k, n), cells, {{"row", row}, {"line", k}, {"value", n}}});
      }
    }
    return out;
  }
  std::shared_ptr<const Puzzle> add_extra_clues(const Puzzle& p, const std::vector<ExtraClue>& clues) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& x : clues) (x.data.at("row").get<bool>() ? b->row_count : b->col_count)[x.data.at("line").get<std::size_t>()] = x.data.at("value").get<int>();
    return b;
  }
  std::string no_extra_clues_reason(const Puzzle&) const override {
    return "every row and column already has its count, and a tree added would need a tent of its own";
  }

 protected:
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& tent) const override {
    return check_tents(static_cast<const Board&>(p), tent);
  }
  // The text answer writes a tree "T" ("#" a tent); the picture draws both as symbols.
  std::string cell_text(const pencil::ShadeBoard& p, int i) const override {
    const auto& b = static_cast<const Board&>(p);
    return b.tree[static_cast<std::size_t>(i)] && !b.uprooted[static_cast<std::size_t>(i)] ? "T" : "";
  }
  std::string clue_id_at(const pencil::ShadeBoard& p, int i) const override {
    const auto& b = static_cast<const Board&>(p);
    return b.tree[static_cast<std::size_t>(i)] ? tree_id(b.lat.cell_at(i)) : std::string();
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool edit_clue(pencil::ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<Board&>(p);
    for (int i = 0; i < b.lat.cells(); ++i)
      if (b.tree[static_cast<std::size_t>(i)] && !b.uprooted[static_cast<std::size_t>(i)] && tree_id(b.lat.cell_at(i)) == e.clue_id) {
        if (e.alternative >= 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
        b.uprooted[static_cast<std::size_t>(i)] = true;
        return true;
      }
    for (int pass = 0; pass < 2; ++pass) {
      const bool row = pass == 1;
      auto& counts = row ? b.row_count : b.col_count;
      for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
        int& n = counts[static_cast<std::size_t>(k)];
        if (n == kNoCount || count_id(row, k) != e.clue_id) continue;
        if (e.alternative < 0) n = kNoCount;
        else {
          const auto alts = pencil::line_count_values(row ? b.lat.cols : b.lat.rows, n);
          if (e.alternative >= static_cast<int>(alts.size())) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
          n = alts[static_cast<std::size_t>(e.alternative)];
        }
        return true;
      }
    }
    return false;
  }
  const char* marked_word() const override { return "tent"; }
  const char* unmarked_word() const override { return "no tent"; }
  std::string fact_words(bool marked) const override { return marked ? "holds a tent" : "holds no tent"; }
  bool fill_marked() const override { return false; }
  void draw_marked(const pencil::ShadeBoard& p, const std::vector<bool>& tent, GridSvg& g) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    g.margin = 1;
    g.cell_text = [](Cell) { return std::string(); };
    bool any = false;
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      if (b.tree[static_cast<std::size_t>(i)] && !b.uprooted[static_cast<std::size_t>(i)]) {
        g.shapes.push_back(pencil::cell_symbol(c, "\u2663", 0.6, "#2e7d32", "tree"));
      } else if (tent[static_cast<std::size_t>(i)]) {
        g.shapes.push_back(pencil::cell_symbol(c, "\u25b2", 0.55, "#e65100", "tent"));
        any = true;
      }
    }
    for (int pass = 0; pass < 2; ++pass) {
      const bool row = pass == 1;
      const auto& counts = row ? b.row_count : b.col_count;
      for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
        if (counts[static_cast<std::size_t>(k)] == kNoCount) continue;
        Shape t;
        t.type = Shape::Type::Text;
        t.points = {row ? std::pair{k + 0.5, L.cols + 0.5} : std::pair{L.rows + 0.5, k + 0.5}};
        t.text = std::to_string(counts[static_cast<std::size_t>(k)]);
        t.size = 0.5;
        t.fill = "#000";
        t.cls = "count";
        g.shapes.push_back(t);
      }
    }
    g.legend.emplace_back("tree", "#2e7d32", "\u2663 a tree");
    if (any) g.legend.emplace_back("tent", "#e65100", "\u25b2 a tent");
  }
};

}  // namespace

const Encoder& tents_encoder() {
  static const TentsEncoder e;
  return e;
}

}  // namespace psmt::tents
