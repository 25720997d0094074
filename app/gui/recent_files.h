// The File > Open Recent list and where file dialogs start: entries of absolute, cleaned paths (several
// traces opened together are one entry joined by '|'), newest first, each once.
#pragma once
#include <QString>
#include <QStringList>

namespace opscope::gui {

// The paths as one entry: each made absolute and cleaned, so "a.json" and "./a.json" are the same entry.
QString recentEntry(const QStringList& paths);
// recent with the entry for paths in front, older copies of it (and of any entry that normalizes to the same
// paths) removed, at most maxEntries long.
QStringList withRecent(const QStringList& recent, const QStringList& paths, int maxEntries);
// The folder of the first trace (for a folder trace: the folder that holds it); empty without one.
QString traceFolder(const QStringList& sources);
// fileName inside traceFolder(sources), or fileName alone (the dialog's default folder) without a trace.
QString inTraceFolder(const QStringList& sources, const QString& fileName);

} // namespace opscope::gui
