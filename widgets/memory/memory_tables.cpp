#include "widgets/memory/memory_tables.h"

#include "widgets/common/time_format.h"

#include <limits>

namespace opscope {

QString formatBytes(std::int64_t bytes) {
    const double b = static_cast<double>(bytes);
    const double magnitude = b < 0 ? -b : b;
    if (magnitude >= 1024.0 * 1024 * 1024) return QStringLiteral("%1 GiB").arg(b / (1024.0 * 1024 * 1024), 0, 'f', 2);
    if (magnitude >= 1024.0 * 1024) return QStringLiteral("%1 MiB").arg(b / (1024.0 * 1024), 0, 'f', 2);
    if (magnitude >= 1024.0) return QStringLiteral("%1 KiB").arg(b / 1024.0, 0, 'f', 2);
    return QStringLiteral("%1 B").arg(bytes);
}

MemoryBlockModel::MemoryBlockModel(QObject* parent) : QAbstractTableModel(parent) {}

void MemoryBlockModel::resetData(std::vector<MemoryBlock> blocks, TimeRange trace) {
    beginResetModel();
    blocks_ = std::move(blocks);
    trace_ = trace;
    endResetModel();
}

int MemoryBlockModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(blocks_.size());
}

int MemoryBlockModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MemoryBlockModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const MemoryBlock& b = blocks_[static_cast<std::size_t>(index.row())];
    const bool sort = role == SortRole;
    if (role != Qt::DisplayRole && !sort) {
        if (role == Qt::TextAlignmentRole && index.column() != OperatorColumn && index.column() != ComponentColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::ToolTipRole && index.column() == OperatorColumn)
            return b.sliceId ? tr("Click to select this operator on the timeline") : tr("No timeline slice is known for this allocation");
        return {};
    }
    switch (index.column()) {
    case OperatorColumn: return QString::fromStdString(b.operatorName);
    case SizeColumn: return sort ? QVariant::fromValue<qlonglong>(b.sizeBytes) : QVariant(formatBytes(b.sizeBytes));
    case AllocColumn:
        if (!b.allocTsNs) return sort ? QVariant::fromValue<qlonglong>(-1) : QVariant(tr("before the trace"));
        return sort ? QVariant::fromValue<qlonglong>(*b.allocTsNs - trace_.startNs)
                    : QVariant(formatDuration(*b.allocTsNs - trace_.startNs));
    case ReleaseColumn:
        if (!b.releaseTsNs) return sort ? QVariant::fromValue<qlonglong>(std::numeric_limits<qlonglong>::max()) : QVariant(tr("never"));
        return sort ? QVariant::fromValue<qlonglong>(*b.releaseTsNs - trace_.startNs)
                    : QVariant(formatDuration(*b.releaseTsNs - trace_.startNs));
    case LifetimeColumn: {
        TimeNs life = b.lifetimeNs(trace_);
        return sort ? QVariant::fromValue<qlonglong>(life) : QVariant(formatDuration(life));
    }
    case ComponentColumn: return QString::fromStdString(b.component);
    default: return {};
    }
}

QVariant MemoryBlockModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case OperatorColumn: return tr("Operator");
    case SizeColumn: return tr("Size");
    case AllocColumn: return tr("Allocated at");
    case ReleaseColumn: return tr("Released at");
    case LifetimeColumn: return tr("Lifetime");
    case ComponentColumn: return tr("Component");
    default: return {};
    }
}

MemoryOperatorModel::MemoryOperatorModel(QObject* parent) : QAbstractTableModel(parent) {}

void MemoryOperatorModel::resetData(std::vector<OperatorMemory> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int MemoryOperatorModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int MemoryOperatorModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MemoryOperatorModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const OperatorMemory& o = rows_[static_cast<std::size_t>(index.row())];
    const bool sort = role == SortRole;
    if (role == Qt::TextAlignmentRole && index.column() != OperatorColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && !sort) return {};
    auto bytes = [sort](std::int64_t v) { return sort ? QVariant::fromValue<qlonglong>(v) : QVariant(formatBytes(v)); };
    switch (index.column()) {
    case OperatorColumn: return QString::fromStdString(o.operatorName);
    case AllocationsColumn: return QVariant::fromValue<qlonglong>(o.allocations);
    case TotalColumn: return bytes(o.totalAllocatedBytes);
    case PeakColumn: return bytes(o.peakBytes);
    case UnreleasedColumn: return bytes(o.unreleasedBytes);
    default: return {};
    }
}

QVariant MemoryOperatorModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case OperatorColumn: return tr("Operator");
    case AllocationsColumn: return tr("Allocations");
    case TotalColumn: return tr("Total allocated");
    case PeakColumn: return tr("Peak held");
    case UnreleasedColumn: return tr("Never released");
    default: return {};
    }
}

} // namespace opscope
