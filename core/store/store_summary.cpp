#include "core/store/store_summary.h"

#include "core/model/warning_severity.h"

namespace opscope {

std::int64_t StoreSummary::warningTotal() const {
    std::int64_t total = 0;
    for (const StoreWarning& w : warnings)
        if (!isInformationalWarning(w.code)) total += w.count;
    return total;
}

std::int64_t StoreSummary::informationalTotal() const {
    std::int64_t total = 0;
    for (const StoreWarning& w : warnings)
        if (isInformationalWarning(w.code)) total += w.count;
    return total;
}

StoreSummary readStoreSummary(Database& db) {
    StoreSummary s;
    s.sourcePath = db.scalarText("SELECT value FROM meta WHERE key = 'source_path'");
    {
        Statement st = db.prepare("SELECT name, value FROM stat WHERE name LIKE 'events.%' ORDER BY value DESC");
        while (st.step()) s.eventsByPhase.emplace_back(st.text(0).substr(7), st.int64(1));
    }
    s.processes = db.scalarInt("SELECT count(*) FROM process");
    s.threads = db.scalarInt("SELECT count(*) FROM thread");
    s.tracks = db.scalarInt("SELECT count(*) FROM track");
    s.slices = db.scalarInt("SELECT count(*) FROM slice");
    s.counters = db.scalarInt("SELECT count(*) FROM counter");
    s.flows = db.scalarInt("SELECT count(*) FROM flow");
    s.devices = db.scalarInt("SELECT count(*) FROM device");
    s.computeTracks = db.scalarInt("SELECT count(*) FROM track WHERE is_compute = 1");
    s.metrics = db.scalarInt("SELECT count(*) FROM slice_metric");
    s.startNs = std::stoll(db.scalarText("SELECT value FROM meta WHERE key = 'trace_start_ns'", "0"));
    s.endNs = std::stoll(db.scalarText("SELECT value FROM meta WHERE key = 'trace_end_ns'", "0"));
    {
        Statement st = db.prepare("SELECT name, value FROM stat WHERE name LIKE 'launch.%'");
        while (st.step()) {
            const std::string name = st.text(0);
            if (name == "launch.device_events") s.launchDeviceEvents = st.int64(1);
            else if (name == "launch.device_events_linked") s.launchDeviceEventsLinked = st.int64(1);
            else if (name.rfind("launch.links.", 0) == 0 && st.int64(1) > 0)
                s.launchLinksBySource.emplace_back(name.substr(13), st.int64(1));
        }
    }
    {
        Statement st = db.prepare("SELECT code, count, coalesce(file,''), coalesce(byte_offset,-1), "
                                  "coalesce(line,-1), coalesce(sample,'') FROM warning ORDER BY count DESC");
        while (st.step())
            s.warnings.push_back({st.text(0), st.text(2), st.text(5), st.int64(1), st.int64(3), st.int64(4)});
    }
    {
        Statement st = db.prepare("SELECT path, role, status, coalesce(reason,''), coalesce(events,0) "
                                  "FROM source_file ORDER BY id");
        while (st.step()) s.sources.push_back({st.text(0), st.text(1), st.text(2), st.text(3), st.int64(4)});
    }
    return s;
}

} // namespace opscope
