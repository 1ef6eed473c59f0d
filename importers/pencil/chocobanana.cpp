// puzz.link's cbanana: p?cbanana/COLS/ROWS/BODY, the body Number16 over the
// cells ('.' a number not given, read as '?').
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre chocobanana_pzpr() {
  return {"cbanana", {}, "chocobanana", [](const PzprLink& q) {
            no_flags(q.flags, q.pid, q.origin);
            const Board b = board_fields(q.fields, q.pid, "cbanana/COLS/ROWS/DATA", q.origin);
            Builder out("puzz.link cbanana");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "chocobanana";
            p["name"] = fmt::format("puzz.link cbanana {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["grid"] = number16_rows(b, q.pid, 1, b.rows * b.cols, "an area of", fmt::format("1 to the board's {} cells", b.rows * b.cols), q.origin);
            out.from("/grid", "cbanana data");
            return out.out;
          }};
}

}  // namespace psmt::importers
