// Ekawayeh's independent checker and its room geometry: plain C++, no solver.
#include <algorithm>

#include <fmt/format.h>

#include "encoders/pencil/ayeheya.h"

namespace psmt::ayeheya {

std::vector<int> half_turn_partner(const Board& b) {
  const auto& L = b.lat;
  std::vector<int> top(static_cast<std::size_t>(b.rooms), L.rows), bottom(static_cast<std::size_t>(b.rooms), -1),
      left(static_cast<std::size_t>(b.rooms), L.cols), right(static_cast<std::size_t>(b.rooms), -1);
  for (int i = 0; i < L.cells(); ++i) {
    const auto r = static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)]);
    const Cell c = L.cell_at(i);
    top[r] = std::min(top[r], c.row), bottom[r] = std::max(bottom[r], c.row);
    left[r] = std::min(left[r], c.col), right[r] = std::max(right[r], c.col);
  }
  std::vector<int> partner(static_cast<std::size_t>(L.cells()));
  for (int i = 0; i < L.cells(); ++i) {
    const auto r = static_cast<std::size_t>(b.room[static_cast<std::size_t>(i)]);
    const Cell c = L.cell_at(i);
    partner[static_cast<std::size_t>(i)] = L.cell(top[r] + bottom[r] - c.row, left[r] + right[r] - c.col);
  }
  return partner;
}

std::vector<bool> symmetric_rooms(const Board& b, const std::vector<int>& partner) {
  std::vector<bool> out(static_cast<std::size_t>(b.rooms), true);
  for (std::size_t i = 0; i < partner.size(); ++i)
    if (b.room[static_cast<std::size_t>(partner[i])] != b.room[i]) out[static_cast<std::size_t>(b.room[i])] = false;
  return out;
}

std::string room_name(const Board& b, int room) {
  for (int i = 0; i < b.lat.cells(); ++i)
    if (b.room[static_cast<std::size_t>(i)] == room) return fmt::format("room {} ({})", room + 1, cell_label(b.lat.cell_at(i)));
  return fmt::format("room {}", room + 1);
}

std::vector<Violation> check_shading(const Board& b, const std::vector<bool>& shaded) {
  std::vector<Violation> out = heyawake::check_shading(b, shaded);
  const auto partner = half_turn_partner(b);
  std::vector<bool> told(static_cast<std::size_t>(b.rooms), false);
  for (int i = 0; i < b.lat.cells(); ++i) {
    const int room = b.room[static_cast<std::size_t>(i)];
    const int j = partner[static_cast<std::size_t>(i)];
    if (told[static_cast<std::size_t>(room)] || shaded[static_cast<std::size_t>(i)] == shaded[static_cast<std::size_t>(j)]) continue;
    out.push_back({fmt::format("rule/shading-symmetry/{}", room + 1),
                   fmt::format("{}: its shading is not point symmetric ({} {}, {} {})", room_name(b, room), cell_label(b.lat.cell_at(i)),
                               shaded[static_cast<std::size_t>(i)] ? "shaded" : "unshaded", cell_label(b.lat.cell_at(j)),
                               shaded[static_cast<std::size_t>(j)] ? "shaded" : "unshaded")});
    told[static_cast<std::size_t>(room)] = true;
  }
  return out;
}

}  // namespace psmt::ayeheya
