// Independent checker for XOR keystream puzzles: plain C++, no solver.
#include <fmt/format.h>

#include "xor_keystream.h"

namespace psmt::xor_keystream {

namespace {
// One crib byte for a message: itself when printable ASCII, else its hex
// (a byte of a multi-byte character is not text on its own).
std::string printable(char ch) {
  const auto b = static_cast<unsigned char>(ch);
  return b >= 32 && b < 127 ? std::string(1, ch) : fmt::format("\\x{:02x}", b);
}
}  // namespace

std::size_t Stream::length() const {
  std::size_t n = 0;
  for (const auto& p : parts) n = std::max(n, p.size());
  return n;
}

bool parse_key_hex(const std::string& hex, std::vector<int>& key) {
  if (hex.size() % 2) return false;
  auto nib = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  key.clear();
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    int hi = nib(hex[i]), lo = nib(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    key.push_back(hi * 16 + lo);
  }
  return true;
}

std::vector<Violation> check_key(const Stream& s, const std::vector<int>& key) {
  std::vector<Violation> out;
  if (key.size() != s.length()) {
    out.push_back({"rule/length", fmt::format("key has {} bytes, the longest ciphertext {}", key.size(), s.length())});
    return out;
  }
  for (std::size_t i = 0; i < s.parts.size(); ++i)
    for (std::size_t j = 0; j < s.parts[i].size(); ++j) {
      if (!s.free.empty() && s.free[i][j]) continue;
      int p = s.parts[i][j] ^ key[j];
      if (!s.allowed[p])
        out.push_back({fmt::format("ciphertexts/{}/{}", i, j),
                       fmt::format("message {} byte {} decodes to 0x{:02x}, outside the alphabet", i + 1, j, p)});
    }
  for (const auto& c : s.cribs)
    for (std::size_t k = 0; k < c.text.size(); ++k) {
      auto m = static_cast<std::size_t>(c.message), j = static_cast<std::size_t>(c.offset) + k;
      int p = s.parts[m][j] ^ key[j];
      if (p != static_cast<unsigned char>(c.text[k]))
        out.push_back({c.id, fmt::format("crib: message {} byte {} decodes to 0x{:02x}, not '{}'", m + 1, j, p, printable(c.text[k]))});
    }
  for (const auto& k : s.known)
    if (key[k.offset] != k.byte)
      out.push_back({k.id, fmt::format("key byte {} is 0x{:02x}, known to be 0x{:02x}", k.offset, key[k.offset], k.byte)});
  return out;
}

nlohmann::json solution_json(const Stream& s, const std::vector<int>& key) {
  std::string hex;
  for (int b : key) hex += fmt::format("{:02x}", b & 0xff);
  nlohmann::json texts = nlohmann::json::array();
  for (const auto& part : s.parts) {
    std::string t;
    for (std::size_t j = 0; j < part.size() && j < key.size(); ++j) {
      int p = part[j] ^ key[j];
      t += (p >= 32 && p < 127) ? std::string(1, static_cast<char>(p)) : fmt::format("\\x{:02x}", p);
    }
    texts.push_back(t);
  }
  return {{"key", hex}, {"plaintexts", texts}};
}

std::vector<Violation> check_solution(const Stream& s, const nlohmann::json& solution) {
  if (!solution.is_object() || !solution.contains("key") || !solution["key"].is_string())
    return {{"rule/shape", "solution has no \"key\" hex string"}};
  std::vector<int> key;
  if (!parse_key_hex(solution["key"].get<std::string>(), key)) return {{"rule/shape", "solution key is not hex"}};
  auto out = check_key(s, key);
  if (solution.contains("plaintexts") && solution["plaintexts"] != solution_json(s, key)["plaintexts"])
    out.push_back({"rule/plaintexts", "the solution's plaintexts are not its key applied to the ciphertexts"});
  return out;
}

}  // namespace psmt::xor_keystream
