// Text of flow names, held apart from the string dictionary. Flow names are often unique per flow
// (Ascend writes "HostToDevice936"), so interning them would grow a hash table by one entry per
// flow for nothing: the flow table stores the text, and nothing looks a flow name up.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace opscope {

class FlowNamePool {
public:
    using Ref = std::uint32_t;

    // Stores name (at most 65535 bytes are kept) and returns where; a name seen a moment ago is
    // found in a small cache and shared, which catches a flow's start and end naming it alike.
    Ref add(std::string_view name);
    std::string_view at(Ref ref) const;
    void clear();
    std::size_t memoryBytes() const { return blocks_.size() * kBlockBytes; }

private:
    static constexpr std::size_t kBlockShift = 20;
    static constexpr std::size_t kBlockBytes = std::size_t{1} << kBlockShift;
    struct CacheSlot {
        std::uint64_t hash = 0;
        Ref ref = 0;
        bool used = false;
    };
    std::vector<std::unique_ptr<char[]>> blocks_;
    std::size_t usedInLast_ = kBlockBytes; // forces a first block
    std::array<CacheSlot, 256> recent_{};
};

} // namespace opscope
