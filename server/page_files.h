// The page's files (server/page/), embedded in the binary at build time
// (cmake/EmbedFiles.cmake writes page_files.cpp): the server reads nothing
// from the file system and works with no network.
#pragma once

#include <cstddef>

namespace psmt::server {

struct PageFile {
  const char* path;  // "/index.html"
  const char* type;  // "text/html; charset=utf-8"
  const unsigned char* data;
  std::size_t size;
};

extern const PageFile kPageFiles[];
extern const std::size_t kPageFileCount;

}  // namespace psmt::server
