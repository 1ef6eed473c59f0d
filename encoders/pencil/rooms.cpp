#include "encoders/pencil/rooms.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include <fmt/format.h>
#include "engine/expr.h"

#include "encoders/pencil/clauses.h"
#include "encoders/pencil/regions.h"
#include "engine/cardinality.h"
#include "engine/encoding.h"
#include "engine/graph.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::pencil {
namespace {

// The counts diagnose tries instead of n: every count a room of `size`
// cells can hold, 0 to its size.
std::vector<int> alternatives(int size, int n) { return other_values(n, 0, std::max(size, n)); }

}  // namespace

std::string room_number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string room_number_label(const RoomBoard& b, int cell, int n, std::string_view what) {
  const int room = b.room[static_cast<std::size_t>(cell)] + 1;
  return n == kUnknownNumber ? fmt::format("room {} (?)", room) : fmt::format("room {} ({} {})", room, n, what);
}

std::vector<int> room_sizes(const RoomBoard& b) {
  std::vector<int> size(static_cast<std::size_t>(b.rooms), 0);
  for (int r : b.room) size[static_cast<std::size_t>(r)]++;
  return size;
}

std::string room_board_schema() {
  return R"json("rooms": {"type": "array", "minItems": 1, "maxItems": 100, "description": "one array per row (1 to 100 rows and columns) of room numbers: cells with the same number form a room (a connected group)", "items": {"type": "array", "minItems": 1, "maxItems": 100, "items": {"type": "integer", "minimum": 0}}}, "grid": {"type": "array", "description": "one array per row, as rooms: '.' or the number of shaded cells of the cell's room ('?' not given), at most one per room", "items": {"type": "array", "items": {"anyOf": [{"enum": [".", "?"]}, {"type": "integer", "minimum": 0, "maximum": 10000}]}}}, )json";
}

void read_room_board(const JsonNode& root, RoomBoard& b, int max_side, std::string_view what) {
  auto& L = b.lat;
  // Each room one piece (puzz.link's rooms are drawn so), numbered in
  // reading order of their first cells.
  const Regions R = read_regions(root.at("rooms"), L, max_side, "room");
  b.room = R.of;
  b.rooms = R.count();
  b.number.assign(static_cast<std::size_t>(L.cells()), kNoNumber);
  if (auto grid = root.find("grid")) {
    Lattice G;
    std::vector<int> numbers;
    read_number_grid(*grid, 0, max_side * max_side, max_side, G, numbers);
    if (G.rows != L.rows || G.cols != L.cols)
      grid->fail("input.shape", fmt::format("{}x{}, the rooms are {}x{}", G.rows, G.cols, L.rows, L.cols));
    std::vector<int> where(static_cast<std::size_t>(b.rooms), -1);
    const auto size = room_sizes(b);
    for (int i = 0; i < L.cells(); ++i) {
      const int n = numbers[static_cast<std::size_t>(i)];
      if (n == kNoNumber) continue;
      const int room = b.room[static_cast<std::size_t>(i)];
      const Cell c = L.cell_at(i);
      const JsonNode at = grid->items()[static_cast<std::size_t>(c.row)].items()[static_cast<std::size_t>(c.col)];
      if (where[static_cast<std::size_t>(room)] >= 0)
        at.fail("input.value", fmt::format("room {} has a second number (the first at {})", room + 1,
                                           cell_label(L.cell_at(where[static_cast<std::size_t>(room)]))));
      if (n > size[static_cast<std::size_t>(room)])
        at.fail("input.value", fmt::format("{} {} in room {} of {} cells", n, what, room + 1, size[static_cast<std::size_t>(room)]));
      where[static_cast<std::size_t>(room)] = i;
      b.number[static_cast<std::size_t>(i)] = n;
    }
  }
  read_givens(root, b);
}

std::vector<std::pair<int, int>> pairs_across_borders(const RoomBoard& b) {
  std::vector<std::pair<int, int>> out;
  const auto& L = b.lat;
  for (int i = 0; i < L.cells(); ++i)
    for (int j : {L.cell_at(i).col + 1 < L.cols ? i + 1 : -1, L.cell_at(i).row + 1 < L.rows ? i + L.cols : -1})
      if (j >= 0 && b.room[static_cast<std::size_t>(i)] != b.room[static_cast<std::size_t>(j)]) out.push_back({i, j});
  return out;
}

void not_both_across_borders(const RoomBoard& b, const std::vector<Expr>& lits, const char* what, Encoding& enc) {
  for (const auto& [i, j] : pairs_across_borders(b)) {
    const std::size_t first = enc.rules.size();
    enc.rules.push_back(!lits[static_cast<std::size_t>(i)] || !lits[static_cast<std::size_t>(j)]);
    enc.name_rules(first, [&, i = i, j = j] {
      const Cell a = b.lat.cell_at(i), c = b.lat.cell_at(j);
      return Encoding::RuleGroup{fmt::format("rule/across/{}-{}", cell_label(a), cell_label(c)),
                                 fmt::format("{} and {} are not both {} (across a room border)", cell_label(a), cell_label(c), what),
                                 {a, c}};
    });
  }
}

std::vector<std::pair<int, int>> neighbouring_rooms(const RoomBoard& b) {
  std::set<std::pair<int, int>> seen;
  for (const auto& [i, j] : pairs_across_borders(b)) {
    const int a = b.room[static_cast<std::size_t>(i)], c = b.room[static_cast<std::size_t>(j)];
    seen.insert({std::min(a, c), std::max(a, c)});
  }
  return {seen.begin(), seen.end()};
}

std::vector<std::vector<int>> room_cells(const RoomBoard& b) {
  std::vector<std::vector<int>> out(static_cast<std::size_t>(b.rooms));
  for (int i = 0; i < b.lat.cells(); ++i) out[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])].push_back(i);
  return out;
}

namespace {
// A room's own cells as a graph (vertex k: cells[k]), joined where side by side.
graph::Graph room_graph(const Lattice& L, const std::vector<int>& cells) {
  graph::Graph g;
  g.vertices = static_cast<int>(cells.size());
  for (std::size_t k = 0; k < cells.size(); ++k)
    for (std::size_t m = k + 1; m < cells.size(); ++m) {
      const Cell a = L.cell_at(cells[k]), c = L.cell_at(cells[m]);
      if (std::abs(a.row - c.row) + std::abs(a.col - c.col) == 1) g.edges.push_back({static_cast<int>(k), static_cast<int>(m)});
    }
  g.index();
  return g;
}
}  // namespace

void connected_in_each_room(const RoomBoard& b, const std::vector<Expr>& lits, const char* what, bool eager, Context& ctx,
                            Encoding& enc) {
  const auto cells = room_cells(b);
  for (std::size_t r = 0; r < cells.size(); ++r) {
    if (cells[r].size() < 2) continue;
    graph::Rule rule;
    rule.kind = graph::RuleKind::ConnectedVertices;
    rule.name = fmt::format("the {} of room {} are connected", what, r + 1);
    rule.graph = room_graph(b.lat, cells[r]);
    for (int i : cells[r]) rule.vertex_lits.push_back(lits[static_cast<std::size_t>(i)]);
    if (eager) {
      const std::size_t first = enc.rules.size();
      graph::encode_eager(rule, ctx, enc.rules, fmt::format("room{}!", r + 1));
      enc.name_rules(first, [&] { return Encoding::RuleGroup{fmt::format("rule/room-connected/{}", r + 1), rule.name, {}}; });
    } else {
      enc.lazy_rules.push_back(std::move(rule));
    }
  }
}

void check_connected_in_each_room(const RoomBoard& b, const std::vector<bool>& on, const char* what, std::vector<Violation>& out) {
  const auto cells = room_cells(b);
  for (std::size_t r = 0; r < cells.size(); ++r) {
    std::vector<bool> in;
    for (int i : cells[r]) in.push_back(on[static_cast<std::size_t>(i)]);
    if (!graph::vertices_connected(room_graph(b.lat, cells[r]), in))
      out.push_back({fmt::format("rule/room-connected/{}", r + 1), fmt::format("the {} of room {} are not connected", what, r + 1)});
  }
}

void check_room_counts(const RoomBoard& b, const std::vector<bool>& shaded, std::vector<Violation>& out, std::string_view what) {
  const auto& L = b.lat;
  std::vector<int> count(static_cast<std::size_t>(b.rooms), 0);
  for (int i = 0; i < L.cells(); ++i) count[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])] += shaded[static_cast<std::size_t>(i)] ? 1 : 0;
  for (int i = 0; i < L.cells(); ++i) {
    const int n = b.number[static_cast<std::size_t>(i)];
    const int have = count[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])];
    if (n >= 0 && have != n)
      out.push_back({room_number_id(L.cell_at(i)), fmt::format("{}: it has {} {}", room_number_label(b, i, n, what), have, what)});
  }
}

void room_count_clues(const RoomBoard& b, const std::vector<Expr>& shaded, Context& ctx, Encoding& enc, const EncodeOptions& eo,
                      std::string_view what) {
  const auto& L = b.lat;
  std::vector<std::vector<Expr>> in_room(static_cast<std::size_t>(b.rooms));
  for (int i = 0; i < L.cells(); ++i) in_room[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])].push_back(shaded[static_cast<std::size_t>(i)]);
  for (int i = 0; i < L.cells(); ++i) {
    eo.check_deadline();
    const int n = b.number[static_cast<std::size_t>(i)];
    if (n < 0) continue;
    const Cell c = L.cell_at(i);
    const auto& lits = in_room[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])];
    Clue clue{room_number_id(c), room_number_label(b, i, n, what), count_is(ctx, lits, n, fmt::format("room_r{}c{}!", c.row + 1, c.col + 1)), {c}, {}};
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
      for (int v : alternatives(static_cast<int>(lits.size()), n)) clue.alternatives.push_back({room_number_label(b, i, v, what), is(v)});
    }
    enc.clues.push_back(std::move(clue));
  }
}

std::string RoomCountEncoder::describe(const Puzzle& p) const {
  const auto& b = static_cast<const RoomBoard&>(p);
  const auto numbers = static_cast<std::size_t>(std::count_if(b.number.begin(), b.number.end(), [](int n) { return n >= 0; }));
  return fmt::format("{}x{} {}, {}, {}", b.lat.rows, b.lat.cols, kind_words(b), plural(static_cast<std::size_t>(b.rooms), "room"), plural(numbers, "number"));
}

std::vector<std::pair<int, int>> RoomCountEncoder::numbers_to_add(const ShadeBoard& p, const std::vector<bool>& shaded) const {
  return room_numbers_to_add(static_cast<const RoomBoard&>(p), shaded);
}

std::vector<std::pair<int, int>> room_numbers_to_add(const RoomBoard& b, const std::vector<bool>& shaded) {
  std::vector<int> first(static_cast<std::size_t>(b.rooms), -1), count(static_cast<std::size_t>(b.rooms), 0);
  std::vector<bool> numbered(static_cast<std::size_t>(b.rooms), false);
  for (int i = 0; i < b.lat.cells(); ++i) {
    const auto r = static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)]);
    if (first[r] < 0) first[r] = i;
    count[r] += shaded[static_cast<std::size_t>(i)] ? 1 : 0;
    numbered[r] = numbered[r] || b.number[static_cast<std::size_t>(i)] != kNoNumber;
  }
  std::vector<std::pair<int, int>> out;
  for (std::size_t r = 0; r < first.size(); ++r)
    if (!numbered[r] && first[r] >= 0) out.emplace_back(first[r], count[r]);
  return out;
}
void RoomCountEncoder::write_number(ShadeBoard& p, int cell, int value) const { static_cast<RoomBoard&>(p).number[static_cast<std::size_t>(cell)] = value; }
std::string RoomCountEncoder::number_words(const ShadeBoard& p, int cell, int value) const {
  return room_number_label(static_cast<const RoomBoard&>(p), cell, value);
}
std::string RoomCountEncoder::cell_text(const ShadeBoard& p, int i) const {
  return number_text(static_cast<const RoomBoard&>(p).number[static_cast<std::size_t>(i)]);
}
std::string RoomCountEncoder::clue_id_at(const ShadeBoard& p, int i) const {
  return static_cast<const RoomBoard&>(p).number[static_cast<std::size_t>(i)] >= 0 ? room_number_id(p.lat.cell_at(i)) : std::string();
}
std::function<int(Cell)> RoomCountEncoder::rooms(const ShadeBoard& p) const {
  const auto& b = static_cast<const RoomBoard&>(p);
  return [&b](Cell c) { return b.room[static_cast<std::size_t>(b.lat.cell(c.row, c.col))]; };
}
std::shared_ptr<ShadeBoard> RoomCountEncoder::clone(const ShadeBoard& p) const { return std::make_shared<RoomBoard>(static_cast<const RoomBoard&>(p)); }
bool RoomCountEncoder::edit_clue(ShadeBoard& p, const ClueEdit& e) const { return edit_room_number(static_cast<RoomBoard&>(p), e); }

bool edit_room_number(RoomBoard& b, const ClueEdit& e) {
  const auto size = room_sizes(b);
  return edit_number(
      b.lat, b.number, e, [&](int i) { return room_number_id(b.lat.cell_at(i)); }, kNoNumber,
      [&](int i, int n) { return alternatives(size[static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)])], n); });
}

}  // namespace psmt::pencil
