// The diagnosis: runs every enabled rule of the rules file over a store and returns the findings,
// fired ones first by estimated time at stake, with severity from the share of device time.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/model/error.h"

namespace opscope {

class Database;

bool runDiagnosis(Database& db, const DiagnosisOptions& options, DiagnosisReport* out, Error* error);

// High / Medium / Low from the share of device time at stake (rules file "priority").
Severity severityFor(double timeShare, const RulesConfig& rules);

} // namespace opscope
