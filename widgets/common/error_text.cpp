#include "widgets/common/error_text.h"

#include <QCoreApplication>

namespace opscope {

QString errorSummary(const Error& error) {
    const QString file = QString::fromStdString(error.file);
    switch (error.code) {
    case ErrorCode::None: return {};
    case ErrorCode::FileNotFound: return QCoreApplication::translate("ErrorText", "File not found: %1").arg(file);
    case ErrorCode::NotAFile: return QCoreApplication::translate("ErrorText", "Not a regular file: %1").arg(file);
    case ErrorCode::EmptyFile: return QCoreApplication::translate("ErrorText", "The file is empty: %1").arg(file);
    case ErrorCode::ReadFailed: return QCoreApplication::translate("ErrorText", "Cannot read %1").arg(file);
    case ErrorCode::BadGzip: return QCoreApplication::translate("ErrorText", "Damaged gzip data in %1").arg(file);
    case ErrorCode::NotJson: return QCoreApplication::translate("ErrorText", "%1 is not a JSON trace").arg(file);
    case ErrorCode::JsonSyntax: return QCoreApplication::translate("ErrorText", "JSON syntax error in %1").arg(file);
    case ErrorCode::Truncated: return QCoreApplication::translate("ErrorText", "%1 ends too early (truncated?)").arg(file);
    case ErrorCode::WrongType: return QCoreApplication::translate("ErrorText", "Unexpected value type in %1").arg(file);
    case ErrorCode::UnknownFormat: return QCoreApplication::translate("ErrorText", "opscope does not know the format of %1").arg(file);
    case ErrorCode::BadCsv: return QCoreApplication::translate("ErrorText", "Malformed CSV in %1").arg(file);
    case ErrorCode::BadDatabase: return QCoreApplication::translate("ErrorText", "Cannot read the database %1").arg(file);
    case ErrorCode::StoreFailed: return QCoreApplication::translate("ErrorText", "Cannot write the store %1").arg(file);
    case ErrorCode::Cancelled: return QCoreApplication::translate("ErrorText", "Import cancelled.");
    case ErrorCode::BadStore: return QCoreApplication::translate("ErrorText", "%1 is not an opscope store this version can read").arg(file);
    case ErrorCode::WouldOverwrite: return QCoreApplication::translate("ErrorText", "Refusing to overwrite %1").arg(file);
    case ErrorCode::SourceChanged: return QCoreApplication::translate("ErrorText", "%1 changed while it was being imported").arg(file);
    case ErrorCode::TextSyntax: return QCoreApplication::translate("ErrorText", "Syntax error in %1").arg(file);
    }
    return QCoreApplication::translate("ErrorText", "Unknown error (%1) in %2").arg(QString::fromLatin1(errorCodeName(error.code)), file);
}

QString errorText(const Error& error) {
    QString text = errorSummary(error);
    if (!error || error.code == ErrorCode::Cancelled) return text;
    if (error.line >= 0 && error.column >= 0)
        text += QLatin1Char('\n') + QCoreApplication::translate("ErrorText", "Line %1, column %2").arg(error.line).arg(error.column);
    else if (error.line >= 0) text += QLatin1Char('\n') + QCoreApplication::translate("ErrorText", "Line %1").arg(error.line);
    if (error.byteOffset >= 0) text += QLatin1Char('\n') + QCoreApplication::translate("ErrorText", "At byte %1").arg(error.byteOffset);
    if (!error.expected.empty()) text += QLatin1Char('\n') + QCoreApplication::translate("ErrorText", "Expected: %1").arg(QString::fromStdString(error.expected));
    if (!error.detail.empty()) text += QLatin1Char('\n') + QString::fromStdString(error.detail);
    return text;
}

} // namespace opscope
