// puzz.link's starbattle: p?starbattle/COLS/ROWS/STARS/BODY, the body a Border
// block (the regions' walls). No flag is read.
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"
#include "io/json_load.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre starbattle_pzpr() {
  return {"starbattle", {}, "starbattle", [](const PzprLink& q) {
            no_flags(q.flags, "starbattle", q.origin);
            if (q.fields.size() != 4)
              pencil_fail(q.origin, fmt::format("a starbattle link is p?starbattle/COLS/ROWS/STARS/DATA, this one has {} parts after the name",
                                                q.fields.size()));
            const Board b = board_fields({q.fields[0], q.fields[1], q.fields[3]}, "starbattle", "starbattle/COLS/ROWS/STARS/DATA", q.origin);
            const int stars = size_field(q.fields[2], "starbattle", "stars", 50, q.origin);
            const auto walls = pzpr::border(b.body, 0, b.cols, b.rows, "starbattle", q.origin);
            no_trailing("starbattle", b, walls.end, q.origin);
            Builder out("puzz.link starbattle");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "starbattle";
            p["name"] = fmt::format("puzz.link starbattle {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["regions"] = region_rows(walls.values, b.cols, b.rows);
            p["stars"] = stars;
            out.from("/regions", "starbattle data");
            return out.out;
          }};
}

}  // namespace psmt::importers
