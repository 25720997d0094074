#include "core/analysis/memory/copy_bandwidth.h"

#include <algorithm>
#include <map>

namespace opscope {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return out;
}

bool has(const std::string& text, std::initializer_list<const char*> needles) {
    for (const char* n : needles)
        if (text.find(n) != std::string::npos) return true;
    return false;
}

} // namespace

std::string copyDirectionOf(std::string_view name, std::string_view operation) {
    for (const std::string& t : {lower(name), lower(operation)}) {
        if (has(t, {"htod", "h2d", "host to device", "host_to_device"})) return "HtoD";
        if (has(t, {"dtoh", "d2h", "device to host", "device_to_host"})) return "DtoH";
        if (has(t, {"dtod", "d2d", "device to device", "device_to_device"})) return "DtoD";
        if (has(t, {"ptop", "p2p", "peer"})) return "PtoP";
    }
    return "other";
}

std::vector<CopyBandwidthSeries> copyBandwidth(const std::vector<CopyTransfer>& copies) {
    // (device, direction) -> rate changes (ts, delta bytes/s)
    std::map<std::pair<std::int64_t, std::string>, std::vector<std::pair<TimeNs, double>>> changes;
    for (const CopyTransfer& c : copies) {
        if (c.bytes <= 0 || c.durNs <= 0) continue;
        double rate = static_cast<double>(c.bytes) * 1e9 / static_cast<double>(c.durNs);
        auto& list = changes[{c.deviceId, c.direction}];
        list.emplace_back(c.tsNs, rate);
        list.emplace_back(c.tsNs + c.durNs, -rate);
    }
    std::vector<CopyBandwidthSeries> out;
    for (auto& [key, list] : changes) {
        std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        CopyBandwidthSeries s{key.first, key.second, {}};
        double rate = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            rate += list[i].second;
            if (i + 1 < list.size() && list[i + 1].first == list[i].first) continue; // one point per time
            if (rate < 1e-6) rate = 0; // the sum of +r and -r may leave rounding dust
            s.bytesPerSecond.emplace_back(list[i].first, rate);
        }
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace opscope
