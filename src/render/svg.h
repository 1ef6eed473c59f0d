// Shared SVG drawing: a small writer (escaped text, shapes) and a grid in the
// style of newspapers and puzzle sites (thin cell lines, thick box lines,
// given digits bold, found digits blue, signs between cells as chevrons,
// highlighted cells shaded). Kinds draw through these; none draws its own
// grid lines.
#pragma once

#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "grid/grid.h"

namespace psmt {

class SvgWriter {
 public:
  static std::string escape(const std::string& s);
  // `cls` becomes the element's class attribute: what it shows ("cell",
  // "given", "found", "sign", "path", "label", "value", "header"), so that
  // tests and style sheets can find the parts of a picture.
  void rect(double x, double y, double w, double h, const std::string& fill, const std::string& stroke = "none",
            double stroke_width = 0, const std::string& cls = "");
  void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width);
  void text(double x, double y, const std::string& s, double size, const std::string& fill, bool bold = false,
            const std::string& anchor = "middle", const std::string& cls = "");
  void circle(double cx, double cy, double r, const std::string& fill, const std::string& stroke = "none",
              double stroke_width = 0, const std::string& cls = "", double opacity = 1);
  void path(const std::string& d, const std::string& stroke, double width, const std::string& cls = "",
            const std::string& dash = "", const std::string& fill = "none", double opacity = 1);
  void polyline(const std::vector<std::pair<double, double>>& pts, const std::string& stroke, double width,
                const std::string& cls = "");
  // The whole document.
  std::string finish(double width, double height) const;

 private:
  std::string body_;
};

// A drawing on a grid, in grid units: points are (y, x) with (0, 0) the
// grid's top-left corner and (r + 0.5, c + 0.5) the centre of cell (r, c);
// sizes are fractions of a cell. Variant clues (cages, lines, dots, arrows,
// outside numbers) are drawn as shapes, under or over the digits.
struct Shape {
  enum class Type { Line, Arrow, Circle, Rect, Text, Cage, Polygon };
  Type type = Type::Line;
  std::vector<std::pair<double, double>> points;  // Line/Arrow: the path; Circle/Rect/Text: the centre;
                                                  // Cage: the cells (row, col) it outlines;
                                                  // Polygon: its corners (filled with `fill`)
  double size = 0.1;          // Line/Arrow: width; Circle: radius; Rect: half side; Text: font size
  std::string stroke = "none", fill = "none";
  double stroke_width = 0;    // Circle/Rect outline
  std::string text;           // Text; Cage: the total in its top-left corner
  std::string cls;            // class attribute: what it shows ("killer", "thermo", "kropki white"...)
  double opacity = 1;
  bool over = false;          // drawn above the digits (dots, letters)
};

struct GridSvg {
  int rows = 0, cols = 0;
  int box_rows = 0, box_cols = 0;  // 0: no boxes
  double cell = 40;
  std::function<std::string(Cell)> cell_text;         // "" for an empty cell
  std::function<bool(Cell)> is_given;                 // bold black; otherwise blue
  std::function<bool(Cell)> highlighted;              // shaded: ambiguous, or part of a conflict
  std::function<bool(Cell)> filled;                   // grey: a solid square (disk holes), not a highlight
  std::string filled_meaning;                         // the legend's words for a filled cell ("" none: not drawn)
  std::function<bool(Cell)> off_board;                // dark: not part of the board
  std::vector<Cell> path;                             // drawn as a line through the cell centres
  std::function<char(Cell)> right_sign;               // '<', '>' or ' ' between (r,c) and (r,c+1)
  std::function<char(Cell)> down_sign;                // '^' (upper smaller), 'v' (upper greater) or ' '
  std::function<bool(Cell)> right_marked, down_marked;  // highlighted signs
  std::function<bool(Cell)> changed;                  // orange: a clue here is changed by the repair shown
  std::function<bool(Cell)> added;                    // green: an extra given (its digit in dark green)
  std::function<int(Cell)> region;                    // when set: thick lines between regions (jigsaw), not boxes
  std::vector<Shape> shapes;                          // variant clues
  int margin = 0;                                     // cells of room around the grid (outside clues)
  std::string title;                                  // wrapped to the picture's width
  std::vector<std::string> footer;                    // lines of text under the grid
  // Colour keys under the grid (what a marked or added element means):
  // {class, colour, text}; each is drawn as a swatch with class "legend <class>".
  std::vector<std::tuple<std::string, std::string, std::string>> legend;
  std::string render() const;
};

// The colours of what diagnose marks, shared by the pictures and their legends.
inline constexpr const char* kHighlightFill = "#ffd54f";
inline constexpr const char* kChangedFill = "#ffb74d";
inline constexpr const char* kAddedFill = "#a5d6a7";

// Split a title into lines of at most `chars` characters at spaces.
std::vector<std::string> wrap_text(const std::string& s, std::size_t chars);

// A grid of regions (tiling pieces): each cell belongs to a region (or is off
// the board), regions are filled with their colour, thick lines separate
// regions and outline the board, thin lines separate cells of one region.
struct RegionSvg {
  int rows = 0, cols = 0;
  double cell = 36;
  std::function<int(Cell)> region;              // -2 off the board, -1 not covered, >= 0 region id
  std::function<std::string(int)> fill;         // colour of a region
  std::function<std::string(Cell)> label;       // small text in the cell ("" none)
  std::function<std::string(Cell)> marker;      // colour of a corner marker (board colour), "" none
  std::function<bool(Cell)> highlighted, added;  // outlined: ambiguous / an extra given (fixed piece)
  std::string title;                            // wrapped to the picture's width
  std::vector<std::tuple<std::string, std::string, std::string>> legend;  // as GridSvg's
  std::vector<std::string> footer;
  std::string render() const;
};

// A table (logic-grid solutions): a header row, one row per entity, the
// first column as row labels, highlighted cells shaded, lines of text under it.
struct TableSvg {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::function<bool(int, int)> highlighted;  // (row, column) of a body cell
  std::function<bool(int, int)> added;        // an extra given
  // Numbered lines under the table (the clues), each with a class: "clue",
  // "clue highlighted" (in the conflict), "clue changed" (by the repair).
  std::vector<std::pair<std::string, std::string>> items;
  std::string title;                          // wrapped to the picture's width
  std::vector<std::tuple<std::string, std::string, std::string>> legend;  // as GridSvg's
  std::vector<std::string> footer;
  std::string render() const;
};

}  // namespace psmt
