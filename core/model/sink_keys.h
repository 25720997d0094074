// The keys a sink's get-or-create calls are told apart by (TraceSink: devices by name or identity,
// threads by process and tid, named tracks by process, kind and identity). The store's writer and the
// recording sink key alike, so that a replayed recording gets the rows a direct import gets.
#pragma once
#include <string>
#include <string_view>

namespace opscope {

// a and b joined by a unit separator (0x1f), which no key part holds.
inline std::string sinkKey(std::string_view a, std::string_view b) {
    std::string key;
    key.reserve(a.size() + b.size() + 1);
    key.append(a);
    key.push_back('\x1f');
    key.append(b);
    return key;
}

} // namespace opscope
