#include "widgets/compare/comparison_models.h"

#include "widgets/common/duration_cell.h"
#include "widgets/common/time_format.h"
#include "widgets/diagnosis/findings_model.h"
#include "widgets/operators/operator_stats_model.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <cmath>

namespace opscope {

namespace {

const QColor kRegressed(200, 40, 40);
const QColor kImproved(30, 130, 70);

QString ratioText(double ratio) { return std::isnan(ratio) ? QString() : QString::number(ratio, 'f', 3); }

QString statusText(const OperatorDiff& d) {
    if (d.regressed()) return OperatorDiffModel::tr("regressed");
    switch (d.presence) {
    case Presence::New: return OperatorDiffModel::tr("new");
    case Presence::Vanished: return OperatorDiffModel::tr("vanished");
    case Presence::Both: break;
    }
    return d.deltaTotalNs() == 0 ? OperatorDiffModel::tr("same")
                                 : d.deltaTotalNs() < 0 ? OperatorDiffModel::tr("faster") : OperatorDiffModel::tr("slower");
}

double nanToZero(double v) { return std::isnan(v) ? 0.0 : v; }

} // namespace

QString growthText(double base, double current) {
    if (base == 0) return current == 0 ? QStringLiteral("0%") : OperatorDiffModel::tr("new");
    const double percent = (current / base - 1.0) * 100.0;
    return (percent >= 0 ? QStringLiteral("+") : QString()) + QString::number(percent, 'f', 1) + QLatin1Char('%');
}

QString regressionSentence(const Regression& r) {
    const QString change = QStringLiteral("%1 → %2 (%3)")
                               .arg(formatDuration(static_cast<TimeNs>(std::llround(r.base))),
                                    formatDuration(static_cast<TimeNs>(std::llround(r.current))), growthText(r.base, r.current));
    const QString subject = QString::fromStdString(r.subject);
    switch (r.kind) {
    case RegressionKind::BusyTime: return OperatorDiffModel::tr("Device busy time %1").arg(change);
    case RegressionKind::BubbleTime: return OperatorDiffModel::tr("Bubble time %1").arg(change);
    case RegressionKind::DeviceBusy: return OperatorDiffModel::tr("Device “%1” busy time %2").arg(subject, change);
    case RegressionKind::OperatorTotal: return OperatorDiffModel::tr("Operator “%1” total time %2").arg(subject, change);
    case RegressionKind::OperatorMean: return OperatorDiffModel::tr("Operator “%1” mean time %2").arg(subject, change);
    case RegressionKind::NewOperator:
        return OperatorDiffModel::tr("New operator “%1” takes %2")
            .arg(subject, formatDuration(static_cast<TimeNs>(std::llround(r.current))));
    case RegressionKind::NewFinding: return OperatorDiffModel::tr("New high-severity finding “%1”").arg(subject);
    }
    return subject;
}

OperatorDiffModel::OperatorDiffModel(QObject* parent) : QAbstractTableModel(parent) {}

void OperatorDiffModel::resetData(std::vector<OperatorDiff> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int OperatorDiffModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int OperatorDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::optional<double> OperatorDiffModel::durationNsAt(const OperatorDiff& d, int column) {
    switch (column) {
    case BaseTotalColumn: return static_cast<double>(d.baseTotalNs);
    case NewTotalColumn: return static_cast<double>(d.newTotalNs);
    case DeltaTotalColumn: return static_cast<double>(d.deltaTotalNs());
    case BaseMeanColumn: return d.baseMeanNs;
    case NewMeanColumn: return d.newMeanNs;
    default: return std::nullopt;
    }
}

QVariant OperatorDiffModel::display(const OperatorDiff& d, int column) const {
    if (const std::optional<double> ns = durationNsAt(d, column)) return durationCellData(*ns, Qt::DisplayRole);
    switch (column) {
    case NameColumn: return QString::fromStdString(d.name);
    case StatusColumn: return statusText(d);
    case BaseCountColumn: return QString::number(d.baseCount);
    case NewCountColumn: return QString::number(d.newCount);
    case TotalRatioColumn: return ratioText(d.totalRatio());
    case MeanRatioColumn: return ratioText(d.meanRatio());
    default: return {};
    }
}

QVariant OperatorDiffModel::sortValue(const OperatorDiff& d, int column) const {
    switch (column) {
    case NameColumn: return QString::fromStdString(d.name);
    case StatusColumn: return statusText(d);
    case BaseCountColumn: return static_cast<qlonglong>(d.baseCount);
    case NewCountColumn: return static_cast<qlonglong>(d.newCount);
    case BaseTotalColumn: return static_cast<qlonglong>(d.baseTotalNs);
    case NewTotalColumn: return static_cast<qlonglong>(d.newTotalNs);
    case DeltaTotalColumn: return static_cast<qlonglong>(d.deltaTotalNs());
    case TotalRatioColumn: return nanToZero(d.totalRatio());
    case BaseMeanColumn: return d.baseMeanNs;
    case NewMeanColumn: return d.newMeanNs;
    case MeanRatioColumn: return nanToZero(d.meanRatio());
    default: return {};
    }
}

QVariant OperatorDiffModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const OperatorDiff& d = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return display(d, index.column());
    case kCsvRole: {
        const std::optional<double> ns = durationNsAt(d, index.column());
        return ns ? durationCellData(*ns, kCsvRole) : QVariant();
    }
    case SortRole: return sortValue(d, index.column());
    case RegressedRole: return d.regressed();
    case Qt::TextAlignmentRole:
        return index.column() <= StatusColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (d.regressed()) return QBrush(kRegressed);
        if (index.column() == DeltaTotalColumn && d.deltaTotalNs() < 0) return QBrush(kImproved);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == NameColumn) return QString::fromStdString(d.name);
        return {};
    default: return {};
    }
}

QVariant OperatorDiffModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == kCsvRole) {
        const QString name = headerData(section, orientation, Qt::DisplayRole).toString();
        return durationNsAt(OperatorDiff{}, section) ? durationHeaderData(name, kCsvRole) : QVariant();
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Operator");
    case StatusColumn: return tr("Status");
    case BaseCountColumn: return tr("Base count");
    case NewCountColumn: return tr("New count");
    case BaseTotalColumn: return tr("Base total");
    case NewTotalColumn: return tr("New total");
    case DeltaTotalColumn: return tr("Δ total");
    case TotalRatioColumn: return tr("Total ratio");
    case BaseMeanColumn: return tr("Base mean");
    case NewMeanColumn: return tr("New mean");
    case MeanRatioColumn: return tr("Mean ratio");
    default: return {};
    }
}

ComparisonSummaryModel::ComparisonSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

namespace {

TimeNs roundedNs(double ns) { return static_cast<TimeNs>(std::llround(ns)); }

// What a person reads: times in the one human format, shares as percentages, counts as integers.
QString valueText(const MetricDiff& m, double v) {
    if (m.unit == "ns") return formatDuration(roundedNs(v));
    if (m.unit == "ratio") return QString::number(v * 100.0, 'f', 1) + QLatin1Char('%');
    return QLocale().toString(static_cast<qlonglong>(std::llround(v)));
}

// What the CSV gets: plain numbers, the unit in the name (csvUnitSuffix).
QString csvValueText(const MetricDiff& m, double v) {
    if (m.unit == "ns") return microsecondsText(v);
    if (m.unit == "ratio") return QString::number(v * 100.0, 'f', 1);
    return QString::number(static_cast<qlonglong>(std::llround(v)));
}

QString csvUnitSuffix(const std::string& unit) {
    if (unit == "ns") return ComparisonSummaryModel::tr(" (µs)");
    if (unit == "ratio") return ComparisonSummaryModel::tr(" (%)");
    return {};
}

// "+16.7" percent, "new" when the base is 0.
QString changeText(double base, double current) {
    QString text = growthText(base, current);
    if (text.endsWith(QLatin1Char('%'))) text.chop(1);
    return text;
}

QString metricName(const std::string& name) {
    if (name == "trace duration") return ComparisonSummaryModel::tr("Trace duration");
    if (name == "busy time") return ComparisonSummaryModel::tr("Device busy time");
    if (name == "bubble time") return ComparisonSummaryModel::tr("Bubble time");
    if (name == "bubbles") return ComparisonSummaryModel::tr("Bubbles");
    if (name == "largest bubble") return ComparisonSummaryModel::tr("Largest bubble");
    if (name == "operator executions") return ComparisonSummaryModel::tr("Operator executions");
    if (name == "device imbalance") return ComparisonSummaryModel::tr("Device imbalance");
    return QString::fromStdString(name);
}

QString presenceText(Presence p) {
    switch (p) {
    case Presence::New: return ComparisonSummaryModel::tr("appeared");
    case Presence::Vanished: return ComparisonSummaryModel::tr("disappeared");
    case Presence::Both: break;
    }
    return ComparisonSummaryModel::tr("still fires");
}

} // namespace

void ComparisonSummaryModel::resetData(const ComparisonResult& result) {
    beginResetModel();
    rows_.clear();
    for (const MetricDiff& m : result.totals) {
        Row r{tr("Total"), metricName(m.name), valueText(m, m.base), valueText(m, m.current),
              m.unit == "ratio" ? QString() : changeText(m.base, m.current),
              m.regressed ? tr("regressed") : m.gated ? tr("ok") : QString(), m.base, m.current, m.delta(),
              m.regressed, m.gated && m.delta() < 0, {}, {}, {}, {}};
        r.csvName = r.name + csvUnitSuffix(m.unit);
        r.csvBase = csvValueText(m, m.base);
        r.csvNew = csvValueText(m, m.current);
        rows_.push_back(std::move(r));
    }
    for (const DeviceDiff& d : result.devices) {
        const double b = static_cast<double>(d.baseBusyNs), n = static_cast<double>(d.newBusyNs);
        Row r{tr("Device busy time"), QString::fromStdString(d.label), formatDuration(d.baseBusyNs),
              formatDuration(d.newBusyNs), changeText(b, n),
              d.regressed ? tr("regressed") : d.presence == Presence::Both ? tr("ok") : presenceText(d.presence),
              b, n, n - b, d.regressed, n < b, {}, {}, {}, {}};
        r.csvSection = r.section + csvUnitSuffix("ns");
        r.csvBase = microsecondsText(b);
        r.csvNew = microsecondsText(n);
        rows_.push_back(std::move(r));
    }
    for (const FindingDiff& f : result.findings) {
        Row r{tr("Finding"), QString::fromStdString(f.title.empty() ? f.ruleId : f.title),
              f.presence == Presence::New ? QString() : localizedFindingValue(f.baseMeasured, f.unit),
              f.presence == Presence::Vanished ? QString() : localizedFindingValue(f.newMeasured, f.unit),
              QString::fromStdString(f.severity), f.regressed ? tr("regressed") : presenceText(f.presence),
              f.baseMeasured, f.newMeasured, f.newMeasured - f.baseMeasured, f.regressed,
              f.presence == Presence::Vanished, {}, {}, {}, {}};
        if (!f.unit.empty()) r.csvName = QStringLiteral("%1 (%2)").arg(r.name, QString::fromStdString(f.unit));
        r.csvBase = f.presence == Presence::New ? QString() : QString::number(f.baseMeasured, 'g', 6);
        r.csvNew = f.presence == Presence::Vanished ? QString() : QString::number(f.newMeasured, 'g', 6);
        rows_.push_back(std::move(r));
    }
    endResetModel();
}

QVariant ComparisonSummaryModel::csvValue(const Row& r, int column) const {
    auto orShown = [](const QString& csv, const QString& shown) { return csv.isEmpty() ? shown : csv; };
    switch (column) {
    case SectionColumn: return orShown(r.csvSection, r.section);
    case NameColumn: return orShown(r.csvName, r.name);
    case BaseColumn: return r.csvBase.isEmpty() && r.base.isEmpty() ? QString() : orShown(r.csvBase, r.base);
    case NewColumn: return r.csvNew.isEmpty() && r.current.isEmpty() ? QString() : orShown(r.csvNew, r.current);
    default: return {};
    }
}

int ComparisonSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ComparisonSummaryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ComparisonSummaryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const Row& r = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SectionColumn: return r.section;
        case NameColumn: return r.name;
        case BaseColumn: return r.base;
        case NewColumn: return r.current;
        case ChangeColumn: return r.change;
        case StatusColumn: return r.status;
        default: return {};
        }
    case SortRole:
        switch (index.column()) {
        case BaseColumn: return r.baseValue;
        case NewColumn: return r.newValue;
        case ChangeColumn: return r.changeValue;
        default: return data(index, Qt::DisplayRole);
        }
    case kCsvRole: return csvValue(r, index.column());
    case Qt::ToolTipRole:
        if (index.column() == NameColumn) return r.name;
        return {};
    case RegressedRole: return r.regressed;
    case Qt::ForegroundRole:
        if (r.regressed) return QBrush(kRegressed);
        if (r.improved && index.column() >= ChangeColumn) return QBrush(kImproved);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() >= BaseColumn && index.column() <= ChangeColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                              : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant ComparisonSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SectionColumn: return tr("Section");
    case NameColumn: return tr("Name");
    case BaseColumn: return tr("Base");
    case NewColumn: return tr("New");
    case ChangeColumn: return tr("Change (%)");
    case StatusColumn: return tr("Status");
    default: return {};
    }
}

} // namespace opscope
