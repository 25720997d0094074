#include "core/analysis/roofline/device_profile.h"

#include "core/model/small_file.h"
#include "core/store/device_hints_reader.h"
#include "core/store/sqlite_db.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace opscope {

using nlohmann::json;

double DeviceProfile::peakTflopsFor(const std::string& precision) const {
    auto it = peakTflops.find(precision);
    return it == peakTflops.end() ? 0.0 : it->second;
}

double DeviceProfile::defaultPeakTflops() const {
    double peak = peakTflopsFor(defaultPrecision);
    if (peak > 0) return peak;
    for (const auto& [precision, value] : peakTflops) peak = std::max(peak, value);
    return peak;
}

double DeviceProfile::ridgeIntensity() const {
    double peak = defaultPeakTflops();
    return memoryBandwidthGBps > 0 ? peak * 1e12 / (memoryBandwidthGBps * 1e9) : 0.0;
}

std::vector<std::string> DeviceProfile::missingForRoofline() const {
    std::vector<std::string> missing;
    if (defaultPeakTflops() <= 0) missing.push_back("peak_tflops");
    if (memoryBandwidthGBps <= 0) missing.push_back("memory_bandwidth_gbps");
    return missing;
}

namespace {

std::string stringField(const json& doc, const char* key) {
    return doc.contains(key) && doc[key].is_string() ? doc[key].get<std::string>() : std::string();
}

// A non-negative finite number, or nothing (absent, null, text, negative: a file's "unknown").
std::optional<double> numberField(const json& doc, const char* key) {
    if (!doc.contains(key) || !doc[key].is_number()) return std::nullopt;
    double v = doc[key].get<double>();
    if (!(v >= 0) || v > 1e18) return std::nullopt;
    return v;
}

void readTflopsMap(const json& doc, const char* key, std::map<std::string, double>* out) {
    if (!doc.contains(key) || !doc[key].is_object()) return;
    for (auto it = doc[key].begin(); it != doc[key].end(); ++it)
        if (it.value().is_number() && it.value().get<double>() > 0) (*out)[it.key()] = it.value().get<double>();
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

bool parseDeviceProfile(std::string_view jsonText, DeviceProfile* out, Error* error) {
    json doc = json::parse(jsonText.begin(), jsonText.end(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) {
        if (error) *error = Error{ErrorCode::JsonSyntax, {}, -1, -1, -1, "a JSON device profile", {}};
        return false;
    }
    *out = DeviceProfile{};
    out->id = stringField(doc, "id");
    out->name = stringField(doc, "name");
    out->vendor = stringField(doc, "vendor");
    out->defaultPrecision = stringField(doc, "default_precision");
    out->source = stringField(doc, "source");
    out->note = stringField(doc, "note");
    if (doc.contains("nominal") && doc["nominal"].is_boolean()) out->nominal = doc["nominal"].get<bool>();
    if (doc.contains("verified") && doc["verified"].is_boolean()) out->verified = doc["verified"].get<bool>();
    if (doc.contains("match") && doc["match"].is_array())
        for (const json& m : doc["match"])
            if (m.is_string()) out->match.push_back(lower(m.get<std::string>()));
    readTflopsMap(doc, "peak_tflops", &out->peakTflops);
    readTflopsMap(doc, "vector_peak_tflops", &out->vectorPeakTflops);
    out->memoryBandwidthGBps = numberField(doc, "memory_bandwidth_gbps").value_or(0.0);
    if (doc.contains("memory_capacity_bytes") && doc["memory_capacity_bytes"].is_number_unsigned()) {
        const std::uint64_t bytes = doc["memory_capacity_bytes"].get<std::uint64_t>();
        if (bytes <= static_cast<std::uint64_t>(INT64_MAX)) out->memoryCapacityBytes = static_cast<std::int64_t>(bytes);
    }
    if (auto v = numberField(doc, "ai_core_count"); v && *v <= 1e6) out->aiCoreCount = static_cast<int>(*v);
    if (auto v = numberField(doc, "ai_vector_count"); v && *v <= 1e6) out->aiVectorCount = static_cast<int>(*v);
    if (auto v = numberField(doc, "l2_bytes"); v && *v <= 9e15) out->l2Bytes = static_cast<std::int64_t>(*v);
    out->frequencyMhz = numberField(doc, "frequency_mhz");
    if (doc.contains("unknown") && doc["unknown"].is_array())
        for (const json& u : doc["unknown"])
            if (u.is_string()) out->unknown.push_back(u.get<std::string>());
    if (doc.contains("sources") && doc["sources"].is_object())
        for (auto it = doc["sources"].begin(); it != doc["sources"].end(); ++it)
            if (it.value().is_string()) out->sources[it.key()] = it.value().get<std::string>();
    // A profile that knows nothing must at least say what it does not know.
    if (out->id.empty() || (out->peakTflops.empty() && out->memoryBandwidthGBps <= 0 && out->unknown.empty())) {
        if (error)
            *error = Error{ErrorCode::WrongType, {}, -1, -1, -1, "id, peak_tflops and memory_bandwidth_gbps (or unknown)",
                           out->id};
        return false;
    }
    return true;
}

bool loadDeviceProfile(const std::string& path, DeviceProfile* out, Error* error) {
    std::string text;
    if (!readSmallFile(path, &text, error)) return false;
    if (!parseDeviceProfile(text, out, error)) {
        if (error) error->file = path;
        return false;
    }
    return true;
}

std::vector<DeviceProfile> builtinDeviceProfiles() {
    std::vector<DeviceProfile> out;
    for (const std::string& text : builtinDeviceProfileJson()) {
        DeviceProfile p;
        Error ignored;
        if (parseDeviceProfile(text, &p, &ignored)) out.push_back(std::move(p));
    }
    return out;
}

const DeviceProfile* findDeviceProfile(const std::vector<DeviceProfile>& profiles, std::string_view idOrText) {
    std::string text = lower(idOrText);
    for (const DeviceProfile& p : profiles)
        if (lower(p.id) == text) return &p;
    // Longest pattern first, so "910b" wins over a shorter, looser one.
    const DeviceProfile* best = nullptr;
    std::size_t bestLength = 0;
    for (const DeviceProfile& p : profiles)
        for (const std::string& m : p.match)
            if (!m.empty() && text.find(m) != std::string::npos && m.size() > bestLength) {
                best = &p;
                bestLength = m.size();
            }
    return best;
}

const DeviceProfile* detectDeviceProfile(Database& db, const std::vector<DeviceProfile>& profiles) {
    const DeviceProfile* detected = nullptr;
    try {
        scanDeviceHints(db, [&](std::string_view text) {
            detected = findDeviceProfile(profiles, text);
            return detected != nullptr;
        });
    } catch (const SqliteError&) {
        return nullptr;
    }
    return detected;
}

} // namespace opscope
