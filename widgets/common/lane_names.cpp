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

// A job's host process is named with its rank as the devices are ("rank 1 · NPU 1"): the same untranslated
// words, since the device labels come from the store as written.
namespace {
QString withHostRank(const TimelineProcess& process, const QString& name) {
    if (process.hostRank < 0) return name;
    return QStringLiteral("rank %1 · %2").arg(process.hostRank).arg(name);
}
} // namespace

QString qualifiedLaneTitle(const TimelineData& data, const TimelineTrack& track) {
    const TimelineProcess& process = data.processes()[track.processIndex];
    const std::string& group = process.name.empty() ? process.pid : process.name;
    const QString lane = laneTitle(data, track);
    return group.empty() ? lane : withHostRank(process, QString::fromStdString(group)) + QStringLiteral(" / ") + lane;
}

QString qualifiedLaneTitle(const TimelineData& data, std::int64_t trackId, const QString& fallback) {
    const int index = data.trackIndexOf(trackId);
    if (index < 0) return fallback;
    return qualifiedLaneTitle(data, data.tracks()[static_cast<std::size_t>(index)]);
}

QString processTitle(const TimelineProcess& process) {
    QString name = QString::fromStdString(process.name.empty() ? process.pid : process.name);
    if (process.deviceName.empty()) return withHostRank(process, name);
    return QString::fromStdString(process.deviceName) + QStringLiteral(" · ") + name;
}

} // namespace opscope
