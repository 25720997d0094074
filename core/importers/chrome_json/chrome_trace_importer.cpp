#include "core/importers/chrome_json/chrome_trace_importer.h"

#include "core/importers/chrome_json/byte_source.h"
#include "core/importers/chrome_json/chrome_event_handler.h"
#include "core/importers/cut_policy.h"
#include "core/importers/chrome_json/trace_tokenizer.h"
#include "core/model/import_timing.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

namespace opscope {

int rankOfDistributedInfo(std::string_view json) {
    nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
    if (!doc.is_object()) return -1;
    auto it = doc.find("rank");
    if (it == doc.end() || !it->is_number_integer()) return -1;
    auto rank = it->get<std::int64_t>();
    return rank >= 0 && rank < (1 << 30) ? static_cast<int>(rank) : -1;
}

bool importChromeTrace(const std::string& path, TraceSink& writer, const ChromeImportOptions& options,
                       const ImportProgress& progress, ChromeImportResult* result, Error* error) {
    Error localError;
    Error* err = error ? error : &localError;
    std::unique_ptr<ByteSource> source = ByteSource::open(path, err);
    if (!source) return false;
    // Reading and gunzipping run on their own thread, a few MiB ahead of the tokenizer.
    if (!std::getenv("OPSCOPE_NO_READ_AHEAD")) source->startReadAhead();
    ChromeEventHandler handler(writer, options, path);
    int controlChars = 0;
    std::int64_t controlCharsOffset = -1;

    TokenizerCallbacks callbacks;
    callbacks.onEvent = [&](const char* begin, const char* end, std::int64_t offset, const char** eventEnd) {
        ChromeEvent event;
        event.byteOffset = offset;
        json::ScanError scanError;
        int before = controlChars;
        if (!parseChromeEvent(begin, end, &event, &scanError, &controlChars, eventEnd)) {
            if (scanError.at >= end) { // the buffer ends inside this event: read on, parse again
                controlChars = before;
                return EventParse::NeedMore;
            }
            std::int64_t at = offset + (scanError.at ? scanError.at - begin : 0);
            *err = Error{scanError.wrongType ? ErrorCode::WrongType : ErrorCode::JsonSyntax, path, at, -1, -1,
                         scanError.expected, {}};
            locateLineColumn(path, at, &err->line, &err->column);
            return EventParse::Stop;
        }
        if (controlChars != before && controlCharsOffset < 0) controlCharsOffset = offset;
        if (!handler.handle(event, err)) {
            locateLineColumn(path, err->byteOffset, &err->line, &err->column);
            return EventParse::Stop;
        }
        return EventParse::Done;
    };
    int rank = -1;
    callbacks.onTopLevelKey = [&](std::string_view key, std::string_view raw, bool truncated) {
        if (key == "distributedInfo" && !truncated) rank = rankOfDistributedInfo(raw);
        handler.topLevelKey(key, raw, truncated);
    };
    callbacks.onWarning = [&](std::string_view code, std::int64_t offset, std::string_view sample) {
        std::int64_t line = -1, column = -1;
        if (offset >= 0) locateLineColumn(path, offset, &line, &column);
        writer.addWarning(code, path, offset, line, sample);
    };
    const std::int64_t total = source->fileSize();
    callbacks.onChunk = [&](std::int64_t bytesRead) {
        // A .gz file: the total is the compressed size, so progress is where the compressed file is read
        // to (the uncompressed bytes ran past the total early and the bar sat at 100 %).
        progress.report(source->compressed() ? source->fileOffset() : bytesRead, total, handler.events());
        return !progress.cancelled();
    };

    StageTimer timer;
    TraceTokenizer tokenizer(*source, callbacks);
    const bool ran = tokenizer.run(err);
    timer.mark("parse");
    if (!ran) {
        // A cut-off dump, when the user asked for what precedes the cut: the events read so far stay, the
        // cut is recorded where the unfinished value starts (the offset the error names).
        if (err->code != ErrorCode::Truncated || !KeepEventsBeforeCut::active() || handler.events() == 0) return false;
        writer.addWarning("trace_cut_off", path, err->byteOffset, err->line, err->expected);
        *err = Error{};
    }
    handler.finishFile();
    if (controlChars > 0) {
        // Raw control characters are invalid JSON but real producers write them; we keep the text.
        for (int i = 0; i < controlChars; ++i)
            writer.addWarning("control_character_in_string", path, controlCharsOffset, -1, {});
    }
    progress.report(total, total, handler.events());
    if (result) {
        result->events = handler.events();
        result->bytes = tokenizer.bytesConsumed();
        result->rank = rank;
    }
    return true;
}

} // namespace opscope
