#include "engine/kinds.h"

#include <stdexcept>

namespace psmt {

namespace {
std::vector<const Encoder*>& table() {
  static std::vector<const Encoder*> kinds;
  return kinds;
}
const std::vector<const Encoder*>& installed() {
  if (table().empty()) throw std::logic_error("no puzzle kinds installed (call install_kinds() first)");
  return table();
}
}  // namespace

void set_kind_table(std::vector<const Encoder*> kinds) { table() = std::move(kinds); }

const Encoder* find_encoder(std::string_view kind) {
  for (const Encoder* e : installed())
    if (e->kind() == kind) return e;
  return nullptr;
}

std::vector<const Encoder*> all_encoders() { return installed(); }

std::string kind_names() {
  std::string s;
  for (const Encoder* e : installed()) s += (s.empty() ? "" : ", ") + std::string(e->kind());
  return s;
}

}  // namespace psmt
