#include "polyomino.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include "engine/expr.h"

#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::polyomino {
namespace {

bool filled(char c) { return c == 'B' || c == 'W' || c == '#' || c == 'X' || c == 'o'; }
bool empty_char(char c) { return c == '_' || c == '.' || c == ' '; }
char colour_of(char c) { return (c == 'B' || c == 'W') ? c : 0; }

// Rows of one piece: ["B,_,_", "W,B,W"] (the seed's comma notation) or ["#..", "###"].
Shape parse_rows(const JsonNode& at, const std::vector<std::string>& rows) {
  Shape s;
  std::size_t width = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string row = rows[r];
    std::vector<char> cells;
    if (row.find(',') != std::string::npos) {
      std::size_t start = 0;
      for (;;) {
        auto end = row.find(',', start);
        std::string tok = row.substr(start, end == std::string::npos ? std::string::npos : end - start);
        tok.erase(0, tok.find_first_not_of(' '));
        tok.erase(tok.find_last_not_of(" \r") + 1);
        if (tok.size() != 1)
          at.fail("input.value", fmt::format("row {}: cell \"{}\" is not one character (B, W, # or _)", r + 1, tok));
        cells.push_back(tok[0]);
        if (end == std::string::npos) break;
        start = end + 1;
      }
    } else {
      for (char ch : row)
        if (ch != '\r') cells.push_back(ch);
    }
    if (r == 0) width = cells.size();
    if (cells.size() != width)
      at.fail("input.shape", fmt::format("ragged piece: row {} has {} cells, row 1 has {}", r + 1, cells.size(), width));
    for (std::size_t c = 0; c < cells.size(); ++c) {
      char ch = cells[c];
      if (filled(ch)) s.push_back({static_cast<int>(r), static_cast<int>(c), colour_of(ch)});
      else if (!empty_char(ch))
        at.fail("input.value", fmt::format("row {}, cell {}: unknown character '{}' (B, W, # for a square; _ or . for none)", r + 1, c + 1, ch));
    }
  }
  if (s.empty()) at.fail("input.value", "the piece has no squares");
  return normalise(s);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    auto end = text.find('\n', start);
    std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out.push_back(line);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

bool separator(const std::string& line) {
  return line.size() >= 3 && line.find_first_not_of('=') == std::string::npos;
}

const char* const kPalette[] = {"#e57373", "#64b5f6", "#81c784", "#ffb74d", "#ba68c8", "#4db6ac", "#f06292",
                                "#aed581", "#7986cb", "#ffd54f", "#a1887f", "#90a4ae", "#4dd0e1", "#dce775",
                                "#ff8a65", "#9575cd"};

class PolyominoEncoder : public Encoder {
 public:
  std::string_view kind() const override { return "polyomino"; }
  std::string_view summary() const override {
    return "tile a board (any shape, optionally two-coloured) with pieces drawn as ASCII, each used its count";
  }
  std::vector<std::string> fields() const override { return {"board", "pieces", "turns", "covered"}; }
  std::string schema() const override {
    return R"json({
 "description": "Tile a board with pieces: every board cell covered exactly once, each piece used its count (or any number of times), in the orientations it allows, colours matching where both board and piece are coloured. Identical pieces form one piece type, so solutions that only swap them count once (count reports the labelled number too). Solution: {\"grid\": [rows of piece letters], \"placements\": [{\"piece\": letter, \"cells\": [[r, c], ...]}, ...]}.",
 "required": [
  "board",
  "pieces"
 ],
 "properties": {
  "board": {
   "description": "the board: rows of B, W, # (cells) and _ or . (no cell), up to 64 x 64; or {rows, cols, colouring}",
   "anyOf": [
    {
     "type": "array",
     "items": {
      "type": "string"
     }
    },
    {
     "type": "object",
     "additionalProperties": false,
     "required": [
      "rows",
      "cols"
     ],
     "properties": {
      "rows": {
       "type": "integer",
       "minimum": 1,
       "maximum": 64
      },
      "cols": {
       "type": "integer",
       "minimum": 1,
       "maximum": 64
      },
      "colouring": {
       "enum": [
        "none",
        "checkerboard"
       ],
       "default": "none",
       "description": "checkerboard: black at the top left"
      }
     }
    }
   ]
  },
  "pieces": {
   "description": "the pieces: a list of shapes or {shape, name, count, turns}; or the seed's text (pieces separated by lines of =)",
   "anyOf": [
    {
     "type": "string"
    },
    {
     "type": "array",
     "items": {
      "anyOf": [
       {
        "$ref": "#/$defs/shape"
       },
       {
        "type": "object",
        "additionalProperties": false,
        "required": [
         "shape"
        ],
        "properties": {
         "shape": {
          "$ref": "#/$defs/shape"
         },
         "name": {
          "type": "string"
         },
         "count": {
          "description": "how many copies are placed (0: left out), or \"any\" for an unlimited supply",
          "anyOf": [
           {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000
           },
           {
            "const": "any"
           }
          ],
          "default": 1
         },
         "turns": {
          "enum": [
           "all",
           "rotate",
           "fixed"
          ],
          "description": "this piece's orientations (default: the puzzle's turns)"
         }
        }
       }
      ]
     }
    }
   ]
  },
  "turns": {
   "enum": [
    "all",
    "rotate",
    "fixed"
   ],
   "default": "all",
   "description": "orientations: rotations and reflections, rotations only, or as drawn"
  },
  "covered": {
   "type": "array",
   "description": "fixed pieces (extra givens): the cell is covered by that piece; each one is a clue (covered/0, ...)",
   "items": {
    "type": "object",
    "additionalProperties": false,
    "required": [
     "cell",
     "piece"
    ],
    "properties": {
     "cell": {
      "type": "array",
      "items": {
       "type": "integer",
       "minimum": 0
      },
      "minItems": 2,
      "maxItems": 2,
      "description": "[row, col] from 0"
     },
     "piece": {
      "type": "string",
      "description": "the piece's letter or name"
     }
    }
   }
  }
 },
 "$defs": {
  "shape": {
   "description": "a piece's rows: B black, W white, # a square of either colour; _ or . no square. Rows as an array of strings (\"#..\" or the seed's \"B,_,_\") or one string with a row per line",
   "anyOf": [
    {
     "type": "string"
    },
    {
     "type": "array",
     "items": {
      "type": "string"
     }
    }
   ]
  }
 },
 "examples": [
  {
   "kind": "polyomino",
   "board": [
    "###",
    "###"
   ],
   "pieces": [
    [
     "##",
     "#."
    ],
    [
     "#.",
     "##"
    ]
   ]
  },
  {
   "kind": "polyomino",
   "name": "Dominoes on a 2x3 board",
   "board": {
    "rows": 2,
    "cols": 3,
    "colouring": "checkerboard"
   },
   "pieces": [
    {
     "shape": [
      "BW"
     ],
     "name": "domino",
     "count": 3
    }
   ],
   "turns": "rotate",
   "expect": {
    "status": "multiple",
    "count": 3
   }
  }
 ]
})json";
  }

  std::vector<EncodingInfo> encodings() const override {
    // clauses first (the default): 5x faster than pb counting the 3x20 pentomino tilings (5.6 s vs 30 s).
    return {{"clauses", "one Bool per legal placement; pairwise at-most-one per cell, sequential counter per piece (QF_FD)",
             "cadical"},
            {"pb", "one Bool per legal placement; exactly-one per cell and per piece as pbeq (QF_FD)"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto t = std::make_shared<Tiling>();
    JsonNode board = root.at("board");
    if (board.is_object()) {
      board.allow_only({"rows", "cols", "colouring"});
      t->rows = static_cast<int>(board.at("rows").as_int(1, kMaxSide));
      t->cols = static_cast<int>(board.at("cols").as_int(1, kMaxSide));
      std::string colouring = "none";
      if (auto c = board.find("colouring")) colouring = c->as_string();
      if (colouring != "none" && colouring != "checkerboard")
        board.at("colouring").fail("input.value", "expected \"none\" or \"checkerboard\" (black at the top left)");
      for (int r = 0; r < t->rows; ++r)
        for (int c = 0; c < t->cols; ++c)
          t->board.push_back(colouring == "checkerboard" ? ((r + c) % 2 ? 'W' : 'B') : '#');
    } else {
      auto rows = board.items();
      if (rows.empty()) board.fail("input.shape", "the board has no rows");
      if (rows.size() > static_cast<std::size_t>(kMaxSide))
        board.fail("input.size", fmt::format("{} rows, more than the supported {}", rows.size(), kMaxSide));
      t->rows = static_cast<int>(rows.size());
      for (std::size_t r = 0; r < rows.size(); ++r) {
        std::string s = rows[r].as_string();
        if (r == 0) t->cols = static_cast<int>(s.size());
        if (static_cast<int>(s.size()) != t->cols)
          rows[r].fail("input.shape", fmt::format("ragged board: row {} has {} cells, row 1 has {}", r + 1, s.size(), t->cols));
        if (t->cols > kMaxSide || t->cols == 0)
          rows[r].fail("input.size", fmt::format("{} columns, outside the supported 1..{}", s.size(), kMaxSide));
        for (std::size_t c = 0; c < s.size(); ++c) {
          char ch = s[c];
          if (filled(ch)) t->board.push_back(ch == 'B' || ch == 'W' ? ch : '#');
          else if (empty_char(ch)) t->board.push_back(0);
          else rows[r].fail("input.value", fmt::format("cell {} is '{}', expected B, W, # (a cell) or _ . (no cell)", c + 1, ch));
        }
      }
    }
    std::string default_turns = "all";
    if (auto tn = root.find("turns")) default_turns = turns_of(*tn);

    struct Raw {
      std::string name, path;
      Shape shape;
      int count;
      std::string turns;
    };
    std::vector<Raw> raw;
    JsonNode pieces = root.at("pieces");
    if (pieces.is_string()) {
      // The seed's notation: rows "B,_,_", pieces separated by lines of '='.
      std::vector<std::string> cur;
      int index = 0;
      auto flush = [&]() {
        while (!cur.empty() && cur.back().find_first_not_of(" \t") == std::string::npos) cur.pop_back();
        if (cur.empty()) return;
        index++;
        JsonNode at(pieces.json(), pieces.path());
        try {
          raw.push_back({"", pieces.path(), parse_rows(at, cur), 1, default_turns});
        } catch (InputError& e) {
          throw InputError(e.id(), e.path(), fmt::format("piece {}: {}", index, e.what()));
        }
        cur.clear();
      };
      for (const auto& line : split_lines(pieces.as_string())) {
        if (separator(line)) flush();
        else if (!(cur.empty() && line.find_first_not_of(" \t") == std::string::npos)) cur.push_back(line);
      }
      flush();
      for (std::size_t i = 0; i < raw.size(); ++i) raw[i].path = fmt::format("{} (piece {})", pieces.path(), i + 1);
    } else {
      for (const auto& item : pieces.items()) {
        Raw r{"", item.path(), {}, 1, default_turns};
        const JsonNode* rows_node = &item;
        std::optional<JsonNode> shape;
        if (item.is_object()) {
          item.allow_only({"shape", "name", "count", "turns"});
          shape = item.at("shape");
          rows_node = &*shape;
          if (auto n = item.find("name")) r.name = n->as_string();
          if (auto c = item.find("count")) {
            if (c->is_string()) {
              if (c->as_string() != "any") c->fail("input.value", fmt::format("expected a number or \"any\", found \"{}\"", c->as_string()));
              r.count = kAnyCount;
            } else {
              r.count = static_cast<int>(c->as_int(0, 1000));
            }
          }
          if (auto tn = item.find("turns")) r.turns = turns_of(*tn);
        }
        std::vector<std::string> lines;
        if (rows_node->is_string()) lines = split_lines(rows_node->as_string());
        else
          for (const auto& l : rows_node->items()) lines.push_back(l.as_string());
        r.shape = parse_rows(*rows_node, lines);
        raw.push_back(r);
      }
    }
    if (raw.empty()) pieces.fail("input.shape", "expected at least one piece, found none");

    // Merge identical pieces into one type with a count.
    for (const auto& r : raw) {
      auto ors = orientations(r.shape, r.turns);
      std::sort(ors.begin(), ors.end());
      bool merged = false;
      for (auto& ty : t->types) {
        auto tys = ty.orientations;
        std::sort(tys.begin(), tys.end());
        if (tys == ors && ty.turns == r.turns && ty.name == r.name) {
          ty.count = ty.count == kAnyCount || r.count == kAnyCount ? kAnyCount : ty.count + r.count;
          ty.sources.push_back(r.path);
          merged = true;
          break;
        }
      }
      if (merged) continue;
      PieceType ty;
      ty.name = r.name;
      ty.shape = r.shape;
      ty.count = r.count;
      ty.turns = r.turns;
      ty.sources = {r.path};
      ty.orientations = orientations(r.shape, r.turns);
      t->types.push_back(ty);
    }
    // Letters: a one-character name, else A, B, C, ... skipping letters taken.
    std::set<char> taken;
    for (auto& ty : t->types)
      if (ty.name.size() == 1 && std::isalpha(static_cast<unsigned char>(ty.name[0])) && !taken.count(ty.name[0])) {
        ty.letter = ty.name[0];
        taken.insert(ty.letter);
      } else {
        ty.letter = 0;
      }
    const std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::size_t next = 0;
    for (auto& ty : t->types) {
      if (ty.letter) continue;
      while (next < letters.size() && taken.count(letters[next])) next++;
      if (next >= letters.size()) pieces.fail("input.size", "more than 62 different pieces");
      ty.letter = letters[next];
      taken.insert(letters[next]);
    }
    // A wrong total area, or a piece that fits nowhere, is a puzzle without
    // a tiling, not bad input: the solver says so and names the pieces.
    t->placements = legal_placements(*t);
    if (t->placements.size() > kMaxPlacements)
      pieces.fail("input.size", fmt::format("{} placements, more than the supported {}", t->placements.size(), kMaxPlacements));
    if (auto cv = root.find("covered")) {
      for (const auto& e : cv->items()) {
        e.require_object();
        e.allow_only({"cell", "piece"});
        auto rc = e.at("cell").items(2);
        int r = static_cast<int>(rc[0].as_int(0, t->rows - 1)), c = static_cast<int>(rc[1].as_int(0, t->cols - 1));
        if (!t->board[r * t->cols + c]) e.at("cell").fail("input.value", fmt::format("r{}c{} is not on the board", r + 1, c + 1));
        std::string name = e.at("piece").as_string();
        int type = -1;
        for (std::size_t k = 0; k < t->types.size(); ++k)
          if (name == std::string(1, t->types[k].letter) || (!t->types[k].name.empty() && name == t->types[k].name))
            type = static_cast<int>(k);
        if (type < 0) e.at("piece").fail("input.unknown_name", fmt::format("no piece \"{}\" (pieces are named by their letter or name)", name));
        t->covered.push_back({r * t->cols + c, type});
      }
    }
    t->symmetries = board_symmetries(*t);
    if (!t->covered.empty()) t->symmetries = {t->symmetries.front()};  // fixed pieces break the board's symmetry
    t->anchor = symmetry_anchor(*t);
    return t;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& t = static_cast<const Tiling&>(p);
    Encoding enc(ctx);
    enc.solver_logic = "QF_FD";
    enc.block_true_literals = true;
    const bool pb = encoding == "pb";
    std::vector<Expr> x;
    std::vector<std::vector<Expr>> covering(t.board.size()), of_type(t.types.size());
    std::vector<std::vector<unsigned>> cover_idx(t.board.size());
    for (std::size_t i = 0; i < t.placements.size(); ++i) {
      const auto& P = t.placements[i];
      x.push_back(ctx.bool_const(fmt::format("p_{}_{}", t.types[P.type].letter, i).c_str()));
      enc.decision_vars.push_back(x.back());
      for (int c : P.cells) {
        covering[c].push_back(x.back());
        cover_idx[c].push_back(static_cast<unsigned>(i));
      }
      of_type[P.type].push_back(x.back());
    }
    constexpr std::size_t kPairwiseMax = 64;
    auto exactly = [&](const std::vector<Expr>& lits, unsigned k, const std::string& name, ExprVector& out) {
      if (lits.empty()) {
        out.push_back(ctx.bool_val(k == 0));
        return;
      }
      if (pb) {
        ExprVector v(ctx);
        for (const auto& l : lits) v.push_back(l);
        std::vector<int64_t> ones(lits.size(), 1);
        out.push_back(pbeq(v.items(), ones, k));
      } else if (k == 1) {
        ExprVector v(ctx);
        for (const auto& l : lits) v.push_back(l);
        out.push_back(mk_or(v));
        // Pairwise is quadratic: fine for a cell's placements, not for a
        // piece with a thousand placements on a large board (a fuzzed 8x20
        // board took 4.6 s and 6 million clauses to encode). Either is one
        // node, which the engine reads as this group's at-most-one.
        out.push_back(lits.size() <= kPairwiseMax ? at_most_one_pairwise(lits) : at_most_one_counter(lits));
      } else {
        exactly_k(ctx, lits, k, name, out);
      }
    };
    for (std::size_t c = 0; c < t.board.size(); ++c) {
      eo.check_deadline();
      if (!t.board[c]) continue;
      exactly(covering[c], 1, fmt::format("cell{}", c), enc.rules);
      enc.places.push_back(cover_idx[c]);
      enc.cube_groups.push_back(cover_idx[c]);  // covered exactly once: a column of the exact cover
    }
    if (eo.break_symmetry && t.anchor >= 0) {
      // The anchor piece comes first in the canonical form, so in a canonical
      // solution its placement is the least of its images: forbid the rest.
      for (std::size_t i = 0; i < t.placements.size(); ++i)
        if (t.placements[i].type == t.anchor && !least_image(t, t.placements[i].cells)) enc.rules.push_back(!x[i]);
    }
    // Implied by exact cover, and what refutes a wrong total area at once
    // (a counting argument the clauses alone would have to search for):
    // the placements' sizes add up to the board.
    if (!t.placements.empty()) {
      ExprVector ls(ctx);
      std::vector<int64_t> ws;
      for (std::size_t i = 0; i < t.placements.size(); ++i) {
        ls.push_back(x[i]);
        ws.push_back(static_cast<int64_t>(t.placements[i].cells.size()));
      }
      enc.implied_rules.push_back(enc.rules.size());
      enc.rules.push_back(pbeq(ls.items(), ws, t.cells_on_board()));
    }
    auto count_label = [&](std::size_t ty, int n) {
      char l = t.types[ty].letter;
      return n == 0 ? fmt::format("piece {} is left out", l)
                    : n == 1 ? fmt::format("piece {} is placed once", l) : fmt::format("piece {} is placed {} times", l, n);
    };
    for (std::size_t ty = 0; ty < t.types.size(); ++ty) {
      if (t.types[ty].count == kAnyCount) continue;  // any number: no clue
      if (t.types[ty].count == 1) {  // exactly one of its placements: a cube group for enumeration
        std::vector<unsigned> g;
        for (std::size_t i = 0; i < t.placements.size(); ++i)
          if (t.placements[i].type == static_cast<int>(ty)) g.push_back(static_cast<unsigned>(i));
        enc.cube_groups.push_back(g);
      }
      ExprVector part(ctx);
      const int n = t.types[ty].count;
      exactly(of_type[ty], static_cast<unsigned>(n), fmt::format("type{}", ty), part);
      Clue clue{fmt::format("pieces/{}", t.types[ty].letter), count_label(ty, n), mk_and(part), {}, {}};
      if (eo.alternatives)  // one copy fewer, one more
        for (int m : {n - 1, n + 1}) {
          if (m < 0) continue;
          ExprVector alt(ctx);
          exactly(of_type[ty], static_cast<unsigned>(m), fmt::format("type{}alt{}", ty, m), alt);
          clue.alternatives.push_back({count_label(ty, m), mk_and(alt)});
        }
      enc.clues.push_back(std::move(clue));
    }
    for (std::size_t k = 0; k < t.covered.size(); ++k) {
      const Covered& cv = t.covered[k];
      ExprVector any(ctx);
      for (unsigned i : cover_idx[cv.cell])
        if (t.placements[i].type == cv.type) any.push_back(x[i]);
      Cell at{cv.cell / t.cols, cv.cell % t.cols};
      enc.clues.push_back({fmt::format("covered/{}", k), fmt::format("piece {} covers {}", t.types[cv.type].letter, cell_label(at)),
                           mk_or(any), {at}, {}});
    }
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    std::vector<int> chosen;
    for (std::size_t i = 0; i < values.size(); ++i)
      if (values[i]) chosen.push_back(static_cast<int>(i));
    return solution_json(static_cast<const Tiling&>(p), chosen);
  }

  nlohmann::json normalize_solution(const Puzzle& p, const JsonNode& node) const override {
    const auto& t = static_cast<const Tiling&>(p);
    node.allow_only({"grid", "placements"});
    std::vector<int> chosen;
    for (const auto& pl : node.at("placements").items()) {
      pl.allow_only({"piece", "cells"});
      std::string letter = pl.at("piece").as_string();
      std::vector<int> cells;
      for (const auto& rc : pl.at("cells").items()) {
        auto v = rc.items(2);
        cells.push_back(static_cast<int>(v[0].as_int(0, t.rows - 1)) * t.cols + static_cast<int>(v[1].as_int(0, t.cols - 1)));
      }
      std::sort(cells.begin(), cells.end());
      int found = -1;
      for (std::size_t i = 0; i < t.placements.size(); ++i)
        if (t.placements[i].cells == cells && std::string(1, t.types[t.placements[i].type].letter) == letter) found = static_cast<int>(i);
      if (found < 0) pl.fail("input.value", fmt::format("not a legal placement of piece {}", letter));
      chosen.push_back(found);
    }
    return solution_json(t, chosen);
  }

  std::vector<Violation> check(const Puzzle& p, const nlohmann::json& solution) const override {
    return check_solution(static_cast<const Tiling&>(p), solution);
  }

  std::vector<std::string> differences(const Puzzle& p, const nlohmann::json& a, const nlohmann::json& b) const override {
    const auto& t = static_cast<const Tiling&>(p);
    std::vector<std::string> out;
    for (int r = 0; r < t.rows; ++r)
      for (int c = 0; c < t.cols; ++c)
        if (a["grid"][r].get<std::string>()[c] != b["grid"][r].get<std::string>()[c]) out.push_back(cell_label({r, c}));
    return out;
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& t = static_cast<const Tiling&>(p);
    // Placement index per cell (distinct colours even for identical pieces).
    std::vector<int> region(t.board.size(), -1);
    std::vector<char> letter(t.board.size(), 0);
    if (solution) {
      int k = 0;
      for (const auto& pl : (*solution)["placements"]) {
        for (const auto& rc : pl["cells"]) {
          int i = rc[0].get<int>() * t.cols + rc[1].get<int>();
          region[i] = k;
          letter[i] = pl["piece"].get<std::string>()[0];
        }
        k++;
      }
    }
    if (opt.format == RenderFormat::Svg) {
      RegionSvg sv;
      sv.rows = t.rows;
      sv.cols = t.cols;
      sv.title = opt.title;
      sv.region = [&](Cell c) { return t.board[c.row * t.cols + c.col] ? region[c.row * t.cols + c.col] : -2; };
      sv.fill = [&](int r) { return std::string(kPalette[r % 16]); };
      sv.label = [&](Cell c) {
        char l = letter[c.row * t.cols + c.col];
        return l ? std::string(1, l) : std::string();
      };
      sv.marker = [&](Cell c) {
        char b = t.board[c.row * t.cols + c.col];
        return b == 'B' ? std::string("#000") : b == 'W' ? std::string("#fff") : std::string();
      };
      apply_marks(sv, opt);
      return sv.render();
    }
    std::string out;
    for (int r = 0; r < t.rows; ++r) {
      for (int c = 0; c < t.cols; ++c) {
        int i = r * t.cols + c;
        char b = t.board[i];
        char ch = !b ? ' ' : letter[i] ? letter[i] : (b == '#' ? '.' : b);
        // On a two-coloured board, white cells show the piece letter in lower case.
        if (letter[i] && b == 'W') ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        std::string cell(1, ch);
        if (opt.color && letter[i]) cell = fmt::format("\x1b[48;5;{}m{}\x1b[0m", 17 + (region[i] * 37) % 200, ch);
        out += cell + (c + 1 < t.cols ? " " : "");
      }
      out += "\n";
    }
    return out;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& t = static_cast<const Tiling&>(p);
    int pieces = 0;
    std::string identical;
    bool unlimited = false;
    for (const auto& ty : t.types) {
      if (ty.count == kAnyCount) {
        unlimited = true;
        identical += fmt::format("{}{} any number", identical.empty() ? "" : ", ", ty.letter);
        continue;
      }
      pieces += ty.count;
      if (ty.count > 1) identical += fmt::format("{}{} x{}", identical.empty() ? "" : ", ", ty.letter, ty.count);
    }
    bool coloured = std::any_of(t.board.begin(), t.board.end(), [](char c) { return c == 'B' || c == 'W'; });
    return fmt::format("{}x{} {}board of {}, {}{} ({}{}), {}, {}", t.rows, t.cols, coloured ? "two-coloured " : "",
                       plural(t.cells_on_board(), "cell"), unlimited ? "at least " : "", plural(pieces, "piece"),
                       plural(t.types.size(), "kind"), identical.empty() ? "" : "; identical: " + identical,
                       plural(t.placements.size(), "placement"), plural(t.symmetries.size(), "board symmetry", "board symmetries"));
  }

  std::vector<Place> places(const Puzzle& p) const override {
    const auto& t = static_cast<const Tiling&>(p);
    std::vector<Place> out;
    for (int r = 0; r < t.rows; ++r)
      for (int c = 0; c < t.cols; ++c)
        if (t.board[r * t.cols + c]) out.push_back({cell_label({r, c}), Cell{r, c}});
    return out;
  }

  std::vector<std::string> place_values(const Puzzle& p, const nlohmann::json& solution) const override {
    const auto& t = static_cast<const Tiling&>(p);
    std::vector<std::string> out;
    for (int r = 0; r < t.rows; ++r)
      for (int c = 0; c < t.cols; ++c)
        if (t.board[r * t.cols + c]) out.push_back(std::string(1, solution["grid"][r].get<std::string>()[c]));
    return out;
  }

  // Dropping a piece's count lets it be placed any number of times ("count":
  // "any", what the relaxed solver allowed); its alternatives are one copy
  // fewer and one more. Dropping a fixed piece forgets it.
  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto t = std::make_shared<Tiling>(static_cast<const Tiling&>(p));
    std::vector<bool> drop_cover(t->covered.size(), false);
    for (const auto& e : edits) {
      bool found = false;
      for (auto& ty : t->types) {
        if (e.clue_id != fmt::format("pieces/{}", ty.letter) || ty.count == kAnyCount) continue;
        found = true;
        if (e.alternative < 0) ty.count = kAnyCount;
        else {
          std::vector<int> alts;
          if (ty.count >= 1) alts.push_back(ty.count - 1);
          alts.push_back(ty.count + 1);
          if (e.alternative >= static_cast<int>(alts.size()))
            throw InputError("input.value", "#", fmt::format("clue \"{}\" has no alternative {}", e.clue_id, e.alternative));
          ty.count = alts[static_cast<std::size_t>(e.alternative)];
        }
      }
      for (std::size_t k = 0; k < t->covered.size(); ++k)
        if (e.clue_id == fmt::format("covered/{}", k) && e.alternative < 0) drop_cover[k] = found = true;
      if (!found) throw InputError("input.value", "#", "no clue with id \"" + e.clue_id + "\"");
    }
    std::vector<Covered> kept;
    for (std::size_t k = 0; k < t->covered.size(); ++k)
      if (!drop_cover[k]) kept.push_back(t->covered[k]);
    t->covered = kept;
    t->anchor = symmetry_anchor(*t);
    return t;
  }

  // Extra givens of a tiling: which piece covers a cell (as in `solution`).
  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution,
                                           const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto t = std::make_shared<Tiling>(static_cast<const Tiling&>(p));
    std::vector<int> cells;
    for (int i = 0; i < t->rows * t->cols; ++i)
      if (t->board[i]) cells.push_back(i);
    for (auto k : place_indices) {
      int cell = cells.at(k);
      char letter = solution["grid"][cell / t->cols].get<std::string>()[cell % t->cols];
      for (std::size_t ty = 0; ty < t->types.size(); ++ty)
        if (t->types[ty].letter == letter) {
          t->covered.push_back({cell, static_cast<int>(ty)});
          if (labels) labels->push_back(fmt::format("piece {} covers {}", letter, cell_label({cell / t->cols, cell % t->cols})));
        }
    }
    t->symmetries = {t->symmetries.front()};
    t->anchor = -1;
    return t;
  }

  nlohmann::json count_details(const Puzzle& p, uint64_t count) const override {
    const auto& t = static_cast<const Tiling&>(p);
    uint64_t factor = 1;
    nlohmann::json identical = nlohmann::json::array();
    for (const auto& ty : t.types) {
      if (ty.count == kAnyCount)  // copies of an unlimited piece are not told apart: no labelled count
        return {{"counted", "tilings (copies of a piece with \"count\": \"any\" are not told apart)"},
                {"board_symmetries", t.symmetries.size()}};
      if (ty.count < 2) continue;
      for (int k = 2; k <= ty.count; ++k) factor *= static_cast<uint64_t>(k);
      identical.push_back({{"piece", std::string(1, ty.letter)}, {"count", ty.count}, {"sources", ty.sources}});
    }
    nlohmann::json j;
    j["counted"] = identical.empty() ? "tilings (every piece distinct)"
                                     : "tilings up to swapping identical pieces";
    if (!identical.empty()) {
      j["identical_pieces"] = identical;
      j["count_labelled"] = count * factor;
      j["labelled_factor"] = factor;
    }
    j["board_symmetries"] = t.symmetries.size();
    return j;
  }

  uint64_t canonical_orbit_size(const Puzzle& p, const nlohmann::json& solution) const override {
    return polyomino::canonical_orbit_size(static_cast<const Tiling&>(p), solution);
  }
  bool has_symmetry() const override { return true; }

 private:
  static std::string turns_of(const JsonNode& n) {
    std::string s = n.as_string();
    if (s != "all" && s != "rotate" && s != "fixed")
      n.fail("input.value", fmt::format("expected \"all\" (rotations and reflections), \"rotate\" or \"fixed\", found \"{}\"", s));
    return s;
  }
};

}  // namespace

const Encoder& polyomino_encoder() {
  static const PolyominoEncoder e;
  return e;
}

}  // namespace psmt::polyomino
