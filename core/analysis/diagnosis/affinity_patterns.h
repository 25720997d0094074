// The framework operator sequences that a fused (affinity) API replaces, as msprof-analyze's advisor
// matches them over the timeline (advisor/analyzer/schedule/fusion_ops/fusion_ops_analyzer.py, its
// patterns in rules/timeline_fusion_ops.yaml; opscope's copy: resources/rules/affinity_api_patterns.json,
// each pattern's source entry named). A sequence is '-'-separated operator names; a part in parentheses
// lists alternatives with '|' and may carry a quantifier ({m,n}, {m}, *, +, ?).
#pragma once
#include "core/model/error.h"

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace opscope {

struct AffinityPattern {
    std::string api;      // the fused API to call instead ("torch_npu.npu_rotary_mul")
    std::string mode;     // "aten" (aten:: operators) or "optimizer" (Optimizer.step#<name>)
    std::string sequence; // as written: "(slice)-neg-cat-(mul){0,2}-add"
    std::string source;   // the source file's entry it comes from
};

struct SequencePart {
    std::vector<std::string> names; // alternatives
    int min = 1, max = 1;           // max -1: unbounded
};

struct ParsedSequence {
    std::vector<SequencePart> parts;
    // A sequence with parentheses matches as the advisor's regular expression (leftmost, greedy, no
    // overlaps); one without only as the exact run of names, at every position (overlaps allowed).
    bool regex = false;
};

// False with a message for a sequence the syntax above does not cover (an empty name, an unclosed
// parenthesis, a quantifier that is not one of the five, more than 64 parts).
bool parseAffinitySequence(const std::string& sequence, ParsedSequence* out, std::string* message);

// The names of every pattern as small integers, so that a long operator sequence is matched on ints:
// id() is -1 for a name no pattern mentions (no match can hold such an operator).
class AffinityVocabulary {
public:
    void add(const ParsedSequence& sequence);
    int id(std::string_view name) const;
    std::size_t size() const { return ids_.size(); }
    // Whether every part the sequence requires (min >= 1) names an id marked present: when not, the
    // sequence cannot match where those ids are absent.
    bool couldMatch(const ParsedSequence& sequence, const std::vector<bool>& present) const;

private:
    std::map<std::string, int, std::less<>> ids_;
};

// The matches of a sequence over operator tokens in order (vocabulary ids), as [first, end) index ranges.
std::vector<std::pair<std::size_t, std::size_t>> matchAffinityTokens(const ParsedSequence& sequence,
                                                                     const AffinityVocabulary& vocabulary,
                                                                     const std::vector<int>& tokens);
// The same over names (a vocabulary of the sequence's own names).
std::vector<std::pair<std::size_t, std::size_t>> matchAffinitySequence(const ParsedSequence& sequence,
                                                                       const std::vector<std::string_view>& names);

// The compiled-in copy of resources/rules/affinity_api_patterns.json (affinity_patterns_default.cpp).
const char* defaultAffinityPatternsJson();
// Parses a patterns file (the default when json is null); false with an error naming the pattern.
bool loadAffinityPatterns(const char* json, std::vector<AffinityPattern>* out, Error* error);

} // namespace opscope
