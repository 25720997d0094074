#include "app/cli/analysis_cli_support.h"

#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/diagnosis/fusion_patterns.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/analysis/roofline/device_profile.h"
#include "core/model/error.h"

#include <cmath>
#include <filesystem>
#include <cstdio>
#include <cstdlib>

namespace opscope::cli {

namespace {
bool parseInt(const std::string& text, std::int64_t* out) {
    if (text.empty()) return false;
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (*end != '\0') return false;
    *out = v;
    return true;
}
} // namespace

bool intOption(ArgParser& parser, const std::string& name, std::int64_t min, std::int64_t max, std::int64_t* value,
               const char* command) {
    std::string text;
    if (!parser.option(name, &text)) return true;
    std::int64_t v = 0;
    if (!parseInt(text, &v) || v < min || v > max) {
        std::fprintf(stderr, "opscope-cli %s: %s wants an integer from %lld to %lld, not '%s'\n", command, name.c_str(),
                     static_cast<long long>(min), static_cast<long long>(max), text.c_str());
        return false;
    }
    *value = v;
    return true;
}

bool doubleOption(ArgParser& parser, const std::string& name, double min, double* value, const char* command) {
    std::string text;
    if (!parser.option(name, &text)) return true;
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v) || v < min) {
        std::fprintf(stderr, "opscope-cli %s: %s wants a number >= %g, not '%s'\n", command, name.c_str(), min,
                     text.c_str());
        return false;
    }
    *value = v;
    return true;
}

namespace {

bool deviceOption(const std::string& value, DiagnosisOptions* options, const char* command) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(value, ec)) {
        DeviceProfile profile;
        Error error;
        if (!loadDeviceProfile(value, &profile, &error)) {
            std::fprintf(stderr, "opscope-cli %s: %s\n", command, describe(error).c_str());
            return false;
        }
        options->device = profile;
        return true;
    }
    const std::vector<DeviceProfile> builtin = builtinDeviceProfiles();
    if (const DeviceProfile* p = findDeviceProfile(builtin, value)) {
        options->device = *p;
        return true;
    }
    std::fprintf(stderr, "opscope-cli %s: --device: no such file or built-in profile '%s'\n", command, value.c_str());
    return false;
}

} // namespace

bool diagnosisOptions(ArgParser& parser, DiagnosisOptions* options, const char* command) {
    std::string rulesPath, device, patternsPath;
    if (parser.option("--rules", &rulesPath)) {
        Error error;
        if (!loadRulesFile(rulesPath, &options->rules, &error)) {
            std::fprintf(stderr, "opscope-cli %s: --rules: %s\n", command, describe(error).c_str());
            return false;
        }
    }
    if (parser.option("--device", &device) && !deviceOption(device, options, command)) return false;
    if (parser.option("--fusion-patterns", &patternsPath)) {
        auto loaded = std::make_shared<FusionPatternSet>();
        Error error;
        if (!loadFusionPatternFile(patternsPath, loaded.get(), &error)) {
            std::fprintf(stderr, "opscope-cli %s: --fusion-patterns: %s\n", command, describe(error).c_str());
            return false;
        }
        options->fusionPatterns = std::move(loaded);
    }
    return true;
}

bool rangeOption(ArgParser& parser, std::optional<TimeRange>* range, const char* command) {
    std::string text;
    if (!parser.option("--range", &text)) return true;
    std::size_t colon = text.find(':');
    std::int64_t a = 0, b = 0;
    if (colon == std::string::npos || !parseInt(text.substr(0, colon), &a) || !parseInt(text.substr(colon + 1), &b) ||
        b <= a) {
        std::fprintf(stderr, "opscope-cli %s: --range wants START_NS:END_NS with START < END, not '%s'\n", command,
                     text.c_str());
        return false;
    }
    *range = TimeRange{a, b};
    return true;
}

std::string numberText(double value, int decimals) {
    if (std::isnan(value)) return {};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

bool singleInput(const ArgParser& parser, std::string* input, const char* command, const char* help) {
    std::vector<std::string> pos = parser.positional();
    std::vector<std::string> unknown = parser.unknownOptions();
    if (!unknown.empty()) {
        std::fprintf(stderr, "opscope-cli %s: unknown option %s\n%s", command, unknown[0].c_str(), help);
        return false;
    }
    if (pos.size() != 1) {
        std::fprintf(stderr, "%s", help);
        return false;
    }
    *input = pos[0];
    return true;
}

std::shared_ptr<TraceSession> openInputSession(const std::string& input, const char* command) {
    std::string error;
    std::shared_ptr<TraceSession> session = openSessionForReading(input, &error);
    if (!session) std::fprintf(stderr, "opscope-cli %s: %s\n", command, error.c_str());
    return session;
}

} // namespace opscope::cli
