#include "core/importers/device_class/device_class_rules.h"

#include "core/model/small_file.h"

#include <nlohmann/json.hpp>

namespace opscope {

namespace {

using nlohmann::json;

bool fail(Error* error, const std::string& file, const std::string& expected, const std::string& detail = {}) {
    if (error) *error = Error{ErrorCode::WrongType, file, -1, -1, -1, expected, detail};
    return false;
}

// Reads key into out when present: an array of strings.
bool readStrings(const json& section, const char* key, std::vector<std::string>* out, const std::string& file,
                 const std::string& where, Error* error) {
    auto it = section.find(key);
    if (it == section.end()) return true;
    if (!it->is_array()) return fail(error, file, where + "." + key + ": an array of strings");
    std::vector<std::string> values;
    for (const json& v : *it) {
        if (!v.is_string()) return fail(error, file, where + "." + key + ": an array of strings");
        values.push_back(v.get<std::string>());
    }
    *out = std::move(values);
    return true;
}

bool readText(const json& section, const char* key, std::string* out, const std::string& file,
              const std::string& where, Error* error) {
    auto it = section.find(key);
    if (it == section.end()) return true;
    if (!it->is_string()) return fail(error, file, where + "." + key + ": a string");
    *out = it->get<std::string>();
    return true;
}

bool mergeAscend(const json& section, AscendClassRules* rules, const std::string& file, Error* error) {
    if (!section.is_object()) return fail(error, file, "ascend: an object");
    if (!readStrings(section, "task_processes", &rules->taskProcesses, file, "ascend", error) ||
        !readStrings(section, "communication_processes", &rules->communicationProcesses, file, "ascend", error) ||
        !readStrings(section, "excluded_processes", &rules->excludedProcesses, file, "ascend", error) ||
        !readStrings(section, "operator_only_task_types", &rules->operatorOnlyTaskTypes, file, "ascend", error) ||
        !readStrings(section, "communication_name_suffixes", &rules->communicationNameSuffixes, file, "ascend", error))
        return false;
    if (auto it = section.find("task_types"); it != section.end()) {
        if (!it->is_object()) return fail(error, file, "ascend.task_types: an object of task type -> class");
        for (const auto& [type, value] : it->items()) {
            std::optional<DeviceClass> c = value.is_string() ? parseDeviceClass(value.get<std::string>()) : std::nullopt;
            if (!c) return fail(error, file, "ascend.task_types." + type + ": compute, communication, memory, wait or other");
            rules->taskTypes[type] = *c;
        }
    }
    return true;
}

bool compile(const std::string& pattern, std::shared_ptr<const std::regex>* out, const std::string& file,
             const std::string& key, Error* error) {
    try {
        *out = std::make_shared<const std::regex>(pattern, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error& e) {
        return fail(error, file, key + ": a valid regular expression", e.what());
    }
    return true;
}

bool mergeKineto(const json& section, KinetoClassRules* rules, const std::string& file, Error* error) {
    if (!section.is_object()) return fail(error, file, "kineto: an object");
    return readText(section, "device_categories", &rules->deviceCategories, file, "kineto", error) &&
           readText(section, "wait_names", &rules->waitNames, file, "kineto", error) &&
           readText(section, "communication_names", &rules->communicationNames, file, "kineto", error) &&
           readText(section, "memory_names", &rules->memoryNames, file, "kineto", error) &&
           readText(section, "not_compute_names", &rules->notComputeNames, file, "kineto", error) &&
           readStrings(section, "wait_categories", &rules->waitCategories, file, "kineto", error) &&
           readStrings(section, "memory_categories", &rules->memoryCategories, file, "kineto", error);
}

bool compileKineto(KinetoClassRules* k, const std::string& file, Error* error) {
    return compile(k->deviceCategories, &k->deviceCategoriesRe, file, "kineto.device_categories", error) &&
           compile(k->waitNames, &k->waitNamesRe, file, "kineto.wait_names", error) &&
           compile(k->communicationNames, &k->communicationNamesRe, file, "kineto.communication_names", error) &&
           compile(k->memoryNames, &k->memoryNamesRe, file, "kineto.memory_names", error) &&
           compile(k->notComputeNames, &k->notComputeNamesRe, file, "kineto.not_compute_names", error);
}

} // namespace

DeviceClassRules defaultDeviceClassRules() {
    static const DeviceClassRules rules = [] {
        DeviceClassRules r;
        Error error;
        mergeDeviceClassRules(defaultDeviceClassRulesJson(), &r, &error, "device_classes.json");
        return r;
    }();
    return rules;
}

bool mergeDeviceClassRules(std::string_view jsonText, DeviceClassRules* base, Error* error, const std::string& file) {
    json doc = json::parse(jsonText, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return fail(error, file, "a JSON object with ascend and kineto sections");
    DeviceClassRules merged = *base;
    if (auto it = doc.find("version"); it != doc.end() && it->is_number_integer()) merged.version = it->get<int>();
    if (auto it = doc.find("ascend"); it != doc.end() && !mergeAscend(*it, &merged.ascend, file, error)) return false;
    if (auto it = doc.find("kineto"); it != doc.end() && !mergeKineto(*it, &merged.kineto, file, error)) return false;
    if (!compileKineto(&merged.kineto, file, error)) return false;
    *base = std::move(merged);
    return true;
}

bool loadDeviceClassRules(const std::string& path, DeviceClassRules* out, Error* error) {
    *out = defaultDeviceClassRules();
    if (path.empty()) return true;
    std::string text;
    if (!readSmallFile(path, &text, error, "a device class rules file (JSON)")) return false;
    return mergeDeviceClassRules(text, out, error, path);
}

} // namespace opscope
