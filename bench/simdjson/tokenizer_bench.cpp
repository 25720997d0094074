// tokenizer_bench: how fast opscope's streaming tokenizer reads a Chrome trace's events, against
// simdjson's on-demand API on the same file (issue #22: adopt a SIMD parser only if it wins here,
// with bounded memory). Each reader picks out the fields the importer uses (ph, name, cat, ts, dur,
// pid, tid, id, args as raw text) of every event and does nothing else with them.
//
//   tokenizer_bench TRACE.json [--repeat N]
//
// Three readers, best of N runs each, CPU time of this thread:
//   opscope        TraceTokenizer + parseChromeEvent over 1 MiB chunks (what the import runs);
//   simdjson-doc   simdjson::ondemand over the whole file loaded in memory (fast, but memory is the file);
//   simdjson-event the tokenizer's chunks, each event cut out by opscope's scan and handed to simdjson
//                  (bounded memory: what adopting simdjson over chunk boundaries would run).
#include "core/importers/chrome_json/byte_source.h"
#include "core/importers/chrome_json/chrome_event.h"
#include "core/importers/chrome_json/json_scan.h"
#include "core/importers/chrome_json/trace_tokenizer.h"

#include <simdjson.h>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace opscope;

double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

long peakRssMb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

struct Totals {
    std::int64_t events = 0;
    std::uint64_t checksum = 0; // keeps the compiler from dropping the field reads
};

// Runs the import's tokenizer; onEvent receives each event's bytes and returns where it ends.
bool tokenize(const std::string& path,
              const std::function<EventParse(const char*, const char*, const char**)>& onEvent, Error* error) {
    std::unique_ptr<ByteSource> source = ByteSource::open(path, error);
    if (!source) return false;
    TokenizerCallbacks cb;
    cb.onEvent = [&](const char* begin, const char* end, std::int64_t, const char** eventEnd) {
        return onEvent(begin, end, eventEnd);
    };
    cb.onTopLevelKey = [](std::string_view, std::string_view, bool) {};
    cb.onWarning = [](std::string_view, std::int64_t, std::string_view) {};
    TraceTokenizer tokenizer(*source, cb);
    return tokenizer.run(error);
}

Totals runOpscope(const std::string& path) {
    Totals t;
    Error error;
    int controlChars = 0;
    const bool ok = tokenize(path, [&](const char* begin, const char* end, const char** eventEnd) {
        ChromeEvent ev;
        json::ScanError scanError;
        if (!parseChromeEvent(begin, end, &ev, &scanError, &controlChars, eventEnd))
            return scanError.at >= end ? EventParse::NeedMore : EventParse::Stop;
        ++t.events;
        t.checksum += ev.phase.size() + ev.name.text.size() + ev.ts.text.size() + ev.args.text.size();
        return EventParse::Done;
    }, &error);
    if (!ok) std::fprintf(stderr, "opscope tokenizer failed at byte %lld\n", static_cast<long long>(error.byteOffset));
    return t;
}

// The fields of one on-demand object, read as the importer would need them.
template <typename Object> void readFields(Object& object, Totals& t) {
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key)) return;
        auto value = field.value();
        if (key == "args") {
            simdjson::ondemand::object args;
            std::string_view raw;
            if (!value.get_object().get(args) && !args.raw_json().get(raw)) t.checksum += raw.size();
        } else if (key == "ph" || key == "name" || key == "cat") {
            std::string_view text;
            if (!value.get_string().get(text)) t.checksum += text.size();
        } else {
            std::string_view token = value.raw_json_token();
            t.checksum += token.size();
        }
    }
    ++t.events;
}

Totals runSimdjsonDocument(const std::string& path) {
    Totals t;
    simdjson::padded_string json;
    if (simdjson::padded_string::load(path).get(json)) {
        std::fprintf(stderr, "simdjson: cannot load %s (gzip is not read here)\n", path.c_str());
        return t;
    }
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document doc;
    if (parser.iterate(json).get(doc)) return t;
    simdjson::ondemand::array events;
    simdjson::ondemand::json_type type;
    if (doc.type().get(type)) return t;
    if (type == simdjson::ondemand::json_type::array) {
        if (doc.get_array().get(events)) return t;
    } else if (doc["traceEvents"].get_array().get(events)) {
        return t;
    }
    for (auto item : events) {
        simdjson::ondemand::object object;
        if (item.get_object().get(object)) break;
        readFields(object, t);
    }
    return t;
}

Totals runSimdjsonPerEvent(const std::string& path) {
    Totals t;
    Error error;
    simdjson::ondemand::parser parser;
    std::string padded;
    const bool ok = tokenize(path, [&](const char* begin, const char* end, const char** eventEnd) {
        if (json::findContainerEnd(begin, end, eventEnd) != json::FindStatus::Found) return EventParse::NeedMore;
        const auto length = static_cast<std::size_t>(*eventEnd - begin);
        padded.assign(begin, length);
        padded.resize(length + simdjson::SIMDJSON_PADDING);
        simdjson::ondemand::document doc;
        simdjson::ondemand::object object;
        if (parser.iterate(padded.data(), length, padded.size()).get(doc) || doc.get_object().get(object))
            return EventParse::Stop;
        readFields(object, t);
        return EventParse::Done;
    }, &error);
    if (!ok) std::fprintf(stderr, "simdjson per event failed at byte %lld\n", static_cast<long long>(error.byteOffset));
    return t;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: tokenizer_bench TRACE.json [--repeat N]\n");
        return 2;
    }
    const std::string path = argv[1];
    int repeat = 3;
    if (argc >= 4 && std::string(argv[2]) == "--repeat") repeat = std::max(1, std::atoi(argv[3]));
    // The on-demand API is inlined, compiled for the target of this build (not chosen at run time).
    std::printf("simdjson %d.%d.%d, on-demand compiled for %s\n", simdjson::SIMDJSON_VERSION_MAJOR,
                simdjson::SIMDJSON_VERSION_MINOR, simdjson::SIMDJSON_VERSION_REVISION,
                SIMDJSON_STRINGIFY(SIMDJSON_BUILTIN_IMPLEMENTATION));
    std::printf("| reader | events | best CPU s | median CPU s | peak RSS MB after |\n|---|---|---|---|---|\n");
    const std::pair<const char*, Totals (*)(const std::string&)> readers[] = {
        {"opscope", runOpscope}, {"simdjson-event", runSimdjsonPerEvent}, {"simdjson-doc", runSimdjsonDocument}};
    for (const auto& [name, run] : readers) {
        std::vector<double> times;
        Totals totals;
        for (int i = 0; i < repeat; ++i) {
            const double start = threadCpuSeconds();
            totals = run(path);
            times.push_back(threadCpuSeconds() - start);
        }
        std::sort(times.begin(), times.end());
        std::printf("| %s | %lld | %.3f | %.3f | %ld |\n", name, static_cast<long long>(totals.events), times.front(),
                    times[times.size() / 2], peakRssMb());
        std::fflush(stdout);
    }
    return 0;
}
