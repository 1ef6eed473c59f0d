// puzz.link's simpleloop: p?simpleloop/COLS/ROWS/BODY, the body an Empty
// block (decodeEmpty: the blocked cells). No flag is read.
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre simpleloop_pzpr() {
  return {"simpleloop", {}, "simpleloop", [](const PzprLink& q) {
            no_flags(q.flags, "simpleloop", q.origin);
            const Board b = board_fields(q.fields, "simpleloop", "simpleloop/COLS/ROWS/DATA", q.origin);
            const auto blocked = pzpr::empty(b.body, 0, b.cols * b.rows, "simpleloop", q.origin);
            pzpr::note_short(static_cast<long>(blocked.end) * 5, b.cols * b.rows, "cells");  // five cells a character
            no_trailing("simpleloop", b, blocked.end, q.origin);
            Builder out("puzz.link simpleloop");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "simpleloop";
            p["name"] = fmt::format("puzz.link simpleloop {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            nlohmann::json rows = nlohmann::json::array();
            for (int r = 0; r < b.rows; ++r) {
              std::string s;
              for (int c = 0; c < b.cols; ++c) s += blocked.values[static_cast<std::size_t>(r * b.cols + c)] ? '#' : '.';
              rows.push_back(s);
            }
            p["grid"] = rows;
            out.from("/grid", "simpleloop data (blocked cells)");
            return out.out;
          }};
}

}  // namespace psmt::importers
