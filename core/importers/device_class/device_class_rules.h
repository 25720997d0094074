// The rules that sort device slices into classes: Ascend task types and HCCL membership, Kineto
// categories and HTA's kernel-name patterns. The shipped resources/rules/device_classes.json is
// compiled in; a user file is merged over it section by section, key by key.
#pragma once
#include "core/model/device_class.h"
#include "core/model/error.h"

#include <map>
#include <memory>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct AscendClassRules {
    std::vector<std::string> taskProcesses;          // process names (prefix) holding device tasks
    std::vector<std::string> communicationProcesses; // process names (prefix) holding HCCL ops and plane tasks
    std::vector<std::string> excludedProcesses;      // derived lanes (Overlap Analysis): not device work
    std::map<std::string, DeviceClass, std::less<>> taskTypes;
    std::vector<std::string> operatorOnlyTaskTypes;  // compute only when the slice is an operator
    std::vector<std::string> communicationNameSuffixes; // MC2 kernels (…AicpuKernel, …AivKernel)
};

struct KinetoClassRules {
    std::string deviceCategories, waitNames, communicationNames, memoryNames, notComputeNames; // regex text
    std::vector<std::string> waitCategories, memoryCategories;
    // Compiled from the texts above by compile(); re.match semantics (anchored at the start).
    std::shared_ptr<const std::regex> deviceCategoriesRe, waitNamesRe, communicationNamesRe, memoryNamesRe,
        notComputeNamesRe;
};

struct DeviceClassRules {
    int version = 1;
    AscendClassRules ascend;
    KinetoClassRules kineto;
};

// The shipped rules (a copy of resources/rules/device_classes.json, checked equal by a test).
const char* defaultDeviceClassRulesJson();
DeviceClassRules defaultDeviceClassRules();

// Merges a (possibly partial) document over base and compiles the patterns. A bad pattern or an
// unknown class name is an error naming the key.
bool mergeDeviceClassRules(std::string_view jsonText, DeviceClassRules* base, Error* error, const std::string& file = {});
// Defaults, then the user's file (when path is not empty) over them.
bool loadDeviceClassRules(const std::string& path, DeviceClassRules* out, Error* error);

} // namespace opscope
