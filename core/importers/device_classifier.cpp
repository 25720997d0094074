#include "core/importers/device_classifier.h"


#include <algorithm>
#include <array>
#include <optional>
#include <map>
#include <string>
#include <unordered_map>

namespace opscope {

namespace {

// Ascend process groups that describe one device (names from msprof/torch_npu metadata).
bool isAscendDeviceProcessName(const std::string& name) {
    static const std::array<const char*, 16> names = {
        "Ascend Hardware", "HCCL", "Communication", "Overlap Analysis", "AI Core Freq", "HBM", "LLC",
        "NPU MEM", "Acc PMU", "Stars Soc Info", "QoS", "DDR", "AI Core Utilization", "Stars Chip Trans",
        "HCCS", "PCIe"};
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return name.rfind(n, 0) == 0; });
}

// Kineto device categories: CUDA and ROCm kernels and copies, MTIA command processor events, CUPTI
// range-profiled kernels (the same list as resources/rules/device_classes.json).
bool isGpuCategory(std::string_view cat) {
    return cat == "kernel" || cat == "gpu_memcpy" || cat == "gpu_memset" || cat == "Kernel" || cat == "Memcpy" ||
           cat == "Memset" || cat == "cuda_kernel" || cat == "mtia_ccp_events" || cat == "cuda_profiler_range";
}

bool isGpuComputeCategory(std::string_view cat) {
    return cat == "kernel" || cat == "Kernel" || cat == "cuda_kernel" || cat == "gpu_memcpy" || cat == "gpu_memset" ||
           cat == "Memcpy" || cat == "Memset" || cat == "mtia_ccp_events" || cat == "cuda_profiler_range";
}

std::optional<std::int64_t> numericPid(const std::string& pid) {
    if (pid.empty()) return std::nullopt;
    std::size_t start = pid.find_last_of('/') == std::string::npos ? 0 : pid.find_last_of('/') + 1;
    std::int64_t value = 0;
    for (std::size_t i = start; i < pid.size(); ++i) {
        if (pid[i] < '0' || pid[i] > '9') return std::nullopt;
        value = value * 10 + (pid[i] - '0');
    }
    return value;
}

} // namespace

namespace {
// "2/1234" -> "2/"; "1234" -> "".
std::string inputPrefixOf(const std::string& pid) {
    std::size_t slash = pid.find('/');
    return slash == std::string::npos ? std::string() : pid.substr(0, slash + 1);
}
} // namespace

void classifyDevices(EmittedRecord& emitted, const std::map<std::string, InputIdentity>& inputs) {
    // Per track: whether its slices carry a GPU category, a GPU compute category.
    std::unordered_map<TrackId, std::int64_t> gpuSlices, computeSlices;
    emitted.forEachTrackCategory([&](TrackId track, std::string_view cat) {
        if (isGpuCategory(cat)) ++gpuSlices[track];
        if (isGpuComputeCategory(cat)) ++computeSlices[track];
    });
    std::unordered_map<ProcessId, std::vector<TrackId>> tracksOf = emitted.threadTracksByProcess();
    for (const EmittedProcess& p : emitted.processes()) {
        if (p.hasDevice) continue;
        bool ascend = isAscendDeviceProcessName(p.name) || p.labels.find("NPU") != std::string::npos;
        std::int64_t gpu = 0;
        for (TrackId t : tracksOf[p.id]) gpu += gpuSlices[t];
        bool isGpu = gpu > 0 || p.labels.rfind("GPU", 0) == 0;
        if (!ascend && !isGpu) continue;
        std::optional<std::int64_t> pid = numericPid(p.key);
        int ordinal = 0;
        if (ascend && pid) {
            // msprof writes pid = (pid << 10) | (sortIndex << 5) | deviceId; 31 means host.
            ordinal = static_cast<int>(*pid & 31);
            if (ordinal == 31) continue;
        } else if (pid && *pid < 64) {
            ordinal = static_cast<int>(*pid); // Kineto: GPU processes use the device index as pid
        }
        InputIdentity input;
        if (auto it = inputs.find(inputPrefixOf(p.key)); it != inputs.end()) input = it->second;
        DeviceId device = emitted.device(DeviceIdentity{ascend ? "npu" : "gpu", ordinal, input.rank, input.host});
        emitted.setProcessDevice(p.id, device);
        for (TrackId t : tracksOf[p.id]) {
            bool compute = ascend ? p.name.rfind("Ascend Hardware", 0) == 0 : computeSlices[t] > 0;
            if (compute) emitted.setTrackCompute(t, true);
        }
    }
}

} // namespace opscope
