#include "core/model/json_depth.h"

#include "core/model/byte_scan.h"

namespace opscope {

bool jsonNestingExceeds(std::string_view json, int limit) {
    // Nearly every args text holds a handful of brackets: counting them, sixteen bytes a step, settles
    // it without the byte-by-byte walk.
    if (limit >= 0 && countOpeningBrackets(json) <= static_cast<std::size_t>(limit)) return false;
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            if (c == '\\') ++i;
            else if (c == '"') inString = false;
            continue;
        }
        switch (c) {
        case '"': inString = true; break;
        case '{':
        case '[':
            if (++depth > limit) return true;
            break;
        case '}':
        case ']':
            if (depth > 0) --depth;
            break;
        default: break;
        }
    }
    return false;
}

} // namespace opscope
