#include "widgets/diagnosis/findings_model.h"

#include "core/analysis/diagnosis/finding_value_text.h"

#include "widgets/common/duration_cell.h"
#include "widgets/common/time_format.h"
#include "widgets/common/ui_language.h"
#include "widgets/operators/operator_stats_model.h"

#include <QCoreApplication>
#include <QFont>

#include <cmath>

namespace opscope {

QString localized(const LocalizedText& text) {
    if (uiLanguageIsChinese() && !text.zhCN.empty()) return QString::fromStdString(text.zhCN);
    return QString::fromStdString(text.en);
}

QString localizedFindingValue(double value, const std::string& unit) {
    // The digits and what follows them are core's (finding_value_text.h), as diagnose and the report
    // print them; the unit words are translated here, and times take the GUI's unit symbols.
    if (const std::optional<TimeNs> ns = findingDurationNs(value, unit)) return formatDuration(*ns);
    const QString number = QString::fromStdString(findingNumberText(value, unit));
    switch (findingSuffix(value, unit)) {
    case FindingSuffix::None: return number;
    case FindingSuffix::Percent: return QCoreApplication::translate("Findings", "%1%").arg(number);
    case FindingSuffix::Points: return QCoreApplication::translate("Findings", "%1 points").arg(number);
    case FindingSuffix::FlopPerByte: return QCoreApplication::translate("Findings", "%1 FLOP/byte").arg(number);
    case FindingSuffix::Unit: return QCoreApplication::translate("Findings", "%1 %2").arg(number, QString::fromStdString(unit));
    }
    return number;
}

QString severityLabel(const Finding& f) {
    switch (f.status) {
    case FindingStatus::Passed: return QCoreApplication::translate("Findings", "Passed");
    case FindingStatus::MissingInput: return QCoreApplication::translate("Findings", "Needs input");
    case FindingStatus::Fired: break;
    }
    switch (f.severity) {
    case Severity::High: return QCoreApplication::translate("Findings", "High");
    case Severity::Medium: return QCoreApplication::translate("Findings", "Medium");
    case Severity::Low: return QCoreApplication::translate("Findings", "Low");
    }
    return {};
}

QColor severityColour(const Finding& f) {
    if (f.status == FindingStatus::Passed) return QColor(0x00, 0x9e, 0x73);
    if (f.status == FindingStatus::MissingInput) return QColor(0x99, 0x99, 0x99);
    switch (f.severity) {
    case Severity::High: return QColor(0xd5, 0x5e, 0x00);
    case Severity::Medium: return QColor(0xe6, 0x9f, 0x00);
    case Severity::Low: return QColor(0x56, 0xb4, 0xe9);
    }
    return {};
}

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::resetData(std::vector<Finding> findings) {
    beginResetModel();
    findings_ = std::move(findings);
    endResetModel();
}

int FindingsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(findings_.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FindingsModel::display(const Finding& f, int column) const {
    const bool evaluated = f.status != FindingStatus::MissingInput;
    switch (column) {
    case SeverityColumn: return severityLabel(f);
    case TitleColumn: return localized(f.title);
    case MeasuredColumn: return evaluated ? localizedFindingValue(f.measured, f.unit) : localized(f.needs);
    case ThresholdColumn:
        return evaluated ? tr("%1 %2").arg(QString::fromStdString(f.comparison), localizedFindingValue(f.threshold, f.unit))
                         : QString();
    case AtStakeColumn: return f.status == FindingStatus::Fired ? durationCellData(static_cast<double>(f.timeAtStakeNs), Qt::DisplayRole) : QVariant(QString());
    case ShareColumn: return f.status == FindingStatus::Fired ? QString::number(f.timeShare * 100.0, 'f', 1) : QString();
    default: return {};
    }
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Finding& f = findings_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return display(f, index.column());
    case StatusRole: return static_cast<int>(f.status);
    case FindingIndexRole: return index.row();
    case SortRole:
        switch (index.column()) {
        case SeverityColumn: // fired high first ... passed last
            return f.status == FindingStatus::Fired ? 10 + static_cast<int>(f.severity)
                                                    : (f.status == FindingStatus::MissingInput ? 1 : 0);
        case MeasuredColumn: return f.measured;
        case ThresholdColumn: return f.threshold;
        case AtStakeColumn: return static_cast<qlonglong>(f.timeAtStakeNs);
        case ShareColumn: return f.timeShare;
        default: return display(f, index.column());
        }
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn) return severityColour(f);
        return {};
    case Qt::ForegroundRole:
        if (f.status != FindingStatus::Fired && index.column() != SeverityColumn) return QColor(0x88, 0x8c, 0x94);
        return {};
    case Qt::FontRole:
        if (f.status == FindingStatus::Fired && index.column() == TitleColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return static_cast<int>((index.column() >= AtStakeColumn ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    case kCsvRole:
        if (index.column() == AtStakeColumn)
            return f.status == FindingStatus::Fired ? durationCellData(static_cast<double>(f.timeAtStakeNs), kCsvRole) : QVariant(QString());
        return {};
    case Qt::ToolTipRole:
        if (index.column() == MeasuredColumn) {
            // The cell is elided: the tooltip has the whole of what is missing and why.
            QStringList lines;
            if (f.status == FindingStatus::MissingInput) lines << localized(f.needs);
            if (!f.detail.empty()) lines << QString::fromStdString(f.detail);
            return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
        }
        if (index.column() == TitleColumn) return localized(f.suggestion);
        return {};
    default: return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == AtStakeColumn)
        return tr("Estimate of the device time the finding is about");
    if (section == AtStakeColumn) return durationHeaderData(tr("Time at stake"), role);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case TitleColumn: return tr("Finding");
    case MeasuredColumn: return tr("Measured");
    case ThresholdColumn: return tr("Fires when");
    case ShareColumn: return tr("Device time (%)");
    default: return {};
    }
}

} // namespace opscope
