// What each fuzz target does with one input, shared by the libFuzzer
// targets (fuzz/targets.cpp, built with -DPSMT_FUZZ=ON under clang) and by
// the regression test that replays every input a fuzzer once crashed on
// (tests/fuzz_regressions/<target>/, test_fuzz_regressions.cpp).
//
// Every body treats InputError as the expected answer to bad input. Any other
// exception, a sanitizer report, or a broken invariant (a parsed puzzle that
// cannot be rendered, a normalized solution the checker rejects without a
// reason) aborts, which is what a fuzzer reports as a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace psmt::fuzz {

// A whole puzzle file: located JSON reading, the generic fields and the
// kind's parser; then everything that works on a parsed puzzle without Z3
// (describe, render as text and SVG, places, the checker on expect.solution)
// and, with `encode`, the default encoding. A non-empty `kind` overrides the
// file's "kind" so that a target explores one kind's parser.
void puzzle_file(const uint8_t* data, std::size_t size, const std::string& kind, bool encode);

// One line of a line-format corpus read as a sudoku (the batch reader).
void corpus_line(const uint8_t* data, std::size_t size);

// The shared board reader (token_grid) on a JSON value or a raw string.
void token_grid(const uint8_t* data, std::size_t size);

// Importers (importers/): LZ-string base64 (a decoded result must be valid
// UTF-8 and survive a compress/decompress round trip); f-puzzles JSON text;
// SudokuPad's zipped JSON text; a link. What an importer accepts must load as
// a puzzle of its kind or be refused with a located InputError, and a loaded
// puzzle must render, check and encode like any other.
void lzstring(const uint8_t* data, std::size_t size);
void fpuzzles(const uint8_t* data, std::size_t size);
void sudokupad(const uint8_t* data, std::size_t size);
void link(const uint8_t* data, std::size_t size);
// One puzz.link genre's importer: the input is what follows
// "https://puzz.link/p?PID/" (flags, size, body), so that the fuzzer
// explores that genre's reader rather than the link's head (target
// pzpr_<pid>, one per genre the importers read).
void puzzlink_genre(const std::string& pid, const uint8_t* data, std::size_t size);
// Sudoku as text (.sdk, .ss, lines), read with each --alphabet.
void sudoku_text(const uint8_t* data, std::size_t size);
// A game ID of Simon Tatham's collection (GAME:PARAMS:DESC), or the
// collection's web page link carrying one.
void game_id(const uint8_t* data, std::size_t size);

// Target names and what they run, for scripts/fuzz and the regression test.
std::vector<std::string> target_names();
void run_target(const std::string& name, const uint8_t* data, std::size_t size);

}  // namespace psmt::fuzz
