#include "core/importers/memory_timeline/memory_timeline_importer.h"

#include "core/importers/memory_timeline/memory_timeline_parser.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>

namespace opscope {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
constexpr int kTotal = kMemoryTimelineCategoryCount; // index of the "total" series
constexpr const char* kSource = "memory_timeline";

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

std::string headOf(const std::string& path, std::size_t bytes) {
    std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "rb"));
    if (!f) return {};
    std::string head(bytes, '\0');
    head.resize(std::fread(head.data(), 1, bytes, f.get()));
    return head;
}

bool readEvents(const std::string& path, const ImportProgress& progress, std::vector<MemoryTimelineEvent>* events,
                std::int64_t* bytesRead, Error* error) {
    std::unique_ptr<std::FILE, FileCloser> f(std::fopen(path.c_str(), "rb"));
    if (!f) {
        *error = Error{ErrorCode::FileNotFound, path, -1, -1, -1, "a readable file", {}};
        return false;
    }
    std::error_code ec;
    auto total = static_cast<std::int64_t>(std::filesystem::file_size(path, ec));
    MemoryTimelineParser parser(path);
    std::vector<char> chunk(kChunkBytes);
    while (std::size_t n = std::fread(chunk.data(), 1, chunk.size(), f.get())) {
        if (!parser.feed(std::string_view(chunk.data(), n))) break;
        *bytesRead += static_cast<std::int64_t>(n);
        events->insert(events->end(), parser.events().begin(), parser.events().end());
        parser.events().clear();
        progress.report(*bytesRead, total, static_cast<std::int64_t>(events->size()));
        if (progress.cancelled()) {
            *error = Error{ErrorCode::Cancelled, path, -1, -1, -1, {}, {}};
            return false;
        }
    }
    if (!parser.error() && parser.finish()) return true;
    *error = parser.error();
    return false;
}

} // namespace

bool isMemoryTimelineInput(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return false;
    return looksLikeMemoryTimelineRaw(headOf(path, 4096));
}

bool importMemoryTimeline(const std::string& path, TraceSink& writer, const ImportProgress& progress,
                          MemoryTimelineReport* report, Error* error) {
    std::vector<MemoryTimelineEvent> events;
    if (!readEvents(path, progress, &events, &report->bytes, error)) return false;
    report->events = static_cast<std::int64_t>(events.size());
    // Tensors alive before profiling have timestamp -1: PyTorch draws them from the first real time.
    TimeNs firstNs = std::numeric_limits<TimeNs>::max();
    for (const MemoryTimelineEvent& e : events)
        if (e.tsNs >= 0) firstNs = std::min(firstNs, e.tsNs);
    if (firstNs == std::numeric_limits<TimeNs>::max()) firstNs = 0;
    for (MemoryTimelineEvent& e : events)
        if (e.tsNs < 0) e.tsNs = firstNs;
    std::stable_sort(events.begin(), events.end(),
                     [](const MemoryTimelineEvent& a, const MemoryTimelineEvent& b) { return a.tsNs < b.tsNs; });

    DeviceId device = writer.device("GPU 0", "gpu", 0);
    ProcessId process = writer.process("memory_timeline:" + path);
    writer.setProcessName(process, "PyTorch memory timeline");
    writer.setProcessDevice(process, device);
    std::array<TrackId, kMemoryTimelineCategoryCount + 1> tracks{};
    std::array<std::int64_t, kMemoryTimelineCategoryCount + 1> aliveBytes{};
    std::array<bool, kMemoryTimelineCategoryCount + 1> changed{};
    auto emit = [&](TimeNs ts) {
        for (int c = 0; c <= kTotal; ++c) {
            if (!changed[static_cast<std::size_t>(c)]) continue;
            std::string name = c == kTotal ? "total" : memoryTimelineCategoryName(c);
            if (!tracks[static_cast<std::size_t>(c)]) tracks[static_cast<std::size_t>(c)] = writer.counterTrack(process, name, "B");
            writer.addCounter(tracks[static_cast<std::size_t>(c)], ts, static_cast<double>(aliveBytes[static_cast<std::size_t>(c)]));
            writer.addMemoryRow(MemoryRecordRow{device, name, ts, aliveBytes[static_cast<std::size_t>(c)], std::nullopt, std::nullopt, kSource});
            changed[static_cast<std::size_t>(c)] = false;
        }
    };
    for (std::size_t i = 0; i < events.size(); ++i) {
        const MemoryTimelineEvent& e = events[i];
        for (int c : {e.category, kTotal}) {
            std::int64_t& alive = aliveBytes[static_cast<std::size_t>(c)];
            if (__builtin_add_overflow(alive, e.deltaBytes, &alive)) {
                *error = Error{ErrorCode::WrongType, path, -1, -1, -1, "byte totals that fit in 64 bits", {}};
                return false;
            }
            changed[static_cast<std::size_t>(c)] = true;
        }
        // One row per category and timestamp, after every event of that timestamp.
        if (i + 1 == events.size() || events[i + 1].tsNs != e.tsNs) emit(e.tsNs);
    }
    return true;
}

} // namespace opscope
