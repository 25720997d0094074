// Finding slices by name or category in a diagnosis snapshot: the interned strings that satisfy a test,
// looked up per slice by binary search. The advisor's host-timeline rules select events this way.
#pragma once
#include "core/analysis/diagnosis/diagnosis_context.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// Ids of the interned strings that satisfy pred, sorted (for binary search per slice).
template <typename Pred> std::vector<std::uint32_t> stringIdsWhere(const DiagnosisContext& ctx, Pred pred) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t id = 0; id < ctx.snapshot.strings.size(); ++id)
        if (pred(ctx.snapshot.strings.at(id))) ids.push_back(id);
    return ids;
}

inline bool containsId(const std::vector<std::uint32_t>& sorted, std::uint32_t id) {
    return std::binary_search(sorted.begin(), sorted.end(), id);
}

inline std::string lowerAsciiText(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// The slice starts inside the diagnosis range (the whole trace without one).
inline bool startsInRange(const DiagnosisContext& ctx, const SliceRecord& s) {
    return !ctx.options.range || ctx.options.range->contains(s.tsNs);
}

inline void sortByStart(std::vector<const SliceRecord*>& slices) {
    std::stable_sort(slices.begin(), slices.end(),
                     [](const SliceRecord* a, const SliceRecord* b) { return a->tsNs < b->tsNs; });
}

// AscendCL calls as both export kinds name them: "AscendCL@<call>" in the JSON timelines, the bare
// "<call>" at level "acl" (the slice's category) in the msprof and torch_npu DB exports.
class AscendClCalls {
public:
    explicit AscendClCalls(const DiagnosisContext& ctx)
        : ctx_(ctx), prefixed_(stringIdsWhere(ctx, [](std::string_view n) { return n.rfind(kPrefix, 0) == 0; })),
          aclLevel_(stringIdsWhere(ctx, [](std::string_view n) { return n == "acl"; })) {}
    bool isCall(const SliceRecord& s) const {
        return containsId(prefixed_, s.nameId) || (s.catId != 0 && containsId(aclLevel_, s.catId));
    }
    // The call's bare name ("aclrtSynchronizeStream"); empty when the slice is no AscendCL call.
    std::string_view callName(const SliceRecord& s) const {
        if (!isCall(s)) return {};
        std::string_view name = ctx_.snapshot.strings.at(s.nameId);
        if (name.rfind(kPrefix, 0) == 0) name.remove_prefix(kPrefix.size());
        return name;
    }

private:
    static constexpr std::string_view kPrefix = "AscendCL@";
    const DiagnosisContext& ctx_;
    std::vector<std::uint32_t> prefixed_, aclLevel_;
};

} // namespace opscope
