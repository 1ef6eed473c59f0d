// What diagnose adds to a kind's picture, applied the same way by every kind:
// cells of the repaired clue (orange), extra givens (green), the legend that
// says what each colour means, and the conflict and repair in words under
// the picture. Kinds still draw their own highlight (they know which sign or
// cage a clue id names); this adds the rest.
#pragma once

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "engine/encoder.h"
#include "render/svg.h"

namespace psmt {

using Legend = std::vector<std::tuple<std::string, std::string, std::string>>;

inline bool has_cell(const std::vector<Cell>& cells, Cell c) {
  return std::any_of(cells.begin(), cells.end(), [&](const Cell& x) { return x.row == c.row && x.col == c.col; });
}

// The legend entries for what `opt` marks: class, colour, words.
inline Legend marks_legend(const RenderOptions& opt) {
  Legend out;
  if (!opt.highlight_meaning.empty() && (!opt.highlight.empty() || !opt.highlight_clues.empty()))
    out.emplace_back("highlighted", kHighlightFill, opt.highlight_meaning);
  if (!opt.changed.empty() || !opt.changed_clues.empty())
    out.emplace_back("changed", kChangedFill, "changed by the repair shown");
  if (!opt.added.empty())
    out.emplace_back("added", kAddedFill,
                     opt.added_meaning.empty() ? "extra given: with it the solution shown is the only one" : opt.added_meaning);
  return out;
}

inline void apply_marks(GridSvg& g, const RenderOptions& opt) {
  if (!opt.changed.empty()) g.changed = [cells = opt.changed](Cell c) { return has_cell(cells, c); };
  if (!opt.added.empty()) g.added = [cells = opt.added](Cell c) { return has_cell(cells, c); };
  auto legend = marks_legend(opt);
  g.legend.insert(g.legend.end(), legend.begin(), legend.end());
  g.footer.insert(g.footer.end(), opt.notes.begin(), opt.notes.end());
}

// Regions outline the cells they mark; clues without cells (a piece count)
// are only named under the picture, so the legend keeps what is drawn.
inline void apply_marks(RegionSvg& g, const RenderOptions& opt) {
  if (!opt.highlight.empty() && !g.highlighted) g.highlighted = [cells = opt.highlight](Cell c) { return has_cell(cells, c); };
  if (!opt.added.empty()) g.added = [cells = opt.added](Cell c) { return has_cell(cells, c); };
  for (const auto& entry : marks_legend(opt))
    if ((std::get<0>(entry) == "highlighted" && !opt.highlight.empty()) || std::get<0>(entry) == "added")
      g.legend.push_back(entry);
  g.footer.insert(g.footer.end(), opt.notes.begin(), opt.notes.end());
}

// Tables address a place as (row, column) = (entity, category).
inline void apply_marks(TableSvg& t, const RenderOptions& opt) {
  if (!opt.added.empty()) t.added = [cells = opt.added](int r, int c) { return has_cell(cells, Cell{r, c}); };
  auto legend = marks_legend(opt);
  t.legend.insert(t.legend.end(), legend.begin(), legend.end());
  t.footer.insert(t.footer.end(), opt.notes.begin(), opt.notes.end());
}

}  // namespace psmt
