// CSV export of an item model as shown (pass the proxy: its rows, order and columns): RFC 4180 quoting,
// CRLF rows, UTF-8; a cell or header answering kCsvRole (durations) gives that plain number instead.
#pragma once
#include <QByteArray>
#include <QString>

class QAbstractItemModel;
class QAbstractItemView;

namespace opscope {

// Quotes a field when it holds a comma, a quote, CR or LF; quotes inside are doubled.
QString csvField(const QString& text);
// Header row (horizontal header, display role) then every top-level row, in the model's order.
QByteArray modelToCsv(const QAbstractItemModel& model);
bool exportModelToCsv(const QAbstractItemModel& model, const QString& path, QString* errorMessage);
// A table or tree view as shown: its model (the proxy: sort, filter), only the columns the header shows,
// in their on-screen order.
QByteArray viewToCsv(const QAbstractItemView& view);
bool exportViewToCsv(const QAbstractItemView& view, const QString& path, QString* errorMessage);

} // namespace opscope
