#include "encoders/pencil/ripple.h"

#include <algorithm>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/kit.h"
#include "encoders/pencil/shading.h"
#include "encoders/pencil/valued.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"
#include "render/marks.h"
#include "render/svg.h"

namespace psmt::ripple {
namespace {

// The numbers a given n can be changed to: the others its room allows.
std::vector<int> alternatives(const Board& b, int cell, int n) { return pencil::other_values(n, 1, b.size_of(cell)); }

class RippleEncoder final : public pencil::ValuedEncoder<Board> {
 public:
  std::string_view kind() const override { return "ripple"; }
  std::string_view summary() const override {
    return "a room of n cells holds 1 to n, and two equal numbers k in a row or column are more than k apart (puzz.link's "
           "ripple, Ripple Effect)";
  }
  std::vector<std::string> fields() const override { return {"rooms", "grid"}; }
  std::string schema() const override {
    return R"json({"description": "Ripple Effect (puzz.link's ripple): the board is divided into rooms; write a number in every cell so that a room of n cells holds 1 to n, each once, and two equal numbers k in a row or column have at least k other cells between them. Each given number is a clue (grid/r2c3, '4 at r2c3') that diagnose can blame. Solution: one array per row of numbers.", "required": ["rooms"], "properties": {"rooms": )json" +
           pencil::regions_schema("rooms") +
           R"json(, "grid": {"type": "array", "description": "one array per row, as rooms: '.' or a given number (1 to the size of its room)", "items": {"type": "array", "items": {"anyOf": [{"enum": ["."]}, {"type": "integer", "minimum": 1, "maximum": 10000}]}}}}, "examples": [{"kind": "ripple", "rooms": [[0, 0], [1, 1]], "grid": [[1, "."], [".", "."]]}, {"kind": "ripple", "name": "pzprjs's test puzzle ripple/4/4/9n8rigk14h32k", "source": "https://puzz.link/p?ripple/4/4/9n8rigk14h32k", "rooms": [[0, 0, 1, 1], [2, 2, 1, 3], [4, 4, 1, 3], [5, 4, 4, 3]], "grid": [[".", ".", ".", "."], [".", 1, 4, "."], [".", 3, 2, "."], [".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"pairwise", "a Bool per cell and number its room allows (one-hot); each number once per room as pairwise "
                         "clauses; a clause per pair of cells within k of each other in a line, for k", "cadical"},
            {"counter", "the same, with each number once per room as a sequential counter"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    b->rooms = pencil::read_regions(root.at("rooms"), b->lat, kMaxSide, "room");
    b->given.assign(static_cast<std::size_t>(b->lat.cells()), 0);
    if (auto grid = root.find("grid")) {
      pencil::Lattice G;
      std::vector<int> numbers;
      pencil::read_number_grid(*grid, 1, kMaxSide * kMaxSide, kMaxSide, G, numbers);
      if (G.rows != b->lat.rows || G.cols != b->lat.cols)
        grid->fail("input.shape", fmt::format("{}x{}, the rooms are {}x{}", G.rows, G.cols, b->lat.rows, b->lat.cols));
      for (int i = 0; i < b->lat.cells(); ++i) {
        const int n = numbers[static_cast<std::size_t>(i)];
        if (n == pencil::kNoNumber) continue;
        const Cell c = b->lat.cell_at(i);
        const JsonNode at = grid->items()[static_cast<std::size_t>(c.row)].items()[static_cast<std::size_t>(c.col)];
        if (n == pencil::kUnknownNumber) at.fail("input.value", "'?' is not a Ripple Effect number ('.' for a cell to fill)");
        if (n > b->size_of(i))
          at.fail("input.value", fmt::format("{} in {} of {} cells", n, room_name(*b, b->rooms.of[static_cast<std::size_t>(i)]), b->size_of(i)));
        b->given[static_cast<std::size_t>(i)] = n;
      }
    }
    return b;
  }

  // Explanations: a cell's k-th variable says it holds k + 1.
  std::string fact_label(const Puzzle& p, std::string_view encoding, std::size_t var, bool value, const Place* place,
                         std::size_t position) const override {
    if (!place) return Encoder::fact_label(p, encoding, var, value, place, position);
    return fmt::format("{} is {}{}", place->label, value ? "" : "not ", position + 1);
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    // is[i][v-1]: cell i holds v.
    std::vector<std::vector<Expr>> is(static_cast<std::size_t>(L.cells()));
    for (int i = 0; i < L.cells(); ++i) {
      const Cell c = L.cell_at(i);
      std::vector<unsigned> place;
      for (int v = 1; v <= b.size_of(i); ++v) {
        is[static_cast<std::size_t>(i)].push_back(ctx.bool_const(fmt::format("r{}c{}_is_{}", c.row + 1, c.col + 1, v).c_str()));
        place.push_back(static_cast<unsigned>(enc.decision_vars.size()));
        enc.decision_vars.push_back(is[static_cast<std::size_t>(i)].back());
      }
      enc.places.push_back(place);
      const std::size_t first = enc.rules.size();
      enc.rules.push_back(pencil::exactly_k(ctx, is[static_cast<std::size_t>(i)], 1, true, fmt::format("cell{}!", i)));
      enc.name_rules(first, [&] { return Encoding::RuleGroup{"rule/cell/" + cell_label(c), cell_label(c) + " holds one number", {c}}; });
    }
    eo.check_deadline();
    for (int room = 0; room < b.rooms.count(); ++room) {
      const auto& cells = b.rooms.cells[static_cast<std::size_t>(room)];
      const std::size_t first = enc.rules.size();
      for (int v = 1; v <= static_cast<int>(cells.size()); ++v) {
        std::vector<Expr> holders;
        for (int i : cells) holders.push_back(is[static_cast<std::size_t>(i)][static_cast<std::size_t>(v - 1)]);
        enc.rules.push_back(pencil::exactly_k(ctx, holders, 1, encoding != "counter", fmt::format("room{}_{}!", room + 1, v)));
      }
      enc.name_rules(first, [&] {
        std::vector<Cell> where;
        for (int i : cells) where.push_back(L.cell_at(i));
        return Encoding::RuleGroup{fmt::format("rule/room/{}", room + 1),
                                   fmt::format("the room of {} holds {}", cell_label(where.front()),
                                               cells.size() == 1 ? std::string("1") : cells.size() == 2 ? std::string("1 and 2")
                                                                                        : fmt::format("1 to {} once each", cells.size())),
                                   where};
      });
    }
    // Not both k within k of each other in a row or column: a rule per row
    // and per column ("in row 3, two k's are more than k cells apart").
    auto holds = [&](int i, int v) -> const Expr* {
      return v <= b.size_of(i) ? &is[static_cast<std::size_t>(i)][static_cast<std::size_t>(v - 1)] : nullptr;
    };
    for (int pass = 0; pass < 2; ++pass) {
      const bool row = pass == 0;
      for (int k = 0; k < (row ? L.rows : L.cols); ++k) {
        const std::size_t first = enc.rules.size();
        const int length = row ? L.cols : L.rows;
        auto at = [&](int j) { return row ? L.cell(k, j) : L.cell(j, k); };
        for (int j = 0; j < length; ++j)
          for (int v = 1; v <= b.size_of(at(j)); ++v)
            for (int d = 1; d <= v && j + d < length; ++d)
              if (const Expr* other = holds(at(j + d), v)) enc.rules.push_back(!*holds(at(j), v) || !*other);
        enc.name_rules(first, [&] {
          std::vector<Cell> where;
          for (int j = 0; j < length; ++j) where.push_back(L.cell_at(at(j)));
          return Encoding::RuleGroup{fmt::format("rule/{}/{}", row ? "row" : "column", k + 1),
                                     fmt::format("in {} {}, two equal numbers n are more than n cells apart", row ? "row" : "column", k + 1), where};
        });
      }
    }
    for (int i = 0; i < L.cells(); ++i) {
      const int n = b.given[static_cast<std::size_t>(i)];
      if (!n) continue;
      const Cell c = L.cell_at(i);
      Clue clue{given_id(c), given_label(c, n), *holds(i, n), {c}, {}, fmt::format("r{}c{} left blank", c.row + 1, c.col + 1)};
      if (eo.alternatives)
        for (int v : alternatives(b, i, n)) clue.alternatives.push_back({given_label(c, v), *holds(i, v)});
      enc.clues.push_back(std::move(clue));
    }
    enc.solver_logic = "QF_FD";
    enc.block_true_literals = true;
    return enc;
  }

  nlohmann::json decode(const Puzzle& p, std::string_view, const std::vector<int64_t>& values) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<int> number(static_cast<std::size_t>(b.lat.cells()), 0);
    std::size_t at = 0;
    for (int i = 0; i < b.lat.cells(); ++i)
      for (int v = 1; v <= b.size_of(i); ++v)
        if (values[at++] != 0) number[static_cast<std::size_t>(i)] = v;
    return solution_json(b, number);
  }

  std::string render(const Puzzle& p, const nlohmann::json* solution, const RenderOptions& opt) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    const std::vector<int> number = solution ? numbers_of(b, *solution) : b.given;
    if (opt.format == RenderFormat::Svg) {
      GridSvg s;
      s.rows = L.rows;
      s.cols = L.cols;
      s.title = opt.title;
      s.cell_text = [&](Cell c) {
        const int n = number[static_cast<std::size_t>(L.cell(c.row, c.col))];
        return n ? std::to_string(n) : std::string();
      };
      s.is_given = [&](Cell c) { return b.given[static_cast<std::size_t>(L.cell(c.row, c.col))] != 0; };
      s.highlighted = [&](Cell c) {
        return has_cell(opt.highlight, c) ||
               std::find(opt.highlight_clues.begin(), opt.highlight_clues.end(), given_id(c)) != opt.highlight_clues.end();
      };
      s.region = [&](Cell c) { return b.rooms.of[static_cast<std::size_t>(L.cell(c.row, c.col))]; };
      apply_marks(s, opt);
      return s.render();
    }
    return pencil::number_rows_text(L, number);
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto givens = static_cast<std::size_t>(std::count_if(b.given.begin(), b.given.end(), [](int n) { return n > 0; }));
    return fmt::format("{}x{} ripple effect, {}, {}", b.lat.rows, b.lat.cols, plural(static_cast<std::size_t>(b.rooms.count()), "room"),
                       plural(givens, "given number"));
  }

  std::vector<Place> places(const Puzzle& p) const override { return pencil::cell_places(static_cast<const Board&>(p).lat); }

  std::shared_ptr<const Puzzle> edit(const Puzzle& p, const std::vector<ClueEdit>& edits) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    for (const auto& e : edits)
      if (!pencil::edit_number(
              b->lat, b->given, e, [&](int i) { return b->given[static_cast<std::size_t>(i)] ? given_id(b->lat.cell_at(i)) : std::string(); }, 0,
              [&](int i, int n) { return alternatives(*b, i, n); }))
        throw InputError("input.value", "#", "no clue " + e.clue_id);
    return b;
  }

  std::shared_ptr<const Puzzle> fix_places(const Puzzle& p, const nlohmann::json& solution, const std::vector<std::size_t>& place_indices,
                                           std::vector<std::string>* labels) const override {
    auto b = std::make_shared<Board>(static_cast<const Board&>(p));
    const auto number = numbers_of(*b, solution);
    for (auto k : place_indices) {
      b->given[k] = number[k];
      if (labels) labels->push_back(given_label(b->lat.cell_at(static_cast<int>(k)), number[k]));
    }
    return b;
  }
  bool fixed_places_draw_the_solution() const override { return true; }

 protected:
  std::vector<int> read_values(const Board& b, const nlohmann::json& solution) const override { return numbers_of(b, solution); }
  nlohmann::json write_values(const Board& b, const std::vector<int>& values) const override { return solution_json(b, values); }
  std::vector<Violation> check_values(const Board& b, const std::vector<int>& values) const override { return check_numbers(b, values); }
};

}  // namespace

const Encoder& ripple_encoder() {
  static const RippleEncoder e;
  return e;
}

}  // namespace psmt::ripple
