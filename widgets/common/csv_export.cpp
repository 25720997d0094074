#include "widgets/common/csv_export.h"

#include "core/report/csv_text.h"
#include "widgets/common/duration_cell.h"

#include <QAbstractItemModel>
#include <QFile>
#include <QHeaderView>
#include <QStringList>
#include <QTableView>
#include <QTreeView>

namespace opscope {

// The quoting lives in core (core/report/csv_text.h), shared with the command line's CSV.
QString csvField(const QString& text) { return QString::fromStdString(csvQuote(text.toStdString())); }

namespace {
// A cell or header as the CSV wants it: plain numbers with the unit in the column name where the model says
// so (kCsvRole), otherwise exactly what is shown.
QString csvHeader(const QAbstractItemModel& model, int column) {
    const QVariant v = model.headerData(column, Qt::Horizontal, kCsvRole);
    return (v.isValid() ? v : model.headerData(column, Qt::Horizontal, Qt::DisplayRole)).toString();
}
QString csvCell(const QModelIndex& index) {
    const QVariant v = index.data(kCsvRole);
    return (v.isValid() ? v : index.data(Qt::DisplayRole)).toString();
}
} // namespace

QByteArray modelToCsv(const QAbstractItemModel& model) {
    QString out;
    const int columns = model.columnCount();
    QStringList fields;
    for (int c = 0; c < columns; ++c) fields << csvField(csvHeader(model, c));
    out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    for (int r = 0; r < model.rowCount(); ++r) {
        fields.clear();
        for (int c = 0; c < columns; ++c) fields << csvField(csvCell(model.index(r, c)));
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

namespace {
bool writeCsvFile(const QByteArray& bytes, const QString& path, QString* errorMessage) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (errorMessage) *errorMessage = file.errorString();
        return false;
    }
    if (file.write(bytes) != bytes.size()) {
        if (errorMessage) *errorMessage = file.errorString();
        return false;
    }
    return true;
}

const QHeaderView* horizontalHeaderOf(const QAbstractItemView& view) {
    if (auto* table = qobject_cast<const QTableView*>(&view)) return table->horizontalHeader();
    if (auto* tree = qobject_cast<const QTreeView*>(&view)) return tree->header();
    return nullptr;
}
} // namespace

bool exportModelToCsv(const QAbstractItemModel& model, const QString& path, QString* errorMessage) {
    return writeCsvFile(modelToCsv(model), path, errorMessage);
}

QByteArray viewToCsv(const QAbstractItemView& view) {
    const QAbstractItemModel* model = view.model();
    if (!model) return {};
    const QHeaderView* header = horizontalHeaderOf(view);
    if (!header) return modelToCsv(*model);
    QVector<int> columns; // logical indices in visual order, hidden ones left out
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical)) columns << logical;
    }
    QString out;
    QStringList fields;
    for (int c : columns) fields << csvField(csvHeader(*model, c));
    out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    for (int r = 0; r < model->rowCount(); ++r) {
        fields.clear();
        for (int c : columns) fields << csvField(csvCell(model->index(r, c)));
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

bool exportViewToCsv(const QAbstractItemView& view, const QString& path, QString* errorMessage) {
    return writeCsvFile(viewToCsv(view), path, errorMessage);
}

} // namespace opscope
