#include "core/analysis/diagnosis/rules_config.h"

#include "core/model/json_depth.h"
#include "core/model/small_file.h"

#include <algorithm>

namespace opscope {

using nlohmann::json;

double RuleConfig::number(const char* name, double fallback) const {
    auto it = params.find(name);
    return it != params.end() && it->is_number() ? it->get<double>() : fallback;
}

std::size_t RuleConfig::evidenceLimit() const {
    return static_cast<std::size_t>(std::max(0.0, number("evidence_count", 10)));
}

bool RuleConfig::flag(const char* name, bool fallback) const {
    auto it = params.find(name);
    return it != params.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

std::vector<std::string> RuleConfig::strings(const char* name) const {
    std::vector<std::string> out;
    auto it = params.find(name);
    if (it == params.end()) return out;
    if (it->is_string()) out.push_back(it->get<std::string>());
    if (it->is_array())
        for (const json& v : *it)
            if (v.is_string()) out.push_back(v.get<std::string>());
    return out;
}

const RuleConfig* RulesConfig::find(std::string_view id) const {
    for (const RuleConfig& r : rules)
        if (r.id == id) return &r;
    return nullptr;
}

namespace {

void readText(const json& node, LocalizedText* text) {
    if (node.is_string()) {
        text->en = node.get<std::string>();
        return;
    }
    if (!node.is_object()) return;
    if (node.contains("en") && node["en"].is_string()) text->en = node["en"].get<std::string>();
    if (node.contains("zh_CN") && node["zh_CN"].is_string()) text->zhCN = node["zh_CN"].get<std::string>();
}

void readList(const json& section, const char* key, std::vector<std::string>* out) {
    if (!section.contains(key) || !section[key].is_array()) return;
    out->clear();
    for (const json& v : section[key])
        if (v.is_string()) out->push_back(v.get<std::string>());
}

void mergeCauses(const json& c, RulesConfig* cfg) {
    if (c.contains("coverage") && c["coverage"].is_number()) cfg->causeCoverage = c["coverage"].get<double>();
    HostWorkPatterns& p = cfg->patterns;
    readList(c, "sync", &p.sync);
    readList(c, "communication", &p.communication);
    readList(c, "communication_processes", &p.communicationProcesses);
    readList(c, "data_transfer", &p.dataTransfer);
    readList(c, "launch", &p.launch);
    readList(c, "host_compute_categories", &p.hostComputeCategories);
    readList(c, "excluded_processes", &p.excludedProcesses);
    readList(c, "excluded_names", &p.excludedNames);
}

void mergeRule(const json& r, RulesConfig* cfg) {
    std::string id = r["id"].get<std::string>();
    RuleConfig* rule = nullptr;
    for (RuleConfig& existing : cfg->rules)
        if (existing.id == id) rule = &existing;
    if (!rule) {
        cfg->rules.push_back(RuleConfig{});
        rule = &cfg->rules.back();
        rule->id = id;
    }
    if (r.contains("enabled") && r["enabled"].is_boolean()) rule->enabled = r["enabled"].get<bool>();
    if (r.contains("title")) readText(r["title"], &rule->title);
    if (r.contains("suggestion")) readText(r["suggestion"], &rule->suggestion);
    if (r.contains("needs")) readText(r["needs"], &rule->needs);
    if (r.contains("params") && r["params"].is_object())
        for (auto it = r["params"].begin(); it != r["params"].end(); ++it) rule->params[it.key()] = it.value();
}

bool fail(Error* error, const std::string& file, const std::string& expected, const std::string& detail) {
    if (error) *error = Error{ErrorCode::WrongType, file, -1, -1, -1, expected, detail};
    return false;
}

bool mergeRulesDocument(std::string_view jsonText, RulesConfig* base, Error* error);

} // namespace

bool mergeRulesConfig(std::string_view jsonText, RulesConfig* base, Error* error) {
    try {
        return mergeRulesDocument(jsonText, base, error);
    } catch (const json::exception& e) { // a field of another type than the documented one
        return fail(error, {}, "rules fields of the documented types", e.what());
    }
}

namespace {
bool mergeRulesDocument(std::string_view jsonText, RulesConfig* base, Error* error) {
    if (jsonNestingExceeds(jsonText, kMaxDocumentDepth)) return fail(error, {}, "a rules document nested at most 200 levels", {});
    json doc = json::parse(jsonText.begin(), jsonText.end(), nullptr, false);
    if (doc.is_discarded()) {
        if (error) *error = Error{ErrorCode::JsonSyntax, {}, -1, -1, -1, "a JSON rules document", {}};
        return false;
    }
    if (!doc.is_object()) return fail(error, {}, "a JSON object", "rules document");
    if (doc.contains("version") && doc["version"].is_number_integer()) base->version = doc["version"].get<int>();
    if (doc.contains("priority") && doc["priority"].is_object()) {
        const json& p = doc["priority"];
        if (p.contains("high_time_share") && p["high_time_share"].is_number())
            base->highTimeShare = p["high_time_share"].get<double>();
        if (p.contains("medium_time_share") && p["medium_time_share"].is_number())
            base->mediumTimeShare = p["medium_time_share"].get<double>();
    }
    if (doc.contains("bubble_causes") && doc["bubble_causes"].is_object()) mergeCauses(doc["bubble_causes"], base);
    if (doc.contains("rules")) {
        if (!doc["rules"].is_array()) return fail(error, {}, "an array", "rules");
        for (const json& r : doc["rules"]) {
            if (!r.is_object() || !r.contains("id") || !r["id"].is_string())
                return fail(error, {}, "a rule object with a string id", r.dump().substr(0, 80));
            if (r.contains("params") && !r["params"].is_object())
                return fail(error, {}, "an object", "params of " + r["id"].get<std::string>());
            mergeRule(r, base);
        }
    }
    return true;
}
} // namespace

bool parseRulesConfig(std::string_view jsonText, RulesConfig* out, Error* error) {
    *out = RulesConfig{};
    return mergeRulesConfig(jsonText, out, error);
}

RulesConfig defaultRulesConfig() {
    RulesConfig cfg;
    Error ignored;
    parseRulesConfig(defaultRulesJson(), &cfg, &ignored);
    return cfg;
}

bool loadRulesFile(const std::string& path, RulesConfig* out, Error* error) {
    std::string text;
    if (!readSmallFile(path, &text, error)) return false;
    *out = defaultRulesConfig();
    if (!mergeRulesConfig(text, out, error)) {
        if (error) error->file = path;
        return false;
    }
    return true;
}

} // namespace opscope
