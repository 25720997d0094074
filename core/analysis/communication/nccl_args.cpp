#include "core/analysis/communication/nccl_args.h"

#include "core/analysis/communication/communication_analysis.h"
#include "core/model/json_depth.h"

#include <nlohmann/json.hpp>

#include <limits>

namespace opscope {

namespace {

// A count written as a JSON integer or as decimal digits in a string; -1 when neither or negative.
std::int64_t countOf(const nlohmann::json& object, const char* key) {
    auto it = object.find(key);
    if (it == object.end()) return -1;
    if (it->is_number_integer()) {
        const std::int64_t v = it->get<std::int64_t>();
        return v >= 0 ? v : -1;
    }
    if (it->is_number_unsigned()) {
        const std::uint64_t v = it->get<std::uint64_t>();
        return v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ? static_cast<std::int64_t>(v) : -1;
    }
    if (!it->is_string()) return -1;
    const std::string& text = it->get_ref<const std::string&>();
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoll(text);
}

std::string textOf(const nlohmann::json& object, const char* key) {
    auto it = object.find(key);
    if (it == object.end()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number_integer() || it->is_number_unsigned()) return it->dump();
    return {};
}

} // namespace

bool parseNcclArgs(std::string_view argsJson, NcclArgs* out) {
    // nlohmann's parser recurses per nesting level: stored args are bounded at import, but not trusted.
    if (jsonNestingExceeds(argsJson, kMaxArgsDepth)) return false;
    const nlohmann::json doc = nlohmann::json::parse(argsJson.begin(), argsJson.end(), nullptr, false);
    if (!doc.is_object()) return false;
    auto name = doc.find("Collective name");
    if (name == doc.end() || !name->is_string() || name->get_ref<const std::string&>().empty()) return false;
    *out = NcclArgs{};
    out->collective = name->get<std::string>();
    out->dtype = textOf(doc, "dtype");
    out->inElements = countOf(doc, "In msg nelems");
    out->outElements = countOf(doc, "Out msg nelems");
    const std::int64_t size = countOf(doc, "Group size");
    out->groupSize = size > 0 && size <= std::numeric_limits<int>::max() ? static_cast<int>(size) : 0;
    for (const char* key : {"Process Group Name", "Process Group Description", "Process Group Ranks", "Process Group ID"}) {
        out->group = textOf(doc, key);
        if (!out->group.empty()) break;
    }
    return true;
}

std::vector<NcclCollective> ncclCollectives(const std::vector<NcclKernelRow>& kernels) {
    std::vector<NcclCollective> out;
    for (const NcclKernelRow& k : kernels) {
        NcclCollective c;
        bool found = parseNcclArgs(k.argsJson, &c.args);
        for (const auto& [name, args] : k.launchAncestors) {
            if (found) break;
            if (name == "record_param_comms") found = parseNcclArgs(args, &c.args);
        }
        if (!found) continue;
        c.sliceId = k.sliceId;
        c.rank = k.rank;
        c.kernel = k.name;
        c.startNs = k.tsNs;
        c.durNs = k.durNs;
        c.bytes = ncclMessageBytes(c.args.collective, c.args.inElements, c.args.outElements, c.args.dtype);
        c.algorithmGBps = c.durNs > 0 ? static_cast<double>(c.bytes) / static_cast<double>(c.durNs) : 0;
        c.busGBps = ncclBusBandwidthGBps(c.args.collective, c.bytes, c.durNs, c.args.groupSize);
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace opscope
