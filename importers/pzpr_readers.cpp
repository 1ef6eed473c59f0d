#include "importers/pzpr_readers.h"

#include <algorithm>

#include <fmt/format.h>

#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers::pzpr {

namespace {
[[noreturn]] void reader_fail(const std::string& origin, const std::string& msg) {
  throw InputError("input.link", kNoPath, msg, origin);
}

thread_local std::vector<std::string> short_notes;
}  // namespace

void note_short(long covered, int slots, const char* places) {
  if (covered >= slots) return;
  short_notes.push_back(fmt::format("the link's data ends after {} of its {} {}: cut off? The rest is read as empty, "
                                    "as puzz.link reads it; check that the link was copied whole",
                                    std::max(0L, covered), slots, places));
}

std::vector<std::string> take_short_notes() {
  std::vector<std::string> out;
  out.swap(short_notes);
  return out;
}

Read four_cell(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin,
               const char* places) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), kNone);
  int c = 0;
  std::size_t i = from;
  for (; i < body.size() && c < slots; ++i) {
    const char ch = body[i];
    const std::string where = fmt::format("{} data, character {}", genre, i + 1);
    if (ch >= '0' && ch <= '4') {
      r.values[static_cast<std::size_t>(c)] = ch - '0';
      c += 1;
    } else if (ch >= '5' && ch <= '9') {
      r.values[static_cast<std::size_t>(c)] = ch - '5';
      c += 2;
    } else if (ch >= 'a' && ch <= 'e') {
      r.values[static_cast<std::size_t>(c)] = ch - 'a';
      c += 3;
    } else if (ch >= 'g' && ch <= 'z') {
      c += ch - 'f';
    } else if (ch == '.') {
      r.values[static_cast<std::size_t>(c)] = kUnknown;
      c += 1;
    } else {
      reader_fail(origin, fmt::format("{}: unexpected {} (0-9, a-e, g-z or '.')", where, quote_input(std::string(1, ch))));
    }
  }
  // A shorter body leaves the rest empty, as pzprjs reads it.
  note_short(c, slots, places);
  r.end = i;
  return r;
}

Read circle(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), kNone);
  // A shorter body leaves the rest empty, as pzprjs reads it.
  const std::size_t digits = std::min(static_cast<std::size_t>((slots + 2) / 3), body.size() - std::min(body.size(), from));
  for (std::size_t k = 0; k < digits; ++k) {
    const char ch = body[from + k];
    int v = -1;
    if (ch >= '0' && ch <= '9') v = ch - '0';
    else if (ch >= 'a' && ch <= 'q') v = ch - 'a' + 10;
    if (v < 0) reader_fail(origin, fmt::format("{} data, character {}: unexpected {} (0-9 or a-q)", genre, from + k + 1, quote_input(std::string(1, ch))));
    for (int w = 0, weight = 9; w < 3; ++w, weight /= 3) {
      const int slot = static_cast<int>(k) * 3 + w;
      const int value = (v / weight) % 3;
      if (slot < slots) r.values[static_cast<std::size_t>(slot)] = value;
      else if (value != 0) reader_fail(origin, fmt::format("{} data, character {}: a mark past the last cell", genre, from + k + 1));
    }
  }
  note_short(static_cast<long>(digits) * 3, slots, "cells");
  r.end = from + digits;
  return r;
}

Read number16(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin,
              const char* places) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), kNone);
  int c = 0;
  std::size_t i = from;
  auto hex = [&](std::size_t at, std::size_t n) {
    if (at + n > body.size()) reader_fail(origin, fmt::format("{} data ends inside the number at character {}", genre, at));
    int v = 0;
    for (std::size_t k = at; k < at + n; ++k) {
      const char ch = body[k];
      int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
      if (d < 0) reader_fail(origin, fmt::format("{} data, character {}: {} is not a hex digit", genre, k + 1, quote_input(std::string(1, ch))));
      v = v * 16 + d;
    }
    return v;
  };
  while (i < body.size() && c < slots) {
    const char ch = body[i];
    if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f')) {
      r.values[static_cast<std::size_t>(c++)] = hex(i, 1);
      i += 1;
    } else if (ch == '-') {
      r.values[static_cast<std::size_t>(c++)] = hex(i + 1, 2);
      i += 3;
    } else if (ch == '+') {
      r.values[static_cast<std::size_t>(c++)] = hex(i + 1, 3);
      i += 4;
    } else if (ch == '.') {
      r.values[static_cast<std::size_t>(c++)] = kUnknown;
      i += 1;
    } else if (ch >= 'g' && ch <= 'z') {
      c += ch - 'f';
      i += 1;
    } else {
      reader_fail(origin, fmt::format("{} data, character {}: unexpected {}", genre, i + 1, quote_input(std::string(1, ch))));
    }
  }
  note_short(c, slots, places);
  if (c > slots) c = slots;  // a skip past the end: pzprjs stops there too
  r.end = i;
  return r;
}

Read border(const std::string& body, std::size_t from, int cols, int rows, const std::string& genre, const std::string& origin) {
  const int vertical = (cols - 1) * rows, horizontal = cols * (rows - 1);
  Read r;
  r.values.assign(static_cast<std::size_t>(vertical + horizontal), 0);
  std::size_t i = from;
  for (auto [first, count] : {std::pair{0, vertical}, std::pair{vertical, horizontal}}) {
    for (int k = 0; k < count; k += 5) {
      if (i >= body.size()) {
        note_short(first + k, vertical + horizontal, "borders between cells");
        r.end = i;
        return r;  // a short body: the rest without walls, as pzprjs reads it
      }
      const char ch = body[i];
      const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'v' ? ch - 'a' + 10 : -1;
      if (d < 0) reader_fail(origin, fmt::format("{} data, character {}: unexpected {} in the walls (0-9, a-v)", genre, i + 1, quote_input(std::string(1, ch))));
      for (int bit = 0; bit < 5 && k + bit < count; ++bit)
        r.values[static_cast<std::size_t>(first + k + bit)] = (d >> (4 - bit)) & 1;
      ++i;
    }
  }
  r.end = i;
  return r;
}

std::vector<int> rooms_of(const std::vector<int>& walls, int cols, int rows, int& count) {
  const int vertical = (cols - 1) * rows;
  std::vector<int> room(static_cast<std::size_t>(cols * rows), -1);
  count = 0;
  for (int start = 0; start < cols * rows; ++start) {
    if (room[static_cast<std::size_t>(start)] >= 0) continue;
    std::vector<int> stack{start};
    room[static_cast<std::size_t>(start)] = count;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      const int r = v / cols, c = v % cols;
      auto go = [&](int w, int wall) {
        if (walls[static_cast<std::size_t>(wall)] || room[static_cast<std::size_t>(w)] >= 0) return;
        room[static_cast<std::size_t>(w)] = count;
        stack.push_back(w);
      };
      if (c + 1 < cols) go(v + 1, r * (cols - 1) + c);
      if (c > 0) go(v - 1, r * (cols - 1) + c - 1);
      if (r + 1 < rows) go(v + cols, vertical + r * cols + c);
      if (r > 0) go(v - cols, vertical + (r - 1) * cols + c);
    }
    ++count;
  }
  return room;
}

Read hitori(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), kNone);
  auto b36 = [&](std::size_t k) {
    const char ch = k < body.size() ? body[k] : '\0';
    const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'z' ? ch - 'a' + 10 : -1;
    if (d < 0)
      reader_fail(origin, k < body.size() ? fmt::format("{} data, character {}: {} is not a base-36 digit", genre, k + 1, quote_input(std::string(1, ch)))
                                          : fmt::format("{} data ends inside the number at character {}", genre, k));
    return d;
  };
  std::size_t i = from;
  int c = 0;
  for (; c < slots && i < body.size(); ++c) {
    const char ch = body[i];
    if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z')) {
      r.values[static_cast<std::size_t>(c)] = b36(i);
      i += 1;
    } else if (ch == '-') {
      r.values[static_cast<std::size_t>(c)] = b36(i + 1) * 36 + b36(i + 2);
      i += 3;
    } else if (ch == '%' || ch == '@') {
      r.values[static_cast<std::size_t>(c)] = kUnknown;
      i += 1;
    } else {
      i += 1;  // a cell without a number (the encoder writes '.')
    }
  }
  note_short(c, slots, "cells");
  r.end = i;
  return r;
}

Read arrow_number16(const std::string& body, std::size_t from, int slots, std::vector<int>& dirs, const std::string& genre,
                    const std::string& origin) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), kNone);
  dirs.assign(static_cast<std::size_t>(slots), kNone);
  auto hex = [&](std::size_t at, std::size_t n) {
    if (at + n > body.size()) reader_fail(origin, fmt::format("{} data ends inside the clue at character {}", genre, at));
    int v = 0;
    for (std::size_t k = at; k < at + n; ++k) {
      const char ch = body[k];
      const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
      if (d < 0) reader_fail(origin, fmt::format("{} data, character {}: {} is not a hex digit", genre, k + 1, quote_input(std::string(1, ch))));
      v = v * 16 + d;
    }
    return v;
  };
  std::size_t i = from;
  int c = 0;
  while (i < body.size() && c < slots) {
    const char ch = body[i];
    const auto k = static_cast<std::size_t>(c);
    if (ch == '+') {
      dirs[k] = 0;
      r.values[k] = -3;
      i += 1;
    } else if (ch >= '0' && ch <= '4') {
      dirs[k] = ch - '0';
      if (i + 1 >= body.size()) reader_fail(origin, fmt::format("{} data ends inside the clue at character {}", genre, i + 1));
      r.values[k] = body[i + 1] == '.' ? kUnknown : hex(i + 1, 1);
      i += 2;
    } else if (ch >= '5' && ch <= '9') {
      dirs[k] = ch - '5';
      r.values[k] = hex(i + 1, 2);
      i += 3;
    } else if (ch == '-') {
      dirs[k] = hex(i + 1, 1);
      if (dirs[k] > 4) reader_fail(origin, fmt::format("{} data, character {}: direction {} (0 to 4)", genre, i + 2, dirs[k]));
      r.values[k] = hex(i + 2, 3);
      i += 5;
    } else if (ch >= 'a' && ch <= 'z') {
      c += ch - 'a';
      i += 1;
    } else {
      reader_fail(origin, fmt::format("{} data, character {}: unexpected {}", genre, i + 1, quote_input(std::string(1, ch))));
    }
    ++c;
  }
  note_short(c, slots, "cells");
  r.end = i;
  return r;
}

Read dot(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), kNone);
  std::size_t i = from;
  int s = 0;
  while (i < body.size() && s < slots) {
    const char ch = body[i];
    if ((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f')) {
      const int v = ch <= '9' ? ch - '0' : ch - 'a' + 10;
      r.values[static_cast<std::size_t>(s)] = v % 2 + 1;
      s += v / 2 + 1;
    } else if (ch >= 'g' && ch <= 'z') {
      s += ch - 'f';
    } else {
      reader_fail(origin, fmt::format("{} data, character {}: unexpected {} in the dots", genre, i + 1, quote_input(std::string(1, ch))));
    }
    ++i;
  }
  note_short(s, slots, "places a dot can take");
  r.end = i;
  return r;
}

Read one_cell(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), kNone);
  int c = 0;
  std::size_t i = from;
  for (; i < body.size() && c < slots; ++i) {
    const char ch = body[i];
    const int v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'z' ? ch - 'a' + 10 : -1;
    if (v < 0) reader_fail(origin, fmt::format("{} data, character {}: unexpected {} in the marks (0-9, a-z)", genre, i + 1, quote_input(std::string(1, ch))));
    if (v <= 17) {
      r.values[static_cast<std::size_t>(c)] = 1;
      c += v;
    } else {
      c += v - 18;
    }
    ++c;
  }
  note_short(c, slots, "cells");
  r.end = i;
  return r;
}

Read empty(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin) {
  Read r;
  r.values.assign(static_cast<std::size_t>(slots), 0);
  std::size_t i = from;
  for (int k = 0; k < slots && i < body.size(); k += 5, ++i) {
    const char ch = body[i];
    const int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'v' ? ch - 'a' + 10 : -1;
    if (d < 0) reader_fail(origin, fmt::format("{} data, character {}: unexpected {} in the holes (0-9, a-v)", genre, i + 1, quote_input(std::string(1, ch))));
    for (int bit = 0; bit < 5 && k + bit < slots; ++bit) r.values[static_cast<std::size_t>(k + bit)] = (d >> (4 - bit)) & 1;
  }
  r.end = i;
  return r;
}

}  // namespace psmt::importers::pzpr
