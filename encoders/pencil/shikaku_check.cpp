// Shikaku's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/regions.h"
#include "encoders/pencil/shikaku.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::shikaku {

std::vector<int> Board::numbered() const {
  std::vector<int> out;
  for (int i = 0; i < lat.cells(); ++i)
    if (number[static_cast<std::size_t>(i)] != kNone) out.push_back(i);
  return out;
}

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) {
  return n == kUnknown ? fmt::format("? at r{}c{}", c.row + 1, c.col + 1) : fmt::format("area {} at r{}c{}", n, c.row + 1, c.col + 1);
}

std::vector<int> owners_of(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  const int numbers = static_cast<int>(b.numbered().size());
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows)
    throw InputError("input.shape", "", fmt::format("a solution is {} arrays, one per row", L.rows));
  std::vector<int> out;
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_array() || static_cast<int>(row.size()) != L.cols)
      throw InputError("input.shape", fmt::format("/{}", r), fmt::format("an array of {} numbers", L.cols));
    for (int c = 0; c < L.cols; ++c) {
      const auto& v = row[static_cast<std::size_t>(c)];
      if (!v.is_number_integer() || v.get<int>() < 1 || v.get<int>() > numbers)
        throw InputError("input.value", fmt::format("/{}/{}", r, c), fmt::format("a rectangle's number, 1 to {}", numbers));
      out.push_back(v.get<int>());
    }
  }
  return out;
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& owner) {
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < b.lat.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.lat.cols; ++c) row.push_back(owner[static_cast<std::size_t>(b.lat.cell(r, c))]);
    out.push_back(row);
  }
  return out;
}

std::vector<Violation> check_owners(const Board& b, const std::vector<int>& owner) {
  const auto& L = b.lat;
  const auto numbered = b.numbered();
  std::vector<std::vector<Cell>> cells(numbered.size() + 1);
  for (int i = 0; i < L.cells(); ++i) cells[static_cast<std::size_t>(owner[static_cast<std::size_t>(i)])].push_back(L.cell_at(i));
  std::vector<Violation> out;
  for (std::size_t k = 0; k < numbered.size(); ++k) {
    const int home = numbered[k];
    const Cell c = L.cell_at(home);
    const int n = b.number[static_cast<std::size_t>(home)];
    const auto& mine = cells[k + 1];
    if (owner[static_cast<std::size_t>(home)] != static_cast<int>(k) + 1) {
      out.push_back({number_id(c), fmt::format("{} is not in its own rectangle", number_label(c, n))});
      continue;
    }
    if (!pencil::filled_rectangle(mine))
      out.push_back({"rule/rectangle", fmt::format("the area of {} is not a rectangle", number_label(c, n))});
    if (n != kUnknown && static_cast<int>(mine.size()) != n)
      out.push_back({number_id(c), fmt::format("{}: its rectangle has {}", number_label(c, n), plural(mine.size(), "cell"))});
  }
  return out;
}

}  // namespace psmt::shikaku
