// Polyomino model (orientations, placements, symmetries) and the independent
// checker: plain C++, no solver.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "polyomino.h"

namespace psmt::polyomino {

int Tiling::cells_on_board() const {
  return static_cast<int>(std::count_if(board.begin(), board.end(), [](char c) { return c != 0; }));
}

Shape normalise(Shape s) {
  int r0 = INT32_MAX, c0 = INT32_MAX;
  for (const auto& q : s) {
    r0 = std::min(r0, q.r);
    c0 = std::min(c0, q.c);
  }
  for (auto& q : s) {
    q.r -= r0;
    q.c -= c0;
  }
  std::sort(s.begin(), s.end());
  return s;
}

std::vector<Shape> orientations(const Shape& s, const std::string& turns) {
  std::vector<Shape> out;
  int n = turns == "fixed" ? 1 : turns == "rotate" ? 4 : 8;
  for (int t = 0; t < n; ++t) {
    Shape x;
    for (auto q : s) {
      int r = q.r, c = q.c;
      for (int k = 0; k < t % 4; ++k) {  // rotate 90 degrees clockwise
        int nr = c, nc = -r;
        r = nr;
        c = nc;
      }
      if (t >= 4) c = -c;  // then mirror
      x.push_back({r, c, q.colour});
    }
    x = normalise(x);
    if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
  }
  return out;
}

std::vector<Placement> legal_placements(const Tiling& t) {
  std::vector<Placement> out;
  for (std::size_t ti = 0; ti < t.types.size(); ++ti) {
    std::set<std::vector<int>> seen;
    for (const auto& o : t.types[ti].orientations) {
      int h = 0, w = 0;
      for (const auto& q : o) {
        h = std::max(h, q.r + 1);
        w = std::max(w, q.c + 1);
      }
      for (int dr = 0; dr + h <= t.rows; ++dr)
        for (int dc = 0; dc + w <= t.cols; ++dc) {
          std::vector<int> cells;
          bool ok = true;
          for (const auto& q : o) {
            int i = (q.r + dr) * t.cols + (q.c + dc);
            char b = t.board[i];
            if (!b || (q.colour && b != '#' && b != q.colour)) {
              ok = false;
              break;
            }
            cells.push_back(i);
          }
          if (!ok) continue;
          std::sort(cells.begin(), cells.end());
          if (seen.insert(cells).second) out.push_back({static_cast<int>(ti), cells});
        }
    }
  }
  return out;
}

std::vector<std::vector<int>> board_symmetries(const Tiling& t) {
  std::vector<std::vector<int>> out;
  for (int g = 0; g < 8; ++g) {
    bool square = t.rows == t.cols;
    if ((g % 4 == 1 || g % 4 == 3) && !square) continue;
    std::vector<int> perm(t.board.size(), -1);
    bool ok = true;
    for (int r = 0; r < t.rows && ok; ++r)
      for (int c = 0; c < t.cols && ok; ++c) {
        int R = r, C = c;
        int h = t.rows, w = t.cols;
        for (int k = 0; k < g % 4; ++k) {  // rotate clockwise within the current frame
          int nr = C, nc = h - 1 - R;
          R = nr;
          C = nc;
          std::swap(h, w);
        }
        if (g >= 4) C = w - 1 - C;
        int from = r * t.cols + c, to = R * t.cols + C;
        if (t.board[from] != t.board[to]) ok = false;  // off-board and colours must map onto themselves
        perm[from] = to;
      }
    if (ok && std::find(out.begin(), out.end(), perm) == out.end()) out.push_back(perm);
  }
  return out;
}

nlohmann::json solution_json(const Tiling& t, const std::vector<int>& chosen) {
  std::vector<std::string> grid(t.rows, std::string(t.cols, '.'));
  std::vector<std::pair<char, std::vector<int>>> pl;
  for (int p : chosen) {
    const auto& P = t.placements.at(p);
    char letter = t.types[P.type].letter;
    for (int i : P.cells) grid[i / t.cols][i % t.cols] = letter;
    pl.push_back({letter, P.cells});
  }
  std::sort(pl.begin(), pl.end());
  nlohmann::json placements = nlohmann::json::array();
  for (const auto& [letter, cells] : pl) {
    nlohmann::json cs = nlohmann::json::array();
    for (int i : cells) cs.push_back({i / t.cols, i % t.cols});
    placements.push_back({{"piece", std::string(1, letter)}, {"cells", cs}});
  }
  return {{"grid", grid}, {"placements", placements}};
}

std::vector<Violation> check_solution(const Tiling& t, const nlohmann::json& sol) {
  std::vector<Violation> out;
  if (!sol.is_object() || !sol.contains("placements") || !sol["placements"].is_array() || !sol.contains("grid"))
    return {{"rule/shape", "solution needs \"grid\" and \"placements\""}};
  std::map<char, int> type_of;
  for (std::size_t i = 0; i < t.types.size(); ++i) type_of[t.types[i].letter] = static_cast<int>(i);
  std::vector<char> cover(t.board.size(), 0);
  std::vector<int> used(t.types.size(), 0);
  for (const auto& p : sol["placements"]) {
    if (!p.contains("piece") || !p["piece"].is_string() || p["piece"].get<std::string>().size() != 1 ||
        !type_of.count(p["piece"].get<std::string>()[0]) || !p.contains("cells") || !p["cells"].is_array())
      return {{"rule/shape", "placement without a known piece letter and cells"}};
    char letter = p["piece"].get<std::string>()[0];
    const PieceType& type = t.types[type_of[letter]];
    used[type_of[letter]]++;
    Shape placed;
    for (const auto& rc : p["cells"]) {
      if (!rc.is_array() || rc.size() != 2 || !rc[0].is_number_integer() || !rc[1].is_number_integer())
        return {{"rule/shape", "placement cell is not [row, col]"}};
      int r = rc[0], c = rc[1];
      if (r < 0 || c < 0 || r >= t.rows || c >= t.cols || !t.board[r * t.cols + c]) {
        out.push_back({"rule/board", fmt::format("piece {} covers r{}c{}, which is not on the board", letter, r + 1, c + 1)});
        continue;
      }
      int i = r * t.cols + c;
      if (cover[i]) out.push_back({"rule/overlap", fmt::format("r{}c{} is covered twice ({} and {})", r + 1, c + 1, cover[i], letter)});
      cover[i] = letter;
      placed.push_back({r, c, t.board[i] == '#' ? char(0) : t.board[i]});
    }
    // The placed cells, with the board's colours, must be one of the piece's orientations.
    Shape norm = normalise(placed);
    bool fits = false;
    for (const auto& o : type.orientations) {
      if (o.size() != norm.size()) continue;
      bool same = true;
      for (std::size_t k = 0; k < o.size() && same; ++k)
        same = o[k].r == norm[k].r && o[k].c == norm[k].c && (!o[k].colour || !norm[k].colour || o[k].colour == norm[k].colour);
      fits = fits || same;
    }
    if (!fits) out.push_back({"rule/shape", fmt::format("the cells given for piece {} are not an allowed orientation of it (or its colours do not match the board)", letter)});
  }
  for (std::size_t i = 0; i < t.types.size(); ++i)
    if (t.types[i].count != kAnyCount && used[i] != t.types[i].count)
      out.push_back({"rule/count", fmt::format("piece {} is used {} times, expected {}", t.types[i].letter, used[i], t.types[i].count)});
  for (std::size_t i = 0; i < t.board.size(); ++i)
    if (t.board[i] && !cover[i])
      out.push_back({"rule/cover", fmt::format("r{}c{} is not covered", i / t.cols + 1, i % t.cols + 1)});
  const auto& grid = sol["grid"];
  bool grid_ok = grid.is_array() && static_cast<int>(grid.size()) == t.rows;
  for (int r = 0; grid_ok && r < t.rows; ++r) {
    grid_ok = grid[r].is_string() && static_cast<int>(grid[r].get<std::string>().size()) == t.cols;
    for (int c = 0; grid_ok && c < t.cols; ++c) {
      char want = cover[r * t.cols + c] ? cover[r * t.cols + c] : '.';
      grid_ok = grid[r].get<std::string>()[c] == want;
    }
  }
  if (!grid_ok) out.push_back({"rule/grid", "the grid does not show the placements"});
  for (std::size_t k = 0; k < t.covered.size(); ++k) {
    const Covered& cv = t.covered[k];
    if (cover[cv.cell] != t.types[cv.type].letter)
      out.push_back({fmt::format("covered/{}", k), fmt::format("r{}c{} should be covered by piece {}", cv.cell / t.cols + 1,
                                                                 cv.cell % t.cols + 1, t.types[cv.type].letter)});
  }
  return out;
}

bool least_image(const Tiling& t, const std::vector<int>& cells) {
  std::vector<int> img(cells.size());
  for (const auto& perm : t.symmetries) {
    for (std::size_t k = 0; k < cells.size(); ++k) img[k] = perm[cells[k]];
    std::sort(img.begin(), img.end());
    if (img < cells) return false;
  }
  return true;
}

int symmetry_anchor(const Tiling& t) {
  if (t.symmetries.size() < 2) return -1;
  int best = -1;
  std::size_t best_kept = SIZE_MAX;
  for (std::size_t ty = 0; ty < t.types.size(); ++ty) {
    if (t.types[ty].count != 1) continue;
    std::size_t kept = 0;
    for (const auto& P : t.placements)
      if (P.type == static_cast<int>(ty) && least_image(t, P.cells)) kept++;
    if (kept < best_kept) {
      best_kept = kept;
      best = static_cast<int>(ty);
    }
  }
  return best;
}

uint64_t canonical_orbit_size(const Tiling& t, const nlohmann::json& solution) {
  // Compare placements (anchor first, then piece letter, then covered cells),
  // not the letter grid: two copies of an identical piece show the same letter.
  using Rep = std::vector<std::tuple<bool, char, std::vector<int>>>;
  const char anchor = t.anchor >= 0 ? t.types[t.anchor].letter : 0;
  Rep mine;
  for (const auto& pl : solution["placements"]) {
    std::vector<int> cells;
    for (const auto& rc : pl["cells"]) cells.push_back(rc[0].get<int>() * t.cols + rc[1].get<int>());
    std::sort(cells.begin(), cells.end());
    char letter = pl["piece"].get<std::string>()[0];
    mine.push_back({letter != anchor, letter, cells});
  }
  std::sort(mine.begin(), mine.end());
  std::set<Rep> images;
  for (const auto& perm : t.symmetries) {
    Rep img;
    for (const auto& [not_anchor, letter, cells] : mine) {
      std::vector<int> mapped;
      for (int i : cells) mapped.push_back(perm[i]);
      std::sort(mapped.begin(), mapped.end());
      img.push_back({not_anchor, letter, mapped});
    }
    std::sort(img.begin(), img.end());
    if (img < mine) return 0;
    images.insert(std::move(img));
  }
  return images.size();
}

}  // namespace psmt::polyomino
