// The fixed operator vocabulary of opscope-gen: device kernel kinds (type, core, duration range,
// shapes) and the host-side calls (aten op chain + CANN API) that launch them, for a GPT-style
// model with a Conv2D stem, trained with DDP on Ascend NPUs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace opscope::gen {

enum class TaskType { AiCore, AiVectorCore, AiCpu, MixAic, MixAiv };

inline const char* taskTypeName(TaskType t) {
    switch (t) {
    case TaskType::AiCore: return "AI_CORE";
    case TaskType::AiVectorCore: return "AI_VECTOR_CORE";
    case TaskType::AiCpu: return "AI_CPU";
    case TaskType::MixAic: return "MIX_AIC";
    case TaskType::MixAiv: return "MIX_AIV";
    }
    return "AI_CORE";
}

// One device kernel kind. mid is the middle part of the aclnn kernel name
// (<api>_<mid>_<type>); graph-mode kernels (launched through aclop) have mid == nullptr and are
// named <prefix><type>_<n>.
struct KernelSpec {
    const char* type;
    const char* mid;
    TaskType task;
    int streamSlot; // 0 = main compute stream, 1 = AI CPU stream, 2 = side stream
    std::int64_t durMinNs;
    std::int64_t durMaxNs;
    int blockDim;
    int mixBlockDim;
    bool hf32;
    const char* inShapes;
    const char* inTypes;
    const char* inFormats;
    const char* outShapes;
    const char* outTypes;
    const char* outFormats;
};

enum Kernel : int {
    kLnFwd, kMmQkv, kFaFwd, kMmOut, kAdd, kMmUp, kGelu, kMmDown, kCast, kMul, kSoftmax, kReduceSum,
    kMmHead, kTransDataIn, kConv, kTransDataOut, kNonZero, kFaGrad, kGeluGrad, kLnGrad, kTensorMove,
    kForeachMul, kForeachAddcmul, kForeachSqrt, kForeachAddList, kZeros, kArgMax, kKernelCount
};

inline const KernelSpec& kernelSpec(int k) {
    static const char* h16 = "FLOAT16";
    static const char* nd = "FORMAT_ND";
    static const KernelSpec specs[kKernelCount] = {
        {"LayerNorm", "LayerNormAiCore", TaskType::AiVectorCore, 0, 15000, 30000, 48, 0, false,
         "4,2048,2048;2048;2048", "FLOAT16;FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND;FORMAT_ND",
         "4,2048,2048;4,2048,1;4,2048,1", "FLOAT16;FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND;FORMAT_ND"},
        {"MatMulV3", "MatMulV3Common", TaskType::AiCore, 0, 150000, 220000, 24, 0, true, "8192,2048;2048,6144",
         "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "8192,6144", h16, nd},
        {"FlashAttentionScore", "FlashAttentionScore", TaskType::MixAic, 0, 250000, 400000, 24, 48, false,
         "4,2048,2048;4,2048,2048;4,2048,2048", "FLOAT16;FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND;FORMAT_ND",
         "4,16,2048,8;4,16,2048,8;1;4,2048,2048", "FLOAT;FLOAT;FLOAT16;FLOAT16",
         "FORMAT_ND;FORMAT_ND;FORMAT_ND;FORMAT_ND"},
        {"MatMulV3", "MatMulV3Common", TaskType::AiCore, 0, 50000, 80000, 24, 0, true, "8192,2048;2048,2048",
         "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "8192,2048", h16, nd},
        {"Add", "AddAiCore", TaskType::AiVectorCore, 0, 12000, 20000, 48, 0, false, "4,2048,2048;4,2048,2048",
         "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "4,2048,2048", h16, nd},
        {"MatMulV3", "MatMulV3Common", TaskType::AiCore, 0, 200000, 280000, 24, 0, true, "8192,2048;2048,8192",
         "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "8192,8192", h16, nd},
        {"Gelu", "GeluAiCore", TaskType::AiVectorCore, 0, 25000, 40000, 48, 0, false, "4,2048,8192", h16, nd,
         "4,2048,8192", h16, nd},
        {"MatMulV3", "MatMulV3Common", TaskType::AiCore, 0, 200000, 280000, 24, 0, true, "8192,8192;8192,2048",
         "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "8192,2048", h16, nd},
        {"Cast", "CastAiCore", TaskType::AiVectorCore, 0, 8000, 15000, 40, 0, false, "4,2048,2048", h16, nd,
         "4,2048,2048", "FLOAT", nd},
        {"Mul", "MulAiCore", TaskType::AiVectorCore, 0, 10000, 16000, 48, 0, false, "4,2048,2048;4,2048,2048",
         "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "4,2048,2048", h16, nd},
        {"SoftmaxV2", "SoftmaxV2AiCore", TaskType::AiVectorCore, 0, 80000, 120000, 48, 0, false,
         "4,2048,32000", h16, nd, "4,2048,32000", h16, nd},
        {"ReduceSum", "ReduceSumOpAiCore", TaskType::MixAiv, 0, 6000, 12000, 48, 0, false, "8192,2048;1",
         "FLOAT;INT64", "FORMAT_ND;FORMAT_ND", "2048", "FLOAT", nd},
        {"MatMulV3", "MatMulV3Common", TaskType::AiCore, 0, 700000, 900000, 24, 0, true, "8192,2048;2048,32000",
         "FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND", "8192,32000", h16, nd},
        {"TransData", nullptr, TaskType::AiVectorCore, 0, 20000, 40000, 32, 0, false, "4,3,224,224", "FLOAT",
         "NCHW", "4,1,224,224,16", "FLOAT", "NC1HWC0"},
        {"Conv2D", nullptr, TaskType::AiCore, 0, 150000, 300000, 24, 0, true, "4,1,224,224,16;48,128,16,16;2048",
         "FLOAT;FLOAT;FLOAT", "NC1HWC0;FRACTAL_Z;NCHW", "4,128,14,14,16", "FLOAT", "NC1HWC0"},
        {"TransData", nullptr, TaskType::AiVectorCore, 0, 10000, 20000, 32, 0, false, "4,128,14,14,16", "FLOAT",
         "NC1HWC0", "4,2048,14,14", "FLOAT", "NCHW"},
        {"NonZero", "NonZero", TaskType::AiCpu, 1, 40000, 120000, 1, 0, false, "4,2048", "BOOL", nd, "8192,2",
         "INT64", nd},
        {"FlashAttentionScoreGrad", "FlashAttentionScoreGrad", TaskType::MixAic, 0, 600000, 900000, 24, 48, false,
         "4,2048,2048;4,2048,2048;4,2048,2048;4,2048,2048", "FLOAT16;FLOAT16;FLOAT16;FLOAT16",
         "FORMAT_ND;FORMAT_ND;FORMAT_ND;FORMAT_ND", "4,2048,2048;4,2048,2048;4,2048,2048",
         "FLOAT16;FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND;FORMAT_ND"},
        {"GeluGrad", "GeluGradAiCore", TaskType::AiVectorCore, 0, 35000, 55000, 48, 0, false,
         "4,2048,8192;4,2048,8192;4,2048,8192", "FLOAT16;FLOAT16;FLOAT16", "FORMAT_ND;FORMAT_ND;FORMAT_ND",
         "4,2048,8192", h16, nd},
        {"LayerNormGrad", "LayerNormGradAiCore", TaskType::AiVectorCore, 0, 40000, 70000, 48, 0, false,
         "4,2048,2048;4,2048,2048;4,2048,1;4,2048,1;2048", "FLOAT16;FLOAT16;FLOAT;FLOAT;FLOAT16",
         "FORMAT_ND;FORMAT_ND;FORMAT_ND;FORMAT_ND;FORMAT_ND", "4,2048,2048;2048;2048", "FLOAT16;FLOAT;FLOAT",
         "FORMAT_ND;FORMAT_ND;FORMAT_ND"},
        {"TensorMove", "TensorMoveAiCore", TaskType::AiVectorCore, 2, 5000, 10000, 48, 0, false, "2048,2048",
         "FLOAT", nd, "2048,2048", "FLOAT", nd},
        {"ForeachMulScalar", "ForeachMulScalar", TaskType::AiVectorCore, 0, 8000, 25000, 48, 0, false,
         "2048,2048;1", "FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND", "2048,2048", "FLOAT", nd},
        {"ForeachAddcmulScalar", "ForeachAddcmulScalar", TaskType::AiVectorCore, 0, 10000, 30000, 48, 0, false,
         "2048,2048;2048,2048;2048,2048;1", "FLOAT;FLOAT;FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND;FORMAT_ND;FORMAT_ND",
         "2048,2048", "FLOAT", nd},
        {"ForeachSqrt", "ForeachSqrt", TaskType::AiVectorCore, 0, 6000, 18000, 48, 0, false, "2048,2048", "FLOAT",
         nd, "2048,2048", "FLOAT", nd},
        {"ForeachAddList", "ForeachAddListV2", TaskType::AiVectorCore, 0, 8000, 24000, 48, 0, false,
         "2048,2048;2048,2048;1", "FLOAT;FLOAT;FLOAT", "FORMAT_ND;FORMAT_ND;FORMAT_ND", "2048,2048", "FLOAT",
         nd},
        {"ZerosLike", "ZerosLikeAiCore", TaskType::AiVectorCore, 0, 4000, 8000, 48, 0, false, "2048,2048",
         "FLOAT", nd, "2048,2048", "FLOAT", nd},
        {"ArgMaxV2", "ArgMaxV2", TaskType::AiCpu, 1, 30000, 60000, 1, 0, false, "4,2048,32000;1", "FLOAT16;INT32",
         "FORMAT_ND;FORMAT_ND", "4,2048", "INT32", nd},
    };
    return specs[k];
}

// How the host reaches the kernels of a call.
enum class ApiMode { None, AclNn, AclOp };

// One host-side call: the aten op chain (parents, then `leaf` repeated leafRepeat times), each leaf
// doing one CANN API call that launches `kernels`.
struct OpCall {
    std::vector<std::string> parents;
    std::string leaf;
    int leafRepeat = 1;
    ApiMode mode = ApiMode::None;
    std::string api; // e.g. "aclnnMatmul"
    std::vector<int> kernels;
    std::vector<std::string> kernelNames; // aclnn names, precomputed; empty for graph mode
};

inline OpCall makeCall(std::vector<std::string> parents, std::string leaf, ApiMode mode, std::string api,
                       std::vector<int> kernels, int leafRepeat = 1) {
    OpCall c{std::move(parents), std::move(leaf), leafRepeat, mode, std::move(api), std::move(kernels), {}};
    if (c.mode == ApiMode::AclNn)
        for (int k : c.kernels) {
            const KernelSpec& s = kernelSpec(k);
            c.kernelNames.push_back(c.api + "_" + s.mid + "_" + s.type);
        }
    return c;
}

// The calls of each phase of one training step, in order.
struct Recipes {
    std::vector<OpCall> stem;
    std::vector<OpCall> layerForward;
    std::vector<OpCall> head;
    std::vector<OpCall> layerBackward;
    std::vector<OpCall> optimizer; // repeated once per parameter chunk
    OpCall zeroGrad;
    OpCall nonZero;
    OpCall gradNorm;
};

inline OpCall mmBackward(int kernel) {
    return makeCall({"autograd::engine::evaluate_function: MmBackward0", "MmBackward0"}, "aten::mm",
                    ApiMode::AclNn, "aclnnMatmul", {kernel}, 2);
}

inline OpCall linear(int kernel) {
    return makeCall({"aten::linear", "aten::matmul"}, "aten::mm", ApiMode::AclNn, "aclnnMatmul", {kernel});
}

inline OpCall backwardCall(const std::string& fn, const std::string& leaf, const std::string& api,
                           std::vector<int> kernels) {
    return makeCall({"autograd::engine::evaluate_function: " + fn, fn}, leaf, ApiMode::AclNn, api,
                    std::move(kernels));
}

inline Recipes buildRecipes() {
    Recipes r;
    const OpCall layerNorm = makeCall({"aten::layer_norm"}, "aten::native_layer_norm", ApiMode::AclNn,
                                      "aclnnLayerNorm", {kLnFwd});
    const OpCall add = makeCall({}, "aten::add", ApiMode::AclNn, "aclnnAdd", {kAdd});
    r.stem = {makeCall({"aten::conv2d", "aten::convolution"}, "aten::_convolution", ApiMode::AclOp,
                       "aclopCompileAndExecute", {kTransDataIn, kConv, kTransDataOut}),
              makeCall({"aten::flatten"}, "aten::view", ApiMode::None, "", {}),
              makeCall({"aten::to", "aten::_to_copy"}, "aten::copy_", ApiMode::AclNn, "aclnnCast", {kCast})};
    r.nonZero = makeCall({}, "aten::nonzero", ApiMode::AclNn, "aclnnNonzero", {kNonZero});
    r.layerForward = {layerNorm,
                      linear(kMmQkv),
                      makeCall({}, "npu::npu_fusion_attention", ApiMode::AclNn, "aclnnFlashAttentionScore",
                               {kFaFwd}),
                      linear(kMmOut),
                      makeCall({"aten::dropout"}, "aten::mul", ApiMode::AclNn, "aclnnMul", {kMul}),
                      add,
                      layerNorm,
                      linear(kMmUp),
                      makeCall({}, "aten::gelu", ApiMode::AclNn, "aclnnGelu", {kGelu}),
                      linear(kMmDown),
                      add};
    r.head = {layerNorm, linear(kMmHead),
              makeCall({"aten::softmax"}, "aten::_softmax", ApiMode::AclNn, "aclnnSoftmax", {kSoftmax}),
              makeCall({}, "aten::sum", ApiMode::AclNn, "aclnnReduceSum", {kReduceSum}),
              makeCall({}, "aten::argmax", ApiMode::AclNn, "aclnnArgMax", {kArgMax})};
    const OpCall lnBackward = backwardCall("NativeLayerNormBackward0", "aten::native_layer_norm_backward",
                                           "aclnnLayerNormBackward", {kLnGrad, kReduceSum});
    r.layerBackward = {
        makeCall({"autograd::engine::evaluate_function: AddBackward0"}, "AddBackward0", ApiMode::None, "", {}),
        mmBackward(kMmDown),
        backwardCall("GeluBackward0", "aten::gelu_backward", "aclnnGeluBackward", {kGeluGrad}),
        mmBackward(kMmUp),
        lnBackward,
        backwardCall("MulBackward0", "aten::mul", "aclnnMul", {kMul}),
        mmBackward(kMmOut),
        backwardCall("NpuFusionAttentionBackward0", "npu::npu_fusion_attention_grad",
                     "aclnnFlashAttentionScoreGrad", {kFaGrad}),
        mmBackward(kMmQkv),
        lnBackward,
        backwardCall("torch::autograd::AccumulateGrad", "aten::add_", "aclnnInplaceAdd", {kAdd}),
        makeCall({}, "aten::copy_", ApiMode::AclNn, "aclnnInplaceCopy", {kTensorMove})};
    r.optimizer = {
        makeCall({}, "aten::_foreach_mul_", ApiMode::AclNn, "aclnnForeachMulScalar", {kForeachMul}),
        makeCall({}, "aten::_foreach_addcmul_", ApiMode::AclNn, "aclnnForeachAddcmulScalar", {kForeachAddcmul}),
        makeCall({}, "aten::_foreach_sqrt", ApiMode::AclNn, "aclnnForeachSqrt", {kForeachSqrt}),
        makeCall({}, "aten::_foreach_add_", ApiMode::AclNn, "aclnnForeachAddListV2", {kForeachAddList})};
    r.gradNorm = makeCall({"aten::linalg_vector_norm"}, "aten::sum", ApiMode::AclNn, "aclnnReduceSum",
                          {kReduceSum});
    r.zeroGrad = makeCall({"aten::zero_"}, "aten::fill_", ApiMode::AclNn, "aclnnInplaceZero", {kZeros});
    return r;
}

} // namespace opscope::gen
