#include "core/analysis/graph/graph_join_names.h"

namespace opscope {

FusedNameSplitter::FusedNameSplitter(const std::vector<std::string>& nodeNames) {
    terminal_.push_back(-1);
    for (std::size_t n = 0; n < nodeNames.size(); ++n) {
        int state = 0;
        for (unsigned char c : nodeNames[n]) {
            int next = child(state, c);
            if (next < 0) {
                next = static_cast<int>(terminal_.size());
                terminal_.push_back(-1);
                edges_.emplace((static_cast<std::uint64_t>(state) << 8) | c, next);
            }
            state = next;
        }
        if (state != 0 && terminal_[state] < 0) terminal_[state] = static_cast<std::int64_t>(n);
    }
}

int FusedNameSplitter::child(int state, unsigned char c) const {
    auto it = edges_.find((static_cast<std::uint64_t>(state) << 8) | c);
    return it == edges_.end() ? -1 : it->second;
}

std::vector<std::uint32_t> FusedNameSplitter::split(std::string_view text) const {
    // reach[i]: the node index of a name ending at i on some split of text[0, i); via[i]: where it starts.
    const std::size_t n = text.size();
    std::vector<std::int64_t> reach(n + 1, -1), via(n + 1, -1);
    reach[0] = -2;
    for (std::size_t i = 0; i < n; ++i) {
        if (reach[i] == -1) continue;
        int state = 0;
        for (std::size_t j = i; j < n; ++j) {
            state = child(state, static_cast<unsigned char>(text[j]));
            if (state < 0) break;
            if (terminal_[state] >= 0 && reach[j + 1] == -1 && !(i == 0 && j + 1 == n)) {
                reach[j + 1] = terminal_[state];
                via[j + 1] = static_cast<std::int64_t>(i);
            }
        }
    }
    if (n == 0 || reach[n] < 0) return {};
    std::vector<std::uint32_t> parts;
    for (std::int64_t at = static_cast<std::int64_t>(n); at > 0; at = via[at])
        parts.insert(parts.begin(), static_cast<std::uint32_t>(reach[at]));
    return parts.size() >= 2 ? parts : std::vector<std::uint32_t>{};
}

ScopeMatcher::ScopeMatcher(std::vector<std::string> nodeNames) : names_(std::move(nodeNames)) {
    for (std::size_t n = 0; n < names_.size(); ++n) {
        std::string_view name = names_[n];
        exact_.emplace(name, static_cast<std::int64_t>(n));
        for (std::size_t slash = name.find('/'); slash != std::string_view::npos; slash = name.find('/', slash + 1)) {
            std::string_view tail = name.substr(slash + 1);
            if (tail.empty()) continue;
            auto [it, inserted] = suffix_.emplace(tail, static_cast<std::int64_t>(n));
            if (!inserted && it->second != static_cast<std::int64_t>(n)) it->second = -2;
        }
    }
}

std::int64_t ScopeMatcher::match(std::string_view text) const {
    if (auto it = suffix_.find(text); it != suffix_.end()) return it->second >= 0 ? it->second : -1;
    // The trace adds scopes the graph lacks: the longest '/'-suffix that is a whole node name.
    for (std::size_t slash = text.find('/'); slash != std::string_view::npos; slash = text.find('/', slash + 1)) {
        auto it = exact_.find(text.substr(slash + 1));
        if (it != exact_.end()) return it->second;
    }
    return -1;
}

} // namespace opscope
