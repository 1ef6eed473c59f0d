#include "encoders/pencil/kit.h"

#include <fmt/format.h>

namespace psmt::pencil {

std::vector<std::pair<JsonNode, std::string>> char_rows(const JsonNode& node, int least, int most, const char* places) {
  const auto rows = node.items();
  if (static_cast<int>(rows.size()) < least || static_cast<int>(rows.size()) > most)
    node.fail("input.shape", fmt::format("{} to {} rows", least, most));
  std::vector<std::pair<JsonNode, std::string>> out;
  std::size_t width = 0;
  for (const auto& row : rows) {
    std::string s = row.as_string();
    if (width == 0) width = s.size();
    if (static_cast<int>(s.size()) < least || static_cast<int>(s.size()) > most)
      row.fail("input.shape", fmt::format("{} to {} {}", least, most, places));
    if (s.size() != width) row.fail("input.shape", fmt::format("{} {}, the first row has {}", s.size(), places, width));
    out.emplace_back(row, std::move(s));
  }
  return out;
}

std::vector<bool> truth_of(const std::vector<int64_t>& values) {
  std::vector<bool> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = values[i] != 0;
  return out;
}

std::vector<Place> cell_places(const Lattice& L) {
  std::vector<Place> out;
  for (int i = 0; i < L.cells(); ++i) out.push_back({cell_label(L.cell_at(i)), L.cell_at(i)});
  return out;
}

std::vector<std::string> cells_that_differ(const Lattice& L, const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  for (int i = 0; i < L.cells(); ++i)
    if (a[static_cast<std::size_t>(i)] != b[static_cast<std::size_t>(i)]) out.push_back(cell_label(L.cell_at(i)));
  return out;
}

}  // namespace psmt::pencil
