// Turns a core Error (code, file, line/column/offset, expected) into a translated sentence for the user;
// the expected/detail parts are the reader's own words and stay as they are (English).
#pragma once
#include "core/model/error.h"

#include <QString>

namespace opscope {

// One sentence naming what went wrong and in which file (translated).
QString errorSummary(const Error& error);
// The summary, then where in the file, what was expected and the library's own message, one per line.
QString errorText(const Error& error);

} // namespace opscope
