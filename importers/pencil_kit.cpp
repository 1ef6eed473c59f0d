// What the pencil genres' puz.link readers share (importers/puzzlink_pencil.cpp
// and importers/pencil/*.cpp): errors that name the link, the variant mark
// and flags refused by name, the size fields and the body.
#include "importers/pencil_kit.h"

#include <cctype>

#include <fmt/format.h>

#include "grid/grid.h"
#include "io/error.h"
#include "importers/formats.h"
#include "importers/pzpr_readers.h"
#include "io/json_load.h"

namespace psmt::importers::pencil_kit {

[[noreturn]] void pencil_fail(const std::string& origin, const std::string& msg) {
  throw InputError("input.link", kNoPath, msg, origin);
}

// A variant mark v:ID says the puzzle has extra rules stated elsewhere: a
// reader cannot know them, so it refuses rather than drop them.
void refuse_variant(const std::vector<std::string>& flags, const std::string& genre, const std::string& origin) {
  for (const auto& f : flags)
    if (f.rfind("v:", 0) == 0)
      pencil_fail(origin, fmt::format("{}: {} marks a variant whose extra rules are stated elsewhere (not in the link); "
                                      "puzzle-smt cannot read them: write the puzzle as JSON with the rules it has",
                                      genre, quote_input(f)));
}

int size_field(const std::string& s, const std::string& genre, const char* what, int most, const std::string& origin) {
  if (s.empty() || s.size() > 4 || s.find_first_not_of("0123456789") != std::string::npos)
    pencil_fail(origin, fmt::format("{} {}: {} is not a number", genre, what, quote_input(s)));
  const int v = std::stoi(s);
  if (v < 1 || v > most) pencil_fail(origin, fmt::format("{} {}: {} is out of range (1 to {})", genre, what, quote_input(s), most));
  return v;
}

Board board_fields(const std::vector<std::string>& fields, const std::string& genre, const std::string& form,
                   const std::string& origin) {
  if (fields.size() != 3)
    pencil_fail(origin, fmt::format("a {} link is p?{}, this one has {} parts after the name", genre, form, fields.size()));
  return {size_field(fields[0], genre, "columns", kMaxBoardSide, origin), size_field(fields[1], genre, "rows", kMaxBoardSide, origin), fields[2]};
}

void no_trailing(const std::string& genre, const Board& b, std::size_t end, const std::string& origin) {
  if (end != b.body.size())
    pencil_fail(origin, fmt::format("{} data, character {}: {} more characters than the {}x{} board needs", genre, end + 1,
                                    b.body.size() - end, b.cols, b.rows));
}

nlohmann::json number16_rows(const Board& b, const std::string& genre, int least, int most, const std::string& what,
                             const std::string& why, const std::string& origin) {
  const auto read = pzpr::number16(b.body, 0, b.rows * b.cols, genre, origin);
  no_trailing(genre, b, read.end, origin);
  for (std::size_t i = 0; i < read.values.size(); ++i) {
    const int v = read.values[i];
    if (v != pzpr::kNone && v != pzpr::kUnknown && (v < least || v > most))
      pencil_fail(origin, fmt::format("{} data: {} {} at r{}c{} ({})", genre, what, v, i / static_cast<std::size_t>(b.cols) + 1,
                                      i % static_cast<std::size_t>(b.cols) + 1, why));
  }
  return number_rows(read.values, b.cols, b.rows);
}

void no_flags(const std::vector<std::string>& flags, const std::string& genre, const std::string& origin) {
  refuse_variant(flags, genre, origin);
  for (const auto& f : flags) pencil_fail(origin, fmt::format("{}: the flag {} is not read", genre, quote_input(f)));
}

RoomNumbers room_numbers(const Board& b, const std::string& genre, const std::string& origin) {
  const auto walls = pzpr::border(b.body, 0, b.cols, b.rows, genre, origin);
  int count = 0;
  const std::vector<int> room = pzpr::rooms_of(walls.values, b.cols, b.rows, count);
  const auto read = pzpr::number16(b.body, walls.end, count, genre, origin, "rooms");
  std::vector<int> first(static_cast<std::size_t>(count), -1);
  for (int i = 0; i < b.cols * b.rows; ++i)
    if (first[static_cast<std::size_t>(room[static_cast<std::size_t>(i)])] < 0) first[static_cast<std::size_t>(room[static_cast<std::size_t>(i)])] = i;
  std::vector<int> numbers(static_cast<std::size_t>(b.cols * b.rows), pzpr::kNone);
  for (int k = 0; k < count; ++k) numbers[static_cast<std::size_t>(first[static_cast<std::size_t>(k)])] = read.values[static_cast<std::size_t>(k)];
  RoomNumbers out;
  out.rooms = nlohmann::json::array();
  for (int r = 0; r < b.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < b.cols; ++c) row.push_back(room[static_cast<std::size_t>(r * b.cols + c)]);
    out.rooms.push_back(row);
  }
  out.grid = number_rows(numbers, b.cols, b.rows);
  out.end = read.end;
  out.inner_wall = inner_wall(walls.values, b.cols, b.rows);
  return out;
}

std::string inner_wall(const std::vector<int>& walls, int cols, int rows) {
  int count = 0;
  const std::vector<int> room = pzpr::rooms_of(walls, cols, rows, count);
  const int vertical = rows * (cols - 1);
  for (std::size_t k = 0; k < walls.size(); ++k) {
    if (!walls[k]) continue;
    const int v = static_cast<int>(k);
    const bool right = v < vertical;
    const int r = right ? v / (cols - 1) : (v - vertical) / cols, c = right ? v % (cols - 1) : (v - vertical) % cols;
    const int r2 = right ? r : r + 1, c2 = right ? c + 1 : c;
    if (room[static_cast<std::size_t>(r * cols + c)] == room[static_cast<std::size_t>(r2 * cols + c2)])
      return fmt::format("r{}c{}{}r{}c{}", r + 1, c + 1, right ? "|" : "_", r2 + 1, c2 + 1);
  }
  return "";
}

nlohmann::json region_rows(const std::vector<int>& walls, int cols, int rows) {
  int count = 0;
  const std::vector<int> room = pzpr::rooms_of(walls, cols, rows, count);
  nlohmann::json out = nlohmann::json::array();
  for (int r = 0; r < rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < cols; ++c) row.push_back(room[static_cast<std::size_t>(r * cols + c)]);
    out.push_back(row);
  }
  return out;
}

void tatham_fail(const TathamId& t, const std::string& where, const std::string& msg) {
  throw InputError("input.game_id", kNoPath, where + ": " + msg, t.origin);
}

TathamSize tatham_size(const TathamId& t, int least, const std::string& why) {
  TathamSize z;
  std::size_t& i = z.end;
  auto number = [&]() {
    std::size_t j = i;
    while (j < t.params.size() && std::isdigit(static_cast<unsigned char>(t.params[j])) && j - i < 4) ++j;
    if (j == i) tatham_fail(t, "parameters", fmt::format("{}: WxH first", quote_input(t.params)));
    const int v = std::stoi(t.params.substr(i, j - i));
    i = j;
    return v;
  };
  z.w = number();
  z.h = z.w;
  if (i < t.params.size() && t.params[i] == 'x') {
    ++i;
    z.h = number();
  }
  if (z.w < least || z.h < least || z.w > kMaxBoardSide || z.h > kMaxBoardSide)
    tatham_fail(t, "parameters", fmt::format("a {}x{} grid ({} to {} each way{})", z.w, z.h, least, kMaxBoardSide, why));
  return z;
}

std::vector<std::string> four_cell_rows(const Board& b, const std::string& genre, const std::string& origin) {
  const auto read = pzpr::four_cell(b.body, 0, b.rows * b.cols, genre, origin);
  no_trailing(genre, b, read.end, origin);
  std::vector<std::string> rows;
  for (int r = 0; r < b.rows; ++r) {
    std::string s;
    for (int c = 0; c < b.cols; ++c) {
      const int v = read.values[static_cast<std::size_t>(r * b.cols + c)];
      s += v == pzpr::kNone ? '.' : v == pzpr::kUnknown ? '#' : static_cast<char>('0' + v);
    }
    rows.push_back(s);
  }
  return rows;
}

}  // namespace psmt::importers::pencil_kit
