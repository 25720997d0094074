// Device profiles: nominal peak compute (TFLOPS per precision), memory bandwidth and capacity of an accelerator,
// read from resources/devices/*.json (copies are compiled in) or a user's file, for rooflines and
// bandwidth utilisation. Values are nominal datasheet-style peaks, never measurements.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <map>
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
    std::string source;
    std::string note;

    double peakTflopsFor(const std::string& precision) const; // 0 when unknown
    double defaultPeakTflops() const;
    // FLOPs per byte at which the roofline's slope meets its flat top.
    double ridgeIntensity() const;
};

bool parseDeviceProfile(std::string_view jsonText, DeviceProfile* out, Error* error);
bool loadDeviceProfile(const std::string& path, DeviceProfile* out, Error* error);

// The profiles shipped in resources/devices (compiled in; a test checks them against the files).
const std::vector<std::string>& builtinDeviceProfileJson();
std::vector<DeviceProfile> builtinDeviceProfiles();

// By id, or by a match pattern contained in text (case-insensitive). Null when none fits.
const DeviceProfile* findDeviceProfile(const std::vector<DeviceProfile>& profiles, std::string_view idOrText);

// Looks for a known device in the store's device names and meta values.
const DeviceProfile* detectDeviceProfile(Database& db, const std::vector<DeviceProfile>& profiles);

} // namespace opscope
