// NPU_INFO(id, name) of an msprof export names the chip ("Ascend910B"); it goes to meta so that the
// device profile for the roofline is chosen from the trace (device_profile.h detectDeviceProfile).
#include "core/importers/ascend/msprof_db_importer.h"

#include <set>

namespace opscope::ascend::db_detail {

void importChipNames(DbPass& pass) {
    if (!pass.db.hasTable("NPU_INFO") || !pass.db.hasColumn("NPU_INFO", "name")) return;
    Statement st = pass.db.db().prepare("SELECT name FROM NPU_INFO");
    std::set<std::string> names; // one row per device, usually all the same chip
    while (st.step()) {
        std::string name = pass.db.stringColumn(st, 0);
        if (!name.empty()) names.insert(std::move(name));
    }
    std::string joined;
    for (const std::string& name : names) joined += (joined.empty() ? "" : ",") + name;
    if (!joined.empty()) pass.ctx.writer.setMeta("ascend.chip_name", joined);
}

} // namespace opscope::ascend::db_detail
