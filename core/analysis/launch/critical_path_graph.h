// The dependency graph HTA's critical_path_analysis builds, as plain data: a node at the start and at
// the end of every host operator, runtime call and device event; weighted edges; and the longest path
// by weight found in topological order (Kahn's algorithm: no recursion, any depth).
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <vector>

namespace opscope {

// HTA's CPEdgeType: an operator or kernel span (or a step inside an operator), the zero-weight link
// between consecutive top-level operators, launch call start -> kernel start, previous kernel end ->
// kernel start on one stream, and a synchronisation (device -> host, or device -> device).
enum class PathEdgeType : std::uint8_t { OperatorKernel, Dependency, LaunchDelay, KernelKernelDelay, Sync };

struct PathNode {
    TimeNs tsNs = 0;
    std::int64_t sliceId = 0;
    bool isStart = false;
};

struct PathEdge {
    std::uint32_t from = 0, to = 0;
    PathEdgeType type = PathEdgeType::OperatorKernel;
    TimeNs weightNs = 0;          // HTA's: to.ts - from.ts, 0 for dependency and sync edges and into a blocking call's end
    std::int64_t attributedSlice = 0; // the slice the edge's time belongs to (HTA's edge attribution); 0: none
};

class PathGraph {
public:
    std::uint32_t addNode(TimeNs tsNs, std::int64_t sliceId, bool isStart);
    // Weight per HTA: the time between the nodes, or 0 for Dependency / Sync edges or when zeroWeight.
    // A negative time (a child ending after its parent, from rounding) is counted and weighs 0.
    void addEdge(std::uint32_t from, std::uint32_t to, PathEdgeType type, std::int64_t attributedSlice, bool zeroWeight = false);

    const std::vector<PathNode>& nodes() const { return nodes_; }
    const std::vector<PathEdge>& edges() const { return edges_; }
    std::int64_t negativeWeights() const { return negativeWeights_; }

    // The edges of the longest path by weight, in path order; empty without edges. Nodes on a cycle (a
    // malformed trace) are left out; cyclicNodes says how many.
    std::vector<std::uint32_t> longestPath(std::int64_t* cyclicNodes = nullptr) const;

private:
    std::vector<PathNode> nodes_;
    std::vector<PathEdge> edges_;
    std::int64_t negativeWeights_ = 0;
};

} // namespace opscope
