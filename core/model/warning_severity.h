// Which import warnings are real problems and which are normal for a trace format: the import
// summary's "warnings: N" counts only the first kind; the second is reported on its own line.
#pragma once
#include <string_view>

namespace opscope {

// Informational codes: events out of timestamp order (the Chrome format allows any order; Kineto always
// writes so), flow steps and ends whose start is outside the file and starts whose end is (Kineto's
// profiling window cuts them; Perfetto rates the first two as "info" and does not count the third),
// and flow arrows kept although they point back in time.
bool isInformationalWarning(std::string_view code);

} // namespace opscope
