// Helpers shared by the analysis subcommands (stats, heatmap, bubbles, diagnose): number and range
// options, exact ns -> us text, and opening the store with a uniform error message.
#pragma once
#include "app/cli/command_registry.h"
#include "core/model/time.h"
#include "core/model/time_format.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opscope {
struct DiagnosisOptions;
}

namespace opscope::cli {

// Upper bound of a duration option given in ns (ten days): keeps sums and comparisons far from overflow.
inline constexpr std::int64_t kMaxTimeOptionNs = 864'000'000'000'000;

// "--name N": false (with a message on stderr) when present but not an integer in [min, max].
bool intOption(ArgParser& parser, const std::string& name, std::int64_t min, std::int64_t max, std::int64_t* value,
               const char* command);
bool doubleOption(ArgParser& parser, const std::string& name, double min, double* value, const char* command);
// "--range START:END" in ns (absolute, as in the trace).
bool rangeOption(ArgParser& parser, std::optional<TimeRange>* range, const char* command);

// The diagnosis's options as diagnose and report take them: --rules FILE, --device ID|FILE,
// --fusion-patterns FILE, each read before any trace; false (after an error naming the file, and the
// line where there is one) when one cannot be used. What is absent stays as it was.
bool diagnosisOptions(ArgParser& parser, DiagnosisOptions* options, const char* command);

// Exact microseconds with three decimals ("1234.567"), and a double duration likewise: core's formatter.
using ::opscope::microsText;
// "%.*f" of a double; "" for NaN.
std::string numberText(double value, int decimals);

// Checks the leftovers of the parser: exactly one positional (the trace or store), no unknown option.
bool singleInput(const ArgParser& parser, std::string* input, const char* command, const char* help);

// The session of the trace or store; null (with a message on stderr) when it cannot be opened.
std::shared_ptr<TraceSession> openInputSession(const std::string& input, const char* command);

} // namespace opscope::cli
