// RFC 4180 CSV text, the one implementation behind every CSV opscope writes (the CLI's csv_writer and
// the GUI's table export call it): fields quoted when they hold a comma, quote, CR or LF, quotes
// doubled, rows ended by CRLF, bytes passed through (UTF-8 in, UTF-8 out).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

std::string csvQuote(std::string_view field);
// The fields joined by commas, with CRLF.
std::string csvLine(const std::vector<std::string>& fields);

} // namespace opscope
