#include "core/store/numeric_id_key.h"

#include "core/model/fnv1a.h"

#include <charconv>

namespace opscope {

std::int64_t numericIdKey(std::string_view idKey) {
    // Several inputs in one store prefix their ids with "N/": the key is the trace's own id.
    const std::size_t slash = idKey.find('/');
    std::string_view id = idKey;
    if (slash != std::string_view::npos) {
        std::int64_t prefix = 0;
        auto [p, ec] = std::from_chars(idKey.data(), idKey.data() + slash, prefix);
        if (ec == std::errc() && p == idKey.data() + slash) id = idKey.substr(slash + 1);
    }
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), value);
    if (ec == std::errc() && end == id.data() + id.size() && !id.empty()) return value;
    const std::uint64_t hash = Fnv1a().add(id).hash() & ((std::uint64_t{1} << 62) - 1);
    return kTextIdKeyBase + static_cast<std::int64_t>(hash);
}

} // namespace opscope
