// Shakashaka: puzz.link's shakashaka, p?shakashaka/COLS/ROWS/BODY: a 4Cell
// body over the cells (0-4 a black cell with its number, '.' a black cell
// without one).
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre shakashaka_pzpr() {
  return {"shakashaka", {}, "shakashaka", [](const PzprLink& q) {
            no_flags(q.flags, q.pid, q.origin);
            const Board b = board_fields(q.fields, q.pid, "shakashaka/COLS/ROWS/DATA", q.origin);
            const std::vector<std::string> rows = four_cell_rows(b, q.pid, q.origin);
            Builder out("puzz.link shakashaka");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "shakashaka";
            p["name"] = fmt::format("puzz.link shakashaka {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["grid"] = rows;
            out.from("/grid", "shakashaka data");
            return out.out;
          }};
}

}  // namespace psmt::importers
