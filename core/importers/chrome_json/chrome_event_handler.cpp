#include "core/importers/chrome_json/chrome_event_handler.h"

#include "core/model/fnv1a.h"
#include "core/model/json_depth.h"
#include "core/model/time_bounds.h"
#include "core/store/schema.h"
#include "core/store/slice_nesting.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

std::string_view viewOrDecode(const RawValue& value, std::string& scratch) {
    if (value.kind == RawValue::Kind::String && !value.escaped) return value.text;
    scratch = stringOf(value);
    return scratch;
}

bool badTimeType(const RawValue& v) {
    return v.kind == RawValue::Kind::Object || v.kind == RawValue::Kind::Array || v.kind == RawValue::Kind::True ||
           v.kind == RawValue::Kind::False;
}

bool badIdType(const RawValue& v) { return v.kind == RawValue::Kind::Object || v.kind == RawValue::Kind::Array; }

std::string_view argsText(const RawValue& args) {
    if (args.kind != RawValue::Kind::Object) return {};
    return args.text;
}


std::string unitInParentheses(const std::string& key) {
    auto open = key.rfind('(');
    if (open != std::string::npos && key.back() == ')') return key.substr(open + 1, key.size() - open - 2);
    return {};
}

// "Read(MB/s)" -> "MB/s"; "MHz" -> "MHz"; "value" -> "".
std::string unitFromKey(const std::string& key) {
    std::string inParentheses = unitInParentheses(key);
    if (!inParentheses.empty()) return inParentheses;
    if (key == "value" || key.empty()) return {};
    return key;
}

// Finite numbers only: strtod reads "nan" and "inf", which no counter or sort index can hold.
std::optional<double> numberOf(const nlohmann::json& v) {
    if (v.is_number()) return v.get<double>();
    if (v.is_string()) {
        const std::string& s = v.get_ref<const std::string&>();
        char* end = nullptr;
        double d = std::strtod(s.c_str(), &end);
        if (!s.empty() && end && *end == '\0' && std::isfinite(d)) return d;
    }
    if (v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
    return std::nullopt;
}

nlohmann::json parseArgs(const RawValue& args) {
    if (args.kind != RawValue::Kind::Object) return nlohmann::json::object();
    if (jsonNestingExceeds(args.text, kMaxArgsDepth)) return nlohmann::json::object();
    nlohmann::json parsed = nlohmann::json::parse(args.text, nullptr, false);
    return parsed.is_object() ? parsed : nlohmann::json::object();
}

} // namespace

ChromeEventHandler::ChromeEventHandler(StoreWriter& writer, const ChromeImportOptions& options, std::string file)
    : writer_(writer), options_(options), file_(std::move(file)) {}

bool ChromeEventHandler::fatal(const ChromeEvent& event, const char* expected, Error* error) {
    *error = Error{ErrorCode::WrongType, file_, event.byteOffset, -1, -1, expected, {}};
    return false;
}

void ChromeEventHandler::warn(std::string_view code, const ChromeEvent& event, std::string_view sample) {
    writer_.addWarning(code, file_, event.byteOffset, -1, sample);
}

namespace {
// The raw spelling of an id plus its JSON kind: the cache key of the hot path (no parsing, no allocation
// once the scratch buffer has grown).
void appendRawId(std::string& out, const RawValue& v) {
    out.push_back(static_cast<char>('0' + static_cast<int>(v.kind)));
    out.append(v.text);
    out.push_back('\x1f');
}
} // namespace

ChromeEventHandler::Context ChromeEventHandler::processOf(const ChromeEvent& event) {
    scratchKey_.clear();
    appendRawId(scratchKey_, event.pid);
    auto raw = rawProcessCache_.find(std::string_view(scratchKey_));
    if (raw != rawProcessCache_.end()) return raw->second;
    std::string key = options_.processKeyPrefix;
    key += canonicalIdKey(event.pid);
    auto it = processCache_.find(key);
    Context ctx;
    if (it != processCache_.end()) {
        ctx = it->second;
    } else {
        ctx = Context{writer_.process(key), key};
        processCache_.emplace(key, ctx);
    }
    rawProcessCache_.emplace(scratchKey_, ctx);
    return ctx;
}

TrackId ChromeEventHandler::threadTrackOf(const ChromeEvent& event, const Context& ctx) {
    scratchKey_.clear();
    appendRawId(scratchKey_, event.pid);
    appendRawId(scratchKey_, event.tid);
    auto raw = rawTrackCache_.find(std::string_view(scratchKey_));
    if (raw != rawTrackCache_.end()) return raw->second;
    std::string rawKey = scratchKey_;
    std::string tidKey = event.tid.present() ? canonicalIdKey(event.tid) : canonicalIdKey(event.pid);
    std::string key = ctx.processKey;
    key.push_back('\x1f');
    key += tidKey;
    auto it = threadTrackCache_.find(key);
    TrackId track;
    if (it != threadTrackCache_.end()) {
        track = it->second;
    } else {
        track = writer_.threadTrack(writer_.thread(ctx.process, tidKey));
        threadTrackCache_.emplace(std::move(key), track);
    }
    rawTrackCache_.emplace(std::move(rawKey), track);
    return track;
}

void ChromeEventHandler::noteEnd(TrackId track, TimeNs endNs) {
    TimeNs& end = trackEnd_[track];
    end = std::max(end, endNs);
    traceEndNs_ = std::max(traceEndNs_, endNs);
}

PendingSliceIndex ChromeEventHandler::emitSlice(TrackId track, TimeNs ts, TimeNs dur, std::string_view name,
                                                std::string_view category, std::string_view argsJson, int flags) {
    SliceInput in;
    in.track = track;
    in.tsNs = ts;
    in.durNs = dur;
    in.name = name.empty() ? std::string_view("[no name]") : name;
    in.category = category;
    in.args = writer_.addArgs(argsJson);
    in.flags = flags;
    TimeNs endNs = 0;
    noteEnd(track, checkedAdd(ts, dur, &endNs) ? endNs : kMaxStoreTimeNs); // the writer bounds the slice itself
    return writer_.addSlice(in);
}

bool ChromeEventHandler::handle(const ChromeEvent& e, Error* error) {
    ++events_;
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

bool ChromeEventHandler::onComplete(const ChromeEvent& e, TimeNs ts, Error* /*error*/) {
    Context ctx = processOf(e);
    TrackId track = threadTrackOf(e, ctx);
    int flags = 0;
    std::optional<TimeNs> dur = microsOf(e.dur);
    if (!dur) {
        flags |= kSliceMissingDur;
        warn("missing_duration", e, stringOf(e.name));
        dur = 0;
    } else if (*dur < 0) {
        flags |= kSliceNegativeDur;
        warn("negative_duration", e, stringOf(e.name));
        dur = 0;
    }
    const std::string_view name = viewOrDecode(e.name, nameScratch_);
    TimeNs& last = lastTs_[track];
    if (ts < last) writer_.addWarning("out_of_order_timestamp", file_, e.byteOffset, -1, name);
    last = std::max(last, ts);
    PendingSliceIndex slice = emitSlice(track, ts, *dur, name, viewOrDecode(e.cat, catScratch_), argsText(e.args), flags);
    if (e.bindId.present()) bindV2Flow(e, slice);
    return true;
}

void ChromeEventHandler::onBegin(const ChromeEvent& e, TimeNs ts) {
    Context ctx = processOf(e);
    TrackId track = threadTrackOf(e, ctx);
    auto& stack = openSlices_[track];
    // Each open B holds its name and args until its E: beyond the depth limit they are dropped (and
    // their E events with them), so memory does not grow with the nesting of the input.
    if (stack.size() >= static_cast<std::size_t>(kMaxSliceDepth)) {
        ++beginsBeyondDepth_[track];
        warn("nesting_too_deep", e, stringOf(e.name));
        return;
    }
    OpenSlice open{ts, stringOf(e.name), stringOf(e.cat), std::string(argsText(e.args)),
                   e.bindId.present() ? canonicalIdKey(e.bindId) : std::string(), e.flowOut.isTrue(),
                   e.flowIn.isTrue(), e.byteOffset};
    stack.push_back(std::move(open));
    noteEnd(track, ts);
}

void ChromeEventHandler::onEnd(const ChromeEvent& e, TimeNs ts) {
    Context ctx = processOf(e);
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
    OpenSlice open = std::move(stack.back());
    stack.pop_back();
    std::string endName = stringOf(e.name);
    if (!endName.empty() && endName != open.name) warn("end_name_mismatch", e, open.name + " / " + endName);
    std::string args = open.argsJson;
    std::string_view endArgs = argsText(e.args);
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
    int flags = 0;
    TimeNs dur = 0;
    if (!checkedSub(ts, open.tsNs, &dur) || dur < 0) {
        flags |= kSliceNegativeDur;
        warn("negative_duration", e, open.name);
        dur = 0;
    }
    PendingSliceIndex slice = emitSlice(track, open.tsNs, dur, open.name, open.category, args, flags);
    if (!open.bindId.empty()) bindV2Flow(open.bindId, open.flowOut, open.flowIn, slice);
}

void ChromeEventHandler::onInstant(const ChromeEvent& e, TimeNs ts) {
    std::string scope = stringOf(e.instantScope);
    TrackId track;
    if (scope == "g") {
        ProcessId global = writer_.process(options_.processKeyPrefix + "<global>");
        if (!globalNamed_) {
            writer_.setProcessName(global, "Global");
            globalNamed_ = true;
        }
        track = writer_.namedTrack(global, TrackKind::Instant, "Global instants");
    } else if (scope == "p") {
        track = writer_.namedTrack(processOf(e).process, TrackKind::Instant, "Process instants");
    } else {
        track = threadTrackOf(e, processOf(e));
    }
    std::string nameScratch, catScratch;
    emitSlice(track, ts, 0, viewOrDecode(e.name, nameScratch), viewOrDecode(e.cat, catScratch), argsText(e.args),
              kSliceInstant);
}

void ChromeEventHandler::onCounter(const ChromeEvent& e, TimeNs ts) {
    nlohmann::json args = parseArgs(e.args);
    if (args.empty()) {
        warn("counter_without_values", e, stringOf(e.name));
        return;
    }
    Context ctx = processOf(e);
    std::string base = stringOf(e.name);
    if (e.id.present()) base += " id:" + canonicalIdKey(e.id);
    bool single = args.size() == 1;
    for (auto it = args.begin(); it != args.end(); ++it) {
        std::optional<double> value = numberOf(it.value());
        if (!value) {
            warn("counter_value_not_number", e, base + " " + it.key());
            continue;
        }
        std::string trackName = single ? base : base + " " + it.key();
        // A lone series is named after the event and its key is the unit ("MHz"); with several series
        // the key names the series and only a "(unit)" suffix gives a unit.
        TrackId track = writer_.counterTrack(ctx.process, trackName, single ? unitFromKey(it.key()) : unitInParentheses(it.key()));
        writer_.addCounter(track, ts, *value);
        traceEndNs_ = std::max(traceEndNs_, ts);
    }
}

void ChromeEventHandler::onMetadata(const ChromeEvent& e) {
    std::string what = stringOf(e.name);
    nlohmann::json args = parseArgs(e.args);
    Context ctx = processOf(e);
    auto text = [&](const char* key) -> std::string {
        auto it = args.find(key);
        if (it == args.end()) return {};
        return it->is_string() ? it->get<std::string>() : it->dump();
    };
    auto sortIndex = [&]() -> std::optional<std::int64_t> {
        auto it = args.find("sort_index");
        if (it == args.end()) return std::nullopt;
        std::optional<double> v = numberOf(*it);
        if (!v) return std::nullopt;
        return static_cast<std::int64_t>(*v);
    };
    if (what == "process_name") {
        writer_.setProcessName(ctx.process, text("name"));
    } else if (what == "process_labels") {
        writer_.setProcessLabels(ctx.process, text("labels"));
    } else if (what == "process_sort_index") {
        if (auto v = sortIndex()) writer_.setProcessSortIndex(ctx.process, *v);
    } else if (what == "thread_name" || what == "thread_sort_index") {
        std::string tidKey = e.tid.present() ? canonicalIdKey(e.tid) : canonicalIdKey(e.pid);
        ThreadId thread = writer_.thread(ctx.process, tidKey);
        if (what == "thread_name") writer_.setThreadName(thread, text("name"));
        else if (auto v = sortIndex()) writer_.setThreadSortIndex(thread, *v);
    } else {
        writer_.addStat("metadata.ignored", 1);
    }
}

void ChromeEventHandler::onAsync(const ChromeEvent& e, TimeNs ts, char phase) {
    if (phase == 'T' || phase == 'p') {
        writer_.addStat("events.async_step_ignored", 1);
        return;
    }
    Context ctx = processOf(e);
    std::string name = stringOf(e.name);
    std::string id = e.id.present() ? canonicalIdKey(e.id) : stringOf(e.id2);
    bool legacy = phase == 'S' || phase == 'F';
    // Nestable async events nest by (cat, id); legacy ones are keyed by name and id, as catapult does.
    std::string key = ctx.processKey + "\x1f" + stringOf(e.scope) + "\x1f" + (legacy ? name : stringOf(e.cat)) +
                      "\x1f" + id;
    auto& open = openAsync_[key];
    // One track per async id (as Perfetto does): unrelated ids must not nest into each other.
    auto trackFor = [&]() {
        if (!open.empty()) return open.front().first;
        std::string trackName = name.empty() ? std::string("async") : name;
        return writer_.namedTrack(ctx.process, TrackKind::Async, trackName, key);
    };
    if (phase == 'b' || phase == 'S') {
        TrackId track = trackFor();
        open.push_back({track, OpenSlice{ts, name, stringOf(e.cat), std::string(argsText(e.args)),
                                         e.bindId.present() ? canonicalIdKey(e.bindId) : std::string(),
                                         e.flowOut.isTrue(), e.flowIn.isTrue(), e.byteOffset}});
        noteEnd(track, ts);
        return;
    }
    if (phase == 'n') {
        TrackId track = trackFor();
        PendingSliceIndex slice = emitSlice(track, ts, 0, name, stringOf(e.cat), argsText(e.args), kSliceInstant);
        if (e.bindId.present()) bindV2Flow(e, slice);
        return;
    }
    // 'e' or 'F': close the most recent open begin with the same name (any, when the end has none).
    auto match = open.rend();
    for (auto it = open.rbegin(); it != open.rend(); ++it) {
        if (name.empty() || phase == 'F' || it->second.name == name) {
            match = it;
            break;
        }
    }
    if (match == open.rend()) {
        warn("unmatched_async_end", e, name);
        return;
    }
    auto [track, begin] = std::move(*match);
    open.erase(std::next(match).base());
    int flags = 0;
    TimeNs dur = 0;
    if (!checkedSub(ts, begin.tsNs, &dur) || dur < 0) {
        flags |= kSliceNegativeDur;
        warn("negative_duration", e, begin.name);
        dur = 0;
    }
    PendingSliceIndex slice = emitSlice(track, begin.tsNs, dur, begin.name, begin.category, begin.argsJson, flags);
    if (!begin.bindId.empty()) bindV2Flow(begin.bindId, begin.flowOut, begin.flowIn, slice);
}

void ChromeEventHandler::onFlow(const ChromeEvent& e, TimeNs ts, char phase) {
    Context ctx = processOf(e);
    FlowEndpoint endpoint;
    std::string_view cat = viewOrDecode(e.cat, catScratch_), name = viewOrDecode(e.name, nameScratch_);
    std::string id = e.id.present() ? canonicalIdKey(e.id) : stringOf(e.id2);
    endpoint.keyHash = Fnv1a().add(options_.processKeyPrefix).add(cat).add("|").add(name).add("|").add(id).hash();
    endpoint.cat = writer_.intern(cat);
    endpoint.phase = phase == 's' ? FlowEndpoint::Phase::Start
                     : phase == 't' ? FlowEndpoint::Phase::Step
                                    : FlowEndpoint::Phase::End;
    std::string bindScratch; // "bp" is one letter: no allocation
    bool enclosing = phase != 'f' || viewOrDecode(e.bindPoint, bindScratch) == "e";
    endpoint.binding = enclosing ? FlowEndpoint::Binding::Enclosing : FlowEndpoint::Binding::NextSlice;
    endpoint.track = threadTrackOf(e, ctx);
    endpoint.tsNs = ts;
    writer_.addFlowEndpoint(endpoint, name);
}

void ChromeEventHandler::bindV2Flow(const ChromeEvent& e, PendingSliceIndex slice) {
    bindV2Flow(canonicalIdKey(e.bindId), e.flowOut.isTrue(), e.flowIn.isTrue(), slice);
}

void ChromeEventHandler::bindV2Flow(const std::string& bindId, bool flowOut, bool flowIn, PendingSliceIndex slice) {
    if (!flowOut && !flowIn) {
        writer_.addWarning("flow_without_direction", file_, -1, -1, bindId);
        return;
    }
    if (flowOut) v2Producers_[bindId].push_back(slice);
    if (flowIn) v2Consumers_[bindId].push_back(slice);
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
        TimeNs end = std::max(trackEnd_[track], traceEndNs_);
        for (OpenSlice& open : stack) {
            writer_.addWarning("unmatched_begin", file_, open.byteOffset, -1, open.name);
            TimeNs dur = 0;
            if (!checkedSub(end, open.tsNs, &dur)) dur = 0;
            PendingSliceIndex slice = emitSlice(track, open.tsNs, std::max<TimeNs>(0, dur), open.name,
                                                open.category, open.argsJson, kSliceUnfinished);
            if (!open.bindId.empty()) bindV2Flow(open.bindId, open.flowOut, open.flowIn, slice);
        }
    }
    openSlices_.clear();
    for (auto& [key, open] : openAsync_) {
        for (auto& [track, begin] : open) {
            writer_.addWarning("unmatched_async_begin", file_, begin.byteOffset, -1, begin.name);
            TimeNs end = std::max(trackEnd_[track], traceEndNs_);
            TimeNs dur = 0;
            if (!checkedSub(end, begin.tsNs, &dur)) dur = 0;
            emitSlice(track, begin.tsNs, std::max<TimeNs>(0, dur), begin.name, begin.category,
                      begin.argsJson, kSliceUnfinished);
        }
    }
    openAsync_.clear();
    for (auto& [bindId, producers] : v2Producers_) {
        auto consumers = v2Consumers_.find(bindId);
        if (consumers == v2Consumers_.end()) {
            writer_.addWarning("flow_without_end", file_, -1, -1, bindId);
            continue;
        }
        int links = 0;
        for (PendingSliceIndex out : producers)
            for (PendingSliceIndex in : consumers->second)
                if (out != in) {
                    writer_.addFlow(out, in, "flow_v2", bindId);
                    ++links;
                }
        if (links == 0) writer_.addWarning("flow_without_end", file_, -1, -1, bindId);
    }
    v2Producers_.clear();
    v2Consumers_.clear();
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
