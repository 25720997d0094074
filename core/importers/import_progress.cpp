#include "core/importers/import_progress.h"

namespace opscope {

const char* inputStageName(InputProgress::Stage stage) {
    switch (stage) {
    case InputProgress::Stage::Queued: return "queued";
    case InputProgress::Stage::Parsing: return "parsing";
    case InputProgress::Stage::Writing: return "writing";
    case InputProgress::Stage::Parsed: return "parsed";
    case InputProgress::Stage::Merging: return "merging";
    case InputProgress::Stage::Done: return "done";
    case InputProgress::Stage::Failed: return "failed";
    case InputProgress::Stage::Cancelled: return "cancelled";
    }
    return "queued";
}

} // namespace opscope
