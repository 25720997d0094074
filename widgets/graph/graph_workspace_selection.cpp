// GraphWorkspace: selecting nodes (from a click, a search or the timeline), plotting their
// executions, stepping through them, the node context menu and image export.
#include "widgets/graph/graph_workspace.h"

#include "widgets/common/time_format.h"
#include "widgets/common/view_snapshot.h"
#include "widgets/graph/counter_curves_panel.h"
#include "widgets/graph/graph_view.h"

#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>

#include <algorithm>

namespace opscope {

void GraphWorkspace::plotNode(int viewIndex, qint64 currentSlice) {
    const GraphSceneNode& n = scene_->nodes()[static_cast<std::size_t>(viewIndex)];
    NodeExecutionData data;
    Error error;
    if (session_) session_->nodeExecutions(n.nodeIds, {}, &data, &error);
    executionIds_.clear();
    int current = 0;
    for (std::size_t i = 0; i < data.executions.size(); ++i) {
        executionIds_.push_back(data.executions[i].sliceId);
        if (data.executions[i].sliceId == currentSlice) current = static_cast<int>(i);
    }
    if (!counters_->isVisible()) {
        counters_->show();
        splitter_->setSizes({height() * 3 / 5, height() * 2 / 5});
    }
    const QString title = data.executions.empty()
                              ? tr("%1 — no execution in the trace").arg(n.name)
                              : data.executions.size() == 1 ? tr("%1 — 1 execution").arg(n.name)
                                                            : tr("%1 — %2 executions").arg(n.name).arg(data.executions.size());
    counters_->setData(title, std::move(data));
    counters_->setCurrentExecution(executionIds_.isEmpty() ? -1 : current);
}

void GraphWorkspace::selectNode(int viewIndex) {
    if (!scene_ || viewIndex < 0 || viewIndex >= static_cast<int>(scene_->nodes().size())) return;
    view_->setSelectedNode(viewIndex);
    plotNode(viewIndex, 0);
    emit executionsSelected(executionIds_, executionIds_.isEmpty() ? -1 : 0);
}

bool GraphWorkspace::selectNodeForSlice(qint64 sliceId) {
    if (!scene_) return false;
    const auto& map = loaded_.sliceNodes;
    auto it = std::lower_bound(map.begin(), map.end(), std::make_pair(static_cast<std::int64_t>(sliceId), std::int64_t{0}));
    if (it == map.end() || it->first != sliceId) return false;
    const int index = scene_->nodeOfStoreId(it->second);
    if (index < 0) return false;
    view_->setSelectedNode(index);
    const QRectF box = scene_->nodes()[static_cast<std::size_t>(index)].rect;
    if (!QRectF(view_->rect()).contains(QRectF(view_->mapFromScene(box.topLeft()), view_->mapFromScene(box.bottomRight()))))
        view_->centerOnNode(index);
    plotNode(index, sliceId);
    return true;
}

void GraphWorkspace::chooseExecution(int index) {
    if (index >= 0 && index < executionIds_.size()) emit executionStepped(executionIds_[index], index);
}

int GraphWorkspace::nodeIndexByName(const QString& name) const {
    if (!scene_) return -1;
    for (std::size_t i = 0; i < scene_->nodes().size(); ++i)
        if (scene_->nodes()[i].name == name) return static_cast<int>(i);
    return -1;
}

void GraphWorkspace::search(const QString& text) {
    matches_.clear();
    currentMatch_ = -1;
    if (scene_ && !text.isEmpty())
        for (std::size_t i = 0; i < scene_->nodes().size(); ++i)
            if (scene_->nodes()[i].name.contains(text, Qt::CaseInsensitive) ||
                scene_->nodes()[i].type.contains(text, Qt::CaseInsensitive))
                matches_.push_back(static_cast<int>(i));
    view_->setSearchMatches(matches_, -1);
    matchLabel_->setText(text.isEmpty() ? QString() : matches_.size() == 1 ? tr("1 match") : tr("%1 matches").arg(matches_.size()));
}

void GraphWorkspace::findNext(bool forward) {
    if (matches_.empty()) return;
    const int n = static_cast<int>(matches_.size());
    currentMatch_ = currentMatch_ < 0 ? (forward ? 0 : n - 1) : (currentMatch_ + (forward ? 1 : n - 1)) % n;
    const int node = matches_[static_cast<std::size_t>(currentMatch_)];
    view_->setSearchMatches(matches_, node);
    view_->centerOnNode(node);
    matchLabel_->setText(tr("%1 of %2").arg(currentMatch_ + 1).arg(n));
}

void GraphWorkspace::showNodeMenu(int index, QPoint globalPos) {
    QMenu menu(this);
    if (scene_ && index >= 0) {
        const GraphSceneNode& n = scene_->nodes()[static_cast<std::size_t>(index)];
        if (n.group) {
            menu.addAction(tr("Expand %1").arg(n.name), this, [this, scope = n.scope.toStdString()] {
                std::set<std::string> next = collapsed_;
                next.erase(scope);
                setCollapsed(std::move(next));
            });
        }
        // Offer each enclosing scope of the node.
        const QStringList parts = n.scope.split(QLatin1Char('/'), Qt::SkipEmptyParts);
        QString prefix;
        for (const QString& part : parts) {
            prefix = prefix.isEmpty() ? part : prefix + QLatin1Char('/') + part;
            menu.addAction(tr("Collapse scope %1").arg(prefix), this, [this, scope = prefix.toStdString()] {
                std::set<std::string> next = collapsed_;
                next.insert(scope);
                setCollapsed(std::move(next));
            });
        }
        menu.addAction(tr("Plot executions"), this, [this, index] { selectNode(index); });
        menu.addSeparator();
    }
    if (!collapsed_.empty()) menu.addAction(tr("Expand all scopes"), this, [this] { setCollapsed({}); });
    menu.addAction(tr("Fit to window"), view_, &GraphView::fitToView);
    menu.exec(globalPos);
}

bool GraphWorkspace::exportImage(const QString& path, QString* errorMessage) {
    return saveWidgetImage(view_, path, view_->size(), errorMessage);
}

} // namespace opscope
