// A hash for unordered maps keyed by std::string that may be looked up by std::string_view without
// making a string (with std::equal_to<>): the import's hot paths look names up once per event.
#pragma once
#include <cstddef>
#include <functional>
#include <string_view>

namespace opscope {

struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

} // namespace opscope
