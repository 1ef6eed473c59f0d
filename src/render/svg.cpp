#include "render/svg.h"

#include <algorithm>
#include <set>
#include <cmath>

#include <fmt/format.h>

namespace psmt {

std::string SvgWriter::escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {
std::string class_attr(const std::string& cls) { return cls.empty() ? "" : R"( class=")" + cls + "\""; }
}  // namespace

void SvgWriter::rect(double x, double y, double w, double h, const std::string& fill, const std::string& stroke,
                     double stroke_width, const std::string& cls) {
  body_ += fmt::format(R"(<rect{} x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}")", class_attr(cls), x, y,
                       w, h, fill);
  if (stroke != "none") body_ += fmt::format(R"( stroke="{}" stroke-width="{:.1f}")", stroke, stroke_width);
  body_ += "/>\n";
}

void SvgWriter::line(double x1, double y1, double x2, double y2, const std::string& stroke, double width) {
  body_ += fmt::format(R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}" stroke="{}" stroke-width="{:.1f}" stroke-linecap="square"/>)",
                       x1, y1, x2, y2, stroke, width) + "\n";
}

void SvgWriter::text(double x, double y, const std::string& s, double size, const std::string& fill, bool bold,
                     const std::string& anchor, const std::string& cls) {
  body_ += fmt::format(R"(<text{} x="{:.1f}" y="{:.1f}" font-family="DejaVu Sans, Arial, sans-serif" font-size="{:.1f}" fill="{}" text-anchor="{}" dy="0.35em"{}>{}</text>)",
                       class_attr(cls), x, y, size, fill, anchor, bold ? R"( font-weight="bold")" : "", escape(s)) + "\n";
}

void SvgWriter::circle(double cx, double cy, double r, const std::string& fill, const std::string& stroke,
                       double stroke_width, const std::string& cls, double opacity) {
  body_ += fmt::format(R"(<circle{} cx="{:.1f}" cy="{:.1f}" r="{:.1f}" fill="{}")", class_attr(cls), cx, cy, r, fill);
  if (stroke != "none") body_ += fmt::format(R"( stroke="{}" stroke-width="{:.1f}")", stroke, stroke_width);
  if (opacity < 1) body_ += fmt::format(R"( opacity="{:.2f}")", opacity);
  body_ += "/>\n";
}

void SvgWriter::path(const std::string& d, const std::string& stroke, double width, const std::string& cls,
                     const std::string& dash, const std::string& fill, double opacity) {
  body_ += fmt::format(R"(<path{} d="{}" fill="{}" stroke="{}" stroke-width="{:.1f}" stroke-linecap="round" stroke-linejoin="round")",
                       class_attr(cls), d, fill, stroke, width);
  if (!dash.empty()) body_ += fmt::format(R"( stroke-dasharray="{}")", dash);
  if (opacity < 1) body_ += fmt::format(R"( opacity="{:.2f}")", opacity);
  body_ += "/>\n";
}

void SvgWriter::polyline(const std::vector<std::pair<double, double>>& pts, const std::string& stroke, double width,
                         const std::string& cls) {
  std::string p;
  for (const auto& [x, y] : pts) p += fmt::format("{}{:.1f},{:.1f}", p.empty() ? "" : " ", x, y);
  body_ += fmt::format(R"(<polyline{} points="{}" fill="none" stroke="{}" stroke-width="{:.1f}" stroke-linecap="round" stroke-linejoin="round"/>)",
                       class_attr(cls), p, stroke, width) + "\n";
}

std::string SvgWriter::finish(double width, double height) const {
  return fmt::format(R"(<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}">
<rect x="0" y="0" width="{0:.0f}" height="{1:.0f}" fill="white"/>
{2}</svg>
)",
                     width, height, body_);
}

std::vector<std::string> wrap_text(const std::string& s, std::size_t chars) {
  std::vector<std::string> lines;
  std::string cur, word;
  auto flush_word = [&]() {
    if (word.empty()) return;
    if (!cur.empty() && cur.size() + 1 + word.size() > chars) {
      lines.push_back(cur);
      cur.clear();
    }
    while (word.size() > chars) {  // a word longer than a line is cut
      if (!cur.empty()) lines.push_back(cur);
      lines.push_back(word.substr(0, chars));
      word = word.substr(chars);
      cur.clear();
    }
    cur += (cur.empty() ? "" : " ") + word;
    word.clear();
  };
  for (char ch : s) {
    if (ch == ' ' || ch == '\n') flush_word();
    else word += ch;
  }
  flush_word();
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

namespace {

// Draws shapes given in grid units onto the picture.
struct Placer {
  double x0, y0, cs;
  double X(double x) const { return x0 + x * cs; }
  double Y(double y) const { return y0 + y * cs; }
};

std::string arrow_head(const Placer& P, std::pair<double, double> from, std::pair<double, double> to, double len) {
  double dy = to.first - from.first, dx = to.second - from.second;
  double l = std::sqrt(dx * dx + dy * dy);
  if (l == 0) return "";
  dx /= l;
  dy /= l;
  double bx = to.second - dx * len, by = to.first - dy * len;
  double px = -dy * len * 0.6, py = dx * len * 0.6;
  return fmt::format("M{:.1f},{:.1f} L{:.1f},{:.1f} L{:.1f},{:.1f}", P.X(bx + px), P.Y(by + py), P.X(to.second),
                     P.Y(to.first), P.X(bx - px), P.Y(by - py));
}

// The outline of a set of cells, inset by `d`, as path data (one segment per
// boundary edge, meeting at convex and concave corners).
std::string cage_outline(const Placer& P, const std::vector<std::pair<double, double>>& cells_rc, double d) {
  std::vector<std::pair<int, int>> cells;
  for (const auto& [r, c] : cells_rc) cells.push_back({static_cast<int>(r), static_cast<int>(c)});
  auto in = [&](int r, int c) { return std::find(cells.begin(), cells.end(), std::pair{r, c}) != cells.end(); };
  std::string out;
  const int normals[4][2] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};  // top, right, bottom, left
  for (const auto& cell : cells) {
    const int r = cell.first, c = cell.second;  // not a structured binding: lambdas capture it (clang)
    for (const auto& nrm : normals) {
      int nr = nrm[0], nc = nrm[1];
      if (in(r + nr, c + nc)) continue;
      int tr = nc, tc = -nr;  // tangent (perpendicular to the normal)
      double cy = r + 0.5 + nr * (0.5 - d), cx = c + 0.5 + nc * (0.5 - d);
      auto reach = [&](int sgn) {
        int ar = r + sgn * tr, ac = c + sgn * tc;
        if (!in(ar, ac)) return 0.5 - d;
        return in(ar + nr, ac + nc) ? 0.5 + d : 0.5;
      };
      double a = reach(-1), b = reach(1);
      out += fmt::format("M{:.1f},{:.1f} L{:.1f},{:.1f} ", P.X(cx - tc * a), P.Y(cy - tr * a), P.X(cx + tc * b),
                         P.Y(cy + tr * b));
    }
  }
  return out;
}

void draw_shape(SvgWriter& w, const Placer& P, const Shape& sh) {
  const double cs = P.cs;
  switch (sh.type) {
    case Shape::Type::Line:
    case Shape::Type::Arrow: {
      if (sh.points.empty()) return;
      std::string d;
      for (std::size_t i = 0; i < sh.points.size(); ++i)
        d += fmt::format("{}{:.1f},{:.1f} ", i ? "L" : "M", P.X(sh.points[i].second), P.Y(sh.points[i].first));
      if (sh.points.size() == 1)  // a one-cell line: a dot
        d += fmt::format("L{:.1f},{:.1f}", P.X(sh.points[0].second) + 0.1, P.Y(sh.points[0].first));
      w.path(d, sh.stroke, sh.size * cs, sh.cls, "", "none", sh.opacity);
      if (sh.type == Shape::Type::Arrow && sh.points.size() >= 2)
        w.path(arrow_head(P, sh.points[sh.points.size() - 2], sh.points.back(), 0.22), sh.stroke,
               std::max(1.5, sh.size * cs * 0.8), sh.cls + " head", "", "none", sh.opacity);
      break;
    }
    case Shape::Type::Polygon: {
      if (sh.points.size() < 3) return;
      std::string d;
      for (std::size_t i = 0; i < sh.points.size(); ++i)
        d += fmt::format("{}{:.1f},{:.1f} ", i ? "L" : "M", P.X(sh.points[i].second), P.Y(sh.points[i].first));
      w.path(d + "Z", sh.stroke, sh.stroke_width * cs, sh.cls, "", sh.fill, sh.opacity);
      break;
    }
    case Shape::Type::Circle:
      w.circle(P.X(sh.points.at(0).second), P.Y(sh.points.at(0).first), sh.size * cs, sh.fill, sh.stroke,
               sh.stroke_width * cs, sh.cls, sh.opacity);
      break;
    case Shape::Type::Rect: {
      double h = sh.size * cs;
      w.rect(P.X(sh.points.at(0).second) - h, P.Y(sh.points.at(0).first) - h, 2 * h, 2 * h, sh.fill, sh.stroke,
             sh.stroke_width * cs, sh.cls);
      break;
    }
    case Shape::Type::Text:
      w.text(P.X(sh.points.at(0).second), P.Y(sh.points.at(0).first), sh.text, sh.size * cs,
             sh.fill == "none" ? "#000" : sh.fill, true, "middle", sh.cls);
      break;
    case Shape::Type::Cage: {
      w.path(cage_outline(P, sh.points, 0.08), sh.stroke, std::max(1.0, sh.size * cs), sh.cls, "4,3");
      if (!sh.text.empty() && !sh.points.empty()) {
        auto first = *std::min_element(sh.points.begin(), sh.points.end());
        double tx = P.X(first.second + 0.07), ty = P.Y(first.first + 0.16);
        double tw = 0.2 * cs * static_cast<double>(sh.text.size()) + 0.06 * cs;
        w.rect(tx - 0.03 * cs, ty - 0.13 * cs, tw, 0.26 * cs, "white", "none", 0, sh.cls + " label-bg");
        w.text(tx, ty, sh.text, 0.24 * cs, sh.stroke, true, "start", sh.cls + " total");
      }
      break;
    }
  }
}

// The colour keys, then the lines of text, from `y` down; returns the y
// after the last line.
double legend_and_footer(SvgWriter& w, double y, double width,
                         const std::vector<std::tuple<std::string, std::string, std::string>>& legend,
                         const std::vector<std::string>& footer) {
  for (const auto& [cls, colour, text] : legend) {
    w.rect(20, y - 7, 14, 14, colour, "#555", 0.8, "legend " + cls);
    for (const auto& part : wrap_text(text, std::max<std::size_t>(20, static_cast<std::size_t>((width - 40) / 7.2)))) {
      w.text(40, y, part, 12, "#333", false, "start", "legend-text");
      y += 16;
    }
    y += 2;
  }
  for (const auto& line : footer) {
    for (const auto& part : wrap_text(line, std::max<std::size_t>(20, static_cast<std::size_t>(width / 7.2)))) {
      w.text(20, y, part, 12, "#333", false, "start", "footer");
      y += 16;
    }
  }
  return y;
}

// The title, wrapped to the picture's width, centred; returns its height.
double draw_title(SvgWriter& w, const std::string& title, double width) {
  if (title.empty()) return 0;
  auto lines = wrap_text(title, std::max<std::size_t>(12, static_cast<std::size_t>(width / 9.5)));
  for (std::size_t i = 0; i < lines.size(); ++i)
    w.text(width / 2, 20 + 10 + 20.0 * static_cast<double>(i), lines[i], 16, "#222", true, "middle", "title");
  return 8 + 20.0 * static_cast<double>(lines.size());
}

}  // namespace

std::string GridSvg::render() const {
  SvgWriter w;
  const double cs = cell, m = 20 + margin * cs;
  const double gw = cols * cs, gh = rows * cs;
  // Filled cells say what they are, first in the legend, when there are any.
  auto keys = legend;
  bool any_filled = false;
  for (int r = 0; r < rows && filled && !any_filled; ++r)
    for (int c = 0; c < cols && !any_filled; ++c) any_filled = filled({r, c}) && !(off_board && off_board({r, c}));
  if (any_filled && !filled_meaning.empty()) keys.insert(keys.begin(), {"filled", "#cfd8dc", filled_meaning});
  // A cell both filled and highlighted has a colour of its own.
  bool both = false;
  for (int r = 0; r < rows && filled && highlighted && !both; ++r)
    for (int c = 0; c < cols && !both; ++c) both = filled({r, c}) && highlighted({r, c}) && !(off_board && off_board({r, c}));
  if (both && !filled_meaning.empty()) {
    std::string marked = "highlighted";
    for (const auto& [cls, colour, text] : legend)
      if (cls == "highlighted") marked = text;
    keys.push_back({"filled highlighted", "#f9a825", filled_meaning + ", and " + marked});
  }
  // Room for the legend and the lines under the grid; the grid is centred.
  const double width = std::max(gw + 2 * m, keys.empty() && footer.empty() ? 0.0 : 380.0);
  const double mx = (width - gw) / 2;
  const double top = m + draw_title(w, title, width);
  const Placer P{mx, top, cs};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      double x = mx + c * cs, y = top + r * cs;
      if (off_board && off_board({r, c})) w.rect(x, y, cs, cs, "#616161", "none", 0, "off-board");
      else {
        const bool hl = highlighted && highlighted({r, c}), fl = filled && filled({r, c});
        if (added && added({r, c})) w.rect(x, y, cs, cs, kAddedFill, "none", 0, "cell added");
        else if (changed && changed({r, c})) w.rect(x, y, cs, cs, kChangedFill, "none", 0, "cell changed");
        else if (hl) w.rect(x, y, cs, cs, fl ? "#f9a825" : kHighlightFill, "none", 0, fl ? "cell filled highlighted" : "cell highlighted");
        else if (fl) w.rect(x, y, cs, cs, "#cfd8dc", "none", 0, "cell filled");
        else w.rect(x, y, cs, cs, "none", "none", 0, "cell");
      }
    }
  for (const auto& sh : shapes)
    if (!sh.over) draw_shape(w, P, sh);
  if (path.size() > 1) {  // a line through consecutive numbers, under the digits
    std::vector<std::pair<double, double>> pts;
    for (const auto& p : path) pts.push_back({mx + p.col * cs + cs / 2, top + p.row * cs + cs / 2});
    w.polyline(pts, "#ef9a9a", cs * 0.12, "path");
  }
  // Where cages carry labels, digits sit lower and smaller in every cell
  // (alike across the grid), so that a label (on a white ground) never
  // covers one.
  std::set<std::pair<int, int>> labelled;
  for (const auto& sh : shapes)
    if (sh.type == Shape::Type::Cage && !sh.text.empty() && !sh.points.empty()) {
      const auto first = *std::min_element(sh.points.begin(), sh.points.end());
      labelled.insert({static_cast<int>(first.first), static_cast<int>(first.second)});
    }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      double x = mx + c * cs, y = top + r * cs;
      std::string t = cell_text ? cell_text({r, c}) : "";
      if (!t.empty()) {
        bool given = is_given && is_given({r, c}), extra = !given && added && added({r, c});
        const bool low = !labelled.empty();
        const double size = cs * (t.size() > 1 ? 0.42 : 0.55) * (low ? 0.82 : 1.0);
        w.text(x + cs / 2, y + (low ? cs * 0.62 : cs / 2 + 1), t, size, given ? "#000" : extra ? "#1b5e20" : "#1565c0",
               given || extra, "middle", given ? "given" : extra ? "added-given" : "found");
      }
    }
  // Thin cell lines, then thick box (or region) lines and the frame on top.
  for (int c = 1; c < cols; ++c) w.line(mx + c * cs, top, mx + c * cs, top + gh, "#9e9e9e", 1);
  for (int r = 1; r < rows; ++r) w.line(mx, top + r * cs, mx + gw, top + r * cs, "#9e9e9e", 1);
  if (region) {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        if (c + 1 < cols && region({r, c}) != region({r, c + 1}))
          w.line(mx + (c + 1) * cs, top + r * cs, mx + (c + 1) * cs, top + (r + 1) * cs, "#000", 3);
        if (r + 1 < rows && region({r, c}) != region({r + 1, c}))
          w.line(mx + c * cs, top + (r + 1) * cs, mx + (c + 1) * cs, top + (r + 1) * cs, "#000", 3);
      }
  } else {
    if (box_cols > 0)
      for (int c = box_cols; c < cols; c += box_cols) w.line(mx + c * cs, top, mx + c * cs, top + gh, "#000", 3);
    if (box_rows > 0)
      for (int r = box_rows; r < rows; r += box_rows) w.line(mx, top + r * cs, mx + gw, top + r * cs, "#000", 3);
  }
  w.rect(mx, top, gw, gh, "none", "#000", 3);
  for (const auto& sh : shapes)
    if (sh.over) draw_shape(w, P, sh);
  // Signs as chevrons pointing at the smaller cell, placed on the cell border
  // so that they never cover a digit.
  const double a = cs * 0.08;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      if (right_sign && c + 1 < cols) {
        char s = right_sign({r, c});
        double x = mx + (c + 1) * cs, y = top + r * cs + cs / 2;
        bool mark = right_marked && right_marked({r, c});
        if (mark && s != ' ') w.circle(x, y, 2.6 * a, "#ffd54f", "none", 0, "sign-mark");
        const char* col = mark ? "#000" : "#c62828";
        double wd = mark ? 3.0 : 2.0;
        const char* sc = mark ? "sign marked" : "sign";
        if (s == '<') w.polyline({{x + a, y - 1.6 * a}, {x - a, y}, {x + a, y + 1.6 * a}}, col, wd, sc);
        if (s == '>') w.polyline({{x - a, y - 1.6 * a}, {x + a, y}, {x - a, y + 1.6 * a}}, col, wd, sc);
      }
      if (down_sign && r + 1 < rows) {
        char s = down_sign({r, c});
        double x = mx + c * cs + cs / 2, y = top + (r + 1) * cs;
        bool mark = down_marked && down_marked({r, c});
        if (mark && s != ' ') w.circle(x, y, 2.6 * a, "#ffd54f", "none", 0, "sign-mark");
        const char* col = mark ? "#000" : "#c62828";
        double wd = mark ? 3.0 : 2.0;
        const char* sc = mark ? "sign marked" : "sign";
        if (s == '^') w.polyline({{x - 1.6 * a, y + a}, {x, y - a}, {x + 1.6 * a, y + a}}, col, wd, sc);
        if (s == 'v') w.polyline({{x - 1.6 * a, y - a}, {x, y + a}, {x + 1.6 * a, y - a}}, col, wd, sc);
      }
    }
  double y = legend_and_footer(w, top + gh + m, width, keys, footer);
  return w.finish(width, (footer.empty() && legend.empty()) ? top + gh + m : y + 4);
}

std::string RegionSvg::render() const {
  SvgWriter w;
  const double m = 20, cs = cell;
  const double gw = cols * cs, width = std::max(gw + 2 * m, 320.0);
  const double top = m + draw_title(w, title, width);
  auto reg = [&](int r, int c) { return (r < 0 || c < 0 || r >= rows || c >= cols) ? -2 : region({r, c}); };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int g = reg(r, c);
      if (g == -2) continue;
      double x = m + c * cs, y = top + r * cs;
      w.rect(x, y, cs, cs, g >= 0 ? fill(g) : "#f5f5f5", "none", 0, g >= 0 ? "cell covered" : "cell");
      std::string mk = marker ? marker({r, c}) : "";
      if (!mk.empty()) w.rect(x + 3, y + 3, cs * 0.22, cs * 0.22, mk, "#333", 0.8);
      std::string l = label ? label({r, c}) : "";
      if (!l.empty()) w.text(x + cs / 2, y + cs / 2 + 1, l, cs * 0.4, "#222", true, "middle", "label");
      if (added && added({r, c})) w.rect(x + 3, y + 3, cs - 6, cs - 6, "none", "#2e7d32", 3.5, "mark added");
      else if (highlighted && highlighted({r, c})) w.rect(x + 3, y + 3, cs - 6, cs - 6, "none", "#f9a825", 3, "mark highlighted");
    }
  // Edges: thick where the regions on both sides differ (or the board ends).
  for (int r = 0; r <= rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int a = reg(r - 1, c), b = reg(r, c);
      if (a == -2 && b == -2) continue;
      double y = top + r * cs, x = m + c * cs;
      if (a != b) w.line(x, y, x + cs, y, "#000", 2.5);
      else w.line(x, y, x + cs, y, "#00000033", 0.6);
    }
  for (int c = 0; c <= cols; ++c)
    for (int r = 0; r < rows; ++r) {
      int a = reg(r, c - 1), b = reg(r, c);
      if (a == -2 && b == -2) continue;
      double x = m + c * cs, y = top + r * cs;
      if (a != b) w.line(x, y, x, y + cs, "#000", 2.5);
      else w.line(x, y, x, y + cs, "#00000033", 0.6);
    }
  double y = legend_and_footer(w, top + rows * cs + m, width, legend, footer);
  return w.finish(width, (footer.empty() && legend.empty()) ? top + rows * cs + m : y + 4);
}

std::string TableSvg::render() const {
  SvgWriter w;
  const double m = 20, row_h = 30, pad = 12, char_w = 8.4;
  std::vector<double> width(header.size(), 0);
  auto widen = [&](const std::vector<std::string>& r) {
    for (std::size_t c = 0; c < r.size() && c < width.size(); ++c)
      width[c] = std::max(width[c], static_cast<double>(r[c].size()) * char_w + 2 * pad);
  };
  widen(header);
  for (const auto& r : rows) widen(r);
  double total = 0;
  for (double x : width) total += x;
  const double pic_w = std::max(total + 2 * m, 320.0);
  double top = m + draw_title(w, title, pic_w);
  auto row_y = [&](std::size_t r) { return top + static_cast<double>(r) * row_h; };
  w.rect(m, top, total, row_h, "#e8e8e8");
  for (std::size_t r = 0; r < rows.size(); ++r) {
    double x = m;
    for (std::size_t c = 0; c < width.size(); ++c) {
      bool hl = highlighted && highlighted(static_cast<int>(r), static_cast<int>(c));
      if (added && added(static_cast<int>(r), static_cast<int>(c))) w.rect(x, row_y(r + 1), width[c], row_h, kAddedFill, "none", 0, "cell added");
      else if (hl) w.rect(x, row_y(r + 1), width[c], row_h, kHighlightFill, "none", 0, "cell highlighted");
      else if (c == 0) w.rect(x, row_y(r + 1), width[c], row_h, "#f5f5f5");
      x += width[c];
    }
  }
  double x = m;
  for (std::size_t c = 0; c < width.size(); ++c) {
    w.text(x + width[c] / 2, row_y(0) + row_h / 2 + 5, header[c], 14, "#222", true, "middle", "header");
    for (std::size_t r = 0; r < rows.size(); ++r)
      if (c < rows[r].size() && !rows[r][c].empty())
        w.text(x + width[c] / 2, row_y(r + 1) + row_h / 2 + 5, rows[r][c], 14, c == 0 ? "#222" : "#1565c0", c == 0,
               "middle", c == 0 ? "label" : "value");
    x += width[c];
  }
  const double bottom = row_y(rows.size() + 1);
  for (std::size_t r = 0; r <= rows.size() + 1; ++r)
    w.line(m, row_y(r), m + total, row_y(r), "#000", r == 0 || r == 1 || r == rows.size() + 1 ? 2 : 0.6);
  x = m;
  for (std::size_t c = 0; c <= width.size(); ++c) {
    w.line(x, top, x, bottom, "#000", c == 0 || c == 1 || c == width.size() ? 2 : 0.6);
    if (c < width.size()) x += width[c];
  }
  double y = bottom + 22;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto& [text, cls] = items[i];
    auto lines = wrap_text(fmt::format("{}. {}", i + 1, text), std::max<std::size_t>(20, static_cast<std::size_t>((pic_w - 2 * m) / 7.2)));
    const char* fill = cls.find("highlighted") != std::string::npos ? kHighlightFill
                       : cls.find("changed") != std::string::npos ? kChangedFill : "";
    if (*fill) w.rect(m - 4, y - 13, pic_w - 2 * m + 8, 16.0 * static_cast<double>(lines.size()) + 2, fill, "none", 0, cls + " mark");
    for (const auto& part : lines) {
      w.text(m, y, part, 12, "#222", false, "start", cls);
      y += 16;
    }
    y += 2;
  }
  if (!items.empty()) y += 8;
  y = legend_and_footer(w, y, pic_w, legend, footer);
  return w.finish(pic_w, (footer.empty() && legend.empty() && items.empty()) ? bottom + m : y + 4);
}

}  // namespace psmt
