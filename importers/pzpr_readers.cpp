#include "importers/pzpr_readers.h"

#include <algorithm>

#include <fmt/format.h>

#include "io/error.h"

namespace psmt::importers::pzpr {

namespace {
[[noreturn]] void reader_fail(const std::string& origin, const std::string& msg) {
  throw InputError("input.link", kNoPath, msg, origin);
}
}  // namespace

Read four_cell(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin) {
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
  r.end = from + digits;
  return r;
}

Read number16(const std::string& body, std::size_t from, int slots, const std::string& genre, const std::string& origin) {
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
  if (c > slots) c = slots;  // a skip past the end: pzprjs stops there too
  r.end = i;
  return r;
}

}  // namespace psmt::importers::pzpr
