// Device profiles: nominal peak compute (TFLOPS per precision), memory bandwidth and capacity of an accelerator,
// read from resources/devices/*.json (copies are compiled in) or a user's file, for rooflines and
// bandwidth utilisation. Values are nominal datasheet-style peaks, never measurements.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class Database;

struct DeviceProfile {
    std::string id;
    std::string name;
    std::string vendor;
    bool nominal = true;
    bool verified = true;              // false: placeholder figures (see note)
    std::vector<std::string> match;    // case-insensitive substrings of device names / trace metadata
    std::map<std::string, double> peakTflops; // precision -> TFLOPS
    std::string defaultPrecision;
    double memoryBandwidthGBps = 0;
    std::int64_t memoryCapacityBytes = 0; // device memory (HBM); 0: unknown
    // Chip figures an Ascend profile carries (absent: unknown, and the profile's "unknown" list says so).
    std::optional<int> aiCoreCount;           // AI Cores (Cube cores on A2/A3 parts)
    std::optional<int> aiVectorCount;         // AI Vector cores (0: none separate)
    std::optional<std::int64_t> l2Bytes;
    std::optional<double> frequencyMhz;       // nominal AI Core frequency
    std::map<std::string, double> vectorPeakTflops; // precision -> TFLOPS of the vector units
    std::vector<std::string> unknown;         // fields the sources do not give ("memory_bandwidth_gbps", "peak_tflops.fp32")
    std::map<std::string, std::string> sources; // field -> where its value comes from ("derived: ..." when computed)
    std::string source;
    std::string note;

    double peakTflopsFor(const std::string& precision) const; // 0 when unknown
    double defaultPeakTflops() const;
    // FLOPs per byte at which the roofline's slope meets its flat top; 0 when the peak or bandwidth is unknown.
    double ridgeIntensity() const;
    // What a roofline needs from the profile and it lacks: "peak_tflops", "memory_bandwidth_gbps"; empty when complete.
    std::vector<std::string> missingForRoofline() const;
};

bool parseDeviceProfile(std::string_view jsonText, DeviceProfile* out, Error* error);
bool loadDeviceProfile(const std::string& path, DeviceProfile* out, Error* error);

// The profiles shipped in resources/devices (compiled in; a test checks them against the files).
const std::vector<std::string>& builtinDeviceProfileJson();
std::vector<DeviceProfile> builtinDeviceProfiles();

// By id, or by a match pattern contained in text (case-insensitive). Null when none fits.
const DeviceProfile* findDeviceProfile(const std::vector<DeviceProfile>& profiles, std::string_view idOrText);

// Looks for a known device in the store's device names and meta values (an msprof export's NPU_INFO chip
// name lands in meta as ascend.chip_name).
const DeviceProfile* detectDeviceProfile(Database& db, const std::vector<DeviceProfile>& profiles);

} // namespace opscope
