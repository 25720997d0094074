// The selection statistics dock: aggregates of the slices in the last rectangle selection, computed on a
// worker (stale generations dropped), shown through a sort proxy and exported to CSV as shown.
#pragma once
#include "core/analysis/selection/selection_stats.h"

#include <QPointer>
#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace opscope {
class SelectionStatsModel;
}

namespace opscope {
class TraceDocument;
} // namespace opscope

namespace opscope::gui {

class SelectionStatsPanel : public QWidget {
    Q_OBJECT
public:
    explicit SelectionStatsPanel(QWidget* parent = nullptr);

    // The trace whose selections are computed (null: none).
    void setDocument(TraceDocument* document);
    void compute(TimeRange range, std::vector<SelectionTrack> tracks);
    void clear();
    SelectionStatsModel* model() const { return model_; }
    QSortFilterProxyModel* proxy() const { return proxy_; }
    bool exportCsv(const QString& path, QString* errorMessage) const;

signals:
    void computed(); // a result (or an error) was taken

private:
    void take(std::uint64_t generation, SelectionStats stats, QString error);
    void exportWithDialog();

    QPointer<TraceDocument> document_;
    SelectionStatsModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* view_;
    QLabel* summary_;
    QToolButton* export_;
    std::uint64_t generation_ = 0;
    std::size_t trackCount_ = 0;
};

} // namespace opscope::gui
