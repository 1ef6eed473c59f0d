// Tatham's magnets: magnets:WxH[dD][S]:DESC. The description: the + counts
// of the columns (left to right) and of the rows (top to bottom), then the
// - counts of the columns and of the rows, each a character per line ('.'
// none, 0-9, a-z 10-35, A-Z 36-61) and a comma; then the plates, a
// character per cell in reading order ('L' 'R' across, 'T' 'B' down, '*' a
// cell alone; commas skipped). 'd' and a letter: the generator's
// difficulty; 'S': clues were stripped (the puzzle does not depend on it).
#include <cctype>

#include <fmt/format.h>

#include "importers/formats.h"
#include "importers/pencil_kit.h"
#include "io/error.h"

namespace psmt::importers {

using namespace pencil_kit;

TathamGame magnets_tatham() {
  return {"magnets", "magnets", [](const TathamId& t) {
            auto fail = [&](const std::string& where, const std::string& msg) { tatham_fail(t, where, msg); };
            const auto [w, h, i0] = tatham_size(t, 1, "");
            std::size_t i = i0;
            if (i < t.params.size() && t.params[i] == 'd') {
              ++i;
              if (i < t.params.size() && std::isalpha(static_cast<unsigned char>(t.params[i]))) ++i;
            }
            if (i < t.params.size() && t.params[i] == 'S') ++i;
            if (i != t.params.size()) fail("parameters", fmt::format("{} after the size", quote_input(t.params.substr(i))));
            std::size_t k = 0;
            auto counts = [&](int n, const char* what) {
              nlohmann::json out = nlohmann::json::array();
              for (int j = 0; j < n; ++j, ++k) {
                const char ch = k < t.desc.size() ? t.desc[k] : '\0';
                if (ch == '.') out.push_back(nullptr);
                else if (std::isdigit(static_cast<unsigned char>(ch))) out.push_back(ch - '0');
                else if (ch >= 'a' && ch <= 'z') out.push_back(ch - 'a' + 10);
                else if (ch >= 'A' && ch <= 'Z') out.push_back(ch - 'A' + 36);
                else fail(fmt::format("description, character {}", k + 1),
                          ch ? fmt::format("unexpected {} in the {} ('.', a digit or a letter)", quote_input(std::string(1, ch)), what)
                             : fmt::format("it ends in the {}", what));
              }
              if (k >= t.desc.size() || t.desc[k] != ',') fail(fmt::format("description, character {}", k + 1), fmt::format("a comma after the {}", what));
              ++k;
              return out;
            };
            const auto plus_columns = counts(w, "+ counts of the columns");
            const auto plus_rows = counts(h, "+ counts of the rows");
            const auto minus_columns = counts(w, "- counts of the columns");
            const auto minus_rows = counts(h, "- counts of the rows");
            std::string cells;
            for (; k < t.desc.size(); ++k) {
              const char ch = t.desc[k];
              if (ch == ',') continue;
              if (std::string("LRTB*").find(ch) == std::string::npos)
                fail(fmt::format("description, character {}", k + 1), fmt::format("unexpected {} in the plates ('L', 'R', 'T', 'B' or '*')", quote_input(std::string(1, ch))));
              cells += ch;
            }
            if (static_cast<int>(cells.size()) != w * h) fail("description", fmt::format("{} plate cells, a {}x{} grid has {}", cells.size(), w, h, w * h));
            Builder out("Tatham magnets");
            nlohmann::json& p = out.out.puzzle;
            p["kind"] = "magnets";
            p["name"] = "Magnets " + t.params;
            p["source"] = t.id;
            nlohmann::json plates = nlohmann::json::array();
            for (int r = 0; r < h; ++r) plates.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
            p["plates"] = plates;
            p["plus_columns"] = plus_columns;
            p["plus_rows"] = plus_rows;
            p["minus_columns"] = minus_columns;
            p["minus_rows"] = minus_rows;
            out.from("/plates", "description (plates)");
            for (const char* f : {"/plus_columns", "/plus_rows", "/minus_columns", "/minus_rows"}) out.from(f, "description (counts)");
            return out.out;
          }};
}

}  // namespace psmt::importers
