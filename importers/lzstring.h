// LZ-string's compressToBase64 format, decoded: what f-puzzles links
// (`?load=`) and SudokuPad's `fpuz`/`scl` ids carry.
//
// The stream is LZW over UTF-16 code units. Each base64 character carries 6
// bits, read most significant first; multi-bit fields are assembled least
// significant bit first. The code width starts at 2 bits (the first token),
// then 3, and grows by one bit whenever `enlargeIn` runs out. Codes 0 and 1
// bring a literal 8- or 16-bit unit, code 2 ends the stream; a code equal to
// the dictionary size means "the previous entry plus its own first unit".
// Padding ('=', or SudokuPad's '\') after the end code is ignored.
//
// Errors (InputError "input.lzstring", located by character offset): a
// character outside the alphabet, a code that names no entry, running out of
// input before the end code, and output beyond kMaxDecodedUnits (LZW output
// can grow quadratically in its input: a decompression bomb stops here).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace psmt::importers {

inline constexpr std::size_t kMaxDecodedUnits = 16u << 20;  // UTF-16 code units

// Decompress `data` (LZString.compressToBase64 output) into UTF-8. Lone
// surrogates become U+FFFD. `origin` names the input in errors.
std::string lz_decompress_base64(std::string_view data, const std::string& origin);

// The inverse, for tests and for writing links: LZString.compressToBase64 of
// UTF-8 text (padded with '=').
std::string lz_compress_base64(std::string_view utf8);

}  // namespace psmt::importers
