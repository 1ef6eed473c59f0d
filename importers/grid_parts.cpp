// Pieces of our puzzle JSON that several importers build (formats.h).
#include <fmt/format.h>

#include "importers/formats.h"

namespace psmt::importers {

void set_givens(Builder& b, const std::vector<int>& givens, int n, const std::string& what) {
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < n; ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < n; ++x) row.push_back(givens[static_cast<std::size_t>(y * n + x)]);
    rows.push_back(row);
  }
  b.out.puzzle["grid"] = rows;
  b.from("/grid", what);
}

void set_skyscrapers_clues(Builder& b, const std::vector<int>& clues, int n,
                           const std::function<std::string(int side, int k)>& words) {
  nlohmann::json sky = nlohmann::json::object();
  const char* sides[] = {"top", "bottom", "left", "right"};
  for (int s = 0; s < 4; ++s) {
    nlohmann::json list = nlohmann::json::array();
    for (int k = 0; k < n; ++k) {
      const int v = clues[static_cast<std::size_t>(s * n + k)];
      list.push_back(v ? nlohmann::json(v) : nlohmann::json(nullptr));
      if (v) b.from(fmt::format("/skyscrapers/{}/{}", sides[s], k), words(s, k));
    }
    sky[sides[s]] = list;
  }
  b.out.puzzle["skyscrapers"] = sky;
}

}  // namespace psmt::importers
