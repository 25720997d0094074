// 64-bit FNV-1a, fed in pieces: flow identities, flow-name caches, source fingerprints and cache
// file names all hash with it, so a key never has to be built as one string first.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace opscope {

class Fnv1a {
public:
    Fnv1a& add(const void* data, std::size_t bytes) {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < bytes; ++i) {
            hash_ ^= p[i];
            hash_ *= 1099511628211ull;
        }
        return *this;
    }
    Fnv1a& add(std::string_view piece) { return add(piece.data(), piece.size()); }
    std::uint64_t hash() const { return hash_; }

private:
    std::uint64_t hash_ = 1469598103934665603ull;
};

} // namespace opscope
