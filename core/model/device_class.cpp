#include "core/model/device_class.h"

namespace opscope {

const char* deviceClassName(DeviceClass deviceClass) {
    switch (deviceClass) {
    case DeviceClass::Compute: return "compute";
    case DeviceClass::Communication: return "communication";
    case DeviceClass::Memory: return "memory";
    case DeviceClass::Wait: return "wait";
    case DeviceClass::Other: return "other";
    }
    return "other";
}

std::optional<DeviceClass> parseDeviceClass(std::string_view text) {
    for (int i = 0; i < kDeviceClassCount; ++i) {
        auto c = static_cast<DeviceClass>(i);
        if (text == deviceClassName(c)) return c;
    }
    return std::nullopt;
}

} // namespace opscope
