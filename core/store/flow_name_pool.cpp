#include "core/store/flow_name_pool.h"

#include "core/model/fnv1a.h"

#include <algorithm>
#include <cstring>

namespace opscope {

FlowNamePool::Ref FlowNamePool::add(std::string_view name) {
    name = name.substr(0, 0xffff);
    const std::uint64_t hash = Fnv1a().add(name).hash();
    CacheSlot& slot = recent_[hash & (recent_.size() - 1)];
    if (slot.used && slot.hash == hash && at(slot.ref) == name) return slot.ref;

    const std::size_t need = 2 + name.size();
    if (usedInLast_ + need > kBlockBytes) {
        blocks_.push_back(std::make_unique<char[]>(kBlockBytes));
        usedInLast_ = 0;
    }
    char* record = blocks_.back().get() + usedInLast_;
    const auto length = static_cast<std::uint16_t>(name.size());
    std::memcpy(record, &length, 2);
    std::memcpy(record + 2, name.data(), name.size());
    const Ref ref = static_cast<Ref>(((blocks_.size() - 1) << kBlockShift) | usedInLast_);
    usedInLast_ += need;
    slot = {hash, ref, true};
    return ref;
}

std::string_view FlowNamePool::at(Ref ref) const {
    const char* record = blocks_[ref >> kBlockShift].get() + (ref & (kBlockBytes - 1));
    std::uint16_t length = 0;
    std::memcpy(&length, record, 2);
    return {record + 2, length};
}

void FlowNamePool::clear() {
    blocks_.clear();
    usedInLast_ = kBlockBytes;
    recent_.fill({});
}

} // namespace opscope
