// The details panel: the selected slice's fields, args, flows and metrics in a tree whose rows copy
// with Ctrl+C or the context menu; flow rows jump to the slice at their other end.
#pragma once
#include "core/analysis/launch/slice_launch_details.h"
#include "core/store/slice_details.h"

#include <QWidget>

class QLabel;
class QStackedWidget;
class QTreeView;

namespace opscope {

class SliceDetailsModel;

class DetailsPanel : public QWidget {
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget* parent = nullptr);

    // launch (may be null): the slice's launches both ways, shown right below its fields.
    void showSlice(const SliceDetails& details, TimeNs traceStartNs, const SliceLaunchDetails* launch = nullptr);
    void clear();
    SliceDetailsModel* model() const { return model_; }
    QTreeView* view() const { return view_; }
    // Selected rows as "field<TAB>value" lines (children indented), as Ctrl+C copies them.
    QString selectedText() const;

signals:
    void jumpToSlice(qint64 sliceId);

private:
    void copySelection();
    void showContextMenu(const QPoint& pos);

    SliceDetailsModel* model_;
    QTreeView* view_;
    QLabel* placeholder_;
    QStackedWidget* stack_;
};

} // namespace opscope
