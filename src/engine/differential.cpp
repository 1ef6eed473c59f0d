#include "engine/differential.h"

#include <set>

#include <fmt/format.h>

namespace psmt {

std::vector<std::string> disagreements(const std::vector<std::pair<std::string, Result>>& by_encoding, bool compare_sets) {
  std::vector<std::string> out;
  const std::pair<std::string, Result>* ref = nullptr;
  std::set<std::string> ref_set;
  for (const auto& entry : by_encoding) {
    const auto& [name, res] = entry;
    if (res.status == Status::Unknown) continue;
    std::set<std::string> set;
    for (const auto& s : res.solutions) set.insert(s.dump());
    if (!ref) {
      ref = &entry;
      ref_set = std::move(set);
      continue;
    }
    const Result& r0 = ref->second;
    if (res.status != r0.status)
      out.push_back(fmt::format("{} says {}, {} says {}", ref->first, status_name(r0.status), name, status_name(res.status)));
    else if (res.status == Status::Unique && set != ref_set)
      out.push_back(fmt::format("{} and {} report different unique solutions", ref->first, name));
    else if (compare_sets && res.complete && r0.complete && set != ref_set)
      out.push_back(fmt::format("{} and {} enumerate different solution sets ({} and {} solutions)", ref->first, name,
                                ref_set.size(), set.size()));
  }
  return out;
}

}  // namespace psmt
