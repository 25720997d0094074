// The per-task view the Ascend advisor rules read: every compute-track slice with its kernel_details
// columns (Accelerator Core, OP State, Block Dim, pipe ratios) as plain values, one entry per task,
// never averaged per operator (block dims and states differ between executions of one name).
#pragma once
#include "core/analysis/diagnosis/diagnosis_context.h"

#include <limits>
#include <string>
#include <vector>

namespace opscope {

struct AscendTask {
    std::size_t slice = 0; // index into ctx.snapshot.slices.slices
    std::string coreType;  // "" when the store has none for it
    std::string opState;   // "dynamic" / "static" / ""
    double blockDim = std::numeric_limits<double>::quiet_NaN();
    double mixBlockDim = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> ratios; // parallel to AscendTasks::ratioNames; NaN: absent
};

struct AscendTasks {
    std::vector<AscendTask> tasks;
    std::vector<std::string> ratioNames; // the pipe ratios present in the store
    bool hasCoreType = false, hasOpState = false, hasBlockDim = false;
    // kernel_details' text columns are in the store: its numeric columns may be read.
    bool hasKernelDetails() const { return hasCoreType || hasOpState; }
    std::size_t staticCount = 0, dynamicCount = 0;
    // msprof-analyze skips its bound and block-dim checks when no operator has a static shape.
    bool allDynamic() const { return hasOpState && staticCount == 0 && dynamicCount > 0; }
};

// The tasks of the context's compute tracks, built once per diagnosis run and kept in the context (five
// rules read them; building them reads the text columns and walks every compute slice), with the pipe
// ratios of ratioNames (normalized names, those absent are dropped) added to a copy per ratio list. The
// numeric columns (block dims, ratios) are read only when the store holds kernel_details' Accelerator
// Core or OP State: without them the rules that need those columns report missing input. Null on error.
const AscendTasks* ascendTasks(DiagnosisContext& ctx, const std::vector<std::string>& ratioNames, Error* error);

// A finding whose input is absent (the engine adds the rule's "needs" text).
Finding missingInputFinding();
// A finding on a count: fired when measured > the rule's threshold.
Finding countFinding(const RuleConfig& rule, std::string unit, double measured);
// "%g" of a value, for a finding's detail line.
std::string compactNumber(double value);

// Operators (by slice name) of the chosen tasks, for a finding's evidence: total, count, longest slices.
std::vector<EvidenceOperator> evidenceByName(const DiagnosisContext& ctx, const std::vector<const AscendTask*>& tasks,
                                             std::size_t limit);

} // namespace opscope
