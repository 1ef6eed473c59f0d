#include "io/words.h"
#include "engine/expect.h"

#include <fmt/format.h>

namespace psmt {

std::vector<std::string> compare_expectation(const LoadedPuzzle& lp, const Result& res) {
  std::vector<std::string> out;
  const Expectation& ex = lp.expect;
  const std::string got = status_name(res.status);
  if (ex.status) {
    bool decided = res.status == Status::Unique || res.status == Status::Multiple || res.status == Status::None;
    if (decided && got != *ex.status)
      out.push_back(fmt::format("status is {}, the file expects {}", got, *ex.status));
    if (res.status == Status::Solved && *ex.status == "none")
      out.push_back("a solution was found, the file expects none");
  }
  if (ex.count) {
    if (res.complete && res.solutions_found != *ex.count)
      out.push_back(fmt::format("{}, the file expects {}", plural(res.solutions_found, "solution"), *ex.count));
    if (!res.complete && res.solutions_found > *ex.count)
      out.push_back(fmt::format("at least {} solutions, the file expects {}", res.solutions_found, *ex.count));
  }
  if (ex.solution) {
    auto violations = lp.encoder->check(*lp.puzzle, *ex.solution);
    if (!violations.empty())
      out.push_back(fmt::format("the file's expected solution breaks the puzzle: {}", violations.front().message));
    if (res.status == Status::Unique && !res.solutions.empty()) {
      auto diff = lp.encoder->differences(*lp.puzzle, res.solutions.front(), *ex.solution);
      if (!diff.empty())
        out.push_back(fmt::format("the unique solution differs from the expected one in {} cells (first: {})",
                                  diff.size(), diff.front()));
    }
    if (res.status == Status::None)
      out.push_back("no solution found, but the file gives an expected solution");
  }
  return out;
}

}  // namespace psmt
