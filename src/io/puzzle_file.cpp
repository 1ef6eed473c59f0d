#include "io/puzzle_file.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/kinds.h"
#include "io/json_load.h"

namespace psmt {

namespace {
const char* const kGenericFields[] = {"kind", "name", "source", "author", "rules", "notes", "expect", "progress"};
}

LoadedPuzzle load_puzzle(const nlohmann::json& doc, const std::string& origin) {
  try {
    JsonNode root(doc, "");
    if (!root.is_object()) root.expected("a JSON object describing one puzzle");
    LoadedPuzzle lp;
    lp.file = origin;
    JsonNode kind = root.at("kind");
    lp.kind = kind.as_string();
    lp.encoder = find_encoder(lp.kind);
    if (!lp.encoder)
      kind.fail("input.unknown_kind", fmt::format("unknown kind \"{}\" (known kinds: {})", lp.kind, kind_names()));
    auto fields = lp.encoder->fields();
    for (auto it = doc.begin(); it != doc.end(); ++it) {
      const auto& k = it.key();
      if (std::find(std::begin(kGenericFields), std::end(kGenericFields), k) != std::end(kGenericFields)) continue;
      if (std::find(fields.begin(), fields.end(), k) != fields.end()) continue;
      std::string list;
      for (const auto* g : kGenericFields) list += std::string(list.empty() ? "" : ", ") + g;
      for (const auto& f : fields) list += ", " + f;
      throw InputError("input.unknown_field", "/" + pointer_escape(k),
                       fmt::format("unknown field \"{}\" for kind {} (fields: {})", k, lp.kind, list));
    }
    if (auto n = root.find("name")) lp.name = n->as_string();
    if (auto s = root.find("source")) lp.source = s->as_string();
    if (auto a = root.find("author")) lp.author = a->as_string();
    if (auto r = root.find("rules")) lp.rules = r->as_string();
    if (auto n = root.find("notes")) {
      if (!n->is_string() && !n->is_array()) n->expected("a string or an array of strings");
    }
    if (auto pr = root.find("progress")) {
      if (!pr->is_array() && !pr->is_object())
        pr->expected("the solution form's rows with \"?\" where nothing is filled in yet, or an object of places and values");
      lp.progress = pr->json();
    }
    lp.puzzle = lp.encoder->parse(root);
    if (auto ex = root.find("expect")) {
      ex->allow_only({"status", "count", "solution", "note"});
      if (auto st = ex->find("status")) {
        std::string s = st->as_string();
        if (s != "unique" && s != "multiple" && s != "none")
          st->fail("input.value", fmt::format("expected \"unique\", \"multiple\" or \"none\", found \"{}\"", s));
        lp.expect.status = s;
      }
      if (auto c = ex->find("count")) lp.expect.count = static_cast<uint64_t>(c->as_int(0, INT64_MAX));
      if (auto sol = ex->find("solution")) lp.expect.solution = lp.encoder->normalize_solution(*lp.puzzle, *sol);
      if (lp.expect.status && lp.expect.count) {
        auto c = *lp.expect.count;
        const std::string& s = *lp.expect.status;
        bool ok = (s == "none" && c == 0) || (s == "unique" && c == 1) || (s == "multiple" && c >= 2);
        if (!ok)
          ex->fail("input.value", fmt::format("expect.status \"{}\" contradicts expect.count {}", s, c));
      }
    }
    return lp;
  } catch (InputError& e) {
    if (e.file().empty()) e.set_file(origin);
    throw;
  }
}

LoadedPuzzle load_puzzle_file(const std::string& path) { return load_puzzle(load_json_file(path), path); }

}  // namespace psmt
