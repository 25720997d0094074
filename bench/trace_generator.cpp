// opscope-gen: writes a synthetic, deterministic Ascend NPU training trace (torch_npu style
// Chrome Trace Event JSON, or a whole ASCEND_PROFILER_OUTPUT folder) of about N events, for
// tests, the bundled sample and the import benchmarks. Same flags => byte-identical output.
#include "gen_ascend.h"
#include "gen_kineto_meta.h"
#include "gen_nested.h"
#include "gen_output.h"
#include "gen_sim.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace opscope::gen;
namespace fs = std::filesystem;

struct Options {
    std::int64_t events = 100000;
    std::uint64_t seed = 1;
    int devices = 1;
    int steps = 0;  // 0: derived from events
    int layers = 0; // 0: derived from events
    bool gzip = false;
    std::string output = "-";
    std::string format = "chrome";
    std::string name; // ascend folder name prefix; default localhost_<pid>
    std::int64_t nestDepth = 0; // > 0: chains of slices nested this deep instead of a training run
    bool nestBeginEnd = false;  // the nested chains as B/E pairs instead of X events
};

const char* kUsage =
    "usage: opscope-gen [--events N] [--seed S] [--devices D] [--steps K] [--layers L] [--gzip]\n"
    "                   [--format chrome|ascend|kineto-meta] [--name NAME] [-o FILE|DIR]\n"
    "                   [--nest-depth D [--nest-begin-end]]\n"
    "  chrome (default): one trace_view-style JSON array to FILE (default stdout).\n"
    "  ascend: DIR/<NAME>_ascend_pt/ASCEND_PROFILER_OUTPUT/{trace_view.json,kernel_details.csv,\n"
    "          step_trace_time.csv} (one folder per device, <NAME>_rank<d>_ascend_pt, when D > 1).\n"
    "  kineto-meta: a Kineto trace (object form) of about N events, 68 % of them M metadata over\n"
    "          thousands of processes of 64 threads, like the public MTIA trace, to FILE.\n"
    "  --nest-depth D: instead, N events on one thread as chains of slices nested D deep (X events,\n"
    "          or B/E pairs with --nest-begin-end), for the memory of deep nesting.\n";

bool parseInt(const char* text, std::int64_t lo, std::int64_t hi, std::int64_t* out) {
    char* end = nullptr;
    const long long v = std::strtoll(text, &end, 10);
    if (!end || *end != '\0' || v < lo || v > hi) return false;
    *out = v;
    return true;
}

// Returns 0 on success, 2 on a usage error (message printed), 1 for --help.
int parseArgs(int argc, char** argv, Options* o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        std::int64_t v = 0;
        auto intArg = [&](std::int64_t lo, std::int64_t hi) {
            return hasValue && parseInt(argv[++i], lo, hi, &v);
        };
        if (a == "-h" || a == "--help") return 1;
        if (a == "--gzip") o->gzip = true;
        else if (a == "--events" && intArg(1, 2000000000LL)) o->events = v;
        else if (a == "--seed" && intArg(0, INT64_MAX)) o->seed = static_cast<std::uint64_t>(v);
        else if (a == "--devices" && intArg(1, 16)) o->devices = static_cast<int>(v);
        else if (a == "--steps" && intArg(1, 100000)) o->steps = static_cast<int>(v);
        else if (a == "--layers" && intArg(1, 100000)) o->layers = static_cast<int>(v);
        else if (a == "--nest-depth" && intArg(1, 2000000000LL)) o->nestDepth = v;
        else if (a == "--nest-begin-end") o->nestBeginEnd = true;
        else if ((a == "-o" || a == "--output") && hasValue) o->output = argv[++i];
        else if (a == "--format" && hasValue) o->format = argv[++i];
        else if (a == "--name" && hasValue) o->name = argv[++i];
        else {
            std::fprintf(stderr, "opscope-gen: bad or incomplete argument '%s'\n%s", a.c_str(), kUsage);
            return 2;
        }
    }
    if (o->format != "chrome" && o->format != "ascend" && o->format != "kineto-meta") {
        std::fprintf(stderr, "opscope-gen: --format must be chrome, ascend or kineto-meta\n");
        return 2;
    }
    if (o->nestDepth > 0 && o->format != "chrome") {
        std::fprintf(stderr, "opscope-gen: --nest-depth writes --format chrome only\n");
        return 2;
    }
    if (o->format == "ascend" && (o->gzip || o->output == "-")) {
        std::fprintf(stderr, "opscope-gen: --format ascend needs -o DIR and does not take --gzip\n");
        return 2;
    }
    return 0;
}

// Events one device writes for one step of `layers` layers (measured with a counting sink).
std::int64_t eventsPerStep(std::uint64_t seed, int layers) {
    Sink null;
    null.openNull();
    GenConfig cfg{seed, 1, 1, layers};
    Simulator sim(cfg, {DeviceSinks{&null, nullptr}});
    sim.run();
    return null.events();
}

// Picks steps and layers so that the trace holds about o.events events.
GenConfig planConfig(const Options& o) {
    GenConfig cfg{o.seed, o.devices, o.steps, o.layers};
    if (cfg.steps == 0) cfg.steps = static_cast<int>(std::clamp<std::int64_t>(o.events / 50000, 2, 1000));
    if (cfg.layers == 0) {
        const std::int64_t small = eventsPerStep(o.seed, 2), large = eventsPerStep(o.seed, 6);
        const double perLayer = std::max<double>(1.0, static_cast<double>(large - small) / 4.0);
        const double fixed = static_cast<double>(small) - 2.0 * perLayer;
        const double perStep = static_cast<double>(o.events) / o.devices / cfg.steps;
        cfg.layers = static_cast<int>(std::max(1.0, (perStep - fixed) / perLayer + 0.5));
    }
    return cfg;
}

struct AscendFolder {
    fs::path root;   // <out>/<name>_ascend_pt
    fs::path output; // .../ASCEND_PROFILER_OUTPUT
};

bool writeText(const fs::path& path, const std::string& text) {
    std::FILE* f = std::fopen(path.string().c_str(), "wb");
    if (!f) return false;
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && ok;
}

// profiler_info_<rank>.json: the bits a reader uses to recognise the folder and its time span.
bool writeProfilerInfo(const AscendFolder& f, int rank, const Simulator& sim) {
    const std::string text =
        "{\n    \"config\": {\n        \"common_config\": {\n            \"activities\": [\n"
        "                \"ProfilerActivity.CPU\",\n                \"ProfilerActivity.NPU\"\n            ],\n"
        "            \"record_shapes\": true,\n            \"with_stack\": false\n        },\n"
        "        \"experimental_config\": {\n            \"_profiler_level\": \"Level1\",\n"
        "            \"_aic_metrics\": \"ACL_AICORE_PIPE_UTILIZATION\",\n            \"_export_type\": \"text\"\n"
        "        }\n    },\n    \"end_info\": {\n        \"collectionTimeEnd\": " +
        std::to_string(sim.traceEndNs()) + "\n    },\n    \"rank_id\": " + std::to_string(rank) + "\n}";
    return writeText(f.root / ("profiler_info_" + std::to_string(rank) + ".json"), text);
}

bool writeStepTrace(const AscendFolder& f, const std::vector<StepTotals>& totals) {
    Sink s;
    if (!s.open((f.output / "step_trace_time.csv").string(), false)) return false;
    s.put(stepTraceHeader());
    for (const StepTotals& t : totals) writeStepTraceRow(s, t);
    return s.close();
}

struct Outputs {
    std::vector<std::unique_ptr<Sink>> traces;
    std::vector<std::unique_ptr<Sink>> kernels;
    std::vector<AscendFolder> folders;
    std::vector<DeviceSinks> sinks;
};

Outputs makeOutputs(const Options& o) {
    Outputs out;
    const bool ascend = o.format == "ascend";
    const int traceCount = ascend ? o.devices : 1;
    for (int i = 0; i < traceCount; ++i) {
        out.traces.push_back(std::make_unique<Sink>());
        if (ascend) out.kernels.push_back(std::make_unique<Sink>());
    }
    for (int d = 0; d < o.devices; ++d)
        out.sinks.push_back({out.traces[ascend ? static_cast<std::size_t>(d) : 0].get(),
                             ascend ? out.kernels[static_cast<std::size_t>(d)].get() : nullptr});
    return out;
}

bool openOutputs(const Options& o, Pid hostPid, Outputs* out) {
    if (o.format == "chrome") return out->traces[0]->open(o.output, o.gzip);
    const std::string name = o.name.empty() ? "localhost_" + std::to_string(hostPid) : o.name;
    for (int d = 0; d < o.devices; ++d) {
        const std::string folder = o.devices == 1 ? name + "_ascend_pt"
                                                  : name + "_rank" + std::to_string(d) + "_ascend_pt";
        AscendFolder f{fs::path(o.output) / folder, fs::path(o.output) / folder / "ASCEND_PROFILER_OUTPUT"};
        std::error_code ec;
        fs::create_directories(f.output, ec);
        if (ec) return false;
        auto idx = static_cast<std::size_t>(d);
        if (!out->traces[idx]->open((f.output / "trace_view.json").string(), false)) return false;
        if (!out->kernels[idx]->open((f.output / "kernel_details.csv").string(), false)) return false;
        out->kernels[idx]->put(kernelDetailsHeader());
        out->folders.push_back(f);
    }
    return true;
}

bool finishOutputs(const Options& o, const Simulator& sim, Outputs* out, std::int64_t* events,
                   std::uint64_t* bytes) {
    bool ok = true;
    for (auto& t : out->traces) {
        t->endArray();
        ok = t->close() && ok;
        *events += t->events();
        *bytes += t->bytes();
    }
    for (auto& k : out->kernels) ok = k->close() && ok;
    for (std::size_t d = 0; d < out->folders.size(); ++d) {
        ok = writeStepTrace(out->folders[d], sim.stepTotals()[d]) && ok;
        ok = writeProfilerInfo(out->folders[d], static_cast<int>(d), sim) && ok;
    }
    (void)o;
    return ok;
}

// The single-file shapes that need no simulator: deep nesting and the metadata-heavy Kineto trace.
int writeShape(const Options& o, std::chrono::steady_clock::time_point t0) {
    Sink sink;
    if (!sink.open(o.output, o.gzip)) {
        std::fprintf(stderr, "opscope-gen: cannot open output '%s'\n", o.output.c_str());
        return 1;
    }
    const bool nested = o.nestDepth > 0;
    if (nested) {
        writeNestedTrace(sink, o.events, o.nestDepth, o.nestBeginEnd);
        sink.endArray();
    } else {
        writeKinetoMetaTrace(sink, o.events, o.seed);
    }
    const std::int64_t events = sink.events();
    if (!sink.close()) {
        std::fprintf(stderr, "opscope-gen: writing '%s' failed\n", o.output.c_str());
        return 1;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (nested)
        std::fprintf(stderr, "opscope-gen: %lld events nested %lld deep, %.1f MB, %.2f s\n",
                     static_cast<long long>(events), static_cast<long long>(o.nestDepth),
                     static_cast<double>(sink.bytes()) / 1e6, secs);
    else
        std::fprintf(stderr, "opscope-gen: %lld events (kineto-meta), %.1f MB (uncompressed), %.2f s\n",
                     static_cast<long long>(events), static_cast<double>(sink.bytes()) / 1e6, secs);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    const int parsed = parseArgs(argc, argv, &o);
    if (parsed != 0) {
        if (parsed == 1) std::fputs(kUsage, stdout);
        return parsed == 1 ? 0 : 2;
    }
    const auto t0 = std::chrono::steady_clock::now();
    if (o.nestDepth > 0 || o.format == "kineto-meta") return writeShape(o, t0);
    const GenConfig cfg = planConfig(o);
    Outputs out = makeOutputs(o);
    Simulator sim(cfg, out.sinks);
    if (!openOutputs(o, sim.hostPid(), &out)) {
        std::fprintf(stderr, "opscope-gen: cannot open output '%s'\n", o.output.c_str());
        return 1;
    }
    sim.run();
    std::int64_t events = 0;
    std::uint64_t bytes = 0;
    if (!finishOutputs(o, sim, &out, &events, &bytes)) {
        std::fprintf(stderr, "opscope-gen: writing '%s' failed\n", o.output.c_str());
        return 1;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr,
                 "opscope-gen: %lld events, %.1f MB (uncompressed), %d device(s), %d steps x %d layers, "
                 "%.2f s, %.0f events/s\n",
                 static_cast<long long>(events), static_cast<double>(bytes) / 1e6, cfg.devices, cfg.steps,
                 cfg.layers, secs, static_cast<double>(events) / std::max(secs, 1e-9));
    return 0;
}
