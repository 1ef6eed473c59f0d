// puzz.link's norinori: p?norinori/COLS/ROWS/BODY, the body a Border block
// (the regions' walls). No flag is read.
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre norinori_pzpr() {
  return {"norinori", {}, "norinori", [](const PzprLink& q) {
            no_flags(q.flags, "norinori", q.origin);
            const Board b = board_fields(q.fields, "norinori", "norinori/COLS/ROWS/DATA", q.origin);
            const auto walls = pzpr::border(b.body, 0, b.cols, b.rows, "norinori", q.origin);
            no_trailing("norinori", b, walls.end, q.origin);
            Builder out("puzz.link norinori");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "norinori";
            p["name"] = fmt::format("puzz.link norinori {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["regions"] = region_rows(walls.values, b.cols, b.rows);
            out.from("/regions", "norinori data");
            return out.out;
          }};
}

}  // namespace psmt::importers
