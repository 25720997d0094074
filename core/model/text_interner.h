// Texts numbered in the order they were first seen: the same text always gets the same id, and an id
// gives its text back. Looked up by string_view, so a text already seen costs no allocation.
#pragma once
#include "core/model/text_hash.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace opscope {

class TextInterner {
public:
    std::uint32_t intern(std::string_view text) {
        if (auto known = ids_.find(text); known != ids_.end()) return known->second;
        const auto id = static_cast<std::uint32_t>(texts_.size());
        texts_.emplace_back(text);
        ids_.emplace(texts_.back(), id);
        return id;
    }
    std::string_view text(std::uint32_t id) const { return texts_[id]; }
    std::size_t size() const { return texts_.size(); }
    bool empty() const { return texts_.empty(); }
    // Hands the texts over, by id; the interner is empty after.
    std::vector<std::string> takeTexts() {
        ids_.clear();
        return std::exchange(texts_, {});
    }

private:
    std::unordered_map<std::string, std::uint32_t, TextHash, std::equal_to<>> ids_;
    std::vector<std::string> texts_;
};

} // namespace opscope
