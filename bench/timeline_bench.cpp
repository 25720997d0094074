// Timeline benchmark: builds synthetic stores (fixed seed) of 1M and 10M slices, then measures the time
// to first frame after re-opening the store, the loaded timeline's bytes per slice, and full frame times
// (draw list rebuild + paint) of the timeline widget offscreen at 1920x1080 at four zoom levels.
// usage: timeline_bench [SLICES...]   (default: 1000000 10000000)
//        timeline_bench --store STORE  (an imported trace, e.g. bench/out/trace_1M.opscope.sqlite)
// The first frame draws the launch queue tracks as the session does: read as the import stored them, else
// computed from the launch links; OPSCOPE_BENCH_COMPUTE_QUEUE=1 computes them even when stored.
// The store is read through SQLite's mapping of it, as TimelineData::load(path) does;
// OPSCOPE_BENCH_UNMAPPED_STORE=1 reads it without, as the GUI's session does (its pages then do not
// count in the process's resident memory).
#include "core/analysis/launch/queue_track.h"
#include "core/model/heap_tuning.h"
#include "core/store/launch_queue_store.h"
#include "core/store/launch_reader.h"
#include "core/store/schema.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "core/store/timeline_flows.h"
#include "core/store/timeline_pack.h"
#include "core/store/timeline_slice_scan.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <span>
#include <ctime>
#include <sys/resource.h>
#include <string>
#include <vector>

using namespace opscope;

namespace {

constexpr int kTracks = 32;
constexpr int kProcesses = 4;
constexpr int kNames = 300;
constexpr int kMaxDepth = 4;

struct Generator {
    std::mt19937_64 rng{42};
    Statement insert;
    std::int64_t written = 0, target = 0;

    // A slice and, inside it, up to four children, depth first: rows come out in ts order per track.
    void addSlice(std::int64_t track, std::int64_t ts, std::int64_t dur, int depth, std::int64_t parent) {
        if (written >= target) return;
        const std::int64_t id = ++written;
        std::uniform_int_distribution<int> nameDist(1, kNames);
        insert.bind(1, id).bind(2, track).bind(3, ts).bind(4, dur).bind(5, depth);
        if (parent) insert.bind(6, parent); else insert.bindNull(6);
        insert.bind(7, dur / 2).bind(8, nameDist(rng)).bind(9, kNames + 1 + (nameDist(rng) % 5)).bind(10, 0);
        insert.run();
        if (depth + 1 >= kMaxDepth || dur < 200) return;
        const int children = std::uniform_int_distribution<int>(0, 4)(rng);
        std::int64_t cursor = ts + dur / 20;
        const std::int64_t slot = (dur * 9 / 10) / std::max(children, 1);
        for (int c = 0; c < children; ++c) {
            addSlice(track, cursor, slot * 3 / 4, depth + 1, id);
            cursor += slot;
        }
    }
};

std::string storeFor(std::int64_t slices) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("opscope-bench-timeline-" + std::to_string(slices) + ".sqlite")).string();
    if (std::filesystem::exists(path)) return path; // built by an earlier run with the same seed
    const std::string temp = path + ".tmp";
    std::filesystem::remove(temp);
    Database db(temp, Database::Mode::Create);
    db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;");
    db.exec(schemaTablesSql());
    db.exec("BEGIN");
    for (int i = 1; i <= kNames; ++i) db.exec("INSERT INTO string(id, value) VALUES(" + std::to_string(i) + ", 'op_" + std::to_string(i) + "')");
    for (int i = 0; i < 5; ++i) db.exec("INSERT INTO string(id, value) VALUES(" + std::to_string(kNames + 1 + i) + ", 'cat_" + std::to_string(i) + "')");
    for (int p = 1; p <= kProcesses; ++p) db.exec("INSERT INTO process(id, pid, name) VALUES(" + std::to_string(p) + ", '" + std::to_string(p) + "', 'process " + std::to_string(p) + "')");
    for (int t = 1; t <= kTracks; ++t) {
        const std::string p = std::to_string((t - 1) % kProcesses + 1), ts = std::to_string(t);
        db.exec("INSERT INTO thread(id, process_id, tid, name) VALUES(" + ts + ", " + p + ", '" + ts + "', 'thread " + ts + "')");
        db.exec("INSERT INTO track(id, process_id, thread_id, kind, name) VALUES(" + ts + ", " + p + ", " + ts + ", 'thread', 'thread " + ts + "')");
    }
    Generator g;
    g.target = slices;
    g.insert = db.prepare("INSERT INTO slice(id, track_id, ts, dur, depth, parent_id, self_dur, name_id, cat_id, flags) "
                          "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const std::int64_t perTrack = slices / kTracks;
    std::int64_t endNs = 0;
    for (int t = 1; t <= kTracks; ++t) {
        g.target = t == kTracks ? slices : perTrack * t;
        std::int64_t cursor = 1'000'000'000;
        std::uniform_int_distribution<std::int64_t> dur(2'000, 120'000), gap(100, 20'000);
        while (g.written < g.target) {
            const std::int64_t d = dur(g.rng);
            g.addSlice(t, cursor, d, 0, 0);
            cursor += d + gap(g.rng);
        }
        endNs = std::max(endNs, cursor);
    }
    db.exec("INSERT INTO meta(key, value) VALUES('trace_start_ns', '1000000000'), ('trace_end_ns', '" + std::to_string(endNs) + "'), ('schema_version', '" + std::to_string(kSchemaVersion) + "')");
    db.exec("UPDATE track SET slice_count = (SELECT count(*) FROM slice WHERE track_id = track.id)");
    db.exec("COMMIT");
    db.exec(schemaIndicesSql());
    writeTimelinePack(db); // as an import leaves it
    db.close();
    std::filesystem::rename(temp, path);
    return path;
}

// CPU time of this thread: on a shared machine it says what the frame costs, wall time says what it took.
double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

long minorFaults() {
    rusage u{};
    getrusage(RUSAGE_THREAD, &u);
    return u.ru_minflt;
}

double renderMs(TimelineView& view, QImage& image, double* cpuMs = nullptr) {
    QElapsedTimer timer;
    timer.start();
    const double cpu0 = threadCpuMs();
    view.invalidateDrawList();
    QPainter painter(&image);
    view.render(&painter);
    painter.end();
    if (cpuMs) *cpuMs = threadCpuMs() - cpu0;
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

// A 1920x1080 timeline over the data, shown offscreen, and an image to render it into.
struct ScreenView {
    ZoomControl zoom;
    TimelineView view{&zoom};
    QImage image;
    explicit ScreenView(std::shared_ptr<const TimelineData> data) {
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.resize(1920, 1080);
        view.show();
        view.setData(std::move(data));
        image = QImage(view.size(), QImage::Format_ARGB32_Premultiplied);
    }
};

// CPU time of the whole process (the slice scan reads on two threads).
double processCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Time to first frame: open the store, load the timeline (its flows deferred, as the GUI does), lay out
// and paint one frame; then the flows, read after it. Null on failure.
std::shared_ptr<const TimelineData> firstFrame(const std::string& path, bool storedLayout, const char* label,
                                               std::shared_ptr<const TimelineFlowSet>* flows = nullptr) {
    QElapsedTimer first;
    first.start();
    const double cpu0 = processCpuMs();
    Error error;
    std::shared_ptr<const TimelineData> data;
    bool queueStored = false;
    std::size_t queuePoints = 0;
    try {
        Database db(path, Database::Mode::ReadOnly);
        if (!std::getenv("OPSCOPE_BENCH_UNMAPPED_STORE")) tuneReadOnlyConnection(db);
        TimelineLoadOptions options;
        options.useStoredLayout = storedLayout;
        queueStored = !std::getenv("OPSCOPE_BENCH_COMPUTE_QUEUE") &&
                      readLaunchQueueTracks(db, &options.derivedCounters, nullptr);
        LaunchData launches;
        if (!queueStored && readLaunchData(db, &launches, &error)) options.derivedCounters = launchQueueTracks(launches);
        for (const DerivedCounterTrack& t : options.derivedCounters) queuePoints += t.points.size();
        data = loadTimelineDeferringFlows(db, std::move(options), &error); // as the session: points freed as copied
    } catch (const SqliteError& e) {
        std::printf("open failed: %s\n", e.what());
        return nullptr;
    }
    if (!data) {
        std::printf("load failed: %s\n", describe(error).c_str());
        return nullptr;
    }
    const double loadMs = static_cast<double>(first.nsecsElapsed()) / 1e6;
    ScreenView screen(data);
    renderMs(screen.view, screen.image);
    const double firstFrameMs = static_cast<double>(first.nsecsElapsed()) / 1e6;
    std::printf("time to first frame, %s: %.0f ms, cpu %.0f ms (load %.0f ms; queue tracks %s, %zu points)%s%s\n",
                label, firstFrameMs, processCpuMs() - cpu0, loadMs, queueStored ? "stored" : "computed", queuePoints,
                data->sliceLayoutStored() || !storedLayout ? "" : ", no stored layout: ",
                data->sliceLayoutStored() ? "" : data->sliceLayoutRefusal().c_str());
    const double flowsCpu0 = processCpuMs();
    QElapsedTimer flowTimer;
    flowTimer.start();
    try {
        Database db(path, Database::Mode::ReadOnly);
        if (!std::getenv("OPSCOPE_BENCH_UNMAPPED_STORE")) tuneReadOnlyConnection(db);
        auto set = loadTimelineFlows(db, *data);
        std::printf("  then the flows (after the first frame): %.0f ms, cpu %.0f ms, %zu flows in %zu groups\n",
                    static_cast<double>(flowTimer.nsecsElapsed()) / 1e6, processCpuMs() - flowsCpu0, set->flows.size(),
                    set->groups.size());
        if (flows) *flows = std::move(set);
    } catch (const SqliteError& e) {
        std::printf("flows failed: %s\n", e.what());
        return nullptr;
    }
    return data;
}

// The flows' bytes, read after the first frame: the arrays and the groups' indices.
std::size_t flowBytes(const TimelineFlowSet& set) {
    std::size_t bytes = set.flows.memoryBytes();
    for (const FlowGroup& g : set.groups)
        bytes += sizeof(FlowGroup) + g.flows.memoryBytes() + g.leavesNs.memoryBytes();
    return bytes;
}

void benchPath(const std::string& path) {
    // Both ways, scanned first, so that the stored layout's run does not warm anything for the scan.
    // OPSCOPE_BENCH_STORED_ONLY=1: the stored layout alone (for perf and callgrind).
    if (!std::getenv("OPSCOPE_BENCH_STORED_ONLY") && !firstFrame(path, false, "slice table scanned")) return;
    std::shared_ptr<const TimelineFlowSet> flows;
    auto data = firstFrame(path, true, "stored layout", &flows);
    if (!data) return;
    ScreenView screen(data);
    screen.view.setData(data, true);
    if (const char* dir = std::getenv("OPSCOPE_BENCH_PICTURE")) { // what a frame shows while the flows load
        screen.view.setFlowsVisible(true);
        renderMs(screen.view, screen.image);
        screen.image.save(QString::fromUtf8(dir) + QStringLiteral("/timeline-flows-loading.png"));
    }
    screen.view.setFlows(flows);
    ZoomControl& zoom = screen.zoom;
    TimelineView& view = screen.view;
    QImage& image = screen.image;
    // Flows drawn, as a user who turns them on sees them; OPSCOPE_BENCH_NO_FLOWS=1: what the arrows cost.
    view.setFlowsVisible(!std::getenv("OPSCOPE_BENCH_NO_FLOWS"));
    renderMs(view, image);
    std::printf("timeline memory: %.1f bytes/slice (%zu slices, %.1f MB)\n",
                static_cast<double>(data->memoryBytes() + flowBytes(*flows)) / static_cast<double>(data->slices().size()),
                data->slices().size(), static_cast<double>(data->memoryBytes() + flowBytes(*flows)) / 1e6);
    if (data->slicesMapped()) {
        std::size_t mapped = data->mappedBytes() + flows->flows.mappedBytes();
        for (const FlowGroup& g : flows->groups) mapped += g.flows.mappedBytes() + g.leavesNs.mappedBytes();
        std::printf("  and %.1f MB mapped from scratch files (%s)\n", static_cast<double>(mapped) / 1e6, data->scratchDirectory().c_str());
    }

    const TimeRange trace = data->traceRange();
    struct Level {
        const char* name;
        double fraction;
    };
    const Level levels[] = {{"whole trace", 1.0}, {"1%", 0.01}, {"0.01%", 0.0001}, {"deep (2 us)", -1}};
    std::printf("%zu flows\n", flows->flows.size());
    // "1st repaint": the same frame again (a hover or selection repaint), painted into the time area's image
    // (time_area_image.h); "cached ms": once more, copied from that image.
    std::printf("%-12s %10s %10s %10s %12s %10s %12s %12s %18s\n", "zoom", "mean ms", "max ms", "cpu ms", "1st repaint",
                "cached ms", "items", "folded", "flows drawn/merged");
    // OPSCOPE_BENCH_LEVELS=N: the first N zoom levels only (callgrind of the whole-trace frames: 1).
    const char* levelLimit = std::getenv("OPSCOPE_BENCH_LEVELS");
    const std::size_t levelCount = levelLimit ? std::min<std::size_t>(std::size(levels), std::strtoul(levelLimit, nullptr, 10)) : std::size(levels);
    for (const Level& level : std::span<const Level>(levels, levelCount)) {
        const TimeNs dur = level.fraction > 0 ? static_cast<TimeNs>(static_cast<double>(trace.durationNs()) * level.fraction) : 2'000;
        constexpr int kFrames = 20;
        double total = 0, worst = 0, cpuTotal = 0;
        for (int f = 0; f < kFrames; ++f) {
            // Different windows each frame, spread over the trace, so nothing is reused between frames. The
            // whole trace cannot be spread (the zoom keeps to the trace): each frame starts 0.05 % of it
            // further in, a new window of 99 % of the trace or more, none the window the view opened at.
            const TimeNs start = level.fraction < 1 ? trace.startNs + (trace.durationNs() - dur) / kFrames * f
                                                    : trace.startNs + std::max<TimeNs>(1, trace.durationNs() / 2000) * (f + 1);
            zoom.setVisibleRange({start, level.fraction < 1 ? start + dur : trace.endNs});
            double cpu = 0;
            const long faults0 = minorFaults();
            const double ms = renderMs(view, image, &cpu);
            // OPSCOPE_BENCH_EACH=1: every frame's wall and CPU time and page faults (which frame is slow, and why).
            if (std::getenv("OPSCOPE_BENCH_EACH"))
                std::printf("  %s frame %d: %.2f ms, cpu %.2f ms, %ld page faults\n", level.name, f, ms, cpu, minorFaults() - faults0);
            cpuTotal += cpu;
            total += ms;
            worst = std::max(worst, ms);
        }
        auto repaintMs = [&] { // hover/selection repaint: draw list reused
            QElapsedTimer timer;
            timer.start();
            QPainter painter(&image);
            view.render(&painter);
            painter.end();
            return static_cast<double>(timer.nsecsElapsed()) / 1e6;
        };
        const double firstRepaint = repaintMs(), cached = repaintMs();
        // OPSCOPE_BENCH_PICTURE=DIR: the last frame of each zoom, to look at.
        if (const char* dir = std::getenv("OPSCOPE_BENCH_PICTURE"))
            image.save(QString::fromUtf8(dir) + QStringLiteral("/timeline-") + QString::number(&level - levels) + QStringLiteral(".png"));
        std::printf("%-12s %10.2f %10.2f %10.2f %12.2f %10.2f %12lld %12lld %10d/%-7d\n", level.name, total / kFrames, worst,
                    cpuTotal / kFrames, firstRepaint, cached, static_cast<long long>(view.lastDrawnItems()),
                    static_cast<long long>(view.lastFoldedSlices()), view.flowsDrawn(), view.flowsMerged());
    }
}

void benchStore(std::int64_t slices) {
    QElapsedTimer build;
    build.start();
    const std::string path = storeFor(slices);
    std::printf("\n== %lld slices (store %s, ready in %.1f s)\n", static_cast<long long>(slices), path.c_str(),
                static_cast<double>(build.elapsed()) / 1000.0);
    benchPath(path);
}

} // namespace

int main(int argc, char** argv) {
    opscope::tuneHeapForLargeTraces(); // as the GUI and the CLI do (OPSCOPE_HEAP_TUNING=0 to compare)
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    std::vector<std::int64_t> sizes;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--store" && i + 1 < argc) { // an imported trace, flows and all
            std::printf("\n== store %s\n", argv[i + 1]);
            benchPath(argv[++i]);
            return 0;
        }
        sizes.push_back(std::atoll(argv[i]));
    }
    if (sizes.empty()) sizes = {1'000'000, 10'000'000};
    for (std::int64_t n : sizes) benchStore(n);
    return 0;
}
