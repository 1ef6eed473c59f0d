#include "sudoku.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include <z3++.h>

#include "builder.h"
#include "search.h"
#include "engine/encoding.h"
#include "grid/grid_json.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::sudoku {
namespace {

bool blank_sign(char ch) { return ch == '.' || ch == '_' || ch == ' '; }

std::string relation_label(Cell a, char op, Cell b) { return fmt::format("{} {} {}", cell_label(a), op, cell_label(b)); }

// Signs of one row (horizontal) or column (vertical) in the seed's notation.
void parse_sign_lines(const JsonNode& node, Grid& g, bool horizontal) {
  auto lines = node.items(g.n);
  const int box = horizontal ? g.box_cols : g.box_rows;
  std::vector<int> all, internal;
  for (int i = 0; i + 1 < g.n; ++i) {
    all.push_back(i);
    if (g.boxes && (i + 1) % box != 0) internal.push_back(i);
  }
  const char* dir = horizontal ? "horizontal" : "vertical";
  for (int line = 0; line < g.n; ++line) {
    std::string s = lines[line].as_string();
    const std::vector<int>* pairs = nullptr;
    if (s.size() == all.size()) pairs = &all;
    else if (g.boxes && s.size() == internal.size()) pairs = &internal;
    if (!pairs) {
      std::string want = g.boxes ? fmt::format("{} signs (between neighbours inside a box) or {} (between all "
                                               "neighbours)",
                                               internal.size(), all.size())
                                 : fmt::format("{} signs", all.size());
      lines[line].fail("input.shape", fmt::format("expected {}, found {} characters", want, s.size()));
    }
    for (std::size_t k = 0; k < s.size(); ++k) {
      char ch = s[k];
      if (blank_sign(ch)) continue;
      if (ch != '<' && ch != '>')
        lines[line].fail("input.value",
                         fmt::format("character {} is '{}', expected '<', '>' or '.' for no sign", k + 1, ch));
      int i = (*pairs)[k];
      Cell a = horizontal ? Cell{line, i} : Cell{i, line};
      Cell b = horizontal ? Cell{line, i + 1} : Cell{i + 1, line};
      g.relations.push_back({a, b, ch, fmt::format("greater_than/{}/{}/{}", dir, line, k), relation_label(a, ch, b)});
    }
  }
}

std::string plural(std::size_t k, const char* one, const char* many) {
  return fmt::format("{} {}", k, k == 1 ? one : many);
}

// Irregular regions: n strings of n region characters ('.' for a cell in no
// region), or a list of regions, each a list of cells.
void parse_regions(const JsonNode& node, Grid& g) {
  const int n = g.n;
  g.region_of.assign(static_cast<std::size_t>(n) * n, -1);
  auto list = node.items();
  if (!list.empty() && list[0].is_string()) {
    if (list.size() != static_cast<std::size_t>(n))
      node.fail("input.shape", fmt::format("expected {} rows of region letters, found {}", n, list.size()));
    std::map<char, int> ids;
    for (int r = 0; r < n; ++r) {
      std::string row = list[r].as_string();
      if (row.size() != static_cast<std::size_t>(n))
        list[r].fail("input.shape", fmt::format("expected {} region letters, found {}", n, row.size()));
      for (int c = 0; c < n; ++c) {
        char ch = row[c];
        if (ch == '.') continue;
        if (static_cast<unsigned char>(ch) <= ' ' || static_cast<unsigned char>(ch) >= 127)
          list[r].fail("input.value", fmt::format("character {} is not a region letter (use letters, digits or '.')", c + 1));
        auto [it, fresh] = ids.emplace(ch, static_cast<int>(ids.size()));
        if (fresh) g.region_names.push_back(std::string(1, ch));
        g.region_of[r * n + c] = it->second;
      }
    }
  } else {
    for (std::size_t k = 0; k < list.size(); ++k) {
      for (auto c : parse_cells(list[k], n)) {
        int& slot = g.region_of[c.row * n + c.col];
        if (slot >= 0)
          list[k].fail("input.value", fmt::format("{} is already in region {}", cell_label(c), slot + 1));
        slot = static_cast<int>(k);
      }
      g.region_names.push_back(std::to_string(k + 1));
    }
  }
  std::vector<int> size(g.region_names.size(), 0);
  for (int v : g.region_of)
    if (v >= 0) size[v]++;
  for (std::size_t k = 0; k < size.size(); ++k)
    if (size[k] > n)
      node.fail("input.shape", fmt::format("region {} has {} cells; a {}x{} grid allows at most {}", g.region_names[k],
                                           size[k], n, n, n));
}

// What `kinds` and the format documentation say about each kind built on
// the sudoku grid: the sudoku itself, and the Latin squares (no boxes) that
// differ in what they are for and how they are imported.
struct KindText {
  std::string_view kind;
  const char* summary;
  const char* description;
  const char* examples;  // JSON array
};

const KindText kKindTexts[] = {
    {"sudoku",
     "n x n sudoku with boxes or irregular regions; givens; greater-than signs; variant clues (killer, thermo, arrow, "
     "kropki, XV, lines, little killer, sandwich, anti-knight, ...)",
     "n x n sudoku (1 to 36): every row, column and region (the boxes, or the irregular regions of \"regions\") holds "
     "each digit once; givens, inequality signs and the clues of the constraint families (killer cages, lines, dots, "
     "outside clues, global rules). Each item of a family is a clue of its own (killer/3, kropki/black/12, "
     "anti_knight) that diagnose can blame. Solution: n row strings (or arrays of numbers above 35).",
     R"json([{"kind": "sudoku", "grid": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}, {"kind": "sudoku", "name": "A 4x4 variant", "author": "puzzle-smt", "size": 4, "box": [2, 2], "grid": ["1...", "....", "....", "...."], "killer": [{"cells": "r1c2 r2c2", "sum": 5}], "thermo": [{"cells": [[2, 0], [3, 0], [3, 1]]}], "kropki": {"white": [{"cells": "r3c3 r3c4"}], "black": [{"cells": "r4c3 r4c4"}]}, "diagonals": {"main": true}, "expect": {"status": "unique", "solution": ["1234", "4321", "2143", "3412"]}}])json"},
    {"futoshiki", "n x n futoshiki (Latin square, no boxes); givens; inequality signs; variant clues",
     "n x n futoshiki (a Latin square: every row and column holds each digit once, no boxes); givens, inequality "
     "signs, and the same constraint families as the sudoku kind. Solution: n row strings.",
     R"json([{"kind": "futoshiki", "size": 3, "relations": [{"cells": ["r1c1", "r1c2"], "op": "<"}, {"cells": ["r1c2", "r1c3"], "op": "<"}, {"cells": ["r2c1", "r3c1"], "op": "<"}]}, {"kind": "futoshiki", "name": "A 5x5 futoshiki", "grid": [".....", "1....", ".3...", "....3", "....1"], "greater_than": {"horizontal": ["...<", "<.<>", ">.><", ".><>", "..<>"], "vertical": ["...<", "<.<.", "..><", "...>", ">><."]}, "expect": {"status": "unique", "count": 1, "solution": ["31425", "12354", "43512", "25143", "54231"]}}])json"},
    {"skyscrapers",
     "n x n skyscrapers (Tatham's towers: a Latin square of tower heights); counts of visible towers on the four "
     "sides; optional givens; the futoshiki kind's signs and variant clues too",
     "n x n skyscrapers (Simon Tatham's towers): a Latin square of tower heights 1..n; a clue outside the grid "
     "(\"skyscrapers\": top, bottom, left, right) is the number of towers visible from it, a tower being visible "
     "when it is taller than every tower before it. Optional givens, and the futoshiki kind's signs and constraint "
     "families. Solution: n row strings.",
     R"json([{"kind": "skyscrapers", "size": 3, "skyscrapers": {"top": [3, null, null], "left": [null, 1, null]}}, {"kind": "skyscrapers", "name": "Tatham's towers, 4:1/3/3/2/2/1/2/3/1/3/3/2/2/1/2/3 (FORMATS.md)", "size": 4, "skyscrapers": {"top": [1, 3, 3, 2], "bottom": [2, 1, 2, 3], "left": [1, 3, 3, 2], "right": [2, 1, 2, 3]}, "expect": {"status": "unique"}}])json"},
    {"kenken",
     "n x n KenKen (Tatham's keen: a Latin square); cages with a value and an operation (+ - * /, or hidden); "
     "optional givens; the futoshiki kind's signs and variant clues too",
     "n x n KenKen (Simon Tatham's keen): a Latin square of digits 1..n divided into cages (\"kenken\"); the digits "
     "of a cage give its value under its operation: + sum, * product, - and / the difference and the quotient of a "
     "two-cell cage, = a one-cell cage's digit, ? a hidden operation (any of them). Digits may repeat inside a cage "
     "in different rows and columns. Optional givens, and the futoshiki kind's signs and constraint families. "
     "Solution: n row strings.",
     R"json([{"kind": "kenken", "size": 3, "kenken": [{"cells": "r1c1 r1c2", "op": "-", "value": 2}, {"cells": "r2c1 r3c1", "op": "*", "value": 6}]}, {"kind": "kenken", "name": "Tatham's keen, 4:_a_a_aa_b_5ba,m24d2a5m6a9s1s2 (FORMATS.md)", "size": 4, "kenken": [{"cells": "r1c1 r2c1 r3c1", "op": "*", "value": 24}, {"cells": "r1c2 r1c3", "op": "/", "value": 2}, {"cells": "r1c4 r2c4", "op": "+", "value": 5}, {"cells": "r2c2 r2c3", "op": "*", "value": 6}, {"cells": "r3c2 r3c3 r4c3", "op": "+", "value": 9}, {"cells": "r3c4 r4c4", "op": "-", "value": 1}, {"cells": "r4c1 r4c2", "op": "-", "value": 2}], "expect": {"status": "unique", "solution": ["3124", "4231", "2413", "1342"]}}])json"},
};

const KindText& kind_text(std::string_view kind) {
  for (const auto& t : kKindTexts)
    if (t.kind == kind) return t;
  throw std::logic_error("no text for the kind " + std::string(kind));
}

class SudokuFamily : public Encoder {
 public:
  // `kind`: "sudoku" (boxes or regions), or a Latin square: "futoshiki",
  // "skyscrapers" (the same rules; the kinds differ in what they are for and
  // how they are documented and imported).
  SudokuFamily(bool boxes, std::string_view kind) : boxes_(boxes), kind_(kind) {}

  std::string_view kind() const override { return kind_; }
  std::string_view summary() const override { return text().summary; }
  std::vector<std::string> fields() const override {
    std::vector<std::string> out = boxes_ ? std::vector<std::string>{"grid", "size", "box", "regions", "greater_than", "relations"}
                                          : std::vector<std::string>{"grid", "size", "greater_than", "relations"};
    for (const auto* f : all_families())
      if (boxes_ || f->key() != "disjoint_groups") out.emplace_back(f->key());
    return out;
  }
  std::string schema() const override {
    // The grid's own fields, then every family's, in the order of fields().
    nlohmann::ordered_json base = nlohmann::ordered_json::parse(R"json({"grid": {"description": "the givens: n row strings, one string of n·n characters, or n arrays of numbers; '.', '0' and '_' are blanks, 'A'-'Z' stand for 10-35", "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}, {"type": "array", "items": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 36}}}]}, "size": {"type": "integer", "minimum": 1, "maximum": 36, "description": "the side n (or take it from grid); one of grid and size is required"}, "box": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 36}, "minItems": 2, "maxItems": 2, "description": "[rows, cols] of a box; default: the squarest shape (2x3 for 6x6); not with regions"}, "regions": {"description": "irregular (jigsaw) regions instead of boxes: n strings of n region letters ('.' for a cell in no region), or a list of regions, each a list of cells", "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "array", "items": {"$ref": "#/$defs/cells"}}]}, "greater_than": {"type": "object", "additionalProperties": false, "description": "signs in the seed's notation: one string per row (horizontal) or column (vertical, top to bottom; '>' means the upper cell is greater), with the signs between neighbours inside a box or between all neighbours; '.' no sign", "properties": {"horizontal": {"type": "array", "items": {"type": "string"}}, "vertical": {"type": "array", "items": {"type": "string"}}}}, "relations": {"type": "array", "description": "cell a op cell b, for any two cells", "items": {"type": "object", "additionalProperties": false, "required": ["cells", "op"], "properties": {"cells": {"type": "array", "items": {"$ref": "#/$defs/cell"}, "minItems": 2, "maxItems": 2}, "op": {"enum": ["<", ">"]}, "label": {"type": "string", "description": "how diagnose names it"}}}}})json");
    nlohmann::ordered_json s = nlohmann::ordered_json::object();
    s["description"] = text().description;
    s["properties"] = nlohmann::ordered_json::object();
    for (const auto& f : fields()) {
      if (base.contains(f)) s["properties"][f] = base[f];
      else if (const auto* fam = find_family(f)) s["properties"][f] = nlohmann::ordered_json::parse(fam->schema());
    }
    s["$defs"] = nlohmann::ordered_json::parse(R"json({"cell": {"description": "a cell: [row, col] counted from 0, or \"r3c7\" counted from 1", "anyOf": [{"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2}, {"type": "string", "pattern": "^[rR][0-9]+[cC][0-9]+$"}]}, "cells": {"description": "cells: a list of cells, or one string \"r1c1 r1c2 ...\"", "anyOf": [{"type": "array", "items": {"$ref": "#/$defs/cell"}}, {"type": "string"}]}})json");
    s["examples"] = nlohmann::ordered_json::parse(text().examples);
    return s.dump();
  }

  std::vector<EncodingInfo> encodings() const override {
    // The first is the default: the fastest for check (solve + uniqueness proof)
    // on 200 17-clue sudokus: pairwise 18.7 ms, onehot 24.4 ms, int 423 ms mean.
    // Run on CaDiCaL unless --solver says otherwise: the 53 files of
    // puzzles/sudoku, one process each, 0.37x Z3's time in the median, the
    // same total (scripts/bench-solvers; README, "Which back end").
    return {{"bool-pairwise", "one Bool per cell and digit, exactly-one as a clause plus pairwise at-most-one "
                              "(plain CNF, QF_FD solver); default: 22x faster than int-distinct on 17-clue checks",
             "cadical"},
            {"bool-onehot", "one Bool per cell and digit, exactly-one as pseudo-Boolean pbeq (QF_FD solver)"},
            {"int-distinct", "one Int per cell in 1..n, Distinct per row/column/box (the z3py tutorial's), on Z3's default solver"},
            {"int-fd", "the same Int formulas on Z3's finite-domain solver (QF_FD: bounded integers bit-blasted to SAT); "
                       "a second code path for differential checks, ~100x faster than int-distinct on variants"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto g = std::make_shared<Grid>();
    g->boxes = boxes_;
    std::optional<int> size;
    if (auto s = root.find("size")) size = static_cast<int>(s->as_int(1, kMaxSide));
    auto grid = root.find("grid");
    if (!grid && !size) root.fail("input.missing", "missing field \"grid\" (or \"size\" for an empty grid)");
    if (grid) {
      SquareGrid sq = parse_square_grid(*grid, size, kMaxSide, 0, true);
      g->n = sq.n;
      g->givens = sq.values;
    } else {
      g->n = *size;
      g->givens.assign(g->n * g->n, 0);
    }
    if (boxes_ && root.find("regions")) {
      if (root.find("box")) root.at("box").fail("input.value", "give \"box\" or \"regions\", not both");
      parse_regions(root.at("regions"), *g);
      g->box_rows = g->box_cols = 0;
    } else if (boxes_) {
      if (auto box = root.find("box")) {
        auto rc = box->items(2);
        g->box_rows = static_cast<int>(rc[0].as_int(1, kMaxSide));
        g->box_cols = static_cast<int>(rc[1].as_int(1, kMaxSide));
        if (g->box_rows * g->box_cols != g->n)
          box->fail("input.shape", fmt::format("box {}x{} does not tile a {}x{} grid (rows*cols must be {})",
                                               g->box_rows, g->box_cols, g->n, g->n, g->n));
      } else {
        auto [br, bc] = g->n == 1 ? std::pair{1, 1} : default_box(g->n);
        if (br == 0)
          root.fail("input.shape", fmt::format("a {0}x{0} grid has no box shape; give \"box\": [rows, cols] or "
                                               "use kind \"futoshiki\" for a Latin square",
                                               g->n));
        g->box_rows = br;
        g->box_cols = bc;
      }
    } else {
      g->box_rows = g->box_cols = 0;
    }
    if (auto gt = root.find("greater_than")) {
      gt->allow_only({"horizontal", "vertical"});
      if (auto h = gt->find("horizontal")) parse_sign_lines(*h, *g, true);
      if (auto v = gt->find("vertical")) parse_sign_lines(*v, *g, false);
    }
    if (auto rels = root.find("relations")) {
      auto items = rels->items();
      for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& it = items[i];
        it.allow_only({"cells", "op", "label"});
        auto cells = it.at("cells").items(2);
        Cell a = parse_cell(cells[0], g->n), b = parse_cell(cells[1], g->n);
        if (a == b) it.at("cells").fail("input.value", "a relation needs two different cells");
        std::string op = it.at("op").as_string();
        if (op != "<" && op != ">") it.at("op").fail("input.value", fmt::format("expected \"<\" or \">\", found \"{}\"", op));
        std::string label = relation_label(a, op[0], b);
        if (auto l = it.find("label")) label = l->as_string();
        g->relations.push_back({a, b, op[0], fmt::format("relations/{}", i), label});
      }
    }
    for (const auto* f : all_families())
      if (auto node = root.find(f->key())) {
        auto items = f->parse(*node, *g);
        if (!items.empty()) g->families.push_back({f, std::move(items)});
      }
    return g;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding,
                  const EncodeOptions& options) const override {
    const auto& g = static_cast<const Grid&>(p);
    Encoding enc(ctx);
    const int n = g.n;
    const bool integer = encoding == "int-distinct" || encoding == "int-fd";
    const std::size_t nvars = static_cast<std::size_t>(n) * n * (integer ? 1 : n);
    // Batch: the clues over the variables of an earlier puzzle of the same shape.
    const bool reuse = options.clues_only && options.reuse_vars && options.reuse_vars->size() == nvars &&
                       !rules_key(g).empty();
    std::vector<Expr> own;
    const std::vector<Expr>& cells = reuse ? *options.reuse_vars : own;
    if (!reuse) {
      own.reserve(nvars);
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          if (integer) {
            own.push_back(ctx.z3().int_const(fmt::format("x_{}_{}", r + 1, c + 1).c_str()));
            enc.decision_vars.push_back(own.back());
            continue;
          }
          for (int d = 1; d <= n; ++d) {
            own.push_back(ctx.bool_const(fmt::format("b_{}_{}_{}", r + 1, c + 1, d)));
            enc.decision_vars.push_back(own.back());
          }
        }
    }
    const auto mode = integer ? Builder::Mode::Int : encoding == "bool-onehot" ? Builder::Mode::Onehot : Builder::Mode::Pairwise;
    FormulaBuilder b(ctx, mode, n, cells);
    if (!integer) {
      enc.block_true_literals = true;
      enc.solver_logic = "QF_FD";  // sound incremental PB; the default solver loses models (encoding.h)
      // No "lucky" phase (CaDiCaL's tries of all-false, all-true and other
      // fixed assignments before each search): on the published variants it
      // cost Eddies 95 of its 120 ms and gained no puzzle anything (batch
      // total 612-642 -> 531-545 ms, same medians). No stable mode either
      // (CaDiCaL alternates focused and stable search; these searches are
      // short): total 371-399 -> 334-350 ms, Slow Thermo 37 -> 21 ms, the
      // medians the same. The Radcliffe corpus was unchanged by either. The
      // pencil kinds keep both: Galaxies got slower without them.
      enc.cadical_options = {{"lucky", 0}, {"stabilize", 0}};
    } else if (encoding == "int-fd") {
      enc.solver_logic = "QF_FD";
    }
    if (!reuse) {  // the rules (a batch asserts them once)
      add_rules(g, enc, ctx, cells, mode, options);
      enc.shared_rules = enc.rules.size();  // the definitions of the families' clues follow
      // Rows and columns link every cell, and a cell's exactly-one its digits.
      enc.connected = true;
      for (int i = 0; i < n * n; ++i) {
        std::vector<unsigned> vars;
        if (integer) vars.push_back(static_cast<unsigned>(i));
        else
          for (int d = 0; d < n; ++d) vars.push_back(static_cast<unsigned>(i * n + d));
        enc.places.push_back(vars);
      }
    }
    add_clues(g, enc, options, [&](Cell c, int d) { return b.get(b.is(c, d)); },
              [&](Cell lo, Cell hi) { return b.get(b.less(lo, hi)); });
    for (const auto& fi : g.families)
      for (const auto& item : fi.items) {
        options.check_deadline();
        Clue clue{item.id, item.label, b.get(item.beyond_reach ? b.truth(false) : fi.family->encode(item, g, b)), item.cells, {}};
        clue.cells.insert(clue.cells.end(), item.cells2.begin(), item.cells2.end());
        if (options.alternatives)
          for (const auto& alt : fi.family->alternatives(item, g))
            clue.alternatives.push_back({alt.label, b.get(alt.beyond_reach ? b.truth(false) : fi.family->encode(alt, g, b))});
        enc.clues.push_back(std::move(clue));
      }
    if (reuse) enc.shared_rules = 0;  // only this puzzle's definitions
    for (const auto& d : b.definitions()) enc.rules.push_back(d);
    return enc;
  }

  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (encoding == "int-distinct" || encoding == "int-fd") return Encoder::fact_label(p, encoding, var, value, place, position);
    const int n = static_cast<const Grid&>(p).n;
    const int cell = static_cast<int>(var) / n, d = static_cast<int>(var) % n + 1;
    return fmt::format("{} {} {}", cell_label({cell / n, cell % n}), value ? "is" : "is not", d);
  }

  nlohmann::json decode(const Puzzle& p, std::string_view encoding, const std::vector<int64_t>& values) const override {
    const auto& g = static_cast<const Grid&>(p);
    const int n = g.n;
    std::vector<int> cells(static_cast<std::size_t>(n) * n, 0);
    if (encoding == "int-distinct" || encoding == "int-fd") {
      for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<int>(values[i]);
    } else {
      for (std::size_t i = 0; i < cells.size(); ++i)
        for (int d = 1; d <= n; ++d)
          if (values[i * n + (d - 1)]) cells[i] = cells[i] ? -1 : d;  // -1: two digits, the checker rejects it
    }
    return square_grid_json(n, cells);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& g = static_cast<const Grid&>(p);
    SquareGrid sq = parse_square_grid(node, g.n, kMaxSide, 0, false);
    return square_grid_json(g.n, sq.values);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Grid&>(p), solution);
  }

  // A grid whose rules are its units alone (no relation, no family item):
  // its own search (search.h) decides check and solve, up to some thousand
  // splits (a few ms at 16x16); past them, the solver.
  Quick solve_quickly(const Puzzle& p, std::size_t limit, std::vector<nlohmann::json>& solutions) const override {
    const auto& g = static_cast<const Grid&>(p);
    if (!plain_units_only(g)) return Quick::Unknown;
    std::vector<std::vector<int>> found;
    const GridSearch r = search_grid(g, limit, found, 2000);
    if (r == GridSearch::Stopped) return Quick::Unknown;
    for (const auto& f : found) solutions.push_back(square_grid_json(g.n, f));
    return r == GridSearch::Limit ? Quick::Solved : Quick::None;
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override {
    const auto& g = static_cast<const Grid&>(p);
    auto va = values_of(g, a), vb = values_of(g, b);
    std::vector<std::string> out;
    for (int i = 0; i < g.n * g.n; ++i)
      if (va[i] != vb[i]) out.push_back(cell_label({i / g.n, i % g.n}));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<int> shown = g.givens;
    if (solution) shown = values_of(g, *solution);
    std::map<std::pair<Cell, Cell>, char> right, down;
    std::set<std::pair<Cell, Cell>> marked;  // adjacent pairs whose relation is highlighted
    std::vector<Cell> cells_hl = opt.highlight;
    auto clue_marked = [&](const std::string& id) {
      return std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), id) != opt.highlight_clues.end();
    };
    for (int i = 0; i < g.n * g.n; ++i)
      if (g.givens[i] && clue_marked(fmt::format("given/{}", cell_label({i / g.n, i % g.n}))))
        cells_hl.push_back({i / g.n, i % g.n});
    std::vector<const Relation*> far;
    for (const auto& rel : g.relations) {
      // Normalise to "first op second" with first left of / above second.
      Cell first = rel.a, second = rel.b;
      char op = rel.op;
      if (second < first) {
        std::swap(first, second);
        op = op == '<' ? '>' : '<';
      }
      bool adjacent = (first.row == second.row && second.col == first.col + 1) ||
                      (first.col == second.col && second.row == first.row + 1);
      if (clue_marked(rel.id)) {
        if (adjacent) marked.insert({first, second});
        else cells_hl.insert(cells_hl.end(), {rel.a, rel.b});
      }
      if (first.row == second.row && second.col == first.col + 1) right[{first, second}] = op;
      else if (first.col == second.col && second.row == first.row + 1) down[{first, second}] = op == '<' ? '^' : 'v';
      else far.push_back(&rel);
    }
    auto right_sign = [&](Cell c) {
      auto it = right.find({c, Cell{c.row, c.col + 1}});
      return it == right.end() ? ' ' : it->second;
    };
    auto down_sign = [&](Cell c) {
      auto it = down.find({c, Cell{c.row + 1, c.col}});
      return it == down.end() ? ' ' : it->second;
    };
    auto highlighted = [&](Cell c) { return std::find(cells_hl.begin(), cells_hl.end(), c) != cells_hl.end(); };
    auto right_marked = [&](Cell c) { return marked.count({c, Cell{c.row, c.col + 1}}) > 0; };
    auto down_marked = [&](Cell c) { return marked.count({c, Cell{c.row + 1, c.col}}) > 0; };
    if (opt.format == RenderFormat::Svg) {
      GridSvg sv;
      sv.rows = sv.cols = g.n;
      sv.box_rows = g.boxes ? g.box_rows : 0;
      sv.box_cols = g.boxes ? g.box_cols : 0;
      if (g.jigsaw()) sv.region = [&](Cell c) { return g.region(c); };
      for (const auto& fi : g.families) {
        sv.margin = std::max(sv.margin, fi.family->margin(fi.items));
        for (const auto& item : fi.items) {
          bool mark = clue_marked(item.id);
          fi.family->draw(item, g, mark, sv.shapes);
          if (item.cells.empty() && !item.clue)  // a global rule: named under the grid
            sv.footer.push_back((mark ? "conflicting: " : "rule: ") + item.label);
        }
      }
      sv.cell_text = [&](Cell c) {
        int v = shown[c.row * g.n + c.col];
        return v ? std::to_string(v) : std::string();
      };
      sv.is_given = [&](Cell c) { return g.at(c) != 0; };
      sv.highlighted = highlighted;
      sv.right_sign = right_sign;
      sv.down_sign = down_sign;
      sv.right_marked = right_marked;
      sv.down_marked = down_marked;
      sv.title = opt.title;
      for (const auto* rel : far) sv.footer.push_back("also: " + rel->label);
      apply_marks(sv, opt);
      return sv.render();
    }
    GridText t;
    t.rows = t.cols = g.n;
    t.box_rows = g.boxes ? g.box_rows : 0;
    t.box_cols = g.boxes ? g.box_cols : 0;
    if (g.jigsaw()) {  // the text grid draws only box lines: regions as letters below
      t.box_rows = t.box_cols = 0;
    }
    t.width = g.n > 35 ? 2 : 1;
    t.cell = [&](Cell c) {
      int v = shown[c.row * g.n + c.col];
      if (g.n > 35) return v ? std::to_string(v) : std::string(".");
      return std::string(1, cell_value_char(v));
    };
    t.right_sign = right_sign;
    t.down_sign = down_sign;
    t.right_marked = right_marked;
    t.down_marked = down_marked;
    t.sign_rows = !down.empty();
    t.color = opt.color;
    t.highlighted = highlighted;
    std::string out = t.render();
    for (const auto* rel : far) out += "also: " + rel->label + "\n";
    if (g.jigsaw() && !solution) {
      out += "regions:\n";
      for (int r = 0; r < g.n; ++r) {
        std::string row;
        for (int c = 0; c < g.n; ++c) {
          int k = g.region({r, c});
          row += k < 0 ? "." : g.region_names[k];
          row += c + 1 < g.n ? " " : "";
        }
        out += "  " + row + "\n";
      }
    }
    if (!solution && g.has_variants()) out += "variant clues: " + variant_summary(g) + " (--svg draws them)\n";
    return out;
  }

  std::string rules_key(const Puzzle& p) const override {
    const auto& g = static_cast<const Grid&>(p);
    if (g.jigsaw()) return {};  // the regions are the puzzle's
    return fmt::format("{} {} {}x{}", kind_, g.n, g.boxes ? g.box_rows : 0, g.boxes ? g.box_cols : 0);
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& g = static_cast<const Grid&>(p);
    std::vector<Place> out;
    for (int r = 0; r < g.n; ++r)
      for (int c = 0; c < g.n; ++c) out.push_back({cell_label({r, c}), Cell{r, c}});
    return out;
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    std::vector<std::string> out;
    for (int v : values_of(static_cast<const Grid&>(p), solution)) out.push_back(std::to_string(v));
    return out;
  }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto g = std::make_shared<Grid>(static_cast<const Grid&>(p));
    std::vector<bool> dropped(g->relations.size(), false);
    for (const auto& e : edits) {
      int r = 0, c = 0;
      if (std::sscanf(e.clue_id.c_str(), "given/r%dc%d", &r, &c) == 2 && r >= 1 && c >= 1 && r <= g->n && c <= g->n &&
          g->givens[(r - 1) * g->n + (c - 1)]) {
        int& v = g->givens[(r - 1) * g->n + (c - 1)];
        if (e.alternative < 0) v = 0;
        else v = alternative_digit(v, e.alternative, g->n);
        continue;
      }
      if (edit_family_item(*g, static_cast<const Grid&>(p), e)) continue;
      bool found = false;
      for (std::size_t i = 0; i < g->relations.size(); ++i) {
        auto& rel = g->relations[i];
        if (rel.id != e.clue_id) continue;
        found = true;
        if (e.alternative < 0) {
          dropped[i] = true;
        } else {
          rel.op = rel.op == '<' ? '>' : '<';
          rel.label = relation_label(rel.a, rel.op, rel.b);
        }
      }
      if (!found) throw InputError("input.value", "#", "no clue with id \"" + e.clue_id + "\"");
    }
    std::vector<Relation> kept;
    for (std::size_t i = 0; i < g->relations.size(); ++i)
      if (!dropped[i]) kept.push_back(g->relations[i]);
    g->relations = kept;
    return g;
  }

  bool fixed_places_draw_the_solution() const override { return true; }  // givens: digits, shaded cells
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto g = std::make_shared<Grid>(static_cast<const Grid&>(p));
    auto v = values_of(*g, solution);
    for (auto i : place_indices) {
      if (g->givens.at(i)) continue;
      g->givens[i] = v.at(i);
      if (labels) labels->push_back(fmt::format("given {} = {}", cell_label({static_cast<int>(i) / g->n, static_cast<int>(i) % g->n}), v[i]));
    }
    return g;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& g = static_cast<const Grid&>(p);
    int givens = 0;
    for (int v : g.givens) givens += v != 0;
    std::string shape = g.jigsaw()  ? fmt::format("{0}x{0} sudoku (irregular regions)", g.n)
                        : g.boxes   ? fmt::format("{0}x{0} sudoku ({1}x{2} boxes)", g.n, g.box_rows, g.box_cols)
                                    : fmt::format("{0}x{0} {1}", g.n, kind_);
    std::string rels = g.relations.empty() ? "" : ", " + plural(g.relations.size(), "relation", "relations");
    std::string variants = g.has_variants() ? ", " + variant_summary(g) : "";
    return fmt::format("{}, {}{}{}", shape, plural(static_cast<std::size_t>(givens), "given", "givens"), rels, variants);
  }

 private:
  // "12 killer cages, 2 thermometers, anti_knight": what the puzzle's
  // families hold, in the setters' nouns.
  static std::string variant_summary(const Grid& g) {
    static const std::map<std::string_view, std::pair<const char*, const char*>> kNouns = {
        {"killer", {"killer cage", "killer cages"}},       {"kenken", {"cage", "cages"}},
        {"thermo", {"thermometer", "thermometers"}},       {"slow_thermo", {"slow thermometer", "slow thermometers"}},
        {"arrow", {"arrow", "arrows"}},                    {"double_arrow", {"double arrow", "double arrows"}},
        {"little_killer", {"little killer clue", "little killer clues"}},
        {"sandwich", {"sandwich clue", "sandwich clues"}}, {"x_sum", {"X-sum clue", "X-sum clues"}},
        {"skyscrapers", {"skyscraper clue", "skyscraper clues"}},
        {"between", {"between line", "between lines"}},    {"renban", {"renban line", "renban lines"}},
        {"whispers", {"whisper line", "whisper lines"}},   {"palindrome", {"palindrome", "palindromes"}},
        {"region_sum", {"region sum line", "region sum lines"}},
        {"zipper", {"zipper line", "zipper lines"}},       {"lockout", {"lockout line", "lockout lines"}},
        {"entropic", {"entropic line", "entropic lines"}}, {"modular", {"modular line", "modular lines"}},
        {"nabner", {"nabner line", "nabner lines"}},       {"quadruple", {"quadruple", "quadruples"}},
        {"kropki", {"kropki dot", "kropki dots"}},         {"xv", {"XV sign", "XV signs"}},
        {"clone", {"clone pair", "clone pairs"}},          {"extra_regions", {"extra region", "extra regions"}},
        {"counting_circles", {"counting circle set", "counting circle sets"}},
        {"mixed_parity_triples", {"parity triple", "parity triples"}},
        {"odd", {"odd cell", "odd cells"}},                {"even", {"even cell", "even cells"}},
    };
    std::string out;
    for (const auto& fi : g.families) {
      std::string part;
      bool global = fi.items.size() == 1 && fi.items[0].cells.empty() && !fi.items[0].clue;
      const auto noun = kNouns.find(fi.family->key());
      if (global) part = std::string(fi.family->key());
      else if (noun != kNouns.end()) part = plural(fi.items.size(), noun->second.first, noun->second.second);
      else part = fmt::format("{} {}", fi.items.size(), fi.family->key());
      out += (out.empty() ? "" : ", ") + part;
    }
    return out;
  }

  // Drop a family's item, or replace it by one of its alternatives; false
  // when no item has the id.
  static bool edit_family_item(Grid& g, const Grid& original, const ClueEdit& e) {
    for (auto& fi : g.families)
      for (std::size_t i = 0; i < fi.items.size(); ++i) {
        if (fi.items[i].id != e.clue_id) continue;
        if (e.alternative < 0) {
          fi.items.erase(fi.items.begin() + static_cast<long>(i));
        } else {
          auto alts = fi.family->alternatives(fi.items[i], original);
          if (e.alternative >= static_cast<int>(alts.size()))
            throw InputError("input.value", "#", fmt::format("clue \"{}\" has no alternative {}", e.clue_id, e.alternative));
          fi.items[i] = alts[static_cast<std::size_t>(e.alternative)];
        }
        return true;
      }
    return false;
  }

  // Alternative j of a given d: the j-th digit of 1..n other than d.
  static int alternative_digit(int d, int j, int n) {
    int e = j + 1;
    if (e >= d) e++;
    return e <= n ? e : d;
  }

  // Every cell holds one digit; every unit (row, column, region) holds each
  // digit at most once, exactly once when it has n cells.
  static void add_rules(const Grid& g, Encoding& enc, Context& ctx, const std::vector<Expr>& cells,
                        Builder::Mode mode, const EncodeOptions& options) {
    const int n = g.n;
    auto us = units(g);
    if (mode == Builder::Mode::Int) {
      for (const auto& x : cells) enc.rules.push_back(x.z3() >= 1 && x.z3() <= n);
      for (const auto& u : us) {
        if (u.cells.size() < 2) continue;
        z3::expr_vector v(ctx.z3());
        for (auto c : u.cells) v.push_back(cells[c.row * n + c.col].z3());
        enc.rules.push_back(z3::distinct(v));
      }
      return;
    }
    auto lit = [&](Cell c, int d) { return cells[(static_cast<std::size_t>(c.row) * n + c.col) * n + (d - 1)]; };
    auto constrain = [&](const std::vector<Expr>& xs, bool exactly) {
      const std::vector<int64_t> ones(xs.size(), 1);
      if (mode == Builder::Mode::Onehot) {
        enc.rules.push_back(exactly ? pbeq(xs, ones, 1) : pble(xs, ones, 1));
        return;
      }
      if (exactly) enc.rules.push_back(mk_or(xs));
      enc.rules.push_back(at_most_one_pairwise(xs));  // a clause per pair, one formula
    };
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        options.check_deadline();
        const std::size_t first = enc.rules.size();
        std::vector<Expr> xs;
        for (int d = 1; d <= n; ++d) xs.push_back(lit({r, c}, d));
        constrain(xs, true);
        enc.name_rules(first, [&] {
          return Encoding::RuleGroup{"rule/cell/" + cell_label({r, c}), cell_label({r, c}) + " holds one digit", {{r, c}}};
        });
      }
    // Pairwise: two cells of a row and a box (or a column and a box) get
    // their clause per digit once, not once per unit (a 9x9: 10,206 binary
    // clauses instead of 11,664, the same formula): a pair is written with
    // the first unit that holds both cells.
    std::vector<std::vector<std::size_t>> units_of(static_cast<std::size_t>(n) * n);  // per cell, in order
    for (std::size_t k = 0; k < us.size(); ++k)
      for (auto c : us[k].cells) units_of[static_cast<std::size_t>(c.row) * n + c.col].push_back(k);
    auto first_unit = [&](Cell a, Cell b) {
      const auto& ua = units_of[static_cast<std::size_t>(a.row) * n + a.col];
      const auto& ub = units_of[static_cast<std::size_t>(b.row) * n + b.col];
      for (std::size_t k : ua)
        if (std::find(ub.begin(), ub.end(), k) != ub.end()) return k;
      return us.size();
    };
    for (std::size_t k = 0; k < us.size(); ++k) {
      const auto& u = us[k];
      options.check_deadline();
      if (u.cells.size() < 2) continue;
      const bool exactly = static_cast<int>(u.cells.size()) == n;
      std::vector<std::pair<std::size_t, std::size_t>> fresh;  // positions in u.cells not paired yet
      bool all_fresh = true;
      const std::size_t first = enc.rules.size();
      // Named rules are each whole: no pair left to another unit.
      if (mode == Builder::Mode::Pairwise && !options.name_rules)
        for (std::size_t i = 0; i < u.cells.size(); ++i)
          for (std::size_t j = i + 1; j < u.cells.size(); ++j) {
            if (first_unit(u.cells[i], u.cells[j]) == k) fresh.push_back({i, j});
            else all_fresh = false;
          }
      for (int d = 1; d <= n; ++d) {
        std::vector<Expr> xs;
        for (auto c : u.cells) xs.push_back(lit(c, d));
        if (all_fresh) {
          constrain(xs, exactly);
          continue;
        }
        if (exactly) enc.rules.push_back(mk_or(xs));
        std::vector<Expr> clauses;
        for (auto [i, j] : fresh) clauses.push_back(mk_or({!xs[i], !xs[j]}));
        if (!clauses.empty()) enc.rules.push_back(mk_and(std::move(clauses)));
      }
      enc.name_rules(first, [&] {
        return Encoding::RuleGroup{u.id, fmt::format("{} holds each digit {}", u.name, exactly ? "once" : "at most once"), u.cells};
      });
    }
  }

  // Givens and relations as labelled clues (with alternatives when asked):
  // `is(c, d)` says cell c holds d, `less(lo, hi)` says lo < hi.
  template <class Is, class Less>
  static void add_clues(const Grid& g, Encoding& enc, const EncodeOptions& options, Is is, Less less) {
    for (int r = 0; r < g.n; ++r)
      for (int c = 0; c < g.n; ++c) {
        int d = g.at({r, c});
        if (!d) continue;
        Clue clue{fmt::format("given/{}", cell_label({r, c})), fmt::format("given {} = {}", cell_label({r, c}), d),
                  is(Cell{r, c}, d), {{r, c}}, {}};
        if (options.alternatives)
          for (int j = 0; j + 1 < g.n; ++j) {
            int e = alternative_digit(d, j, g.n);
            clue.alternatives.push_back({fmt::format("given {} = {}", cell_label({r, c}), e), is(Cell{r, c}, e)});
          }
        enc.clues.push_back(std::move(clue));
      }
    for (const auto& rel : g.relations) {
      Cell lo = rel.op == '<' ? rel.a : rel.b, hi = rel.op == '<' ? rel.b : rel.a;
      Clue clue{rel.id, rel.label, less(lo, hi), {rel.a, rel.b}, {}};
      if (options.alternatives)
        clue.alternatives.push_back({relation_label(rel.a, rel.op == '<' ? '>' : '<', rel.b), less(hi, lo)});
      enc.clues.push_back(std::move(clue));
    }
  }

  static std::vector<int> values_of(const Grid& g, const nlohmann::json& sol) {
    std::vector<int> out;
    for (const auto& row : sol) {
      if (row.is_string())
        for (char ch : row.get<std::string>()) out.push_back(cell_char_value(ch));
      else
        for (const auto& x : row) out.push_back(x.get<int>());
    }
    out.resize(static_cast<std::size_t>(g.n) * g.n, 0);
    return out;
  }

  const KindText& text() const { return kind_text(kind_); }

  bool boxes_;
  std::string_view kind_;
};

}  // namespace

const Encoder& sudoku_encoder() {
  static const SudokuFamily e(true, "sudoku");
  return e;
}
const Encoder& futoshiki_encoder() {
  static const SudokuFamily e(false, "futoshiki");
  return e;
}
const Encoder& skyscrapers_encoder() {
  static const SudokuFamily e(false, "skyscrapers");
  return e;
}
const Encoder& kenken_encoder() {
  static const SudokuFamily e(false, "kenken");
  return e;
}

}  // namespace psmt::sudoku
