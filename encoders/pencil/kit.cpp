#include "encoders/pencil/kit.h"

#include <algorithm>

#include "encoders/pencil/clauses.h"
#include "engine/encoding.h"
#include "engine/graph.h"

#include <fmt/format.h>

#include "io/error.h"

namespace psmt::pencil {

std::vector<std::pair<JsonNode, std::string>> char_rows(const JsonNode& node, int least, int most, const char* places) {
  const auto rows = node.items();
  if (static_cast<int>(rows.size()) < least || static_cast<int>(rows.size()) > most)
    node.fail("input.shape", fmt::format("{} to {} rows", least, most));
  std::vector<std::pair<JsonNode, std::string>> out;
  std::size_t width = 0;
  for (const auto& row : rows) {
    std::string s = row.as_string();
    if (width == 0) width = s.size();
    if (static_cast<int>(s.size()) < least || static_cast<int>(s.size()) > most)
      row.fail("input.shape", fmt::format("{} to {} {}", least, most, places));
    if (s.size() != width) row.fail("input.shape", fmt::format("{} {}, the first row has {}", s.size(), places, width));
    out.emplace_back(row, std::move(s));
  }
  return out;
}

std::vector<bool> truth_of(const std::vector<int64_t>& values) {
  std::vector<bool> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = values[i] != 0;
  return out;
}

std::vector<int> read_line_counts(const JsonNode& root, const char* field, int size) {
  std::vector<int> out(static_cast<std::size_t>(size), -1);
  auto list = root.find(field);
  if (!list) return out;
  const auto items = list->items(static_cast<std::size_t>(size));
  for (int k = 0; k < size; ++k)
    if (!items[static_cast<std::size_t>(k)].is_null()) out[static_cast<std::size_t>(k)] = static_cast<int>(items[static_cast<std::size_t>(k)].as_int(0, 10000));
  return out;
}

std::vector<int> line_count_values(int length, int n) {
  std::vector<int> out;
  for (int v = 0; v <= std::max(length, n); ++v)
    if (v != n) out.push_back(v);
  return out;
}

void line_count_clues(const Lattice& L, const std::vector<Expr>& lits, const std::vector<int>& col_count,
                      const std::vector<int>& row_count, Count how, const std::function<std::string(bool, int)>& id,
                      const std::function<std::string(bool, int, int)>& label, Context& ctx, Encoding& enc,
                      const EncodeOptions& eo) {
  for (int pass = 0; pass < 2; ++pass) {
    eo.check_deadline();
    const bool row = pass == 1;
    const auto& counts = row ? row_count : col_count;
    for (int k = 0; k < static_cast<int>(counts.size()); ++k) {
      const int n = counts[static_cast<std::size_t>(k)];
      if (n < 0) continue;
      std::vector<Expr> line;
      std::vector<Cell> cells;
      for (int j = 0; j < (row ? L.cols : L.rows); ++j) {
        const int i = row ? L.cell(k, j) : L.cell(j, k);
        line.push_back(lits[static_cast<std::size_t>(i)]);
        cells.push_back(L.cell_at(i));
      }
      const std::string name = id(row, k);
      auto count = [&](int v, const std::string& prefix) { return exactly_k(ctx, line, v, how, prefix); };
      Clue clue{name, label(row, k, n), count(n, name + "!"), cells, {}};
      if (eo.alternatives)
        for (int v : line_count_values(static_cast<int>(line.size()), n))
          clue.alternatives.push_back({label(row, k, v), count(v, fmt::format("{}_as{}!", name, v))});
      enc.clues.push_back(std::move(clue));
    }
  }
}

std::vector<Place> cell_places(const Lattice& L) {
  std::vector<Place> out;
  for (int i = 0; i < L.cells(); ++i) out.push_back({cell_label(L.cell_at(i)), L.cell_at(i)});
  return out;
}

std::vector<std::string> cells_that_differ(const Lattice& L, const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  for (int i = 0; i < L.cells(); ++i)
    if (a[static_cast<std::size_t>(i)] != b[static_cast<std::size_t>(i)]) out.push_back(cell_label(L.cell_at(i)));
  return out;
}

nlohmann::json loop_drawing(const Lattice& L, const std::vector<bool>& step, const std::function<char(int, bool)>& cell) {
  auto on = [&](int s) { return s >= 0 && step[static_cast<std::size_t>(s)]; };
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < 2 * L.rows - 1; ++r) {
    std::string s;
    for (int c = 0; c < 2 * L.cols - 1; ++c) {
      if (r % 2 == 0 && c % 2 == 0) {
        const auto st = L.cell_steps(r / 2, c / 2);
        s += cell(L.cell(r / 2, c / 2), on(st[0]) || on(st[1]) || on(st[2]) || on(st[3]));
      } else if (r % 2 == 0) {
        s += on(L.step_right(r / 2, c / 2)) ? '-' : ' ';
      } else if (c % 2 == 0) {
        s += on(L.step_down(r / 2, c / 2)) ? '|' : ' ';
      } else {
        s += ' ';
      }
    }
    rows.push_back(s);
  }
  return rows;
}

namespace {
// The drawing's rows, each checked for its length.
std::vector<std::string> drawing_rows(const Lattice& L, const nlohmann::json& drawing) {
  if (!drawing.is_array() || static_cast<int>(drawing.size()) != 2 * L.rows - 1)
    throw InputError("input.shape", "", fmt::format("a loop drawing of {} strings", 2 * L.rows - 1));
  std::vector<std::string> out;
  for (int r = 0; r < 2 * L.rows - 1; ++r) {
    const auto& row = drawing[static_cast<std::size_t>(r)];
    if (!row.is_string() || static_cast<int>(row.get<std::string>().size()) != 2 * L.cols - 1)
      throw InputError("input.shape", fmt::format("/{}", r), fmt::format("a string of {} characters", 2 * L.cols - 1));
    out.push_back(row.get<std::string>());
  }
  return out;
}
}  // namespace

std::vector<bool> loop_steps(const Lattice& L, const nlohmann::json& drawing) {
  const auto rows = drawing_rows(L, drawing);
  std::vector<bool> step(static_cast<std::size_t>(L.steps()), false);
  for (int r = 0; r < 2 * L.rows - 1; ++r)
    for (int c = 0; c < 2 * L.cols - 1; ++c) {
      const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (r % 2 == 0 && c % 2 == 1) step[static_cast<std::size_t>(L.step_right(r / 2, c / 2))] = ch == '-';
      if (r % 2 == 1 && c % 2 == 0) step[static_cast<std::size_t>(L.step_down(r / 2, c / 2))] = ch == '|';
    }
  return step;
}

std::vector<char> drawing_cells(const Lattice& L, const nlohmann::json& drawing) {
  const auto rows = drawing_rows(L, drawing);
  std::vector<char> out;
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) out.push_back(rows[static_cast<std::size_t>(2 * r)][static_cast<std::size_t>(2 * c)]);
  return out;
}

std::vector<Shape> loop_shapes(const Lattice& L, const std::vector<bool>& step) {
  std::vector<Shape> out;
  const graph::Graph g = L.cell_graph();
  for (int s = 0; s < L.steps(); ++s) {
    if (!step[static_cast<std::size_t>(s)]) continue;
    const auto [u, v] = g.edges[static_cast<std::size_t>(s)];
    const Cell a = L.cell_at(u), c = L.cell_at(v);
    Shape line;
    line.type = Shape::Type::Line;
    line.points = {{a.row + 0.5, a.col + 0.5}, {c.row + 0.5, c.col + 0.5}};
    line.stroke = "#1565c0";
    line.size = 0.1;
    line.cls = "loop";
    line.over = true;
    out.push_back(line);
  }
  return out;
}

Encoding new_encoding(Context& ctx) {
  Encoding enc(ctx);
  enc.cadical_options = {{"lucky", 0}};
  return enc;
}

Shape cell_symbol(Cell c, const std::string& text, double size, const std::string& fill, const std::string& cls) {
  Shape s;
  s.type = Shape::Type::Text;
  s.points = {{c.row + 0.5, c.col + 0.5}};
  s.text = text;
  s.size = size;
  s.fill = fill;
  s.cls = cls;
  s.over = true;
  return s;
}

Shape cell_circle(Cell c, double size, const std::string& fill, const std::string& stroke, double width, const std::string& cls) {
  Shape s;
  s.type = Shape::Type::Circle;
  s.points = {{c.row + 0.5, c.col + 0.5}};
  s.size = size;
  s.fill = fill;
  s.stroke = stroke;
  s.stroke_width = width;
  s.cls = cls;
  return s;
}

void draw_black_cell(std::vector<Shape>& out, Cell c, int n, const std::string& cls, const std::string& number_cls) {
  Shape s;
  s.type = Shape::Type::Rect;
  s.points = {{c.row + 0.5, c.col + 0.5}};
  s.size = 0.42;
  s.fill = "#212121";
  s.stroke = "none";
  s.cls = cls;
  out.push_back(s);
  if (n >= 0) out.push_back(cell_symbol(c, std::to_string(n), 0.55, "#fff", number_cls));
}

std::vector<Expr> loop_step_vars(const Lattice& L, Context& ctx, Encoding& enc) {
  std::vector<Expr> step;
  for (int s = 0; s < L.steps(); ++s) {
    step.push_back(ctx.bool_const(fmt::format("step_{}", s).c_str()));
    enc.decision_vars.push_back(step.back());
  }
  return step;
}

void one_loop(const Lattice& L, const std::vector<Expr>& step, bool eager, Context& ctx, Encoding& enc) {
  graph::Rule loop;
  loop.kind = graph::RuleKind::ConnectedEdges;
  loop.name = "the steps form one loop";
  loop.graph = L.cell_graph();
  loop.edge_lits = step;
  if (eager) graph::encode_eager(loop, ctx, enc.rules, "loop!");
  else enc.lazy_rules.push_back(loop);
}

void cell_step_places(const Lattice& L, Encoding& enc) {
  for (int r = 0; r < L.rows; ++r)
    for (int c = 0; c < L.cols; ++c) {
      std::vector<unsigned> place;
      for (int s : L.cell_steps(r, c))
        if (s >= 0) place.push_back(static_cast<unsigned>(s));
      enc.places.push_back(place);
    }
}

std::vector<std::string> loop_passes(const Lattice& L, const std::vector<bool>& step) {
  auto is = [&](int s) { return s >= 0 && step[static_cast<std::size_t>(s)]; };
  std::vector<std::string> out;
  for (int i = 0; i < L.cells(); ++i) {
    const Cell c = L.cell_at(i);
    const auto st = L.cell_steps(c.row, c.col);
    std::string dirs;
    for (std::size_t k = 0; k < 4; ++k)
      if (is(st[k])) dirs += "LRUD"[k];
    out.push_back(dirs.empty() ? "." : dirs == "LR" ? "-" : dirs == "UD" ? "|" : dirs);
  }
  return out;
}

std::string step_fact(const Lattice& L, std::size_t step, bool value) {
  return "the loop " + std::string(value ? "steps " : "does not step ") + L.step_label(static_cast<int>(step));
}

nlohmann::json number_rows(const Lattice& L, const std::vector<int>& number) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < L.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < L.cols; ++c) row.push_back(number[static_cast<std::size_t>(L.cell(r, c))]);
    rows.push_back(row);
  }
  return rows;
}

std::vector<int> read_number_rows(const Lattice& L, const nlohmann::json& solution, int most) {
  if (!solution.is_array() || static_cast<int>(solution.size()) != L.rows) throw InputError("input.shape", "", fmt::format("{} rows of numbers", L.rows));
  std::vector<int> out;
  for (int r = 0; r < L.rows; ++r) {
    const auto& row = solution[static_cast<std::size_t>(r)];
    if (!row.is_array() || static_cast<int>(row.size()) != L.cols) throw InputError("input.shape", fmt::format("/{}", r), fmt::format("{} numbers", L.cols));
    for (int c = 0; c < L.cols; ++c) {
      const auto& v = row[static_cast<std::size_t>(c)];
      if (!v.is_number_integer() || v.get<int64_t>() < 1 || v.get<int64_t>() > most)
        throw InputError("input.value", fmt::format("/{}/{}", r, c), fmt::format("a number from 1 to {}", most));
      out.push_back(v.get<int>());
    }
  }
  return out;
}

void drop_cell_clues(const Lattice& L, const std::vector<ClueEdit>& edits, const std::function<bool(int)>& has_clue,
                     const std::function<std::string(Cell)>& id, const std::function<void(int)>& drop, const std::string& what) {
  for (const auto& e : edits) {
    bool found = false;
    for (int i = 0; i < L.cells() && !found; ++i) {
      if (!has_clue(i) || id(L.cell_at(i)) != e.clue_id) continue;
      if (e.alternative > 0) throw InputError("input.value", "#", fmt::format("no change {} of {}", e.alternative, e.clue_id));
      drop(i);
      found = true;
    }
    if (!found) throw InputError("input.value", "#", fmt::format("no {} {}", what, e.clue_id));
  }
}

std::string division_text(const Lattice& L, const std::function<std::string(int)>& clue, const std::vector<int>& owner) {
  const bool solved = !owner.empty();
  std::string out;
  for (int r = 0; r < L.rows; ++r) {
    std::string cells, walls;
    for (int c = 0; c < L.cols; ++c) {
      const int i = L.cell(r, c);
      const std::string t = clue(i);
      cells += fmt::format("{:>3}", t.empty() ? std::string(".") : t);
      if (solved && c + 1 < L.cols) cells += owner[static_cast<std::size_t>(i)] != owner[static_cast<std::size_t>(i + 1)] ? " |" : "  ";
      if (solved && r + 1 < L.rows)
        walls += std::string(c + 1 < L.cols ? 5 : 3, ' ').replace(1, 2, owner[static_cast<std::size_t>(i)] != owner[static_cast<std::size_t>(i + L.cols)] ? "--" : "  ");
    }
    out += cells + "\n";
    if (!walls.empty()) {
      while (!walls.empty() && walls.back() == ' ') walls.pop_back();
      out += walls + "\n";
    }
  }
  return out;
}

std::string number_rows_text(const Lattice& L, const std::vector<int>& number) {
  std::string out;
  for (int r = 0; r < L.rows; ++r) {
    std::string line;
    for (int c = 0; c < L.cols; ++c) {
      const int n = number[static_cast<std::size_t>(L.cell(r, c))];
      line += fmt::format("{:>3}", n ? std::to_string(n) : std::string("."));
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace psmt::pencil
