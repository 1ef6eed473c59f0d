// Ripple Effect's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/ripple.h"
#include "encoders/pencil/kit.h"
#include "io/error.h"

namespace psmt::ripple {

std::string given_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string given_label(Cell c, int n) { return fmt::format("{} at r{}c{}", n, c.row + 1, c.col + 1); }

std::string room_name(const Board& b, int room) {
  std::string name = pencil::region_name(b.lat, b.rooms, room);  // "region 3 (r1c1-r2c2)"
  return "room" + name.substr(name.find(' '));
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& number) { return pencil::number_rows(b.lat, number); }

std::vector<int> numbers_of(const Board& b, const nlohmann::json& solution) {
  return pencil::read_number_rows(b.lat, solution, b.lat.cells());
}

std::vector<Violation> check_numbers(const Board& b, const std::vector<int>& number) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  for (int i = 0; i < L.cells(); ++i) {
    const int n = number[static_cast<std::size_t>(i)], g = b.given[static_cast<std::size_t>(i)];
    if (g && n != g) out.push_back({given_id(L.cell_at(i)), fmt::format("{}: the cell holds {}", given_label(L.cell_at(i), g), n)});
    if (n > b.size_of(i))
      out.push_back({"rule/range", fmt::format("r{}c{} holds {}, more than the {} cells of its room", L.cell_at(i).row + 1, L.cell_at(i).col + 1, n, b.size_of(i))});
  }
  for (int room = 0; room < b.rooms.count(); ++room) {
    const auto& cells = b.rooms.cells[static_cast<std::size_t>(room)];
    for (std::size_t k = 0; k < cells.size(); ++k)
      for (std::size_t m = k + 1; m < cells.size(); ++m)
        if (number[static_cast<std::size_t>(cells[k])] == number[static_cast<std::size_t>(cells[m])])
          out.push_back({fmt::format("rule/room/{}", room + 1),
                         fmt::format("{} holds {} twice ({}, {})", room_name(b, room), number[static_cast<std::size_t>(cells[k])],
                                     cell_label(L.cell_at(cells[k])), cell_label(L.cell_at(cells[m])))});
  }
  // Two equal numbers k in a line at most k apart.
  for (int i = 0; i < L.cells(); ++i) {
    const int k = number[static_cast<std::size_t>(i)];
    const Cell c = L.cell_at(i);
    for (int d = 1; d <= k; ++d) {
      for (const Cell o : {Cell{c.row, c.col + d}, Cell{c.row + d, c.col}}) {
        if (o.row >= L.rows || o.col >= L.cols || number[static_cast<std::size_t>(L.cell(o.row, o.col))] != k) continue;
        out.push_back({"rule/ripple", fmt::format("{} at {} and {}, only {} apart", k, cell_label(c), cell_label(o), d)});
      }
    }
  }
  return out;
}

}  // namespace psmt::ripple
