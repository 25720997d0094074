#include "core/importers/chrome_json/chrome_event_handler.h"

#include "core/importers/chrome_json/chrome_value_helpers.h"
#include "core/importers/chrome_json/metadata_args.h"
#include "core/importers/launch/launch_keys.h"
#include "core/model/fnv1a.h"
#include "core/model/json_depth.h"
#include "core/model/plain_integer.h"
#include "core/model/time_bounds.h"
#include "core/model/slice_flags.h"

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

bool badTimeType(const RawValue& v) {
    return v.kind == RawValue::Kind::Object || v.kind == RawValue::Kind::Array || v.kind == RawValue::Kind::True ||
           v.kind == RawValue::Kind::False;
}

bool badIdType(const RawValue& v) { return v.kind == RawValue::Kind::Object || v.kind == RawValue::Kind::Array; }

// A string pid/tid that is not a number names its process/thread, as Perfetto does.
bool isNameLikeId(const RawValue& id) {
    if (id.kind != RawValue::Kind::String) return false;
    const std::string key = canonicalIdKey(id);
    return key.empty() || key.find_first_not_of("-0123456789") != std::string::npos;
}

TimeNs threadTimeOf(const RawValue& value) {
    std::optional<TimeNs> t = microsOf(value);
    return t ? *t : kNoThreadTime;
}

// The raw spelling of an id plus its JSON kind: the cache key of the hot path (no parsing, no allocation
// once the scratch buffer has grown).
// An id spelt as a plain integer number (core/model/plain_integer.h): its value stands for its spelling.
bool plainIntegerId(const RawValue& v, std::int64_t* out) {
    return v.kind == RawValue::Kind::Number && parsePlainInteger(v.text, out);
}

// Past this many entries (a table index is 32 bits) ids take the spelling's lookups.
constexpr std::size_t kMaxNumericEntries = 0xF0000000u;

void appendRawId(std::string& out, const RawValue& v) {
    out.push_back(static_cast<char>('0' + static_cast<int>(v.kind)));
    out.append(v.text);
    out.push_back('\x1f');
}

} // namespace

ChromeEventHandler::ChromeEventHandler(TraceSink& writer, const ChromeImportOptions& options, std::string file)
    : writer_(writer), options_(options), file_(std::move(file)) {}

bool ChromeEventHandler::fatal(const ChromeEvent& event, const char* expected, Error* error) {
    *error = Error{ErrorCode::WrongType, file_, event.byteOffset, -1, -1, expected, {}};
    return false;
}

void ChromeEventHandler::warn(std::string_view code, const ChromeEvent& event, std::string_view sample) {
    writer_.addWarning(code, file_, event.byteOffset, -1, sample);
}

std::string_view ChromeEventHandler::argsOf(const RawValue& args) {
    if (args.kind != RawValue::Kind::Object) return {};
    if (!args.trailingComma) return args.text;
    argsScratch_ = json::withoutTrailingCommas(args.text);
    return argsScratch_;
}

// An event without pid is in process 0 (Perfetto's default).
const ChromeEventHandler::Context& ChromeEventHandler::processOf(const ChromeEvent& event) {
    std::int64_t pid = 0;
    const bool plain = plainIntegerId(event.pid, &pid);
    const bool numeric = plain && numericProcesses_.size() < kMaxNumericEntries;
    if (numeric) {
        if (const std::uint32_t* at = numericProcessIndex_.find(pid, 0)) return numericProcesses_[*at];
    }
    scratchKey_.clear();
    appendRawId(scratchKey_, event.pid);
    if (!numeric) {
        auto raw = rawProcessCache_.find(std::string_view(scratchKey_));
        if (raw != rawProcessCache_.end()) return raw->second;
    }
    std::string key = options_.processKeyPrefix;
    key += event.pid.present() ? canonicalIdKey(event.pid) : std::string("0");
    auto it = processCache_.find(key);
    Context ctx;
    if (it != processCache_.end()) {
        ctx = it->second;
    } else {
        ctx.process = writer_.process(key);
        ctx.processKey = key;
        processCache_.emplace(key, ctx);
        if (isNameLikeId(event.pid)) writer_.setProcessName(ctx.process, stringOf(event.pid));
    }
    // Set after the copy: another spelling of this process ("7" and 7) shares processCache_'s entry.
    ctx.pidIsPlainInteger = plain;
    ctx.pidValue = pid;
    if (numeric) {
        numericProcessIndex_.insert(pid, 0, static_cast<std::uint32_t>(numericProcesses_.size()));
        numericProcesses_.push_back(std::move(ctx));
        return numericProcesses_.back();
    }
    return rawProcessCache_.emplace(scratchKey_, std::move(ctx)).first->second;
}

// Without tid the thread is the pid's (tid = pid), so an event with neither is on thread 0 of process 0.
std::string ChromeEventHandler::tidKeyOf(const ChromeEvent& event) const {
    if (event.tid.present()) return canonicalIdKey(event.tid);
    return event.pid.present() ? canonicalIdKey(event.pid) : std::string("0");
}

std::string_view ChromeEventHandler::rawThreadKey(const ChromeEvent& event) {
    scratchKey_.clear();
    appendRawId(scratchKey_, event.pid);
    appendRawId(scratchKey_, event.tid);
    return scratchKey_;
}

TrackId ChromeEventHandler::threadTrackOf(const ChromeEvent& event, const Context& ctx) {
    RawThread& raw = rawThreadOf(event, ctx);
    if (raw.track != kNoTrackYet) return raw.track;
    if (isNameLikeId(event.tid) && !threadsNamedByMetadata_.contains(raw.thread, 0))
        writer_.setThreadName(raw.thread, stringOf(event.tid));
    raw.track = writer_.threadTrack(raw.thread);
    return raw.track;
}

void ChromeEventHandler::noteEnd(TrackId track, TimeNs endNs) {
    TimeNs& end = trackEnd_.slot(track, 0);
    end = std::max(end, endNs);
    traceEndNs_ = std::max(traceEndNs_, endNs);
}

PendingSliceIndex ChromeEventHandler::emitSlice(TrackId track, TimeNs ts, TimeNs dur, std::string_view name,
                                                std::string_view category, std::string_view argsJson, int flags,
                                                TimeNs threadTsNs, TimeNs threadDurNs) {
    SliceInput in;
    in.track = track;
    in.tsNs = ts;
    in.durNs = dur;
    in.name = name.empty() ? std::string_view("[No name]") : name; // Perfetto's spelling
    in.category = category;
    in.args = writer_.addArgs(argsJson);
    in.flags = flags;
    in.threadTsNs = threadTsNs;
    in.threadDurNs = threadDurNs;
    TimeNs endNs = 0;
    noteEnd(track, checkedAdd(ts, dur, &endNs) ? endNs : kMaxStoreTimeNs); // the writer bounds the slice itself
    const PendingSliceIndex slice = writer_.addSlice(in);
    recordLaunchKeys(writer_, slice, in, argsJson);
    return slice;
}

bool ChromeEventHandler::handle(const ChromeEvent& e, Error* error) {
    ++events_;
    if (e.trailingCommas > 0) {
        for (int i = 0; i < e.trailingCommas; ++i) warn("trailing_comma", e, stringOf(e.name));
    }
    if (e.phase.empty()) {
        if (e.fieldCount == 0) warn("empty_event_skipped", e, "{}");
        else warn("event_without_phase", e, stringOf(e.name));
        return true;
    }
    char ph = e.phase[0];
    if (badTimeType(e.ts)) return fatal(e, "\"ts\" as a number (or numeric string) of microseconds", error);
    if (badTimeType(e.dur)) return fatal(e, "\"dur\" as a number (or numeric string) of microseconds", error);
    if (badIdType(e.pid)) return fatal(e, "\"pid\" as a number or a string", error);
    if (badIdType(e.tid)) return fatal(e, "\"tid\" as a number or a string", error);
    if (e.args.present() && e.args.kind != RawValue::Kind::Object && e.args.kind != RawValue::Kind::String)
        return fatal(e, "\"args\" as an object", error);
    ++phaseCounts_[static_cast<unsigned char>(ph)];
    if (ph == 'M') {
        onMetadata(e);
        return true;
    }
    std::optional<TimeNs> ts = microsOf(e.ts);
    if (!ts) {
        warn(e.ts.present() ? "bad_timestamp" : "missing_timestamp", e, stringOf(e.name));
        return true;
    }
    TimeNs t = shifted(*ts);
    switch (ph) {
    case 'X': return onComplete(e, t, error);
    case 'B': onBegin(e, t); break;
    case 'E': onEnd(e, t); break;
    case 'i': case 'I': case 'R': onInstant(e, t); break;
    case 'C': onCounter(e, t); break;
    case 'b': case 'e': case 'n': case 'S': case 'F': case 'T': case 'p': onAsync(e, t, ph); break;
    case 's': case 't': case 'f': onFlow(e, t, ph); break;
    case 'P': case 'N': case 'O': case 'D': case 'v': case 'V': case 'c': case '(': case ')': case '=':
        writer_.addStat("events.ignored_known_phase", 1);
        break;
    default:
        writer_.addStat("events.unknown_phase", 1);
        warn("unknown_phase", e, e.phase);
        break;
    }
    return true;
}

// An X without a readable dur is dropped and counted, as Perfetto drops it; the warning keeps its
// name and byte offset so it can be found.
bool ChromeEventHandler::onComplete(const ChromeEvent& e, TimeNs ts, Error* /*error*/) {
    std::optional<TimeNs> dur = microsOf(e.dur);
    if (!dur) {
        warn(e.dur.present() ? "bad_duration" : "missing_duration", e, stringOf(e.name));
        return true;
    }
    const Context& ctx = processOf(e);
    TrackId track = threadTrackOf(e, ctx);
    int flags = 0;
    if (*dur < 0) {
        flags |= kSliceNegativeDur;
        warn("negative_duration", e, stringOf(e.name));
        dur = 0;
    }
    const std::string_view name = viewOrDecode(e.name, nameScratch_);
    TimeNs& last = lastTs_.slot(track, 0);
    if (ts < last) writer_.addWarning("out_of_order_timestamp", file_, e.byteOffset, -1, name);
    last = std::max(last, ts);
    if (*dur == 0) zeroCompleteTs_.slot(track, 0) = ts;
    PendingSliceIndex slice = emitSlice(track, ts, *dur, name, viewOrDecode(e.cat, catScratch_), argsOf(e.args), flags,
                                        threadTimeOf(e.tts), threadTimeOf(e.tdur));
    if (e.bindId.present()) bindV2Flow(e, ts, slice);
    return true;
}

void ChromeEventHandler::onBegin(const ChromeEvent& e, TimeNs ts) {
    const Context& ctx = processOf(e);
    TrackId track = threadTrackOf(e, ctx);
    auto& stack = openSlices_[track];
    // Each open B holds its name and args until its E: beyond the depth limit they are dropped (and
    // their E events with them), so memory does not grow with the nesting of the input.
    if (stack.size() >= static_cast<std::size_t>(kMaxSliceDepth)) {
        ++beginsBeyondDepth_[track];
        warn("nesting_too_deep", e, stringOf(e.name));
        return;
    }
    OpenSlice open{ts, stringOf(e.name), stringOf(e.cat), std::string(argsOf(e.args)),
                   e.bindId.present() ? canonicalIdKey(e.bindId) : std::string(), e.flowOut.isTrue(),
                   e.flowIn.isTrue(), e.byteOffset, threadTimeOf(e.tts), false};
    // Perfetto meets a 0-length X that arrived first at this ts before this B, and closes it: the pair
    // must not become its parent just because it is longer.
    const TimeNs* zero = zeroCompleteTs_.find(track, 0);
    open.afterZeroSibling = zero != nullptr && *zero == ts;
    stack.push_back(std::move(open));
    noteEnd(track, ts);
}

// E closes the innermost open B that it matches: same category when the E names one, same name when
// the E has one (Perfetto's SliceTracker). An E that matches nothing is counted and dropped, leaving the
// B open; open slices above the match are cut at the E (Perfetto: misplaced_end_event).
void ChromeEventHandler::onEnd(const ChromeEvent& e, TimeNs ts) {
    const Context& ctx = processOf(e);
    TrackId track = threadTrackOf(e, ctx);
    auto& stack = openSlices_[track];
    if (auto deep = beginsBeyondDepth_.find(track); deep != beginsBeyondDepth_.end() && deep->second > 0) {
        --deep->second; // the E of a dropped B
        return;
    }
    if (stack.empty()) {
        warn("unmatched_end", e, stringOf(e.name));
        return;
    }
    const std::string endName = stringOf(e.name), endCat = stringOf(e.cat);
    auto match = stack.rend();
    for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        if (!endCat.empty() && it->category != endCat) continue;
        if (!endName.empty() && it->name != endName) continue;
        match = it;
        break;
    }
    if (match == stack.rend()) {
        warn("end_name_mismatch", e, stack.back().name + " / " + endName);
        return;
    }
    const std::size_t matchIndex = static_cast<std::size_t>(stack.rend() - match) - 1;
    while (stack.size() > matchIndex + 1) {
        warn("misplaced_end_event", e, stack.back().name);
        OpenSlice inner = std::move(stack.back());
        stack.pop_back();
        std::string innerArgs = inner.argsJson;
        closeOpen(track, std::move(inner), ts, std::move(innerArgs), kNoThreadTime, 0);
    }
    OpenSlice open = std::move(stack.back());
    stack.pop_back();
    std::string args = open.argsJson;
    std::string_view endArgs = argsOf(e.args);
    if (!endArgs.empty() && endArgs != "{}") {
        if (args.empty() || args == "{}") {
            args = std::string(endArgs);
        } else {
            // Merging copies and dumps recursively: args nested beyond the limit are not merged.
            const bool tooDeep = jsonNestingExceeds(args, kMaxArgsDepth) || jsonNestingExceeds(endArgs, kMaxArgsDepth);
            if (tooDeep) warn("args_too_deep", e, open.name);
            nlohmann::json merged = tooDeep ? nlohmann::json() : nlohmann::json::parse(args, nullptr, false);
            nlohmann::json extra = tooDeep ? nlohmann::json() : nlohmann::json::parse(endArgs, nullptr, false);
            if (merged.is_object() && extra.is_object()) {
                merged.update(extra);
                args = merged.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            }
        }
    }
    closeOpen(track, std::move(open), ts, std::move(args), threadTimeOf(e.tts), 0);
}

void ChromeEventHandler::closeOpen(TrackId track, OpenSlice open, TimeNs endNs, std::string args, TimeNs threadEndNs,
                                   int flags) {
    TimeNs dur = 0;
    if (!checkedSub(endNs, open.tsNs, &dur) || dur < 0) {
        flags |= kSliceNegativeDur;
        writer_.addWarning("negative_duration", file_, open.byteOffset, -1, open.name);
        dur = 0;
    }
    if (open.afterZeroSibling) flags |= kSliceSortByArrival;
    // Thread time of a B/E pair: the E's tts minus the B's, when both are given and the difference fits.
    TimeNs threadDur = kNoThreadTime;
    if (open.threadTsNs != kNoThreadTime && threadEndNs != kNoThreadTime && !checkedSub(threadEndNs, open.threadTsNs, &threadDur))
        threadDur = kNoThreadTime;
    PendingSliceIndex slice =
        emitSlice(track, open.tsNs, dur, open.name, open.category, args, flags, open.threadTsNs, threadDur);
    if (!open.bindId.empty())
        bindV2Flow(open.bindId, open.flowOut, open.flowIn, open.tsNs, open.byteOffset, slice);
}

// Global instants (s:"g") sit on one track outside any process, as in Perfetto; "p" on the process,
// "t" or none on the thread; any other scope is dropped and counted.
void ChromeEventHandler::onInstant(const ChromeEvent& e, TimeNs ts) {
    std::string scope = stringOf(e.instantScope);
    TrackId track;
    TimeNs threadTs = kNoThreadTime;
    if (scope == "g") {
        track = writer_.namedTrack(kNoProcess, TrackKind::Instant, "Global instants");
    } else if (scope == "p") {
        track = writer_.namedTrack(processOf(e).process, TrackKind::Instant, "Process instants");
    } else if (!scope.empty() && scope != "t") {
        warn("instant_bad_scope", e, stringOf(e.name)); // Perfetto drops it too
        return;
    } else {
        track = threadTrackOf(e, processOf(e));
        threadTs = threadTimeOf(e.tts);
        zeroCompleteTs_.slot(track, 0) = ts;
    }
    std::string nameScratch, catScratch;
    emitSlice(track, ts, 0, viewOrDecode(e.name, nameScratch), viewOrDecode(e.cat, catScratch), argsOf(e.args),
              kSliceInstant, threadTs);
}

void ChromeEventHandler::onMetadata(const ChromeEvent& e) {
    const std::string_view what = viewOrDecode(e.name, nameScratch_);
    enum class Field { Name, Labels, SortIndex };
    const bool processName = what == "process_name", processLabels = what == "process_labels";
    const bool processSort = what == "process_sort_index", threadName = what == "thread_name";
    const bool threadSort = what == "thread_sort_index";
    if (!processName && !processLabels && !processSort && !threadName && !threadSort) {
        processOf(e); // the process exists even when its metadata is ignored
        writer_.addStat("metadata.ignored", 1);
        return;
    }
    const Field field = processLabels ? Field::Labels : (processSort || threadSort) ? Field::SortIndex : Field::Name;
    const char* key = field == Field::Name ? "name" : field == Field::Labels ? "labels" : "sort_index";
    // The common case, a plain object, is read in place; anything else through a JSON document.
    std::string text;
    std::optional<std::int64_t> sortIndex;
    const std::string_view argsText = argsOf(e.args);
    SimpleArgValue simple;
    const bool isSimple = !jsonNestingExceeds(argsText, kMaxArgsDepth) && readSimpleArg(argsText, key, &simple) &&
                          (field == Field::SortIndex ? simple.kind != SimpleArgValue::Kind::Other
                                                     : simple.kind != SimpleArgValue::Kind::Integer &&
                                                           simple.kind != SimpleArgValue::Kind::Other);
    if (isSimple) {
        if (simple.kind == SimpleArgValue::Kind::String && field != Field::SortIndex) text = simple.text;
        if (simple.kind == SimpleArgValue::Kind::Integer) sortIndex = simple.integer;
        if (simple.kind == SimpleArgValue::Kind::String && field == Field::SortIndex) {
            nlohmann::json asJson = std::string(simple.text);
            if (std::optional<double> v = counterNumberOf(asJson)) sortIndex = static_cast<std::int64_t>(*v);
        }
    } else {
        nlohmann::json args = parseArgsObject(argsText);
        auto it = args.find(key);
        if (it != args.end() && field != Field::SortIndex) text = it->is_string() ? it->get<std::string>() : it->dump();
        if (it != args.end() && field == Field::SortIndex) {
            if (std::optional<double> v = counterNumberOf(*it)) sortIndex = static_cast<std::int64_t>(*v);
        }
    }
    const Context& ctx = processOf(e);
    if (processName) {
        writer_.setProcessName(ctx.process, text);
    } else if (processLabels) {
        writer_.setProcessLabels(ctx.process, text);
    } else if (processSort) {
        if (sortIndex) writer_.setProcessSortIndex(ctx.process, *sortIndex);
    } else {
        ThreadId thread = rawThreadOf(e, ctx).thread;
        if (threadName) {
            writer_.setThreadName(thread, text);
            threadsNamedByMetadata_.slot(thread, 0) = true;
        } else if (sortIndex) {
            writer_.setThreadSortIndex(thread, *sortIndex);
        }
    }
}

// Keyed by the raw spelling of pid and tid: most events find their thread (and track) without
// canonicalising their ids. Two spellings of one thread (1 and 1.0) get one entry each, and the
// writer, which keys threads by canonical id, gives both the same thread and track.
ChromeEventHandler::RawThread& ChromeEventHandler::rawThreadOf(const ChromeEvent& e, const Context& ctx) {
    std::int64_t tid = 0;
    const std::int64_t pid = ctx.pidValue; // processOf read this event's pid into ctx
    if (ctx.pidIsPlainInteger && plainIntegerId(e.tid, &tid) && numericThreads_.size() < kMaxNumericEntries) {
        if (const std::uint32_t* at = numericThreadIndex_.find(pid, tid)) return numericThreads_[*at];
        const ThreadId thread = writer_.thread(ctx.process, tidKeyOf(e));
        numericThreadIndex_.insert(pid, tid, static_cast<std::uint32_t>(numericThreads_.size()));
        return numericThreads_.emplace_back(RawThread{thread, kNoTrackYet});
    }
    auto raw = rawThreads_.find(rawThreadKey(e));
    if (raw != rawThreads_.end()) return raw->second;
    const ThreadId thread = writer_.thread(ctx.process, tidKeyOf(e));
    return rawThreads_.emplace(scratchKey_, RawThread{thread, kNoTrackYet}).first->second;
}

// Counted per event in an array: a stat lookup by name for each of millions of events costs.
void ChromeEventHandler::flushPhaseCounts() {
    for (std::size_t ph = 0; ph < phaseCounts_.size(); ++ph) {
        if (phaseCounts_[ph] == 0) continue;
        char phaseName[] = "events.?";
        phaseName[7] = static_cast<char>(ph);
        writer_.addStat(phaseName, phaseCounts_[ph]);
    }
    phaseCounts_.fill(0);
}

// A file that fails half-way keeps what was read, its event counts included.
ChromeEventHandler::~ChromeEventHandler() { flushPhaseCounts(); }

void ChromeEventHandler::finishFile() {
    flushPhaseCounts();
    for (auto& [track, stack] : openSlices_) {
        TimeNs end = std::max(trackEnd_.slot(track, 0), traceEndNs_);
        for (OpenSlice& open : stack) {
            writer_.addWarning("unmatched_begin", file_, open.byteOffset, -1, open.name);
            std::string args = open.argsJson;
            open.afterZeroSibling = false;
            closeOpen(track, std::move(open), std::max(end, open.tsNs), std::move(args), kNoThreadTime,
                      kSliceUnfinished);
        }
    }
    openSlices_.clear();
    for (auto& [key, open] : openAsync_) {
        for (auto& [track, begin] : open) {
            writer_.addWarning("unmatched_async_begin", file_, begin.byteOffset, -1, begin.name);
            TimeNs end = std::max(trackEnd_.slot(track, 0), traceEndNs_);
            TimeNs dur = 0;
            if (!checkedSub(end, begin.tsNs, &dur)) dur = 0;
            emitSlice(track, begin.tsNs, std::max<TimeNs>(0, dur), begin.name, begin.category,
                      begin.argsJson, kSliceUnfinished);
        }
    }
    openAsync_.clear();
    linkV2Flows();
}

void ChromeEventHandler::topLevelKey(std::string_view key, std::string_view rawValue, bool truncated) {
    std::string metaKey = "trace." + std::string(key);
    if (truncated) {
        writer_.addWarning("top_level_value_too_large", file_, -1, -1, key);
        return;
    }
    if (key == "samples" || key == "stackFrames") writer_.addStat("top_level." + std::string(key) + ".ignored", 1);
    // Strings are stored without their quotes; everything else as JSON text.
    if (rawValue.size() >= 2 && rawValue.front() == '"') {
        writer_.setMeta(metaKey, json::unescape(rawValue.substr(1, rawValue.size() - 2)));
    } else {
        writer_.setMeta(metaKey, rawValue);
    }
}

} // namespace opscope
