// puzz.link's aqre: p?aqre/[b/]COLS/ROWS/BODY, the body a Border block (the
// rooms' walls) then a RoomNumber16 block (a number per room, in reading
// order of the rooms' first cells). The flag b: cells across a room border
// differ in colour ("borders").
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"

namespace psmt::importers {

using namespace pencil_kit;

PzprGenre aqre_pzpr() {
  return {"aqre", {}, "aqre", [](const PzprLink& q) {
            refuse_variant(q.flags, "aqre", q.origin);
            bool borders = false;
            for (const auto& f : q.flags) {
              if (f != "b") pencil_fail(q.origin, fmt::format("aqre: the flag {} is not read", quote_input(f)));
              borders = true;
            }
            const Board b = board_fields(q.fields, "aqre", "aqre/[b/]COLS/ROWS/DATA", q.origin);
            const RoomNumbers rooms = room_numbers(b, "aqre", q.origin);
            no_trailing("aqre", b, rooms.end, q.origin);
            // pzprjs's flag b is about the walls drawn, ours about rooms: a
            // wall inside a room would be a rule we do not hold.
            if (borders && !rooms.inner_wall.empty())
              pencil_fail(q.origin, fmt::format("aqre: with the flag b, the wall {} lies inside a room; puzzle-smt's rule is about "
                                                "room borders and cannot read it", rooms.inner_wall));
            Builder out("puzz.link aqre");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "aqre";
            p["name"] = fmt::format("puzz.link aqre {}x{}", b.cols, b.rows);
            p["source"] = q.link;
            p["rooms"] = rooms.rooms;
            p["grid"] = rooms.grid;
            if (borders) p["borders"] = true;
            out.from("/rooms", "aqre data (walls)");
            out.from("/grid", "aqre data (room numbers)");
            if (borders) out.from("/borders", "aqre flag b");
            return out.out;
          }};
}

}  // namespace psmt::importers
