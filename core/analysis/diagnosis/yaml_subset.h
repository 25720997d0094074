// The part of YAML that rule files such as the advisor's op_fusion_pass.yaml use: block mappings and
// sequences by indentation, flow sequences and mappings on one line ([a, b], {k: v}), plain and quoted
// scalars, comments. Anchors, aliases, tags, block scalars (| >) and multi-line flow collections are
// refused with the line they are on. The parser loops over lines with an explicit stack (no recursion).
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct YamlNode {
    enum class Kind { Null, Scalar, Sequence, Mapping };
    Kind kind = Kind::Null;
    std::string text;          // a scalar's value (unquoted)
    std::string key;           // the key this node is the value of, in a mapping
    std::int64_t line = 0;     // 1-based line where the node starts
    std::int32_t firstChild = -1, lastChild = -1, nextSibling = -1;
};

struct YamlDocument {
    std::vector<YamlNode> nodes; // nodes[0] is the root (Null for an empty document)
    const YamlNode& at(std::int32_t i) const { return nodes[static_cast<std::size_t>(i)]; }
    std::vector<std::int32_t> children(std::int32_t i) const;
    std::int32_t value(std::int32_t mapping, std::string_view key) const; // -1 when absent
};

// Flow collections nested deeper than this on one line are refused.
constexpr int kMaxYamlFlowNesting = 64;

bool parseYamlSubset(std::string_view text, const std::string& path, YamlDocument* out, Error* error);

} // namespace opscope
