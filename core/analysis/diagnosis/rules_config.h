// The diagnosis rules file: thresholds, patterns, titles and suggestions (English and zh_CN) per rule.
// The shipped resources/rules/diagnosis_rules.json is compiled in; a user file is merged over it by id.
#pragma once
#include "core/analysis/bubbles/host_work.h"
#include "core/model/error.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct LocalizedText {
    std::string en;
    std::string zhCN;
};

struct RuleConfig {
    std::string id;
    bool enabled = true;
    LocalizedText title;
    LocalizedText suggestion;
    LocalizedText needs; // what the rule reports when its inputs are missing
    nlohmann::json params = nlohmann::json::object();

    double number(const char* name, double fallback) const;
    bool flag(const char* name, bool fallback) const;
    std::vector<std::string> strings(const char* name) const;
    double threshold() const { return number("threshold", 0.0); }
    // How many evidence rows (operators, ranges) a finding lists: evidence_count, 10 by default.
    std::size_t evidenceLimit() const;
};

struct RulesConfig {
    int version = 1;
    double highTimeShare = 0.05;   // share of device time at stake for High severity
    double mediumTimeShare = 0.03; // ... for Medium
    double causeCoverage = 0.5;    // bubble cause: share of the gap the host work must cover
    HostWorkPatterns patterns;
    std::vector<RuleConfig> rules;

    const RuleConfig* find(std::string_view id) const;
};

// The shipped rules (a copy of resources/rules/diagnosis_rules.json, checked equal by a test).
const char* defaultRulesJson();
RulesConfig defaultRulesConfig();

// Parses a full rules document.
bool parseRulesConfig(std::string_view jsonText, RulesConfig* out, Error* error);
// Merges a (possibly partial) document over base: rules by id (params key by key), other sections by key.
bool mergeRulesConfig(std::string_view jsonText, RulesConfig* base, Error* error);
// Defaults, then the user's file over them.
bool loadRulesFile(const std::string& path, RulesConfig* out, Error* error);

} // namespace opscope
