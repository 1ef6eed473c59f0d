#include "encoders/pencil/heyawake.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "engine/cardinality.h"
#include "encoders/pencil/kit.h"
#include "engine/encoding.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::heyawake {
namespace {

// The counts diagnose tries instead of n (its "change" repairs): within 3
// of n, at most the room's size.
// The numbers diagnose tries instead of n: every count a room of `size`
// cells can hold, 0 to its size.
std::vector<int> alternatives(int size, int n) { return pencil::other_values(n, 0, std::max(size, n)); }

class HeyawakeEncoder final : public pencil::ShadingEncoder {
 public:
  std::string_view kind() const override { return "heyawake"; }
  std::string_view summary() const override {
    return "shade cells in rooms: no two side by side, the unshaded ones connected, a room's number its shaded cells, "
           "no unshaded run across two room borders (puzz.link's heyawake)";
  }
  std::vector<std::string> fields() const override { return {"rooms", "grid", "shaded", "unshaded"}; }
  std::string schema() const override {
    return R"json({"description": "Heyawake (puzz.link's heyawake): the board is divided into rooms; shade cells so that no two shaded cells are side by side, the unshaded cells are connected, a room's number is how many of its cells are shaded, and no straight run of unshaded cells crosses two room borders. Each room's number is a clue (grid/r2c3, where it is drawn; named 'room 7 (3 shaded)', rooms counted in reading order of their first cell) that diagnose can blame. Solution: one string per row, '#' shaded and '.' unshaded.", "required": ["rooms"], "properties": {"rooms": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns) of room numbers: cells with the same number form a room", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"type": "integer", "minimum": 0}}}, "grid": {"type": "array", "description": "one array per row, as rooms: '.' or the number of shaded cells of the cell's room ('?' not given), at most one per room", "items": {"type": "array", "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 0, "maximum": 10000}]}}}, )json" +
           pencil::givens_schema() +
           R"json(}, "examples": [{"kind": "heyawake", "rooms": [[0, 0, 1], [0, 0, 1], [2, 2, 2]], "grid": [[1, ".", 1], [".", ".", "."], [".", ".", "."]]}, {"kind": "heyawake", "name": "pzprjs's test puzzle heyawake/6/6/lll155007rs12222j", "source": "https://puzz.link/p?heyawake/6/6/lll155007rs12222j", "rooms": [[0, 1, 1, 2, 2, 3], [0, 1, 1, 2, 2, 3], [0, 1, 1, 2, 2, 3], [4, 4, 4, 4, 4, 3], [5, 5, 5, 6, 6, 3], [5, 5, 5, 6, 6, 7]], "grid": [[2, 2, ".", 2, ".", 2], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."], [".", ".", ".", ".", ".", "."]], "expect": {"status": "unique"}}]})json";
  }
  std::vector<EncodingInfo> encodings() const override {
    return {{"cuts", "a Bool per cell (shaded); a clause per pair of neighbouring borders; room counts as sequential "
                     "counters; the unshaded cells connected by cut clauses between checks (engine/graph.h)", "cadical"},
            {"eager", "the same, with connectedness as reachability clauses from the first unshaded cell"}};
  }

  std::shared_ptr<const Puzzle> parse(const JsonNode& root) const override {
    auto b = std::make_shared<Board>();
    auto& L = b->lat;
    const JsonNode rooms = root.at("rooms");
    const auto rows = rooms.items();
    if (rows.empty() || static_cast<int>(rows.size()) > kMaxSide) rooms.fail("input.shape", fmt::format("1 to {} rows", kMaxSide));
    L.rows = static_cast<int>(rows.size());
    std::map<int64_t, int> ids;
    for (const auto& row : rows) {
      const auto cells = row.items();
      if (L.cols == 0) L.cols = static_cast<int>(cells.size());
      if (cells.empty() || static_cast<int>(cells.size()) > kMaxSide) row.fail("input.shape", fmt::format("1 to {} cells", kMaxSide));
      if (static_cast<int>(cells.size()) != L.cols) row.fail("input.shape", fmt::format("{}, the first row has {}", plural(cells.size(), "cell"), L.cols));
      for (const auto& e : cells) {
        const auto [it, fresh] = ids.emplace(e.as_int(0, 1'000'000'000), static_cast<int>(ids.size()));
        b->room.push_back(it->second);
      }
    }
    b->rooms = static_cast<int>(ids.size());
    b->number.assign(static_cast<std::size_t>(L.cells()), pencil::kNoNumber);
    if (auto grid = root.find("grid")) {
      pencil::Lattice G;
      std::vector<int> numbers;
      pencil::read_number_grid(*grid, 0, kMaxSide * kMaxSide, kMaxSide, G, numbers);
      if (G.rows != L.rows || G.cols != L.cols)
        grid->fail("input.shape", fmt::format("{}x{}, the rooms are {}x{}", G.rows, G.cols, L.rows, L.cols));
      std::vector<int> where(static_cast<std::size_t>(b->rooms), -1);
      const auto size = room_sizes(*b);
      for (int i = 0; i < L.cells(); ++i) {
        const int n = numbers[static_cast<std::size_t>(i)];
        if (n == pencil::kNoNumber) continue;
        const int room = b->room[static_cast<std::size_t>(i)];
        const Cell c = L.cell_at(i);
        const JsonNode at = grid->items()[static_cast<std::size_t>(c.row)].items()[static_cast<std::size_t>(c.col)];
        if (where[static_cast<std::size_t>(room)] >= 0)
          at.fail("input.value", fmt::format("room {} has a second number (the first at {})", room + 1,
                                             cell_label(L.cell_at(where[static_cast<std::size_t>(room)]))));
        if (n > size[static_cast<std::size_t>(room)])
          at.fail("input.value", fmt::format("{} shaded in room {} of {} cells", n, room + 1, size[static_cast<std::size_t>(room)]));
        where[static_cast<std::size_t>(room)] = i;
        b->number[static_cast<std::size_t>(i)] = n;
      }
    }
    pencil::read_givens(root, *b);
    return b;
  }

  Encoding encode(const Puzzle& p, Context& ctx, std::string_view encoding, const EncodeOptions& eo) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto& L = b.lat;
    Encoding enc = pencil::new_encoding(ctx);
    const std::vector<Expr> shaded = pencil::shading_vars(L, ctx, enc);
    pencil::unshaded_area(L, shaded, encoding == "eager", ctx, enc);
    // No unshaded run across two borders: between neighbouring borders of a
    // line, from the cell before the first to the cell after the second.
    for (const auto& cells : pencil::lines(L)) {
      std::vector<std::size_t> border;  // border k lies between cells[k] and cells[k+1]
      for (std::size_t k = 0; k + 1 < cells.size(); ++k)
        if (b.room[static_cast<std::size_t>(cells[k])] != b.room[static_cast<std::size_t>(cells[k + 1])]) border.push_back(k);
      for (std::size_t j = 0; j + 1 < border.size(); ++j) {
        ExprVector any(ctx);
        for (std::size_t k = border[j]; k <= border[j + 1] + 1; ++k) any.push_back(shaded[static_cast<std::size_t>(cells[k])]);
        enc.rules.push_back(mk_or(any));
      }
    }
    // Room counts.
    std::vector<std::vector<Expr>> in_room(static_cast<std::size_t>(b.rooms));
    for (int i = 0; i < L.cells(); ++i) in_room[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])].push_back(shaded[static_cast<std::size_t>(i)]);
    for (int i = 0; i < L.cells(); ++i) {
      eo.check_deadline();
      const int n = b.number[static_cast<std::size_t>(i)];
      if (n < 0) continue;
      const Cell c = L.cell_at(i);
      const auto& lits = in_room[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])];
      auto count = [&](int v, const std::string& prefix) { return pencil::count_is(ctx, lits, v, prefix); };
      Clue clue{number_id(c), number_label(b, i, n), count(n, fmt::format("room_r{}c{}!", c.row + 1, c.col + 1)), {c}, {}};
      if (eo.alternatives) {
        // Every count the room can hold, read off one totalizer of its cells.
        std::vector<std::vector<Expr>> chains;
        for (const auto& l : lits) chains.push_back({l});
        ExprVector defs(ctx);
        const std::vector<Expr> sum =
            unary_sum(ctx, chains, static_cast<unsigned>(lits.size()), fmt::format("room_r{}c{}_sum!", c.row + 1, c.col + 1), defs);
        for (const auto& d : defs.items()) enc.rules.push_back(d);
        auto is = [&](int v) {
          ExprVector parts(ctx);
          if (v > static_cast<int>(sum.size())) return ctx.bool_val(false);
          if (v > 0) parts.push_back(sum[static_cast<std::size_t>(v - 1)]);
          if (v < static_cast<int>(sum.size())) parts.push_back(!sum[static_cast<std::size_t>(v)]);
          return mk_and(parts);
        };
        for (int v : alternatives(static_cast<int>(lits.size()), n)) clue.alternatives.push_back({number_label(b, i, v), is(v)});
      }
      enc.clues.push_back(std::move(clue));
    }
    pencil::given_clues(b, shaded, enc);
    return enc;
  }

  std::string describe(const Puzzle& p) const override {
    const auto& b = static_cast<const Board&>(p);
    const auto numbers = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n >= 0; }));
    return fmt::format("{}x{} heyawake, {}, {}", b.lat.rows, b.lat.cols, plural(static_cast<std::size_t>(b.rooms), "room"), plural(numbers, "number"));
  }

 protected:
  // Extra clues: a room's number, for a room without one: its shaded cells,
  // written in the room's first cell.
  std::vector<std::pair<int, int>> numbers_to_add(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    const auto& b = static_cast<const Board&>(p);
    std::vector<int> first(static_cast<std::size_t>(b.rooms), -1), count(static_cast<std::size_t>(b.rooms), 0);
    std::vector<bool> numbered(static_cast<std::size_t>(b.rooms), false);
    for (int i = 0; i < b.lat.cells(); ++i) {
      const auto r = static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)]);
      if (first[r] < 0) first[r] = i;
      count[r] += shaded[static_cast<std::size_t>(i)] ? 1 : 0;
      numbered[r] = numbered[r] || b.number[static_cast<std::size_t>(i)] != pencil::kNoNumber;
    }
    std::vector<std::pair<int, int>> out;
    for (std::size_t r = 0; r < first.size(); ++r)
      if (!numbered[r] && first[r] >= 0) out.emplace_back(first[r], count[r]);
    return out;
  }
  void write_number(pencil::ShadeBoard& p, int cell, int value) const override { static_cast<Board&>(p).number[static_cast<std::size_t>(cell)] = value; }
  std::string number_words(const pencil::ShadeBoard& p, int cell, int value) const override {
    return number_label(static_cast<const Board&>(p), cell, value);
  }
  std::string no_number_to_add(const pencil::ShadeBoard&) const override { return "every room already holds its number"; }
  std::vector<Violation> check_shading(const pencil::ShadeBoard& p, const std::vector<bool>& shaded) const override {
    return heyawake::check_shading(static_cast<const Board&>(p), shaded);
  }
  std::string cell_text(const pencil::ShadeBoard& p, int i) const override {
    return pencil::number_text(static_cast<const Board&>(p).number[static_cast<std::size_t>(i)]);
  }
  std::string clue_id_at(const pencil::ShadeBoard& p, int i) const override {
    return static_cast<const Board&>(p).number[static_cast<std::size_t>(i)] >= 0 ? number_id(p.lat.cell_at(i)) : std::string();
  }
  std::function<int(Cell)> rooms(const pencil::ShadeBoard& p) const override {
    const auto& b = static_cast<const Board&>(p);
    return [&b](Cell c) { return b.room[static_cast<std::size_t>(b.lat.cell(c.row, c.col))]; };
  }
  std::shared_ptr<pencil::ShadeBoard> clone(const pencil::ShadeBoard& p) const override {
    return std::make_shared<Board>(static_cast<const Board&>(p));
  }
  bool edit_clue(pencil::ShadeBoard& p, const ClueEdit& e) const override {
    auto& b = static_cast<Board&>(p);
    const auto size = room_sizes(b);
    return pencil::edit_number(
        b.lat, b.number, e, [&](int i) { return number_id(b.lat.cell_at(i)); }, pencil::kNoNumber,
        [&](int i, int n) { return alternatives(size[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])], n); });
  }
};

}  // namespace

const Encoder& heyawake_encoder() {
  static const HeyawakeEncoder e;
  return e;
}

}  // namespace psmt::heyawake
