// Nurikabe's independent checker: plain C++, no solver.
#include <fmt/format.h>

#include "encoders/pencil/nurikabe.h"
#include "engine/graph_check.h"
#include "io/error.h"

namespace psmt::nurikabe {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int size) {
  return size == kUnknownSize ? fmt::format("island ? at r{}c{}", c.row + 1, c.col + 1)
                              : fmt::format("island size {} at r{}c{}", size, c.row + 1, c.col + 1);
}
nlohmann::json solution_json(const Board& b, const std::vector<bool>& shaded) { return pencil::shading_json(b.lat, shaded); }

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  const graph::Graph g = L.cell_graph();
  if (!graph::vertices_connected(g, shaded)) out.push_back({"rule/shaded_connected", "the shaded cells are not connected"});
  pencil::check_no_2x2(L, shaded, "shaded cells", "rule/2x2", out);
  // Islands: each holds exactly one number, which is its size.
  std::vector<bool> white(shaded.size());
  for (std::size_t i = 0; i < shaded.size(); ++i) white[i] = !shaded[i];
  int count = 0;
  const auto comp = graph::components(g, white, {}, count);
  std::vector<int> size(static_cast<std::size_t>(count), 0), numbers(static_cast<std::size_t>(count), 0);
  std::vector<int> first(static_cast<std::size_t>(count), -1);
  for (int i = 0; i < L.cells(); ++i) {
    const int k = comp[static_cast<std::size_t>(i)];
    if (k < 0) continue;
    size[static_cast<std::size_t>(k)]++;
    if (first[static_cast<std::size_t>(k)] < 0) first[static_cast<std::size_t>(k)] = i;
    if (b.number[static_cast<std::size_t>(i)] != kPlain) numbers[static_cast<std::size_t>(k)]++;
  }
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    const int n = b.number[static_cast<std::size_t>(i)];
    if (n != kPlain && shaded[static_cast<std::size_t>(i)]) {
      out.push_back({number_id(c), number_label(c, n) + ": the numbered cell is shaded"});
      continue;
    }
    if (n == kPlain) continue;
    const int k = comp[static_cast<std::size_t>(i)];
    if (numbers[static_cast<std::size_t>(k)] > 1)
      out.push_back({number_id(c), number_label(c, n) + ": its island holds another number"});
    else if (n > 0 && size[static_cast<std::size_t>(k)] != n)
      out.push_back({number_id(c), fmt::format("{}: its island has {} cells", number_label(c, n), size[static_cast<std::size_t>(k)])});
  }
  for (int k = 0; k < count; ++k)
    if (numbers[static_cast<std::size_t>(k)] == 0) {
      const Cell c = L.cell_at(first[static_cast<std::size_t>(k)]);
      out.push_back({"rule/island_number", fmt::format("the island at r{}c{} holds no number", c.row + 1, c.col + 1)});
    }
  return out;
}

}  // namespace psmt::nurikabe
