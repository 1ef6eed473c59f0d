#include <gtest/gtest.h>

#include "encoders/registry.h"

int main(int argc, char** argv) {
  psmt::install_kinds();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
