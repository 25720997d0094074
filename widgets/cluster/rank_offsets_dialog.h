// The job clock's per-rank offsets as a table (rank, automatic offset, manual offset): the user types a
// manual correction in ns for any rank; the cluster view stores them and every view adds them.
#pragma once
#include "core/analysis/cluster/job_clock.h"

#include <QDialog>

#include <map>
#include <vector>

class QLabel;
class QTableWidget;

namespace opscope {

class RankOffsetsDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { RankColumn, AutomaticColumn, ManualColumn, ColumnCount };
    RankOffsetsDialog(const std::vector<RankClockRow>& rows, QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    // The manual column as rank -> ns; false (and the row named in the dialog) when a cell is not an
    // integer number of ns.
    bool manualOffsetsNs(std::map<int, TimeNs>* out) const;

    void accept() override;

private:
    QTableWidget* table_;
    QLabel* problem_;
};

} // namespace opscope
