// Tatham's unruly: unruly:WxH[u][dD]:DESC. The description runs through
// the cells in reading order: a lowercase letter skips (letter - 'a') cells
// and puts a 0 in the next, an uppercase one the same with a 1, 'z' and 'Z'
// skip 25; it ends one cell past the last (the collection's new_game). 'u':
// no two rows or columns alike ("unique"); 'd' and a letter: the
// generator's difficulty, which the puzzle does not depend on.
#include <cctype>

#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "io/error.h"

namespace psmt::importers {

using namespace pencil_kit;

TathamGame binairo_tatham() {
  return {"unruly", "binairo", [](const TathamId& t) {
            auto fail = [&](const std::string& where, const std::string& msg) { tatham_fail(t, where, msg); };
            const auto [w, h, i0] = tatham_size(t, 6, ", even: the collection's least is 6");
            if (w % 2 || h % 2) fail("parameters", fmt::format("a {}x{} grid: both sides must be even", w, h));
            std::size_t i = i0;
            const bool unique = i < t.params.size() && t.params[i] == 'u';
            if (unique) ++i;
            if (i < t.params.size() && t.params[i] == 'd') {
              ++i;
              if (i < t.params.size() && std::isalpha(static_cast<unsigned char>(t.params[i]))) ++i;
            }
            if (i != t.params.size()) fail("parameters", fmt::format("{} after the size", quote_input(t.params.substr(i))));
            std::string cells(static_cast<std::size_t>(w * h), '.');
            long pos = 0;
            for (std::size_t k = 0; k < t.desc.size(); ++k) {
              const char ch = t.desc[k];
              if (ch == 'z' || ch == 'Z') {
                pos += 25;
              } else if ((ch >= 'a' && ch < 'z') || (ch >= 'A' && ch < 'Z')) {
                pos += std::islower(static_cast<unsigned char>(ch)) ? ch - 'a' : ch - 'A';
                if (pos < w * h) cells[static_cast<std::size_t>(pos)] = std::islower(static_cast<unsigned char>(ch)) ? '0' : '1';
                ++pos;
              } else {
                fail(fmt::format("description, character {}", k + 1), fmt::format("unexpected {} (a letter)", quote_input(std::string(1, ch))));
              }
              if (pos > w * h + 1) fail(fmt::format("description, character {}", k + 1), fmt::format("past the {} cells of a {}x{} grid", w * h, w, h));
            }
            if (pos != w * h + 1) fail("description", fmt::format("ends at cell {}, a {}x{} grid has {}", pos, w, h, w * h));
            Builder out("Tatham unruly");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "binairo";
            p["name"] = "Unruly " + t.params;
            p["source"] = t.id;
            nlohmann::json grid = nlohmann::json::array();
            for (int r = 0; r < h; ++r) grid.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
            p["grid"] = grid;
            if (unique) p["unique"] = true;
            out.from("/grid", "description");
            if (unique) out.from("/unique", "parameters (u)");
            return out.out;
          }};
}

}  // namespace psmt::importers
