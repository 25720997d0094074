// Table cells that hold durations: shown in the one format for people ("1ms 234µs 567ns"), exported to CSV
// as plain microseconds with the unit in the column name, so a spreadsheet still gets numbers.
#pragma once
#include <QString>
#include <QVariant>

namespace opscope {

// The role csv_export asks first; a model answers it where the CSV differs from what is shown.
constexpr int kCsvRole = Qt::UserRole + 0x200;

// Display and tooltip: the human text; kCsvRole: microseconds with three decimals; NaN gives nothing.
QVariant durationCellData(double ns, int role);
// The same for an exact duration: the CSV's microseconds are exact to the ns.
QVariant durationCellData(long long ns, int role);
inline QVariant durationCellData(long ns, int role) { return durationCellData(static_cast<long long>(ns), role); }
// Display: the name as shown above human durations; kCsvRole: "name (µs)".
QVariant durationHeaderData(const QString& name, int role);

} // namespace opscope
