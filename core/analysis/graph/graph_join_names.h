// Name matching for the graph join: which trace names are several node names run together (fused
// tasks), and which are a node's name with scope prefixes added or removed.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opscope {

// Splits text into two or more whole node names, left to right, preferring the longest name at each
// step (backtracking when that fails). Empty when it cannot be split.
class FusedNameSplitter {
public:
    explicit FusedNameSplitter(const std::vector<std::string>& nodeNames);
    std::vector<std::uint32_t> split(std::string_view text) const; // node indices

private:
    int child(int state, unsigned char c) const;
    std::unordered_map<std::uint64_t, int> edges_; // (state << 8 | byte) -> state
    std::vector<std::int64_t> terminal_;           // state -> node index, -1: not the end of a name
};

// Node whose name equals text up to '/'-scope prefixes: text "a/b/conv" ~ node "conv", or text
// "conv" ~ node "a/b/conv". -1 when none or when several nodes would fit.
class ScopeMatcher {
public:
    explicit ScopeMatcher(std::vector<std::string> nodeNames);
    ScopeMatcher(const ScopeMatcher&) = delete; // the maps view into names_
    ScopeMatcher& operator=(const ScopeMatcher&) = delete;
    std::int64_t match(std::string_view text) const;

private:
    std::vector<std::string> names_;  // owned: the maps' keys view into these, not into the caller's list
    std::unordered_map<std::string_view, std::int64_t> exact_;   // full names
    std::unordered_map<std::string_view, std::int64_t> suffix_;  // proper '/'-suffixes; -2: ambiguous
};

} // namespace opscope
