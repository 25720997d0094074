#include "widgets/common/csv_export.h"

#include <QAbstractItemModel>
#include <QFile>
#include <QStringList>

namespace opscope {

QString csvField(const QString& text) {
    static const QString special = QStringLiteral(",\"\r\n");
    bool needsQuotes = false;
    for (QChar c : text) {
        if (special.contains(c)) {
            needsQuotes = true;
            break;
        }
    }
    if (!needsQuotes) return text;
    QString escaped = text;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QByteArray modelToCsv(const QAbstractItemModel& model) {
    QString out;
    const int columns = model.columnCount();
    QStringList fields;
    for (int c = 0; c < columns; ++c) fields << csvField(model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    for (int r = 0; r < model.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < columns; ++c) fields << csvField(model.index(r, c).data(Qt::DisplayRole).toString());
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

bool exportModelToCsv(const QAbstractItemModel& model, const QString& path, QString* errorMessage) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (errorMessage) *errorMessage = file.errorString();
        return false;
    }
    const QByteArray bytes = modelToCsv(model);
    if (file.write(bytes) != bytes.size()) {
        if (errorMessage) *errorMessage = file.errorString();
        return false;
    }
    return true;
}

} // namespace opscope
