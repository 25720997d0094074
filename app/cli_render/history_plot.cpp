#include "app/cli/history_plot.h"

#include "app/cli_render/offscreen_application.h"
#include "widgets/common/view_snapshot.h"
#include "widgets/history/history_view.h"

#include <QComboBox>

#include <cstdio>

namespace opscope::cli {

int historyPlot(ArgParser parser) {
    std::string dbPath, op, device, scope, size = "1400x700", out;
    parser.option("--db", &dbPath);
    parser.option("--op", &op);
    parser.option("--device", &device);
    parser.option("--scope", &scope);
    parser.option("--size", &size);
    if (!parser.option("-o", &out)) parser.option("--output", &out);
    int width = 0, height = 0;
    if (parser.positional().size() != 1 || !parser.unknownOptions().empty() || out.empty() || dbPath.empty() ||
        std::sscanf(size.c_str(), "%dx%d", &width, &height) != 2 || width <= 0 || height <= 0 || width > 16384 ||
        height > 16384) {
        std::fprintf(stderr, "usage: opscope-cli history plot --db H METRIC [--op NAME | --device D | --scope S] "
                             "[--size WxH] -o OUT.png|.svg\n");
        return kExitBadInput;
    }
    if (!op.empty()) scope = op;
    if (!device.empty()) scope = device;
    auto app = ensureApplication();
    HistoryView view;
    QString message;
    if (!view.openHistory(QString::fromStdString(dbPath), &message)) {
        std::fprintf(stderr, "opscope-cli history: %s\n", message.toStdString().c_str());
        return kExitBadInput;
    }
    const QString metric = QString::fromStdString(parser.positional()[0]);
    if (view.metricBox()->findText(metric) < 0) {
        std::fprintf(stderr, "opscope-cli history: %s has no metric %s (see `history metrics`)\n", dbPath.c_str(),
                     parser.positional()[0].c_str());
        return kExitBadInput;
    }
    view.showMetric(metric, QString::fromStdString(scope));
    view.resize(width, height);
    view.waitForLoaded(60000);
    if (!saveWidgetImage(&view, QString::fromStdString(out), QSize(width, height), &message)) {
        std::fprintf(stderr, "opscope-cli history: %s\n", message.toStdString().c_str());
        return kExitFailure;
    }
    std::printf("%s\n", out.c_str());
    return kExitOk;
}

} // namespace opscope::cli
