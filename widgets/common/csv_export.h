// CSV export of an item model exactly as shown (pass the proxy): RFC 4180 quoting, CRLF rows, UTF-8.
#pragma once
#include <QByteArray>
#include <QString>

class QAbstractItemModel;

namespace opscope {

// Quotes a field when it holds a comma, a quote, CR or LF; quotes inside are doubled.
QString csvField(const QString& text);
// Header row (horizontal header, display role) then every top-level row, in the model's order.
QByteArray modelToCsv(const QAbstractItemModel& model);
bool exportModelToCsv(const QAbstractItemModel& model, const QString& path, QString* errorMessage);

} // namespace opscope
