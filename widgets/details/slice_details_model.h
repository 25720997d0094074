// The details panel's model: one slice's fields, args tree, flows and metric groups as a two-column tree
// (Field, Value). Rows that point at another slice (flow ends, parent) carry its id in JumpSliceRole.
#pragma once
#include "core/analysis/launch/slice_launch_details.h"
#include "core/store/slice_details.h"

#include <QAbstractItemModel>
#include <QString>

#include <vector>

namespace opscope {

class SliceDetailsModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Role { JumpSliceRole = Qt::UserRole + 1 }; // qint64 slice id, 0 when the row points nowhere
    enum Column { FieldColumn, ValueColumn, ColumnCount };

    explicit SliceDetailsModel(QObject* parent = nullptr);

    // Takes a finished snapshot in one reset; traceStartNs makes start times relative.
    // launch (may be null) adds "Launched by" for a device event and "Launched kernels" for a host slice.
    void resetData(const SliceDetails& details, TimeNs traceStartNs, const SliceLaunchDetails* launch = nullptr);
    // At most this many launched events get a row each; the rest are counted in one row.
    static constexpr std::size_t kMaxLaunchedRows = 500;
    void clear();
    bool isEmpty() const { return nodes_.empty(); }
    std::int64_t sliceId() const { return sliceId_; }
    // The "Device time" row: "compute (device busy)", "wait for an event: a gap in device busy, not work", ...
    static QString deviceTimeText(const SliceDetails& d);
    static QString aicoreFrequencyText(const SliceDetails& d);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node {
        int parent = -1;
        int row = 0; // index among its parent's children
        QString field, value, toolTip;
        qint64 jumpSliceId = 0;
        bool section = false;
        std::vector<int> children;
    };
    int add(int parent, const QString& field, const QString& value, qint64 jump = 0, bool section = false);
    void addFields(const SliceDetails& d, TimeNs traceStartNs);
    void addArgs(const SliceDetails& d);
    void addFlows(const SliceDetails& d, TimeNs traceStartNs);
    void addMetrics(const SliceDetails& d);
    void addLaunchedBy(const LaunchedFrom& f, TimeNs traceStartNs);
    void addLaunched(const SliceLaunchDetails& l, TimeNs traceStartNs);
    const Node* node(const QModelIndex& index) const;

    std::vector<Node> nodes_;
    std::vector<int> roots_;
    std::int64_t sliceId_ = 0;
};

} // namespace opscope
