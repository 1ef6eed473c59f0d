#include "importers/lzstring.h"

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include <fmt/format.h>

#include "io/error.h"
#include "io/json_load.h"

namespace psmt::importers {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// 6-bit value of each character; -1 outside the alphabet. Padding ('=', and
// SudokuPad's '\') reads as 0: it only ever follows the end code.
std::array<int, 256> make_table() {
  std::array<int, 256> t{};
  t.fill(-1);
  for (std::size_t i = 0; i < kAlphabet.size(); ++i) t[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int>(i);
  t[static_cast<unsigned char>('=')] = 0;
  t[static_cast<unsigned char>('\\')] = 0;
  return t;
}

[[noreturn]] void lz_fail(const std::string& origin, const std::string& message) {
  throw InputError("input.lzstring", kNoPath, message, origin);
}

// Reads bits MSB-first from 6-bit characters.
class BitReader {
 public:
  BitReader(std::string_view data, const std::string& origin) : data_(data), origin_(origin) {}

  // `n` bits, assembled least significant first.
  uint32_t read(int n) {
    uint32_t bits = 0;
    for (int i = 0; i < n; ++i) {
      if (mask_ == 0) next_char();
      if (value_ & mask_) bits |= 1u << i;
      mask_ >>= 1;
    }
    return bits;
  }
  std::size_t position() const { return index_; }

 private:
  void next_char() {
    static const std::array<int, 256> table = make_table();
    if (index_ >= data_.size())
      lz_fail(origin_, fmt::format("the compressed data ends after {} characters without its end code (truncated?)",
                                data_.size()));
    unsigned char ch = static_cast<unsigned char>(data_[index_]);
    int v = table[ch];
    if (v < 0) {
      std::string shown = ch >= 0x20 && ch < 0x7f ? fmt::format("'{}'", static_cast<char>(ch)) : fmt::format("byte 0x{:02x}", ch);
      lz_fail(origin_, fmt::format("character {} of the compressed data is {}, not a base64 character", index_ + 1, shown));
    }
    value_ = v;
    mask_ = 32;
    index_++;
  }

  std::string_view data_;
  const std::string& origin_;
  std::size_t index_ = 0;
  int value_ = 0;
  int mask_ = 0;
};

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string utf16_to_utf8(const std::u16string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    uint32_t u = s[i];
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
      append_utf8(out, 0x10000 + ((u - 0xD800) << 10) + (s[i + 1] - 0xDC00));
      ++i;
    } else if (u >= 0xD800 && u <= 0xDFFF) {
      append_utf8(out, 0xFFFD);  // a lone surrogate
    } else {
      append_utf8(out, u);
    }
  }
  return out;
}

// UTF-8 to UTF-16; invalid bytes become U+FFFD (valid_utf8 first).
std::u16string utf8_to_utf16(std::string_view in) {
  std::string s = valid_utf8(in);
  std::u16string out;
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    uint32_t cp;
    int len;
    if (c < 0x80) {
      cp = c;
      len = 1;
    } else if ((c >> 5) == 6) {
      cp = c & 0x1F;
      len = 2;
    } else if ((c >> 4) == 14) {
      cp = c & 0x0F;
      len = 3;
    } else {
      cp = c & 0x07;
      len = 4;
    }
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += static_cast<std::size_t>(len);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += static_cast<char16_t>(0xD800 + (cp >> 10));
      out += static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
  }
  return out;
}

}  // namespace

std::string lz_decompress_base64(std::string_view data, const std::string& origin) {
  if (data.empty()) lz_fail(origin, "the compressed data is empty");
  BitReader in(data, origin);
  std::vector<std::u16string> dict(3);  // 0, 1, 2 are the literal and end codes
  int enlarge_in = 4, num_bits = 3;
  std::u16string result, w;

  auto literal = [&](uint32_t code) -> std::u16string {
    return std::u16string(1, static_cast<char16_t>(in.read(code == 0 ? 8 : 16)));
  };
  uint32_t first = in.read(2);
  if (first == 2) return {};
  if (first > 2) lz_fail(origin, "the compressed data does not start with a literal");
  w = literal(first);
  dict.push_back(w);
  result = w;
  for (;;) {
    const std::size_t at = in.position();
    uint32_t c = in.read(num_bits);
    if (c == 2) return utf16_to_utf8(result);
    if (c < 2) {
      dict.push_back(literal(c));
      c = static_cast<uint32_t>(dict.size() - 1);
      enlarge_in--;
    }
    if (enlarge_in == 0) {
      enlarge_in = 1 << num_bits;
      num_bits++;
    }
    std::u16string entry;
    if (c < dict.size() && c > 2) entry = dict[c];
    else if (c == dict.size()) entry = w + w[0];
    else lz_fail(origin, fmt::format("corrupt compressed data near character {}: code {} names no dictionary entry (of {})",
                                  at + 1, c, dict.size()));
    result += entry;
    if (result.size() > kMaxDecodedUnits)
      lz_fail(origin, fmt::format("the data decompresses to more than {} characters; refusing it", kMaxDecodedUnits));
    dict.push_back(w + entry[0]);
    enlarge_in--;
    w = std::move(entry);
    if (enlarge_in == 0) {
      enlarge_in = 1 << num_bits;
      num_bits++;
    }
    if (num_bits > 31) lz_fail(origin, "corrupt compressed data: the code width grows past 31 bits");
  }
}

std::string lz_compress_base64(std::string_view utf8) {
  const std::u16string input = utf8_to_utf16(utf8);
  std::unordered_map<std::u16string, uint32_t> dict;
  std::unordered_map<std::u16string, bool> to_create;
  std::u16string w;
  uint32_t enlarge_in = 2, dict_size = 3;
  int num_bits = 2;
  std::string out;
  uint32_t val = 0;
  int pos = 0;
  auto write = [&](uint32_t value, int n) {
    for (int i = 0; i < n; ++i) {
      val = (val << 1) | (value & 1);
      if (pos == 5) {
        pos = 0;
        out += kAlphabet[val];
        val = 0;
      } else {
        pos++;
      }
      value >>= 1;
    }
  };
  auto grow = [&]() {
    if (--enlarge_in == 0) {
      enlarge_in = 1u << num_bits;
      num_bits++;
    }
  };
  auto emit = [&](const std::u16string& s) {
    auto tc = to_create.find(s);
    if (tc != to_create.end()) {
      if (s[0] < 256) {
        write(0, num_bits);
        write(s[0], 8);
      } else {
        write(1, num_bits);
        write(s[0], 16);
      }
      grow();
      to_create.erase(tc);
    } else {
      write(dict.at(s), num_bits);
    }
    grow();
  };
  for (char16_t ch : input) {
    std::u16string c(1, ch);
    if (!dict.count(c)) {
      dict[c] = dict_size++;
      to_create[c] = true;
    }
    std::u16string wc = w + c;
    if (dict.count(wc)) {
      w = wc;
    } else {
      emit(w);
      dict[wc] = dict_size++;
      w = c;
    }
  }
  if (!w.empty()) emit(w);
  write(2, num_bits);
  for (;;) {  // flush the last character
    val <<= 1;
    if (pos == 5) {
      out += kAlphabet[val];
      break;
    }
    pos++;
  }
  while (out.size() % 4) out += '=';
  return out;
}

}  // namespace psmt::importers
