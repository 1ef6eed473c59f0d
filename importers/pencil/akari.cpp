// Akari: puzz.link's lightup (aliases akari, bijutsukan), a 4Cell body over
// the cells (0-4 a numbered wall, '.' a wall without a number); and Tatham's
// lightup IDs, WxH[...]:DESC (0-4 a numbered wall, B a wall, a-z 1..26
// white cells).
#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "importers/pzpr_readers.h"
#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {

using namespace pencil_kit;

namespace {
Imported akari_puzzle(const std::string& format, const std::string& name, const std::string& source, const std::vector<std::string>& rows,
                      const std::string& from) {
  Builder out(format);
  nlohmann::json& p = out.out.puzzle;
  p["kind"] = "akari";
  p["name"] = name;
  p["source"] = source;
  p["grid"] = rows;
  out.from("/grid", from);
  return out.out;
}
}  // namespace

PzprGenre akari_pzpr() {
  return {"lightup", {"akari", "bijutsukan"}, "akari", [](const PzprLink& q) {
            no_flags(q.flags, q.pid, q.origin);
            const Board b = board_fields(q.fields, q.pid, q.pid + "/COLS/ROWS/DATA", q.origin);
            const std::vector<std::string> rows = four_cell_rows(b, q.pid, q.origin);
            return akari_puzzle("puzz.link " + q.pid, fmt::format("puzz.link {} {}x{}", q.pid, b.cols, b.rows), q.link, rows, q.pid + " data");
          }};
}

TathamGame akari_tatham() {
  return {"lightup", "akari", [](const TathamId& t) {
            auto fail = [&](const std::string& where, const std::string& msg) { tatham_fail(t, where, msg); };
            const auto [w, h, i0] = tatham_size(t, 2, "");
            std::size_t i = i0;
            // Generator settings only: b (black squares %), s (symmetry), d (difficulty), r.
            for (; i < t.params.size(); ++i)
              if (!std::isdigit(static_cast<unsigned char>(t.params[i])) && t.params[i] != 'b' && t.params[i] != 's' && t.params[i] != 'd' &&
                  t.params[i] != 'r')
                fail("parameters", fmt::format("{} in {}", quote_input(std::string(1, t.params[i])), quote_input(t.params)));
            std::string cells;
            for (std::size_t k = 0; k < t.desc.size(); ++k) {
              const char ch = t.desc[k];
              if (ch >= 'a' && ch <= 'z') cells.append(static_cast<std::size_t>(ch - 'a' + 1), '.');
              else if (ch == 'B') cells += '#';
              else if (ch >= '0' && ch <= '4') cells += ch;
              else fail(fmt::format("description, character {}", k + 1), fmt::format("unexpected {} (0-4, B, a-z)", quote_input(std::string(1, ch))));
              if (static_cast<int>(cells.size()) > w * h)
                fail(fmt::format("description, character {}", k + 1), fmt::format("more than the {} cells of a {}x{} grid", w * h, w, h));
            }
            if (static_cast<int>(cells.size()) != w * h)
              fail("description", fmt::format("{} cells, a {}x{} grid has {}", cells.size(), w, h, w * h));
            std::vector<std::string> rows;
            for (int r = 0; r < h; ++r) rows.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
            return akari_puzzle("Tatham lightup", "Light Up " + t.params, t.id, rows, "description");
          }};
}

}  // namespace psmt::importers
