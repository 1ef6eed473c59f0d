#include "grid/grid.h"

#include <cmath>

namespace psmt {

std::string cell_label(Cell c) { return "r" + std::to_string(c.row + 1) + "c" + std::to_string(c.col + 1); }

int cell_char_value(char ch) {
  if (ch == '.' || ch == '0' || ch == '_') return 0;
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return 10 + (ch - 'A');
  if (ch >= 'a' && ch <= 'z') return 10 + (ch - 'a');
  return -1;
}

char cell_value_char(int v) {
  if (v == 0) return '.';
  if (v >= 1 && v <= 9) return static_cast<char>('0' + v);
  if (v >= 10 && v <= 35) return static_cast<char>('A' + (v - 10));
  return '?';
}

std::pair<int, int> default_box(int n) {
  int best_r = 0;
  for (int r = 2; r * r <= n; ++r)
    if (n % r == 0) best_r = r;
  if (best_r == 0) return {0, 0};
  return {best_r, n / best_r};
}

std::string GridText::render() const {
  const bool boxes = box_rows > 0 && box_cols > 0;
  auto vbar = [&](int c) { return c == 0 || c == cols || (boxes && c % box_cols == 0); };
  auto hbar = [&](int r) { return r == 0 || r == rows || (boxes && r % box_rows == 0); };
  std::string out;
  auto frame_line = [&]() {
    for (int c = 0; c < cols; ++c) {
      if (c == 0) out += "+-";
      else out += vbar(c) ? "-+-" : "-";
      out += std::string(width, '-');
    }
    out += "-+\n";
  };
  for (int r = 0; r < rows; ++r) {
    if (hbar(r)) frame_line();
    for (int c = 0; c < cols; ++c) {
      if (vbar(c)) out += c == 0 ? "| " : " | ";
      else {
        char sg = right_sign ? right_sign({r, c - 1}) : ' ';
        if (color && right_marked && right_marked({r, c - 1}) && sg != ' ') out += std::string("\x1b[7m") + sg + "\x1b[0m";
        else out += sg;
      }
      std::string text = cell({r, c});
      if (static_cast<int>(text.size()) < width) text = std::string(width - text.size(), ' ') + text;
      if (color && highlighted && highlighted({r, c})) out += "\x1b[7m" + text + "\x1b[0m";
      else out += text;
    }
    out += " |\n";
    if (sign_rows && r + 1 < rows && !hbar(r + 1)) {
      for (int c = 0; c < cols; ++c) {
        out += vbar(c) ? (c == 0 ? "| " : " | ") : " ";
        char s = down_sign ? down_sign({r, c}) : ' ';
        std::string pad(width - 1, ' ');
        if (color && down_marked && down_marked({r, c}) && s != ' ') out += pad + "\x1b[7m" + s + "\x1b[0m";
        else out += pad + s;
      }
      out += " |\n";
    }
  }
  frame_line();
  return out;
}

}  // namespace psmt
