// The msprof-analyze advisor's byte-alignment rule (reference: ascend-formats.md §6.1,
// communication/alignment/byte_alignment_checker.py): SDMA transfers between chips whose size is not a
// multiple of 512 bytes move data less efficiently. Read from the communication plane tasks.
#include "core/analysis/ascend_tasks.h"
#include "core/analysis/diagnosis_rules.h"
#include "core/store/comm_transfer_reader.h"

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

// Whole byte counts in full ("1937312"), not in %g's exponent form.
std::string bytesText(double bytes) {
    return bytes == std::floor(bytes) && std::fabs(bytes) < 9e15 ? std::to_string(static_cast<long long>(bytes))
                                                                 : compactNumber(bytes);
}

} // namespace

// Tasks with transport SDMA, a link other than ON_CHIP and a size above min_size (512 B) are checked;
// measured is how many of them have a size that is not a multiple of base_size (512 B); fires when > threshold (0).
Finding ruleAscendByteAlignment(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<CommTransferRow> transfers;
    Error error;
    if (!readCommTransfers(ctx.db, &transfers, &error)) return missingInputFinding();
    const double minSize = rule.number("min_size", 512);
    const auto baseSize = static_cast<long long>(rule.number("base_size", 512));
    bool sized = false;
    std::vector<const CommTransferRow*> checked, misaligned;
    for (const CommTransferRow& t : transfers) {
        if (ctx.options.range && !ctx.options.range->contains(t.tsNs)) continue;
        if (!t.sizeBytes || t.transport.empty()) continue;
        sized = true;
        if (t.transport != "SDMA" || t.link == "ON_CHIP" || *t.sizeBytes <= minSize) continue;
        checked.push_back(&t);
        const double size = *t.sizeBytes;
        if (baseSize > 0 && (size != std::floor(size) || static_cast<long long>(size) % baseSize != 0)) misaligned.push_back(&t);
    }
    if (!sized) return missingInputFinding();
    Finding f;
    f.unit = "tasks";
    f.threshold = rule.threshold();
    f.comparison = ">";
    f.measured = static_cast<double>(misaligned.size());
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    TimeNs checkedNs = 0;
    for (const CommTransferRow* t : checked) checkedNs += t->durNs;
    std::vector<const CommTransferRow*> longest = misaligned;
    std::sort(longest.begin(), longest.end(), [](const auto* a, const auto* b) { return a->durNs > b->durNs; });
    for (const CommTransferRow* t : longest) {
        if (f.status == FindingStatus::Fired) f.timeAtStakeNs += t->durNs;
        if (f.status == FindingStatus::Fired && f.ranges.size() < rule.evidenceLimit())
            f.ranges.push_back({t->tsNs, t->tsNs + t->durNs, 0,
                                "SDMA " + bytesText(*t->sizeBytes) + " B over " + (t->link.empty() ? "?" : t->link)});
    }
    f.detail = std::to_string(checked.size()) + " SDMA task(s) above " + compactNumber(minSize) + " B between chips, " +
               std::to_string(misaligned.size()) + " not a multiple of " + std::to_string(baseSize) + " B";
    return f;
}

} // namespace opscope
