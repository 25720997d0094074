#include "app/cli/csv_writer.h"

#include "core/report/csv_text.h"

namespace opscope::cli {

// The quoting lives in core (core/report/csv_text.h), shared with the GUI's table export.
std::string csvField(std::string_view text) { return csvQuote(text); }

void writeCsvRow(std::FILE* out, const std::vector<std::string>& fields) {
    const std::string line = csvLine(fields);
    std::fwrite(line.data(), 1, line.size(), out);
}

} // namespace opscope::cli
