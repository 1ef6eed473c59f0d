// XOR keystream reuse (many-time pad): several ciphertexts encrypted with the
// same keystream (RC4 re-initialised per message part, a reused one-time pad).
//
// Rules: plaintext byte = ciphertext byte XOR key byte at the same offset.
// Clues: every ciphertext byte decodes into the plaintext alphabet; cribs
// (known plaintext at message/offset); known key bytes. Each key byte appears
// only with its own column, so the engine splits the puzzle into one
// component per key byte and counts keystreams as a product.
//
// Encodings:
//   bv8         key bytes as 8-bit bit-vectors; plaintext = c XOR k, in the
//               alphabet's ranges (the design card's "XOR keystream byte ranges").
//   int-domain  key bytes as Int 0..255; each ciphertext byte allows the key
//               values c XOR a for a in the alphabet (an enumerated domain).
//
// A scorer picks, among the consistent keystreams, the one whose plaintext
// columns read most like English (letter/space frequencies and bigrams with
// the neighbouring columns) and marks the columns it is unsure about.
//
// The model and checker in this header use no Z3 (xor_keystream_check.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/encoder.h"

namespace psmt::xor_keystream {

inline constexpr std::size_t kMaxParts = 10000;
inline constexpr std::size_t kMaxPartBytes = 1 << 16;

struct Crib {
  int message = 0, offset = 0;
  std::string text;
  std::string id;
};

struct KnownKey {
  int offset = 0;
  int byte = 0;
  std::string id;
};

struct Stream : Puzzle {
  std::vector<std::vector<uint8_t>> parts;
  std::array<bool, 256> allowed{};
  std::string alphabet_text;
  std::vector<Crib> cribs;
  std::vector<KnownKey> known;
  std::vector<std::vector<bool>> free;  // [part][offset]: byte clue dropped (diagnosis)
  std::size_t length() const;          // keystream bytes used: the longest part
};

// Independent checker for a key (one byte per offset).
std::vector<Violation> check_key(const Stream& s, const std::vector<int>& key);
std::vector<Violation> check_solution(const Stream& s, const nlohmann::json& solution);
// Canonical solution: {"key": "hex", "plaintexts": ["..."]} (non-printables as \u escapes).
nlohmann::json solution_json(const Stream& s, const std::vector<int>& key);
// Parse a key hex string; false if malformed.
bool parse_key_hex(const std::string& hex, std::vector<int>& key);

const Encoder& xor_keystream_encoder();

}  // namespace psmt::xor_keystream
