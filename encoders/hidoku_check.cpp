// Hidoku model and independent checker. No Z3 here (tests enforce it).
#include <cstdlib>

#include <fmt/format.h>

#include "grid/grid.h"
#include "hidoku.h"

namespace psmt::hidoku {

int Board::cells() const {
  int n = 0;
  for (bool b : on) n += b ? 1 : 0;
  return n;
}

std::vector<std::pair<int, int>> Board::moves() const {
  std::vector<std::pair<int, int>> m;
  for (int dr = -3; dr <= 3; ++dr)
    for (int dc = -3; dc <= 3; ++dc) {
      int a = std::abs(dr), b = std::abs(dc);
      bool ok = adjacency == "king"         ? (a <= 1 && b <= 1 && a + b > 0)
                : adjacency == "orthogonal" ? a + b == 1
                : adjacency == "knight"     ? (a == 1 && b == 2) || (a == 2 && b == 1)
                                            : (a == 2 && b == 2) || (a == 3 && b == 0) || (a == 0 && b == 3);  // hopido
      if (ok) m.push_back({dr, dc});
    }
  return m;
}

std::vector<std::vector<int>> Board::neighbours() const {
  std::vector<std::vector<int>> out(rows * cols);
  auto mv = moves();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (!on[r * cols + c]) continue;
      for (auto [dr, dc] : mv) {
        int R = r + dr, C = c + dc;
        if (R >= 0 && C >= 0 && R < rows && C < cols && on[R * cols + C]) out[r * cols + c].push_back(R * cols + C);
      }
    }
  return out;
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& v) {
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < b.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.cols; ++c) {
      if (b.on[r * b.cols + c]) row.push_back(v.at(r * b.cols + c));
      else row.push_back(nullptr);
    }
    grid.push_back(row);
  }
  return {{"grid", grid}};
}

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& sol) {
  const int N = b.cells();
  if (!sol.is_object() || !sol.contains("grid") || !sol["grid"].is_array() || static_cast<int>(sol["grid"].size()) != b.rows)
    return {{"rule/shape", fmt::format("a solution is {{\"grid\": [{} rows]}}", b.rows)}};
  std::vector<int> where(N + 1, -1);
  std::vector<Violation> out;
  for (int r = 0; r < b.rows; ++r) {
    const auto& row = sol["grid"][r];
    if (!row.is_array() || static_cast<int>(row.size()) != b.cols) return {{"rule/shape", fmt::format("row {} needs {} entries", r + 1, b.cols)}};
    for (int c = 0; c < b.cols; ++c) {
      const auto& x = row[c];
      std::string label = cell_label({r, c});
      if (!b.on[r * b.cols + c]) {
        if (!x.is_null()) out.push_back({"rule/board/" + label, label + " is not on the board but holds a number"});
        continue;
      }
      if (!x.is_number_integer() || x.get<int>() < 1 || x.get<int>() > N) {
        out.push_back({"rule/range/" + label, fmt::format("{} must hold a number 1..{}", label, N)});
        continue;
      }
      int k = x.get<int>();
      if (where[k] >= 0) out.push_back({fmt::format("rule/once/{}", k), fmt::format("{} appears twice", k)});
      where[k] = r * b.cols + c;
      if (b.givens[r * b.cols + c] && b.givens[r * b.cols + c] != k)
        out.push_back({"board/" + label, fmt::format("{} is given as {} but holds {}", label, b.givens[r * b.cols + c], k)});
    }
  }
  if (!out.empty()) return out;
  auto nb = b.neighbours();
  for (int k = 1; k < N; ++k) {
    bool adjacent = false;
    for (int n : nb[where[k]]) adjacent = adjacent || n == where[k + 1];
    if (!adjacent)
      out.push_back({fmt::format("rule/path/{}", k), fmt::format("{} ({}) and {} ({}) are not {} neighbours", k,
                                                                  cell_label({where[k] / b.cols, where[k] % b.cols}), k + 1,
                                                                  cell_label({where[k + 1] / b.cols, where[k + 1] % b.cols}), b.adjacency)});
  }
  return out;
}

}  // namespace psmt::hidoku
