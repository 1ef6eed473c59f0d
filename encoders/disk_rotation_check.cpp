// Disk rotation model and independent checker. No Z3 here (tests enforce it).
#include <fmt/format.h>

#include "disk_rotation.h"

namespace psmt::disk_rotation {

int Stack::solid(int d, int p, int r) const {
  const int len = n();
  int area = (p + r) % len;
  if (!flipped.empty() && flipped[d]) area = len - 1 - area;
  return disks[d][area];
}

nlohmann::json solution_json(const std::vector<int>& rotations) { return {{"rotations", rotations}}; }

std::vector<Violation> check_solution(const Stack& s, const nlohmann::json& sol) {
  const int k = static_cast<int>(s.disks.size()), n = s.n();
  if (!sol.is_object() || !sol.contains("rotations") || !sol["rotations"].is_array() ||
      static_cast<int>(sol["rotations"].size()) != k)
    return {{"rule/shape", fmt::format("a solution is {{\"rotations\": [{} integers]}}", k)}};
  std::vector<int> rot;
  for (const auto& r : sol["rotations"]) {
    if (!r.is_number_integer() || r.get<int>() < 0 || r.get<int>() >= n)
      return {{"rule/shape", fmt::format("rotations are integers 0..{}", n - 1)}};
    rot.push_back(r.get<int>());
  }
  std::vector<Violation> out;
  if (rot[0] != 0) out.push_back({"rule/reference", "the first disk is the reference and keeps rotation 0"});
  int wildcards = 0;
  for (int d = 0; d < k; ++d) wildcards += (!s.wildcard.empty() && s.wildcard[d]) ? 1 : 0;
  for (int p = 0; p < n; ++p) {
    int covered = 0;
    for (int d = 0; d < k; ++d)
      if (s.wildcard.empty() || !s.wildcard[d]) covered += s.solid(d, p, rot[d]);
    // A wildcard disk (dropped clue) can fill any position the others leave open.
    if ((covered == 0 && wildcards == 0) || (s.exactly && covered > 1))
      out.push_back({fmt::format("rule/position/{}", p + 1),
                     fmt::format("position {} is covered {} times{}", p + 1, covered, s.exactly ? ", not once" : "")});
  }
  return out;
}

}  // namespace psmt::disk_rotation
