// The communication figures per rank as a table: elapse, transit, wait, synchronisation, idle (ms),
// the wait and synchronisation ratios (flagged above the 0.2 guidance) and the bandwidth per link.
#pragma once
#include "core/analysis/communication/communication_analysis.h"

#include <QAbstractTableModel>

namespace opscope {

class CommunicationRanksModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, OpsColumn, ElapseColumn, TransitColumn, WaitColumn, SyncColumn, IdleColumn,
                  WaitRatioColumn, SyncRatioColumn, BandwidthColumn, ColumnCount };
    explicit CommunicationRanksModel(QObject* parent = nullptr);
    void resetData(CommunicationReport report);
    const CommunicationReport& report() const { return report_; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QString bandwidthText(int rank) const;
    CommunicationReport report_;
};

} // namespace opscope
