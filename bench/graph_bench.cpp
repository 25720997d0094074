// Graph benchmark (fixed seed): a synthetic 5,000-node model graph (scoped names, layered data edges)
// beside a trace that runs it three times on an NPU stream. Measures import + join, the one-time
// Graphviz layout, re-opening from the store (load + measures + scene), and GraphView frame times
// offscreen at 1600x900 while panning and zooming at three levels of detail.
// usage: graph_bench [NODES]   (default: 5000)
#include "core/importers/graph/graph_import.h"
#include "core/session/open_trace.h"
#include "widgets/graph/graph_loader.h"
#include "widgets/graph/graph_scene.h"
#include "widgets/graph/graph_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace opscope;
namespace fs = std::filesystem;

namespace {

std::string nodeName(int i) {
    return "block" + std::to_string(i / 250) + "/layer" + std::to_string((i / 25) % 10) + "/op_" + std::to_string(i);
}

const char* const kTypes[] = {"Conv2D", "MatMul", "Add", "Relu", "LayerNorm", "Softmax", "TransData", "Cast"};

void writeGraph(const std::string& path, int nodes) {
    std::mt19937 rng(7);
    std::ofstream out(path);
    out << "{\"format\": \"opscope-graph\", \"version\": 1, \"nodes\": [\n";
    for (int i = 0; i < nodes; ++i) {
        out << (i ? ",\n" : "") << "{\"name\": \"" << nodeName(i) << "\", \"type\": \"" << kTypes[rng() % 8]
            << "\", \"outputs\": [{\"tensor\": \"t" << i << "\", \"shape\": [1, " << (64 << (rng() % 4)) << ", 56, 56]}]";
        // Each node reads its predecessor and sometimes a skip connection a few nodes back.
        out << ", \"inputs\": [";
        if (i > 0) out << "\"t" << std::max(0, i - 1 - static_cast<int>(rng() % 3)) << "\"";
        if (i > 20 && rng() % 10 < 3) out << ", \"t" << i - 2 - static_cast<int>(rng() % 18) << "\"";
        out << "]}";
    }
    out << "\n]}\n";
}

void writeTrace(const std::string& path, int nodes, int iterations) {
    std::mt19937 rng(11);
    std::ofstream out(path);
    out << "{\"traceEvents\": [\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":2,\"args\":{\"name\":\"Ascend Hardware\"}}";
    long long ts = 1000;
    for (int it = 0; it < iterations; ++it)
        for (int i = 0; i < nodes; ++i) {
            const int dur = 5 + static_cast<int>(rng() % 200);
            out << ",\n{\"ph\":\"X\",\"pid\":2,\"tid\":7,\"name\":\"" << nodeName(i) << "\",\"ts\":" << ts << ",\"dur\":" << dur
                << ",\"args\":{\"Task Type\":\"AI_CORE\",\"Stream Id\":7,\"Task Id\":" << i << "}}";
            ts += dur + 1 + static_cast<int>(rng() % 5);
        }
    out << "\n]}\n";
}

double seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

struct FrameStats {
    double meanMs = 0, p95Ms = 0, maxMs = 0;
};

FrameStats frames(GraphView& view, QImage& image, int count, double zoomStep, QPointF panStep) {
    std::vector<double> ms;
    for (int i = 0; i < count; ++i) {
        if (zoomStep != 1.0) view.zoomBy(i % 20 < 10 ? zoomStep : 1.0 / zoomStep, QPointF(800, 450));
        else view.panBy(i % 40 < 20 ? panStep : -panStep);
        QElapsedTimer t;
        t.start();
        view.render(&image);
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    FrameStats s;
    for (double m : ms) s.meanMs += m / static_cast<double>(ms.size());
    s.p95Ms = ms[static_cast<std::size_t>(static_cast<double>(ms.size() - 1) * 0.95)];
    s.maxMs = ms.back();
    return s;
}

void printFrames(const char* label, const FrameStats& s) {
    std::printf("%-34s mean %6.2f ms  p95 %6.2f ms  max %6.2f ms  (%.0f fps at the mean)\n", label, s.meanMs, s.p95Ms,
                s.maxMs, 1000.0 / std::max(s.meanMs, 1e-3));
}

} // namespace

int main(int argc, char** argv) {
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
    const int nodes = argc > 1 ? std::max(10, std::atoi(argv[1])) : 5000;
    const fs::path dir = fs::temp_directory_path() / ("opscope-graph-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string trace = (dir / "model_trace.json").string(), graph = (dir / "model.graph.json").string();
    writeTrace(trace, nodes, 3);
    writeGraph(graph, nodes);
    OpenOptions options;
    OpenResult opened;
    Error error;
    if (!openTrace({trace}, options, {}, &opened, &error)) {
        std::fprintf(stderr, "graph_bench: %s\n", describe(error).c_str());
        return 1;
    }
    auto t0 = std::chrono::steady_clock::now();
    GraphImportReport report;
    if (!importGraphFile(opened.storePath, graph, &report, &error)) {
        std::fprintf(stderr, "graph_bench: %s\n", describe(error).c_str());
        return 1;
    }
    std::printf("graph: %lld nodes, %lld edges; trace: %lld slices\n", static_cast<long long>(report.nodes),
                static_cast<long long>(report.edges), static_cast<long long>(opened.summary.slices));
    std::printf("import + join:                     %.2f s (%lld of %lld nodes joined, %lld executions)\n", seconds(t0),
                static_cast<long long>(report.joinedNodes), static_cast<long long>(report.nodes),
                static_cast<long long>(report.joinedExecutions));
    GraphLoadRequest request;
    request.storePath = opened.storePath;
    t0 = std::chrono::steady_clock::now();
    GraphLoadResult first = loadGraphForView(request);
    if (!first.ok) {
        std::fprintf(stderr, "graph_bench: %s\n", describe(first.error).c_str());
        return 1;
    }
    std::printf("first open (dot layout, cached):   %.2f s (layout alone %.2f s)\n", seconds(t0), first.layoutSeconds);
    t0 = std::chrono::steady_clock::now();
    GraphLoadResult again = loadGraphForView(request);
    CollapsedLayout plain = collapseAndLayout(again.graph, {}, again.graph.direction);
    auto scene = GraphScene::build(again.graph, plain.view, plain.layout, again.measures);
    std::printf("re-open from the store:            %.3f s (load + measures + scene; laid out again: %s)\n",
                seconds(t0), again.laidOutNow ? "yes" : "no");

    GraphView view;
    view.resize(1600, 900);
    view.setScene(scene);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    view.render(&image); // warm up fonts and caches
    printFrames("pan, whole graph (far detail):", frames(view, image, 120, 1.0, QPointF(25, 5)));
    printFrames("zoom in/out around fit:", frames(view, image, 120, 1.1, {}));
    view.setTransform(0.35, QPointF(-200, 0));
    printFrames("pan at 0.35x (boxes, no labels):", frames(view, image, 120, 1.0, QPointF(30, 10)));
    view.setTransform(1.0, QPointF(-500, -100));
    printFrames("pan at 1x (labels):", frames(view, image, 120, 1.0, QPointF(30, 10)));
    view.setTransform(1.0, QPointF(-500, -100));
    printFrames("zoom in/out at 1x:", frames(view, image, 120, 1.05, {}));
    fs::remove_all(dir);
    return 0;
}
