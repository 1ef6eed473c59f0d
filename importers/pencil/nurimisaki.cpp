// puzz.link's nurimisaki: p?nurimisaki/COLS/ROWS/BODY, the body Number16 over
// the cells: a number is a circle showing it, '.' a circle without one ('?').
#include <fmt/format.h>

#include "importers/formats.h"
#include "grid/grid.h"
#include "importers/pencil_kit.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre nurimisaki_pzpr() {
  return {"nurimisaki", {}, "nurimisaki", [](const PzprLink& q) {
            no_flags(q.flags, q.pid, q.origin);
            const Board b = board_fields(q.fields, q.pid, "nurimisaki/COLS/ROWS/DATA", q.origin);
            Builder out("puzz.link nurimisaki");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "nurimisaki";
            p["name"] = fmt::format("puzz.link nurimisaki {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["grid"] = number16_rows(b, q.pid, 2, 2 * kMaxBoardSide - 1, "a circle showing",
                                      "2 or more: a circle sees itself and its neighbour", q.origin);
            out.from("/grid", "nurimisaki data");
            return out.out;
          }};
}

}  // namespace psmt::importers
