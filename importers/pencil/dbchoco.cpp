// puzz.link's dbchoco: p?dbchoco/COLS/ROWS/BODY, the body an Ice block
// (decodeIce: one bit per cell, five to a base-32 digit: the grey cells)
// then Number16 over the cells ('.' a number not given, '?'). No flag is
// read.
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"

namespace psmt::importers {

using namespace pencil_kit;


PzprGenre dbchoco_pzpr() {
  return {"dbchoco", {}, "dbchoco", [](const PzprLink& q) {
            no_flags(q.flags, "dbchoco", q.origin);
            const Board b = board_fields(q.fields, "dbchoco", "dbchoco/COLS/ROWS/DATA", q.origin);
            const auto grey = pzpr::empty(b.body, 0, b.cols * b.rows, "dbchoco", q.origin);
            const auto numbers = pzpr::number16(b.body, grey.end, b.cols * b.rows, "dbchoco", q.origin);
            no_trailing("dbchoco", b, numbers.end, q.origin);
            for (std::size_t i = 0; i < numbers.values.size(); ++i)
              if (numbers.values[i] == 0 || numbers.values[i] > 5000)
                pencil_fail(q.origin, fmt::format("dbchoco data: a number {} at r{}c{} (a half has 1 to 5000 cells)", numbers.values[i],
                                                  i / static_cast<std::size_t>(b.cols) + 1, i % static_cast<std::size_t>(b.cols) + 1));
            Builder out("puzz.link dbchoco");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "dbchoco";
            p["name"] = fmt::format("puzz.link dbchoco {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            nlohmann::json colours = nlohmann::json::array();
            for (int r = 0; r < b.rows; ++r) {
              std::string s;
              for (int c = 0; c < b.cols; ++c) s += grey.values[static_cast<std::size_t>(r * b.cols + c)] ? '#' : '.';
              colours.push_back(s);
            }
            p["colours"] = colours;
            p["grid"] = number_rows(numbers.values, b.cols, b.rows);
            out.from("/colours", "dbchoco data (grey cells)");
            out.from("/grid", "dbchoco data (numbers)");
            return out.out;
          }};
}

}  // namespace psmt::importers
