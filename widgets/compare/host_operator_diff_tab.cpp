#include "widgets/compare/host_operator_diff_tab.h"

#include "widgets/common/duration_cell.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <array>
#include <optional>

namespace opscope {

namespace {

// The duration a column holds, nullopt for the others: shown in the human format, plain µs in the CSV.
std::optional<TimeNs> durationAt(const HostOperatorDiff& r, int column) {
    switch (column) {
    case HostOperatorDiffModel::BaseTotalColumn: return r.baseTotalNs;
    case HostOperatorDiffModel::NewTotalColumn: return r.newTotalNs;
    case HostOperatorDiffModel::DiffColumn: return r.diffDurationNs();
    default: return std::nullopt;
    }
}

QString changeLabel(CountChange change) {
    switch (change) {
    case CountChange::Added: return HostOperatorDiffModel::tr("added");
    case CountChange::Deleted: return HostOperatorDiffModel::tr("deleted");
    case CountChange::Increased: return HostOperatorDiffModel::tr("increased");
    case CountChange::Decreased: return HostOperatorDiffModel::tr("decreased");
    case CountChange::Unchanged: break;
    }
    return HostOperatorDiffModel::tr("unchanged");
}

} // namespace

HostOperatorDiffModel::HostOperatorDiffModel(QObject* parent) : QAbstractTableModel(parent) {}

void HostOperatorDiffModel::resetData(std::vector<HostOperatorDiff> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int HostOperatorDiffModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }
int HostOperatorDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HostOperatorDiffModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const HostOperatorDiff& r = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= BaseCountColumn)
        return QVariant(static_cast<int>(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case ChangeColumn: return static_cast<int>(r.change); // the order the CLI lists them in
        case BaseCountColumn: return QVariant::fromValue<qint64>(r.baseCount);
        case NewCountColumn: return QVariant::fromValue<qint64>(r.newCount);
        case BaseTotalColumn: return QVariant::fromValue<qint64>(r.baseTotalNs);
        case NewTotalColumn: return QVariant::fromValue<qint64>(r.newTotalNs);
        case DiffColumn: return QVariant::fromValue<qint64>(r.diffDurationNs());
        default: break;
        }
    }
    if (const std::optional<TimeNs> ns = durationAt(r, index.column()))
        return role == SortRole ? QVariant() : durationCellData(static_cast<double>(*ns), role);
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case NameColumn: return QString::fromStdString(r.name);
    case ChangeColumn: return changeLabel(r.change);
    case BaseCountColumn: return QString::number(r.baseCount);
    case NewCountColumn: return QString::number(r.newCount);
    default: return {};
    }
}

QVariant HostOperatorDiffModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == kCsvRole) {
        const QString name = headerData(section, orientation, Qt::DisplayRole).toString();
        return durationAt(HostOperatorDiff{}, section) ? durationHeaderData(name, kCsvRole) : QVariant();
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Host operator");
    case ChangeColumn: return tr("Change");
    case BaseCountColumn: return tr("Base count");
    case NewCountColumn: return tr("New count");
    case BaseTotalColumn: return tr("Base total");
    case NewTotalColumn: return tr("New total");
    case DiffColumn: return tr("Difference");
    default: return {};
    }
}

HostOperatorDiffTab::HostOperatorDiffTab(QWidget* parent)
    : QWidget(parent), model_(new HostOperatorDiffModel(this)), proxy_(new QSortFilterProxyModel(this)),
      table_(new QTableView(this)), summary_(new QLabel(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(HostOperatorDiffModel::SortRole);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(HostOperatorDiffModel::NameColumn, QHeaderView::Stretch);
    table_->sortByColumn(HostOperatorDiffModel::ChangeColumn, Qt::AscendingOrder);
    summary_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(summary_);
    layout->addWidget(table_, 1);
}

void HostOperatorDiffTab::setDiff(std::vector<HostOperatorDiff> rows) {
    std::array<int, 5> counts{};
    for (const HostOperatorDiff& r : rows) ++counts[static_cast<std::size_t>(r.change)];
    summary_->setText(tr("Host operators (cpu_op) by name, counted on each side: %1 added, %2 deleted, %3 increased, "
                         "%4 decreased, %5 unchanged. The class follows the count; the duration is shown beside.")
                          .arg(counts[0]).arg(counts[1]).arg(counts[2]).arg(counts[3]).arg(counts[4]));
    model_->resetData(std::move(rows));
}

} // namespace opscope
