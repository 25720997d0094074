// libFuzzer harness for the device class rules parser (a user file given to import --device-classes):
// any bytes must give a merged rule set or an error value, never a crash or an uncaught exception.
#include "core/importers/device_class/device_class_rules.h"
#include "core/importers/device_class/device_classifier_rules.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    opscope::DeviceClassRules rules = opscope::defaultDeviceClassRules();
    opscope::Error error;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (opscope::mergeDeviceClassRules(text, &rules, &error, "fuzz.json")) {
        // A merged set must classify without throwing, whatever its patterns.
        opscope::DeviceSliceFacts kineto{false, "GPU 0", "ncclKernel_AllReduce", "kernel", {}, false};
        opscope::classifyDeviceSlice(rules, kineto);
        opscope::DeviceSliceFacts ascend{true, "Ascend Hardware", "MatMul", {}, "AI_CORE", false};
        opscope::classifyDeviceSlice(rules, ascend);
    }
    return 0;
}
