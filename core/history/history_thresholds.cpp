#include "core/history/history_thresholds.h"

#include "core/history/run_metrics.h"
#include "core/model/small_file.h"

#include <nlohmann/json.hpp>

namespace opscope::history {

namespace {

void apply(const ThresholdOverride& o, Thresholds* t) {
    if (o.window) t->window = *o.window;
    if (o.minRuns) t->minRuns = *o.minRuns;
    if (o.confirmRuns) t->confirmRuns = *o.confirmRuns;
    if (o.madK) t->madK = *o.madK;
    if (o.minRelative) t->minRelative = *o.minRelative;
    if (o.minAbsolute) t->minAbsolute = *o.minAbsolute;
    if (o.driftTau) t->driftTau = *o.driftTau;
    if (o.direction) t->direction = *o.direction;
}

Error fileError(const std::string& path, const std::string& expected, const std::string& detail = {}) {
    return Error{ErrorCode::WrongType, path, -1, -1, -1, expected, detail};
}

// Reads one override object; every key must be known and of its type, so a typo is not silently ignored.
bool readOverride(const nlohmann::json& j, const std::string& where, const std::string& path, ThresholdOverride* out,
                  Error* error) {
    if (!j.is_object()) {
        *error = fileError(path, where + ": an object");
        return false;
    }
    auto integer = [&](const std::string& key, std::optional<int>* field, int lowest) {
        const auto& v = j.at(key);
        if (!v.is_number_integer() || v.get<long long>() < lowest || v.get<long long>() > kMaxThresholdRuns) {
            *error = fileError(path, where + "." + key + ": a whole number from " + std::to_string(lowest) + " to " +
                                         std::to_string(kMaxThresholdRuns));
            return false;
        }
        *field = static_cast<int>(v.get<long long>());
        return true;
    };
    auto number = [&](const std::string& key, std::optional<double>* field) {
        const auto& v = j.at(key);
        if (!v.is_number() || v.get<double>() < 0) {
            *error = fileError(path, where + "." + key + ": a number >= 0");
            return false;
        }
        *field = v.get<double>();
        return true;
    };
    for (const auto& [key, value] : j.items()) {
        bool ok = true;
        if (key == "window") ok = integer(key, &out->window, 1);
        else if (key == "min_runs") ok = integer(key, &out->minRuns, 1);
        else if (key == "confirm_runs") ok = integer(key, &out->confirmRuns, 1);
        else if (key == "mad_k") ok = number(key, &out->madK);
        else if (key == "min_relative") ok = number(key, &out->minRelative);
        else if (key == "min_absolute") ok = number(key, &out->minAbsolute);
        else if (key == "drift_tau") ok = number(key, &out->driftTau);
        else if (key == "direction") {
            std::optional<Direction> d = value.is_string() ? directionFromName(value.get<std::string>()) : std::nullopt;
            if (!d) {
                *error = fileError(path, where + ".direction: \"up\", \"down\" or \"both\"");
                return false;
            }
            out->direction = d;
        } else {
            *error = fileError(path, where + ": one of window, min_runs, confirm_runs, mad_k, min_relative, "
                                     "min_absolute, drift_tau, direction",
                               "unknown key \"" + key + "\"");
            return false;
        }
        if (!ok) return false;
    }
    return true;
}

} // namespace

Thresholds ThresholdsConfig::forMetric(const std::string& metric, const std::string& unit) const {
    Thresholds t;
    t.direction = defaultDirection(metric);
    t.minAbsolute = defaultMinAbsolute(unit);
    apply(defaults, &t);
    auto it = metrics.find(metric);
    if (it != metrics.end()) apply(it->second, &t);
    return t;
}

bool parseThresholds(const std::string& text, const std::string& path, ThresholdsConfig* out, Error* error) {
    *out = ThresholdsConfig{};
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        *error = Error{ErrorCode::NotJson, path, -1, -1, -1, "a JSON object with \"default\" and \"metrics\"", {}};
        return false;
    }
    for (const auto& [key, value] : j.items()) {
        if (key == "default") {
            if (!readOverride(value, "default", path, &out->defaults, error)) return false;
        } else if (key == "metrics") {
            if (!value.is_object()) {
                *error = fileError(path, "metrics: an object keyed by metric name");
                return false;
            }
            for (const auto& [metric, o] : value.items()) {
                if (!readOverride(o, "metrics." + metric, path, &out->metrics[metric], error)) return false;
            }
        } else {
            *error = fileError(path, "top-level keys \"default\" and \"metrics\"", "unknown key \"" + key + "\"");
            return false;
        }
    }
    return true;
}

bool readThresholdsFile(const std::string& path, ThresholdsConfig* out, Error* error) {
    std::string text;
    if (!readSmallFile(path, &text, error)) return false;
    return parseThresholds(text, path, out, error);
}

} // namespace opscope::history
