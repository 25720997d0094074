#include "core/store/launch_linking.h"

#include "core/store/batch_insert.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <unordered_set>

namespace opscope {

namespace {

// Kineto writes the runtime calls (cudaLaunchKernel, hipLaunchKernel, cudaMemcpyAsync, ...) under
// these categories; an External id is shared by an operator and all its calls, and the call is
// the launch.
bool isRuntimeCategory(std::string_view cat) {
    return cat == "cuda_runtime" || cat == "cuda_driver" || cat == "runtime" || cat == "hip_runtime";
}

// What a link row needs until it is written, compact: a big trace has millions of them.
enum class LinkSource : std::uint8_t { Correlation, ConnectionId, ExternalId, Importer, Flow };

struct PendingLinkRow {
    std::int64_t device = 0, call = 0, correlation = 0;
    std::uint32_t direct = 0; // the PendingLaunchLink, for LinkSource::Importer (its source text)
    bool hasCorrelation = false;
    LinkSource source = LinkSource::Correlation;
};
// A device slice has one row at most: its id orders them, and each goes in at the B-tree's end.
struct LinkRowOrder {
    bool operator()(const PendingLinkRow& a, const PendingLinkRow& b) const { return a.device < b.device; }
};

// A device slice's correlation (or connection) id as its keys give it, in key order.
struct DeviceCorrelation {
    std::int64_t device = 0, id = 0;
    std::uint64_t order = 0; // position in key order: the first one names the slice's correlation
};
struct DeviceCorrelationOrder {
    bool operator()(const DeviceCorrelation& a, const DeviceCorrelation& b) const {
        return a.device != b.device ? a.device < b.device : a.order < b.order;
    }
};

const char* sourceText(LinkSource source) {
    switch (source) {
    case LinkSource::Correlation: return "correlation";
    case LinkSource::ConnectionId: return "connection_id";
    case LinkSource::ExternalId: return "external_id";
    case LinkSource::Flow: return "flow";
    case LinkSource::Importer: break; // the importer's own text
    }
    return "";
}

LinkSource sourceOfKind(LaunchKeyKind kind) {
    switch (kind) {
    case LaunchKeyKind::Correlation: return LinkSource::Correlation;
    case LaunchKeyKind::ConnectionId: return LinkSource::ConnectionId;
    case LaunchKeyKind::ExternalId: return LinkSource::ExternalId;
    }
    return LinkSource::Correlation;
}

class Linker {
public:
    Linker(Database& db, const std::vector<std::uint32_t>& finalIds,
           const std::function<std::string_view(std::uint32_t)>& stringAt,
           const std::vector<PendingLaunchLink>& direct, const LaunchScratch& scratch)
        : finalIds_(finalIds), stringAt_(stringAt), direct_(direct),
          insert_(db, "launch_link", "device_slice_id, call_slice_id, correlation_id, source", 4),
          links_(scratch.pathPrefix + ".links", scratch.budgetBytes),
          correlations_(scratch.pathPrefix + ".correlations", scratch.budgetBytes) {
        Statement st = db.prepare("SELECT id FROM track WHERE device_id IS NOT NULL");
        while (st.step()) deviceTracks_.insert(st.int64(0));
        linked_.resize(finalIds.size() + 1);
    }

    void matchKeys(LaunchKeySpill& keys, LaunchLinkCounts* counts);
    void addDirect(LaunchLinkCounts* counts);
    void addFlows(FlowLaunchSpill& flows, LaunchLinkCounts* counts);
    void flush();

private:
    std::int64_t idOf(std::uint32_t pending) const {
        return pending < finalIds_.size() ? static_cast<std::int64_t>(finalIds_[pending]) : 0;
    }
    bool isLinked(std::int64_t device) const {
        return device >= 0 && static_cast<std::size_t>(device) < linked_.size() && linked_[static_cast<std::size_t>(device)];
    }
    bool link(std::int64_t device, std::int64_t call, std::optional<std::int64_t> correlation, LinkSource source,
              std::uint32_t direct = 0) {
        if (device <= 0 || call == 0 || device == call || isLinked(device)) return false;
        if (static_cast<std::size_t>(device) >= linked_.size()) linked_.resize(static_cast<std::size_t>(device) + 1);
        linked_[static_cast<std::size_t>(device)] = true;
        links_.push({device, call, correlation.value_or(0), direct, correlation.has_value(), source});
        return true;
    }
    std::optional<std::int64_t> correlationOf(std::int64_t device) const {
        auto it = std::lower_bound(unlinkedCorrelation_.begin(), unlinkedCorrelation_.end(), device,
                                   [](const std::pair<std::int64_t, std::int64_t>& e, std::int64_t d) { return e.first < d; });
        if (it == unlinkedCorrelation_.end() || it->first != device) return std::nullopt;
        return it->second;
    }
    void matchGroup(std::vector<PendingLaunchKey>& host, std::vector<PendingLaunchKey>& device, LaunchLinkCounts* counts);
    void keepUnlinkedCorrelations();

    const std::vector<std::uint32_t>& finalIds_;
    const std::function<std::string_view(std::uint32_t)>& stringAt_;
    const std::vector<PendingLaunchLink>& direct_;
    BatchInsert insert_;
    std::unordered_set<std::int64_t> deviceTracks_;
    // Flat arrays rather than hash sets: a large trace has millions of device slices, and slice ids are dense.
    std::vector<bool> linked_; // by device slice id: it has a row
    SortedSpill<PendingLinkRow, LinkRowOrder> links_;
    SortedSpill<DeviceCorrelation, DeviceCorrelationOrder> correlations_; // of every device key but External ids
    std::uint64_t keyOrder_ = 0;
    // Only External ids and flows read a device slice's correlation, and only for a slice not linked
    // by then: the slices the correlation and connection keys left unlinked, sorted by id.
    std::vector<std::pair<std::int64_t, std::int64_t>> unlinkedCorrelation_;
};

// Keys arrive merged in LaunchKeyOrder, one (kind, id) group at a time: the host keys of a group are
// the candidates of its device keys. Every correlation and connection key comes before the first
// External id, so the correlations are known when External ids need them.
void Linker::matchKeys(LaunchKeySpill& keys, LaunchLinkCounts* counts) {
    std::vector<PendingLaunchKey> host, device;
    bool correlationsKept = false;
    auto endGroup = [&] {
        matchGroup(host, device, counts);
        host.clear();
        device.clear();
    };
    keys.drainInOrder([&](const PendingLaunchKey& k) {
        const bool inGroup = host.empty() && device.empty();
        if (!inGroup) {
            const PendingLaunchKey& first = host.empty() ? device.front() : host.front();
            if (first.kind != k.kind || first.id != k.id) endGroup();
        }
        if (k.kind == LaunchKeyKind::ExternalId && !correlationsKept) {
            keepUnlinkedCorrelations();
            correlationsKept = true;
        }
        const bool onDevice = deviceTracks_.count(k.track) != 0;
        (onDevice ? device : host).push_back(k);
        if (onDevice && k.kind != LaunchKeyKind::ExternalId) correlations_.push({idOf(k.slice), k.id, keyOrder_++});
    });
    endGroup();
    if (!correlationsKept) keepUnlinkedCorrelations();
}

// The first correlation (or connection id) in key order names a device slice's correlation.
void Linker::keepUnlinkedCorrelations() {
    std::int64_t last = -1;
    correlations_.drainInOrder([&](const DeviceCorrelation& c) {
        if (c.device == last) return;
        last = c.device;
        if (!isLinked(c.device)) unlinkedCorrelation_.emplace_back(c.device, c.id);
    });
}

// Among the host slices that carry the same id, the launch is the latest one that starts no later
// than the device slice (ids can repeat: a re-used External id, two runs in one file); without one,
// the earliest. For External ids, runtime calls win over the operator that shares the id.
void Linker::matchGroup(std::vector<PendingLaunchKey>& host, std::vector<PendingLaunchKey>& device,
                        LaunchLinkCounts* counts) {
    if (host.empty()) return;
    for (const PendingLaunchKey& d : device) {
        const std::int64_t deviceId = idOf(d.slice);
        if (isLinked(deviceId)) continue;
        const PendingLaunchKey* best = nullptr;
        bool bestRuntime = false;
        for (const PendingLaunchKey& h : host) {
            const bool runtime = d.kind != LaunchKeyKind::ExternalId || isRuntimeCategory(stringAt_(h.cat));
            const bool before = h.tsNs <= d.tsNs;
            if (!best) {
                best = &h;
                bestRuntime = runtime;
                continue;
            }
            if (runtime != bestRuntime) {
                if (runtime) best = &h, bestRuntime = true;
                continue;
            }
            if (before) best = &h; // sorted by ts: the latest one before the device slice wins
        }
        std::optional<std::int64_t> correlation = d.kind == LaunchKeyKind::ExternalId ? correlationOf(deviceId)
                                                                                      : std::optional<std::int64_t>(d.id);
        if (!link(deviceId, idOf(best->slice), correlation, sourceOfKind(d.kind))) continue;
        if (d.kind == LaunchKeyKind::Correlation) ++counts->correlation;
        else if (d.kind == LaunchKeyKind::ConnectionId) ++counts->connectionId;
        else ++counts->externalId;
    }
}

void Linker::addDirect(LaunchLinkCounts* counts) {
    for (std::size_t i = 0; i < direct_.size(); ++i) {
        const PendingLaunchLink& l = direct_[i];
        std::optional<std::int64_t> correlation;
        if (l.hasCorrelation) correlation = l.correlationId;
        if (link(idOf(l.deviceSlice), idOf(l.callSlice), correlation, LinkSource::Importer, static_cast<std::uint32_t>(i)))
            ++counts->importer;
    }
}

// A flow from a host slice into a device slice (Kineto ac2g, torch_npu HostToDevice / async_npu):
// the latest-starting host slice is the launch (a CANN call rather than the torch op around it).
// The candidates were noted as the flow rows were written, and come back in FlowLaunchOrder.
void Linker::addFlows(FlowLaunchSpill& flows, LaunchLinkCounts* counts) {
    flows.drainInOrder([&](const FlowLaunchCandidate& f) {
        if (link(f.deviceSlice, f.hostSlice, correlationOf(f.deviceSlice), LinkSource::Flow)) ++counts->flow;
    });
}

void Linker::flush() {
    links_.drainInOrder([&](const PendingLinkRow& l) {
        insert_.value(l.device).value(l.call);
        if (l.hasCorrelation) insert_.value(l.correlation); else insert_.null();
        if (l.source == LinkSource::Importer) insert_.value(std::string_view(direct_[l.direct].source));
        else insert_.value(std::string_view(sourceText(l.source)));
        insert_.endRow();
    });
    insert_.flush();
}

void writeCounts(Database& db, const LaunchLinkCounts& c) {
    Statement st = db.prepare("INSERT OR REPLACE INTO stat(name, value) VALUES(?, ?)");
    const std::pair<const char*, std::int64_t> rows[] = {
        {"launch.links.correlation", c.correlation}, {"launch.links.connection_id", c.connectionId},
        {"launch.links.external_id", c.externalId},  {"launch.links.importer", c.importer},
        {"launch.links.flow", c.flow},               {"launch.device_events", c.deviceEvents},
        {"launch.device_events_linked", c.linkedDeviceEvents}};
    for (const auto& [name, value] : rows) {
        st.bind(1, name).bind(2, value);
        st.run();
    }
}

} // namespace

LaunchLinkCounts writeLaunchLinks(Database& db, LaunchKeySpill& keys, const std::vector<PendingLaunchLink>& direct,
                                  FlowLaunchSpill& flows, const std::vector<std::uint32_t>& finalIds,
                                  std::int64_t deviceEvents,
                                  const std::function<std::string_view(std::uint32_t)>& stringAt,
                                  const LaunchScratch& scratch) {
    LaunchLinkCounts counts;
    {
        Linker linker(db, finalIds, stringAt, direct, scratch);
        linker.matchKeys(keys, &counts);
        linker.addDirect(&counts);
        linker.addFlows(flows, &counts); // reads what is linked through linked_, not SQL
        linker.flush();
    }
    // Device events: slices on compute tracks, without the annotations Kineto mirrors onto streams; of
    // those, the linked ones (a launch_link row at most per slice: a seek for each link, no slice scan).
    counts.deviceEvents = deviceEvents;
    counts.linkedDeviceEvents = db.scalarInt(R"SQL(
SELECT count(*) FROM launch_link l JOIN slice s ON s.id = l.device_slice_id JOIN track t ON t.id = s.track_id
  LEFT JOIN string c ON c.id = s.cat_id
  WHERE t.is_compute = 1 AND coalesce(c.value, '') <> 'gpu_user_annotation')SQL");
    writeCounts(db, counts);
    return counts;
}

} // namespace opscope
