// A JSON value together with its location, for validating input.
//
// Every accessor either returns a value of the requested type and range or
// throws InputError naming the JSON pointer of the value, what was expected
// and what was found. Encoders read their input only through JsonNode, so no
// unvalidated value reaches an encoding.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/error.h"

namespace psmt {

// Short description of a JSON value for messages: "a string", "the number 12", ...
std::string describe_json(const nlohmann::json& v);

// Escape a key for use in a JSON pointer (RFC 6901: ~ -> ~0, / -> ~1).
std::string pointer_escape(std::string_view key);

class JsonNode {
 public:
  JsonNode(const nlohmann::json& value, std::string path) : v_(&value), path_(std::move(path)) {}

  const nlohmann::json& json() const { return *v_; }
  const std::string& path() const { return path_; }
  // The path as printed for people: "/" for the root.
  std::string where() const { return path_.empty() ? "/" : path_; }

  bool is_object() const { return v_->is_object(); }
  bool is_array() const { return v_->is_array(); }
  bool is_string() const { return v_->is_string(); }
  bool is_number() const { return v_->is_number(); }
  bool is_null() const { return v_->is_null(); }

  // Objects.
  void require_object() const;
  bool has(std::string_view key) const;
  JsonNode at(std::string_view key) const;                 // missing -> input.missing
  std::optional<JsonNode> find(std::string_view key) const;  // absent or null -> nullopt
  // Reject keys outside `allowed` (typos must not be silently ignored).
  void allow_only(std::initializer_list<std::string_view> allowed) const;

  // Arrays.
  std::vector<JsonNode> items() const;  // requires an array
  std::vector<JsonNode> items(std::size_t exact) const;
  std::size_t size() const;

  // Scalars.
  std::string as_string() const;
  int64_t as_int(int64_t lo, int64_t hi) const;
  bool as_bool() const;

  [[noreturn]] void fail(std::string_view id, std::string_view message) const;
  [[noreturn]] void expected(std::string_view what) const;  // "expected WHAT, found X"

 private:
  const nlohmann::json* v_;
  std::string path_;
};

}  // namespace psmt
