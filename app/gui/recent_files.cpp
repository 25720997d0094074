#include "app/gui/recent_files.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace opscope::gui {

namespace {
QString normalizedEntry(const QString& entry) { return recentEntry(entry.split(QLatin1Char('|'), Qt::SkipEmptyParts)); }
} // namespace

QString recentEntry(const QStringList& paths) {
    QStringList absolute;
    for (const QString& p : paths) {
        const QString clean = QDir::cleanPath(QFileInfo(p).absoluteFilePath());
        if (!absolute.contains(clean)) absolute << clean;
    }
    return absolute.join(QLatin1Char('|'));
}

QStringList withRecent(const QStringList& recent, const QStringList& paths, int maxEntries) {
    const QString entry = recentEntry(paths);
    QStringList out;
    if (!entry.isEmpty()) out << entry;
    for (const QString& old : recent) {
        const QString normalized = normalizedEntry(old);
        if (!normalized.isEmpty() && !out.contains(normalized)) out << normalized;
    }
    while (out.size() > std::max(maxEntries, 1)) out.removeLast();
    return out;
}

QString traceFolder(const QStringList& sources) {
    if (sources.isEmpty() || sources.first().isEmpty()) return {};
    return QDir::cleanPath(QFileInfo(sources.first()).absolutePath());
}

QString inTraceFolder(const QStringList& sources, const QString& fileName) {
    const QString folder = traceFolder(sources);
    return folder.isEmpty() ? fileName : QDir(folder).filePath(fileName);
}

} // namespace opscope::gui
