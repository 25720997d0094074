// The parsing half of the Chrome importer: one small handler per phase turns a ChromeEvent into
// rows of the trace sink (slices, counters, flow endpoints, metadata) and counts every oddity.
#pragma once
#include "core/importers/chrome_json/chrome_event.h"
#include "core/importers/chrome_json/chrome_trace_importer.h"
#include "core/model/int_pair_map.h"
#include "core/model/text_hash.h"
#include "core/model/trace_sink.h"

#include <array>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opscope {

class ChromeEventHandler {
public:
    ChromeEventHandler(TraceSink& writer, const ChromeImportOptions& options, std::string file);
    ~ChromeEventHandler();

    // Returns false on a fatal type error (error is then set).
    bool handle(const ChromeEvent& event, Error* error);
    void topLevelKey(std::string_view key, std::string_view rawValue, bool truncated);
    // Closes what the trace left open (B without E, async begins) at the end of their track.
    void finishFile();
    std::int64_t events() const { return events_; }

private:
    struct OpenSlice {
        TimeNs tsNs;
        std::string name, category, argsJson;
        std::string bindId;
        bool flowOut = false, flowIn = false;
        std::int64_t byteOffset;
        TimeNs threadTsNs = kNoThreadTime;
        bool afterZeroSibling = false; // began at the ts of a 0-length X that arrived before it
    };
    struct Context {
        ProcessId process = 0;
        std::string processKey;
        // The event's pid as read by processOf, so rawThreadOf need not parse it again (per event).
        bool pidIsPlainInteger = false;
        std::int64_t pidValue = 0;
    };
    // A v2 flow end (bind_id) on its own slice, linked in time order when the file ends.
    struct V2FlowEnd {
        TimeNs tsNs;
        std::int64_t arrival;
        PendingSliceIndex slice;
        FlowEndpoint::Phase phase;
    };

    bool fatal(const ChromeEvent& event, const char* expected, Error* error);
    void warn(std::string_view code, const ChromeEvent& event, std::string_view sample);
    // References stay valid. The context is the one for this event's pid spelling: pass it with this event.
    const Context& processOf(const ChromeEvent& event);
    TrackId threadTrackOf(const ChromeEvent& event, const Context& ctx);
    std::string tidKeyOf(const ChromeEvent& event) const;
    // Saturates instead of overflowing: the writer then counts the time as out of range.
    TimeNs shifted(TimeNs ts) const {
        TimeNs out = 0;
        if (__builtin_add_overflow(ts, options_.clockOffsetNs, &out)) return ts < 0 ? INT64_MIN : INT64_MAX;
        return out;
    }
    void noteEnd(TrackId track, TimeNs endNs);
    std::string_view argsOf(const RawValue& args); // the args object as strict JSON text ("" when absent)

    bool onComplete(const ChromeEvent& e, TimeNs ts, Error* error);
    void onBegin(const ChromeEvent& e, TimeNs ts);
    void onEnd(const ChromeEvent& e, TimeNs ts);
    void closeOpen(TrackId track, OpenSlice open, TimeNs endNs, std::string args, TimeNs threadEndNs, int flags);
    void onInstant(const ChromeEvent& e, TimeNs ts);
    void onCounter(const ChromeEvent& e, TimeNs ts);
    void onMetadata(const ChromeEvent& e);
    struct RawThread {
        ThreadId thread;
        TrackId track; // kNoTrackYet until an event needs the thread's track
    };
    static constexpr TrackId kNoTrackYet = -1;
    RawThread& rawThreadOf(const ChromeEvent& e, const Context& ctx); // references stay valid (node map)
    std::string_view rawThreadKey(const ChromeEvent& event); // pid and tid as spelt, in scratchKey_
    void onAsync(const ChromeEvent& e, TimeNs ts, char phase);
    void onFlow(const ChromeEvent& e, TimeNs ts, char phase);
    void bindV2Flow(const ChromeEvent& e, TimeNs ts, PendingSliceIndex slice);
    void bindV2Flow(const std::string& bindId, bool flowOut, bool flowIn, TimeNs ts, std::int64_t arrival,
                    PendingSliceIndex slice);
    void linkV2Flows();
    PendingSliceIndex emitSlice(TrackId track, TimeNs ts, TimeNs dur, std::string_view name,
                                std::string_view category, std::string_view argsJson, int flags,
                                TimeNs threadTsNs = kNoThreadTime, TimeNs threadDurNs = kNoThreadTime);

    TraceSink& writer_;
    ChromeImportOptions options_;
    std::string file_;
    std::int64_t events_ = 0;
    std::string nameScratch_, catScratch_; // decode buffers for escaped names, reused across events
    std::unordered_map<std::string, Context> processCache_;
    std::unordered_map<TrackId, std::vector<OpenSlice>> openSlices_;          // B/E stacks per thread track
    std::unordered_map<TrackId, std::int64_t> beginsBeyondDepth_; // B events past kMaxSliceDepth, dropped
    std::unordered_map<std::string, std::vector<std::pair<TrackId, OpenSlice>>> openAsync_; // by async key
    // Per thread track, keyed (track, 0): flat tables, looked up for every slice.
    IntPairMap<TimeNs> lastTs_;   // out-of-order detection
    IntPairMap<TimeNs> trackEnd_;
    std::unordered_map<std::string, std::vector<V2FlowEnd>> v2Flows_; // by bind_id
    IntPairMap<TimeNs> zeroCompleteTs_; // ts of the last 0-length X per thread track
    // Keyed by the raw JSON spelling of pid (and tid): most events hit these without any parsing.
    std::unordered_map<std::string, Context, TextHash, std::equal_to<>> rawProcessCache_;
    std::unordered_map<std::string, RawThread, TextHash, std::equal_to<>> rawThreads_;
    // Ids spelt as plain integers, nearly every event's, skip the spelling: a key of two numbers in one
    // flat table, the entries in deques (references stay valid).
    IntPairMap<std::uint32_t> numericProcessIndex_, numericThreadIndex_;
    std::deque<Context> numericProcesses_;
    std::deque<RawThread> numericThreads_;
    std::string scratchKey_;
    std::string argsScratch_;
    IntPairMap<bool> threadsNamedByMetadata_; // (thread, 0): a thread_name event wins over a string tid
    void flushPhaseCounts();
    std::array<std::int64_t, 256> phaseCounts_{}; // events by phase byte, handed to the writer at the end
    bool globalNamed_ = false;
    TimeNs traceEndNs_ = 0;
};

} // namespace opscope
