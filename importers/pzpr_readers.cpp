#include "importers/pzpr_readers.h"

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
  if (c < slots) reader_fail(origin, fmt::format("{} data ends after {} of the {} cells", genre, c, slots));
  r.end = i;
  return r;
}

}  // namespace psmt::importers::pzpr
