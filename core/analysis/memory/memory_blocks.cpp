#include "core/analysis/memory/memory_blocks.h"

#include <algorithm>
#include <limits>
#include <map>

namespace opscope {

namespace {

constexpr TimeNs kBeforeAll = std::numeric_limits<TimeNs>::min();
constexpr TimeNs kAfterAll = std::numeric_limits<TimeNs>::max();

bool onDevice(const MemoryBlock& b, std::int64_t deviceId) { return deviceId == kAllDevices || b.deviceId == deviceId; }

std::int64_t saturatingAdd(std::int64_t a, std::int64_t b) {
    std::int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum)) return b > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
    return sum;
}

template <typename Pred>
std::vector<const MemoryBlock*> select(const MemoryData& data, std::int64_t deviceId, Pred pred) {
    std::vector<const MemoryBlock*> out;
    for (const MemoryBlock& b : data.blocks)
        if (onDevice(b, deviceId) && pred(b)) out.push_back(&b);
    return out;
}

bool largerFirst(const MemoryBlock* a, const MemoryBlock* b) {
    if (a->sizeBytes != b->sizeBytes) return a->sizeBytes > b->sizeBytes;
    if (a->allocTsNs.value_or(kBeforeAll) != b->allocTsNs.value_or(kBeforeAll))
        return a->allocTsNs.value_or(kBeforeAll) < b->allocTsNs.value_or(kBeforeAll);
    return a->id < b->id;
}

} // namespace

bool aliveAt(const MemoryBlock& block, TimeNs t) {
    return block.allocTsNs.value_or(kBeforeAll) <= t && t < block.releaseTsNs.value_or(kAfterAll);
}

bool aliveIn(const MemoryBlock& block, const TimeRange& range) {
    return block.allocTsNs.value_or(kBeforeAll) < range.endNs && block.releaseTsNs.value_or(kAfterAll) > range.startNs;
}

std::vector<const MemoryBlock*> blocksAliveAt(const MemoryData& data, std::int64_t deviceId, TimeNs t) {
    return select(data, deviceId, [t](const MemoryBlock& b) { return aliveAt(b, t); });
}

std::vector<const MemoryBlock*> blocksAliveIn(const MemoryData& data, std::int64_t deviceId, const TimeRange& range) {
    return select(data, deviceId, [&range](const MemoryBlock& b) { return aliveIn(b, range); });
}

std::vector<const MemoryBlock*> largestBlocks(const MemoryData& data, std::int64_t deviceId, std::size_t n) {
    std::vector<const MemoryBlock*> all = select(data, deviceId, [](const MemoryBlock&) { return true; });
    std::size_t keep = std::min(n, all.size());
    std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(), largerFirst);
    all.resize(keep);
    return all;
}

std::vector<const MemoryBlock*> unreleasedBlocks(const MemoryData& data, std::int64_t deviceId) {
    std::vector<const MemoryBlock*> out = select(data, deviceId, [](const MemoryBlock& b) { return !b.released(); });
    std::sort(out.begin(), out.end(), largerFirst);
    return out;
}

std::vector<OperatorBytes> bytesByOperator(const std::vector<const MemoryBlock*>& blocks) {
    std::map<std::string, OperatorBytes> byName;
    for (const MemoryBlock* b : blocks) {
        OperatorBytes& o = byName[b->operatorName];
        o.operatorName = b->operatorName;
        ++o.blocks;
        o.bytes = saturatingAdd(o.bytes, b->sizeBytes);
    }
    std::vector<OperatorBytes> out;
    out.reserve(byName.size());
    for (auto& [name, o] : byName) out.push_back(std::move(o));
    std::stable_sort(out.begin(), out.end(), [](const OperatorBytes& a, const OperatorBytes& b) { return a.bytes > b.bytes; });
    return out;
}

std::int64_t totalBytes(const std::vector<const MemoryBlock*>& blocks) {
    std::int64_t sum = 0;
    for (const MemoryBlock* b : blocks) sum = saturatingAdd(sum, b->sizeBytes);
    return sum;
}

} // namespace opscope
