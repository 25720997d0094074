#include "core/store/process_key.h"

namespace opscope {

std::string inputOfProcessKey(const std::string& pid) {
    const std::size_t bar = pid.rfind('|');
    if (bar != std::string::npos) return pid.substr(0, bar);
    const std::size_t slash = pid.find('/');
    if (slash != std::string::npos && slash > 0 && pid.find_first_not_of("0123456789") == slash)
        return pid.substr(0, slash + 1);
    return {};
}

} // namespace opscope
