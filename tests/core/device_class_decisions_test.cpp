// The device-class pass decides each distinct slice kind once: a Kineto-like slice by its name and
// category whatever its process (those rules read nothing else), an Ascend one by process, name,
// category, task type and lane. Counted through a classifier that wraps the shipped rules.
#include "core/importers/device_class/device_class_rules.h"
#include "core/importers/device_class/device_classifier_rules.h"
#include "core/store/device_class_pass.h"
#include "core/store/device_class_rows.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace opscope;

namespace {

struct CountingClassifier {
    DeviceClassRules rules;
    std::vector<std::string> seen; // "process|name|category|task type" of each decision asked for

    DeviceSliceClassifier classifier() {
        return [this](const DeviceSliceFacts& f) {
            seen.push_back(std::string(f.processName) + "|" + std::string(f.name) + "|" + std::string(f.category) + "|" +
                           std::string(f.taskType));
            return classifyDeviceSlice(rules, f);
        };
    }
};

// A 10 ns slice at 1 us times its id, on a track of its own process's.
DeviceSliceFactsRow sliceOf(std::int64_t id, std::int64_t processId, std::string processName) {
    DeviceSliceFactsRow r;
    r.sliceId = id;
    r.tsNs = 1000 * id;
    r.durNs = 10;
    r.processId = processId;
    r.processName = std::move(processName);
    r.trackId = processId;
    return r;
}

DeviceSliceFactsRow kinetoSlice(std::int64_t id, std::int64_t processId, std::int64_t nameId, std::string_view name) {
    DeviceSliceFactsRow r = sliceOf(id, processId, "stream process " + std::to_string(processId));
    r.nameId = nameId;
    r.name = name;
    r.catId = 1;
    r.category = "kernel";
    return r;
}

DeviceSliceFactsRow ascendSlice(std::int64_t id, std::int64_t processId, std::string processName, std::string taskType) {
    DeviceSliceFactsRow r = sliceOf(id, processId, std::move(processName));
    r.nameId = 5;
    r.name = "MatMul";
    r.ascend = true;
    r.taskType = std::move(taskType);
    return r;
}

} // namespace

TEST_CASE("a Kineto-like slice kind is decided once across processes") {
    CountingClassifier counting;
    counting.rules = defaultDeviceClassRules();
    DeviceClassCollector collector(counting.classifier());
    for (std::int64_t process = 1; process <= 50; ++process) collector.add(kinetoSlice(process, process, 7, "gemm_kernel"));
    CHECK(counting.seen.size() == 1);

    collector.add(kinetoSlice(51, 3, 8, "ncclKernel_AllReduce")); // another name: another decision
    CHECK(counting.seen.size() == 2);
    DeviceSliceFactsRow otherCategory = kinetoSlice(52, 4, 7, "gemm_kernel");
    otherCategory.catId = 2;
    otherCategory.category = "gpu_user_annotation";
    collector.add(otherCategory); // the same name in another category: another decision
    CHECK(counting.seen.size() == 3);
    collector.add(kinetoSlice(53, 99, 8, "ncclKernel_AllReduce"));
    CHECK(counting.seen.size() == 3);
}

TEST_CASE("an Ascend slice kind is decided per process, since process names pick the rules") {
    CountingClassifier counting;
    counting.rules = defaultDeviceClassRules();
    DeviceClassCollector collector(counting.classifier());
    collector.add(ascendSlice(1, 1, "Ascend Hardware", "AI_CORE"));
    collector.add(ascendSlice(2, 1, "Ascend Hardware", "AI_CORE"));
    CHECK(counting.seen.size() == 1);
    collector.add(ascendSlice(3, 2, "Overlap Analysis", "AI_CORE")); // excluded by its process: decided again
    CHECK(counting.seen.size() == 2);
    collector.add(ascendSlice(4, 1, "Ascend Hardware", "EVENT_WAIT")); // another task type
    CHECK(counting.seen.size() == 3);
    CHECK(counting.seen[1] == "Overlap Analysis|MatMul||AI_CORE");
    // A Kineto-like slice with the same ids is not served an Ascend decision.
    DeviceSliceFactsRow kineto = kinetoSlice(5, 1, 5, "MatMul");
    kineto.catId = 0;
    kineto.category = "";
    collector.add(kineto);
    CHECK(counting.seen.size() == 4);
}
