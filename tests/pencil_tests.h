// What the pencil genres' tests share (test_pencil2.cpp, test_pencil3.cpp):
// pzprjs's test script as a conformance set, random regions, and every
// shading of a small board tried with the kind's own checker.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "helpers.h"
#include "pzprjs_script.h"

namespace psmt::testing {

// pzprjs's test URL solves, alone, to pzprjs's solved board, and every wrong
// board of its script is refused by our checker.
inline void expect_pzprjs_conformance(const std::string& pid, int rows, int cols,
                               const std::function<nlohmann::json(const PzprjsBoard&)>& solution_of, bool wrong_boards = true) {
  const PzprjsScript s = read_pzprjs_script(pid);
  ASSERT_FALSE(s.url.empty()) << pid;
  ASSERT_GE(s.boards.size(), 2u) << pid;
  ASSERT_EQ(s.solved().code, "null") << pid;
  const std::string link = "https://puzz.link/p?" + pid + "/" + s.url;
  const CliResult r = run_cli({"check", "--json", link});
  ASSERT_EQ(r.exit_code, 0) << link << ": " << r.out << r.err;
  const nlohmann::json rep = nlohmann::json::parse(r.out);
  EXPECT_EQ(rep["solutions"][0], solution_of(s.solved())) << pid;
  const CliResult c = run_cli({"convert", link});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  if (!wrong_boards) return;  // the caller checks them (boards with clues of their own)
  const LoadedPuzzle lp = puzzle_from_text(c.out, link);
  int refused = 0;
  for (std::size_t k = 0; k + 1 < s.boards.size(); ++k) {
    const nlohmann::json wrong = solution_of(s.boards[k]);
    if (wrong.is_null()) continue;  // a board of another shape (pzprjs's input tests)
    EXPECT_FALSE(lp.encoder->check(*lp.puzzle, wrong).empty()) << pid << ": pzprjs refuses this board (" << s.boards[k].code
                                                               << ") and our checker accepts it: " << wrong.dump();
    ++refused;
  }
  EXPECT_GE(refused, 1) << pid;
  (void)rows, (void)cols;
}

inline nlohmann::json shading_solution(const PzprjsBoard& b, int rows, int cols) {
  if (b.tokens.size() < static_cast<std::size_t>(rows * cols)) return nullptr;
  return pzprjs_shading(b, rows, cols);
}

// Regions of a rows x cols board grown at random from k seeds (each one
// connected piece).
inline std::vector<std::vector<int>> random_regions(int rows, int cols, int k, std::mt19937& rng) {
  std::vector<int> id(static_cast<std::size_t>(rows * cols), -1);
  std::vector<int> cells(static_cast<std::size_t>(rows * cols));
  for (int i = 0; i < rows * cols; ++i) cells[static_cast<std::size_t>(i)] = i;
  std::shuffle(cells.begin(), cells.end(), rng);
  for (int r = 0; r < k; ++r) id[static_cast<std::size_t>(cells[static_cast<std::size_t>(r)])] = r;
  for (bool grew = true; grew;) {
    grew = false;
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int i : cells) {
      if (id[static_cast<std::size_t>(i)] >= 0) continue;
      const int r = i / cols, c = i % cols;
      std::vector<int> near;
      for (auto [dr, dc] : {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}}) {
        const int y = r + dr, x = c + dc;
        if (y >= 0 && y < rows && x >= 0 && x < cols && id[static_cast<std::size_t>(y * cols + x)] >= 0)
          near.push_back(id[static_cast<std::size_t>(y * cols + x)]);
      }
      if (near.empty()) continue;
      id[static_cast<std::size_t>(i)] = near[std::uniform_int_distribution<std::size_t>(0, near.size() - 1)(rng)];
      grew = true;
    }
  }
  std::vector<std::vector<int>> out(static_cast<std::size_t>(rows));
  for (int i = 0; i < rows * cols; ++i) out[static_cast<std::size_t>(i / cols)].push_back(id[static_cast<std::size_t>(i)]);
  return out;
}

// Every shading of the board tried with the kind's own checker: the number
// that passes, for boards of at most 20 cells.
inline uint64_t shadings_that_pass(const nlohmann::json& puzzle, int rows, int cols) {
  const LoadedPuzzle lp = puzzle_from_text(puzzle.dump());
  uint64_t n = 0;
  const int cells = rows * cols;
  for (uint64_t mask = 0; mask < (uint64_t{1} << cells); ++mask) {
    nlohmann::json sol = nlohmann::json::array();
    for (int r = 0; r < rows; ++r) {
      std::string row;
      for (int c = 0; c < cols; ++c) row += (mask >> (r * cols + c) & 1) ? '#' : '.';
      sol.push_back(row);
    }
    if (lp.encoder->check(*lp.puzzle, sol).empty()) ++n;
  }
  return n;
}

}  // namespace psmt::testing
