#include "io/schema.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <regex>

#include <fmt/format.h>

#include "grid/token_grid.h"
#include "io/json_node.h"

namespace psmt {
namespace {

using nlohmann::json;

std::string type_of(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "integer";
    case json::value_t::number_float: return std::floor(v.get<double>()) == v.get<double>() ? "integer" : "number";
    case json::value_t::string: return "string";
    case json::value_t::array: return "array";
    case json::value_t::object: return "object";
    default: return "unknown";
  }
}

bool is_type(const json& v, const std::string& t) {
  std::string have = type_of(v);
  return have == t || (t == "number" && have == "integer");
}

const char* article(const std::string& t) {
  return t == "integer" || t == "array" || t == "object" ? "an" : "a";
}

class Validator {
 public:
  explicit Validator(const json& root) : root_(root) {}

  void check(const json& s, const json& v, const std::string& path, std::vector<SchemaError>& out, int depth = 0) const {
    if (depth > 64) {
      out.push_back({path, "the schema nests too deep"});
      return;
    }
    if (s.is_boolean()) {
      if (!s.get<bool>()) out.push_back({path, "no value is allowed here"});
      return;
    }
    if (!s.is_object()) {
      out.push_back({path, "the schema is not an object"});
      return;
    }
    for (auto it = s.begin(); it != s.end(); ++it) {
      static const std::set<std::string> known = {
          "type",     "enum",      "const",     "minimum",  "maximum", "minLength", "maxLength", "pattern",
          "items",    "minItems",  "maxItems",  "properties", "required", "additionalProperties", "oneOf", "anyOf",
          "$ref",     "$defs",     "description", "default", "examples", "title", "$schema", "$id"};
      if (!known.count(it.key())) out.push_back({path, fmt::format("the schema uses the unsupported keyword \"{}\"", it.key())});
    }
    if (s.contains("$ref")) {
      const std::string ref = s["$ref"];
      const std::string prefix = "#/$defs/";
      if (ref.rfind(prefix, 0) != 0 || !root_.contains("$defs") || !root_["$defs"].contains(ref.substr(prefix.size()))) {
        out.push_back({path, "the schema refers to an unknown definition " + ref});
        return;
      }
      check(root_["$defs"][ref.substr(prefix.size())], v, path, out, depth + 1);
    }
    if (s.contains("type")) {
      std::vector<std::string> types;
      if (s["type"].is_array())
        for (const auto& t : s["type"]) types.push_back(t);
      else
        types.push_back(s["type"]);
      bool ok = false;
      for (const auto& t : types) ok = ok || is_type(v, t);
      if (!ok) {
        std::string want;
        for (std::size_t i = 0; i < types.size(); ++i)
          want += (i ? (i + 1 == types.size() ? " or " : ", ") : "") + std::string(article(types[i])) + " " + types[i];
        out.push_back({path, fmt::format("expected {}, found {}", want, describe_json(v))});
        return;
      }
    }
    if (s.contains("enum")) {
      bool ok = false;
      for (const auto& e : s["enum"]) ok = ok || e == v;
      if (!ok) out.push_back({path, fmt::format("expected one of {}, found {}", s["enum"].dump(), describe_json(v))});
    }
    if (s.contains("const") && s["const"] != v)
      out.push_back({path, fmt::format("expected {}, found {}", s["const"].dump(), describe_json(v))});
    if (v.is_number()) {
      double x = v.get<double>();
      if (s.contains("minimum") && x < s["minimum"].get<double>())
        out.push_back({path, fmt::format("{} is below the minimum {}", v.dump(), s["minimum"].dump())});
      if (s.contains("maximum") && x > s["maximum"].get<double>())
        out.push_back({path, fmt::format("{} is above the maximum {}", v.dump(), s["maximum"].dump())});
    }
    if (v.is_string()) {
      const std::string& t = v.get_ref<const std::string&>();
      if (s.contains("minLength") && t.size() < s["minLength"].get<std::size_t>())
        out.push_back({path, fmt::format("shorter than {} characters", s["minLength"].get<std::size_t>())});
      if (s.contains("maxLength") && t.size() > s["maxLength"].get<std::size_t>())
        out.push_back({path, fmt::format("longer than {} characters", s["maxLength"].get<std::size_t>())});
      if (s.contains("pattern") && !std::regex_search(t, std::regex(s["pattern"].get<std::string>())))
        out.push_back({path, fmt::format("\"{}\" does not match {}", t.substr(0, 40), s["pattern"].get<std::string>())});
    }
    if (v.is_array()) {
      if (s.contains("minItems") && v.size() < s["minItems"].get<std::size_t>())
        out.push_back({path, fmt::format("expected at least {} items, found {}", s["minItems"].get<std::size_t>(), v.size())});
      if (s.contains("maxItems") && v.size() > s["maxItems"].get<std::size_t>())
        out.push_back({path, fmt::format("expected at most {} items, found {}", s["maxItems"].get<std::size_t>(), v.size())});
      if (s.contains("items"))
        for (std::size_t i = 0; i < v.size(); ++i) check(s["items"], v[i], path + "/" + std::to_string(i), out, depth + 1);
    }
    if (v.is_object()) {
      if (s.contains("required"))
        for (const auto& r : s["required"])
          if (!v.contains(r.get<std::string>())) out.push_back({path, fmt::format("missing field \"{}\"", r.get<std::string>())});
      const json props = s.value("properties", json::object());
      for (auto it = v.begin(); it != v.end(); ++it) {
        const std::string sub = path + "/" + pointer_escape(it.key());
        if (props.contains(it.key())) check(props[it.key()], it.value(), sub, out, depth + 1);
        else if (s.contains("additionalProperties")) {
          const json& ap = s["additionalProperties"];
          if (ap.is_boolean() && !ap.get<bool>())
            out.push_back({sub, fmt::format("unknown field \"{}\"", it.key())});
          else if (ap.is_object())
            check(ap, it.value(), sub, out, depth + 1);
        }
      }
    }
    for (const char* k : {"oneOf", "anyOf"}) {
      if (!s.contains(k)) continue;
      int matches = 0;
      std::vector<SchemaError> best;
      for (const auto& alt : s[k]) {
        std::vector<SchemaError> errs;
        check(alt, v, path, errs, depth + 1);
        if (errs.empty()) matches++;
        else if (best.empty() || errs.size() < best.size()) best = errs;
      }
      if (matches == 0) {
        // The alternative that came closest says what is wrong.
        out.insert(out.end(), best.begin(), best.end());
        if (best.empty()) out.push_back({path, "matches none of the allowed forms"});
      } else if (std::string(k) == "oneOf" && matches > 1) {
        out.push_back({path, "matches more than one of the allowed forms"});
      }
    }
  }

 private:
  const json& root_;
};

// "list of [row, col]", "integer 1..36", ... for people.
std::string type_text(const nlohmann::ordered_json& s, const nlohmann::ordered_json& root) {
  if (s.is_boolean()) return s.get<bool>() ? "anything" : "nothing";
  if (s.contains("$ref")) {
    std::string name = s["$ref"].get<std::string>().substr(8);
    return name;
  }
  for (const char* k : {"oneOf", "anyOf"})
    if (s.contains(k)) {
      std::string out;
      for (std::size_t i = 0; i < s[k].size(); ++i) out += (i ? " or " : "") + type_text(s[k][i], root);
      return out;
    }
  if (s.contains("enum")) {
    std::string out;
    for (std::size_t i = 0; i < s["enum"].size(); ++i) out += (i ? ", " : "") + s["enum"][i].dump();
    return "one of " + out;
  }
  if (s.contains("const")) return s["const"].dump();
  if (s.contains("type") && s["type"].is_array()) {  // several types: name them all
    std::string out;
    for (std::size_t i = 0; i < s["type"].size(); ++i) {
      nlohmann::ordered_json one = s;
      one["type"] = s["type"][i];
      out += (i ? " or " : "") + type_text(one, root);
    }
    return out;
  }
  std::string t = s.contains("type") ? s["type"].get<std::string>() : "";
  if (t == "array") {
    std::string inner = s.contains("items") ? type_text(s["items"], root) : "values";
    std::string count;
    if (s.contains("minItems") && s.contains("maxItems") && s["minItems"] == s["maxItems"])
      count = s["minItems"].dump() + " ";
    return "list of " + count + inner;
  }
  if (t == "object" && s.contains("properties")) {
    std::string out = "{";
    std::set<std::string> req;
    if (s.contains("required"))
      for (const auto& r : s["required"]) req.insert(r.get<std::string>());
    bool first = true;
    for (auto it = s["properties"].begin(); it != s["properties"].end(); ++it) {
      out += (first ? "" : ", ") + it.key() + (req.count(it.key()) ? "" : "?");
      first = false;
    }
    return out + "}";
  }
  if (t == "object" && s.contains("additionalProperties") && s["additionalProperties"].is_object())
    return "object of " + type_text(s["additionalProperties"], root);
  if ((t == "integer" || t == "number") && (s.contains("minimum") || s.contains("maximum"))) {
    std::string lo = s.contains("minimum") ? s["minimum"].dump() : "";
    std::string hi = s.contains("maximum") ? s["maximum"].dump() : "";
    return fmt::format("{} {}..{}", t, lo, hi);
  }
  return t.empty() ? "value" : t;
}

void field_lines(const nlohmann::ordered_json& props, const std::set<std::string>& required,
                 const nlohmann::ordered_json& root, const std::string& indent, std::string& out, int depth) {
  for (auto it = props.begin(); it != props.end(); ++it) {
    const auto& f = it.value();
    std::string head = fmt::format("{}- `{}` ({}{}{})", indent, it.key(), type_text(f, root),
                                   required.count(it.key()) ? ", required" : "",
                                   f.contains("default") ? ", default " + f["default"].dump() : "");
    out += head + (f.contains("description") ? ": " + f["description"].get<std::string>() : "") + "\n";
    if (depth >= 2) continue;
    // Items of a list, or the object itself: their fields, one level down.
    const nlohmann::ordered_json* sub = nullptr;
    if (f.contains("items") && f["items"].is_object() && f["items"].contains("properties")) sub = &f["items"];
    else if (f.contains("properties")) sub = &f;
    if (sub) {
      std::set<std::string> req;
      if (sub->contains("required"))
        for (const auto& r : (*sub)["required"]) req.insert(r.get<std::string>());
      field_lines((*sub)["properties"], req, root, indent + "  ", out, depth + 1);
    }
  }
}

}  // namespace

std::vector<SchemaError> validate_schema(const nlohmann::ordered_json& schema, const json& instance) {
  const json plain = json::parse(schema.dump());
  std::vector<SchemaError> out;
  Validator(plain).check(plain, instance, "", out);
  return out;
}

nlohmann::ordered_json puzzle_schema(const std::string& kind, const std::string& kind_schema_text) {
  using oj = nlohmann::ordered_json;
  oj k = oj::parse(kind_schema_text);
  oj s = oj::object();
  s["title"] = kind;
  if (k.contains("description")) s["description"] = k["description"];
  oj props = oj::object();
  props["kind"] = {{"const", kind}, {"description", "the puzzle kind"}};
  props["name"] = {{"type", "string"}, {"description", "a title for people"}};
  props["source"] = {{"type", "string"}, {"description", "where the puzzle was published (a link, a book, a file)"}};
  props["author"] = {{"type", "string"}, {"description", "the setter"}};
  props["rules"] = {{"type", "string"}, {"description", "the rules text as published"}};
  props["notes"] = {{"type", {"string", "array"}}, {"items", {{"type", "string"}}},
                    {"description", "remarks for people (where the data came from, what an import left out)"}};
  oj expect = {
      {"type", "object"},
      {"additionalProperties", false},
      {"properties",
       {{"status", {{"enum", {"unique", "multiple", "none"}}, {"description", "the verdict check must give"}}},
        {"count", {{"type", "integer"}, {"minimum", 0}, {"description", "the exact number of solutions"}}},
        {"solution", {{"description", "a solution in the kind's solution format; the checker must accept it"}}},
        {"note", {{"type", "string"}}}}},
      {"description", "what check must answer: the tests and `check` compare with it (exit 3 when it differs)"}};
  for (auto it = k["properties"].begin(); it != k["properties"].end(); ++it) props[it.key()] = it.value();
  props["expect"] = expect;
  props["progress"] = {{"type", {"array", "object"}},
                       {"description", "a player's partial solution, for hint: the solution form's rows with \"?\" where "
                                       "nothing is filled in yet, or an object of places and their values"}};
  s["type"] = "object";
  s["properties"] = props;
  oj req = oj::array({"kind"});
  if (k.contains("required"))
    for (const auto& r : k["required"]) req.push_back(r);
  s["required"] = req;
  s["additionalProperties"] = false;
  for (const char* extra : {"$defs", "examples"})
    if (k.contains(extra)) s[extra] = k[extra];
  // The shared board notation (src/grid/token_grid.h), for kinds that use it.
  if (kind_schema_text.find("#/$defs/board") != std::string::npos && !(s.contains("$defs") && s["$defs"].contains("board")))
    s["$defs"]["board"] = oj::parse(kTokenGridSchema);
  return s;
}

std::string schema_text(const std::string& kind, const nlohmann::ordered_json& schema) {
  std::string out = fmt::format("## {}\n\n", kind);
  if (schema.contains("description")) out += schema["description"].get<std::string>() + "\n\n";
  std::set<std::string> req;
  if (schema.contains("required"))
    for (const auto& r : schema["required"]) req.insert(r.get<std::string>());
  out += "Fields:\n\n";
  field_lines(schema["properties"], req, schema, "", out, 0);
  if (schema.contains("$defs")) {
    out += "\nTypes used above:\n\n";
    for (auto it = schema["$defs"].begin(); it != schema["$defs"].end(); ++it)
      out += fmt::format("- `{}`: {}{}\n", it.key(), type_text(it.value(), schema),
                         it.value().contains("description") ? ". " + it.value()["description"].get<std::string>() : "");
  }
  if (schema.contains("examples")) {
    const char* names[] = {"A minimal puzzle", "A full puzzle"};
    for (std::size_t i = 0; i < schema["examples"].size(); ++i)
      out += fmt::format("\n{}:\n\n```json\n{}\n```\n", i < 2 ? names[i] : "Another example", schema["examples"][i].dump(1));
  }
  return out;
}

}  // namespace psmt
