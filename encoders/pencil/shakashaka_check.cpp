// Shakashaka's independent checker: plain C++, no solver. Each cell is cut
// into four quarters (top, right, bottom, left) by its diagonals; a white
// area is a set of white quarters joined across their sides; it is a
// rectangle exactly when it fills its bounding box, upright (x, y) or
// turned 45° (x + y, x - y). Coordinates are doubled so that the cell
// centres, where quarters meet, are whole.
#include <algorithm>
#include <climits>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "encoders/pencil/shakashaka.h"
#include "io/error.h"
#include "io/words.h"

namespace psmt::shakashaka {

std::string number_id(Cell c) { return fmt::format("grid/r{}c{}", c.row + 1, c.col + 1); }
std::string number_label(Cell c, int n) { return fmt::format("{} beside r{}c{}", plural(static_cast<std::size_t>(n), "triangle"), c.row + 1, c.col + 1); }

std::vector<int> pieces_of(const Board& b, const nlohmann::json& solution) {
  const auto& L = b.lat;
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows)
    throw InputError("input.shape", "", fmt::format("a solution is {} strings, one per row", L.rows));
  std::vector<int> out;
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    const std::string where = fmt::format("/{}", r);
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != L.cols)
      throw InputError("input.shape", where, fmt::format("a string of {} characters", L.cols));
    const std::string s = row.get<std::string>();
    for (int c = 0; c < L.cols; ++c) {
      const char ch = s[static_cast<std::size_t>(c)];
      const bool black = b.cell[static_cast<std::size_t>(L.cell(r, c))] != kWhite;
      const char* tri = ch ? std::strchr(kTriangleChars, ch) : nullptr;
      if (black) {
        if (ch != '#') throw InputError("input.value", where, fmt::format("character {}: r{}c{} is a black cell ('#')", c + 1, r + 1, c + 1));
        out.push_back(kBlackCell);
      } else if (ch == '.') {
        out.push_back(kEmpty);
      } else if (tri) {
        out.push_back(static_cast<int>(tri - kTriangleChars));
      } else {
        throw InputError("input.value", where,
                         fmt::format("character {}: {} ('.' empty, a triangle L, J, 7 or F by its black corner)", c + 1, quote_input(std::string(1, ch))));
      }
    }
  }
  return out;
}

nlohmann::json solution_json(const Board& b, const std::vector<int>& pieces) {
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < b.lat.rows; ++r) {
    std::string s;
    for (int c = 0; c < b.lat.cols; ++c) {
      const int v = pieces[static_cast<std::size_t>(b.lat.cell(r, c))];
      s += v == kBlackCell ? '#' : v == kEmpty ? '.' : kTriangleChars[v];
    }
    out.push_back(s);
  }
  return out;
}

namespace {
// The white quarters of a piece (bit q: 0 top, 1 right, 2 bottom, 3 left).
int white_quarters(int piece) {
  switch (piece) {
    case kEmpty: return 0b1111;
    case kBlackCell: return 0;
    case 0: return 0b0011;  // black lower left: top and right white
    case 1: return 0b1001;  // black lower right: top and left
    case 2: return 0b1100;  // black upper right: bottom and left
    default: return 0b0110;  // black upper left: right and bottom
  }
}
}  // namespace

std::vector<Violation> check_pieces(const Board& b, const std::vector<int>& pieces) {
  const auto& L = b.lat;
  std::vector<Violation> out;
  bool any = false;
  for (int i = 0; i < L.cells(); ++i) {
    any = any || pieces[static_cast<std::size_t>(i)] >= 0;
    const int n = b.cell[static_cast<std::size_t>(i)];
    if (n < 0) continue;
    int have = 0;
    for (int w : L.neighbours(i)) have += pieces[static_cast<std::size_t>(w)] >= 0 ? 1 : 0;
    if (have != n) out.push_back({number_id(L.cell_at(i)), fmt::format("{}: it has {}", number_label(L.cell_at(i), n), have)});
  }
  if (!any) out.push_back({"rule/triangle", "no triangle at all (pzprjs asks for at least one)"});
  // White quarters joined into areas (union-find over quarter 4*i+q).
  std::vector<int> up(static_cast<std::size_t>(4 * L.cells()));
  for (std::size_t k = 0; k < up.size(); ++k) up[k] = static_cast<int>(k);
  std::function<int(int)> find = [&](int x) { return up[static_cast<std::size_t>(x)] == x ? x : up[static_cast<std::size_t>(x)] = find(up[static_cast<std::size_t>(x)]); };
  auto join = [&](int x, int y) { up[static_cast<std::size_t>(find(x))] = find(y); };
  auto white = [&](int i, int q) { return (white_quarters(pieces[static_cast<std::size_t>(i)]) >> q & 1) != 0; };
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    for (int q = 0; q < 4; ++q)
      if (white(i, q) && white(i, (q + 1) % 4)) join(4 * i + q, 4 * i + (q + 1) % 4);
    if (c.col + 1 < L.cols && white(i, 1) && white(i + 1, 3)) join(4 * i + 1, 4 * (i + 1) + 3);
    if (c.row + 1 < L.rows && white(i, 2) && white(i + L.cols, 0)) join(4 * i + 2, 4 * (i + L.cols));
  }
  struct Box {
    int quarters = 0, first = -1;
    int x0 = INT_MAX, x1 = INT_MIN, y0 = INT_MAX, y1 = INT_MIN, u0 = INT_MAX, u1 = INT_MIN, v0 = INT_MAX, v1 = INT_MIN;
    void add(int y, int x) {
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
      u0 = std::min(u0, x + y), u1 = std::max(u1, x + y), v0 = std::min(v0, x - y), v1 = std::max(v1, x - y);
    }
  };
  std::vector<Box> box(up.size());
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    const int Y = 2 * c.row, X = 2 * c.col;
    // The quarters' corners: two corners of the cell and its centre.
    const int corners[4][2][2] = {{{Y, X}, {Y, X + 2}}, {{Y, X + 2}, {Y + 2, X + 2}}, {{Y + 2, X + 2}, {Y + 2, X}}, {{Y + 2, X}, {Y, X}}};
    for (int q = 0; q < 4; ++q) {
      if (!white(i, q)) continue;
      Box& a = box[static_cast<std::size_t>(find(4 * i + q))];
      if (a.first < 0) a.first = i;
      ++a.quarters;
      a.add(Y + 1, X + 1);
      for (const auto& p : corners[q]) a.add(p[0], p[1]);
    }
  }
  // Doubled coordinates: a quarter has area 1; the upright box (x1-x0)(y1-y0),
  // the turned one (u1-u0)(v1-v0)/2.
  for (const auto& a : box) {
    if (a.quarters == 0) continue;
    const long upright = static_cast<long>(a.x1 - a.x0) * (a.y1 - a.y0), turned = static_cast<long>(a.u1 - a.u0) * (a.v1 - a.v0);
    if (upright == a.quarters || turned == 2L * a.quarters) continue;
    out.push_back({"rule/rectangle", fmt::format("the white area at {} is not a rectangle", cell_label(L.cell_at(a.first)))});
  }
  return out;
}

std::vector<Violation> check_solution(const Board& b, const nlohmann::json& solution) {
  std::vector<int> pieces;
  try {
    pieces = pieces_of(b, solution);
  } catch (const InputError& e) {
    return {{"rule/shape", e.what()}};
  }
  return check_pieces(b, pieces);
}

}  // namespace psmt::shakashaka
