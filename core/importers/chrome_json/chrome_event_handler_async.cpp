// Async events: nestable b/e/n as Perfetto scopes them, and catapult's legacy S/F (which Perfetto ignores).
#include "core/importers/chrome_json/chrome_event_handler.h"
#include "core/model/time_bounds.h"

#include "core/importers/chrome_json/chrome_value_helpers.h"
#include "core/model/slice_flags.h"

namespace opscope {

namespace {

enum class AsyncScope { None, Global, Process };

struct AsyncCookie {
    AsyncScope scope = AsyncScope::None;
    std::string id;
};

std::string id2Member(const nlohmann::json& id2, const char* key) {
    auto it = id2.find(key);
    if (it == id2.end() || it->is_null()) return {};
    return it->is_string() ? it->get<std::string>() : it->dump();
}

// Perfetto: a non-empty "id" or "id2.global" makes a global async id (b and e pair up across
// processes); "id2.local" is scoped to the process; anything else has no id and is dropped.
AsyncCookie asyncCookieOf(const ChromeEvent& e) {
    if (e.id.present()) {
        std::string id = canonicalIdKey(e.id);
        if (!id.empty()) return {AsyncScope::Global, std::move(id)};
    }
    if (e.id2.kind != RawValue::Kind::Object) return {};
    const nlohmann::json id2 = parseArgsObject(e.id2.trailingComma ? json::withoutTrailingCommas(e.id2.text)
                                                                   : std::string(e.id2.text));
    if (std::string global = id2Member(id2, "global"); !global.empty()) return {AsyncScope::Global, global};
    if (std::string local = id2Member(id2, "local"); !local.empty()) return {AsyncScope::Process, local};
    return {};
}

} // namespace

void ChromeEventHandler::onAsync(const ChromeEvent& e, TimeNs ts, char phase) {
    if (phase == 'T' || phase == 'p') {
        writer_.addStat("events.async_step_ignored", 1);
        return;
    }
    const bool legacy = phase == 'S' || phase == 'F';
    const std::string name = stringOf(e.name), cat = stringOf(e.cat);
    std::string key;
    ProcessId owner = kNoProcess;
    if (legacy) {
        // catapult's legacy async: keyed by process, name and id.
        const Context& ctx = processOf(e);
        owner = ctx.process;
        std::string id = e.id.present() ? canonicalIdKey(e.id) : stringOf(e.id2);
        key = "legacy\x1f" + ctx.processKey + "\x1f" + name + "\x1f" + id;
    } else {
        if (!e.pid.present()) {
            warn("async_without_pid", e, name);
            return;
        }
        AsyncCookie cookie = asyncCookieOf(e);
        if (cookie.scope == AsyncScope::None) {
            warn("async_without_id", e, name);
            return;
        }
        if (cookie.scope == AsyncScope::Process) {
            const Context& ctx = processOf(e);
            owner = ctx.process;
            key = "local\x1f" + ctx.processKey + "\x1f" + cat + "\x1f" + cookie.id;
        } else {
            processOf(e); // the process still exists, as in Perfetto
            key = "global\x1f" + options_.processKeyPrefix + "\x1f" + cat + "\x1f" + cookie.id;
        }
    }
    auto& open = openAsync_[key];
    // One track per async id (as Perfetto does): unrelated ids must not nest into each other.
    auto trackFor = [&]() {
        if (!open.empty()) return open.front().first;
        std::string trackName = name.empty() ? std::string("async") : name;
        return writer_.namedTrack(owner, TrackKind::Async, trackName, key);
    };
    if (phase == 'b' || phase == 'S') {
        TrackId track = trackFor();
        open.push_back({track, OpenSlice{ts, name, cat, std::string(argsOf(e.args)),
                                         e.bindId.present() ? canonicalIdKey(e.bindId) : std::string(),
                                         e.flowOut.isTrue(), e.flowIn.isTrue(), e.byteOffset, kNoThreadTime, false}});
        noteEnd(track, ts);
        return;
    }
    if (phase == 'n') {
        TrackId track = trackFor();
        PendingSliceIndex slice = emitSlice(track, ts, 0, name, cat, argsOf(e.args), kSliceInstant);
        if (e.bindId.present()) bindV2Flow(e, ts, slice);
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
    if (!begin.bindId.empty())
        bindV2Flow(begin.bindId, begin.flowOut, begin.flowIn, begin.tsNs, begin.byteOffset, slice);
}

} // namespace opscope
