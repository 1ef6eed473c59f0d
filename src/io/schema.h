// The documented input format of each kind, as JSON Schema, and a validator
// for the part of JSON Schema (2020-12) the kinds' schemas use.
//
// Every kind describes its fields in a schema (Encoder::schema()): types,
// ranges, defaults, a "description" for people, and "examples" (a minimal and
// a full puzzle). `puzzle-smt schema KIND` prints it, `kinds --format KIND`
// and docs/formats.md render it, and the test suite validates every file in
// puzzles/ and the examples themselves against it, so the documentation
// cannot drift from what the parsers accept.
//
// Supported keywords: type (one or a list), enum, const, minimum, maximum,
// minLength, maxLength, pattern, items, minItems, maxItems, properties,
// required, additionalProperties (bool or schema), oneOf, anyOf, $ref to
// "#/$defs/NAME"; description, default, examples, title and $defs are
// annotations. Anything else in a schema is an error of the schema.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace psmt {

struct SchemaError {
  std::string path;     // JSON pointer into the instance ("" for the root)
  std::string message;  // "expected an integer, found a string"
};

// Validate `instance` against `schema` ($ref resolves in the schema itself);
// empty when it conforms.
std::vector<SchemaError> validate_schema(const nlohmann::ordered_json& schema, const nlohmann::json& instance);

// A kind's schema (Encoder::schema(), JSON text) with the generic fields
// every puzzle file may carry (kind, name, source, author, rules, notes,
// expect) in front of the kind's own; the order of fields is kept.
nlohmann::ordered_json puzzle_schema(const std::string& kind, const std::string& kind_schema_text);

// Text for people (Markdown): each field with its type, default and
// meaning, the types used, then the examples (kinds --format,
// docs/formats.md).
std::string schema_text(const std::string& kind, const nlohmann::ordered_json& schema);

}  // namespace psmt
