// puzz.link's lits: p?lits/COLS/ROWS/BODY, the body a Border block (the
// regions' walls). The old one-character form (flag d) is refused by name.
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre lits_pzpr() {
  return {"lits", {}, "lits", [](const PzprLink& q) {
            refuse_variant(q.flags, "lits", q.origin);
            for (const auto& f : q.flags)
              pencil_fail(q.origin, fmt::format("lits: the flag {} is not read{}", quote_input(f), f == "d" ? " (the old form of the regions)" : ""));
            const Board b = board_fields(q.fields, "lits", "lits/COLS/ROWS/DATA", q.origin);
            const auto walls = pzpr::border(b.body, 0, b.cols, b.rows, "lits", q.origin);
            no_trailing("lits", b, walls.end, q.origin);
            Builder out("puzz.link lits");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "lits";
            p["name"] = fmt::format("puzz.link lits {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["regions"] = region_rows(walls.values, b.cols, b.rows);
            out.from("/regions", "lits data");
            return out.out;
          }};
}

}  // namespace psmt::importers
