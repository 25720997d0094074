#include "core/importers/device_class/device_classifier_rules.h"

#include <algorithm>

namespace opscope {

namespace {

bool startsWithAny(std::string_view text, const std::vector<std::string>& prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(),
                       [&](const std::string& p) { return !p.empty() && text.rfind(p, 0) == 0; });
}

bool endsWithAny(std::string_view text, const std::vector<std::string>& suffixes) {
    return std::any_of(suffixes.begin(), suffixes.end(), [&](const std::string& s) {
        return !s.empty() && text.size() >= s.size() && text.compare(text.size() - s.size(), s.size(), s) == 0;
    });
}

bool contains(const std::vector<std::string>& list, std::string_view value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

// Runtime task words (MEMCPY_ASYNC, EVENT_RECORD) are written in capitals; operators are not.
bool looksLikeOperatorName(std::string_view name) {
    return std::any_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

DeviceClassDecision ascendDecision(const AscendClassRules& rules, const DeviceSliceFacts& f) {
    DeviceClassDecision d;
    if (startsWithAny(f.processName, rules.excludedProcesses)) {
        d.deviceWork = false;
        return d;
    }
    if (startsWithAny(f.processName, rules.communicationProcesses)) {
        // The plane lanes repeat, task by task, what the communication stream of "Ascend Hardware"
        // already holds: counting them again would double every per-name sum.
        d.deviceWork = f.communicationLane;
        d.deviceClass = DeviceClass::Communication;
        d.rule = "hccl_op";
        return d;
    }
    bool taskProcess = startsWithAny(f.processName, rules.taskProcesses);
    if (!taskProcess && f.taskType.empty()) {
        d.deviceWork = false; // counters' processes, host lanes that ended up on the device
        return d;
    }
    if (endsWithAny(f.name, rules.communicationNameSuffixes)) {
        d.deviceClass = DeviceClass::Communication;
        d.rule = "mc2_kernel";
        return d;
    }
    auto it = rules.taskTypes.find(f.taskType);
    if (it == rules.taskTypes.end()) {
        d.deviceClass = DeviceClass::Other;
        d.rule = "unknown_task_type";
        d.unknownTaskType = true;
        return d;
    }
    d.deviceClass = it->second;
    d.rule = "task_type";
    if (d.deviceClass == DeviceClass::Compute && contains(rules.operatorOnlyTaskTypes, f.taskType) &&
        !looksLikeOperatorName(f.name)) {
        d.deviceClass = DeviceClass::Other;
        d.rule = "task_type_not_operator";
    }
    return d;
}

DeviceClassDecision kinetoDecision(const KinetoClassRules& rules, const DeviceSliceFacts& f) {
    DeviceClassDecision d;
    bool waitCategory = contains(rules.waitCategories, f.category);
    bool deviceCategory = rules.deviceCategoriesRe && matchesAtStart(*rules.deviceCategoriesRe, f.category);
    if (!waitCategory && !deviceCategory) {
        d.deviceWork = false; // gpu_user_annotation and other markers on a stream
        return d;
    }
    if (waitCategory || (rules.waitNamesRe && matchesAtStart(*rules.waitNamesRe, f.name))) {
        d.deviceClass = DeviceClass::Wait;
        d.rule = "sync_event";
    } else if (rules.communicationNamesRe && matchesAtStart(*rules.communicationNamesRe, f.name)) {
        d.deviceClass = DeviceClass::Communication;
        d.rule = "hta_communication_name";
    } else if (contains(rules.memoryCategories, f.category) ||
               (rules.memoryNamesRe && matchesAtStart(*rules.memoryNamesRe, f.name))) {
        d.deviceClass = DeviceClass::Memory;
        d.rule = "hta_memory";
    } else if (!rules.notComputeNamesRe || !matchesAtStart(*rules.notComputeNamesRe, f.name)) {
        d.deviceClass = DeviceClass::Compute;
        d.rule = "hta_compute_name";
    } else {
        d.deviceClass = DeviceClass::Other;
        d.rule = "hta_other";
    }
    return d;
}

} // namespace

bool matchesAtStart(const std::regex& pattern, std::string_view text) {
    return std::regex_search(text.begin(), text.end(), pattern, std::regex_constants::match_continuous);
}

DeviceClassDecision classifyDeviceSlice(const DeviceClassRules& rules, const DeviceSliceFacts& facts) {
    return facts.ascend ? ascendDecision(rules.ascend, facts) : kinetoDecision(rules.kineto, facts);
}

DeviceSliceClassifier deviceSliceClassifier(const DeviceClassRules& rules) {
    return [&rules](const DeviceSliceFacts& facts) { return classifyDeviceSlice(rules, facts); };
}

} // namespace opscope
