// Jodici model and independent checker. No Z3 here (tests enforce it).
#include <map>

#include <fmt/format.h>

#include "jodici.h"

namespace psmt::jodici {

std::string field_label(int ring, int sector) { return fmt::format("r{}s{}", ring + 1, sector + 1); }

nlohmann::json solution_json(const Disc& d, const std::vector<int>& v) {
  nlohmann::json rings = nlohmann::json::array();
  for (int r = 0; r < d.rings; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int s = 0; s < d.sectors; ++s) row.push_back(v.at(r * d.sectors + s));
    rings.push_back(row);
  }
  return {{"rings", rings}};
}

std::vector<Violation> check_solution(const Disc& d, const nlohmann::json& sol) {
  std::vector<Violation> out;
  if (!sol.is_object() || !sol.contains("rings") || !sol["rings"].is_array() ||
      static_cast<int>(sol["rings"].size()) != d.rings)
    return {{"rule/shape", fmt::format("a solution is {{\"rings\": [{} rows of {} digits]}}", d.rings, d.sectors)}};
  std::vector<int> v;
  for (const auto& row : sol["rings"]) {
    if (!row.is_array() || static_cast<int>(row.size()) != d.sectors)
      return {{"rule/shape", fmt::format("every ring needs {} digits", d.sectors)}};
    for (const auto& x : row) {
      if (!x.is_number_integer()) return {{"rule/shape", "digits must be integers"}};
      v.push_back(x.get<int>());
    }
  }
  std::map<int, int> count;
  for (int r = 0; r < d.rings; ++r)
    for (int s = 0; s < d.sectors; ++s) {
      int x = v[r * d.sectors + s];
      if (x < d.lo || x > d.hi)
        out.push_back({"rule/digit/" + field_label(r, s), fmt::format("{} holds {}, outside {}..{}", field_label(r, s), x, d.lo, d.hi)});
      count[x]++;
      if (d.given[r * d.sectors + s] && d.at(r, s) != x)
        out.push_back({"grid/" + field_label(r, s), fmt::format("{} is given as {} but holds {}", field_label(r, s), d.at(r, s), x)});
    }
  for (int x = d.lo; x <= d.hi; ++x)
    if (count[x] != d.repeat)
      out.push_back({fmt::format("rule/count/{}", x), fmt::format("digit {} is used {} times, not {}", x, count[x], d.repeat)});
  for (int r = 0; r < d.rings; ++r) {
    int64_t sum = 0;
    for (int s = 0; s < d.sectors; ++s) sum += v[r * d.sectors + s];
    if (sum != d.ring_sum)
      out.push_back({fmt::format("rule/ring/{}", r + 1), fmt::format("ring {} sums to {}, not {}", r + 1, sum, d.ring_sum)});
  }
  for (int s = 0; s < d.sectors; ++s) {
    int64_t sum = 0;
    for (int r = 0; r < d.rings; ++r) sum += v[r * d.sectors + s];
    if (sum != d.sector_sum)
      out.push_back({fmt::format("rule/sector/{}", s + 1), fmt::format("sector {} sums to {}, not {}", s + 1, sum, d.sector_sum)});
  }
  return out;
}

}  // namespace psmt::jodici
