#include "widgets/common/lane_names.h"

#include <QCoreApplication>

namespace opscope {

QString shortDeviceName(const std::string& deviceName) {
    const QString name = QString::fromStdString(deviceName);
    const qsizetype dot = name.lastIndexOf(QStringLiteral(" · "));
    return dot < 0 ? name : name.mid(dot + 3);
}

QString laneTitle(const TimelineData& data, const TimelineTrack& track) {
    const bool thread = track.kind == TrackKind::Thread;
    QString name = QString::fromStdString(thread && !track.threadName.empty() ? track.threadName : track.name).trimmed();
    if (name.isEmpty()) name = QString::fromStdString(track.name);
    if (!thread) return name;
    const TimelineProcess& process = data.processes()[track.processIndex];
    if (!process.deviceName.empty()) name = shortDeviceName(process.deviceName) + QStringLiteral(" · ") + name;
    if (track.lane > 0) name = QCoreApplication::translate("LaneNames", "%1 (overlap %2)").arg(name).arg(track.lane);
    return name;
}

QString processTitle(const TimelineProcess& process) {
    QString name = QString::fromStdString(process.name.empty() ? process.pid : process.name);
    if (process.deviceName.empty()) return name;
    return QString::fromStdString(process.deviceName) + QStringLiteral(" · ") + name;
}

} // namespace opscope
