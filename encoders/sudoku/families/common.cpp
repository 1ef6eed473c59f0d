#include <algorithm>
#include <functional>
#include <set>

#include "common.h"

namespace psmt::sudoku::families {

std::vector<Item> parse_list(const JsonNode& node, std::string_view key,
                             const std::function<Item(const JsonNode& element, int index)>& read) {
  std::vector<Item> out;
  auto elems = node.items();
  for (std::size_t i = 0; i < elems.size(); ++i) {
    elems[i].require_object();
    Item it = read(elems[i], static_cast<int>(i));
    if (it.id.empty()) it.id = fmt::format("{}/{}", key, i);
    it.index = static_cast<int>(i);
    out.push_back(std::move(it));
  }
  return out;
}

std::vector<Item> parse_cell_lists(const JsonNode& node, std::string_view key, const Grid& g, std::size_t min_cells,
                                   const std::function<std::string(const Item&)>& label, bool loops) {
  return parse_list(node, key, [&](const JsonNode& e, int i) {
    if (loops) e.allow_only({"cells", "loop"});
    else e.allow_only({"cells"});
    Item it;
    it.index = i;
    it.cells = parse_cells(e.at("cells"), g.n, min_cells);
    if (auto l = e.find("loop"); l && l->as_bool()) {
      Cell a = it.cells.front(), z = it.cells.back();
      if (it.cells.size() < 3 || std::abs(a.row - z.row) > 1 || std::abs(a.col - z.col) > 1)
        l->fail("input.value", fmt::format("a loop closes from {} back to {}: 3 or more cells, the last next to the first",
                                           cell_label(z), cell_label(a)));
      it.variant = "loop";
    }
    it.label = label(it);
    return it;
  });
}

std::vector<Item> parse_flag(const JsonNode& node, std::string_view id, std::string label) {
  if (!node.as_bool()) return {};
  Item it;
  it.id = std::string(id);
  it.label = std::move(label);
  return {it};
}

std::optional<std::string> repeated_digit(const Item& it, const std::vector<int>& ds) {
  for (std::size_t i = 0; i < ds.size(); ++i)
    for (std::size_t j = i + 1; j < ds.size(); ++j)
      if (ds[i] == ds[j]) return fmt::format("{} repeats {} ({}, {})", it.label, ds[i], cell_label(it.cells[i]), cell_label(it.cells[j]));
  return std::nullopt;
}

std::vector<int> digits_of(const Values& v, const std::vector<Cell>& cells) {
  std::vector<int> out;
  for (auto c : cells) out.push_back(v.at(c));
  return out;
}

std::string digits_text(const std::vector<int>& ds) {
  std::string s;
  for (int d : ds) s += (s.empty() ? "" : " ") + std::to_string(d);
  return s;
}

std::vector<std::pair<Cell, Cell>> orthogonal_pairs(int n) {
  std::vector<std::pair<Cell, Cell>> out;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) out.push_back({{r, c}, {r, c + 1}});
      if (r + 1 < n) out.push_back({{r, c}, {r + 1, c}});
    }
  return out;
}

std::vector<std::pair<Cell, Cell>> move_pairs(int n, const std::vector<std::pair<int, int>>& steps) {
  std::vector<std::pair<Cell, Cell>> out;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (auto [dr, dc] : steps) {
        Cell a{r, c}, b{r + dr, c + dc};
        if (b.row < 0 || b.col < 0 || b.row >= n || b.col >= n) continue;
        if (b < a) continue;  // each pair once
        out.push_back({a, b});
      }
  return out;
}

std::pair<double, double> centre(Cell c) { return {c.row + 0.5, c.col + 0.5}; }

std::vector<std::pair<double, double>> centres(const std::vector<Cell>& cells) {
  std::vector<std::pair<double, double>> out;
  for (auto c : cells) out.push_back(centre(c));
  return out;
}

std::pair<double, double> midpoint(Cell a, Cell b) { return {(a.row + b.row) / 2.0 + 0.5, (a.col + b.col) / 2.0 + 0.5}; }

Shape line_shape(const std::vector<Cell>& cells, const char* stroke, double width, const std::string& cls) {
  Shape s;
  s.type = Shape::Type::Line;
  s.points = centres(cells);
  s.stroke = stroke;
  s.size = width;
  s.cls = cls;
  return s;
}

Shape text_shape(std::pair<double, double> at, std::string text, double size, const char* fill, const std::string& cls,
                 bool over) {
  Shape s;
  s.type = Shape::Type::Text;
  s.points = {at};
  s.text = std::move(text);
  s.size = size;
  s.fill = fill;
  s.cls = cls;
  s.over = over;
  return s;
}

Shape cage_shape(const std::vector<Cell>& cells, bool marked, std::string text, const std::string& cls) {
  Shape s;
  s.type = Shape::Type::Cage;
  for (auto c : cells) s.points.push_back({c.row, c.col});
  s.stroke = colour(marked, "#000");
  s.size = marked ? 0.05 : 0.03;
  s.text = std::move(text);
  s.cls = marked ? cls + " marked" : cls;
  s.over = true;
  return s;
}

Shape circle_shape(std::pair<double, double> at, double r, const char* fill, const char* stroke, double stroke_width,
                   const std::string& cls, bool over) {
  Shape s;
  s.type = Shape::Type::Circle;
  s.points = {at};
  s.size = r;
  s.fill = fill;
  s.stroke = stroke;
  s.stroke_width = stroke_width;
  s.cls = cls;
  s.over = over;
  return s;
}

std::vector<Item> parse_sides(const JsonNode& node, std::string_view key, const Grid& g, int max, bool zero_is_none,
                              const std::function<std::string(const Item&)>& label) {
  node.allow_only({"top", "bottom", "left", "right"});
  std::vector<Item> out;
  const int n = g.n;
  for (const char* side : kSides) {
    auto list = node.find(side);
    if (!list) continue;
    auto entries = list->items(static_cast<std::size_t>(n));
    const std::string s = side;
    for (int i = 0; i < n; ++i) {
      if (entries[i].is_null()) continue;
      int k = static_cast<int>(entries[i].as_int(0, kMaxOutsideClue));
      if (k == 0 && zero_is_none) continue;
      Item it;
      it.beyond_reach = k > max;  // a clue no line can meet: no solution, not bad input
      it.index = i;
      it.variant = side;
      it.id = fmt::format("{}/{}/{}", key, side, i + 1);
      it.value = k;
      for (int j = 0; j < n; ++j) {
        if (s == "top") it.cells.push_back({j, i});
        else if (s == "bottom") it.cells.push_back({n - 1 - j, i});
        else if (s == "left") it.cells.push_back({i, j});
        else it.cells.push_back({i, n - 1 - j});
      }
      it.clue = s == "top" ? Cell{-1, i} : s == "bottom" ? Cell{n, i} : s == "left" ? Cell{i, -1} : Cell{i, n};
      it.label = label(it);
      out.push_back(it);
    }
  }
  return out;
}

std::string side_words(const Item& it) {
  const bool column = it.variant == "top" || it.variant == "bottom";
  const char* where = it.variant == "top" ? "above" : it.variant == "bottom" ? "below" : it.variant == "left" ? "left of" : "right of";
  return fmt::format("{} {} {}", where, column ? "column" : "row", it.index + 1);
}

namespace {
std::vector<std::vector<Cell>> windows_of_three(const Item& it) {
  if (it.cells.size() < 3) return {it.cells};
  std::vector<std::vector<Cell>> out;
  const std::size_t k = it.cells.size();
  const std::size_t last = it.variant == "loop" ? k : k - 2;
  for (std::size_t i = 0; i < last; ++i) out.push_back({it.cells[i], it.cells[(i + 1) % k], it.cells[(i + 2) % k]});
  return out;
}
}  // namespace

F three_classes(const Item& it, Builder& b, const std::function<int(int)>& cls) {
  std::vector<F> parts;
  std::set<int> classes;
  for (int d = 1; d <= b.n(); ++d) classes.insert(cls(d));
  for (const auto& w : windows_of_three(it)) {
    if (w.size() == 2) {
      parts.push_back(b.pair(w[0], w[1], [&](int p, int q) { return cls(p) != cls(q); }));
      continue;
    }
    // Three cells, three classes: each class once (every class is in it).
    for (int k : classes) {
      std::vector<F> any;
      for (auto c : w)
        for (int d = 1; d <= b.n(); ++d)
          if (cls(d) == k) any.push_back(b.is(c, d));
      parts.push_back(b.any(any));
    }
  }
  // Implied: cells three apart on the line share their class (two windows
  // that share two cells share the third class too), a table of digit pairs
  // that propagates at once. (Saying also that cells one and two apart
  // differ in class was no better overall and slowed "Zeeta Moth".)
  const std::size_t k = it.cells.size();
  if (k >= 4 && classes.size() == 3) {
    const std::size_t last = it.variant == "loop" ? k : k - 3;
    for (std::size_t i = 0; i < last; ++i)
      parts.push_back(b.pair(it.cells[i], it.cells[(i + 3) % k], [&](int x, int y) { return cls(x) == cls(y); }));
  }
  return b.all(parts);
}

std::optional<std::string> check_three_classes(const Item& it, const Values& v, const std::function<int(int)>& cls,
                                               const char* what) {
  for (const auto& w : windows_of_three(it)) {
    std::set<int> seen;
    for (auto c : w) seen.insert(cls(v.at(c)));
    if (seen.size() != w.size())
      return fmt::format("{}: {} ({}) repeat {}", it.label, span_label(w), digits_text(digits_of(v, w)), what);
  }
  return std::nullopt;
}

uint64_t digits_of_sums(int cells, int total, int n) {
  uint64_t out = 0;
  std::function<void(int, int, int, uint64_t)> pick = [&](int from, int left, int rest, uint64_t set) {
    if (left == 0) {
      if (rest == 0) out |= set;
      return;
    }
    for (int d = from; d <= n && d <= rest; ++d) pick(d + 1, left - 1, rest - d, set | (uint64_t{1} << (d - 1)));
  };
  pick(1, cells, total, 0);
  return out;
}

std::vector<int> other_totals(int lo, int hi, int current) {
  std::vector<int> out;
  for (int t = lo; t <= hi; ++t)
    if (t != current) out.push_back(t);
  return out;
}

bool sees(Cell p, Cell q, const Grid& g) {
  return p.row == q.row || p.col == q.col || (g.region(p) >= 0 && g.region(p) == g.region(q));
}

std::vector<std::vector<Cell>> seeing_groups(const std::vector<Cell>& cells, const Grid& g) {
  std::vector<std::vector<Cell>> out;
  for (auto c : cells) {
    bool joins = !out.empty();
    for (std::size_t i = 0; joins && i < out.back().size(); ++i) joins = sees(c, out.back()[i], g) && c != out.back()[i];
    if (!joins) out.emplace_back();
    out.back().push_back(c);
  }
  return out;
}

void in_houses(Builder& b, const std::vector<Cell>& cells, const Grid& g) {
  if (cells.size() < 2) return;
  auto rest_of = [&](auto key) {
    const auto k = key(cells.front());
    for (auto c : cells)
      if (key(c) != k) return;
    std::vector<Cell> rest;
    for (int r = 0; r < g.n; ++r)
      for (int c = 0; c < g.n; ++c) {
        const Cell x{r, c};
        if (key(x) == k && std::find(cells.begin(), cells.end(), x) == cells.end()) rest.push_back(x);
      }
    b.cage_in_house(cells, rest);
  };
  rest_of([](Cell c) { return c.row; });
  rest_of([](Cell c) { return c.col; });
  if (g.region(cells.front()) >= 0) rest_of([&](Cell c) { return g.region(c); });
}

}  // namespace psmt::sudoku::families
