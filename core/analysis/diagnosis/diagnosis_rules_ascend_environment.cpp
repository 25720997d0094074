// The msprof-analyze advisor's environment variable check (reference: ascend-formats.md §6.1,
// overall/environment_variable_checker.py ENV_SUGGEST_CONDITION): the profiled process's environment,
// as torch_npu's profiler_metadata.json records it (the import keeps it as meta rows "ascend.env.<NAME>").
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/store/meta_reader.h"

#include <charconv>
#include <functional>
#include <optional>

namespace opscope {

namespace {

std::optional<long long> integerOf(const std::string& text) {
    long long value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
    return value;
}

} // namespace

// A variable is flagged as the advisor's condition for it says; a value that should be an integer and is
// not is left alone (the advisor stops on it). Measured: how many are flagged; fires when > threshold (0).
Finding ruleAscendEnvironmentVariables(DiagnosisContext& ctx, const RuleConfig& rule) {
    const auto env = readMetaWithPrefix(ctx.db, "ascend.env.");
    if (env.empty()) return missingInputFinding();
    const double cacheLimitMin = rule.number("aclnn_cache_limit_min", 10000);
    const auto isInt = [](const std::string& v, const std::function<bool(long long)>& pred) {
        auto n = integerOf(v);
        return n && pred(*n);
    };
    const std::vector<std::pair<std::string, std::function<bool(const std::string&)>>> conditions = {
        {"ASCEND_GLOBAL_LOG_LEVEL", [&](const std::string& v) { return !v.empty() && isInt(v, [](long long n) { return n != 3; }); }},
        {"HCCL_RDMA_TC", [](const std::string& v) { return !v.empty(); }},
        {"HCCL_RDMA_SL", [](const std::string& v) { return !v.empty(); }},
        {"ACLNN_CACHE_LIMIT", [&](const std::string& v) {
             return v.empty() || isInt(v, [&](long long n) { return static_cast<double>(n) < cacheLimitMin; });
         }},
        {"HOST_CACHE_CAPACITY", [&](const std::string& v) { return v.empty() || isInt(v, [](long long n) { return n == 0; }); }},
        {"PYTORCH_NPU_ALLOC_CONF", [](const std::string& v) { return v.find("expandable_segments:True") == std::string::npos; }},
        {"ASCEND_LAUNCH_BLOCKING", [&](const std::string& v) { return !v.empty() && isInt(v, [](long long n) { return n == 1; }); }},
        {"HCCL_ALGO", [](const std::string& v) { return !v.empty(); }},
    };
    Finding f;
    f.unit = "variables";
    f.threshold = rule.threshold();
    f.comparison = ">";
    std::string flagged;
    for (const auto& [name, value] : env)
        for (const auto& [known, condition] : conditions) {
            if (name != known || !condition(value)) continue;
            f.measured += 1;
            flagged += (flagged.empty() ? "" : ", ") + name + "=" + (value.empty() ? "(unset)" : value);
            EvidenceOperator e;
            e.name = name + "=" + value;
            f.operators.push_back(std::move(e));
        }
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    f.detail = std::to_string(env.size()) + " variable(s) recorded; to change: " + (flagged.empty() ? "none" : flagged);
    return f;
}

} // namespace opscope
