// Logic-grid model: clue evaluation, solutions, the independent checker and
// the text table. No Z3 here (tests enforce it).
#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "logic_grid.h"

namespace psmt::logic_grid {

std::string Grid::item_label(ItemRef r) const {
  const auto& c = cats[r.cat];
  return c.numeric ? c.name + " " + c.items[r.idx] : c.items[r.idx];
}

namespace {

// The value, in comparable category `in`, of the entity holding item r.
int64_t value_in(const Grid& g, const Assignment& a, ItemRef r, int in) {
  int e = a[r.cat][r.idx];
  for (int j = 0; j < g.n; ++j)
    if (a[in][j] == e) return g.cats[in].values[j];
  return 0;  // unreachable for a permutation
}

bool same(const Assignment& a, ItemRef x, ItemRef y) { return a[x.cat][x.idx] == a[y.cat][y.idx]; }

}  // namespace

bool holds(const Grid& g, const Cond& c, const Assignment& a) {
  switch (c.op) {
    case Op::Same:
      for (std::size_t i = 1; i < c.items.size(); ++i)
        if (!same(a, c.items[0], c.items[i])) return false;
      return true;
    case Op::Different:
      for (std::size_t i = 0; i < c.items.size(); ++i)
        for (std::size_t j = i + 1; j < c.items.size(); ++j)
          if (same(a, c.items[i], c.items[j])) return false;
      return true;
    case Op::At:
      return value_in(g, a, c.items[0], c.in) == c.value;
    case Op::Compare: {
      int64_t l = value_in(g, a, c.items[0], c.in);
      int64_t r = c.right_is_value ? c.value : value_in(g, a, c.items[1], c.in);
      return apply_comparison<int64_t>(c.cmp, l, r + c.offset);
    }
    case Op::NextTo:
      return std::llabs(value_in(g, a, c.items[0], c.in) - value_in(g, a, c.items[1], c.in)) == c.distance;
    case Op::OneEach: {
      const auto &A = c.items[0], &B = c.items[1], &C = c.items[2], &D = c.items[3];
      if (same(a, A, B) || same(a, C, D)) return false;
      return (same(a, A, C) && same(a, B, D)) || (same(a, A, D) && same(a, B, C));
    }
    case Op::Not:
      return !holds(g, c.subs[0], a);
    case Op::And:
      return std::all_of(c.subs.begin(), c.subs.end(), [&](const Cond& s) { return holds(g, s, a); });
    case Op::Or:
      return std::any_of(c.subs.begin(), c.subs.end(), [&](const Cond& s) { return holds(g, s, a); });
    case Op::Xor:
      return std::count_if(c.subs.begin(), c.subs.end(), [&](const Cond& s) { return holds(g, s, a); }) == 1;
  }
  return false;
}

std::string describe_cond(const Grid& g, const Cond& c) {
  auto names = [&](std::size_t from, std::size_t to, const char* sep) {
    std::string s;
    for (std::size_t i = from; i < to && i < c.items.size(); ++i) s += (i > from ? sep : "") + g.item_label(c.items[i]);
    return s;
  };
  auto subs = [&](const char* sep) {
    std::string s;
    for (std::size_t i = 0; i < c.subs.size(); ++i) s += (i ? sep : "") + ("(" + describe_cond(g, c.subs[i]) + ")");
    return s;
  };
  const std::string in = c.in >= 0 ? g.cats[c.in].name : "";
  switch (c.op) {
    case Op::Same: return names(0, c.items.size(), " = ");
    case Op::Different: return "all different: " + names(0, c.items.size(), ", ");
    case Op::At: return fmt::format("{}({}) == {}", in, g.item_label(c.items[0]), c.value);
    case Op::Compare: {
      std::string right = c.right_is_value ? std::to_string(c.value) : fmt::format("{}({})", in, g.item_label(c.items[1]));
      std::string off = c.offset > 0 ? fmt::format(" + {}", c.offset) : c.offset < 0 ? fmt::format(" - {}", -c.offset) : "";
      return fmt::format("{}({}) {} {}{}", in, g.item_label(c.items[0]), c.cmp, right, off);
    }
    case Op::NextTo:
      return fmt::format("|{0}({1}) - {0}({2})| == {3}", in, g.item_label(c.items[0]), g.item_label(c.items[1]), c.distance);
    case Op::OneEach:
      return fmt::format("of {} and {}, one is {} and the other {}", g.item_label(c.items[0]), g.item_label(c.items[1]),
                         g.item_label(c.items[2]), g.item_label(c.items[3]));
    case Op::Not: return "not " + subs("");
    case Op::And: return subs(" and ");
    case Op::Or: return subs(" or ");
    case Op::Xor: return "exactly one of " + subs(", ");
  }
  return {};
}

nlohmann::json solution_json(const Grid& g, const Assignment& a) {
  nlohmann::json out = nlohmann::json::object();
  for (std::size_t c = 0; c < g.cats.size(); ++c) {
    nlohmann::json col = nlohmann::json::array();
    for (int e = 0; e < g.n; ++e) {
      int idx = 0;
      for (int j = 0; j < g.n; ++j)
        if (a[c][j] == e) idx = j;
      if (g.cats[c].numeric) col.push_back(g.cats[c].values[idx]);
      else col.push_back(g.cats[c].items[idx]);
    }
    out[g.cats[c].name] = col;
  }
  return out;
}

bool assignment_of(const Grid& g, const nlohmann::json& sol, Assignment& a, std::vector<Violation>& out) {
  a.assign(g.cats.size(), std::vector<int>(g.n, -1));
  if (!sol.is_object()) {
    out.push_back({"rule/shape", "a solution is an object {category: [item per entity]}"});
    return false;
  }
  bool ok = true;
  for (std::size_t c = 0; c < g.cats.size(); ++c) {
    const auto& cat = g.cats[c];
    if (!sol.contains(cat.name) || !sol[cat.name].is_array() || static_cast<int>(sol[cat.name].size()) != g.n) {
      out.push_back({"rule/category/" + cat.name, fmt::format("category {} needs {} items, one per entity", cat.name, g.n)});
      ok = false;
      continue;
    }
    for (int e = 0; e < g.n; ++e) {
      const auto& v = sol[cat.name][e];
      std::string text = v.is_string() ? v.get<std::string>() : v.is_number_integer() ? std::to_string(v.get<int64_t>()) : "";
      int idx = -1;
      for (int j = 0; j < g.n; ++j)
        if (cat.items[j] == text) idx = j;
      if (idx < 0) {
        out.push_back({"rule/category/" + cat.name, fmt::format("{} is not an item of category {}", v.dump(), cat.name)});
        ok = false;
      } else if (a[c][idx] >= 0) {
        out.push_back({"rule/category/" + cat.name,
                       fmt::format("{} is held by entities {} and {}", cat.items[idx], a[c][idx] + 1, e + 1)});
        ok = false;
      } else {
        a[c][idx] = e;
      }
    }
  }
  // The key category fixes the entities: its k-th item is entity k.
  if (ok)
    for (int k = 0; k < g.n; ++k)
      if (a[0][k] != k) {
        out.push_back({"rule/key", fmt::format("entity {} must hold {} (the first category is the key)", k + 1, g.cats[0].items[k])});
        return false;
      }
  return ok;
}

std::vector<Violation> check_solution(const Grid& g, const nlohmann::json& sol) {
  std::vector<Violation> out;
  Assignment a;
  if (!assignment_of(g, sol, a, out)) return out;
  for (const auto& cl : g.clues)
    if (!holds(g, cl.cond, a)) out.push_back({cl.id, "clue does not hold: " + cl.text});
  return out;
}

nlohmann::json answers(const Grid& g, const nlohmann::json& sol) {
  nlohmann::json out = nlohmann::json::array();
  Assignment a;
  std::vector<Violation> v;
  if (g.questions.empty() || !assignment_of(g, sol, a, v)) return out;
  for (const auto& q : g.questions) {
    int e = a[q.has.cat][q.has.idx];
    for (int j = 0; j < g.n; ++j)
      if (a[q.which][j] == e) {
        nlohmann::json ans = g.cats[q.which].numeric ? nlohmann::json(g.cats[q.which].values[j]) : nlohmann::json(g.cats[q.which].items[j]);
        out.push_back({{"question", q.text}, {"answer", ans}});
      }
  }
  return out;
}

std::string render_table(const Grid& g, const nlohmann::json* sol) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head;
  for (const auto& c : g.cats) head.push_back(c.name);
  rows.push_back(head);
  for (int e = 0; e < g.n; ++e) {
    std::vector<std::string> r;
    for (const auto& c : g.cats) {
      if (!sol) {
        r.push_back(&c == &g.cats.front() ? c.items[e] : "?");
        continue;
      }
      const auto& v = (*sol)[c.name][e];
      r.push_back(v.is_string() ? v.get<std::string>() : v.dump());
    }
    rows.push_back(r);
  }
  std::vector<std::size_t> width(head.size(), 0);
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size(); ++i) width[i] = std::max(width[i], r[i].size());
  std::string out;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    std::string line;
    for (std::size_t i = 0; i < rows[k].size(); ++i)
      line += fmt::format("{:<{}}", rows[k][i], width[i]) + (i + 1 < rows[k].size() ? "  " : "");
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
    if (k == 0) {
      std::string rule;
      for (std::size_t i = 0; i < width.size(); ++i) rule += std::string(width[i], '-') + (i + 1 < width.size() ? "  " : "");
      out += rule + "\n";
    }
  }
  if (!sol)
    for (std::size_t i = 0; i < g.clues.size(); ++i) out += fmt::format("{:>2}. {}\n", i + 1, g.clues[i].text);
  if (sol)
    for (const auto& ans : answers(g, *sol)) {
      const auto& v = ans["answer"];
      out += fmt::format("{} {}\n", ans["question"].get<std::string>(), v.is_string() ? v.get<std::string>() : v.dump());
    }
  return out;
}

}  // namespace psmt::logic_grid
