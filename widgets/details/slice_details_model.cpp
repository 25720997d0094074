#include "widgets/details/slice_details_model.h"

#include "core/store/schema.h"
#include "widgets/common/time_format.h"

#include <QFont>

namespace opscope {

namespace {
QString q(const std::string& s) { return QString::fromStdString(s); }

// Ascend exports write UINT32_MAX into an id field that has no value ("Model Id": 4294967295 on every task
// outside a static graph); a number that large reads as a real id, so it is shown as what it means.
QString argValue(const SliceArgRow& r) {
    const QString key = q(r.key).trimmed();
    if (r.value == "4294967295" && key.endsWith(QLatin1String("id"), Qt::CaseInsensitive))
        return SliceDetailsModel::tr("none");
    return q(r.value);
}

QString metricValue(const SliceMetricRow& m) {
    QString value;
    if (m.num) value = QString::number(*m.num, 'g', 10);
    if (!m.text.empty()) value = value.isEmpty() ? q(m.text) : value + QStringLiteral(" (") + q(m.text) + QLatin1Char(')');
    if (!m.unit.empty() && m.num) value += QLatin1Char(' ') + q(m.unit);
    return value;
}
} // namespace

SliceDetailsModel::SliceDetailsModel(QObject* parent) : QAbstractItemModel(parent) {}

int SliceDetailsModel::add(int parent, const QString& field, const QString& value, qint64 jump, bool section) {
    Node n;
    n.parent = parent;
    n.field = field;
    n.value = value;
    n.jumpSliceId = jump;
    n.section = section;
    const int id = static_cast<int>(nodes_.size());
    std::vector<int>& siblings = parent < 0 ? roots_ : nodes_[static_cast<std::size_t>(parent)].children;
    n.row = static_cast<int>(siblings.size());
    siblings.push_back(id);
    nodes_.push_back(std::move(n));
    return id;
}

// The slice's device class in the words of docs/device-time.md: a wait is a gap with a reason, never work.
QString SliceDetailsModel::deviceTimeText(const SliceDetails& d) {
    const std::string& c = d.deviceClass;
    if (c == "compute") return tr("compute (device busy)");
    if (c == "communication") return tr("communication (device busy)");
    if (c == "memory") return tr("memory (device busy)");
    if (c == "other") return tr("marker: not work");
    if (c != "wait") return q(c);
    QString target;
    if (d.waitFor == "collective") target = tr("the collective %1").arg(q(d.waitCollective));
    else if (d.waitFor == "notify") target = tr("a notify");
    else if (d.waitFor == "stream") target = tr("another stream");
    else target = tr("an event");
    return tr("wait for %1: a gap in device busy, not work").arg(target);
}

// A drop is the frequency below the device's highest sample while the operator ran (msprof-analyze's
// frequency check counts such samples; docs/ascend.md).
QString SliceDetailsModel::aicoreFrequencyText(const SliceDetails& d) {
    const double lowest = *d.aicoreLowestMhz, highest = *d.aicoreHighestMhz;
    if (lowest < highest)
        return tr("dropped to %1 MHz while it ran (the device's highest: %2 MHz)").arg(lowest, 0, 'f', 0).arg(highest, 0, 'f', 0);
    return tr("%1 MHz throughout (the device's highest)").arg(lowest, 0, 'f', 0);
}

void SliceDetailsModel::addFields(const SliceDetails& d, TimeNs traceStartNs) {
    const int s = add(-1, tr("Slice"), q(d.name), 0, true);
    add(s, tr("Name"), q(d.name));
    if (!d.category.empty()) add(s, tr("Category"), q(d.category));
    if (!d.type.empty()) add(s, tr("Type"), q(d.type));
    QString track = q(d.trackName);
    if (!d.processName.empty()) track = q(d.processName) + QStringLiteral(" / ") + track;
    add(s, tr("Track"), track);
    add(s, tr("Start"), formatTimeOffset(d.tsNs - traceStartNs, 1));
    add(s, tr("Start (absolute)"), formatDurationExact(d.tsNs));
    add(s, tr("Duration"), formatDurationExact(d.durNs));
    add(s, tr("Self time"), formatDurationExact(d.selfNs));
    // Thread (CPU) time beside wall time: how much of the slice the thread actually ran.
    if (d.threadDurNs) {
        QString cpu = formatDurationExact(*d.threadDurNs);
        if (d.durNs > 0)
            cpu += QStringLiteral(" ") + tr("(%1% of wall time)")
                                             .arg(100.0 * static_cast<double>(*d.threadDurNs) / static_cast<double>(d.durNs), 0, 'f', 1);
        add(s, tr("CPU time"), cpu);
    }
    if (d.threadTsNs) add(s, tr("Thread clock at start"), formatDurationExact(*d.threadTsNs));
    if (!d.deviceClass.empty()) add(s, tr("Device time"), deviceTimeText(d));
    if (d.aicoreLowestMhz && d.aicoreHighestMhz) add(s, tr("AI Core frequency"), aicoreFrequencyText(d));
    add(s, tr("Depth"), QString::number(d.depth));
    if (d.parentId) add(s, tr("Parent"), tr("slice %1").arg(*d.parentId), *d.parentId);
    add(s, tr("Slice id"), QString::number(d.id));
    QStringList flags;
    if (d.flags & kSliceUnfinished) flags << tr("unfinished");
    if (d.flags & kSliceOverlap) flags << tr("overlapping, moved to a lane");
    if (d.flags & kSliceNegativeDur) flags << tr("negative duration in source");
    if (d.flags & kSliceInstant) flags << tr("instant");
    if (d.flags & kSliceMissingDur) flags << tr("duration missing in source");
    if (!flags.isEmpty()) add(s, tr("Flags"), flags.join(QStringLiteral(", ")));
}

void SliceDetailsModel::addArgs(const SliceDetails& d) {
    if (d.args.empty()) return;
    const int section = add(-1, tr("Arguments"), tr("%1 entries").arg(d.args.size()), 0, true);
    std::vector<int> parents = {section}; // parents[level] is the node rows of that level hang under
    for (const SliceArgRow& r : d.args) {
        parents.resize(static_cast<std::size_t>(r.level) + 1);
        const int id = add(parents.back(), q(r.key), argValue(r));
        if (r.isContainer) parents.push_back(id);
    }
}

void SliceDetailsModel::addFlows(const SliceDetails& d, TimeNs traceStartNs) {
    if (d.flows.empty()) return;
    const int section = add(-1, tr("Flows"), QString::number(d.flows.size()), 0, true);
    for (const SliceFlowRef& f : d.flows) {
        const QString field = f.outgoing ? tr("To") : tr("From");
        const QString value = tr("%1 on %2 at %3").arg(q(f.otherName), q(f.otherTrackName),
                                                         formatTimeOffset(f.otherTsNs - traceStartNs, 1));
        const int id = add(section, field, value, f.otherSliceId);
        nodes_[static_cast<std::size_t>(id)].toolTip = tr("Double-click to go to this slice");
    }
}

void SliceDetailsModel::addMetrics(const SliceDetails& d) {
    for (const SliceMetricGroup& g : d.metricGroups) {
        const QString title = g.name.empty() ? tr("Metrics") : tr("Metrics: %1").arg(q(g.name));
        const int section = add(-1, title, QString::number(g.rows.size()), 0, true);
        for (const SliceMetricRow& m : g.rows) add(section, q(m.name), metricValue(m));
    }
}

void SliceDetailsModel::addLaunchedBy(const LaunchedFrom& f, TimeNs traceStartNs) {
    const int s = add(-1, tr("Launched by"), q(f.call.name), f.call.sliceId, true);
    const QString jumpTip = tr("Double-click to go to this slice");
    auto jumpRow = [&](const QString& field, const QString& value, qint64 id) {
        const int row = add(s, field, value, id);
        if (id) nodes_[static_cast<std::size_t>(row)].toolTip = jumpTip;
    };
    jumpRow(tr("Launch call"), tr("%1 on %2 at %3").arg(q(f.call.name), q(f.call.trackName),
                                                       formatTimeOffset(f.call.tsNs - traceStartNs, 1)),
            f.call.sliceId);
    if (f.topOperator.sliceId) jumpRow(tr("Top-level operator"), q(f.topOperator.name), f.topOperator.sliceId);
    if (f.innermostOperator.sliceId) jumpRow(tr("Innermost operator"), q(f.innermostOperator.name), f.innermostOperator.sliceId);
    if (f.step >= 0) jumpRow(tr("Step"), QString::number(f.step), f.stepSliceId);
    if (f.phase != LaunchPhase::Unknown) {
        const QString phase = f.phase == LaunchPhase::Forward    ? tr("forward")
                              : f.phase == LaunchPhase::Backward ? tr("backward")
                                                                 : tr("optimizer");
        add(s, tr("Phase"), phase);
    }
    add(s, tr("Launch delay"), formatDurationExact(f.launchDelayNs));
    if (f.call.hasCorrelation) add(s, tr("Correlation id"), QString::number(f.call.correlationId));
}

void SliceDetailsModel::addLaunched(const SliceLaunchDetails& l, TimeNs traceStartNs) {
    const int s = add(-1, tr("Launched kernels"),
                      tr("%n device events, %1 device time", nullptr, static_cast<int>(l.launched.size()))
                          .arg(formatDurationExact(l.launchedDeviceNs)),
                      0, true);
    for (const LaunchedStreamTotal& t : l.launchedStreams)
        add(s, tr("Device %1, stream %2").arg(q(t.device), q(t.stream)),
            tr("%n events, %1", nullptr, static_cast<int>(t.count)).arg(formatDurationExact(t.durNs)));
    const std::size_t shown = std::min(l.launched.size(), kMaxLaunchedRows);
    for (std::size_t i = 0; i < shown; ++i) {
        const LaunchedKernelRecord& k = l.launched[i];
        const int row = add(s, q(k.name),
                            tr("%1 at %2 on device %3, stream %4")
                                .arg(formatDurationExact(k.durNs), formatTimeOffset(k.tsNs - traceStartNs, 1), q(k.device),
                                     q(k.stream)),
                            k.sliceId);
        nodes_[static_cast<std::size_t>(row)].toolTip = tr("Double-click to go to this slice");
    }
    if (shown < l.launched.size())
        add(s, tr("More"), tr("%n more device events", nullptr, static_cast<int>(l.launched.size() - shown)));
}

void SliceDetailsModel::resetData(const SliceDetails& details, TimeNs traceStartNs, const SliceLaunchDetails* launch) {
    beginResetModel();
    nodes_.clear();
    roots_.clear();
    sliceId_ = details.id;
    addFields(details, traceStartNs);
    if (launch && launch->isLaunched) addLaunchedBy(launch->launchedFrom, traceStartNs);
    if (launch && !launch->launched.empty()) addLaunched(*launch, traceStartNs);
    addArgs(details);
    addFlows(details, traceStartNs);
    addMetrics(details);
    endResetModel();
}

void SliceDetailsModel::clear() {
    beginResetModel();
    nodes_.clear();
    roots_.clear();
    sliceId_ = 0;
    endResetModel();
}

const SliceDetailsModel::Node* SliceDetailsModel::node(const QModelIndex& index) const {
    if (!index.isValid() || index.internalId() == 0 || index.internalId() > nodes_.size()) return nullptr;
    return &nodes_[index.internalId() - 1];
}

QModelIndex SliceDetailsModel::index(int row, int column, const QModelIndex& parent) const {
    if (column < 0 || column >= ColumnCount || row < 0) return {};
    const std::vector<int>* children = &roots_;
    if (parent.isValid()) {
        const Node* p = node(parent);
        if (!p || parent.column() != 0) return {};
        children = &p->children;
    }
    if (row >= static_cast<int>(children->size())) return {};
    return createIndex(row, column, static_cast<quintptr>((*children)[static_cast<std::size_t>(row)] + 1));
}

QModelIndex SliceDetailsModel::parent(const QModelIndex& child) const {
    const Node* n = node(child);
    if (!n || n->parent < 0) return {};
    const Node& p = nodes_[static_cast<std::size_t>(n->parent)];
    return createIndex(p.row, 0, static_cast<quintptr>(n->parent + 1));
}

int SliceDetailsModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(roots_.size());
    if (parent.column() != 0) return 0;
    const Node* n = node(parent);
    return n ? static_cast<int>(n->children.size()) : 0;
}

int SliceDetailsModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant SliceDetailsModel::data(const QModelIndex& index, int role) const {
    const Node* n = node(index);
    if (!n) return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return index.column() == FieldColumn ? n->field : n->value;
    case Qt::ToolTipRole: return n->toolTip.isEmpty() ? QVariant() : QVariant(n->toolTip);
    case Qt::FontRole:
        if (n->section && index.column() == FieldColumn) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case JumpSliceRole: return n->jumpSliceId;
    default: return {};
    }
}

QVariant SliceDetailsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == FieldColumn ? tr("Field") : tr("Value");
}

} // namespace opscope
