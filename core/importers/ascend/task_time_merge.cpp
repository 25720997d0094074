#include "core/importers/ascend/task_time_merge.h"

#include "core/importers/ascend/csv_values.h"
#include "core/importers/chrome_json/byte_source.h"
#include "core/importers/chrome_json/chrome_value_helpers.h"
#include "core/importers/chrome_json/trace_tokenizer.h"

#include <optional>

namespace opscope::ascend {

namespace {

std::optional<long long> integerArg(const nlohmann::json& args, const char* key) {
    auto it = args.find(key);
    if (it == args.end()) return std::nullopt;
    if (it->is_number_integer()) return it->get<long long>();
    if (it->is_number_unsigned()) return static_cast<long long>(it->get<unsigned long long>());
    if (it->is_string()) return parseInteger(cleanCell(it->get_ref<const std::string&>()));
    return std::nullopt;
}

// "Aicore Time(ms)" -> ("Aicore Time", "ms"); "Total Cycle" -> ("Total Cycle", "").
std::pair<std::string, std::string> keyAndUnit(const std::string& key) {
    auto open = key.rfind('(');
    if (open == std::string::npos || key.back() != ')') return {key, {}};
    std::string name = key.substr(0, open);
    while (!name.empty() && name.back() == ' ') name.pop_back();
    return {name, key.substr(open + 1, key.size() - open - 2)};
}

class Merger {
public:
    Merger(UnitContext& ctx, TaskTimeMergeResult& result) : ctx_(ctx), result_(result) {}

    void onEvent(const ChromeEvent& e) {
        if (e.phase != "X") return;
        nlohmann::json args = parseArgsObject(e.args.kind == RawValue::Kind::Object ? e.args.text : std::string_view());
        auto stream = integerArg(args, "Stream Id");
        auto task = integerArg(args, "Task Id");
        auto ts = microsOf(e.ts);
        if (!stream || !task || !ts) return;
        ++result_.tasks;
        const int device = ctx_.defaultDevice;
        if (auto hit = ctx_.timeline.findTask(device, *stream, *task, *ts, kJoinToleranceNs, used_)) {
            used_.insert(hit->slice);
            ++result_.joined;
            addMissingValues(hit->slice, args);
            return;
        }
        SliceInput in;
        in.track = streamTrack(ctx_, device, *stream);
        in.tsNs = *ts;
        in.durNs = microsOf(e.dur).value_or(0);
        std::string name = stringOf(e.name);
        in.name = name;
        in.args = ctx_.writer.addArgs(args.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        ctx_.writer.addSlice(in);
        ++result_.added;
    }

private:
    // The task_time values whose key the timeline slice's args do not have, as metrics of the slice.
    void addMissingValues(PendingSliceIndex slice, const nlohmann::json& args) {
        const std::optional<EmittedSlice> s = ctx_.timeline.slice(slice);
        nlohmann::json own = !s || s->args.empty() ? nlohmann::json::object() : parseArgsObject(s->args);
        for (auto it = args.begin(); it != args.end(); ++it) {
            if (own.contains(it.key()) || it.key() == "Task Type") continue;
            auto [key, unit] = keyAndUnit(it.key());
            if (auto number = counterNumberOf(it.value()))
                ctx_.writer.addMetric(slice, key, *number, {}, unit, "Task");
            else if (it->is_string())
                ctx_.writer.addMetric(slice, key, std::nullopt, it->get_ref<const std::string&>(), unit, "Task");
            else
                continue;
            ++result_.values;
        }
    }

    UnitContext& ctx_;
    TaskTimeMergeResult& result_;
    JoinSet used_;
};

} // namespace

bool mergeTaskTimeJson(UnitContext& ctx, const std::string& path, TaskTimeMergeResult* result, Error* error) {
    std::unique_ptr<ByteSource> source = ByteSource::open(path, error);
    if (!source) return false;
    Merger merger(ctx, *result);
    int controlChars = 0;
    TokenizerCallbacks callbacks;
    callbacks.onEvent = [&](const char* begin, const char* end, std::int64_t offset, const char** eventEnd) {
        ChromeEvent event;
        event.byteOffset = offset;
        json::ScanError scanError;
        if (!parseChromeEvent(begin, end, &event, &scanError, &controlChars, eventEnd)) {
            if (scanError.at >= end) return EventParse::NeedMore;
            std::int64_t at = offset + (scanError.at ? scanError.at - begin : 0);
            *error = Error{scanError.wrongType ? ErrorCode::WrongType : ErrorCode::JsonSyntax, path, at, -1, -1,
                           scanError.expected, {}};
            locateLineColumn(path, at, &error->line, &error->column);
            return EventParse::Stop;
        }
        merger.onEvent(event);
        return EventParse::Done;
    };
    callbacks.onWarning = [&](std::string_view code, std::int64_t offset, std::string_view sample) {
        ctx.writer.addWarning(code, path, offset, -1, sample);
    };
    callbacks.onChunk = [&](std::int64_t) { return !ctx.progress.cancelled(); };
    TraceTokenizer tokenizer(*source, callbacks);
    return tokenizer.run(error);
}

} // namespace opscope::ascend
