// RFC 4180 CSV output for the CLI: fields quoted when they hold a comma, quote or line break.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::cli {

std::string csvField(std::string_view text);
void writeCsvRow(std::FILE* out, const std::vector<std::string>& fields);

} // namespace opscope::cli
