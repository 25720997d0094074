// opscope-cli memory TRACE|STORE: peaks per device, the allocations alive at the peak (or --at), the
// largest and the unreleased ones, and memory per operator; as text, JSON (docs/cli.md) or CSV.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/memory/memory_summary.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli memory TRACE|STORE [--at TIME_NS] [--top N] [--json | --csv [--table T]]\n"
    "Device memory from the allocator records and per-operator allocations the trace holds (torch_npu\n"
    "memory_record / operator_memory, msprof NPU_OP_MEM, Kineto [memory] events, PyTorch memory timeline).\n"
    "Per device: the peak allocated and reserved bytes and when they were reached, fragmentation (reserved -\n"
    "allocated) at the peak, the allocations alive at the peak (or at --at, absolute ns as in the store) by\n"
    "operator, the N largest allocations (default 20), those never released before the trace ended, and per\n"
    "operator the allocations, total and peak bytes. Definitions: docs/memory.md.\n"
    "CSV prints one table: devices (default), alive, largest, unreleased or operators.\n";

nlohmann::json bytesOrNull(std::int64_t bytes) { return bytes == kNoBytes ? nlohmann::json() : nlohmann::json(bytes); }

template <typename T>
nlohmann::json optionalJson(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json();
}

nlohmann::json blockJson(const MemoryBlock& b, const TimeRange& trace) {
    return {{"id", b.id},
            {"operator", b.operatorName},
            {"size_bytes", b.sizeBytes},
            {"alloc_time_ns", optionalJson(b.allocTsNs)},
            {"release_time_ns", optionalJson(b.releaseTsNs)},
            {"lifetime_ns", b.lifetimeNs(trace)},
            {"component", b.component},
            {"slice_id", b.sliceId ? nlohmann::json(b.sliceId) : nlohmann::json()}};
}

nlohmann::json deviceJson(const DeviceMemorySummary& s, const MemoryData& data, std::size_t topN) {
    const MemoryPeak& p = s.peaks.device;
    bool hasPeak = p.peakAllocatedBytes != kNoBytes;
    nlohmann::json d = {
        {"device_id", s.device.id},
        {"device", s.device.name},
        {"kind", s.device.kind},
        {"peak_allocated_bytes", bytesOrNull(p.peakAllocatedBytes)},
        {"peak_time_ns", hasPeak ? nlohmann::json(p.peakAllocatedTsNs) : nlohmann::json()},
        {"peak_component", hasPeak ? nlohmann::json(p.component) : nlohmann::json()},
        {"peak_from_allocations", p.fromBlocks},
        {"reserved_at_peak_bytes", bytesOrNull(p.reservedAtPeakBytes)},
        {"peak_reserved_bytes", bytesOrNull(p.peakReservedBytes)},
        {"peak_reserved_time_ns", p.peakReservedBytes != kNoBytes ? nlohmann::json(p.peakReservedTsNs) : nlohmann::json()},
        {"peak_reserved_component", p.peakReservedBytes != kNoBytes ? nlohmann::json(p.peakReservedComponent) : nlohmann::json()},
        {"fragmentation_at_peak_bytes", s.fragmentationAtPeak ? nlohmann::json(s.fragmentationAtPeak->freeReservedBytes) : nlohmann::json()},
        {"fragmentation_at_peak_share", s.fragmentationAtPeak ? nlohmann::json(s.fragmentationAtPeak->share()) : nlohmann::json()},
        {"at_time_ns", s.atNs},
        {"at_is_peak", s.atIsPeak}};
    nlohmann::json components = nlohmann::json::array();
    for (const MemoryPeak& c : s.peaks.components)
        components.push_back({{"component", c.component},
                              {"peak_allocated_bytes", bytesOrNull(c.peakAllocatedBytes)},
                              {"peak_allocated_time_ns", c.peakAllocatedBytes != kNoBytes ? nlohmann::json(c.peakAllocatedTsNs) : nlohmann::json()},
                              {"peak_reserved_bytes", bytesOrNull(c.peakReservedBytes)},
                              {"peak_reserved_time_ns", c.peakReservedBytes != kNoBytes ? nlohmann::json(c.peakReservedTsNs) : nlohmann::json()}});
    d["components"] = components;
    nlohmann::json byOperator = nlohmann::json::array();
    for (const OperatorBytes& o : s.aliveByOperator)
        byOperator.push_back({{"operator", o.operatorName}, {"allocations", o.blocks}, {"bytes", o.bytes}});
    d["alive"] = {{"allocations", s.alive.size()}, {"bytes", s.aliveBytes}, {"by_operator", byOperator}};
    nlohmann::json largest = nlohmann::json::array();
    for (const MemoryBlock* b : s.largest) largest.push_back(blockJson(*b, data.traceRange));
    d["largest"] = largest;
    nlohmann::json unreleased = nlohmann::json::array();
    for (std::size_t i = 0; i < s.unreleased.size() && i < topN; ++i) unreleased.push_back(blockJson(*s.unreleased[i], data.traceRange));
    d["unreleased"] = {{"allocations", s.unreleased.size()}, {"bytes", s.unreleasedBytes}, {"largest", unreleased}};
    nlohmann::json operators = nlohmann::json::array();
    for (const OperatorMemory& o : s.operators)
        operators.push_back({{"operator", o.operatorName},
                             {"allocations", o.allocations},
                             {"total_allocated_bytes", o.totalAllocatedBytes},
                             {"peak_bytes", o.peakBytes},
                             {"peak_time_ns", o.peakTsNs},
                             {"unreleased_bytes", o.unreleasedBytes}});
    d["operators"] = operators;
    return d;
}

std::string mib(std::int64_t bytes) {
    return bytes == kNoBytes ? std::string("-") : numberText(static_cast<double>(bytes) / 1048576.0, 2) + " MiB";
}

std::string optionalTime(const std::optional<TimeNs>& t) { return t ? std::to_string(*t) : std::string(); }

void printText(const std::vector<DeviceMemorySummary>& summaries, const MemoryData& data, std::size_t topN) {
    if (summaries.empty()) std::printf("no memory records or allocations in this trace\n");
    for (const DeviceMemorySummary& s : summaries) {
        const MemoryPeak& p = s.peaks.device;
        std::printf("%s\n", s.device.name.c_str());
        if (p.peakAllocatedBytes != kNoBytes)
            std::printf("  peak allocated %s (%lld B) at %lld ns [%s]%s\n", mib(p.peakAllocatedBytes).c_str(),
                        static_cast<long long>(p.peakAllocatedBytes), static_cast<long long>(p.peakAllocatedTsNs),
                        p.component.c_str(), p.fromBlocks ? " (summed allocations)" : "");
        if (p.peakReservedBytes != kNoBytes)
            std::printf("  peak reserved  %s (%lld B) at %lld ns [%s]\n", mib(p.peakReservedBytes).c_str(),
                        static_cast<long long>(p.peakReservedBytes), static_cast<long long>(p.peakReservedTsNs),
                        p.peakReservedComponent.c_str());
        if (s.fragmentationAtPeak)
            std::printf("  fragmentation at the peak: %s reserved but not allocated (%s%% of reserved)\n",
                        mib(s.fragmentationAtPeak->freeReservedBytes).c_str(),
                        numberText(s.fragmentationAtPeak->share() * 100.0, 1).c_str());
        std::printf("  alive at %s %lld ns: %zu allocations, %s\n", s.atIsPeak ? "the peak," : "",
                    static_cast<long long>(s.atNs), s.alive.size(), mib(s.aliveBytes).c_str());
        for (std::size_t i = 0; i < s.aliveByOperator.size() && i < topN; ++i)
            std::printf("    %-48s %6lld  %s\n", s.aliveByOperator[i].operatorName.c_str(),
                        static_cast<long long>(s.aliveByOperator[i].blocks), mib(s.aliveByOperator[i].bytes).c_str());
        std::printf("  largest allocations:\n");
        for (const MemoryBlock* b : s.largest)
            std::printf("    %-48s %s, %s us alive%s\n", b->operatorName.c_str(), mib(b->sizeBytes).c_str(),
                        microsText(b->lifetimeNs(data.traceRange)).c_str(), b->released() ? "" : " (never released)");
        std::printf("  never released: %zu allocations, %s\n", s.unreleased.size(), mib(s.unreleasedBytes).c_str());
    }
}

void printCsv(const std::string& table, const std::vector<DeviceMemorySummary>& summaries, const MemoryData& data) {
    auto blockRow = [&data](const DeviceMemorySummary& s, const MemoryBlock& b) {
        return std::vector<std::string>{s.device.name, std::to_string(b.id), b.operatorName, std::to_string(b.sizeBytes),
                                        optionalTime(b.allocTsNs), optionalTime(b.releaseTsNs),
                                        std::to_string(b.lifetimeNs(data.traceRange)), b.component};
    };
    std::vector<std::string> blockHeader = {"device", "id", "operator", "size (B)", "alloc (ns)", "release (ns)",
                                            "lifetime (ns)", "component"};
    if (table == "devices") {
        writeCsvRow(stdout, {"device", "peak allocated (B)", "peak time (ns)", "peak component", "peak reserved (B)",
                             "peak reserved time (ns)", "fragmentation at peak (B)", "alive at peak (B)",
                             "unreleased allocations", "unreleased (B)"});
        for (const DeviceMemorySummary& s : summaries) {
            const MemoryPeak& p = s.peaks.device;
            writeCsvRow(stdout, {s.device.name, p.peakAllocatedBytes == kNoBytes ? "" : std::to_string(p.peakAllocatedBytes),
                                 p.peakAllocatedBytes == kNoBytes ? "" : std::to_string(p.peakAllocatedTsNs), p.component,
                                 p.peakReservedBytes == kNoBytes ? "" : std::to_string(p.peakReservedBytes),
                                 p.peakReservedBytes == kNoBytes ? "" : std::to_string(p.peakReservedTsNs),
                                 s.fragmentationAtPeak ? std::to_string(s.fragmentationAtPeak->freeReservedBytes) : "",
                                 std::to_string(s.aliveBytes), std::to_string(s.unreleased.size()),
                                 std::to_string(s.unreleasedBytes)});
        }
    } else if (table == "operators") {
        writeCsvRow(stdout, {"device", "operator", "allocations", "total allocated (B)", "peak (B)", "peak time (ns)",
                             "unreleased (B)"});
        for (const DeviceMemorySummary& s : summaries)
            for (const OperatorMemory& o : s.operators)
                writeCsvRow(stdout, {s.device.name, o.operatorName, std::to_string(o.allocations),
                                     std::to_string(o.totalAllocatedBytes), std::to_string(o.peakBytes),
                                     std::to_string(o.peakTsNs), std::to_string(o.unreleasedBytes)});
    } else {
        writeCsvRow(stdout, blockHeader);
        for (const DeviceMemorySummary& s : summaries) {
            const auto& blocks = table == "alive" ? s.alive : table == "largest" ? s.largest : s.unreleased;
            for (const MemoryBlock* b : blocks) writeCsvRow(stdout, blockRow(s, *b));
        }
    }
}

int runMemory(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    bool json = parser.flag("--json"), csv = parser.flag("--csv");
    std::string table = "devices";
    parser.option("--table", &table);
    std::int64_t top = 20;
    std::string atText;
    bool hasAt = parser.option("--at", &atText);
    char* atEnd = nullptr;
    long long at = hasAt ? std::strtoll(atText.c_str(), &atEnd, 10) : 0;
    if (hasAt && (atText.empty() || *atEnd != '\0')) {
        std::fprintf(stderr, "opscope-cli memory: --at wants a time in ns as the store holds it, not '%s'\n", atText.c_str());
        return kExitBadInput;
    }
    if (!intOption(parser, "--top", 0, 1000000, &top, "memory")) return kExitBadInput;
    if (json && csv) {
        std::fprintf(stderr, "opscope-cli memory: --json and --csv exclude each other\n");
        return kExitBadInput;
    }
    if (table != "devices" && table != "alive" && table != "largest" && table != "unreleased" && table != "operators") {
        std::fprintf(stderr, "opscope-cli memory: --table wants devices, alive, largest, unreleased or operators\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "memory", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "memory");
    if (!session) return kExitBadInput;
    MemoryData data;
    Error error;
    if (!session->memoryData(&data, &error)) {
        std::fprintf(stderr, "opscope-cli memory: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    MemorySummaryOptions options;
    options.topN = static_cast<std::size_t>(top);
    if (hasAt) options.atNs = at;
    std::vector<DeviceMemorySummary> summaries = summarizeMemory(data, options);
    if (json) {
        nlohmann::json out = {{"trace_start_ns", data.traceRange.startNs}, {"trace_end_ns", data.traceRange.endNs}};
        out["devices"] = nlohmann::json::array();
        for (const DeviceMemorySummary& s : summaries) out["devices"].push_back(deviceJson(s, data, options.topN));
        std::printf("%s\n", out.dump(2).c_str());
    } else if (csv) {
        printCsv(table, summaries, data);
    } else {
        printText(summaries, data, options.topN);
    }
    return kExitOk;
}

const bool registered = registerCommand({"memory", "device memory: peaks, live allocations by operator, leaks", &runMemory});

} // namespace
} // namespace opscope::cli
