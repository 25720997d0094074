// Memory view benchmark: the synthetic store of memory_bench (a million allocator records, fixed seed),
// then, offscreen at 1600x900, the time from handing the view its document to the view showing its curves and tables (load,
// summary, plot data) and the time of a full replot; best and median of the runs.
//   ui_memory_bench [--records N] [--runs R]
#include "bench/memory_store.h"
#include "core/model/heap_tuning.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/memory/memory_plot.h"
#include "widgets/memory/memory_view.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QTableView>

#include <algorithm>
#include <ctime>
#include <cstring>
#include <filesystem>

using namespace opscope;

int main(int argc, char** argv) {
    opscope::tuneHeapForLargeTraces(); // as the GUI and the CLI do (OPSCOPE_HEAP_TUNING=0 to compare)
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::int64_t records = 1'000'000;
    int runs = 5;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--records") && i + 1 < argc) records = std::atoll(argv[++i]);
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
    }
    std::string store = (std::filesystem::temp_directory_path() / "opscope-ui-memory-bench.sqlite").string();
    if (!bench::writeMemoryStore(store, records)) return 1;
    std::vector<double> loadMs, replotMs, cpuMs;
    for (int r = 0; r < runs; ++r) {
        ZoomControl zoom;
        MemoryView view(&zoom);
        view.resize(1600, 900);
        view.show();
        // The document (its timeline) is the main window's to open; what is timed is the view's own load.
        Error error;
        std::unique_ptr<TraceDocument> document(TraceDocument::openStore(store, nullptr, &error));
        if (!document) return 1;
        QElapsedTimer timer;
        timer.start();
        std::clock_t c0 = std::clock(); // the loading worker's CPU counts too: clock() is per process
        view.setDocument(document.get());
        if (!view.waitForLoaded(60000)) return 1;
        view.plot()->plot()->replot();
        loadMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpuMs.push_back(1000.0 * static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
        timer.restart();
        view.plot()->plot()->replot();
        replotMs.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (r == 0) std::printf("curves %d, largest rows %d\n", view.plot()->curveCount(), view.largestTable()->model()->rowCount());
    }
    auto report = [](const char* what, std::vector<double> ms) {
        std::sort(ms.begin(), ms.end());
        std::printf("%-34s best %8.1f ms  median %8.1f ms\n", what, ms.front(), ms[ms.size() / 2]);
    };
    report("setStore -> curves and tables shown", loadMs);
    report("  CPU of the process", cpuMs);
    report("replot", replotMs);
    std::filesystem::remove(store);
    return 0;
}
