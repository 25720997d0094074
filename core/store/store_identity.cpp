#include "core/store/store_identity.h"

#include "core/model/fnv1a.h"

#include <cstdio>

namespace opscope {

std::string storeContentHash(Database& db) {
    Fnv1a hash;
    hash.add(db.scalarText("SELECT value FROM meta WHERE key = 'importer_version'", ""));
    if (db.tableExists("source_file")) {
        Statement st = db.prepare("SELECT role, size_bytes, content_hash FROM source_file "
                                  "WHERE status = 'used' ORDER BY role, content_hash, size_bytes");
        while (st.step()) {
            hash.add(st.textView(0)).add("\x1f", 1);
            const std::int64_t size = st.int64(1);
            hash.add(&size, sizeof size);
            hash.add(st.textView(2)).add("\x1e", 1);
        }
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash.hash()));
    return text;
}

} // namespace opscope
