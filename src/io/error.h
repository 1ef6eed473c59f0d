// Errors that carry where they come from.
//
// InputError: the input is not a puzzle this tool accepts (malformed JSON, a
// wrong shape, a value out of range, an unknown kind). It names the file, the
// JSON path (RFC 6901 pointer, "/greater_than/vertical/7"), what was expected
// and what was found, and a stable id ("input.shape") that tests and scripts
// can rely on. Only main() turns it into exit status 2.
//
// UsageError: the command line is wrong (unknown encoding, bad option value).
// InternalError: the tool contradicted itself (a reported solution failed the
// independent checker, two solver modes disagreed). Exit status 1.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace psmt {

// `s` with every byte that is not part of a valid UTF-8 sequence replaced by
// U+FFFD, so that messages quoting input (a character of a row, a file name)
// can always be printed and written into JSON reports.
std::string valid_utf8(std::string_view s);

// Input quoted in a message: in double quotes, at most `max` characters
// (an ellipsis where cut), control characters escaped (\n, \x1b), valid
// UTF-8. quoted_around() shows the part around byte `at` (a parse error's
// place in a long line).
std::string quote_input(std::string_view s, std::size_t max = 60);
std::string quoted_around(std::string_view s, std::size_t at, std::size_t max = 60);

// A message made fit for one line: control characters escaped, every
// double-quoted span longer than 60 characters shortened with an ellipsis,
// the whole at most 600 bytes. Every InputError and UsageError message and
// every printed error passes through it.
std::string one_line(std::string_view message);

class InputError : public std::runtime_error {
 public:
  InputError(std::string id, std::string path, std::string message, std::string file = {})
      : std::runtime_error(one_line(message)), id_(std::move(id)), path_(std::move(path)), file_(std::move(file)) {}

  const std::string& id() const { return id_; }
  // JSON pointer of the offending value; "" is the document root.
  const std::string& path() const { return path_; }
  const std::string& file() const { return file_; }
  void set_file(std::string file) { file_ = std::move(file); }

  // One line: "FILE: /path: message [id]".
  std::string describe() const;

 private:
  std::string id_, path_, file_;
};

class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& message) : std::runtime_error(one_line(message)) {}
};

class InternalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace psmt
