// puzz.link's numlin (Numberlink) and arukone: p?numlin/COLS/ROWS/BODY and
// p?arukone/[e/]COLS/ROWS/BODY, the body Number16 over the cells ('.' a
// number not given, '?'). Arukone's lines use every cell unless its flag
// "e" (pzprjs's dontpassallcell) says otherwise; numlin reads no flag.
#include <fmt/format.h>

#include "grid/grid.h"
#include "importers/formats.h"
#include "importers/pencil_kit.h"

namespace psmt::importers {

using namespace pencil_kit;

namespace {

Imported numberlink(const PzprLink& q, bool every_cell) {
  const Board b = board_fields(q.fields, q.pid, q.pid + "/COLS/ROWS/DATA", q.origin);
  Builder out("puzz.link " + q.pid);
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "numlin";
  p["name"] = fmt::format("puzz.link {} {}x{}", q.pid, b.cols, b.rows);
  p["source"] = q.link;
  p["grid"] = number16_rows(b, q.pid, 0, 9999, "a number", "puzzle-smt reads numbers from 0 to 9999", q.origin);
  out.from("/grid", q.pid + " data");
  if (every_cell) {
    p["every_cell"] = true;
    out.from("/every_cell", "arukone: every cell used (no flag e)");
  }
  return out.out;
}

}  // namespace

PzprGenre numlin_pzpr() {
  return {"numlin", {}, "numlin", [](const PzprLink& q) {
            no_flags(q.flags, q.pid, q.origin);
            return numberlink(q, false);
          }};
}

PzprGenre arukone_pzpr() {
  return {"arukone", {}, "numlin", [](const PzprLink& q) {
            refuse_variant(q.flags, q.pid, q.origin);
            bool every_cell = true;
            for (const auto& f : q.flags) {
              if (f != "e") pencil_fail(q.origin, fmt::format("arukone: the flag {} is not read", quote_input(f)));
              every_cell = false;
            }
            return numberlink(q, every_cell);
          }};
}

}  // namespace psmt::importers
