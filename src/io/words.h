// Words for counts in messages: "1 given", "2 givens".
#pragma once

#include <string>

#include <fmt/format.h>

namespace psmt {

// "1 clue", "3 clues"; `many` defaults to `one` + "s".
inline std::string plural(std::size_t n, const std::string& one, std::string many = "") {
  if (many.empty()) many = one + "s";
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace psmt
