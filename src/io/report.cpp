#include "io/words.h"
#include "io/report.h"

#include <algorithm>

#include <fmt/format.h>

namespace psmt {

namespace {
std::string verdict_sentence(const Result& res, const std::string& command) {
  switch (res.status) {
    case Status::Unique: return "unique: exactly one solution";
    case Status::Multiple:
      if (command == "check") return "multiple: at least two solutions";
      return res.complete ? fmt::format("multiple: {} solutions", res.solutions_found)
                          : fmt::format("multiple: at least {} solutions", res.solutions_found);
    case Status::None: return "none: no solution";
    case Status::Solved: return "solved (uniqueness not checked; use check)";
    case Status::Unknown:
      return fmt::format("unknown: stopped ({}) after {} solution(s)",
                         res.reason_unknown.empty() ? "no reason given" : res.reason_unknown, res.solutions_found);
  }
  return "";
}

// Lines of at most `width` characters, each indented by `indent`.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::string out, line;
  auto flush = [&]() {
    out += (line.empty() ? "" : indent + line) + "\n";
    line.clear();
  };
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\n') {
      flush();
      ++i;
      continue;
    }
    std::size_t j = text.find_first_of(" \n", i);
    if (j == std::string::npos) j = text.size();
    std::string word = text.substr(i, j - i);
    if (!line.empty() && line.size() + 1 + word.size() > width) flush();
    if (!word.empty()) line += (line.empty() ? "" : " ") + word;
    i = j < text.size() && text[j] == ' ' ? j + 1 : j;
  }
  if (!line.empty()) flush();
  return out;
}

std::string join(const std::vector<std::string>& xs, const char* sep) {
  std::string s;
  for (const auto& x : xs) s += (s.empty() ? "" : sep) + x;
  return s;
}
}  // namespace

std::string puzzle_header(const LoadedPuzzle& lp) {
  std::string out = fmt::format("{}: {}{}{}\n", lp.file, lp.name.empty() ? "" : "\"" + lp.name + "\"",
                                lp.author.empty() ? "" : " by " + lp.author,
                                (lp.name.empty() && lp.author.empty() ? "" : ", ") + lp.encoder->describe(*lp.puzzle));
  if (!lp.imported_from.empty()) out += fmt::format("imported from {}\n", lp.imported_from);
  if (!lp.rules.empty()) out += "rules:\n" + wrap(lp.rules, 96, "  ");
  if (!lp.mapped_drawings.empty()) {
    out += "read through the rules text:\n";
    for (const auto& d : lp.mapped_drawings) out += wrap(d, 96, "  ");
  }
  for (const auto& d : lp.decorations) out += "decoration: " + d + "\n";
  if (!lp.ignored_drawings.empty()) {
    out += fmt::format("partial import (--partial): {} part{} left out; the verdict is for the rules read\n",
                       lp.ignored_drawings.size(), lp.ignored_drawings.size() == 1 ? "" : "s");
    for (const auto& d : lp.ignored_drawings) out += "  " + d + "\n";
  }
  return out;
}

nlohmann::json report_json(const LoadedPuzzle& lp, const Result& res, const ReportContext& rc) {
  nlohmann::json j;
  j["file"] = lp.file;
  j["name"] = lp.name;
  if (!lp.author.empty()) j["author"] = lp.author;
  j["kind"] = lp.kind;
  if (!lp.imported_from.empty()) j["imported_from"] = lp.imported_from;
  if (!lp.ignored_drawings.empty()) {
    j["ignored_drawings"] = lp.ignored_drawings;
    // The verdict is for the rules read: unique means at most one solution.
    j["partial_import"] = true;
  }
  if (!lp.mapped_drawings.empty()) j["read_through_rules_text"] = lp.mapped_drawings;
  if (!lp.decorations.empty()) j["decorations"] = lp.decorations;
  if (!lp.warnings.empty()) j["warnings"] = lp.warnings;
  j["command"] = rc.command;
  j["encoding"] = res.encoding;
  j["solver"] = res.solver;
  if (res.by_search) j["decided_by"] = "search";  // the kind's own search: encoding and solver were not used
  j["status"] = status_name(res.status);
  // Why the run stopped: a limit or a signal, also after some solutions were found.
  if (res.status == Status::Unknown || !res.reason_unknown.empty()) j["reason"] = res.reason_unknown;
  j["solutions_found"] = res.solutions_found;
  j["complete"] = res.complete;
  if (rc.command == "count" || rc.command == "enumerate") {
    j["count"] = res.solutions_found;
    for (auto it = rc.count_details.begin(); it != rc.count_details.end(); ++it) j[it.key()] = it.value();
  }
  j["solutions"] = res.solutions;
  if (rc.choice) {
    j["solutions"] = nlohmann::json::array({rc.choice->solution});
    j["chosen_by_scorer"] = rc.choice->details;
  }
  if (res.components > 1) {
    j["components"] = res.components;
    j["count_exact"] = res.count_text;
    j["ambiguous_places"] = res.ambiguous_places;
    if (!res.candidates.empty()) {
      nlohmann::json cands = nlohmann::json::object();
      auto places = lp.encoder->places(*lp.puzzle);
      for (std::size_t p = 0; p < places.size() && p < res.candidates.size(); ++p)
        cands[places[p].label] = res.candidates[p];
      j["candidates"] = cands;
    }
    if (!res.count_text.empty() && res.count_text != std::to_string(res.solutions_found) &&
        (rc.command == "count" || rc.command == "enumerate"))
      j["count"] = res.count_text;  // beyond 64 bits: exact, as a decimal string
  }
  if (!j["solutions"].empty() && res.status != Status::Multiple) {
    auto extra = lp.encoder->annotations(*lp.puzzle, j["solutions"][0]);
    for (auto it = extra.begin(); it != extra.end(); ++it) j[it.key()] = it.value();
  }
  j["differing_cells"] = res.differing_cells;
  nlohmann::json conflict = nlohmann::json::array();
  if (res.conflict) {
    for (const auto& c : res.conflict->clues) conflict.push_back({{"id", c.id}, {"label", c.label}});
    j["conflict_minimal"] = res.conflict->minimal;
    if (res.conflict->rules_alone) j["conflict_note"] = "the rules alone have no solution";
    else if (!res.conflict->note.empty()) j["conflict_note"] = res.conflict->note;
  }
  j["conflict"] = conflict;
  if (rc.confirmed_by) j["confirmed_by"] = *rc.confirmed_by;
  if (lp.expect.status || lp.expect.count || lp.expect.solution)
    j["expect"] = {{"ok", rc.mismatches.empty()}, {"mismatches", rc.mismatches}};
  if (proofs_wanted())
    j["certified"] = {{"unsat_steps", res.certified}, {"checker", certify_wanted() ? proof_checker_name() : "none (--proof only)"}};
  j["stats"] = res.stats.to_json();
  return j;
}

std::string report_text(const LoadedPuzzle& lp, const Result& res, const ReportContext& rc) {
  const Encoder& e = *lp.encoder;
  std::string out;
  out += puzzle_header(lp);
  std::string verdict = rc.choice ? "solved: the most plausible of the consistent solutions" : verdict_sentence(res, rc.command);
  // A partial import answers for the rules read. A drawing left out can only
  // rule solutions out, so with drawings alone ignored "unique" means at most
  // one solution; a sentence of the rules text left out may say anything.
  if (!lp.ignored_drawings.empty() && !rc.choice) {
    const std::size_t k = lp.ignored_drawings.size();
    const bool only_drawings = std::none_of(lp.ignored_drawings.begin(), lp.ignored_drawings.end(), [](const std::string& d) {
      return d.rfind("the rules text says", 0) == 0;
    });
    const std::string ignored = fmt::format("with {} {}{} ignored", k, only_drawings ? "drawing" : "part", k == 1 ? "" : "s");
    if (res.status == Status::Unique)
      verdict = only_drawings ? fmt::format("unique for the rules read: at most one solution ({})", ignored)
                              : fmt::format("unique for the rules read ({})", ignored);
    else if (res.status == Status::Multiple)
      verdict = fmt::format("{} for the rules read ({}; they may rule some out)", verdict, ignored);
    else if (res.status == Status::None)
      verdict = only_drawings ? fmt::format("none: no solution, even {}", ignored) : fmt::format("none for the rules read ({})", ignored);
  }
  if (res.by_search) out += fmt::format("{} by the kind's own search (no solver): {}\n", rc.command, verdict);
  else out += fmt::format("{} with encoding {}: {}\n", rc.command, res.encoding, verdict);
  if (rc.confirmed_by) out += fmt::format("confirmed by encoding {}\n", *rc.confirmed_by);
  if (res.solver != "z3" && !res.by_search) out += fmt::format("solver: {}\n", res.solver);
  if (certify_wanted() && res.certified)
    out += fmt::format("certified: the proof of each of the {} UNSAT step{} the verdict rests on was checked by {}\n",
                       res.certified, res.certified == 1 ? "" : "s", proof_checker_name());
  RenderOptions ro;
  ro.color = rc.color;
  if (rc.choice) {
    out += fmt::format("{} keystreams are consistent; the scorer chose one:\n", res.count_text);
    out += rc.choice->report;
    RenderOptions cro = ro;
    cro.highlight = rc.choice->uncertain;
    out += e.render(*lp.puzzle, &rc.choice->solution, cro);
  } else if (rc.command == "solve" || rc.command == "check") {
    for (std::size_t i = 0; i < res.solutions.size(); ++i) {
      if (res.solutions.size() > 1) out += fmt::format("solution {}:\n", i + 1);
      if (i == 1 && !res.differing_cells.empty()) {
        ro.highlight.clear();
        for (const auto& lab : res.differing_cells) {
          int r = 0, c = 0;
          if (std::sscanf(lab.c_str(), "r%dc%d", &r, &c) == 2) ro.highlight.push_back({r - 1, c - 1});
        }
      }
      out += e.render(*lp.puzzle, &res.solutions[i], ro);
    }
  }
  if (!res.ambiguous_places.empty() && !rc.choice) {
    out += fmt::format("{} independent components; {} places are ambiguous: {}\n", res.components,
                       res.ambiguous_places.size(), join(res.ambiguous_places, " "));
    if (!res.candidates.empty()) {
      auto places = e.places(*lp.puzzle);
      for (std::size_t p = 0; p < places.size() && p < res.candidates.size(); ++p)
        if (res.candidates[p].size() > 1)
          out += fmt::format("  {}: {} values: {}\n", places[p].label, res.candidates[p].size(), join(res.candidates[p], " "));
    }
  }
  else if (!res.differing_cells.empty() && !rc.choice) {
    const auto [one, many] = e.difference_noun();
    const bool comma = std::any_of(res.differing_cells.begin(), res.differing_cells.end(),
                                   [](const std::string& d) { return d.find(' ') != std::string::npos; });
    out += fmt::format("the two solutions differ in {} {}: {}\n", res.differing_cells.size(),
                       res.differing_cells.size() == 1 ? one : many, join(res.differing_cells, comma ? ", " : " "));
  }
  if ((rc.command == "count" || rc.command == "enumerate") && res.components > 1 && res.complete)
    out += fmt::format("count: {} (the product of {} independent components' counts)\n", res.count_text, res.components);
  else if ((rc.command == "count" || rc.command == "enumerate") && rc.count_details.contains("counted")) {
    const auto& d = rc.count_details;
    out += fmt::format("count: {}{} {}{}\n", res.complete ? "" : "at least ", res.solutions_found, d["counted"].get<std::string>(),
                       res.complete ? ""
                       : res.reason_unknown.empty() ? " (stopped at --limit)"
                                                    : " (stopped: " + res.reason_unknown + ")");
    if (d.contains("count_labelled"))
      out += fmt::format("       {}{} with identical pieces told apart (x{})\n", res.complete ? "" : "at least ",
                         d["count_labelled"].get<uint64_t>(), d["labelled_factor"].get<uint64_t>());
    if (d.contains("count_up_to_symmetry"))
      out += fmt::format("       {}{} up to the {} symmetries of the board\n", res.complete ? "" : "at least ",
                         d["count_up_to_symmetry"].get<uint64_t>(), d["board_symmetries"].get<uint64_t>());
  } else if (rc.command == "count" || rc.command == "enumerate")
    out += res.complete ? fmt::format("count: {}\n", res.solutions_found)
                        : fmt::format("count: at least {} (stopped{})\n", res.solutions_found,
                                      res.reason_unknown.empty() ? " at --limit" : ": " + res.reason_unknown);
  if (res.conflict) {
    const auto& c = *res.conflict;
    if (c.rules_alone) {
      out += "the rules of the kind alone have no solution (no clue is to blame)\n";
    } else if (!c.clues.empty()) {
      if (c.clues.size() == 1) out += "this clue cannot hold with the rules of the kind:\n";
      else
        out += fmt::format("these {} cannot all hold{}:\n", plural(c.clues.size(), "clue"),
                           c.minimal ? " (a minimal set: drop any one and the rest can)" : "");
      for (const auto& cl : c.clues) out += fmt::format("  {}   [{}]\n", cl.label, cl.id);
      ro.highlight.clear();
      for (const auto& cl : c.clues) ro.highlight_clues.push_back(cl.id);
      if (rc.color) out += e.render(*lp.puzzle, nullptr, ro);
      ro.highlight_clues.clear();
    }
    if (!c.note.empty()) out += c.note + "\n";
  }
  if (res.status == Status::None && !res.conflict) out += e.render(*lp.puzzle, nullptr, ro);
  for (const auto& m : rc.mismatches) out += "EXPECTATION NOT MET: " + m + "\n";
  if (rc.stats) out += stats_text(res, rc);
  return out;
}

std::string stats_text(const Result& res, const ReportContext& rc, double process_age_ms) {
  const auto& s = res.stats;
  auto z = s.to_json()["z3"];
  std::string z3s;
  for (const char* k : {"conflicts", "decisions", "propagations", "memory_mb"})
    if (z.contains(k)) z3s += fmt::format("{}{} {:g}", z3s.empty() ? "" : ", ", k, z[k].get<double>());
  // CaDiCaL: what unit propagation settled before the first search.
  if (z.contains("excluded_before_search") || z.contains("fixed_before_search"))
    z3s += fmt::format("{}before search {:g} excluded, {:g} fixed", z3s.empty() ? "" : ", ",
                       z.value("excluded_before_search", 0.0), z.value("fixed_before_search", 0.0));
  const char* later = rc.command == "check" ? "uniqueness" : "more models";
  std::string phases;
  auto add = [&](const char* name, double ms) {
    if (ms > 0) phases += fmt::format("{}{} {:.1f}", phases.empty() ? "" : ", ", name, ms);
  };
  add("parse", s.parse_ms);
  add("context", s.context_ms);
  add("encode", s.encode_ms);
  add("solver setup", s.setup_ms);
  add("first model", s.first_model_ms);
  add(later, s.uniqueness_ms);
  add("conflict", s.conflict_ms);
  add("check", s.check_ms);
  std::string out = fmt::format("time {:.1f} ms ({})", s.wall_ms, phases);
  if (s.render_ms > 0) out += fmt::format("; render {:.1f} ms", s.render_ms);
  if (process_age_ms > 0)
    out += fmt::format("; process: {:.1f} ms from its start to the run, {:.1f} ms to this line", s.process_before_ms,
                       process_age_ms);
  return out + (z3s.empty() ? "" : "; " + z3s) + "\n";
}

}  // namespace psmt
