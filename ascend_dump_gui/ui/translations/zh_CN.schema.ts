<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>schema</name>
    <message>
      <source> (the dumped dtype: no golden or graph names the op's dtype)</source>
      <translation>（Dump的数据类型：没有标杆数据或计算图给出该算子的数据类型）</translation>
    </message>
    <message>
      <source> Did you mean {name!r}?</source>
      <translation> 是否想输入 {name!r}？</translation>
    </message>
    <message>
      <source> In that mode {keys} have no effect.</source>
      <translation> 在该模式下 {keys} 不起作用。</translation>
    </message>
    <message>
      <source> Use bare names: {names}.</source>
      <translation> 请使用不带前缀的名称：{names}。</translation>
    </message>
    <message>
      <source>"1" keeps the pre-quantization inputs and outputs of an AMCT-quantized network dumpable.</source>
      <translation>"1" 表示对于经AMCT量化的网络，仍可Dump量化前的输入和输出数据。</translation>
    </message>
    <message>
      <source>"1" lets AI CPU operators run in parallel with AI Core operators in dynamic-shape graphs.</source>
      <translation>"1" 表示在动态shape图中，AI CPU算子可与AI Core算子并行执行。</translation>
    </message>
    <message>
      <source>"1" subgraph tuning (not on Atlas A2/A3), "2" operator tuning, "4" gradient splitting tuning. Overrides the AOE_MODE environment variable.</source>
      <translation>"1" 子图调优（Atlas A2/A3不支持），"2" 算子调优，"4" 梯度切分调优。优先级高于环境变量AOE_MODE。</translation>
    </message>
    <message>
      <source>"dump" must be an object, not {type} (EP0001).</source>
      <translation>"dump"必须是对象，而不是{type}（EP0001）。</translation>
    </message>
    <message>
      <source>"{group}" is not GraphFusion or UBFusion; it is ignored</source>
      <translation>"{group}" 不是 GraphFusion 或 UBFusion；将被忽略</translation>
    </message>
    <message>
      <source>"{name}" is not black-list, white-list or gray-list; it is ignored</source>
      <translation>"{name}" 不是 black-list、white-list 或 gray-list；将被忽略</translation>
    </message>
    <message>
      <source>(EP0003)</source>
      <translation>（EP0003）</translation>
    </message>
    <message>
      <source>--first-divergence needs GOLDEN (the golden or bench dump to compare with)</source>
      <translation>--first-divergence 需要 GOLDEN（用于比对的标杆 Dump 或 bench Dump）</translation>
    </message>
    <message>
      <source>--graph is a GE graph dump and msprobe runs take their arguments from dump.json: give --graph only with a GE dump</source>
      <translation>--graph 是 GE 图 Dump，而 msprobe 运行从 dump.json 取得参数：仅在 GE Dump 时才给出 --graph</translation>
    </message>
    <message>
      <source>--precision-mode '{value}' is not one of {choices}</source>
      <translation>--precision-mode '{value}' 不是 {choices} 之一</translation>
    </message>
    <message>
      <source>--product '{product}' is not one of {choices}</source>
      <translation>--product '{product}' 不是 {choices} 之一</translation>
    </message>
    <message>
      <source>0 allocates memory dynamically by actual size; 2 grows memory for static shapes and reuses it across graphs; 3 grows memory for dynamic shapes; 4 does both. 1 is kept for compatibility and behaves as 2.</source>
      <translation>0 按实际大小动态申请内存；2 静态shape内存按需扩展，并在多张图之间复用；3 动态shape内存按需扩展；4 同时支持以上两者。1 仅为兼容保留，行为与 2 相同。</translation>
    </message>
    <message>
      <source>0 cleans the memory of all memset operators together; 1 cleans each operator's memory separately, which saves memory but can cost performance.</source>
      <translation>0 对所有memset算子的内存统一清零；1 对每个算子的内存单独清零，可节省内存，但可能降低性能。</translation>
    </message>
    <message>
      <source>0 never writes the fusion result file; 1 writes it when the program exits normally; 2 writes it as soon as graph compilation ends.</source>
      <translation>0 不生成融合结果文件；1 在程序正常退出时生成；2 在图编译结束后立即生成。</translation>
    </message>
    <message>
      <source>0 off; 1 full exception dump (inputs, outputs, tensor descriptions, workspace); 2 lite exception dump for AI Core error analysis. NPU_COLLECT_PATH forces mode 1.</source>
      <translation>0 关闭；1 完整的异常算子Dump（输入、输出、Tensor描述信息和workspace）；2 轻量化异常算子Dump，用于AI Core错误分析。设置NPU_COLLECT_PATH时强制为模式 1。</translation>
    </message>
    <message>
      <source>0 off; 1 keep .cce/_loc.json/.o/.json in kernel_meta; 2 as 1 plus -O0 -g compilation; 3 keep .o/.json; 4 also .cce and UB fusion description.</source>
      <translation>0 关闭；1 在kernel_meta中保留 .cce/_loc.json/.o/.json 文件；2 同 1，并以 -O0 -g 编译；3 保留 .o/.json 文件；4 另外保留 .cce 文件和UB融合描述文件。</translation>
    </message>
    <message>
      <source>0 runs the graph for online inference, 1 for training. Several options only apply to one of the two modes.</source>
      <translation>0 表示以在线推理方式运行图，1 表示以训练方式运行。部分配置项仅适用于其中一种模式。</translation>
    </message>
    <message>
      <source>0: off; 1: normal exception dump; 2 (default): lite exception dump. Set on global_options(), not on dump_config.</source>
      <translation>0：关闭；1：普通异常算子Dump；2（默认）：轻量化异常算子Dump。在global_options()上设置，而不是在dump_config上。</translation>
    </message>
    <message>
      <source>1 GB huge pages for variables</source>
      <translation>变量使用1 GB大页</translation>
    </message>
    <message>
      <source>1 builds both a profile graph and a dynamic-shape graph and picks one per input shape. Needs the dynamic profile options with placeholder inputs.</source>
      <translation>1 表示同时编译档位图和动态shape图，并按输入shape选择其中之一。需要配合动态档位配置项使用，且输入为placeholder。</translation>
    </message>
    <message>
      <source>1 makes repeated runs of an operator on the same hardware and input give identical results, at some speed cost. Useful when chasing run-to-run accuracy differences.</source>
      <translation>1 表示同一算子在相同硬件和相同输入下多次执行的结果完全一致，但会损失一定性能。适用于定位多次运行间的精度差异。</translation>
    </message>
    <message>
      <source>1 runs dynamic-shape graphs on several streams; not together with auto_multistream_parallel_mode=cv.</source>
      <translation>1 表示动态shape图在多条stream上执行；不能与 auto_multistream_parallel_mode=cv 同时使用。</translation>
    </message>
    <message>
      <source>1 speeds up convolutions with at most 4 channels. Off by default in training, where it is not advised; always on and fixed in online inference.</source>
      <translation>1 表示对通道数不超过4的卷积进行加速。训练场景下默认关闭且不建议开启；在线推理场景下始终开启，不可修改。</translation>
    </message>
    <message>
      <source>1 subgraph, 2 operator, 4 gradient-split tuning; the script's aoe_mode wins.</source>
      <translation>1 子图调优，2 算子调优，4 梯度切分调优；脚本中的aoe_mode优先。</translation>
    </message>
    <message>
      <source>2-layer MLP whose first MatMulV2 exceeds the float16 range (finite in float32)</source>
      <translation>2 层 MLP，其第一个 MatMulV2 超出 float16 的取值范围（在 float32 下是有限值）</translation>
    </message>
    <message>
      <source>3-layer MLP (MatMulV2, bias Add, Relu, a residual Add, SoftmaxV2), input 8x32</source>
      <translation>3 层 MLP（MatMulV2、偏置 Add、Relu、一个残差 Add、SoftmaxV2），输入 8x32</translation>
    </message>
    <message>
      <source>A dump switch is on but dump_path is not set; the session fails to start. Set dump_path to an existing writable folder.</source>
      <translation>已开启Dump开关但未设置dump_path，session将无法启动。请将dump_path设置为已存在且可写的目录。</translation>
    </message>
    <message>
      <source>ACL_PRECISION_MODE keeps every operator in its own dtype, but conv.allow_hf32 is on (its default): float32 convolutions still compute in HF32, 11 mantissa bits.</source>
      <translation>ACL_PRECISION_MODE 让每个算子保持其自身数据类型，但 conv.allow_hf32 处于开启状态（其默认值）：float32 卷积仍以 HF32（11 位尾数）计算。</translation>
    </message>
    <message>
      <source>AI CPU / AI Core parallelism</source>
      <translation>AI CPU / AI Core并行</translation>
    </message>
    <message>
      <source>AI CPU details</source>
      <translation>AI CPU详细数据</translation>
    </message>
    <message>
      <source>AI Core metrics</source>
      <translation>AI Core性能指标</translation>
    </message>
    <message>
      <source>AI Core/Vector bandwidth sampling (Hz)</source>
      <translation>AI Core/Vector带宽采样频率（Hz）</translation>
    </message>
    <message>
      <source>AI Core/Vector bandwidth switch</source>
      <translation>AI Core/Vector带宽采集开关</translation>
    </message>
    <message>
      <source>AOE</source>
      <translation>AOE</translation>
    </message>
    <message>
      <source>AOE operator list file</source>
      <translation>AOE调优算子配置文件</translation>
    </message>
    <message>
      <source>AOE tuning mode</source>
      <translation>AOE调优模式</translation>
    </message>
    <message>
      <source>AOE working folder</source>
      <translation>AOE工作目录</translation>
    </message>
    <message>
      <source>ASCEND_DUMP_SCENE only accepts aic_err_brief_dump, aic_err_norm_dump or aic_err_detail_dump; other values are ignored with a log warning.</source>
      <translation>ASCEND_DUMP_SCENE仅接受 aic_err_brief_dump、aic_err_norm_dump 或 aic_err_detail_dump；其他取值会被忽略，并在日志中打印告警。</translation>
    </message>
    <message>
      <source>ASCEND_DUMP_SCENE switches exception dump on without any dump config.</source>
      <translation>ASCEND_DUMP_SCENE无需任何Dump配置即可开启异常算子Dump。</translation>
    </message>
    <message>
      <source>ASCEND_DUMP_SCENE={scene} is ignored: only aic_err_brief_dump, aic_err_norm_dump and aic_err_detail_dump are read from the environment</source>
      <translation>ASCEND_DUMP_SCENE={scene} 被忽略：环境变量中只读取 aic_err_brief_dump、aic_err_norm_dump 和 aic_err_detail_dump</translation>
    </message>
    <message>
      <source>ASCEND_REMAIN_CACHE_SIZE_RATIO must be a whole percentage in [1, 100]; other values are not used.</source>
      <translation>ASCEND_REMAIN_CACHE_SIZE_RATIO必须是[1, 100]内的整数百分比；其他取值不生效。</translation>
    </message>
    <message>
      <source>ASCEND_WORK_PATH (priority table), aoe_data</source>
      <translation>ASCEND_WORK_PATH（优先级表），aoe_data</translation>
    </message>
    <message>
      <source>ASCEND_WORK_PATH (priority table), dump graph files</source>
      <translation>ASCEND_WORK_PATH（优先级表），图Dump文件</translation>
    </message>
    <message>
      <source>ASCEND_WORK_PATH (priority table), kernel_meta</source>
      <translation>ASCEND_WORK_PATH（优先级表），kernel_meta</translation>
    </message>
    <message>
      <source>ASCEND_WORK_PATH (priority table), log</source>
      <translation>ASCEND_WORK_PATH（优先级表），日志</translation>
    </message>
    <message>
      <source>ASCEND_WORK_PATH (priority table), profiling_data</source>
      <translation>ASCEND_WORK_PATH（优先级表），profiling_data</translation>
    </message>
    <message>
      <source>ASCEND_WORK_PATH contains {bad}; only letters, digits, _, -, . and / are allowed.</source>
      <translation>ASCEND_WORK_PATH 包含 {bad}；只允许字母、数字、_、-、. 和 /。</translation>
    </message>
    <message>
      <source>Accelerated training</source>
      <translation>训练加速</translation>
    </message>
    <message>
      <source>Accuracy Comparison</source>
      <translation>精度比对</translation>
    </message>
    <message>
      <source>Accuracy Tuning</source>
      <translation>精度调优</translation>
    </message>
    <message>
      <source>Accuracy debugging: preparing dump data and graphs of a TF2 training network</source>
      <translation>精度调试：准备训练网络在昇腾AI处理器上运行的Dump数据与计算图（TF2）</translation>
    </message>
    <message>
      <source>Advanced switch: l2_optimize turns buffer optimization on, off_optimize turns it off.</source>
      <translation>高级开关：l2_optimize 开启Buffer优化，off_optimize 关闭Buffer优化。</translation>
    </message>
    <message>
      <source>Allocate variables and constants on 1 GB huge pages to speed up scattered access. 1 stops the service if that fails; 2 falls back to 2 MB pages.</source>
      <translation>为变量和常量申请1 GB大页内存，以提升离散访问性能。1 表示申请失败时业务终止；2 表示申请失败时回退为2 MB页。</translation>
    </message>
    <message>
      <source>Also dump single-operator calls (aclop/aclnn). With an empty dump_list this is the single-operator dump.</source>
      <translation>同时Dump单算子调用（aclop/aclnn）。dump_list为空时即为单算子Dump。</translation>
    </message>
    <message>
      <source>Also write stack.json and construct.json.</source>
      <translation>同时写出 stack.json 和 construct.json。</translation>
    </message>
    <message>
      <source>An exception dump_scene cannot be combined with dump_debug on (EP0005).</source>
      <translation>dump_scene为异常算子Dump场景时，不能同时开启dump_debug（EP0005）。</translation>
    </message>
    <message>
      <source>An exception dump_scene cannot be combined with dump_op_switch on (EP0005).</source>
      <translation>dump_scene为异常算子Dump场景时，不能同时开启dump_op_switch（EP0005）。</translation>
    </message>
    <message>
      <source>Ascend C kernel dump: comma list of all, printf, tensor, assert, timestamp.</source>
      <translation>Ascend C kernel Dump：从 all、printf、tensor、assert、timestamp 中选择，以逗号分隔。</translation>
    </message>
    <message>
      <source>Ascend runtime source code (the checks in adump, GE, TF Adapter, torchair)</source>
      <translation>昇腾运行时源码（adump、GE、TF Adapter、torchair中的校验）</translation>
    </message>
    <message>
      <source>AscendCL API reference, aclmdlSetDump</source>
      <translation>AscendCL API参考：aclmdlSetDump</translation>
    </message>
    <message>
      <source>Assume no empty tensors</source>
      <translation>假定不存在空Tensor</translation>
    </message>
    <message>
      <source>Asynchronous dump</source>
      <translation>异步Dump</translation>
    </message>
    <message>
      <source>Atlas A2 only supports dump_debug_mode=all.</source>
      <translation>Atlas A2仅支持 dump_debug_mode=all。</translation>
    </message>
    <message>
      <source>Atlas training products round hccl_timeout down to a multiple of {training_timeout_step} (at least {training_timeout_step}): {timeout} s becomes {actual} s.</source>
      <translation>Atlas 训练系列产品会将 hccl_timeout 向下取整为 {training_timeout_step} 的倍数（最小为 {training_timeout_step}）：{timeout} s 变为 {actual} s。</translation>
    </message>
    <message>
      <source>BNInferenceD: mean of {size} values does not fit x {shape}</source>
      <translation>BNInferenceD：{size} 个值的mean与 x {shape} 不符</translation>
    </message>
    <message>
      <source>Backward end operator</source>
      <translation>反向结束算子</translation>
    </message>
    <message>
      <source>Basic Options</source>
      <translation>基础功能</translation>
    </message>
    <message>
      <source>Batch input copy</source>
      <translation>输入批量拷贝</translation>
    </message>
    <message>
      <source>Begin</source>
      <translation>起始</translation>
    </message>
    <message>
      <source>Bench does not have data file.</source>
      <translation>标杆侧没有数据文件。</translation>
    </message>
    <message>
      <source>Bench path</source>
      <translation>标杆路径</translation>
    </message>
    <message>
      <source>BiasAdd with a {ndim}-D bias</source>
      <translation>不支持 {ndim} 维bias的BiasAdd</translation>
    </message>
    <message>
      <source>BiasAdd with data_format {fmt}</source>
      <translation>不支持data_format为 {fmt} 的BiasAdd</translation>
    </message>
    <message>
      <source>Black list</source>
      <translation>黑名单</translation>
    </message>
    <message>
      <source>Buffer optimization</source>
      <translation>Buffer优化</translation>
    </message>
    <message>
      <source>CANN environment variables reference</source>
      <translation>CANN 环境变量参考</translation>
    </message>
    <message>
      <source>CANN {version} reads jit_compile as a bool (.b): the string given through .s is read as false ("0") without an error; the string form is read from CANN {since}. {said}</source>
      <translation>CANN {version} 以布尔值（.b）读取jit_compile：通过.s给出的字符串会被静默读为false（"0"），不报错；从CANN {since}起才读取字符串形式。{said}</translation>
    </message>
    <message>
      <source>Cache folder</source>
      <translation>缓存目录</translation>
    </message>
    <message>
      <source>Cache kept (%)</source>
      <translation>缓存保留比例（%）</translation>
    </message>
    <message>
      <source>Call names (or name parts, or "name-regex(...)") to dump; empty: all. L2 needs exactly one API.</source>
      <translation>需要Dump的调用名称（或名称片段，或 "name-regex(...)"）；为空表示全部。L2 需要恰好一个 API。</translation>
    </message>
    <message>
      <source>Cannot compare by Cosine Similarity. All the data is zero in {file}.</source>
      <translation>无法按余弦相似度比对：{file} 中的数据全为0。</translation>
    </message>
    <message>
      <source>Cannot compare by KL Divergence. The data contains 0 in {file}.</source>
      <translation>无法按KL散度比对：{file} 中的数据含有0。</translation>
    </message>
    <message>
      <source>Cast from {src} to {dst} (the rounding mode is not documented) is not covered</source>
      <translation>不支持从 {src} 到 {dst} 的Cast（舍入方式没有文档说明）</translation>
    </message>
    <message>
      <source>Checked for CANN {version}, the latest release this checker knows; set the CANN version (--cann-version) to check for another.</source>
      <translation>按CANN {version}（本检查器已知的最新版本）检查；如需按其他版本检查，请设置CANN版本（--cann-version）。</translation>
    </message>
    <message>
      <source>Checked for CANN {version}.</source>
      <translation>按CANN {version}检查。</translation>
    </message>
    <message>
      <source>Checked for {framework} (the Framework setting).</source>
      <translation>按{framework}检查（“框架”设置）。</translation>
    </message>
    <message>
      <source>Checked for {framework}, as {key} shows.</source>
      <translation>按{framework}检查（由{key}推断）。</translation>
    </message>
    <message>
      <source>Collect AI CPU operator execution and data copy times.</source>
      <translation>采集AI CPU算子的执行耗时和数据拷贝耗时。</translation>
    </message>
    <message>
      <source>Collect AI Core and AI Vector bandwidth and latency. A2/A3 use instr_profiling_freq instead.</source>
      <translation>采集AI Core和AI Vector的带宽与时延数据。A2/A3请改用instr_profiling_freq。</translation>
    </message>
    <message>
      <source>Collect L2 cache (and on A2/A3 also TLB) hit ratios.</source>
      <translation>采集L2 Cache命中率（A2/A3上同时采集TLB命中率）。</translation>
    </message>
    <message>
      <source>Collect collective communication data.</source>
      <translation>采集集合通信数据。</translation>
    </message>
    <message>
      <source>Collect data of operators that overflow or underflow into dump_path. Cannot be on together with enable_dump.</source>
      <translation>将发生上溢或下溢的算子数据采集到dump_path中。不能与enable_dump同时开启。</translation>
    </message>
    <message>
      <source>Collect folder</source>
      <translation>采集目录</translation>
    </message>
    <message>
      <source>Collect forward/backward and gradient update timing of a training job. Must be on for training profiling; online inference does not support it.</source>
      <translation>采集训练作业的前向/反向及梯度更新耗时。训练场景采集Profiling数据时必须开启；在线推理不支持。</translation>
    </message>
    <message>
      <source>Collect host-side scheduling time of dynamic-shape operators: l0 main phases, l1 finer detail.</source>
      <translation>采集动态shape算子在Host侧的调度耗时：l0 采集主要阶段，l1 采集更细粒度的数据。</translation>
    </message>
    <message>
      <source>Collect operator dispatch and execution durations: l0 durations only, l1 (same as on) also basic operator information.</source>
      <translation>采集算子下发耗时和执行耗时：l0 仅采集耗时，l1（同 on）同时采集算子基本信息。</translation>
    </message>
    <message>
      <source>Collect runtime API calls, including host/device memory copy latencies.</source>
      <translation>采集Runtime API调用数据，包括Host与Device之间内存拷贝的时延。</translation>
    </message>
    <message>
      <source>Collect without synchronising the device; tensor task needs a list, md5 is not allowed, and large tensors may run out of memory.</source>
      <translation>不同步 Device 即采集；tensor 任务需要配置 list，不能使用 md5，大 Tensor 可能导致内存不足。</translation>
    </message>
    <message>
      <source>Collective communication timeout; the session option hccl_timeout wins.</source>
      <translation>集合通信超时时间；session配置项hccl_timeout优先。</translation>
    </message>
    <message>
      <source>Collective timeout (s)</source>
      <translation>集合通信超时时间（秒）</translation>
    </message>
    <message>
      <source>Comma list from cpu, mem: process CPU and memory utilization on the host.</source>
      <translation>从 cpu、mem 中选择，以逗号分隔：Host侧进程的CPU和内存利用率。</translation>
    </message>
    <message>
      <source>Comma list from cpu, mem: system and process CPU and memory data on the host.</source>
      <translation>从 cpu、mem 中选择，以逗号分隔：Host侧系统及进程的CPU和内存数据。</translation>
    </message>
    <message>
      <source>Comma list of device IDs the main process sends preprocessed data to; used with local_rank_id.</source>
      <translation>主进程发送预处理数据的目标设备ID列表，以逗号分隔；与local_rank_id配合使用。</translation>
    </message>
    <message>
      <source>Comma list of operator types (Pooling, SoftmaxV2, LRN, ROIAlign) that use op_select_implmode.</source>
      <translation>使用op_select_implmode的算子类型列表（Pooling、SoftmaxV2、LRN、ROIAlign），以逗号分隔。</translation>
    </message>
    <message>
      <source>Comma list of registered non-general scope fusion patterns to enable at build time.</source>
      <translation>编译时要启用的已注册非通用Scope融合规则列表，以逗号分隔。</translation>
    </message>
    <message>
      <source>Comma-separated operator types that ACL_OP_SELECT_IMPL_MODE applies to.</source>
      <translation>ACL_OP_SELECT_IMPL_MODE 所作用的算子类型，以逗号分隔。</translation>
    </message>
    <message>
      <source>Common</source>
      <translation>通用</translation>
    </message>
    <message>
      <source>Communication data</source>
      <translation>通信数据</translation>
    </message>
    <message>
      <source>Communication tail optimization</source>
      <translation>通信拖尾优化</translation>
    </message>
    <message>
      <source>Compile cache</source>
      <translation>编译缓存</translation>
    </message>
    <message>
      <source>Compile cache size (MB)</source>
      <translation>编译缓存空间大小（MB）</translation>
    </message>
    <message>
      <source>ConcatD: {exc}</source>
      <translation>ConcatD：{exc}</translation>
    </message>
    <message>
      <source>Config file forcing input/output dtypes of named operators or operator types, overriding the global precision mode for them.</source>
      <translation>用于强制指定某些算子（按名称或类型）输入/输出数据类型的配置文件，对这些算子覆盖全局精度模式。</translation>
    </message>
    <message>
      <source>Configuring Dump Parameters</source>
      <translation>配置Dump参数</translation>
    </message>
    <message>
      <source>Constant folding</source>
      <translation>常量折叠</translation>
    </message>
    <message>
      <source>Conv2D filter in format {known} is not covered</source>
      <translation>不支持格式为 {known} 的Conv2D filter</translation>
    </message>
    <message>
      <source>Conv2D with a fused {fused} is not covered</source>
      <translation>不支持融合了 {fused} 的Conv2D</translation>
    </message>
    <message>
      <source>Conv2D with a {ndim}-D input and a {ndim2}-D filter</source>
      <translation>不支持 {ndim} 维输入、{ndim2} 维filter的Conv2D</translation>
    </message>
    <message>
      <source>Conv2D with data_format {fmt} is not covered</source>
      <translation>不支持data_format为 {fmt} 的Conv2D</translation>
    </message>
    <message>
      <source>Conv2D with padding {value} and no pads attribute is not covered</source>
      <translation>不支持padding为 {value} 且没有pads属性的Conv2D</translation>
    </message>
    <message>
      <source>Conv2D: a {kh}x{kw} filter does not fit the padded {ph}x{pw} input</source>
      <translation>Conv2D：{kh}x{kw} 的filter放不进填充后 {ph}x{pw} 的输入</translation>
    </message>
    <message>
      <source>Conv2D: {shape} input channels, filter {shape2} and groups={groups} do not fit</source>
      <translation>Conv2D：输入通道数 {shape}、filter {shape2} 与 groups={groups} 不匹配</translation>
    </message>
    <message>
      <source>Copy several inputs from host to device in one batch. Needs more than one input; inputs already fused by input_fusion_size are not batch-copied.</source>
      <translation>将多个输入从Host批量一次性拷贝到Device。需要有多个输入；已按input_fusion_size融合的输入不参与批量拷贝。</translation>
    </message>
    <message>
      <source>Core limits</source>
      <translation>核数限制</translation>
    </message>
    <message>
      <source>Cube/Vector parallelism</source>
      <translation>Cube/Vector并行</translation>
    </message>
    <message>
      <source>Cube/Vector parallelism (auto_multistream_parallel_mode=cv) cannot run together with ENABLE_DYNAMIC_SHAPE_MULTI_STREAM.</source>
      <translation>Cube/Vector并行（auto_multistream_parallel_mode=cv）不能与ENABLE_DYNAMIC_SHAPE_MULTI_STREAM同时使用。</translation>
    </message>
    <message>
      <source>Current loss</source>
      <translation>当前loss</translation>
    </message>
    <message>
      <source>Current step</source>
      <translation>当前step</translation>
    </message>
    <message>
      <source>Custom operator namespaces</source>
      <translation>自定义算子命名空间</translation>
    </message>
    <message>
      <source>DUMP_GRAPH_LEVEL as a number must be 1, 2, 3 or 4.</source>
      <translation>DUMP_GRAPH_LEVEL为数字时，必须为 1、2、3 或 4。</translation>
    </message>
    <message>
      <source>DUMP_GRAPH_PATH / DUMP_GRAPH_LEVEL only matter when DUMP_GE_GRAPH is set; no graph is dumped.</source>
      <translation>DUMP_GRAPH_PATH / DUMP_GRAPH_LEVEL仅在设置了DUMP_GE_GRAPH时生效；当前不会Dump任何图。</translation>
    </message>
    <message>
      <source>DVPP sampling (Hz)</source>
      <translation>DVPP采样频率（Hz）</translation>
    </message>
    <message>
      <source>Data Augmentation</source>
      <translation>数据增强</translation>
    </message>
    <message>
      <source>Data dump</source>
      <translation>数据Dump</translation>
    </message>
    <message>
      <source>Data mode</source>
      <translation>数据模式</translation>
    </message>
    <message>
      <source>Debugging</source>
      <translation>调试功能</translation>
    </message>
    <message>
      <source>Deprecated</source>
      <translation>待废弃</translation>
    </message>
    <message>
      <source>Deterministic computing</source>
      <translation>确定性计算</translation>
    </message>
    <message>
      <source>Diff count</source>
      <translation>差异数量</translation>
    </message>
    <message>
      <source>Dimension</source>
      <translation>维度</translation>
    </message>
    <message>
      <source>Disk budget for profile files with its unit, e.g. 200MB; 200 to 4294967295 MB. Oldest files are deleted when it fills up. Default: 90% of the free space.</source>
      <translation>Profiling文件可占用的磁盘空间，需带单位，例如 200MB；取值范围200～4294967295 MB。空间占满时删除最早的文件。默认：可用空间的90%。</translation>
    </message>
    <message>
      <source>Disk space for compile-cache files per processor; -1 switches aging off.</source>
      <translation>每个处理器的编译缓存文件可占用的磁盘空间；-1 表示关闭老化。</translation>
    </message>
    <message>
      <source>Distributed</source>
      <translation>分布式</translation>
    </message>
    <message>
      <source>Drive dump through the json file only: turn enable_dump off</source>
      <translation>仅通过json文件控制Dump：关闭enable_dump</translation>
    </message>
    <message>
      <source>Drop the empty-tensor checks from dynamic-shape graphs for speed. Only safe when the graph never produces empty tensors.</source>
      <translation>去掉动态shape图中的空Tensor检查以提升性能。仅当图中不会产生空Tensor时才安全。</translation>
    </message>
    <message>
      <source>Dtype of NPU and bench tensor do not match.</source>
      <translation>NPU与标杆Tensor的数据类型不一致。</translation>
    </message>
    <message>
      <source>Dump</source>
      <translation>Dump</translation>
    </message>
    <message>
      <source>Dump Watch Configuration for Operators</source>
      <translation>算子Dump Watch配置</translation>
    </message>
    <message>
      <source>Dump before quantization</source>
      <translation>Dump量化前数据</translation>
    </message>
    <message>
      <source>Dump config file</source>
      <translation>Dump配置文件</translation>
    </message>
    <message>
      <source>Dump content</source>
      <translation>Dump内容</translation>
    </message>
    <message>
      <source>Dump enabled</source>
      <translation>启用Dump</translation>
    </message>
    <message>
      <source>Dump every operator: set dump_op_switch to on</source>
      <translation>Dump所有算子：将dump_op_switch设置为on</translation>
    </message>
    <message>
      <source>Dump folder</source>
      <translation>Dump目录</translation>
    </message>
    <message>
      <source>Dump inputs/outputs</source>
      <translation>Dump输入/输出</translation>
    </message>
    <message>
      <source>Dump iterations</source>
      <translation>Dump迭代</translation>
    </message>
    <message>
      <source>Dump level</source>
      <translation>Dump级别</translation>
    </message>
    <message>
      <source>Dump mode</source>
      <translation>Dump模式</translation>
    </message>
    <message>
      <source>Dump only a slice of each tensor (tensor / statistics at L0, L1 or mix).</source>
      <translation>只Dump每个 Tensor 的一个切片（tensor / statistics 任务，L0、L1 或 mix 级别）。</translation>
    </message>
    <message>
      <source>Dump only operators between begin and end (needs dump_level "op" and a model_name).</source>
      <translation>仅Dump begin与end之间的算子（需要dump_level为 "op" 并指定model_name）。</translation>
    </message>
    <message>
      <source>Dump operator data to dump_path. Cannot be on together with enable_dump_debug.</source>
      <translation>将算子数据Dump到dump_path。不能与enable_dump_debug同时开启。</translation>
    </message>
    <message>
      <source>Dump operator data. Needs dump_path. Cannot be on together with enable_dump_debug.</source>
      <translation>Dump算子数据。需要配置dump_path。不能与enable_dump_debug同时开启。</translation>
    </message>
    <message>
      <source>Dump operator inputs, outputs or both (torchair's default is all).</source>
      <translation>Dump算子的输入、输出或两者（torchair默认为 all）。</translation>
    </message>
    <message>
      <source>Dump operator inputs, outputs or both.</source>
      <translation>Dump算子的输入、输出或两者。</translation>
    </message>
    <message>
      <source>Dump operator inputs, outputs or both. Must be output under the watcher scene.</source>
      <translation>Dump算子的输入、输出或两者。watcher场景下必须为 output。</translation>
    </message>
    <message>
      <source>Dump operator inputs, outputs or both. Only read when enable_dump is on.</source>
      <translation>Dump算子的输入、输出或两者。仅在开启enable_dump时生效。</translation>
    </message>
    <message>
      <source>Dump operator inputs/outputs of the compiled graph (True or False).</source>
      <translation>Dump编译后计算图中算子的输入/输出数据（True或False）。</translation>
    </message>
    <message>
      <source>Dump operators that overflow. Needs dump_path. Cannot be on together with enable_dump.</source>
      <translation>Dump发生溢出的算子。需要配置dump_path。不能与enable_dump同时开启。</translation>
    </message>
    <message>
      <source>Dump scene</source>
      <translation>Dump场景</translation>
    </message>
    <message>
      <source>Dump stage (aclgraph)</source>
      <translation>Dump阶段（aclgraph）</translation>
    </message>
    <message>
      <source>Dump the graph at every build stage: 1 full, 2 without weights, 3 node relations only.</source>
      <translation>Dump图编译各阶段的图：1 完整图，2 不含权重的图，3 仅节点关系。</translation>
    </message>
    <message>
      <source>Dump the operators that overflow or underflow (AI Core only). Needs dump_path; cannot be combined with model or single-operator dump.</source>
      <translation>Dump发生上溢或下溢的算子（仅AI Core）。需要配置dump_path；不能与模型Dump或单算子Dump同时使用。</translation>
    </message>
    <message>
      <source>Dump watch (dump_scene watcher) cannot be combined with overflow dump (dump_debug on) (EP0005).</source>
      <translation>Dump Watch模式（dump_scene为watcher）不能与溢出算子Dump（dump_debug为on）同时开启（EP0005）。</translation>
    </message>
    <message>
      <source>Dump watch (dump_scene watcher) cannot be combined with single-operator dump (dump_op_switch on) (EP0005).</source>
      <translation>Dump Watch模式（dump_scene为watcher）不能与单算子Dump（dump_op_switch为on）同时开启（EP0005）。</translation>
    </message>
    <message>
      <source>Dynamic Shape</source>
      <translation>动态shape</translation>
    </message>
    <message>
      <source>Dynamic dimension profiles</source>
      <translation>动态维度档位</translation>
    </message>
    <message>
      <source>Dynamic dimension profiles need input_shape, dynamic_dims and dynamic_node_type together; {missing} are missing.</source>
      <translation>动态维度档位需要同时设置 input_shape、dynamic_dims 和 dynamic_node_type；缺少 {missing}。</translation>
    </message>
    <message>
      <source>Dynamic dimension profiles need input_shape, dynamic_dims and dynamic_node_type together; {missing} is missing.</source>
      <translation>动态维度档位需要同时设置 input_shape、dynamic_dims 和 dynamic_node_type；缺少 {missing}。</translation>
    </message>
    <message>
      <source>Dynamic execution mode</source>
      <translation>动态执行模式</translation>
    </message>
    <message>
      <source>Dynamic input</source>
      <translation>动态输入</translation>
    </message>
    <message>
      <source>Dynamic input node type</source>
      <translation>动态输入节点类型</translation>
    </message>
    <message>
      <source>Dynamic input shape ranges</source>
      <translation>动态输入shape范围</translation>
    </message>
    <message>
      <source>Dynamic-shape graphs need fp_point and bp_point named by hand for the iteration trace.</source>
      <translation>动态shape图需要手动指定 fp_point 和 bp_point，才能采集迭代轨迹。</translation>
    </message>
    <message>
      <source>Dynamic-shape multi-stream</source>
      <translation>动态shape多stream</translation>
    </message>
    <message>
      <source>End</source>
      <translation>结束</translation>
    </message>
    <message>
      <source>Engine parallelism</source>
      <translation>引擎并行度</translation>
    </message>
    <message>
      <source>Environment (shell exports)</source>
      <translation>环境变量（shell export语句）</translation>
    </message>
    <message>
      <source>Environment variable set in the script: 1 full graphs, 2 graphs without weights, 3 node relations only. Graph files land in the working directory.</source>
      <translation>在脚本中设置的环境变量：1 完整图，2 不含权重的图，3 仅节点关系。图文件生成在当前工作目录下。</translation>
    </message>
    <message>
      <source>Environment variables</source>
      <translation>环境变量</translation>
    </message>
    <message>
      <source>Error data path</source>
      <translation>错误数据路径</translation>
    </message>
    <message>
      <source>Event sync timeout (ms)</source>
      <translation>Event同步超时时间（毫秒）</translation>
    </message>
    <message>
      <source>Event synchronization timeout during graph execution; -1 waits without reporting.</source>
      <translation>图执行过程中Event同步的超时时间；-1 表示一直等待、不报超时。</translation>
    </message>
    <message>
      <source>Every step is dumped: steps 0 to {last}.</source>
      <translation>每个 step 都会 Dump：step 0 到 {last}。</translation>
    </message>
    <message>
      <source>Exception Operator Dump Configuration</source>
      <translation>异常算子Dump配置</translation>
    </message>
    <message>
      <source>Exception Remedy</source>
      <translation>异常补救</translation>
    </message>
    <message>
      <source>Exception dump</source>
      <translation>异常算子Dump</translation>
    </message>
    <message>
      <source>Exception dump cannot run together with model dump: with an exception dump_scene the runtime only does the exception dump and ignores dump_list.</source>
      <translation>异常算子Dump不能与模型Dump同时进行：dump_scene为异常场景时，运行时只执行异常算子Dump，并忽略dump_list。</translation>
    </message>
    <message>
      <source>Exception dump folder</source>
      <translation>异常算子Dump目录</translation>
    </message>
    <message>
      <source>Exception dump scene</source>
      <translation>异常算子Dump场景</translation>
    </message>
    <message>
      <source>Exception operator dump</source>
      <translation>异常算子Dump</translation>
    </message>
    <message>
      <source>Existing .json file with an acl.json "dump" section (model/op dump, overflow, watcher). Recommended; do not combine it with the options above.</source>
      <translation>已存在的 .json 文件，包含acl.json格式的 "dump" 段（模型/单算子Dump、溢出算子Dump、Dump Watch）。推荐使用此方式；请勿与上面的配置项同时使用。</translation>
    </message>
    <message>
      <source>Existing folder (absolute, or relative to the working directory) the dumps are written to. Required when enable_dump or enable_dump_debug is on.</source>
      <translation>Dump数据写入的已存在目录（绝对路径，或相对于当前工作目录的相对路径）。开启enable_dump或enable_dump_debug时必须配置。</translation>
    </message>
    <message>
      <source>Existing folder for the dumps (absolute or relative to the working directory); it must exist when the script assigns it. torchair adds worldsize&lt;W&gt;_global_rank&lt;R&gt;/ below it.</source>
      <translation>Dump数据的存放目录（绝对路径或相对于当前工作目录的相对路径）；脚本赋值时该目录必须已存在。torchair会在其下添加 worldsize&lt;W&gt;_global_rank&lt;R&gt;/ 子目录。</translation>
    </message>
    <message>
      <source>Existing folder where compiled graphs are cached and reloaded. Clear it after changing the graph or upgrading; not for models with resource operators.</source>
      <translation>已存在的目录，用于缓存和重新加载编译后的图。修改图或升级版本后请清空该目录；不适用于包含资源类算子的模型。</translation>
    </message>
    <message>
      <source>Existing, writable folder for AOE configuration and tuning results; default is the current folder.</source>
      <translation>存放AOE配置和调优结果的目录，须已存在且可写；默认为当前目录。</translation>
    </message>
    <message>
      <source>Existing, writable folder for data and overflow dumps; absolute or relative to the folder the script runs in. Required when either dump switch is on.</source>
      <translation>存放数据Dump和溢出算子Dump结果的目录，须已存在且可写；可为绝对路径或相对于脚本执行目录的相对路径。开启任一Dump开关时必须配置。</translation>
    </message>
    <message>
      <source>Experiment Parameters</source>
      <translation>实验参数</translation>
    </message>
    <message>
      <source>Experiment Parameters "cannot be used in commercial products"</source>
      <translation>实验参数 “不能用于商用产品”</translation>
    </message>
    <message>
      <source>Externalize weights</source>
      <translation>权重外置</translation>
    </message>
    <message>
      <source>Extra info</source>
      <translation>附加信息</translation>
    </message>
    <message>
      <source>Extra scope fusion passes</source>
      <translation>额外的Scope融合规则</translation>
    </message>
    <message>
      <source>First operator</source>
      <translation>起始算子</translation>
    </message>
    <message>
      <source>Fold constant expressions at graph compile time. Some networks fail to compile without it.</source>
      <translation>在图编译时对常量表达式进行折叠。部分网络不开启会编译失败。</translation>
    </message>
    <message>
      <source>Folder for DUMP_GE_GRAPH files (before ASCEND_WORK_PATH).</source>
      <translation>DUMP_GE_GRAPH生成文件的存放目录（优先于ASCEND_WORK_PATH）。</translation>
    </message>
    <message>
      <source>Folder for exception dumps; read by the dump library before ASCEND_WORK_PATH.</source>
      <translation>异常算子Dump数据的存放目录；Dump库优先读取该变量，其次才是ASCEND_WORK_PATH。</translation>
    </message>
    <message>
      <source>Folder for the operator compile cache (a kernel_cache subfolder is added). Takes priority over ASCEND_CACHE_PATH and $HOME/atc_data.</source>
      <translation>算子编译缓存的存放目录（会在其下添加kernel_cache子目录）。优先级高于ASCEND_CACHE_PATH和 $HOME/atc_data。</translation>
    </message>
    <message>
      <source>Folder for the process logs (before ASCEND_WORK_PATH/log).</source>
      <translation>进程日志的存放目录（优先于ASCEND_WORK_PATH/log）。</translation>
    </message>
    <message>
      <source>Folder msprobe writes step{N}/rank{R}/ (or proc{pid}/) into; created when missing. Required.</source>
      <translation>msprobe 写入 step{N}/rank{R}/（或 proc{pid}/）的目录；不存在时自动创建。必填。</translation>
    </message>
    <message>
      <source>Folder the dump files are written to: an existing local folder (absolute, or relative to the process working directory) or a remote 'IPv4:path'. At most 512 characters. Required unless dump_scene is an exception scene.</source>
      <translation>Dump文件的写入目录：已存在的本地目录（绝对路径，或相对于进程工作目录的相对路径），或远端路径 'IPv4:path'。最多512个字符。除dump_scene为异常场景外必须配置。</translation>
    </message>
    <message>
      <source>For BERT in distributed training: overlap the last gradient aggregation with independent computation. Must match the same setting of NPUOptimizer.</source>
      <translation>用于BERT网络分布式训练：使最后一次梯度聚合与无依赖的计算并行执行。须与NPUOptimizer中的同名设置保持一致。</translation>
    </message>
    <message>
      <source>For quantized networks: also collect the data before quantization.</source>
      <translation>针对量化后的网络：同时采集量化前的数据。</translation>
    </message>
    <message>
      <source>Forward start operator</source>
      <translation>前向起始算子</translation>
    </message>
    <message>
      <source>Freeze variables</source>
      <translation>变量常量化</translation>
    </message>
    <message>
      <source>Fusion switch file</source>
      <translation>融合开关配置文件</translation>
    </message>
    <message>
      <source>GE needs an existing, writable folder on the machine that trains.</source>
      <translation>GE要求在执行训练的机器上存在一个可写的目录。</translation>
    </message>
    <message>
      <source>GeluV2 with approximate={approximate}</source>
      <translation>不支持approximate={approximate} 的GeluV2</translation>
    </message>
    <message>
      <source>Generalize all input shapes</source>
      <translation>泛化所有输入shape</translation>
    </message>
    <message>
      <source>Graph compile cache folder</source>
      <translation>图编译缓存目录</translation>
    </message>
    <message>
      <source>Graph dump</source>
      <translation>图Dump</translation>
    </message>
    <message>
      <source>Graph dump (env)</source>
      <translation>图Dump（环境变量）</translation>
    </message>
    <message>
      <source>Graph dump folder</source>
      <translation>图Dump目录</translation>
    </message>
    <message>
      <source>Graph dump level</source>
      <translation>图Dump级别</translation>
    </message>
    <message>
      <source>Graph memory size (obsolete)</source>
      <translation>图内存大小（已废弃）</translation>
    </message>
    <message>
      <source>Graph run mode</source>
      <translation>图运行模式</translation>
    </message>
    <message>
      <source>Graphs</source>
      <translation>计算图</translation>
    </message>
    <message>
      <source>HCCL timeout (s)</source>
      <translation>HCCL超时时间（秒）</translation>
    </message>
    <message>
      <source>HF32</source>
      <translation>HF32模式</translation>
    </message>
    <message>
      <source>HF32 for MatMul</source>
      <translation>MatMul使用HF32</translation>
    </message>
    <message>
      <source>HF32 for convolutions</source>
      <translation>卷积使用HF32</translation>
    </message>
    <message>
      <source>HF32 is for Cube ops, not {op_type}</source>
      <translation>HF32 只用于Cube算子，不用于 {op_type}</translation>
    </message>
    <message>
      <source>Has no effect in the current version; memory is allocated as needed. Remove it.</source>
      <translation>当前版本中不生效，内存按需申请。请删除此配置项。</translation>
    </message>
    <message>
      <source>Host process data</source>
      <translation>Host侧进程数据</translation>
    </message>
    <message>
      <source>Host scheduling timing</source>
      <translation>Host侧调度耗时</translation>
    </message>
    <message>
      <source>Host system usage</source>
      <translation>Host侧系统资源占用</translation>
    </message>
    <message>
      <source>Host usage sampling (Hz)</source>
      <translation>Host资源占用采样频率（Hz）</translation>
    </message>
    <message>
      <source>How long an operator may execute before timing out.</source>
      <translation>算子执行的超时时间。</translation>
    </message>
    <message>
      <source>How long an operator may wait before timing out.</source>
      <translation>算子等待的超时时间。</translation>
    </message>
    <message>
      <source>Hybrid profile/dynamic compilation</source>
      <translation>档位/动态混合编译</translation>
    </message>
    <message>
      <source>In/out operator pairs</source>
      <translation>输入/输出算子对</translation>
    </message>
    <message>
      <source>Inference: dump only the tokens of this request (tensor / statistics at L0, L1 or mix).</source>
      <translation>推理：只Dump该请求的 token（tensor / statistics 任务，L0、L1 或 mix 级别）。</translation>
    </message>
    <message>
      <source>Input fusion threshold (bytes)</source>
      <translation>输入融合阈值（字节）</translation>
    </message>
    <message>
      <source>Input shapes</source>
      <translation>输入shape</translation>
    </message>
    <message>
      <source>Inputs no larger than this many bytes are fused into one host-to-device copy; 0 turns fusion off. Only static-shape graphs use it.</source>
      <translation>不超过该字节数的输入会融合为一次Host到Device的拷贝；0 表示关闭融合。仅对静态shape图生效。</translation>
    </message>
    <message>
      <source>Inputs small enough for input_fusion_size are fused first and are then not batch-copied; set input_fusion_size to 0 to batch-copy every input.</source>
      <translation>满足input_fusion_size的小输入会先被融合，不再参与批量拷贝；如需批量拷贝所有输入，请将input_fusion_size设为 0。</translation>
    </message>
    <message>
      <source>Interconnect sampling (Hz)</source>
      <translation>互联带宽采样频率（Hz）</translation>
    </message>
    <message>
      <source>Invalid api in {key}: {names}. msprobe accepts only the API names of its PyTorch list ({count} names: functional, tensor, torch and torch_npu APIs, without a prefix) and stops at start-up.{hint}</source>
      <translation>{key}中的API无效：{names}。msprobe只接受其PyTorch列表中的API名称（共{count}个：functional、tensor、torch和torch_npu API，不带前缀），否则在启动时停止。{hint}</translation>
    </message>
    <message>
      <source>Is a directory</source>
      <translation>是一个目录</translation>
    </message>
    <message>
      <source>Iteration trace</source>
      <translation>迭代轨迹</translation>
    </message>
    <message>
      <source>Iterations per loop</source>
      <translation>小循环次数</translation>
    </message>
    <message>
      <source>Iterations to dump, e.g. "0|3-5|10" (at most 100 groups). Empty: every step. Must be a string.</source>
      <translation>需要Dump的迭代，例如 "0|3-5|10"（最多100组）。为空：Dump所有迭代。必须为字符串。</translation>
    </message>
    <message>
      <source>Iterations to dump, e.g. "0|5|10" or "0|3-5|10". Empty: every iteration.</source>
      <translation>需要Dump的迭代，例如 "0|5|10" 或 "0|3-5|10"。为空：Dump所有迭代。</translation>
    </message>
    <message>
      <source>Iterations to dump, e.g. "0|5|10" or "0|3-5|10". Unset: every iteration.</source>
      <translation>需要Dump的迭代，例如 "0|5|10" 或 "0|3-5|10"。不设置：Dump所有迭代。</translation>
    </message>
    <message>
      <source>Iterations to dump, such as 0|5|10 or 0|3-5|10. Empty means every iteration.</source>
      <translation>需要Dump的迭代，例如 0|5|10 或 0|3-5|10。为空表示Dump所有迭代。</translation>
    </message>
    <message>
      <source>JSON file naming the operators (by name or type) that AOE should tune, plus tuning level and features.</source>
      <translation>指定AOE需要调优的算子（按名称或类型）以及调优级别和特性的JSON文件。</translation>
    </message>
    <message>
      <source>JSON file that moves operators between the block, trust and gray lists of mixed precision. Only read when a mixed precision mode is selected.</source>
      <translation>用于在混合精度的黑名单、白名单和灰名单之间调整算子的JSON文件。仅在选择了混合精度模式时生效。</translation>
    </message>
    <message>
      <source>JSON file turning individual graph and UB fusion patterns on or off, e.g. to dump operators before fusion hides them.</source>
      <translation>用于开启或关闭单个图融合规则和UB融合规则的JSON文件，例如关闭融合，以便Dump原本会被融合掉的算子。</translation>
    </message>
    <message>
      <source>JSON object (passed as a string) with the collection settings: output, task_trace, aic_metrics and so on.</source>
      <translation>JSON对象（以字符串形式传入），包含采集设置：output、task_trace、aic_metrics 等。</translation>
    </message>
    <message>
      <source>JSON object of profiling options, e.g. {"output":"/tmp/prof","task_trace":"on"}. Its output wins over ASCEND_WORK_PATH.</source>
      <translation>Profiling配置项的JSON对象，例如 {"output":"/tmp/prof","task_trace":"on"}。其中的output优先于ASCEND_WORK_PATH。</translation>
    </message>
    <message>
      <source>Keep only "all"</source>
      <translation>只保留 "all"</translation>
    </message>
    <message>
      <source>Kernel data</source>
      <translation>Kernel数据</translation>
    </message>
    <message>
      <source>L0: modules; L1: APIs; mix: both; L2: one API's kernels (acl dump); debug: only what debugger.save() saves.</source>
      <translation>L0：模块；L1：API；mix：两者；L2：一个 API 的 kernel（acl Dump）；debug：只包含 debugger.save() 保存的数据。</translation>
    </message>
    <message>
      <source>L2 cache hit ratio</source>
      <translation>L2 Cache命中率</translation>
    </message>
    <message>
      <source>LLC events</source>
      <translation>LLC事件</translation>
    </message>
    <message>
      <source>Last operator</source>
      <translation>结束算子</translation>
    </message>
    <message>
      <source>LayerNorm: gamma {shape} does not fit {pshape}</source>
      <translation>LayerNorm：gamma {shape} 与 {pshape} 不符</translation>
    </message>
    <message>
      <source>Layers</source>
      <translation>算子（layer）</translation>
    </message>
    <message>
      <source>Let mstx or msproftx calls in the script emit profile data.</source>
      <translation>使脚本中的mstx或msproftx调用输出Profiling数据。</translation>
    </message>
    <message>
      <source>Let some operators run in TensorFlow on the host instead of offloading the whole graph to the device.</source>
      <translation>让部分算子在Host侧的TensorFlow中执行，而不是将整图下沉到Device执行。</translation>
    </message>
    <message>
      <source>Level</source>
      <translation>级别</translation>
    </message>
    <message>
      <source>List</source>
      <translation>列表</translation>
    </message>
    <message>
      <source>Load</source>
      <translation>加载</translation>
    </message>
    <message>
      <source>Load inputs</source>
      <translation>加载输入</translation>
    </message>
    <message>
      <source>Local rank ID</source>
      <translation>本地rank ID</translation>
    </message>
    <message>
      <source>Log folder</source>
      <translation>日志目录</translation>
    </message>
    <message>
      <source>Log with base 1 (no logarithm)</source>
      <translation>底数为 1 的Log（不存在对数）</translation>
    </message>
    <message>
      <source>Logical device this session runs on, so one script can drive several devices with one session per device.</source>
      <translation>该session运行的逻辑设备，使一个脚本可以通过每个设备一个session的方式驱动多个设备。</translation>
    </message>
    <message>
      <source>Mark the graph inputs as dynamic; works with dynamic_graph_execute_mode and dynamic_inputs_shape_range.</source>
      <translation>将图的输入标记为动态输入；与dynamic_graph_execute_mode和dynamic_inputs_shape_range配合使用。</translation>
    </message>
    <message>
      <source>Master switch read by integrations (vllm-ascend, verl); unset means enabled.</source>
      <translation>集成框架（vllm-ascend、verl）读取的总开关；未设置表示启用。</translation>
    </message>
    <message>
      <source>Maximum Cube and Vector cores for operator compilation as cube|vector, e.g. 2|4; both above 0 and within the chip's core counts.</source>
      <translation>算子编译时可使用的Cube核和Vector核的最大数量，格式为 cube|vector，例如 2|4；两者均须大于0且不超过芯片的实际核数。</translation>
    </message>
    <message>
      <source>Memory Management</source>
      <translation>内存管理</translation>
    </message>
    <message>
      <source>Memory allocation policy</source>
      <translation>内存分配策略</translation>
    </message>
    <message>
      <source>Memory/bandwidth sampling (Hz)</source>
      <translation>内存/带宽采样频率（Hz）</translation>
    </message>
    <message>
      <source>Memset clean-up policy</source>
      <translation>Memset清零策略</translation>
    </message>
    <message>
      <source>Mixed Computing</source>
      <translation>混合计算</translation>
    </message>
    <message>
      <source>Mixed computing</source>
      <translation>混合计算</translation>
    </message>
    <message>
      <source>Mixed precision list file</source>
      <translation>混合精度名单配置文件</translation>
    </message>
    <message>
      <source>Model (om file or graph) whose layers are dumped. Not allowed under the watcher scene.</source>
      <translation>需要Dump其算子的模型（om文件或图）。watcher场景下不允许配置。</translation>
    </message>
    <message>
      <source>Model name</source>
      <translation>模型名称</translation>
    </message>
    <message>
      <source>Models and layers</source>
      <translation>模型与算子</translation>
    </message>
    <message>
      <source>NCHW conv net: 2x (Conv2D, BNInferenceD, Relu, MaxPool), Flatten, MatMulV2, SoftmaxV2; input 2x3x16x16</source>
      <translation>NCHW 卷积网络：2 组（Conv2D、BNInferenceD、Relu、MaxPool），Flatten、MatMulV2、SoftmaxV2；输入 2x3x16x16</translation>
    </message>
    <message>
      <source>NIC/RoCE sampling (Hz)</source>
      <translation>NIC/RoCE采样频率（Hz）</translation>
    </message>
    <message>
      <source>NPU</source>
      <translation>NPU</translation>
    </message>
    <message>
      <source>NPU and bench</source>
      <translation>NPU 侧和标杆侧</translation>
    </message>
    <message>
      <source>NPU does not have data file.</source>
      <translation>NPU 侧没有数据文件。</translation>
    </message>
    <message>
      <source>NPU_COLLECT_PATH is set and the config asks for a data dump: GE refuses data dump while it is set (E10056), so no operator data is written. Unset NPU_COLLECT_PATH for data dump runs.</source>
      <translation>已设置NPU_COLLECT_PATH，而配置要求进行数据Dump：设置该变量时GE会拒绝数据Dump（E10056），因此不会写出任何算子数据。进行数据Dump时请取消设置NPU_COLLECT_PATH。</translation>
    </message>
    <message>
      <source>NPU_COLLECT_PATH is set, so the oom memory check cannot be used; the compiled model or operator package fails when used.</source>
      <translation>已设置 NPU_COLLECT_PATH，因此无法使用 oom 内存检测；编译出的模型或算子包在使用时会失败。</translation>
    </message>
    <message>
      <source>NPU_COLLECT_PATH is set: exception dumps go to {where} and the normal exception dump is switched on, whatever the config says about exception dump.</source>
      <translation>已设置 NPU_COLLECT_PATH：异常算子Dump数据写入 {where}，且无论配置中如何设置异常算子Dump，都会开启普通异常算子Dump。</translation>
    </message>
    <message>
      <source>NPU_COLLECT_PATH is set: exception dumps go to {where} and the normal exception dump is switched on, whatever the config says about exception dump. dump_path is not used for them.</source>
      <translation>已设置 NPU_COLLECT_PATH：异常算子Dump数据写入 {where}，且无论配置中如何设置异常算子Dump，都会开启普通异常算子Dump。dump_path 不用于这些数据。</translation>
    </message>
    <message>
      <source>NPU_COLLECT_PATH is set: the normal exception dump the config asks for goes to {where}.</source>
      <translation>已设置NPU_COLLECT_PATH：配置所要求的普通异常算子Dump将写入 {where}。</translation>
    </message>
    <message>
      <source>NPU_COLLECT_PATH is set: the normal exception dump the config asks for goes to {where}; {shadowed} is not used for it.</source>
      <translation>已设置NPU_COLLECT_PATH：配置所要求的普通异常算子Dump将写入 {where}；{shadowed} 不再用于该Dump。</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>Name of the first forward operator for iteration traces; empty lets the system find it. Must be set by hand for dynamic-shape graphs.</source>
      <translation>迭代轨迹的前向起始算子名称；为空时由系统自动识别。动态shape图必须手动设置。</translation>
    </message>
    <message>
      <source>Name of the last backward operator for iteration traces; empty lets the system find it. Must be set by hand for dynamic-shape graphs.</source>
      <translation>迭代轨迹的反向结束算子名称；为空时由系统自动识别。动态shape图必须手动设置。</translation>
    </message>
    <message>
      <source>Network-wide operator precision policy; the recommended form. Default depends on product and mode (origin for A2/A3 training, fp16 for online inference).</source>
      <translation>网络整体的算子精度模式；推荐使用此配置项。默认值取决于产品和运行模式（A2/A3训练为 origin，在线推理为 fp16）。</translation>
    </message>
    <message>
      <source>No bench data matched.</source>
      <translation>没有匹配的标杆数据。</translation>
    </message>
    <message>
      <source>No such file or directory</source>
      <translation>没有该文件或目录</translation>
    </message>
    <message>
      <source>Not a directory</source>
      <translation>不是目录</translation>
    </message>
    <message>
      <source>Nothing will be dumped: dump_list is empty, dump_op_switch is off, dump_debug is off and no dump_scene is set. The runtime accepts this config without a word.</source>
      <translation>不会Dump任何数据：dump_list为空、dump_op_switch为off、dump_debug为off，且未设置dump_scene。运行时会接受此配置且不给出任何提示。</translation>
    </message>
    <message>
      <source>NpuOptimizer options set through custom_op.parameter_map in a TF1 session config.</source>
      <translation>在TF1 session配置中通过custom_op.parameter_map设置的NpuOptimizer配置项。</translation>
    </message>
    <message>
      <source>Number of threads that execute graphs in parallel during online inference.</source>
      <translation>在线推理时并行执行图的线程数。</translation>
    </message>
    <message>
      <source>Offload GetNext</source>
      <translation>GetNext算子下沉</translation>
    </message>
    <message>
      <source>Offload the in/out pair range</source>
      <translation>下沉输入/输出算子对范围内的算子</translation>
    </message>
    <message>
      <source>Older network-wide operator precision policy; cannot be combined with precision_mode_v2. Default depends on product and mode.</source>
      <translation>旧版的网络整体算子精度模式；不能与precision_mode_v2同时使用。默认值取决于产品和运行模式。</translation>
    </message>
    <message>
      <source>On Atlas training products hccl_timeout must be in (0, {training_timeout_max}] seconds, not {timeout}.</source>
      <translation>在 Atlas 训练系列产品上，hccl_timeout 必须在 (0, {training_timeout_max}] 秒之间，而不是 {timeout}。</translation>
    </message>
    <message>
      <source>One folder for the files the runtime writes (logs, traces, graphs, exception dumps, fusion results, profiling, external weights). Letters, digits, _, - and . only; the last folder should identify the host.</source>
      <translation>运行时所生成文件（日志、trace、计算图、异常算子Dump、融合结果、Profiling数据、外置权重）的统一存放目录。仅允许字母、数字、_、- 和 .；最后一级目录应能标识所在主机。</translation>
    </message>
    <message>
      <source>One row per model (model dump) or per watcher group. Empty with dump_op_switch off dumps nothing.</source>
      <translation>每个模型（模型Dump）或每个watcher组一行。为空且dump_op_switch为off时不Dump任何数据。</translation>
    </message>
    <message>
      <source>Online inference does not support training_trace; it is ignored.</source>
      <translation>在线推理不支持 training_trace；将被忽略。</translation>
    </message>
    <message>
      <source>Online operator compilation</source>
      <translation>算子在线编译</translation>
    </message>
    <message>
      <source>Operation not permitted</source>
      <translation>不允许的操作</translation>
    </message>
    <message>
      <source>Operator and Graph Build</source>
      <translation>算子与图编译</translation>
    </message>
    <message>
      <source>Operator compile cache</source>
      <translation>算子编译缓存</translation>
    </message>
    <message>
      <source>Operator compile cache folder</source>
      <translation>算子编译缓存目录</translation>
    </message>
    <message>
      <source>Operator compile cache goes to &lt;this&gt;/kernel_cache unless op_compiler_cache_dir is set.</source>
      <translation>未设置op_compiler_cache_dir时，算子编译缓存存放在 &lt;此目录&gt;/kernel_cache 下。</translation>
    </message>
    <message>
      <source>Operator debug config file</source>
      <translation>算子调试配置文件</translation>
    </message>
    <message>
      <source>Operator debug file folder</source>
      <translation>算子调试文件目录</translation>
    </message>
    <message>
      <source>Operator debug level</source>
      <translation>算子调试级别</translation>
    </message>
    <message>
      <source>Operator execution timeout (s)</source>
      <translation>算子执行超时时间（秒）</translation>
    </message>
    <message>
      <source>Operator implementation mode</source>
      <translation>算子实现模式</translation>
    </message>
    <message>
      <source>Operator names (after graph fusion) to dump. Under the watcher scene: operators that may overwrite the watched operators' memory.</source>
      <translation>需要Dump的算子名称（图融合后的名称）。watcher场景下：可能踩踏被观察算子内存的算子。</translation>
    </message>
    <message>
      <source>Operator names not dumped (at most 100 entries; needs dump_level "op").</source>
      <translation>不Dump的算子名称（最多100项；需要dump_level为 "op"）。</translation>
    </message>
    <message>
      <source>Operator names separated by spaces; empty dumps every operator.</source>
      <translation>以空格分隔的算子名称；为空时Dump所有算子。</translation>
    </message>
    <message>
      <source>Operator names to skip</source>
      <translation>跳过的算子名称</translation>
    </message>
    <message>
      <source>Operator precision mode file</source>
      <translation>算子精度模式配置文件</translation>
    </message>
    <message>
      <source>Operator ranges</source>
      <translation>算子范围</translation>
    </message>
    <message>
      <source>Operator type (optype_blacklist) or name (opname_blacklist).</source>
      <translation>算子类型（optype_blacklist）或算子名称（opname_blacklist）。</translation>
    </message>
    <message>
      <source>Operator types for implementation mode</source>
      <translation>使用实现模式的算子类型</translation>
    </message>
    <message>
      <source>Operator types for the implementation mode</source>
      <translation>实现模式作用的算子类型</translation>
    </message>
    <message>
      <source>Operator types not dumped (at most 100 entries; needs dump_level "op").</source>
      <translation>不Dump的算子类型（最多100项；需要dump_level为 "op"）。</translation>
    </message>
    <message>
      <source>Operator types to skip</source>
      <translation>跳过的算子类型</translation>
    </message>
    <message>
      <source>Operator wait timeout (s)</source>
      <translation>算子等待超时时间（秒）</translation>
    </message>
    <message>
      <source>Operators</source>
      <translation>算子</translation>
    </message>
    <message>
      <source>Operators to dump</source>
      <translation>需要Dump的算子</translation>
    </message>
    <message>
      <source>Output</source>
      <translation>输出</translation>
    </message>
    <message>
      <source>Overflow detection</source>
      <translation>溢出检测模式</translation>
    </message>
    <message>
      <source>Overflow detection mode</source>
      <translation>溢出检测模式</translation>
    </message>
    <message>
      <source>Overflow dump</source>
      <translation>溢出算子Dump</translation>
    </message>
    <message>
      <source>Overflow dump (dump_debug on) cannot be combined with single-operator dump (dump_op_switch on) (EP0005).</source>
      <translation>溢出算子Dump（dump_debug为on）不能与单算子Dump（dump_op_switch为on）同时开启（EP0005）。</translation>
    </message>
    <message>
      <source>Overflow dump (dump_debug on) with a non-empty dump_list: adump accepts it, but GE refuses model dump while overflow detection is on, so the listed models are not dumped. (The AscendCL reference says an error is returned; the runtime only logs GE's refusal.)</source>
      <translation>溢出算子Dump（dump_debug为on）与非空dump_list同时配置：adump接受该配置，但开启溢出检测时GE拒绝模型Dump，因此列出的模型不会被Dump。（AscendCL文档称会返回错误；运行时只在日志中记录GE的拒绝。）</translation>
    </message>
    <message>
      <source>Overflow/Underflow Operator Dump Configuration</source>
      <translation>溢出算子Dump配置</translation>
    </message>
    <message>
      <source>Overlap gradient AllReduce with forward and backward computation in distributed training. Small networks may do better with False.</source>
      <translation>分布式训练中使梯度AllReduce与前向、反向计算并行执行。小网络设为False可能效果更好。</translation>
    </message>
    <message>
      <source>Parallel AllReduce</source>
      <translation>AllReduce并行</translation>
    </message>
    <message>
      <source>Parallel graph threads</source>
      <translation>图并行执行线程数</translation>
    </message>
    <message>
      <source>Parallel task count per engine as ENGINE:N pairs separated by commas, e.g. DNN_VM_AICPU:10,AIcoreEngine:1. Meant for NMT networks; default 1.</source>
      <translation>各引擎的并行任务数，格式为以逗号分隔的 ENGINE:N，例如 DNN_VM_AICPU:10,AIcoreEngine:1。适用于NMT网络；默认为 1。</translation>
    </message>
    <message>
      <source>Path of a .cfg file whose op_debug_config line lists compile-time debug switches (oom, dump_cce, dump_loc, ccec_O0, ccec_g, check_flag) and whose optional op_debug_list limits them to some operators.</source>
      <translation>.cfg 文件的路径：其中 op_debug_config 行列出编译时的调试开关（oom、dump_cce、dump_loc、ccec_O0、ccec_g、check_flag），可选的 op_debug_list 将其限定于部分算子。</translation>
    </message>
    <message>
      <source>Path of an .ini file choosing high precision, high performance and similar modes per operator type or node name. Overrides op_select_implmode and optypelist_for_implmode.</source>
      <translation>.ini 文件的路径，按算子类型或节点名称选择高精度、高性能等实现模式。优先级高于op_select_implmode和optypelist_for_implmode。</translation>
    </message>
    <message>
      <source>Paths</source>
      <translation>路径</translation>
    </message>
    <message>
      <source>Per-operator dtype file</source>
      <translation>算子数据类型配置文件</translation>
    </message>
    <message>
      <source>Performance</source>
      <translation>性能</translation>
    </message>
    <message>
      <source>Performance Tuning</source>
      <translation>性能调优</translation>
    </message>
    <message>
      <source>Permission denied</source>
      <translation>权限不足</translation>
    </message>
    <message>
      <source>Positions</source>
      <translation>位置</translation>
    </message>
    <message>
      <source>Precision</source>
      <translation>精度</translation>
    </message>
    <message>
      <source>Precision mode</source>
      <translation>精度模式</translation>
    </message>
    <message>
      <source>Precision mode (legacy)</source>
      <translation>精度模式（旧版）</translation>
    </message>
    <message>
      <source>Precision mode (v2)</source>
      <translation>精度模式（v2）</translation>
    </message>
    <message>
      <source>Profiles separated by ';', each a comma list with one size per -1 in input_shape. Between 2 and 100 profiles.</source>
      <translation>以 ';' 分隔的档位，每个档位为逗号分隔的列表，为input_shape中的每个 -1 给出一个取值。档位数为2～100个。</translation>
    </message>
    <message>
      <source>Profiling</source>
      <translation>Profiling</translation>
    </message>
    <message>
      <source>Profiling a training job needs training_trace and task_trace set to on; {off} are not.</source>
      <translation>对训练作业采集Profiling数据需要将 training_trace 和 task_trace 设为 on；{off} 未设为 on。</translation>
    </message>
    <message>
      <source>Profiling a training job needs training_trace and task_trace set to on; {off} is not.</source>
      <translation>对训练作业采集Profiling数据需要将 training_trace 和 task_trace 设为 on；{off} 未设为 on。</translation>
    </message>
    <message>
      <source>Profiling is on but no output folder is set: give profiling_options (or PROFILING_OPTIONS) an "output" or set ASCEND_WORK_PATH; otherwise collecting the profile data fails with an error.</source>
      <translation>已开启Profiling但未设置结果目录：请在profiling_options（或PROFILING_OPTIONS）中配置 "output"，或设置ASCEND_WORK_PATH；否则Profiling数据采集会报错失败。</translation>
    </message>
    <message>
      <source>Profiling options</source>
      <translation>Profiling配置</translation>
    </message>
    <message>
      <source>Profiling settings</source>
      <translation>Profiling设置</translation>
    </message>
    <message>
      <source>Project file (all options)</source>
      <translation>工程文件（全部配置项）</translation>
    </message>
    <message>
      <source>Put variables on the Device or, to save device memory, on the Host. Host needs mixed computing.</source>
      <translation>将变量放在Device侧，或为节省Device内存放在Host侧。放在Host侧需要开启混合计算。</translation>
    </message>
    <message>
      <source>PyTorch torch_npu</source>
      <translation>PyTorch torch_npu脚本</translation>
    </message>
    <message>
      <source>PyTorch torchair</source>
      <translation>PyTorch torchair</translation>
    </message>
    <message>
      <source>Rank of this process on its server; the main process preprocesses data once and sends it to the devices of the others.</source>
      <translation>当前进程在所在服务器上的rank；主进程只做一次数据预处理，再将数据发送给其他进程的设备。</translation>
    </message>
    <message>
      <source>Ranks</source>
      <translation>rank 列表</translation>
    </message>
    <message>
      <source>Ranks to dump: integers or "first-last" ranges such as "4-7". Empty: every rank.</source>
      <translation>需要Dump的 rank：整数或 "first-last" 范围，如 "4-7"。为空表示所有 rank。</translation>
    </message>
    <message>
      <source>Receiving devices</source>
      <translation>接收数据的设备</translation>
    </message>
    <message>
      <source>Redirects exception dumps (and graph dumps) under this folder and switches exception dump to the normal mode, whatever the config says. Data dump is refused while it is set.</source>
      <translation>将异常算子Dump（以及图Dump）重定向到该目录下，并且无论配置如何，都将异常算子Dump切换为普通模式。设置该变量时数据Dump会被拒绝。</translation>
    </message>
    <message>
      <source>Reformat variables at initialization (e.g. NCHW to NC1HWC0) for the device.</source>
      <translation>在初始化时将变量转换为适合Device的格式（例如 NCHW 转为 NC1HWC0）。</translation>
    </message>
    <message>
      <source>Remove data_dump_stage</source>
      <translation>删除data_dump_stage</translation>
    </message>
    <message>
      <source>Remove dump_list</source>
      <translation>删除dump_list</translation>
    </message>
    <message>
      <source>Remove dump_stats</source>
      <translation>删除dump_stats</translation>
    </message>
    <message>
      <source>Remove dynamic_inputs_shape_range</source>
      <translation>删除dynamic_inputs_shape_range</translation>
    </message>
    <message>
      <source>Remove model_name from dump_list[{i}]</source>
      <translation>从dump_list[{i}]中删除model_name</translation>
    </message>
    <message>
      <source>Remove precision_mode</source>
      <translation>删除precision_mode</translation>
    </message>
    <message>
      <source>Remove scope</source>
      <translation>删除 scope</translation>
    </message>
    <message>
      <source>Remove the older options</source>
      <translation>删除旧版配置项</translation>
    </message>
    <message>
      <source>Remove {key}</source>
      <translation>删除{key}</translation>
    </message>
    <message>
      <source>Remove {key} from dump_list[{i}]</source>
      <translation>从dump_list[{i}]中删除{key}</translation>
    </message>
    <message>
      <source>Rename {key} to {guess}</source>
      <translation>将{key}改名为{guess}</translation>
    </message>
    <message>
      <source>Replay saved module inputs: {"path": dump folder, "modules": ["Module.x.forward.0"], "step": [], "rank": [], "dump_after_load": false}.</source>
      <translation>回放已保存的模块输入：{"path": Dump目录, "modules": ["Module.x.forward.0"], "step": [], "rank": [], "dump_after_load": false}。</translation>
    </message>
    <message>
      <source>Request id</source>
      <translation>请求 ID</translation>
    </message>
    <message>
      <source>Result folder</source>
      <translation>结果目录</translation>
    </message>
    <message>
      <source>Risk level</source>
      <translation>风险级别</translation>
    </message>
    <message>
      <source>RmsNorm: gamma {shape} does not fit x {shape2}</source>
      <translation>RmsNorm：gamma {shape} 与 x {shape2} 不符</translation>
    </message>
    <message>
      <source>Run on the Ascend device</source>
      <translation>在昇腾设备上运行</translation>
    </message>
    <message>
      <source>Run on the device</source>
      <translation>在Device上运行</translation>
    </message>
    <message>
      <source>Run the GetNext operator on the device; needed for iteration offload and needs the tf.data Dataset API.</source>
      <translation>在Device侧执行GetNext算子；是训练迭代循环下沉的必要条件，且需要使用tf.data Dataset API。</translation>
    </message>
    <message>
      <source>Runtime API data</source>
      <translation>Runtime API数据</translation>
    </message>
    <message>
      <source>Same switch as task_trace, under the newer name.</source>
      <translation>与task_trace是同一开关，使用较新的名称。</translation>
    </message>
    <message>
      <source>Sampling rate for DVPP data.</source>
      <translation>DVPP数据的采样频率。</translation>
    </message>
    <message>
      <source>Sampling rate for HCCS, PCIe, SIO and inter-chip bandwidth data.</source>
      <translation>HCCS、PCIe、SIO及片间带宽数据的采样频率。</translation>
    </message>
    <message>
      <source>Sampling rate for NIC and RoCE data.</source>
      <translation>NIC和RoCE数据的采样频率。</translation>
    </message>
    <message>
      <source>Sampling rate for host_sys_usage.</source>
      <translation>host_sys_usage的采样频率。</translation>
    </message>
    <message>
      <source>Sampling rate for on-chip memory, QoS, LLC, accelerator and SoC bandwidth data.</source>
      <translation>片上内存、QoS、LLC、加速器及SoC带宽数据的采样频率。</translation>
    </message>
    <message>
      <source>Scenes</source>
      <translation>场景</translation>
    </message>
    <message>
      <source>Scope</source>
      <translation>范围</translation>
    </message>
    <message>
      <source>Session device ID</source>
      <translation>Session设备ID</translation>
    </message>
    <message>
      <source>Set data_mode to ["all"]</source>
      <translation>将 data_mode 设为 ["all"]</translation>
    </message>
    <message>
      <source>Set dump_data to "stats"</source>
      <translation>将dump_data设置为 "stats"</translation>
    </message>
    <message>
      <source>Set dump_mode to "output"</source>
      <translation>将dump_mode设置为 "output"</translation>
    </message>
    <message>
      <source>Set iterations_per_loop to 1</source>
      <translation>将iterations_per_loop设为1</translation>
    </message>
    <message>
      <source>Set jit_compile to true</source>
      <translation>将jit_compile设置为 true</translation>
    </message>
    <message>
      <source>Set level to L1</source>
      <translation>将 level 设为 L1</translation>
    </message>
    <message>
      <source>Set level to mix</source>
      <translation>将 level 设为 mix</translation>
    </message>
    <message>
      <source>Set task to tensor</source>
      <translation>将 task 设为 tensor</translation>
    </message>
    <message>
      <source>Set torch_npu.npu.conv.allow_hf32 = False</source>
      <translation>设置 torch_npu.npu.conv.allow_hf32 = False</translation>
    </message>
    <message>
      <source>Set {key} to {word}</source>
      <translation>将 {key} 设为 {word}</translation>
    </message>
    <message>
      <source>Set {name} to {new!r}</source>
      <translation>将{name}设为{new!r}</translation>
    </message>
    <message>
      <source>Setting a rate turns AI Core/Vector bandwidth and latency collection on. Excludes most other collection switches.</source>
      <translation>设置采样频率即开启AI Core/Vector带宽和时延数据采集。与大多数其他采集开关互斥。</translation>
    </message>
    <message>
      <source>Shape generalization</source>
      <translation>shape泛化</translation>
    </message>
    <message>
      <source>Shape of NPU and bench tensor do not match. Skipped.</source>
      <translation>NPU与标杆Tensor的shape不一致，已跳过。</translation>
    </message>
    <message>
      <source>Shape range per input, e.g. getnext:[128,3~5,-1];data:[64,-1]; ~ gives a range, -1 any size.</source>
      <translation>每个输入的shape范围，例如 getnext:[128,3~5,-1];data:[64,-1]；~ 表示范围，-1 表示任意大小。</translation>
    </message>
    <message>
      <source>Shapes of the graph inputs as name:d0,d1;name:d0 in the alphabetical order of the input names; -1 marks a dynamic dimension whose sizes come from dynamic_dims.</source>
      <translation>图输入的shape，格式为 name:d0,d1;name:d0，按输入名称的字母顺序排列；-1 表示动态维度，其取值由dynamic_dims给出。</translation>
    </message>
    <message>
      <source>Share of the compile cache kept when the space runs out.</source>
      <translation>空间不足时保留的编译缓存比例。</translation>
    </message>
    <message>
      <source>Shell exports</source>
      <translation>Shell export语句</translation>
    </message>
    <message>
      <source>Single-operator dump</source>
      <translation>单算子Dump</translation>
    </message>
    <message>
      <source>Size</source>
      <translation>大小</translation>
    </message>
    <message>
      <source>Slice</source>
      <translation>切片</translation>
    </message>
    <message>
      <source>Small channel optimization</source>
      <translation>小通道优化</translation>
    </message>
    <message>
      <source>Space-separated operator names (letters, digits, _, /, \, . only). Empty: every operator.</source>
      <translation>以空格分隔的算子名称（仅允许字母、数字、_、/、\、.）。为空：Dump所有算子。</translation>
    </message>
    <message>
      <source>Space-separated operator names to dump. Unset: every operator.</source>
      <translation>需要Dump的算子名称，以空格分隔。不设置：Dump所有算子。</translation>
    </message>
    <message>
      <source>SplitD: {num} equal parts of axis {dim} of {shape}</source>
      <translation>SplitD：无法将 {shape} 的第 {dim} 轴均分为 {num} 份</translation>
    </message>
    <message>
      <source>Static plus maximum dynamic network memory, from earlier versions.</source>
      <translation>网络静态内存与最大动态内存之和的上限（早期版本的配置项）。</translation>
    </message>
    <message>
      <source>Statistics</source>
      <translation>统计项</translation>
    </message>
    <message>
      <source>Statistics precision</source>
      <translation>统计精度</translation>
    </message>
    <message>
      <source>Steps</source>
      <translation>迭代</translation>
    </message>
    <message>
      <source>Steps to dump: integers or "first-last" ranges such as "0-2". Empty: every step.</source>
      <translation>需要Dump的 step：整数或 "first-last" 范围，如 "0-2"。为空表示所有 step。</translation>
    </message>
    <message>
      <source>Storage limit</source>
      <translation>存储上限</translation>
    </message>
    <message>
      <source>Stream sync timeout (ms)</source>
      <translation>Stream同步超时时间（毫秒）</translation>
    </message>
    <message>
      <source>Stream synchronization timeout during graph execution; -1 waits without reporting. In a cluster it must exceed the collective timeout.</source>
      <translation>图执行过程中Stream同步的超时时间；-1 表示一直等待、不报超时。集群场景下必须大于集合通信超时时间。</translation>
    </message>
    <message>
      <source>Subgraph tuning (aoe_mode 1) is not supported on Atlas A2/A3.</source>
      <translation>Atlas A2/A3不支持子图调优（aoe_mode为 1）。</translation>
    </message>
    <message>
      <source>Summary mode</source>
      <translation>摘要模式</translation>
    </message>
    <message>
      <source>Switch profiling on from the environment; the session option profiling_mode wins.</source>
      <translation>通过环境变量开启Profiling；session配置项profiling_mode优先。</translation>
    </message>
    <message>
      <source>TBE: (x + mean) * variance * scale + offset</source>
      <translation>TBE实现：(x + mean) * variance * scale + offset</translation>
    </message>
    <message>
      <source>TF Adapter npu_attrs.cc across releases (Ascend/tensorflow tfa_v0.0.x tags, hicann/tensorflow 9.0.0)</source>
      <translation>各版本的TF Adapter npu_attrs.cc（Ascend/tensorflow 的 tfa_v0.0.x 标签，hicann/tensorflow 9.0.0）</translation>
    </message>
    <message>
      <source>TF Adapter session configuration options (NpuOptimizer)</source>
      <translation>TF Adapter session配置项（NpuOptimizer）</translation>
    </message>
    <message>
      <source>TF1 session (Python)</source>
      <translation>TF1 session（Python）</translation>
    </message>
    <message>
      <source>TF2 npu_device (Python)</source>
      <translation>TF2 npu_device（Python）</translation>
    </message>
    <message>
      <source>Target loss</source>
      <translation>目标loss</translation>
    </message>
    <message>
      <source>Task</source>
      <translation>任务</translation>
    </message>
    <message>
      <source>Task section</source>
      <translation>任务配置段</translation>
    </message>
    <message>
      <source>Task time</source>
      <translation>任务耗时</translation>
    </message>
    <message>
      <source>Task trace</source>
      <translation>任务轨迹</translation>
    </message>
    <message>
      <source>Tensor list</source>
      <translation>Tensor 列表</translation>
    </message>
    <message>
      <source>TensorFlow 1 session options</source>
      <translation>TensorFlow 1 session配置项</translation>
    </message>
    <message>
      <source>TensorFlow 2 npu_device</source>
      <translation>TensorFlow 2 npu_device</translation>
    </message>
    <message>
      <source>Text form of a list of [in_nodes, out_nodes] pairs bounding the operators that in_out_pair_flag places. Used with mixed computing.</source>
      <translation>[in_nodes, out_nodes] 算子对列表的文本形式，界定了由in_out_pair_flag决定放置位置的算子范围。与混合计算配合使用。</translation>
    </message>
    <message>
      <source>The "dump" object read by aclInit / aclmdlSetDump and by torchair's dump_config_path.</source>
      <translation>由aclInit / aclmdlSetDump以及torchair的dump_config_path读取的 "dump" 对象。</translation>
    </message>
    <message>
      <source>The "{task}" section is not an object.</source>
      <translation>"{task}" 配置段不是 JSON 对象。</translation>
    </message>
    <message>
      <source>The CRC-32 value of NPU differs from that of the bench.</source>
      <translation>NPU数据的CRC-32值与标杆数据不同。</translation>
    </message>
    <message>
      <source>The NormRelativeErr of output is greater than 0.5.</source>
      <translation>输出的NormRelativeErr大于 0.5。</translation>
    </message>
    <message>
      <source>The Required_Grad of NPU and Bench are inconsistent</source>
      <translation>NPU与标杆数据的Required_Grad不一致</translation>
    </message>
    <message>
      <source>The TF Adapter of CANN {version} does not read jit_compile (it was dropped in 6.3.RC1 and back as a bool in 6.3.RC2), so the setting is ignored. {said}</source>
      <translation>CANN {version} 的TF Adapter不读取jit_compile（6.3.RC1中被移除，6.3.RC2中以布尔值恢复），该设置被忽略。{said}</translation>
    </message>
    <message>
      <source>The aoe_config_file cannot be used: {config}.</source>
      <translation>aoe_config_file 无法使用：{config}。</translation>
    </message>
    <message>
      <source>The aoe_config_file feature {feature!r} needs aoe_mode {needed}, but it is {mode}.</source>
      <translation>aoe_config_file 中的特性 {feature!r} 需要 aoe_mode 为 {needed}，但当前为 {mode}。</translation>
    </message>
    <message>
      <source>The aoe_config_file feature {unknown!r} is unknown; use deeper_opat or nonhomo_split.</source>
      <translation>aoe_config_file 中的特性 {unknown!r} 未知；请使用 deeper_opat 或 nonhomo_split。</translation>
    </message>
    <message>
      <source>The aoe_config_file names no operators: set tune_ops_name, tune_ops_type or both.</source>
      <translation>aoe_config_file 中未指定任何算子：请设置 tune_ops_name、tune_ops_type 或两者。</translation>
    </message>
    <message>
      <source>The config.json of msprobe's PrecisionDebugger (mindstudio-probe) for PyTorch and MindSpore.</source>
      <translation>msprobe PrecisionDebugger（mindstudio-probe）用于 PyTorch 和 MindSpore 的 config.json。</translation>
    </message>
    <message>
      <source>The dtype of NPU and Bench are inconsistent.</source>
      <translation>NPU与标杆数据的数据类型不一致。</translation>
    </message>
    <message>
      <source>The file is JSON but not an object; the runtime expects {"dump": {...}}.</source>
      <translation>该文件是JSON，但不是对象；运行时要求的格式为{"dump": {...}}。</translation>
    </message>
    <message>
      <source>The framework is not known: set it (--framework) to check for one.</source>
      <translation>框架未知：请设置框架（--framework）以按其检查。</translation>
    </message>
    <message>
      <source>The graph compile cache does not support models with resource operators, is not kept across CANN versions and goes stale when the graph changes: clear the folder after a graph change or an upgrade.</source>
      <translation>图编译缓存不支持带资源类算子的模型，不保证跨CANN版本兼容，图发生变化后缓存即失效：图变化或升级后请清理该目录。</translation>
    </message>
    <message>
      <source>The input/parameters of Cosine &gt; 0.9, and input/parameters - output &gt; 0.1</source>
      <translation>输入/参数的Cosine &gt; 0.9，且输入/参数与输出之差 &gt; 0.1</translation>
    </message>
    <message>
      <source>The input/parameters of One Thousandth Err Ratio &gt; 0.9 while the output &lt; 0.6.</source>
      <translation>输入/参数的One Thousandth Err Ratio &gt; 0.9，而输出的 &lt; 0.6。</translation>
    </message>
    <message>
      <source>The model then fails to load.</source>
      <translation>模型随后会加载失败。</translation>
    </message>
    <message>
      <source>The my output dump data size ({size}) in {npu} does not match the ground truth dump data size ({other}) in {golden}.</source>
      <translation>{npu} 中的NPU Dump数据大小（{size}）与 {golden} 中的标杆数据大小（{other}）不一致。</translation>
    </message>
    <message>
      <source>The norm relative error of output is 10 times that of input.</source>
      <translation>输出的相对范数误差是输入的10倍。</translation>
    </message>
    <message>
      <source>The op_debug_config file has an op_debug_list and the compile cache is on (op_compiler_cache_mode={mode}): only the listed operators are rebuilt with the debug options; the others come from the cache and are not rebuilt, so they carry no debug instrumentation.</source>
      <translation>op_debug_config文件包含op_debug_list且算子编译缓存已开启（op_compiler_cache_mode={mode}）：只有列表中的算子会按调试选项重新编译；其他算子来自编译缓存、不会重新编译，因此不带调试功能。</translation>
    </message>
    <message>
      <source>The op_debug_config file has no 'op_debug_config=' line, so no debug switch is on.</source>
      <translation>op_debug_config 文件中没有 'op_debug_config=' 行，因此没有开启任何调试开关。</translation>
    </message>
    <message>
      <source>The op_debug_config file has no op_debug_list, so the compile cache is off and every operator is rebuilt; op_compiler_cache_mode={mode} is ignored.</source>
      <translation>op_debug_config 文件中没有 op_debug_list，因此编译缓存关闭，所有算子都会重新编译；op_compiler_cache_mode={mode} 被忽略。</translation>
    </message>
    <message>
      <source>The op_debug_config file names {switch!r}; known switches are {op_debug_switches}.</source>
      <translation>op_debug_config 文件中写有 {switch!r}；已知的开关为 {op_debug_switches}。</translation>
    </message>
    <message>
      <source>The op_debug_config file turns on both ccec_O0 and oom; that combination raises an AI Core error at run time.</source>
      <translation>op_debug_config 文件同时开启了 ccec_O0 和 oom；该组合在运行时会引发 AI Core 错误。</translation>
    </message>
    <message>
      <source>The op_debug_config file turns on {used} and the graphs are dynamic-shape ({keys}): the larger kernels can make the operator build fail ("InputSection too large for range extension thunk").</source>
      <translation>op_debug_config文件开启了 {used}，且图为动态shape（{keys}）：算子kernel文件变大可能导致算子编译失败（"InputSection too large for range extension thunk"）。</translation>
    </message>
    <message>
      <source>The parameter of NPU does not match the bench.</source>
      <translation>NPU的参数与标杆数据不匹配。</translation>
    </message>
    <message>
      <source>The position of inf or nan in NPU and bench Tensor do not match.</source>
      <translation>NPU与标杆Tensor中inf或nan的位置不一致。</translation>
    </message>
    <message>
      <source>The ratio {ratio} is outside {low}..{high}, the range for the {trigger} trigger.</source>
      <translation>比例 {ratio} 超出 {low}..{high}，即 {trigger} 触发方式的取值范围。</translation>
    </message>
    <message>
      <source>The scalar parameters of NPU and Bench are inconsistent.</source>
      <translation>NPU与标杆数据的标量参数不一致。</translation>
    </message>
    <message>
      <source>The sections {sections} are not read: msprobe only reads the section of task "{task}".</source>
      <translation>配置段 {sections} 不会被读取：msprobe 只读取 task "{task}" 对应的配置段。</translation>
    </message>
    <message>
      <source>The selected precision mode uses bfloat16, which Atlas training and Atlas inference products do not support.</source>
      <translation>所选精度模式使用bfloat16，Atlas训练系列产品和Atlas推理系列产品不支持。</translation>
    </message>
    <message>
      <source>The session fails to start.</source>
      <translation>session会启动失败。</translation>
    </message>
    <message>
      <source>The shape of NPU and Bench are inconsistent.</source>
      <translation>NPU与标杆数据的shape不一致。</translation>
    </message>
    <message>
      <source>There is nan/inf/-inf in the maximum or minimum value of NPU.</source>
      <translation>NPU数据的最大值或最小值中有nan/inf/-inf。</translation>
    </message>
    <message>
      <source>There is no "dump" object, so the runtime dumps nothing (this is not an acl.json dump config).</source>
      <translation>没有"dump"对象，因此运行时不会Dump任何数据（这不是acl.json的Dump配置）。</translation>
    </message>
    <message>
      <source>This config dumps no op data (tensors or statistics).</source>
      <translation>此配置不 Dump 任何算子数据（Tensor 或统计数据）。</translation>
    </message>
    <message>
      <source>This is empty data, can not compare.</source>
      <translation>数据为空，无法比对。</translation>
    </message>
    <message>
      <source>This is type of 0-d tensor, can not calculate 'Cosine', 'EucDist', 'One Thousandth Err Ratio' and 'Five Thousandths Err Ratio'.</source>
      <translation>这是0维Tensor，无法计算 'Cosine'、'EucDist'、'One Thousandth Err Ratio' 和 'Five Thousandths Err Ratio'。</translation>
    </message>
    <message>
      <source>Timeout for synchronizing tasks between devices. Atlas training: (0, 17340], rounded down to a multiple of 68; A2/A3: 0..2147483647 with 0 meaning never. Overrides HCCL_EXEC_TIMEOUT.</source>
      <translation>设备间任务同步的超时时间。Atlas训练系列产品：(0, 17340]，向下取整为68的整数倍；A2/A3：0..2147483647，0 表示永不超时。优先级高于HCCL_EXEC_TIMEOUT。</translation>
    </message>
    <message>
      <source>Too many levels of symbolic links</source>
      <translation>符号链接层数过多</translation>
    </message>
    <message>
      <source>Total steps</source>
      <translation>总step数</translation>
    </message>
    <message>
      <source>Training acceleration</source>
      <translation>训练加速</translation>
    </message>
    <message>
      <source>Training iterations the device runs per sess.run() call; must equal the value given to set_iteration_per_loop in the script.</source>
      <translation>小循环次数，即每次调用sess.run()时在Device侧执行的训练迭代次数；必须与脚本中传给set_iteration_per_loop的值相等。</translation>
    </message>
    <message>
      <source>Treat every input dimension as -1, turning static-shape graphs into dynamic ones. Cannot be combined with the dynamic profile options.</source>
      <translation>将所有输入维度视为 -1，把静态shape图转换为动态shape图。不能与动态档位配置项同时使用。</translation>
    </message>
    <message>
      <source>True offloads the operators between the in_out_pair boundaries to the device; False keeps them on the host and offloads the rest.</source>
      <translation>True 表示将in_out_pair边界之间的算子下沉到Device执行；False 表示这些算子留在Host侧执行，其余算子下沉。</translation>
    </message>
    <message>
      <source>True runs the graph on the Ascend AI Processor; False runs it on the host CPU.</source>
      <translation>True 表示在昇腾AI处理器上运行图；False 表示在Host侧CPU上运行。</translation>
    </message>
    <message>
      <source>Tuning</source>
      <translation>调优</translation>
    </message>
    <message>
      <source>Turn async_dump off</source>
      <translation>关闭 async_dump</translation>
    </message>
    <message>
      <source>Turn dump_debug off</source>
      <translation>关闭dump_debug</translation>
    </message>
    <message>
      <source>Turn dump_op_switch off</source>
      <translation>关闭dump_op_switch</translation>
    </message>
    <message>
      <source>Turn dynamic_input on</source>
      <translation>开启dynamic_input</translation>
    </message>
    <message>
      <source>Turn enable_dump on</source>
      <translation>开启enable_dump</translation>
    </message>
    <message>
      <source>Turn enable_dump_debug off</source>
      <translation>关闭enable_dump_debug</translation>
    </message>
    <message>
      <source>Turn mixed computing on</source>
      <translation>开启混合计算</translation>
    </message>
    <message>
      <source>Turn profiling on with the settings in profiling_options. Takes priority over the PROFILING_MODE environment variable.</source>
      <translation>按profiling_options中的设置开启Profiling。优先级高于环境变量PROFILING_MODE。</translation>
    </message>
    <message>
      <source>Turn small channel optimization off</source>
      <translation>关闭小通道优化</translation>
    </message>
    <message>
      <source>Turn variables into constants for inference to avoid host/device copies.</source>
      <translation>推理时将变量转换为常量，以避免Host与Device之间的拷贝。</translation>
    </message>
    <message>
      <source>Two call names: dump from the first to the second (L0 module names, L1 API names).</source>
      <translation>两个调用名称：从第一个Dump到第二个（L0 为模块名，L1 为 API 名）。</translation>
    </message>
    <message>
      <source>Under the watcher scene dump_mode can only be output (EP0005).</source>
      <translation>watcher场景下dump_mode只能为 output（EP0005）。</translation>
    </message>
    <message>
      <source>Use 2</source>
      <translation>使用 2</translation>
    </message>
    <message>
      <source>Use aic_err_brief_dump</source>
      <translation>使用aic_err_brief_dump</translation>
    </message>
    <message>
      <source>Use aic_err_norm_dump</source>
      <translation>使用aic_err_norm_dump</translation>
    </message>
    <message>
      <source>Use all</source>
      <translation>使用 all</translation>
    </message>
    <message>
      <source>Use mixed_float16</source>
      <translation>使用mixed_float16</translation>
    </message>
    <message>
      <source>Use operator tuning</source>
      <translation>使用算子调优</translation>
    </message>
    <message>
      <source>Use summary_mode statistics</source>
      <translation>使用 summary_mode statistics</translation>
    </message>
    <message>
      <source>Variable format optimization</source>
      <translation>变量格式优化</translation>
    </message>
    <message>
      <source>Variable memory size (obsolete)</source>
      <translation>变量内存大小（已废弃）</translation>
    </message>
    <message>
      <source>Variable memory size, from earlier versions.</source>
      <translation>变量内存大小（早期版本的配置项）。</translation>
    </message>
    <message>
      <source>Variable placement</source>
      <translation>变量存放位置</translation>
    </message>
    <message>
      <source>Watched operators</source>
      <translation>被观察的算子</translation>
    </message>
    <message>
      <source>Watcher scene only: operators whose outputs are dumped after each operator in `layer` runs.</source>
      <translation>仅用于watcher场景：`layer` 中每个算子执行完后，会Dump这些算子的输出。</translation>
    </message>
    <message>
      <source>What msprobe collects: statistics (per-tensor max/min/mean/norm), tensor (full tensors), structure (call structure only), acc_check, diff_check, nan_check, exception_dump (MindSpore only). Its options go in the section named after it.</source>
      <translation>msprobe 采集的内容：statistics（每个 Tensor 的最大值/最小值/均值/范数）、tensor（完整 Tensor）、structure（仅调用结构）、acc_check、diff_check、nan_check、exception_dump（仅 MindSpore）。其配置项写在以任务命名的配置段中。</translation>
    </message>
    <message>
      <source>What to dump</source>
      <translation>Dump内容</translation>
    </message>
    <message>
      <source>Where operator compilation keeps its debug files (.o, .json, .cce). Takes priority over ASCEND_WORK_PATH and the working directory.</source>
      <translation>算子编译生成的调试文件（.o、.json、.cce）的存放位置。优先级高于ASCEND_WORK_PATH和当前工作目录。</translation>
    </message>
    <message>
      <source>Where profiling results go; created if missing, takes priority over ASCEND_WORK_PATH. No control characters allowed.</source>
      <translation>Profiling结果的存放位置；不存在时自动创建，优先级高于ASCEND_WORK_PATH。不允许包含控制字符。</translation>
    </message>
    <message>
      <source>Which AI Core metric group to sample (ArithmeticUtilization, PipeUtilization, Memory, MemoryL0, MemoryUB, ResourceConflictRatio, L2Cache, MemoryAccess), or Custom: followed by up to 8 registers in 0x1..0x6E. L2Cache and MemoryAccess need Atlas A2/A3.</source>
      <translation>要采集的AI Core性能指标组（ArithmeticUtilization、PipeUtilization、Memory、MemoryL0、MemoryUB、ResourceConflictRatio、L2Cache、MemoryAccess），或 Custom: 后跟最多8个取值在 0x1..0x6E 之间的寄存器。L2Cache和MemoryAccess需要Atlas A2/A3。</translation>
    </message>
    <message>
      <source>Which APIs are hooked: CORE, FOCUS or ALL.</source>
      <translation>挂钩哪些 API：CORE、FOCUS 或 ALL。</translation>
    </message>
    <message>
      <source>Which L3 cache events to sample: read or write rate.</source>
      <translation>要采集的L3 Cache事件：读速率或写速率。</translation>
    </message>
    <message>
      <source>Which graphs DUMP_GE_GRAPH writes: 1 all, 2 all but subgraphs, 3 the last one, 4 the first built one, or stage names separated by |.</source>
      <translation>DUMP_GE_GRAPH输出哪些图：1 所有图，2 除子图外的所有图，3 最后生成的图，4 最早生成的图，或以 | 分隔的阶段名称。</translation>
    </message>
    <message>
      <source>Which inputs are dynamic: 0 dataset inputs, 1 placeholder inputs. Only one kind is allowed.</source>
      <translation>哪类输入是动态的：0 dataset输入，1 placeholder输入。只允许其中一种。</translation>
    </message>
    <message>
      <source>Which overflows to detect: AI Core, Atomic Add, or both. Atlas A2 accepts only all.</source>
      <translation>检测哪类溢出：AI Core、Atomic Add，或两者。Atlas A2仅支持 all。</translation>
    </message>
    <message>
      <source>Which statistics the .csv files carry (exact spelling). Needs dump_data "stats".</source>
      <translation>.csv 文件中包含哪些统计项（须严格按原拼写）。需要dump_data为 "stats"。</translation>
    </message>
    <message>
      <source>Which tensors to skip, each "input&lt;N&gt;" or "output&lt;N&gt;", e.g. ["input0", "output1"].</source>
      <translation>需要跳过的Tensor，每项为 "input&lt;N&gt;" 或 "output&lt;N&gt;"，例如 ["input0", "output1"]。</translation>
    </message>
    <message>
      <source>White list</source>
      <translation>白名单</translation>
    </message>
    <message>
      <source>Will be removed in a later version; no replacement is documented.</source>
      <translation>将在后续版本中删除；文档中未说明替代配置项。</translation>
    </message>
    <message>
      <source>Will be removed; use op_debug_config (dump_cce, dump_loc, ccec_O0, ccec_g, ...).</source>
      <translation>即将删除；请改用op_debug_config（dump_cce、dump_loc、ccec_O0、ccec_g 等）。</translation>
    </message>
    <message>
      <source>Will be removed; use op_precision_mode.</source>
      <translation>即将删除；请改用op_precision_mode。</translation>
    </message>
    <message>
      <source>Will be removed; use set_graph_exec_config or input_shape with dynamic_dims.</source>
      <translation>即将删除；请改用set_graph_exec_config，或input_shape配合dynamic_dims。</translation>
    </message>
    <message>
      <source>With an exception dump_scene the runtime skips every other check and does not use dump_step, dump_mode, dump_data, dump_stats or dump_level.</source>
      <translation>dump_scene为异常场景时，运行时跳过其他所有检查，并且不使用dump_step、dump_mode、dump_data、dump_stats和dump_level。</translation>
    </message>
    <message>
      <source>With compile_dynamic_mode=True every input dimension is already -1, so shape_generalization_mode has no effect.</source>
      <translation>compile_dynamic_mode=True 时所有输入维度均已为 -1，因此shape_generalization_mode不生效。</translation>
    </message>
    <message>
      <source>With dump_debug on the runtime skips the dump_step and dump_stats checks; they do not shape the overflow dump.</source>
      <translation>dump_debug为on时，运行时跳过dump_step和dump_stats的检查；它们不影响溢出算子Dump。</translation>
    </message>
    <message>
      <source>With enable_exception_dump=1, dynamic-shape networks only produce the exception dump; the data or overflow dump only works for static-shape networks.</source>
      <translation>enable_exception_dump=1 时，动态shape网络只生成异常算子Dump数据；数据Dump或溢出算子Dump仅对静态shape网络生效。</translation>
    </message>
    <message>
      <source>With iterations_per_loop &gt; 1 the step or loss split of experimental_accelerate_train_mode can be inaccurate, which may affect loss and accuracy.</source>
      <translation>iterations_per_loop &gt; 1 时，experimental_accelerate_train_mode按step或loss的划分可能不准确，可能影响loss和精度。</translation>
    </message>
    <message>
      <source>With jit_compile true: STRICT keeps shapes, FULL turns every axis into -1 when shapes change, ADAPTIVE only the axes that changed.</source>
      <translation>jit_compile为 true 时：STRICT 保持shape不变，FULL 在shape变化时将所有轴泛化为 -1，ADAPTIVE 仅泛化发生变化的轴。</translation>
    </message>
    <message>
      <source>With jit_compile=false, static-shape graphs reuse prebuilt operator binaries and aicore_num has no effect on them.</source>
      <translation>jit_compile=false 时，静态shape图复用预编译的算子二进制，aicore_num对其不生效。</translation>
    </message>
    <message>
      <source>With the {match} trigger the script must keep the environment variables {now} and {total} up to date during training.</source>
      <translation>使用 {match} 触发方式时，脚本必须在训练过程中持续更新环境变量 {now} 和 {total}。</translation>
    </message>
    <message>
      <source>With variable_placement=Host, TensorFlow V1 control flow (tf.case, tf.cond, tf.while_loop) may make the network fail; call tf.enable_control_flow_v2() and tf.enable_resource_variables() in the script.</source>
      <translation>variable_placement=Host时，TensorFlow V1控制流（tf.case、tf.cond、tf.while_loop）可能导致网络执行失败；请在脚本中调用tf.enable_control_flow_v2()和tf.enable_resource_variables()。</translation>
    </message>
    <message>
      <source>Without constant folding some networks fail to compile (operators that must be folded remain).</source>
      <translation>关闭常量折叠时，部分网络会编译失败（残留必须折叠的算子）。</translation>
    </message>
    <message>
      <source>Work folder</source>
      <translation>工作目录</translation>
    </message>
    <message>
      <source>Write fusion_result.json</source>
      <translation>生成fusion_result.json</translation>
    </message>
    <message>
      <source>Write the weights of Const/Constant nodes to files (tmp_weight_&lt;pid&gt;_&lt;sessionid&gt;) so several models in a session can share them and use less memory.</source>
      <translation>将Const/Constant节点的权重写入文件（tmp_weight_&lt;pid&gt;_&lt;sessionid&gt;），使同一session中的多个模型可以共享权重、减少内存占用。</translation>
    </message>
    <message>
      <source>[{op}] The shape does not match ({shape} vs {other}) for {tensor}</source>
      <translation>[{op}] {tensor} 的shape不一致（{shape} 对比 {other}）</translation>
    </message>
    <message>
      <source>[{op}] has no dump in the other tree</source>
      <translation>[{op}] 在另一个目录树中没有Dump数据</translation>
    </message>
    <message>
      <source>`{config}` (the config this custom_op belongs to) is never used: no session, RunConfig or function receives it, so its NpuOptimizer settings do not reach the run; they are not counted</source>
      <translation>`{config}`（该custom_op所属的配置）从未被使用：没有session、RunConfig或函数接收它，因此其NpuOptimizer配置项不会作用于本次运行，不计入检查</translation>
    </message>
    <message>
      <source>`{module}` is not the npu_device module imported in this script; as written the line fails at run time (did you mean npu_device.global_options()?)</source>
      <translation>`{module}`不是本脚本导入的npu_device模块；按当前写法，该行在运行时会失败（是否应为npu_device.global_options()？）</translation>
    </message>
    <message>
      <source>a boolean</source>
      <translation>布尔值</translation>
    </message>
    <message>
      <source>a capture is written as acl.json, a TF1/TF2/torchair script, an msprobe config.json or the one a PyTorch script's PrecisionDebugger names, not as {kind}</source>
      <translation>采集配置写成 acl.json、TF1/TF2/torchair 脚本、msprobe config.json 或 PyTorch 脚本中 PrecisionDebugger 指定的文件，不能写成 {kind}</translation>
    </message>
    <message>
      <source>a colon ':' was expected here</source>
      <translation>此处应为冒号 ':'</translation>
    </message>
    <message>
      <source>a comma ',' was expected here</source>
      <translation>此处应为逗号 ','</translation>
    </message>
    <message>
      <source>a file is already there; nothing was replaced</source>
      <translation>该位置已有文件；未替换任何文件</translation>
    </message>
    <message>
      <source>a file is already there; the next-run config never replaces a file: choose another --out</source>
      <translation>该位置已有文件；下一次运行的配置从不替换已有文件：请选择其他 --out</translation>
    </message>
    <message>
      <source>a folder: only the files of the folders given are converted, not their subfolders (give this folder to convert its files)</source>
      <translation>这是一个文件夹：只转换所给文件夹中的文件，不进入其子文件夹（要转换其中的文件，请直接给出此文件夹）</translation>
    </message>
    <message>
      <source>a key in double quotes was expected here</source>
      <translation>此处应为用双引号括起的键名</translation>
    </message>
    <message>
      <source>a list</source>
      <translation>列表</translation>
    </message>
    <message>
      <source>a list of objects</source>
      <translation>对象列表</translation>
    </message>
    <message>
      <source>a list of strings</source>
      <translation>字符串列表</translation>
    </message>
    <message>
      <source>a modify_mixlist file must hold a JSON object</source>
      <translation>modify_mixlist 文件必须是一个 JSON 对象</translation>
    </message>
    <message>
      <source>a number</source>
      <translation>数字</translation>
    </message>
    <message>
      <source>a path string</source>
      <translation>路径字符串</translation>
    </message>
    <message>
      <source>a precision fix is written into a TF1 / TF2 session config or a PyTorch (torch_npu, torchair) script, not into {kind}; give --framework without --config for GE or ATC</source>
      <translation>精度修复写入 TF1 / TF2 session 配置或 PyTorch（torch_npu、torchair）脚本，不能写入 {kind}；GE 或 ATC 请只给出 --framework，不给 --config</translation>
    </message>
    <message>
      <source>a string</source>
      <translation>字符串</translation>
    </message>
    <message>
      <source>a string holds a control character (a tab or line break must be written as an escape such as \t or \n)</source>
      <translation>字符串中含有控制字符（制表符或换行须写成 \t 或 \n 这样的转义）</translation>
    </message>
    <message>
      <source>a string holds an invalid \uXXXX escape</source>
      <translation>字符串中含有无效的 \uXXXX 转义</translation>
    </message>
    <message>
      <source>a string holds an invalid backslash escape</source>
      <translation>字符串中含有无效的反斜杠转义</translation>
    </message>
    <message>
      <source>a string is not closed (its closing double quote is missing)</source>
      <translation>字符串未结束（缺少结尾的双引号）</translation>
    </message>
    <message>
      <source>a string such as "0|3-5|10"</source>
      <translation>形如 "0|3-5|10" 的字符串</translation>
    </message>
    <message>
      <source>a tensor has a dtype the replay does not cover</source>
      <translation>某个Tensor的数据类型不在重放支持的范围内</translation>
    </message>
    <message>
      <source>a value was expected here</source>
      <translation>此处应为一个值</translation>
    </message>
    <message>
      <source>a whole number</source>
      <translation>整数</translation>
    </message>
    <message>
      <source>acc_check: APIs not to check.</source>
      <translation>acc_check：不检查的 API。</translation>
    </message>
    <message>
      <source>acc_check: APIs to check (torch API names).</source>
      <translation>acc_check：需要检查的 API（torch API 名称）。</translation>
    </message>
    <message>
      <source>acc_check: folder for the data of failing APIs; must exist.</source>
      <translation>acc_check：存放失败 API 数据的目录；必须已存在。</translation>
    </message>
    <message>
      <source>acl.json</source>
      <translation>acl.json</translation>
    </message>
    <message>
      <source>acl.json dump config</source>
      <translation>acl.json Dump配置</translation>
    </message>
    <message>
      <source>acl.json dump section</source>
      <translation>acl.json dump段</translation>
    </message>
    <message>
      <source>acl.json sections other than dump ({keys}) are not written</source>
      <translation>acl.json 中 dump 以外的部分（{keys}）不会写入</translation>
    </message>
    <message>
      <source>aic_err_brief_dump / aic_err_norm_dump / aic_err_detail_dump: dump the operators that fail (exception dump); lite_exception: old name of aic_err_brief_dump; watcher: watch operators whose memory may be overwritten.</source>
      <translation>aic_err_brief_dump / aic_err_norm_dump / aic_err_detail_dump：Dump执行出错的算子（异常算子Dump）；lite_exception：aic_err_brief_dump的旧名称；watcher：观察内存可能被踩踏的算子。</translation>
    </message>
    <message>
      <source>aic_err_brief_dump, aic_err_norm_dump or aic_err_detail_dump switches exception dump on without a config file; other values are ignored.</source>
      <translation>设为 aic_err_brief_dump、aic_err_norm_dump 或 aic_err_detail_dump 时，无需配置文件即可开启异常算子Dump；其他取值会被忽略。</translation>
    </message>
    <message>
      <source>aic_err_detail_dump is supported only on Atlas A2 and Atlas A3 products (driver 25.0.RC1 or later); elsewhere setting the dump config fails.</source>
      <translation>aic_err_detail_dump仅支持Atlas A2和Atlas A3系列产品（驱动25.0.RC1及以上版本）；在其他产品上设置Dump配置会失败。</translation>
    </message>
    <message>
      <source>aic_err_detail_dump: needs driver 25.0.RC1 or later; call aclmdlSetDump before aclrtSetDevice; aclmdlFinalizeDump cannot switch it off; the failing AI Core is suspended while exporting and the host processes are then forced to exit; a later process on the same device falls back to aic_err_brief_dump.</source>
      <translation>aic_err_detail_dump：需要驱动25.0.RC1及以上版本；须在aclrtSetDevice之前调用aclmdlSetDump；aclmdlFinalizeDump无法将其关闭；导出期间出错的AI Core会被挂起，之后Host侧进程会被强制退出；同一设备上后续的进程会回退为aic_err_brief_dump。</translation>
    </message>
    <message>
      <source>aic_metrics Custom takes at most 8 registers, each in 0x1..0x6E (hex or decimal)</source>
      <translation>aic_metrics Custom 最多接受 8 个寄存器，每个取值在 0x1..0x6E（十六进制或十进制）</translation>
    </message>
    <message>
      <source>aic_metrics {value!r} is not one of {choices} or Custom:&lt;registers&gt;</source>
      <translation>aic_metrics {value!r} 不是 {choices} 或 Custom:&lt;registers&gt; 之一</translation>
    </message>
    <message>
      <source>aicore_num must be cube|vector with two whole numbers above 0, e.g. 2|4.</source>
      <translation>aicore_num的格式必须为 cube|vector，两者均为大于0的整数，例如 2|4。</translation>
    </message>
    <message>
      <source>aicore_overflow: AI Core results; atomic_overflow: Atomic Add results; all: both.</source>
      <translation>aicore_overflow：检测AI Core计算结果；atomic_overflow：检测Atomic Add计算结果；all：两者都检测。</translation>
    </message>
    <message>
      <source>all, or some of input, output, forward, backward ("all" alone).</source>
      <translation>all，或 input、output、forward、backward 中的若干项（"all" 只能单独使用）。</translation>
    </message>
    <message>
      <source>all_tensor_not_empty removes empty-tensor checks; operators fail if an empty tensor appears.</source>
      <translation>all_tensor_not_empty会去掉空Tensor检查；一旦出现空Tensor，算子将执行失败。</translation>
    </message>
    <message>
      <source>allowed ±{tol}</source>
      <translation>允许误差 ±{tol}</translation>
    </message>
    <message>
      <source>alpha={value} is not covered</source>
      <translation>不支持alpha={value}</translation>
    </message>
    <message>
      <source>an empty group (a leading, trailing or doubled |)</source>
      <translation>存在空分组（开头、结尾或连续的 |）</translation>
    </message>
    <message>
      <source>an exception dump_scene in dump_config_path has no effect: torch_npu already enables the exception dump</source>
      <translation>dump_config_path 中的异常 dump_scene 不生效：torch_npu 已经开启了异常算子Dump</translation>
    </message>
    <message>
      <source>an object</source>
      <translation>对象</translation>
    </message>
    <message>
      <source>an old on/off switch: adump ignores it and GE overwrites it from the other options</source>
      <translation>是旧的开关配置项：adump忽略它，GE会根据其他配置项覆盖它</translation>
    </message>
    <message>
      <source>an output is not a dumped tensor</source>
      <translation>某个输出不是Dump的Tensor</translation>
    </message>
    <message>
      <source>aoe_mode in the script overrides the AOE_MODE environment variable.</source>
      <translation>脚本中的aoe_mode优先级高于环境变量AOE_MODE。</translation>
    </message>
    <message>
      <source>argument {name} is missing</source>
      <translation>缺少参数 {name}</translation>
    </message>
    <message>
      <source>argument {name} is not a dumped tensor</source>
      <translation>参数 {name} 不是Dump的Tensor</translation>
    </message>
    <message>
      <source>async_dump cannot be combined with summary_mode md5; msprobe refuses it.</source>
      <translation>async_dump 不能与 summary_mode md5 同时使用；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>async_dump keeps tensors in host memory until they are written; msprobe warns that large tensors may run out of memory.</source>
      <translation>async_dump 会把 Tensor 保留在 Host 内存中直到写出；msprobe 提示大 Tensor 可能导致内存不足。</translation>
    </message>
    <message>
      <source>async_dump with task tensor needs a non-empty list; msprobe refuses an empty one.</source>
      <translation>task 为 tensor 时 async_dump 需要非空的 list；list 为空时 msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>auto compiles online for static shapes and prefers prebuilt binaries for dynamic shapes; true always compiles; false prefers prebuilt binaries.</source>
      <translation>auto 对静态shape在线编译，对动态shape优先使用预编译的二进制；true 始终在线编译；false 优先使用预编译的二进制。</translation>
    </message>
    <message>
      <source>auto_multistream_parallel_mode "This option is used only for recommendation networks"</source>
      <translation>auto_multistream_parallel_mode “该配置项仅用于推荐网络”</translation>
    </message>
    <message>
      <source>auto_multistream_parallel_mode "applies only to graphs with a static shape"</source>
      <translation>auto_multistream_parallel_mode “仅适用于静态shape的图”</translation>
    </message>
    <message>
      <source>auto_multistream_parallel_mode applies only to graphs with a static shape, so it has no effect here</source>
      <translation>auto_multistream_parallel_mode仅适用于静态shape的图，因此此处不生效</translation>
    </message>
    <message>
      <source>auto_multistream_parallel_mode is meant for recommendation networks only.</source>
      <translation>auto_multistream_parallel_mode仅适用于推荐类网络。</translation>
    </message>
    <message>
      <source>bench</source>
      <translation>标杆侧</translation>
    </message>
    <message>
      <source>cannot be changed safely: {problem}</source>
      <translation>无法安全修改：{problem}</translation>
    </message>
    <message>
      <source>cannot be read: {problem}</source>
      <translation>无法读取：{problem}</translation>
    </message>
    <message>
      <source>cannot compare complex values: the metrics are defined for real numbers</source>
      <translation>无法比对复数：各项指标只对实数有定义</translation>
    </message>
    <message>
      <source>cannot compare: the NPU shape {shape} and the {reference} shape {other} hold different numbers of elements</source>
      <translation>无法比对：NPU的shape {shape} 与{reference}的shape {other} 元素个数不同</translation>
    </message>
    <message>
      <source>cannot load {name}: {exc}</source>
      <translation>无法加载 {name}：{exc}</translation>
    </message>
    <message>
      <source>cannot read mapping file: {problem}</source>
      <translation>无法读取映射文件：{problem}</translation>
    </message>
    <message>
      <source>cannot read the dumped tensors: {problem}</source>
      <translation>无法读取Dump的Tensor：{problem}</translation>
    </message>
    <message>
      <source>cannot read the modify_mixlist file: {problem}</source>
      <translation>无法读取 modify_mixlist 文件：{problem}</translation>
    </message>
    <message>
      <source>cannot read the {option} file: {problem}</source>
      <translation>无法读取 {option} 文件：{problem}</translation>
    </message>
    <message>
      <source>cannot read: {problem}</source>
      <translation>无法读取：{problem}</translation>
    </message>
    <message>
      <source>changed while it was read</source>
      <translation>读取期间文件被修改</translation>
    </message>
    <message>
      <source>colouring {run}</source>
      <translation>正在着色 {run}</translation>
    </message>
    <message>
      <source>comments are not allowed in JSON (the runtime's parser refuses them)</source>
      <translation>JSON中不允许注释（运行时的解析器会拒绝）</translation>
    </message>
    <message>
      <source>comparing</source>
      <translation>正在比对</translation>
    </message>
    <message>
      <source>compile_dynamic_mode cannot be combined with the dynamic profile options (input_shape, dynamic_dims, dynamic_node_type).</source>
      <translation>compile_dynamic_mode不能与动态档位配置项（input_shape、dynamic_dims、dynamic_node_type）同时使用。</translation>
    </message>
    <message>
      <source>compile_hybrid_mode=1 needs the dynamic profile options input_shape, dynamic_dims and dynamic_node_type.</source>
      <translation>compile_hybrid_mode=1 需要动态档位配置项 input_shape、dynamic_dims 和 dynamic_node_type。</translation>
    </message>
    <message>
      <source>compile_hybrid_mode=1 only supports placeholder inputs (dynamic_node_type=1).</source>
      <translation>compile_hybrid_mode=1 仅支持 placeholder 输入（dynamic_node_type=1）。</translation>
    </message>
    <message>
      <source>compile_hybrid_mode=1 turns external_weight on by itself so both graphs share weight files.</source>
      <translation>compile_hybrid_mode=1 会自动开启external_weight，使两张图共享权重文件。</translation>
    </message>
    <message>
      <source>config.mode "{value}" is not a torchair mode ({compile_modes}).</source>
      <translation>config.mode "{value}" 不是torchair的模式（{compile_modes}）。</translation>
    </message>
    <message>
      <source>config.mode is "{current}": torchair's dump guide documents dump (dump_config_path included) in max-autotune mode only; the json file goes to GE's session, which this mode does not run the graph through, so nothing is dumped.</source>
      <translation>config.mode 为 "{current}"：torchair的Dump指南仅在 max-autotune 模式下支持Dump（包括 dump_config_path）；json 文件交给GE的 session，而该模式不经该 session 运行图，因此不会Dump任何数据。</translation>
    </message>
    <message>
      <source>config.mode is "{mode}": torchair's dump guide documents data dump in max-autotune mode only, so the emulator and `config where` expect no dump. torchair from 2026-02 does dump through aclgraph in this mode (only enable_dump, dump_path and data_dump_stage apply); older torchair skips it with a "may not take effect" warning.{extra}</source>
      <translation>config.mode 为 "{mode}"：torchair的Dump指南仅在 max-autotune 模式下支持数据Dump，因此仿真器和 `config where` 认为不会产生Dump数据。2026-02 起的torchair在该模式下会通过aclgraph进行Dump（仅 enable_dump、dump_path 和 data_dump_stage 生效）；较早的torchair会跳过并给出 "may not take effect" 告警。{extra}</translation>
    </message>
    <message>
      <source>construct.json: modules nested more than {depth} deep; {deep} calls or modules below that depth are shown in their ancestor at depth {depth}</source>
      <translation>construct.json：模块嵌套超过 {depth} 层；该深度以下的 {deep} 个调用或模块显示在其第 {depth} 层的祖先模块中</translation>
    </message>
    <message>
      <source>construct.json: {count} more loops cut</source>
      <translation>construct.json：另有 {count} 处循环被切断</translation>
    </message>
    <message>
      <source>construct.json: {node} is enclosed by {parent}, which it encloses itself (a loop); {node} is shown at the top</source>
      <translation>construct.json：{node} 被 {parent} 包含，而它自己又包含该模块（循环）；{node} 显示在顶层</translation>
    </message>
    <message>
      <source>construct.json: {node} names itself as its parent; it is shown at the top</source>
      <translation>construct.json：{node} 把自己列为父模块；它显示在顶层</translation>
    </message>
    <message>
      <source>conv2d padding='same' with strides</source>
      <translation>不支持带strides的conv2d padding='same'</translation>
    </message>
    <message>
      <source>conv2d {name}={value} is not covered</source>
      <translation>不支持conv2d {name}={value}</translation>
    </message>
    <message>
      <source>customize_dtypes has no effect while the precision mode keeps original dtypes (precision_mode_v2 origin or precision_mode must_keep_origin_dtype, the A2/A3 training default).</source>
      <translation>精度模式保持原始数据类型时（precision_mode_v2为 origin 或precision_mode为 must_keep_origin_dtype，即A2/A3训练的默认值），customize_dtypes不生效。</translation>
    </message>
    <message>
      <source>customize_dtypes keeps {who} in float32</source>
      <translation>customize_dtypes 让 {who} 保持 float32</translation>
    </message>
    <message>
      <source>customize_dtypes per {what}: {names} compute in {dtype} whatever the precision mode {mode} chooses</source>
      <translation>按{what}设置 customize_dtypes：无论精度模式 {mode} 如何选择，{names} 都以 {dtype} 计算</translation>
    </message>
    <message>
      <source>customize_dtypes sets {who} to {precision}</source>
      <translation>customize_dtypes 将 {who} 设为 {precision}</translation>
    </message>
    <message>
      <source>cv runs Cube and Vector operators of static-shape graphs in parallel (recommendation networks). Not with ENABLE_DYNAMIC_SHAPE_MULTI_STREAM.</source>
      <translation>cv 表示静态shape图中的Cube算子与Vector算子并行执行（适用于推荐网络）。不能与ENABLE_DYNAMIC_SHAPE_MULTI_STREAM同时使用。</translation>
    </message>
    <message>
      <source>data_dump_stage only applies in reduce-overhead / npugraph_ex (aclgraph) mode; in max-autotune it has no effect.</source>
      <translation>data_dump_stage仅在reduce-overhead / npugraph_ex（aclgraph）模式下生效；在max-autotune模式下不生效。</translation>
    </message>
    <message>
      <source>data_mode combines "all" with other values; msprobe refuses it ("'all' cannot be combined with other options in data_mode").</source>
      <translation>data_mode 中 "all" 与其他值同时出现；msprobe 会拒绝（"'all' cannot be combined with other options in data_mode"）。</translation>
    </message>
    <message>
      <source>data_mode has {count} values; msprobe accepts at most {limit}.</source>
      <translation>data_mode 有 {count} 个值；msprobe 最多接受 {limit} 个。</translation>
    </message>
    <message>
      <source>debug_dir only receives files when operator debugging is on (op_debug_config with dump_cce or dump_loc, or a non-zero op_debug_level).</source>
      <translation>仅在开启算子调试时（op_debug_config包含dump_cce或dump_loc，或op_debug_level不为0），debug_dir中才会生成文件。</translation>
    </message>
    <message>
      <source>decide it with --script-env "{example}"</source>
      <translation>可用 --script-env "{example}" 确定它</translation>
    </message>
    <message>
      <source>demo found</source>
      <translation>已找到演示数据</translation>
    </message>
    <message>
      <source>demo ready</source>
      <translation>演示数据已就绪</translation>
    </message>
    <message>
      <source>diff_check: how many differences to report (-1: all).</source>
      <translation>diff_check：报告的差异数量（-1 表示全部）。</translation>
    </message>
    <message>
      <source>diff_nums must be -1 or a positive integer; msprobe refuses {value!r}.</source>
      <translation>diff_nums 必须为 -1 或正整数；msprobe 会拒绝 {value!r}。</translation>
    </message>
    <message>
      <source>div with rounding_mode={rounding_mode} is not covered</source>
      <translation>不支持rounding_mode={rounding_mode} 的div</translation>
    </message>
    <message>
      <source>done</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>dropout in training mode is random: not covered</source>
      <translation>训练模式下的dropout是随机的：不支持</translation>
    </message>
    <message>
      <source>dump options are set but enable_dump is off: the runtime ignores them</source>
      <translation>设置了 Dump 配置项，但 enable_dump 关闭：Runtime 会忽略它们</translation>
    </message>
    <message>
      <source>dump_config_path ({name}) sets an exception dump_scene; under torchair this has no effect because torch_npu already switches exception dump on.</source>
      <translation>dump_config_path（{name}）设置了异常算子Dump的 dump_scene；在torchair下这不起作用，因为 torch_npu 已开启异常算子Dump。</translation>
    </message>
    <message>
      <source>dump_config_path ({name}): {message}</source>
      <translation>dump_config_path（{name}）：{message}</translation>
    </message>
    <message>
      <source>dump_config_path is combined with enable_dump and the other options. torchair's dump guide advises against it: the options then win and the json file stops taking effect (GE's source says the acl.json side wins; it depends on the version). Use one or the other.</source>
      <translation>dump_config_path与enable_dump等配置项同时使用。torchair的Dump指南不建议这样做：此时这些配置项生效，json文件配置失效（而GE源码表明以acl.json一侧为准，取决于版本）。请二选一。</translation>
    </message>
    <message>
      <source>dump_config_path is ignored because enable_dump is set (the options take priority)</source>
      <translation>dump_config_path 被忽略，因为设置了 enable_dump（配置项优先）</translation>
    </message>
    <message>
      <source>dump_config_path {path!r} must name an existing .json file; torchair refuses other values on assignment.</source>
      <translation>dump_config_path {path!r} 必须指向一个已存在的 .json 文件；torchair在赋值时会拒绝其他取值。</translation>
    </message>
    <message>
      <source>dump_config_path: {exc}</source>
      <translation>dump_config_path：{exc}</translation>
    </message>
    <message>
      <source>dump_debug=on with a non-empty dump_list: GE refuses the dump config ("nonsupport dump model when open dump overflow detection") and writes nothing</source>
      <translation>dump_debug=on 且 dump_list 不为空：GE 拒绝该 Dump 配置（"nonsupport dump model when open dump overflow detection"），不写出任何文件</translation>
    </message>
    <message>
      <source>dump_debug_mode only takes effect with enable_dump_debug=True; as set it is ignored.</source>
      <translation>dump_debug_mode仅在 enable_dump_debug=True 时生效；按当前配置将被忽略。</translation>
    </message>
    <message>
      <source>dump_kernel_data has {bad}; each comma-separated item must be one of {kernel_data_items} (an empty item comes from a stray comma).</source>
      <translation>dump_kernel_data 包含 {bad}；逗号分隔的每一项必须是 {kernel_data_items} 之一（空项来自多余的逗号）。</translation>
    </message>
    <message>
      <source>dump_layer contains {bad}; torchair only accepts letters, digits, _, space, ", /, \ and . and raises ValueError on assignment.</source>
      <translation>dump_layer 包含 {bad}；torchair只接受字母、数字、_、空格、"、/、\ 和 .，否则在赋值时抛出 ValueError。</translation>
    </message>
    <message>
      <source>dump_layer separates operator names with spaces; the commas become part of one long name that matches no operator.</source>
      <translation>dump_layer以空格分隔算子名称；逗号会成为一个长名称的一部分，不会匹配任何算子。</translation>
    </message>
    <message>
      <source>dump_level "kernel" switches GE's model dump off, so the models in dump_list are not dumped at operator level.</source>
      <translation>dump_level为 "kernel" 时会关闭GE的模型Dump，因此dump_list中的模型不会进行算子级Dump。</translation>
    </message>
    <message>
      <source>dump_level=kernel: GE turns the model dump off, only kernel-level dumps remain</source>
      <translation>dump_level=kernel：GE 关闭模型Dump，只保留 kernel 级 Dump</translation>
    </message>
    <message>
      <source>dump_list has {count} entries for model {name!r}; GE keeps only the last one (dump_list[{last}]), so {earlier} are ignored. Merge them into one entry.</source>
      <translation>dump_list中有 {count} 个条目对应模型 {name!r}；GE只保留最后一个（dump_list[{last}]），因此 {earlier} 被忽略。请合并为一个条目。</translation>
    </message>
    <message>
      <source>dump_list has {count} entries without model_name; GE keeps only the last one (dump_list[{last}]) for them, so {earlier} are ignored. Merge them into one entry.</source>
      <translation>dump_list中有 {count} 个未设置model_name的条目；GE只保留其中最后一个（dump_list[{last}]），因此 {earlier} 被忽略。请合并为一个条目。</translation>
    </message>
    <message>
      <source>dump_list has {count} watcher entries; GE keeps only the layer and watcher_nodes of the last one (dump_list[{last}]), so {earlier} are not watched. Put every operator in one entry.</source>
      <translation>dump_list中有 {count} 个watcher条目；GE只保留最后一个条目（dump_list[{last}]）的layer和watcher_nodes，因此 {earlier} 不会被监测。请把所有算子写在一个条目中。</translation>
    </message>
    <message>
      <source>dump_list names model(s) {wanted} but the model that runs is {model}: nothing is dumped</source>
      <translation>dump_list 指定的模型为 {wanted}，但运行的模型是 {model}：不会Dump任何数据</translation>
    </message>
    <message>
      <source>dump_list[{i}] has model_name {model_name!r}; model_name is not allowed in dump_list under the watcher scene (EP0005).</source>
      <translation>dump_list[{i}] 设置了 model_name {model_name!r}；watcher场景下 dump_list 中不允许出现 model_name（EP0005）。</translation>
    </message>
    <message>
      <source>dump_list[{i}] has no watcher_nodes; under the watcher scene every entry needs the operators to watch (EP0001).</source>
      <translation>dump_list[{i}] 没有 watcher_nodes；watcher场景下每个条目都需要指定要观察的算子（EP0001）。</translation>
    </message>
    <message>
      <source>dump_list[{i}] sets opname_range without a model_name; the runtime needs the model (EP0001).</source>
      <translation>dump_list[{i}] 设置了 opname_range 但没有 model_name；运行时需要该模型（EP0001）。</translation>
    </message>
    <message>
      <source>dump_list[{i}] sets watcher_nodes but dump_scene is not watcher; the runtime rejects it (EP0005).</source>
      <translation>dump_list[{i}] 设置了 watcher_nodes，但 dump_scene 不是 watcher；运行时会拒绝该配置（EP0005）。</translation>
    </message>
    <message>
      <source>dump_list[{i}].layer names {hcom}, which look like collective communication operators (type Hcom...); after those only the watcher_nodes dumps are exported.</source>
      <translation>dump_list[{i}].layer中的 {hcom} 看起来是集合通信类算子（类型以Hcom开头）；这些算子执行后只导出watcher_nodes中算子的dump文件。</translation>
    </message>
    <message>
      <source>dump_list[{i}].opname_range[{j}].{bound} is empty (EP0001).</source>
      <translation>dump_list[{i}].opname_range[{j}].{bound} 为空（EP0001）。</translation>
    </message>
    <message>
      <source>dump_list[{i}].{key} has {count} entries; at most {max_blacklist} are allowed (EP0003).</source>
      <translation>dump_list[{i}].{key} 有 {count} 项；最多允许 {max_blacklist} 项（EP0003）。</translation>
    </message>
    <message>
      <source>dump_list[{i}].{key} is {what}; with dump_op_switch off the runtime rejects it (EP0001). Older runtimes skipped such entries, current ones refuse the whole config.</source>
      <translation>dump_list[{i}].{key} 为 {what}；dump_op_switch 关闭时，运行时会拒绝它（EP0001）。旧版本运行时会跳过此类条目，当前版本会拒绝整个配置。</translation>
    </message>
    <message>
      <source>dump_list[{i}].{key} needs dump_level "op", but dump_level is {level} (EP0005).</source>
      <translation>dump_list[{i}].{key} 需要 dump_level 为 "op"，但 dump_level 为 {level}（EP0005）。</translation>
    </message>
    <message>
      <source>dump_list[{i}].{key}[{j}].pos has {bad}; GE drops entries whose positions are not "input&lt;N&gt;" or "output&lt;N&gt;" (adump no longer checks).</source>
      <translation>dump_list[{i}].{key}[{j}].pos 包含 {bad}；GE会丢弃位置不是 "input&lt;N&gt;" 或 "output&lt;N&gt;" 的条目（adump不再检查）。</translation>
    </message>
    <message>
      <source>dump_list[{i}]: {both} is in both layer and watcher_nodes; only the watcher_nodes dumps are exported for it.</source>
      <translation>dump_list[{i}]：{both} 同时出现在 layer 和 watcher_nodes 中；只会导出其 watcher_nodes 的Dump数据。</translation>
    </message>
    <message>
      <source>dump_path contains {bad}; adump accepts an existing folder, but GE refuses paths outside its character list (ASCII letters, digits, -=[];\,./!@#$%^&amp;*()_+{{}}:?) and then dumps no model data.</source>
      <translation>dump_path 包含 {bad}；adump接受已存在的目录，但GE拒绝其字符列表（ASCII字母、数字、-=[];\,./!@#$%^&amp;*()_+{{}}:?）之外的路径，随后不会Dump任何模型数据。</translation>
    </message>
    <message>
      <source>dump_path is empty (EP0001).</source>
      <translation>dump_path为空（EP0001）。</translation>
    </message>
    <message>
      <source>dump_path is longer than 512 characters (EP0003).</source>
      <translation>dump_path超过512个字符（EP0003）。</translation>
    </message>
    <message>
      <source>dump_path is not set; msprobe stops with "The dump_path not found".</source>
      <translation>未设置 dump_path；msprobe 会报错 "The dump_path not found" 并停止。</translation>
    </message>
    <message>
      <source>dump_path is required (EP0001): only an exception dump_scene may leave it out. Overflow dump and dump watch need it too.</source>
      <translation>必须配置dump_path（EP0001）：只有dump_scene为异常场景时可以不配置。溢出算子Dump和Dump Watch模式同样需要配置。</translation>
    </message>
    <message>
      <source>dump_path is set but neither enable_dump nor enable_dump_debug is on, so nothing is dumped there.</source>
      <translation>已设置dump_path，但enable_dump和enable_dump_debug均未开启，因此不会Dump任何数据。</translation>
    </message>
    <message>
      <source>dump_path priority</source>
      <translation>dump_path的优先级</translation>
    </message>
    <message>
      <source>dump_path {path!r} contains {match!r}: the runtime does not expand shell variables or ~, so it looks for a folder with that literal name (relative to the working directory). Write the real path.</source>
      <translation>dump_path {path!r} 包含 {match!r}：运行时不会展开shell变量或 ~，因此会按字面名称（相对于工作目录）查找目录。请写出实际路径。</translation>
    </message>
    <message>
      <source>dump_path {path!r} names host {remote_host} but no folder after ':' (EP0003).</source>
      <translation>dump_path {path!r} 指定了主机 {remote_host}，但 ':' 之后没有目录（EP0003）。</translation>
    </message>
    <message>
      <source>dump_scene is watcher but dump_list is empty, so no operator is watched.</source>
      <translation>dump_scene为watcher但dump_list为空，因此不会观察任何算子。</translation>
    </message>
    <message>
      <source>dump_stats is an empty list (EP0001); leave it out to get every statistic.</source>
      <translation>dump_stats为空列表（EP0001）；如需所有统计项，请不要配置该项。</translation>
    </message>
    <message>
      <source>dump_stats needs dump_data "stats" set explicitly (EP0005).</source>
      <translation>dump_stats需要显式设置dump_data为 "stats"（EP0005）。</translation>
    </message>
    <message>
      <source>dump_step "{step}" does not match torchair's pattern; the assignment raises ValueError.</source>
      <translation>dump_step "{step}" 不符合torchair的格式；赋值时会抛出 ValueError。</translation>
    </message>
    <message>
      <source>dump_step "{step}": {reason}; {validator} refuses it (accepted by {accepted}, which is why it may look fine elsewhere).</source>
      <translation>dump_step "{step}"：{reason}；{validator} 拒绝该值（{accepted} 接受它，因此在别处看起来可能没有问题）。</translation>
    </message>
    <message>
      <source>dump_step "{step}": {reason}; {validator} refuses it.</source>
      <translation>dump_step "{step}"：{reason}；{validator} 拒绝该值。</translation>
    </message>
    <message>
      <source>dump_step is {steps}: none of the steps run (0 to {last}) is dumped.</source>
      <translation>dump_step 为 {steps}：运行的 step（0 到 {last}）都不会被 Dump。</translation>
    </message>
    <message>
      <source>dump_step is {steps}: steps {dumped} of 0 to {last} are dumped.</source>
      <translation>dump_step 为 {steps}：在 0 到 {last} 中，step {dumped} 会被 Dump。</translation>
    </message>
    <message>
      <source>dynamic_dims has {count} profile(s); between {min_profiles} and {max_profiles} are required.</source>
      <translation>dynamic_dims 有 {count} 个档位；要求在 {min_profiles} 到 {max_profiles} 个之间。</translation>
    </message>
    <message>
      <source>dynamic_dims profile {index} has {count} value(s) but input_shape has {wildcards} dynamic dimension(s) (-1); each profile needs one value per -1.</source>
      <translation>dynamic_dims 第 {index} 个档位有 {count} 个值，但 input_shape 有 {wildcards} 个动态维度（-1）；每个档位需要为每个 -1 提供一个值。</translation>
    </message>
    <message>
      <source>dynamic_dims takes precedence; dynamic_inputs_shape_range is ignored.</source>
      <translation>dynamic_dims优先；dynamic_inputs_shape_range将被忽略。</translation>
    </message>
    <message>
      <source>dynamic_dims {dims!r} cannot be read: {exc}. Expected profiles like 20,20;40,40.</source>
      <translation>无法解析 dynamic_dims {dims!r}：{exc}。档位格式应形如 20,20;40,40。</translation>
    </message>
    <message>
      <source>dynamic_execute compiles with the ranges of dynamic_inputs_shape_range; lazy_recompile compiles again for each new input shape (the document lists only dynamic_execute; the TF Adapter accepts both). Only read when dynamic_input is True.</source>
      <translation>dynamic_execute按dynamic_inputs_shape_range中的范围编译；lazy_recompile在每遇到新的输入shape时重新编译（文档只列出dynamic_execute，TF Adapter两者都接受）。仅在dynamic_input为True时读取。</translation>
    </message>
    <message>
      <source>dynamic_graph_execute_mode and dynamic_inputs_shape_range only take effect with dynamic_input=True.</source>
      <translation>dynamic_graph_execute_mode和dynamic_inputs_shape_range仅在 dynamic_input=True 时生效。</translation>
    </message>
    <message>
      <source>dynamic_graph_execute_mode lazy_recompile only supports iterations_per_loop 1; the graph partition fails with InvalidArgument.</source>
      <translation>dynamic_graph_execute_mode为lazy_recompile时只支持iterations_per_loop为1；否则图拆分会因InvalidArgument失败。</translation>
    </message>
    <message>
      <source>dynamic_input=True compiles with dynamic_graph_execute_mode=dynamic_execute and the ranges in dynamic_inputs_shape_range; set both.</source>
      <translation>dynamic_input=True 时按 dynamic_graph_execute_mode=dynamic_execute 及dynamic_inputs_shape_range中的范围编译；请同时设置这两项。</translation>
    </message>
    <message>
      <source>embedding indices are not dumped</source>
      <translation>embedding的索引没有被Dump</translation>
    </message>
    <message>
      <source>embedding with max_norm (it renormalises the weight) is not covered</source>
      <translation>不支持带max_norm的embedding（它会重新归一化权重）</translation>
    </message>
    <message>
      <source>emulating {model}: {step}</source>
      <translation>正在仿真 {model}：{step}</translation>
    </message>
    <message>
      <source>enable reuses cached operator builds; force clears the cache and rebuilds; disable turns the cache off. Ignored while operator debugging is on.</source>
      <translation>enable 复用已缓存的算子编译结果；force 清空缓存后重新编译；disable 关闭缓存。开启算子调试时此配置不生效。</translation>
    </message>
    <message>
      <source>enable_dump and enable_dump_debug cannot both be True; GE refuses the session. Dump data and collect overflows in separate runs.</source>
      <translation>enable_dump和enable_dump_debug不能同时为True；GE会拒绝创建session。请分两次运行分别进行数据Dump和溢出采集。</translation>
    </message>
    <message>
      <source>enable_scope_fusion_passes has an empty name (stray or doubled comma).</source>
      <translation>enable_scope_fusion_passes中有空名称（多余或重复的逗号）。</translation>
    </message>
    <message>
      <source>enable_small_channel cannot be changed in online inference; it stays 1.</source>
      <translation>在线推理场景下无法修改enable_small_channel，其值固定为 1。</translation>
    </message>
    <message>
      <source>enable_small_channel=1 is the online-inference setting; in training (graph_run_mode 1, the default) it is not advised: it only pays off for ResNet50/101/152 and may slow other networks down.</source>
      <translation>enable_small_channel=1是在线推理场景的设置；训练场景（graph_run_mode为1，即默认值）下不建议开启：仅对ResNet50/101/152有收益，其他网络性能可能下降。</translation>
    </message>
    <message>
      <source>environment variables</source>
      <translation>环境变量</translation>
    </message>
    <message>
      <source>erf form 0.5 x (1 + erf(x / sqrt 2))</source>
      <translation>erf形式 0.5 x (1 + erf(x / sqrt 2))</translation>
    </message>
    <message>
      <source>error</source>
      <translation>错误</translation>
    </message>
    <message>
      <source>every element is within the budget (worst {worst} of the allowance) for {dtype}</source>
      <translation>所有元素都在 {dtype} 的误差预算内（最大误差为允许误差的 {worst}）</translation>
    </message>
    <message>
      <source>every element is within the budget (worst {worst} of the allowance) for {dtype} with {accumulation} accumulation over K={k}</source>
      <translation>所有元素都在 {dtype} 的误差预算内（{accumulation} 累加，K={k}；最大误差为允许误差的 {worst}）</translation>
    </message>
    <message>
      <source>exception dump is off: nothing is written for the failing op</source>
      <translation>异常算子Dump未开启：不会为出错的算子写出任何文件</translation>
    </message>
    <message>
      <source>expected 2 columns '{file_name},{original_name}'</source>
      <translation>应为 2 列 '{file_name},{original_name}'</translation>
    </message>
    <message>
      <source>experimental_accelerate_train_mode by loss: the loss of the current step.</source>
      <translation>experimental_accelerate_train_mode按loss划分时：当前step的loss。</translation>
    </message>
    <message>
      <source>experimental_accelerate_train_mode by loss: the target loss.</source>
      <translation>experimental_accelerate_train_mode按loss划分时：目标loss。</translation>
    </message>
    <message>
      <source>experimental_accelerate_train_mode by step: the number of steps of the run.</source>
      <translation>experimental_accelerate_train_mode按step划分时：本次运行的总step数。</translation>
    </message>
    <message>
      <source>experimental_accelerate_train_mode by step: the step being run.</source>
      <translation>experimental_accelerate_train_mode按step划分时：当前正在执行的step。</translation>
    </message>
    <message>
      <source>experimental_accelerate_train_mode needs precision_mode allow_fp32_to_fp16 or must_keep_origin_dtype (or unset), not {mode}; the adapter stops with an internal error.</source>
      <translation>experimental_accelerate_train_mode要求precision_mode为allow_fp32_to_fp16或must_keep_origin_dtype（或不设置），而不是 {mode}；TF Adapter会报内部错误并停止。</translation>
    </message>
    <message>
      <source>experimental_accelerate_train_mode needs precision_mode_v2 origin (or unset), not {mode_v2}; the adapter stops with an internal error.</source>
      <translation>experimental_accelerate_train_mode要求precision_mode_v2为origin（或不设置），而不是 {mode_v2}；TF Adapter会报内部错误并停止。</translation>
    </message>
    <message>
      <source>experimental_accelerate_train_mode {value!r} is not type|trigger|ratio with type fast or fast1 and trigger step or loss, e.g. fast|step|0.9.</source>
      <translation>experimental_accelerate_train_mode {value!r} 不符合 type|trigger|ratio 格式（type 为 fast 或 fast1，trigger 为 step 或 loss），例如 fast|step|0.9。</translation>
    </message>
    <message>
      <source>export K=V lines of a shell or env file.</source>
      <translation>shell脚本或env文件中的 export K=V 行。</translation>
    </message>
    <message>
      <source>extra text after the end of the JSON value</source>
      <translation>JSON值结束后还有多余的文本</translation>
    </message>
    <message>
      <source>faithful</source>
      <translation>忠实</translation>
    </message>
    <message>
      <source>float32 accumulation (L0C), bias added in L0C, one rounding to the output dtype</source>
      <translation>float32累加（L0C），在L0C中加bias，一次舍入到输出数据类型</translation>
    </message>
    <message>
      <source>float32 accumulation (mad f162f32), bias in L0C, one rounding; filter {format}</source>
      <translation>float32累加（mad f162f32），在L0C中加bias，一次舍入；filter格式 {format}</translation>
    </message>
    <message>
      <source>force clears the operator cache on every build; switch back to enable afterwards, and avoid it while other jobs compile with the same cache.</source>
      <translation>force 会在每次编译时清空算子缓存；用完后请改回 enable，并避免在其他作业使用同一缓存编译时使用。</translation>
    </message>
    <message>
      <source>ge base/common/dump/dump_manager.cc (SetDumpList: one entry per model, the last one wins)</source>
      <translation>GE源码 base/common/dump/dump_manager.cc（SetDumpList：每个模型一项，以最后一项为准）</translation>
    </message>
    <message>
      <source>gelu approximate={approximate}</source>
      <translation>不支持gelu approximate={approximate}</translation>
    </message>
    <message>
      <source>give one msprobe rank folder ({count} found here)</source>
      <translation>请给出一个 msprobe rank 目录（此处找到 {count} 个）</translation>
    </message>
    <message>
      <source>give one msprobe rank folder on each side</source>
      <translation>请在每一侧各给出一个 msprobe rank 目录</translation>
    </message>
    <message>
      <source>global_options().{attr} has no TF1 session option of that name here; it is not checked</source>
      <translation>global_options().{attr}在此没有同名的TF1 session配置项；不对其检查</translation>
    </message>
    <message>
      <source>golden</source>
      <translation>标杆数据</translation>
    </message>
    <message>
      <source>graph ready</source>
      <translation>计算图已就绪</translation>
    </message>
    <message>
      <source>graph_compiler_cache_dir notes</source>
      <translation>graph_compiler_cache_dir的说明</translation>
    </message>
    <message>
      <source>graph_run_mode and the Application Scenarios of each option</source>
      <translation>graph_run_mode及各配置项的适用场景</translation>
    </message>
    <message>
      <source>graph_run_mode {graph_run_mode} means {declared}, but the script runs {mode}.</source>
      <translation>graph_run_mode {graph_run_mode} 表示 {declared}，但脚本运行的是 {mode}。</translation>
    </message>
    <message>
      <source>group {group!r} has a number above the uint64 range</source>
      <translation>分组 {group!r} 中的数字超出 uint64 范围</translation>
    </message>
    <message>
      <source>group {group!r} has a number above {limit}</source>
      <translation>分组 {group!r} 中的数字大于 {limit}</translation>
    </message>
    <message>
      <source>group {group!r} has more than one -</source>
      <translation>分组 {group!r} 中有多于一个 -</translation>
    </message>
    <message>
      <source>group {group!r} is not a number or a range of numbers</source>
      <translation>分组 {group!r} 既不是数字也不是数字范围</translation>
    </message>
    <message>
      <source>grouping {count} ops</source>
      <translation>正在分组 {count} 个算子</translation>
    </message>
    <message>
      <source>hccl will be removed; task_time controls communication data collection.</source>
      <translation>hccl即将删除；通信数据的采集由task_time控制。</translation>
    </message>
    <message>
      <source>hccl_timeout overrides the HCCL_EXEC_TIMEOUT environment variable.</source>
      <translation>hccl_timeout优先级高于环境变量HCCL_EXEC_TIMEOUT。</translation>
    </message>
    <message>
      <source>header length {length} is implausibly large</source>
      <translation>头部长度 {length} 大得不合理</translation>
    </message>
    <message>
      <source>high computes statistics in float64 (slower).</source>
      <translation>high 以 float64 计算统计值（较慢）。</translation>
    </message>
    <message>
      <source>high_performance polynomial x (sgn(x) (-0.1444 (clip(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5)</source>
      <translation>high_performance多项式 x (sgn(x) (-0.1444 (clip(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5)</translation>
    </message>
    <message>
      <source>high_precision or high_performance implementation for operators that offer both.</source>
      <translation>对同时提供两种实现的算子，选择 high_precision（高精度）或 high_performance（高性能）实现。</translation>
    </message>
    <message>
      <source>high_precision or high_performance kernels for the operators of ACL_OPTYPELIST_FOR_IMPLMODE (every operator when that list is empty).</source>
      <translation>为 ACL_OPTYPELIST_FOR_IMPLMODE 中的算子选择 high_precision 或 high_performance 的kernel（该列表为空时作用于所有算子）。</translation>
    </message>
    <message>
      <source>histogram</source>
      <translation>直方图</translation>
    </message>
    <message>
      <source>holds no dump runs: no step folder with GE/ACL dump files and no msprobe dump.json was found; choose the root of a dump tree</source>
      <translation>中没有可比对的运行：未找到含GE/ACL Dump文件的step目录，也未找到msprobe的dump.json；请选择Dump目录树的根目录</translation>
    </message>
    <message>
      <source>import</source>
      <translation>导入</translation>
    </message>
    <message>
      <source>in_out_pair must be the text of a list of [in_nodes, out_nodes] pairs, as produced by str(all_graph_iop).</source>
      <translation>in_out_pair 必须是 [in_nodes, out_nodes] 对组成的列表的文本，即 str(all_graph_iop) 的输出。</translation>
    </message>
    <message>
      <source>in_out_pair needs mixed computing (mix_compile_mode=True); without it the graph partition stops with an internal error.</source>
      <translation>in_out_pair需要开启混合计算（mix_compile_mode=True）；否则图拆分会报内部错误并停止。</translation>
    </message>
    <message>
      <source>in_out_pair_flag "Whether to offload operators specified by in_out_pair"</source>
      <translation>in_out_pair_flag “是否下沉in_out_pair指定的算子”</translation>
    </message>
    <message>
      <source>in_out_pair_flag only says whether the operators named by in_out_pair are offloaded; without in_out_pair it has no effect.</source>
      <translation>in_out_pair_flag只决定in_out_pair所指定的算子是否下沉；未设置in_out_pair时该配置项不生效。</translation>
    </message>
    <message>
      <source>indexing {folder}</source>
      <translation>正在索引 {folder}</translation>
    </message>
    <message>
      <source>input</source>
      <translation>输入</translation>
    </message>
    <message>
      <source>input_batch_cpy "takes effect only when the number of user inputs is greater than 1"</source>
      <translation>input_batch_cpy “仅当用户输入个数大于1时生效”</translation>
    </message>
    <message>
      <source>input_batch_cpy only takes effect when the network has more than one input.</source>
      <translation>input_batch_cpy仅在网络输入多于1个时生效。</translation>
    </message>
    <message>
      <source>input_fusion_size "takes effect only for static shape graphs"</source>
      <translation>input_fusion_size “仅对静态shape的图生效”</translation>
    </message>
    <message>
      <source>input_fusion_size takes effect only for static-shape graphs, so it has no effect here</source>
      <translation>input_fusion_size仅对静态shape的图生效，因此此处不生效</translation>
    </message>
    <message>
      <source>input_shape has no -1, so dynamic_dims has no dimension to fill in.</source>
      <translation>input_shape 中没有 -1，因此 dynamic_dims 没有可填充的维度。</translation>
    </message>
    <message>
      <source>input_shape lists {names}; inputs must be given in the alphabetical order of their names ({sorted_names}), or shapes land on the wrong inputs.</source>
      <translation>input_shape 列出的顺序为 {names}；输入必须按名称的字母顺序给出（{sorted_names}），否则shape会对应到错误的输入上。</translation>
    </message>
    <message>
      <source>input_shape {shape!r} cannot be read: {exc}. Expected name:d0,d1;name:d0 with -1 for dynamic dimensions.</source>
      <translation>无法解析 input_shape {shape!r}：{exc}。格式应为 name:d0,d1;name:d0，动态维度用 -1 表示。</translation>
    </message>
    <message>
      <source>is a directory, not a dump file</source>
      <translation>是目录，不是 Dump 文件</translation>
    </message>
    <message>
      <source>is not a UTF-8 text file (undecodable byte at offset {offset})</source>
      <translation>不是 UTF-8 文本文件（偏移 {offset} 处的字节无法解码）</translation>
    </message>
    <message>
      <source>is not a file</source>
      <translation>不是文件</translation>
    </message>
    <message>
      <source>is not a known {name} entry key (ignored)</source>
      <translation>不是已知的 {name} 条目键（被忽略）</translation>
    </message>
    <message>
      <source>is not a known {name} key</source>
      <translation>不是已知的 {name} 键</translation>
    </message>
    <message>
      <source>is not a regular file</source>
      <translation>不是普通文件</translation>
    </message>
    <message>
      <source>is not a regular file; not read</source>
      <translation>不是普通文件；未读取</translation>
    </message>
    <message>
      <source>is not a text file (binary data at byte {offset})</source>
      <translation>不是文本文件（第 {offset} 个字节处是二进制数据）</translation>
    </message>
    <message>
      <source>is not valid JSON: a \uD800-\uDFFF escape without its surrogate pair (the runtime's parser refuses it)</source>
      <translation>不是有效的JSON：\uD800-\uDFFF 转义缺少与之配对的代理项（运行时的解析器会拒绝）</translation>
    </message>
    <message>
      <source>is not valid JSON: nested too deeply</source>
      <translation>不是有效的JSON：嵌套层数过多</translation>
    </message>
    <message>
      <source>is not valid JSON: {name} is not a JSON value</source>
      <translation>不是有效的JSON：{name} 不是JSON值</translation>
    </message>
    <message>
      <source>is not valid JSON: {reason}</source>
      <translation>不是有效的JSON：{reason}</translation>
    </message>
    <message>
      <source>is {size} MiB; config files are at most 10 MiB</source>
      <translation>大小为 {size} MiB；配置文件最大为 10 MiB</translation>
    </message>
    <message>
      <source>is {size} MiB; config files are at most 10 MiB (the runtime refuses larger ones)</source>
      <translation>大小为 {size} MiB；配置文件最大为 10 MiB（Runtime 拒绝更大的文件）</translation>
    </message>
    <message>
      <source>is_tailing_optimization "applies only to ... BERT networks", "must be the same as that of is_tailing_optimization in NPUOptimizer"</source>
      <translation>is_tailing_optimization “仅适用于……BERT网络”，“须与NPUOptimizer中的is_tailing_optimization保持一致”</translation>
    </message>
    <message>
      <source>is_tailing_optimization applies only to BERT networks, and NPUOptimizer's is_tailing_optimization must be set to the same value.</source>
      <translation>is_tailing_optimization仅适用于BERT网络，且必须与NPUOptimizer中的is_tailing_optimization取值一致。</translation>
    </message>
    <message>
      <source>it does not match torchair's pattern (numbers or N-M ranges joined by single |)</source>
      <translation>不符合torchair的格式（用单个 | 连接的数字或 N-M 范围）</translation>
    </message>
    <message>
      <source>it is not a JSON object</source>
      <translation>它不是 JSON 对象</translation>
    </message>
    <message>
      <source>it is not checked</source>
      <translation>不会被检查</translation>
    </message>
    <message>
      <source>it is not valid JSON ({error})</source>
      <translation>它不是合法的 JSON（{error}）</translation>
    </message>
    <message>
      <source>iterations_per_loop &gt; 1 offloads iterations to the device, which needs GetNext offload (enable_data_pre_proc=True, tf.data input).</source>
      <translation>iterations_per_loop &gt; 1 表示训练迭代循环下沉到Device执行，这需要GetNext算子下沉（enable_data_pre_proc=True，使用tf.data输入）。</translation>
    </message>
    <message>
      <source>iterations_per_loop must equal the value passed to set_iteration_per_loop in the script.</source>
      <translation>iterations_per_loop必须与脚本中传给set_iteration_per_loop的值相等。</translation>
    </message>
    <message>
      <source>its output was dumped in {dumped}, coarser than its own {dtype}{said}</source>
      <translation>其输出以 {dumped} Dump，比其自身的 {dtype}{said} 更粗</translation>
    </message>
    <message>
      <source>its producers</source>
      <translation>其生产者</translation>
    </message>
    <message>
      <source>jit_compile "This option is used only for networks of large recommendation models"</source>
      <translation>jit_compile “该配置项仅用于大型推荐模型的网络”</translation>
    </message>
    <message>
      <source>jit_compile is meant for networks of large recommendation models only.</source>
      <translation>jit_compile仅适用于大规模推荐模型网络。</translation>
    </message>
    <message>
      <source>jit_compile is set through .b, but the TF Adapter of CANN {since} and later reads it as a string ("true", "false" or "auto") and refuses .b with InvalidArgument ("The data type of jit_compile is invalid. Expected string type."): the session fails at the first run. CANN 6.3.RC2 read it as a bool. {said}</source>
      <translation>jit_compile通过.b设置，但CANN {since}及之后版本的TF Adapter以字符串（"true"、"false"或"auto"）读取它，并以InvalidArgument拒绝.b（"The data type of jit_compile is invalid. Expected string type."）：session在第一次运行时失败。CANN 6.3.RC2以布尔值读取。{said}</translation>
    </message>
    <message>
      <source>jit_compile through .b is what CANN {version} reads (a bool); CANN {since} and later refuse .b and need .s = "true", "false" or "auto". {said}</source>
      <translation>CANN {version} 正是以.b（布尔值）读取jit_compile；CANN {since}及之后版本拒绝.b，需要.s = "true"、"false"或"auto"。{said}</translation>
    </message>
    <message>
      <source>keep_dtype keeps {who} in its dtype</source>
      <translation>keep_dtype 让 {who} 保持其数据类型</translation>
    </message>
    <message>
      <source>kernel</source>
      <translation>kernel错误</translation>
    </message>
    <message>
      <source>layer_norm normalized_shape {shape} does not fit {shape2}</source>
      <translation>layer_norm的normalized_shape {shape} 与 {shape2} 不符</translation>
    </message>
    <message>
      <source>legacy dump: a tensor declares {size} bytes but holds {held}</source>
      <translation>旧格式 Dump：某个 Tensor 声明 {size} 字节，实际只有 {held} 字节</translation>
    </message>
    <message>
      <source>level L0 dumps modules, but list names only APIs ({first}): nothing matches and the dump is empty. msprobe does not check this.</source>
      <translation>level L0 Dump模块，但 list 中只有 API 名称（{first}）：没有匹配项，Dump结果为空。msprobe 不检查这一点。</translation>
    </message>
    <message>
      <source>level L1 dumps APIs, but list names only modules ({first}): nothing matches and the dump is empty. msprobe does not check this.</source>
      <translation>level L1 Dump API，但 list 中只有模块名称（{first}）：没有匹配项，Dump结果为空。msprobe 不检查这一点。</translation>
    </message>
    <message>
      <source>level L2 does not allow a scope; msprobe refuses it.</source>
      <translation>level L2 不允许配置 scope；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>level L2 needs list to name exactly one API (e.g. "Functional.linear.0.forward"); msprobe refuses {count}.</source>
      <translation>level L2 需要 list 恰好包含一个 API（如 "Functional.linear.0.forward"）；msprobe 会拒绝 {count} 个。</translation>
    </message>
    <message>
      <source>level L2 needs task tensor; msprobe refuses task {task}.</source>
      <translation>level L2 需要 task 为 tensor；msprobe 会拒绝 task {task}。</translation>
    </message>
    <message>
      <source>line {line}: PrecisionDebugger's config file cannot be read ({problem}); msprobe stops there</source>
      <translation>第 {line} 行：无法读取 PrecisionDebugger 的配置文件（{problem}）；msprobe 会在此停止</translation>
    </message>
    <message>
      <source>line {line}: an integer literal of {bits} bits (more than {limit}); the checker does not evaluate it, so what depends on it is not checked</source>
      <translation>第{line}行：整数字面量有 {bits} 位（超过 {limit}）；检查器不计算它，依赖它的内容不做检查</translation>
    </message>
    <message>
      <source>line {line}: config_path `{expression}` cannot be evaluated without running the script; only the keyword arguments are checked</source>
      <translation>第 {line} 行：不运行脚本无法求出 config_path `{expression}` 的值；只检查关键字参数</translation>
    </message>
    <message>
      <source>line {line}: config_path is not a string; msprobe refuses it</source>
      <translation>第 {line} 行：config_path 不是字符串；msprobe 会拒绝它</translation>
    </message>
    <message>
      <source>line {line}: function {name} is never called in the script (naming it in a string or a comment calls nothing), so what it sets does not reach the run; it is not counted</source>
      <translation>第 {line} 行：脚本中从未调用函数 {name}（在字符串或注释中提到它并不会调用），因此它设置的内容不会作用于运行；不计入</translation>
    </message>
    <message>
      <source>line {line}: parameter_map[{key!r}] is assigned directly; protobuf raises ValueError (direct assignment of a submessage is not allowed), so the script stops here. Write parameter_map[{key!r}].{accessor} = ... instead.</source>
      <translation>第 {line} 行：直接给parameter_map[{key!r}]赋值；protobuf会抛出ValueError（不允许直接给子消息赋值），脚本在此处停止。请改为parameter_map[{key!r}].{accessor} = ...。</translation>
    </message>
    <message>
      <source>line {line}: parameter_map[{key!r}].s is given a str, but AttrValue.s holds bytes: protobuf raises TypeError (expected bytes, str found) and the script stops here. Write tf.compat.as_bytes(...) or b"...".</source>
      <translation>第 {line} 行：给parameter_map[{key!r}].s赋了str，但AttrValue.s是bytes类型：protobuf会抛出TypeError（expected bytes, str found），脚本在此处停止。请写成tf.compat.as_bytes(...)或b"..."。</translation>
    </message>
    <message>
      <source>line {line}: parameter_map[{key!r}].{attr} = None; protobuf raises TypeError on None, so the script stops here. Leave the option out instead.</source>
      <translation>第 {line} 行：parameter_map[{key!r}].{attr} = None；protobuf遇到None会抛出TypeError，脚本在此处停止。请直接不设置该配置项。</translation>
    </message>
    <message>
      <source>line {line}: {key} cannot be removed without changing the code around it; not changed</source>
      <translation>第 {line} 行：删除 {key} 会改动其周围的代码，因此未修改</translation>
    </message>
    <message>
      <source>line {line}: {key} is a .{accessor} option but is set through .{used}; the adapter reads .{accessor}, which gives {seen!r}, so {value!r} is ignored.</source>
      <translation>第{line}行：{key}是.{accessor}类型的配置项，却通过.{used}设置；适配器读取.{accessor}，得到{seen!r}，因此{value!r}被忽略。</translation>
    </message>
    <message>
      <source>line {line}: {key} is a {title} setting, not {current}; check the file with --scenario {scenario}.</source>
      <translation>第{line}行：{key}是{title}的配置，不属于{current}；请用--scenario {scenario}检查该文件。</translation>
    </message>
    <message>
      <source>line {line}: {key} is set from `{expression}` (a variable, flag or call); it is not rewritten, change it there or where that value comes from</source>
      <translation>第 {line} 行：{key} 的值来自 `{expression}`（变量、命令行参数或函数调用），不会被改写；请在该处或该值的来源处修改</translation>
    </message>
    <message>
      <source>line {line}: {key} is set to {value!r} only when `{condition}`, which this run does not decide ({how}); it is not counted as set</source>
      <translation>第{line}行：仅当 `{condition}` 时{key}才设为 {value!r}，本次运行无法确定该条件（{how}）；不计为已设置</translation>
    </message>
    <message>
      <source>line {line}: {message}</source>
      <translation>第{line}行：{message}</translation>
    </message>
    <message>
      <source>line {line}: {path} is not a JSON object; msprobe's config.json is one</source>
      <translation>第 {line} 行：{path} 不是JSON对象；msprobe 的 config.json 必须是JSON对象</translation>
    </message>
    <message>
      <source>line {line}: {why}</source>
      <translation>第{line}行：{why}</translation>
    </message>
    <message>
      <source>line {number} is not 'OpName::InputDtype:...,OutputDtype:...' or 'OpType::TypeName:InputDtype:...,OutputDtype:...': {line}</source>
      <translation>第 {number} 行不是 'OpName::InputDtype:...,OutputDtype:...' 或 'OpType::TypeName:InputDtype:...,OutputDtype:...' 格式：{line}</translation>
    </message>
    <message>
      <source>line {number} is not name=mode: {line}</source>
      <translation>第 {number} 行不是 name=mode 格式：{line}</translation>
    </message>
    <message>
      <source>line {number}: bfloat16 is not supported on {product} (no bfloat16 kernels); compilation fails</source>
      <translation>第 {number} 行：{product} 不支持 bfloat16（没有 bfloat16 的kernel）；编译会失败</translation>
    </message>
    <message>
      <source>line {number}: enable_float_32_execution needs Atlas A2/A3</source>
      <translation>第 {number} 行：enable_float_32_execution 需要 Atlas A2/A3</translation>
    </message>
    <message>
      <source>line {number}: enable_hi_float_32_execution is not supported in the current version</source>
      <translation>第 {number} 行：当前版本不支持enable_hi_float_32_execution</translation>
    </message>
    <message>
      <source>line {number}: section [{section}] is not [ByOpType] or [ByNodeName]</source>
      <translation>第 {number} 行：节 [{section}] 不是 [ByOpType] 或 [ByNodeName]</translation>
    </message>
    <message>
      <source>line {number}: {mode!r} is not one of {precision_modes}</source>
      <translation>第 {number} 行：{mode!r} 不是 {precision_modes} 之一</translation>
    </message>
    <message>
      <source>line {number}: {name} comes before any [ByOpType]/[ByNodeName] section</source>
      <translation>第 {number} 行：{name} 出现在任何 [ByOpType]/[ByNodeName] 节之前</translation>
    </message>
    <message>
      <source>line {number}: {name} is no op of the run this config is for; the line names nothing the runtime finds and has no effect (check the name against the dump or the GE graph)</source>
      <translation>第 {number} 行：{name} 不是此配置所对应运行中的算子；该行指定的名称运行时找不到，不会生效（请对照Dump或GE计算图检查名称）</translation>
    </message>
    <message>
      <source>line {number}: {name} is the name fusion gave to ops {kind}; the line names no op of the graph before fusion and has no effect: name the op type instead</source>
      <translation>第 {number} 行：{name} 是融合后为算子 {kind} 起的名称；该行没有指定融合前计算图中的算子，不会生效：请改为指定算子类型</translation>
    </message>
    <message>
      <source>line {number}: {name} was {kind}; a line for a fused op's original name has no effect: name its op type instead</source>
      <translation>第 {number} 行：{name} 已被{kind}；指定融合算子原名称的行不会生效：请改为指定其算子类型</translation>
    </message>
    <message>
      <source>line {number}: {unknown} is not a data type name the compiler knows</source>
      <translation>第 {number} 行：{unknown} 不是编译器已知的数据类型名称</translation>
    </message>
    <message>
      <source>list entry {name} is not a valid regular expression ({error}); msprobe then ignores every name-regex entry without saying so.</source>
      <translation>list 项 {name} 不是有效的正则表达式（{error}）；msprobe 会不加提示地忽略所有 name-regex 项。</translation>
    </message>
    <message>
      <source>lite_exception is the old name of aic_err_brief_dump (same behaviour).</source>
      <translation>lite_exception是aic_err_brief_dump的旧名称（行为相同）。</translation>
    </message>
    <message>
      <source>load must be an object with path and modules.</source>
      <translation>load 必须是包含 path 和 modules 的对象。</translation>
    </message>
    <message>
      <source>load.dump_after_load must be true or false.</source>
      <translation>load.dump_after_load 必须为 true 或 false。</translation>
    </message>
    <message>
      <source>load.modules entry {name} must look like "Module.&lt;name&gt;.forward.&lt;N&gt;"; msprobe refuses it.</source>
      <translation>load.modules 项 {name} 必须形如 "Module.&lt;name&gt;.forward.&lt;N&gt;"；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>load.modules lists a module twice; msprobe refuses it.</source>
      <translation>load.modules 中有重复的模块；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>load.modules must be a non-empty list of module names; msprobe refuses it.</source>
      <translation>load.modules 必须是非空的模块名称列表；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>load.path is required; msprobe refuses the config without it.</source>
      <translation>load.path 为必填项；缺少时 msprobe 会拒绝该配置。</translation>
    </message>
    <message>
      <source>load.path {path} is not a folder on this machine; msprobe refuses it.</source>
      <translation>load.path {path} 在本机上不是目录；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>local_device_list is used together with local_rank_id, which is not set.</source>
      <translation>local_device_list需与local_rank_id配合使用，但未设置local_rank_id。</translation>
    </message>
    <message>
      <source>local_device_list must be device IDs separated by commas, e.g. 0,1.</source>
      <translation>local_device_list必须为以逗号分隔的设备ID，例如 0,1。</translation>
    </message>
    <message>
      <source>looking for the original graph</source>
      <translation>正在查找原始计算图</translation>
    </message>
    <message>
      <source>map ready</source>
      <translation>rank分布图已就绪</translation>
    </message>
    <message>
      <source>max_op_cache_size is {value!r}; it must be a size in MB above 0, or -1 to turn aging off</source>
      <translation>max_op_cache_size为 {value!r}；必须是大于0的大小（MB），或为-1以关闭老化</translation>
    </message>
    <message>
      <source>mean and variance in float32 (two passes), rstd = 1/sqrt(var + eps), one rounding of y</source>
      <translation>均值和方差以float32计算（两遍），rstd = 1/sqrt(var + eps)，y 舍入一次</translation>
    </message>
    <message>
      <source>met only by {value}</source>
      <translation>只有 {value} 才符合</translation>
    </message>
    <message>
      <source>met only by {value} or ±{largest} where the run saturates</source>
      <translation>只有 {value}，或在运行饱和处的 ±{largest} 才符合</translation>
    </message>
    <message>
      <source>missing</source>
      <translation>缺失</translation>
    </message>
    <message>
      <source>mixed precision mode {mode}: put {types} on the black-list, so every op of these types keeps float32 (other ops of these types diverge or overflow too)</source>
      <translation>混合精度模式 {mode}：将 {types} 加入黑名单，使这些类型的所有算子保持 float32（这些类型的其他算子也出现偏离或溢出）</translation>
    </message>
    <message>
      <source>modify_mixlist has no effect with {described}: the lists only apply in mixed precision modes</source>
      <translation>modify_mixlist 在 {described} 下不生效：这些名单只在混合精度模式下生效</translation>
    </message>
    <message>
      <source>modify_mixlist needs a mixed precision mode (precision_mode_v2 mixed_float16 or mixed_bfloat16, or precision_mode allow_mix_precision*); without one the adapter stops with an internal error. The session options reference only says the list is used when mixed precision is on.</source>
      <translation>modify_mixlist需要混合精度模式（precision_mode_v2为mixed_float16或mixed_bfloat16，或precision_mode为allow_mix_precision*）；否则TF Adapter会报内部错误并停止。session配置项文档只说明该列表在开启混合精度时使用。</translation>
    </message>
    <message>
      <source>module records are not replayed (their API calls are)</source>
      <translation>不重放模块记录（重放其中的API调用）</translation>
    </message>
    <message>
      <source>msprobe 26.2.0: checks at PrecisionDebugger start-up</source>
      <translation>msprobe 26.2.0：PrecisionDebugger启动时的检查</translation>
    </message>
    <message>
      <source>msprobe 26.2.0: config.json</source>
      <translation>msprobe 26.2.0：config.json说明</translation>
    </message>
    <message>
      <source>msprobe 26.2.0: not checked at start-up</source>
      <translation>msprobe 26.2.0：启动时不检查</translation>
    </message>
    <message>
      <source>msprobe 26.2.0: pytorch/dump/pt_config.py check_filter_list_config, api_dump/utils.py get_ops()</source>
      <translation>msprobe 26.2.0源码：pytorch/dump/pt_config.py 的 check_filter_list_config，api_dump/utils.py 的 get_ops()</translation>
    </message>
    <message>
      <source>msprobe checks that it exists and stops otherwise.</source>
      <translation>msprobe 会检查其是否存在，不存在则停止。</translation>
    </message>
    <message>
      <source>msprobe config.json</source>
      <translation>msprobe config.json</translation>
    </message>
    <message>
      <source>msprobe config.json and {scenario} share no options</source>
      <translation>msprobe config.json与{scenario}没有共同的配置项</translation>
    </message>
    <message>
      <source>msprof collector params_adapter_geopt.cpp (GetParamFromInputCfg)</source>
      <translation>msprof采集模块 params_adapter_geopt.cpp（GetParamFromInputCfg）</translation>
    </message>
    <message>
      <source>msproftx/mstx data</source>
      <translation>msproftx/mstx数据</translation>
    </message>
    <message>
      <source>multiply-adds</source>
      <translation>次乘加</translation>
    </message>
    <message>
      <source>name the calls to fix with --op, or give the bench dump (GOLDEN)</source>
      <translation>请用 --op 指定要修复的调用，或给出标杆 Dump（GOLDEN）</translation>
    </message>
    <message>
      <source>nano head length {length} exceeds the file size {size}</source>
      <translation>nano 头部长度 {length} 超过文件大小 {size}</translation>
    </message>
    <message>
      <source>nano header truncated</source>
      <translation>nano 头部被截断</translation>
    </message>
    <message>
      <source>nano header truncated while reading {what}</source>
      <translation>读取 {what} 时 nano 头部被截断</translation>
    </message>
    <message>
      <source>nano sizes do not add up: header and tensors need {needed} bytes, the file has {size}</source>
      <translation>nano 大小对不上：头部和 Tensor 需要 {needed} 字节，文件只有 {size} 字节</translation>
    </message>
    <message>
      <source>no call named '{name}' in dump.json</source>
      <translation>dump.json 中没有名为 '{name}' 的调用</translation>
    </message>
    <message>
      <source>no call named '{name}' in this run</source>
      <translation>本次运行中没有名为 '{name}' 的调用</translation>
    </message>
    <message>
      <source>no dumped op named '{name}' in this folder</source>
      <translation>此目录中没有名为 '{name}' 的已 Dump 算子</translation>
    </message>
    <message>
      <source>no golden .npy with this op name and output index</source>
      <translation>没有与该算子名称和输出序号对应的标杆 .npy 文件</translation>
    </message>
    <message>
      <source>no golden counterpart</source>
      <translation>没有对应的标杆数据</translation>
    </message>
    <message>
      <source>no golden file for {tensor}</source>
      <translation>没有 {tensor} 的标杆数据文件</translation>
    </message>
    <message>
      <source>no graph dump to find the producer of this input</source>
      <translation>没有图Dump，无法找到该输入的来源算子</translation>
    </message>
    <message>
      <source>no op named '{name}' in this run</source>
      <translation>本次运行中没有名为 '{name}' 的算子</translation>
    </message>
    <message>
      <source>no precision mode lets a reduction accumulate in float16 (op_precision_mode does)</source>
      <translation>没有任何精度模式会让归约以 float16 累加（op_precision_mode 会）</translation>
    </message>
    <message>
      <source>no readable GE dump files in this folder</source>
      <translation>此目录中没有可读取的 GE Dump 文件</translation>
    </message>
    <message>
      <source>no reduction</source>
      <translation>无归约</translation>
    </message>
    <message>
      <source>no such file or folder</source>
      <translation>文件或目录不存在</translation>
    </message>
    <message>
      <source>not a variable assignment; ignored</source>
      <translation>不是变量赋值；已忽略</translation>
    </message>
    <message>
      <source>not compared: the accuracy rule has no value for {tensor} ({accuracy})</source>
      <translation>未比对：精度判定规则对 {tensor} 没有结果（{accuracy}）</translation>
    </message>
    <message>
      <source>not compared: {reason}</source>
      <translation>未比对：{reason}</translation>
    </message>
    <message>
      <source>not enough memory for the float64 replay</source>
      <translation>内存不足，无法以float64重放</translation>
    </message>
    <message>
      <source>not enough memory to load the tensors</source>
      <translation>内存不足，无法加载这些Tensor</translation>
    </message>
    <message>
      <source>not within the budget of {dtype}{said} ({reason})</source>
      <translation>不在 {dtype}{said} 的误差预算内（{reason}）</translation>
    </message>
    <message>
      <source>nothing diverges between the run and the golden: nothing to capture</source>
      <translation>运行与标杆数据之间没有偏离：无需采集</translation>
    </message>
    <message>
      <source>nothing diverges or overflows in this run: no fix to propose</source>
      <translation>本次运行没有偏离或溢出：无需提出修复建议</translation>
    </message>
    <message>
      <source>npu_device.global_options().dump_config.* lines in a TF2 training script.</source>
      <translation>TF2训练脚本中的 npu_device.global_options().dump_config.* 语句。</translation>
    </message>
    <message>
      <source>one encoder block: LayerNorm, Q/K/V MatMulV2, SoftmaxV2, Gelu FFN, residual Adds; 16 tokens x 64</source>
      <translation>一个编码器块：LayerNorm、Q/K/V MatMulV2、SoftmaxV2、Gelu FFN、残差 Add；16 个 token x 64</translation>
    </message>
    <message>
      <source>only forward calls are replayed</source>
      <translation>只重放前向调用</translation>
    </message>
    <message>
      <source>op name(s) not in the running graph, nothing dumped for them: {names} (use the names after fusion, as in the Build graph)</source>
      <translation>这些算子名不在运行的图中，不会为它们Dump任何数据：{names}（请使用融合后的算子名，即 Build 图中的名称）</translation>
    </message>
    <message>
      <source>op type {op_type} is not covered by the replay</source>
      <translation>重放不支持算子类型 {op_type}</translation>
    </message>
    <message>
      <source>op: operator-level dump, kernel: kernel-level dump, all: both. Blacklists and opname_range need op.</source>
      <translation>op：算子级Dump，kernel：kernel级Dump，all：两者。黑名单和opname_range需要 op。</translation>
    </message>
    <message>
      <source>op_compiler_cache_dir is set but the operator compile cache is disabled.</source>
      <translation>已设置op_compiler_cache_dir，但算子编译缓存处于关闭状态。</translation>
    </message>
    <message>
      <source>op_compiler_cache_mode "operators that are not in the list will not be recompiled"</source>
      <translation>op_compiler_cache_mode “不在列表中的算子不会重新编译”</translation>
    </message>
    <message>
      <source>op_compiler_cache_mode (op_cache.ini) "takes effect only when the values of max_op_cache_size and remain_cache_size_ratio ... are valid"</source>
      <translation>op_compiler_cache_mode（op_cache.ini）“仅当max_op_cache_size和remain_cache_size_ratio……的取值有效时生效”</translation>
    </message>
    <message>
      <source>op_compiler_cache_mode (op_cache.ini) "the configuration items in op_cache.ini take precedence"</source>
      <translation>op_compiler_cache_mode（op_cache.ini）“op_cache.ini中的配置项优先”</translation>
    </message>
    <message>
      <source>op_debug_config "In dynamic shape scenarios ... may cause operator build failures due to large operator kernel files"</source>
      <translation>op_debug_config “动态shape场景下……可能因算子kernel文件过大导致算子编译失败”</translation>
    </message>
    <message>
      <source>op_debug_level 1 or 2 is for locating AI Core errors and slows the network; level 2 also enlarges kernels, which can break dynamic-shape builds.</source>
      <translation>op_debug_level为 1 或 2 用于定位AI Core错误，会降低网络性能；级别 2 还会增大kernel，可能导致动态shape编译失败。</translation>
    </message>
    <message>
      <source>op_debug_level 2 compiles with -O0 -g, which cannot be combined with oom in the op_debug_config file; the run ends with an AI Core error.</source>
      <translation>op_debug_level 2 使用 -O0 -g 编译，不能与 op_debug_config 文件中的 oom 同时使用；运行会以 AI Core 错误结束。</translation>
    </message>
    <message>
      <source>op_debug_level {level} turns the operator compile cache off and rebuilds every operator, so op_compiler_cache_mode={mode} is ignored.</source>
      <translation>op_debug_level {level} 会关闭算子编译缓存并重新编译所有算子，因此 op_compiler_cache_mode={mode} 被忽略。</translation>
    </message>
    <message>
      <source>op_precision_mode per {what}: {names} keep float32 (no HF32 / float16 accumulation) while the rest of the model keeps its precision</source>
      <translation>按{what}设置 op_precision_mode：{names} 保持 float32（不使用 HF32 / float16 累加），模型其余部分保持原有精度</translation>
    </message>
    <message>
      <source>op_precision_mode takes precedence; op_select_implmode and optypelist_for_implmode are ignored.</source>
      <translation>op_precision_mode优先；op_select_implmode和optypelist_for_implmode将被忽略。</translation>
    </message>
    <message>
      <source>opname_range {begin}..{end}: an end is not in the running graph, the range dumps nothing</source>
      <translation>opname_range {begin}..{end}：有一端不在运行的图中，该范围不会Dump任何数据</translation>
    </message>
    <message>
      <source>optypelist_for_implmode lists the operators that use op_select_implmode, which is not set; the adapter stops the process (LOG(FATAL)).</source>
      <translation>optypelist_for_implmode列出使用op_select_implmode的算子，但未设置op_select_implmode；TF Adapter会终止进程（LOG(FATAL)）。</translation>
    </message>
    <message>
      <source>optypelist_for_implmode names {unknown}; only {implmode_types} are supported.</source>
      <translation>optypelist_for_implmode 中写有 {unknown}；仅支持 {implmode_types}。</translation>
    </message>
    <message>
      <source>os.environ key `{expression}` is not a literal; not checked</source>
      <translation>os.environ的键`{expression}`不是字面量；不做检查</translation>
    </message>
    <message>
      <source>output</source>
      <translation>输出</translation>
    </message>
    <message>
      <source>output must not contain control characters such as \n or \t</source>
      <translation>output 不能包含 \n 或 \t 等控制字符</translation>
    </message>
    <message>
      <source>padded input elements</source>
      <translation>个填充后的输入元素</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>precision mode {value} ({source})</source>
      <translation>精度模式 {value}（{source}）</translation>
    </message>
    <message>
      <source>precision_mode and precision_mode_v2 cannot be used together; keep precision_mode_v2.</source>
      <translation>precision_mode与precision_mode_v2不能同时使用；请保留precision_mode_v2。</translation>
    </message>
    <message>
      <source>precision_mode force_fp16 only applies to online inference.</source>
      <translation>precision_mode为 force_fp16 仅适用于在线推理。</translation>
    </message>
    <message>
      <source>precision_mode_v2 cube_hif8 and mixed_hif8 are accepted by the adapter but documented as not supported yet; a fix or a run that relies on them is not confirmed to take effect.</source>
      <translation>precision_mode_v2 的 cube_hif8 和 mixed_hif8 会被适配器接受，但文档说明尚不支持；依赖它们的修复或运行无法确认会生效。</translation>
    </message>
    <message>
      <source>profiling_mode (priority over PROFILING_MODE)</source>
      <translation>profiling_mode（优先级高于PROFILING_MODE）</translation>
    </message>
    <message>
      <source>profiling_mode is on without profiling_options, so the collection settings are all defaults.</source>
      <translation>已开启profiling_mode但未配置profiling_options，因此所有采集设置均为默认值。</translation>
    </message>
    <message>
      <source>profiling_mode is on without profiling_options: the TF adapter then uses its default options (output ./, training_trace, task_time, hccl and aicpu on, aic_metrics PipeUtilization), so the profile lands in the working directory. The environment-variable reference asks for an output folder or ASCEND_WORK_PATH; the adapter does not need one here.</source>
      <translation>开启了profiling_mode但未设置profiling_options：TF Adapter会使用默认配置（output为./，training_trace、task_time、hccl和aicpu为on，aic_metrics为PipeUtilization），因此性能数据写入当前工作目录。环境变量文档要求配置output目录或ASCEND_WORK_PATH；此处TF Adapter并不需要。</translation>
    </message>
    <message>
      <source>profiling_mode overrides the PROFILING_MODE environment variable.</source>
      <translation>profiling_mode优先级高于环境变量PROFILING_MODE。</translation>
    </message>
    <message>
      <source>profiling_options (fp_point/bp_point note)</source>
      <translation>profiling_options（fp_point/bp_point的说明）</translation>
    </message>
    <message>
      <source>profiling_options (output)</source>
      <translation>profiling_options（output说明）</translation>
    </message>
    <message>
      <source>profiling_options has an unknown key {key!r}, which is ignored.{hint}</source>
      <translation>profiling_options 包含未知键 {key!r}，将被忽略。{hint}</translation>
    </message>
    <message>
      <source>profiling_options is only used when profiling_mode=True.</source>
      <translation>profiling_options仅在 profiling_mode=True 时生效。</translation>
    </message>
    <message>
      <source>profiling_options must be a JSON object such as {{"output":"/tmp/prof"}}: {reason}.</source>
      <translation>profiling_options 必须是 JSON 对象，例如 {{"output":"/tmp/prof"}}：{reason}。</translation>
    </message>
    <message>
      <source>profiling_options: aic_metrics {aic_metrics} is not supported on {here}.</source>
      <translation>profiling_options：aic_metrics {aic_metrics} 在 {here} 上不受支持。</translation>
    </message>
    <message>
      <source>profiling_options: instr_profiling_freq cannot be combined with {clashing}.</source>
      <translation>profiling_options：instr_profiling_freq 不能与 {clashing} 同时使用。</translation>
    </message>
    <message>
      <source>profiling_options: {deprecated}</source>
      <translation>profiling_options：{deprecated}</translation>
    </message>
    <message>
      <source>profiling_options: {key} is not supported on {here}.</source>
      <translation>profiling_options：{key} 在 {here} 上不受支持。</translation>
    </message>
    <message>
      <source>profiling_options: {problem}.</source>
      <translation>profiling_options：{problem}。</translation>
    </message>
    <message>
      <source>quant_dumpable only matters when data dump is on.</source>
      <translation>quant_dumpable仅在开启数据Dump时生效。</translation>
    </message>
    <message>
      <source>range {group!r} must start below its end</source>
      <translation>范围 {group!r} 的起始值必须小于结束值</translation>
    </message>
    <message>
      <source>range {group!r} runs backwards</source>
      <translation>范围 {group!r} 的起始值大于结束值</translation>
    </message>
    <message>
      <source>rank selects {ranks} but WORLD_SIZE is {world}: no process has such a rank, so nothing is dumped. msprobe does not check this.</source>
      <translation>rank 选择了 {ranks}，但 WORLD_SIZE 为 {world}：没有进程具有这些 rank，因此不会Dump任何数据。msprobe 不检查这一点。</translation>
    </message>
    <message>
      <source>rank {ranks} is not below WORLD_SIZE {world}: those ranks do not exist and dump nothing. msprobe does not check this.</source>
      <translation>rank {ranks} 不小于 WORLD_SIZE {world}：这些 rank 不存在，不会Dump任何数据。msprobe 不检查这一点。</translation>
    </message>
    <message>
      <source>rank {rank}</source>
      <translation>rank {rank}</translation>
    </message>
    <message>
      <source>rank {rank} of {ranks}</source>
      <translation>rank {rank}/{ranks}</translation>
    </message>
    <message>
      <source>reading the bench {name}</source>
      <translation>正在读取标杆 {name}</translation>
    </message>
    <message>
      <source>reading {name}</source>
      <translation>正在读取 {name}</translation>
    </message>
    <message>
      <source>reduce-overhead / npugraph_ex modes only: dump the original or the optimized graph.</source>
      <translation>仅用于reduce-overhead / npugraph_ex模式：Dump原始图或优化后的图。</translation>
    </message>
    <message>
      <source>reduced precision</source>
      <translation>降低精度</translation>
    </message>
    <message>
      <source>reference</source>
      <translation>参考数据</translation>
    </message>
    <message>
      <source>remain_cache_size_ratio is {value!r}; it must be a whole percentage in [1, 100]</source>
      <translation>remain_cache_size_ratio为 {value!r}；必须是[1, 100]内的整数百分比</translation>
    </message>
    <message>
      <source>replaced {count} file(s) already there (the first: {first})</source>
      <translation>替换了 {count} 个已存在的文件（第一个：{first}）</translation>
    </message>
    <message>
      <source>rule {rule} could not judge these values ({error}); fix the type errors first</source>
      <translation>规则 {rule} 无法判断这些取值（{error}）；请先修正类型错误</translation>
    </message>
    <message>
      <source>run the job again with the changed config, dump the same ops and compare: `ascend-dump compare BEFORE GOLDEN --after AFTER`; {ops} must no longer diverge or overflow</source>
      <translation>用修改后的配置重新运行作业，Dump相同的算子并比对：`ascend-dump compare BEFORE GOLDEN --after AFTER`；{ops} 应不再偏离或溢出</translation>
    </message>
    <message>
      <source>session options</source>
      <translation>session配置项</translation>
    </message>
    <message>
      <source>set_option's argument `{expression}` is not a dict literal; it is not checked</source>
      <translation>set_option 的参数 `{expression}` 不是字典字面量；不做检查</translation>
    </message>
    <message>
      <source>settings the run may or may not make are not written: {items}</source>
      <translation>本次运行可能设置也可能不设置的参数不会写出：{items}</translation>
    </message>
    <message>
      <source>shape_generalization_mode only applies when jit_compile is "true".</source>
      <translation>shape_generalization_mode仅在jit_compile为 "true" 时生效。</translation>
    </message>
    <message>
      <source>small MLP (MatMulV2, FastGelu) with deeply nested scope names: its dump file names exceed 255 bytes, so they are written hashed with mapping.csv rows</source>
      <translation>小型 MLP（MatMulV2、FastGelu），scope 名称嵌套很深：其 Dump 文件名超过 255 字节，因此以哈希名写出，并在 mapping.csv 中记录对应行</translation>
    </message>
    <message>
      <source>static_memory_policy "2: dynamic memory expansion supported by only static shape"</source>
      <translation>static_memory_policy “2：仅静态shape支持的内存动态扩展”</translation>
    </message>
    <message>
      <source>static_memory_policy "If this option is set to 3 or 4, memory gains are generated, but performance may deteriorate"</source>
      <translation>static_memory_policy “设置为3或4时可节省内存，但性能可能下降”</translation>
    </message>
    <message>
      <source>static_memory_policy 1 is only kept for compatibility and behaves as 2.</source>
      <translation>static_memory_policy为 1 仅为兼容保留，行为与 2 相同。</translation>
    </message>
    <message>
      <source>static_memory_policy 2 expands memory for static shapes only (use 3 or 4 for dynamic shapes)</source>
      <translation>static_memory_policy为2时仅对静态shape进行内存动态扩展（动态shape请使用3或4）</translation>
    </message>
    <message>
      <source>static_memory_policy 2 or 4 cannot be used while several graphs run concurrently (graph_max_parallel_model_num &gt; 1).</source>
      <translation>多张图并发执行时（graph_max_parallel_model_num &gt; 1），static_memory_policy不能为 2 或 4。</translation>
    </message>
    <message>
      <source>static_memory_policy 3 or 4 saves memory, but performance may deteriorate.</source>
      <translation>static_memory_policy为3或4时可节省内存，但性能可能下降。</translation>
    </message>
    <message>
      <source>statistics</source>
      <translation>统计值</translation>
    </message>
    <message>
      <source>statistics / nan_check: calls whose full tensors are saved as well.</source>
      <translation>statistics / nan_check：同时保存完整 Tensor 的调用。</translation>
    </message>
    <message>
      <source>statistics, md5 (CRC-32 of each tensor) or xor.</source>
      <translation>statistics、md5（每个 Tensor 的 CRC-32）或 xor。</translation>
    </message>
    <message>
      <source>step {step}</source>
      <translation>第 {step} 个 step</translation>
    </message>
    <message>
      <source>step {step} of {steps}</source>
      <translation>第 {step} 个 step（共 {steps} 个）</translation>
    </message>
    <message>
      <source>step {step}: {error}; the process exits</source>
      <translation>step {step}：{error}；进程退出</translation>
    </message>
    <message>
      <source>storage_limit {value!r} must be 200MB..4294967295MB, unit included</source>
      <translation>storage_limit {value!r} 必须在 200MB..4294967295MB 之间，并带单位</translation>
    </message>
    <message>
      <source>stream_max_parallel_num "This parameter applies only to neural machine translation (NMT) networks"</source>
      <translation>stream_max_parallel_num “该参数仅适用于神经机器翻译（NMT）网络”</translation>
    </message>
    <message>
      <source>stream_max_parallel_num applies only to neural machine translation (NMT) networks.</source>
      <translation>stream_max_parallel_num仅适用于神经机器翻译（NMT）网络。</translation>
    </message>
    <message>
      <source>stream_max_parallel_num must be ENGINE:N pairs separated by commas, e.g. DNN_VM_AICPU:10,AIcoreEngine:1.</source>
      <translation>stream_max_parallel_num必须为以逗号分隔的 ENGINE:N，例如 DNN_VM_AICPU:10,AIcoreEngine:1。</translation>
    </message>
    <message>
      <source>stream_sync_timeout is {stream_ms} ms but {origin} is {hccl} s; in a cluster the stream timeout must be longer than the collective timeout.</source>
      <translation>stream_sync_timeout 为 {stream_ms} ms，而 {origin} 为 {hccl} s；在集群中 stream 超时时间必须长于集合通信超时时间。</translation>
    </message>
    <message>
      <source>strings must use double quotes</source>
      <translation>字符串必须使用双引号</translation>
    </message>
    <message>
      <source>tanh form x / (1 + exp(-1.5957691 (x + 0.044715 x^3)))</source>
      <translation>tanh形式 x / (1 + exp(-1.5957691 (x + 0.044715 x^3)))</translation>
    </message>
    <message>
      <source>task "{task}" is still in older msprobe documents but msprobe 26.2.0 no longer accepts it ("task is invalid") and stops: {advice}.</source>
      <translation>task "{task}" 仍出现在较早的 msprobe 文档中，但 msprobe 26.2.0 已不再接受（"task is invalid"）并停止：{advice}。</translation>
    </message>
    <message>
      <source>task exception_dump exists for MindSpore only; PyTorch's PrecisionDebugger refuses it at start-up ("task &lt;exception_dump&gt; is invalid"; its tasks: {tasks}). {said}</source>
      <translation>task exception_dump仅适用于MindSpore；PyTorch的PrecisionDebugger在启动时拒绝它（"task &lt;exception_dump&gt; is invalid"；其task为：{tasks}）。{said}</translation>
    </message>
    <message>
      <source>task nan_check checks outputs; data_mode with "input" but without "output" is refused.</source>
      <translation>task nan_check 检查输出；data_mode 含 "input" 但不含 "output" 时会被拒绝。</translation>
    </message>
    <message>
      <source>task nan_check needs level L1; msprobe refuses level {level}.</source>
      <translation>task nan_check 需要 level L1；msprobe 会拒绝 level {level}。</translation>
    </message>
    <message>
      <source>task nan_check runs only where torch_npu can be imported (an NPU machine); elsewhere msprobe refuses it.</source>
      <translation>task nan_check 只能在可导入 torch_npu 的环境（NPU 机器）中运行；其他环境中 msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>task structure with level {level}: msprobe switches to level mix without saying so in the dump.</source>
      <translation>task structure 搭配 level {level}：msprobe 会改用 level mix，且不会在Dump结果中说明。</translation>
    </message>
    <message>
      <source>task {task} is for PyTorch; MindSpore's PrecisionDebugger accepts only {tasks} and stops ("task is invalid."). {said}</source>
      <translation>task {task}适用于PyTorch；MindSpore的PrecisionDebugger只接受{tasks}，否则停止（"task is invalid."）。{said}</translation>
    </message>
    <message>
      <source>tensor dumps operator data; stats writes per-operator statistics to .csv files, which is much smaller for large jobs.</source>
      <translation>tensor 表示Dump算子数据；stats 表示将每个算子的统计数据写入 .csv 文件，对大型作业而言数据量小得多。</translation>
    </message>
    <message>
      <source>tensor task: a bench dump to dump against.</source>
      <translation>tensor 任务：作为对照的标杆Dump。</translation>
    </message>
    <message>
      <source>tensor: full operator data; stats: per-tensor statistics written as .csv.</source>
      <translation>tensor：完整的算子数据；stats：以 .csv 格式写入的每个Tensor的统计数据。</translation>
    </message>
    <message>
      <source>tensor: operator data; stats: statistics in .csv files (quicker for large runs).</source>
      <translation>tensor：算子数据；stats：写入 .csv 文件的统计数据（大规模运行时更快）。</translation>
    </message>
    <message>
      <source>tensor: operator data; stats: statistics in .csv files.</source>
      <translation>tensor：算子数据；stats：写入 .csv 文件的统计数据。</translation>
    </message>
    <message>
      <source>tensor_list has no effect at level debug; msprobe ignores it.</source>
      <translation>level debug 下 tensor_list 不起作用；msprobe 会忽略。</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/kernels/geop_npu.cc (GeOp::CheckAndModifyPrecisionMode returns an internal error)</source>
      <translation>TensorFlow适配源码 tf_adapter/kernels/geop_npu.cc（GeOp::CheckAndModifyPrecisionMode返回内部错误）</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/optimizers/om_partition_subgraphs_pass.cc ("iterations_per_loop only support 1 in lazy_recompile mode")</source>
      <translation>TensorFlow适配源码 tf_adapter/optimizers/om_partition_subgraphs_pass.cc（`iterations_per_loop only support 1 in lazy_recompile mode`：lazy_recompile模式下iterations_per_loop只能为1）</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/optimizers/om_partition_subgraphs_pass.cc ("mix_compile_mode must be True when use in_out_pair")</source>
      <translation>TensorFlow适配源码 tf_adapter/optimizers/om_partition_subgraphs_pass.cc（`mix_compile_mode must be True when use in_out_pair`：使用in_out_pair时mix_compile_mode必须为True）</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/util/npu_attrs.cc (SetNpuOptimizerAttr: "when use optypelist_for_implmode, op_select_implmode must be set")</source>
      <translation>TensorFlow适配源码 tf_adapter/util/npu_attrs.cc（SetNpuOptimizerAttr：`when use optypelist_for_implmode, op_select_implmode must be set`：使用optypelist_for_implmode时必须设置op_select_implmode）</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/util/npu_attrs.cc (SetNpuOptimizerAttr: modify_mixlist returns errors::Internal)</source>
      <translation>TensorFlow适配源码 tf_adapter/util/npu_attrs.cc（SetNpuOptimizerAttr：modify_mixlist返回errors::Internal）</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/util/npu_attrs.cc (kPrecisionModeV2List)</source>
      <translation>TensorFlow源码 tf_adapter/util/npu_attrs.cc（kPrecisionModeV2List）</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/util/npu_attrs.cc (profiling_default_options)</source>
      <translation>TensorFlow适配源码 tf_adapter/util/npu_attrs.cc（profiling_default_options）</translation>
    </message>
    <message>
      <source>tensorflow tf_adapter/util/npu_attrs.cc (profiling_options read with profiling_mode)</source>
      <translation>TensorFlow适配源码 tf_adapter/util/npu_attrs.cc（与profiling_mode一起读取的profiling_options）</translation>
    </message>
    <message>
      <source>the AOE working folder</source>
      <translation>AOE工作目录</translation>
    </message>
    <message>
      <source>the NPU output holds {count} elements, the replay {expected}</source>
      <translation>NPU输出有 {count} 个元素，重放结果有 {expected} 个</translation>
    </message>
    <message>
      <source>the [op_compiler_cache] header line is missing</source>
      <translation>缺少[op_compiler_cache]标题行</translation>
    </message>
    <message>
      <source>the budget is not finite at {count} elements where the replay is: not judged</source>
      <translation>在 {count} 个重放结果为有限值的元素上误差预算不是有限值：不做判定</translation>
    </message>
    <message>
      <source>the call {api} is not covered by the replay</source>
      <translation>重放不支持调用 {api}</translation>
    </message>
    <message>
      <source>the config enables no dump (empty dump_list, dump_op_switch and dump_debug off, no dump_scene): the runtime accepts it and writes nothing</source>
      <translation>此配置没有开启任何 Dump（dump_list 为空，dump_op_switch 和 dump_debug 关闭，没有 dump_scene）：Runtime 接受该配置，但不写出任何文件</translation>
    </message>
    <message>
      <source>the config given is {kind}, not {framework}</source>
      <translation>给出的配置是 {kind}，不是 {framework}</translation>
    </message>
    <message>
      <source>the dump holds no inputs of this op and no graph names its producers</source>
      <translation>Dump中没有该算子的输入，也没有图给出其来源算子</translation>
    </message>
    <message>
      <source>the dump holds no inputs of this op, and its input {ref} was not dumped either (dump_mode all keeps every input)</source>
      <translation>Dump中没有该算子的输入，其输入 {ref} 也没有被Dump（dump_mode 为 all 时会保留所有输入）</translation>
    </message>
    <message>
      <source>the dump holds no outputs of this op (dump_mode input)</source>
      <translation>Dump中没有该算子的输出（dump_mode 为 input）</translation>
    </message>
    <message>
      <source>the dump.json entry of '{name}' is not an object</source>
      <translation>dump.json 中 '{name}' 的条目不是对象</translation>
    </message>
    <message>
      <source>the dumped arguments do not fit {api}: {problem}</source>
      <translation>Dump的参数与 {api} 不符：{problem}</translation>
    </message>
    <message>
      <source>the environment variables the script sets ({names}) are not written</source>
      <translation>脚本设置的环境变量（{names}）不会写入</translation>
    </message>
    <message>
      <source>the error bound of a {dtype} sum of {order} ({n} roundings in a chain at unit roundoff {u}) reaches the output's own magnitude</source>
      <translation>{dtype} 求和（{order}）的误差上界（单位舍入误差 {u} 下连续 {n} 次舍入）达到了输出自身的量级</translation>
    </message>
    <message>
      <source>the error bound of a {dtype} sum of {order} (±{bound} as a norm) reaches the replay's own magnitude ({norm})</source>
      <translation>{dtype} 求和（{order}）的误差上界（范数为 ±{bound}）达到了重放结果自身的量级（{norm}）</translation>
    </message>
    <message>
      <source>the exact result leaves {dtype}'s range [{lo}, {hi}] at {count} elements and the op's overflow behaviour is not documented: not judged</source>
      <translation>精确结果在 {count} 个元素上超出 {dtype} 的范围 [{lo}, {hi}]，且该算子的溢出行为没有文档说明：不做判定</translation>
    </message>
    <message>
      <source>the exception dump folder</source>
      <translation>异常算子Dump目录</translation>
    </message>
    <message>
      <source>the file changed size while being read</source>
      <translation>读取期间文件大小发生了变化</translation>
    </message>
    <message>
      <source>the first divergence needs the golden run</source>
      <translation>查找首个偏差需要标杆运行</translation>
    </message>
    <message>
      <source>the golden folder {folder} already holds {count} .npy file(s) of an earlier run: a compare against it lists them as unmatched (give each run its own golden folder)</source>
      <translation>标杆数据目录 {folder} 中已有之前运行的 {count} 个 .npy 文件：与其比对时它们会列为未匹配（请为每次运行使用单独的标杆数据目录）</translation>
    </message>
    <message>
      <source>the inputs or attributes do not fit {op_type}: {problem}</source>
      <translation>输入或属性与 {op_type} 不符：{problem}</translation>
    </message>
    <message>
      <source>the kernel_meta folder (operator debug files)</source>
      <translation>kernel_meta目录（算子调试文件）</translation>
    </message>
    <message>
      <source>the log folder</source>
      <translation>日志目录</translation>
    </message>
    <message>
      <source>the op has no inputs (a data or constant op)</source>
      <translation>该算子没有输入（数据或常量算子）</translation>
    </message>
    <message>
      <source>the op's enable_hf32 attribute (graph) computes it in HF32</source>
      <translation>算子的 enable_hf32 属性（计算图）让其以 HF32 计算</translation>
    </message>
    <message>
      <source>the op's output was dumped in {dumped}, its own dtype is {own}: it ran at reduced precision ({verdict} at {dumped}: {reason})</source>
      <translation>该算子的输出以 {dumped} Dump，其自身数据类型为 {own}：它以降低的精度运行（在 {dumped} 下{verdict}：{reason}）</translation>
    </message>
    <message>
      <source>the operator compile cache folder</source>
      <translation>算子编译缓存目录</translation>
    </message>
    <message>
      <source>the operator compile cache folder (op_compiler_cache_dir &gt; ${ASCEND_CACHE_PATH}/kernel_cache &gt; $HOME/atc_data)</source>
      <translation>算子编译缓存目录（op_compiler_cache_dir &gt; ${ASCEND_CACHE_PATH}/kernel_cache &gt; $HOME/atc_data）</translation>
    </message>
    <message>
      <source>the parameter_map key `{expression}` is not a literal; this line is not checked</source>
      <translation>parameter_map的键`{expression}`不是字面量；不检查该行</translation>
    </message>
    <message>
      <source>the profiling output folder</source>
      <translation>Profiling输出目录</translation>
    </message>
    <message>
      <source>the profiling settings</source>
      <translation>Profiling采集配置</translation>
    </message>
    <message>
      <source>the remote folder in dump_path contains {bad}; only ASCII letters, digits and -=[];\,./!@#$%^&amp;*()_+{{}}:? are allowed (EP0003).</source>
      <translation>dump_path 中的远端目录包含 {bad}；只允许ASCII字母、数字和 -=[];\,./!@#$%^&amp;*()_+{{}}:?（EP0003）。</translation>
    </message>
    <message>
      <source>the replay has {count} non-finite values for a {dtype} output</source>
      <translation>对 {dtype} 输出，重放结果有 {count} 个非有限值</translation>
    </message>
    <message>
      <source>the replay is not an integer everywhere: {dtype} rounding of this op is not covered</source>
      <translation>重放结果并非处处为整数：不支持此算子的 {dtype} 舍入</translation>
    </message>
    <message>
      <source>the run cannot be replayed</source>
      <translation>该运行无法重放</translation>
    </message>
    <message>
      <source>the run cannot decide it</source>
      <translation>本次运行无法确定它</translation>
    </message>
    <message>
      <source>the run's precision mode is unknown (give --precision-mode, --config or --product)</source>
      <translation>运行的精度模式未知（请给出 --precision-mode、--config 或 --product）</translation>
    </message>
    <message>
      <source>the runtime does not read it</source>
      <translation>运行时不会读取它</translation>
    </message>
    <message>
      <source>the runtime ignores unknown keys</source>
      <translation>运行时会忽略未知的键</translation>
    </message>
    <message>
      <source>the runtime needs an existing, writable folder on the machine that runs the model (EP0003 otherwise).</source>
      <translation>运行时要求在运行模型的机器上存在一个可写的目录（否则报 EP0003）。</translation>
    </message>
    <message>
      <source>the runtime rejects unknown options</source>
      <translation>运行时会拒绝未知配置项</translation>
    </message>
    <message>
      <source>the runtime writes no dump files: dump_step {dump_step} selects none of the {count} step(s) run (0 to {last}); run more steps or change dump_step</source>
      <translation>Runtime 不会写出 Dump 文件：dump_step {dump_step} 没有选中运行的 {count} 个 step（0 到 {last}）中的任何一个；请运行更多 step 或修改 dump_step</translation>
    </message>
    <message>
      <source>the runtime writes no dump files: no dump folder on this machine (a remote path or none)</source>
      <translation>Runtime 不会写出 Dump 文件：本机上没有 Dump目录（为远端路径或未设置）</translation>
    </message>
    <message>
      <source>the runtime writes no dump files: no op of this model is in the config's layer list ({layers})</source>
      <translation>Runtime 不会写出 Dump 文件：该模型没有算子在配置的 layer 列表（{layers}）中</translation>
    </message>
    <message>
      <source>the runtime writes no dump files: no op of this model matches what the config selects</source>
      <translation>Runtime 不会写出 Dump 文件：该模型没有算子符合配置选择的条件</translation>
    </message>
    <message>
      <source>the runtime writes no dump files: overflow detection is on and no op overflowed</source>
      <translation>Runtime 不会写出 Dump 文件：已开启溢出检测，但没有算子溢出</translation>
    </message>
    <message>
      <source>the runtime writes no dump files: the config dumps nothing ({reasons})</source>
      <translation>Runtime 不会写出 Dump 文件：此配置不 Dump 任何内容（{reasons}）</translation>
    </message>
    <message>
      <source>the runtime writes no dump files: the config turns no dump on</source>
      <translation>Runtime 不会写出 Dump 文件：此配置没有开启任何 Dump</translation>
    </message>
    <message>
      <source>the set_option key `{expression}` is not a literal; this option is not checked</source>
      <translation>set_option 的键 `{expression}` 不是字面量；不检查该配置项</translation>
    </message>
    <message>
      <source>the steps make {groups} groups; dump_step holds at most 100 (the runtime refuses more): capture fewer steps or consecutive ones</source>
      <translation>这些step组成 {groups} 组；dump_step 最多容纳 100 组（运行时会拒绝更多）：请采集更少或连续的step</translation>
    </message>
    <message>
      <source>the {dtype} op computed at {precision}{said}: {reason}; {why}</source>
      <translation>该 {dtype} 算子以 {precision} 计算{said}：{reason}；{why}</translation>
    </message>
    <message>
      <source>the {length}-byte header is not a valid DumpData protobuf (corrupt or not a dump file)</source>
      <translation>{length} 字节的头部不是有效的 DumpData protobuf（文件已损坏或不是 Dump 文件）</translation>
    </message>
    <message>
      <source>the {side} input is an msprobe dump (dump.json) and the {other_side} input {other} is not: the two formats cannot be compared with each other; choose two msprobe dumps, or GE/ACL dumps with their golden .npy files</source>
      <translation>{side}输入是msprobe的Dump数据（dump.json），而{other_side}输入 {other} 不是：两种格式不同，无法相互比对；请选择两份msprobe的Dump数据，或GE/ACL的Dump数据及其标杆 .npy 文件</translation>
    </message>
    <message>
      <source>this output is not in the dump</source>
      <translation>Dump中没有该输出</translation>
    </message>
    <message>
      <source>torch.compile uses backend "{backend}", not torchair.get_npu_backend(compiler_config=...), so dump_config is never read.</source>
      <translation>torch.compile 使用的 backend 是 "{backend}" 而不是 torchair.get_npu_backend(compiler_config=...)，因此 dump_config 不会被读取。</translation>
    </message>
    <message>
      <source>torch.ops namespaces whose operators are dumped too (default _C_ascend).</source>
      <translation>其算子也需要Dump的 torch.ops 命名空间（默认 _C_ascend）。</translation>
    </message>
    <message>
      <source>torch_npu (Python)</source>
      <translation>torch_npu（Python脚本）</translation>
    </message>
    <message>
      <source>torch_npu has no per-op precision option: ACL_PRECISION_MODE must_keep_origin_dtype keeps float32 ops in float32 (allow_fp32_to_fp16 lowered {ops})</source>
      <translation>torch_npu 没有逐算子的精度配置项：ACL_PRECISION_MODE 设为 must_keep_origin_dtype 可让 float32 算子保持 float32（allow_fp32_to_fp16 降低了 {ops} 的精度）</translation>
    </message>
    <message>
      <source>torch_npu precision options in a PyTorch script: set_option and the HF32 switches.</source>
      <translation>PyTorch脚本中的torch_npu精度配置项：set_option 与 HF32 开关。</translation>
    </message>
    <message>
      <source>torch_npu.npu.conv.allow_hf32: float32 convolutions compute in HF32. Default True.</source>
      <translation>torch_npu.npu.conv.allow_hf32：float32 卷积以 HF32 计算。默认值为 True。</translation>
    </message>
    <message>
      <source>torch_npu.npu.matmul.allow_hf32: float32 matrix multiplications compute in HF32 (a float32 input rounded to 11 mantissa bits). Default False.</source>
      <translation>torch_npu.npu.matmul.allow_hf32：float32 矩阵乘以 HF32 计算（float32 输入舍入到 11 位尾数）。默认值为 False。</translation>
    </message>
    <message>
      <source>torch_npu.npu.set_option({"ACL_PRECISION_MODE": ...}): allow_fp32_to_fp16 lets float32 operators run in float16 where the kernel lacks float32; must_keep_origin_dtype keeps every operator in its dtype. Unset: the product's default.</source>
      <translation>torch_npu.npu.set_option({"ACL_PRECISION_MODE": ...})：allow_fp32_to_fp16 让kernel不支持 float32 的 float32 算子以 float16 运行；must_keep_origin_dtype 让每个算子保持其数据类型。未设置时：产品默认值。</translation>
    </message>
    <message>
      <source>torchair (Python)</source>
      <translation>torchair（Python）</translation>
    </message>
    <message>
      <source>torchair checks it when the script assigns it (FileNotFoundError), so it must exist on the machine that runs.</source>
      <translation>torchair在脚本赋值时即检查该目录（FileNotFoundError），因此它必须在运行的机器上存在。</translation>
    </message>
    <message>
      <source>torchair lets it through; GE then refuses the options (E10001).</source>
      <translation>torchair放行该值；随后GE拒绝这些配置项（E10001）。</translation>
    </message>
    <message>
      <source>torchair mode {mode}: the dump_config options only take effect in max-autotune mode; nothing is dumped</source>
      <translation>torchair 模式为 {mode}：dump_config 配置项只在 max-autotune 模式下生效；不会Dump任何数据</translation>
    </message>
    <message>
      <source>torchair's compile mode ({mode}) is not written</source>
      <translation>torchair 的编译模式（{mode}）不会写入</translation>
    </message>
    <message>
      <source>torchair's dump_layer accepts only letters, digits, _, space, /, \ and . in a name: {name} is refused</source>
      <translation>torchair 的 dump_layer 在名称中只接受字母、数字、_、空格、/、\ 和 .：{name} 会被拒绝</translation>
    </message>
    <message>
      <source>torchair.CompilerConfig().dump_config.* lines in a PyTorch script (graph mode).</source>
      <translation>PyTorch脚本（图模式）中的 torchair.CompilerConfig().dump_config.* 语句。</translation>
    </message>
    <message>
      <source>torchair: operator input/output dump in graph mode</source>
      <translation>torchair：算子输入输出dump功能（图模式）</translation>
    </message>
    <message>
      <source>trailing comma (the runtime's parser refuses it)</source>
      <translation>多余的结尾逗号（运行时的解析器会拒绝）</translation>
    </message>
    <message>
      <source>trailing comma before '{bracket}' (the runtime's parser refuses it)</source>
      <translation>'{bracket}' 前有多余的逗号（运行时的解析器会拒绝）</translation>
    </message>
    <message>
      <source>true or false</source>
      <translation>true 或 false</translation>
    </message>
    <message>
      <source>truncated or inconsistent: {tensor} declares {size} bytes at offset {offset}, but the file has {file_size} bytes</source>
      <translation>文件被截断或不一致：{tensor} 声明在偏移 {offset} 处有 {size} 字节，但文件只有 {file_size} 字节</translation>
    </message>
    <message>
      <source>tune_optimization_level is {level!r}; use O1 (high performance) or O2 (normal).</source>
      <translation>tune_optimization_level 为 {level!r}；请使用 O1（高性能）或 O2（普通）。</translation>
    </message>
    <message>
      <source>type unknown</source>
      <translation>类型未知</translation>
    </message>
    <message>
      <source>type|trigger|ratio such as fast|step|0.9: run part of training at lower precision (fast = float16, fast1 = bf16), split by step (0.2-0.9) or loss (1.01-1.5).</source>
      <translation>格式为 type|trigger|ratio，例如 fast|step|0.9：部分训练以低精度运行（fast = float16，fast1 = bf16），按step（0.2-0.9）或loss（1.01-1.5）划分。</translation>
    </message>
    <message>
      <source>unknown framework '{framework}'; choose one of {choices}</source>
      <translation>未知框架 '{framework}'；请从 {choices} 中选择</translation>
    </message>
    <message>
      <source>unknown scenario {scenario!r}; known: {scenarios}</source>
      <translation>未知场景 {scenario!r}；已知场景：{scenarios}</translation>
    </message>
    <message>
      <source>unsupported</source>
      <translation>不支持</translation>
    </message>
    <message>
      <source>use_off_line=False runs the graph on the host CPU, so no NPU operator data is dumped.</source>
      <translation>use_off_line=False 时图在Host侧CPU上运行，因此不会Dump任何NPU算子数据。</translation>
    </message>
    <message>
      <source>variable_placement constraint 2</source>
      <translation>variable_placement的约束2</translation>
    </message>
    <message>
      <source>variable_placement=Host requires mixed computing (mix_compile_mode=True).</source>
      <translation>variable_placement=Host 需要开启混合计算（mix_compile_mode=True）。</translation>
    </message>
    <message>
      <source>velocity head: sensor-frame positions (8 tracks x 65 samples at 100 Hz) + a 96 m frame origin (Add), finite-difference velocity (MatMulV2), dense Relu, dense, SoftmaxV2. velocity/MatMul diverges when it runs in float16/bfloat16 (mixed precision): its inputs (76-116 m, moving 1-3 cm per sample) keep 3 (float16) or 2 (bfloat16) significant digits, so the differences of neighbours are rounding noise; world_frame/Add (float32 in mixed modes) and the rounded inputs still match the golden</source>
      <translation>速度头：传感器坐标系下的位置（8 条轨迹 x 65 个采样点，100 Hz）加上 96 m 的坐标系原点（Add）、有限差分速度（MatMulV2）、dense Relu、dense、SoftmaxV2。velocity/MatMul 以 float16/bfloat16 运行（混合精度）时会偏离：其输入（76-116 m，每个采样点移动 1-3 cm）只保留 3 位（float16）或 2 位（bfloat16）有效数字，因此相邻值之差只是舍入噪声；world_frame/Add（混合精度模式下为 float32）和舍入后的输入仍与标杆数据一致</translation>
    </message>
    <message>
      <source>warning</source>
      <translation>警告</translation>
    </message>
    <message>
      <source>warning: msprobe matches list entries by substring: {name} also captures {others}; to capture only what you mean, list the full names instead, e.g. {exact}</source>
      <translation>警告：msprobe 按子串匹配列表项：{name} 也会采集 {others}；若只想采集目标，请改为列出完整名称，例如 {exact}</translation>
    </message>
    <message>
      <source>warning: {script} passes {key}={value!r} to PrecisionDebugger, which msprobe takes over config.json (the capture needs {key}={wanted!r}): change that argument too (the script change proposed beside the config does)</source>
      <translation>警告：{script} 向 PrecisionDebugger 传入 {key}={value!r}，msprobe 会以它为准而不采用 config.json（采集需要 {key}={wanted!r}）：请同时修改该参数（配置旁建议的脚本修改已包含这一点）</translation>
    </message>
    <message>
      <source>where DUMP_GE_GRAPH writes graphs</source>
      <translation>DUMP_GE_GRAPH图Dump的存放目录</translation>
    </message>
    <message>
      <source>window elements</source>
      <translation>个窗口元素</translation>
    </message>
    <message>
      <source>window sum in the input dtype, one window element after another, one division</source>
      <translation>以输入数据类型逐个累加窗口元素求和，一次除法</translation>
    </message>
    <message>
      <source>with {args}: {message}</source>
      <translation>使用 {args} 时：{message}</translation>
    </message>
    <message>
      <source>work_path and aoe_config_file only matter when AOE tuning is on (aoe_mode or AOE_MODE).</source>
      <translation>work_path和aoe_config_file仅在开启AOE调优时生效（aoe_mode或AOE_MODE）。</translation>
    </message>
    <message>
      <source>writing the demo config</source>
      <translation>正在写入演示配置</translation>
    </message>
    <message>
      <source>x - max in the input dtype, exp/sum/div in float32, one rounding to the output dtype</source>
      <translation>x - max 使用输入数据类型，exp/sum/div 使用float32，一次舍入到输出数据类型</translation>
    </message>
    <message>
      <source>x - max in the input dtype, sum of exp in float32, log, one rounding</source>
      <translation>x - max 使用输入数据类型，exp之和使用float32，取log，一次舍入</translation>
    </message>
    <message>
      <source>x / (1 + exp(-1.702 x))</source>
      <translation>x / (1 + exp(-1.702 x))</translation>
    </message>
    <message>
      <source>x^2 summed in float32, rstd as a float32 scalar, gamma multiplied in float32, one rounding</source>
      <translation>x^2 以float32求和，rstd为float32标量，以float32乘gamma，一次舍入</translation>
    </message>
    <message>
      <source>{api} of a vector is not covered</source>
      <translation>不支持对向量的 {api}</translation>
    </message>
    <message>
      <source>{api} with dtype={dtype} is not covered</source>
      <translation>不支持dtype={dtype} 的 {api}</translation>
    </message>
    <message>
      <source>{api} with {count} positional arguments</source>
      <translation>不支持带 {count} 个位置参数的 {api}</translation>
    </message>
    <message>
      <source>{api} without dim is not covered</source>
      <translation>不支持不带dim的 {api}</translation>
    </message>
    <message>
      <source>{artifact} goes to the remote host {path} ({decided_by}); nothing is written locally for it</source>
      <translation>{artifact} 写到远端主机 {path}（由 {decided_by} 决定）；本机不会为它写出任何文件</translation>
    </message>
    <message>
      <source>{bad!r} in dynamic_inputs_shape_range is not a bracketed list of sizes, a~b ranges or -1 (no space before the bracket).</source>
      <translation>dynamic_inputs_shape_range 中的 {bad!r} 不是由方括号括起的尺寸、a~b 范围或 -1 的列表（方括号前不能有空格）。</translation>
    </message>
    <message>
      <source>{bad} of {size} elements exceed the budget (worst at {at}: NPU {npu}, replay {replay}, {allowed})</source>
      <translation>{size} 个元素中有 {bad} 个超出误差预算（最差处 {at}：NPU {npu}，重放 {replay}，{allowed}）</translation>
    </message>
    <message>
      <source>{count} elements beyond {dtype}'s range saturate to [{lo}, {hi}] (Ascend saturates integer overflow)</source>
      <translation>{count} 个超出 {dtype} 范围的元素饱和到 [{lo}, {hi}]（昇腾对整数溢出做饱和处理）</translation>
    </message>
    <message>
      <source>{count} groups; at most {limit} are allowed</source>
      <translation>共 {count} 个分组；最多允许 {limit} 个</translation>
    </message>
    <message>
      <source>{count} op(s) upstream within {levels} producer level(s), from the {how}: {names}</source>
      <translation>上游 {levels} 层生产者范围内的 {count} 个算子（来自{how}）：{names}</translation>
    </message>
    <message>
      <source>{count} terms added in sequence</source>
      <translation>{count} 项依次相加</translation>
    </message>
    <message>
      <source>{count} terms in blocks of {block} summed as a binary tree, the blocks in sequence</source>
      <translation>{count} 项按每块 {block} 项以二叉树求和，各块依次相加</translation>
    </message>
    <message>
      <source>{dtype} accumulation, one rounding to the output dtype</source>
      <translation>{dtype} 累加，一次舍入到输出数据类型</translation>
    </message>
    <message>
      <source>{file}: not enough memory to load it</source>
      <translation>{file}：内存不足，无法加载</translation>
    </message>
    <message>
      <source>{file}: not enough memory to load {tensor}</source>
      <translation>{file}：内存不足，无法加载 {tensor}</translation>
    </message>
    <message>
      <source>{framework} has no rank selection: run the job with this config on rank(s) {ranks}</source>
      <translation>{framework} 无法选择rank：请在rank {ranks} 上用此配置运行作业</translation>
    </message>
    <message>
      <source>{group} must be an object of pass names to "on"/"off"</source>
      <translation>{group} 必须是从 pass 名称到 "on"/"off" 的对象</translation>
    </message>
    <message>
      <source>{group}.{name} is {state!r}; use "on" or "off"</source>
      <translation>{group}.{name} 为 {state!r}；请使用 "on" 或 "off"</translation>
    </message>
    <message>
      <source>{keys} apply only to task tensor or statistics at level L0, L1 or mix; msprobe drops them.</source>
      <translation>{keys} 仅适用于 level L0、L1 或 mix 下的 task tensor 或 statistics；msprobe 会丢弃。</translation>
    </message>
    <message>
      <source>{keys} are not read by task {task}; they change nothing.</source>
      <translation>task {task} 不读取 {keys}；这些配置项不起作用。</translation>
    </message>
    <message>
      <source>{keys} inside "dump": not options this app edits; saving this file keeps them as written.</source>
      <translation>"dump" 中的 {keys}：不是本应用编辑的配置项；保存此文件时按原样保留。</translation>
    </message>
    <message>
      <source>{keys} sit at the top level; the runtime only reads them inside "dump": {{...}}, so nothing is dumped.</source>
      <translation>{keys}位于顶层；运行时只读取"dump": {{...}}中的配置项，因此不会Dump任何数据。</translation>
    </message>
    <message>
      <source>{keys}: not dump settings; saving this file keeps them as they are, in their place.</source>
      <translation>{keys}：不是 Dump 设置；保存此文件时按原样保留在原位置。</translation>
    </message>
    <message>
      <source>{key} (only when {condition})</source>
      <translation>{key}（仅当 {condition} 时）</translation>
    </message>
    <message>
      <source>{key} ({name}): {message}</source>
      <translation>{key}（{name}）：{message}</translation>
    </message>
    <message>
      <source>{key} appears more than once; the runtime keeps the last one.</source>
      <translation>{key}出现了多次；运行时以最后一个为准。</translation>
    </message>
    <message>
      <source>{key} applies to {modes} only, not to {mode}.</source>
      <translation>{key} 仅适用于 {modes}，不适用于 {mode}。</translation>
    </message>
    <message>
      <source>{key} came to the TF Adapter after CANN {after} (9.0.0 reads it); the adapter of CANN {version} never looks the key up, so it is ignored. {said}</source>
      <translation>{key}在CANN {after}之后才加入TF Adapter（9.0.0读取它）；CANN {version}的Adapter不会读取该键，因此被忽略。{said}</translation>
    </message>
    <message>
      <source>{key} came to the TF Adapter after CANN {after} and 9.0.0 reads it; whether CANN {version} reads it is not known (no public history covers 8.x): if not, it is ignored. {said}</source>
      <translation>{key}在CANN {after}之后才加入TF Adapter，9.0.0读取它；CANN {version}是否读取未知（8.x没有公开的历史记录）：若不读取，则被忽略。{said}</translation>
    </message>
    <message>
      <source>{key} does not apply to {mode}, which graph_run_mode={graph_run_mode} selects; it is ignored.</source>
      <translation>{key} 不适用于 graph_run_mode={graph_run_mode} 所选的 {mode}；将被忽略。</translation>
    </message>
    <message>
      <source>{key} element "{text}" is beyond {limit}; msprobe refuses it.</source>
      <translation>{key} 元素 "{text}" 超过 {limit}；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>{key} element "{text}" is neither an integer nor a range such as "3-5"; msprobe refuses it.</source>
      <translation>{key} 元素 "{text}" 既不是整数也不是 "3-5" 这样的范围；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>{key} element {element!r} must be an integer or a string such as "4-7"; msprobe refuses the config.</source>
      <translation>{key} 元素 {element!r} 必须是整数或 "4-7" 这样的字符串；msprobe 会拒绝该配置。</translation>
    </message>
    <message>
      <source>{key} file {path} cannot be read here: {problem}</source>
      <translation>无法在此读取 {key} 文件 {path}：{problem}</translation>
    </message>
    <message>
      <source>{key} file {path} is larger than {limit} bytes: not read</source>
      <translation>{key} 文件 {path} 大于 {limit} 字节：未读取</translation>
    </message>
    <message>
      <source>{key} has more than {limit} elements; msprobe refuses it.</source>
      <translation>{key} 的元素超过 {limit} 个；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>{key} has no {target} equivalent</source>
      <translation>{key} 在 {target} 中没有对应的配置项</translation>
    </message>
    <message>
      <source>{key} in {file}</source>
      <translation>{file} 中的 {key}</translation>
    </message>
    <message>
      <source>{key} is a {kind} option here and a {other} option in {target}</source>
      <translation>{key} 在此处是 {kind} 类型的配置项，在 {target} 中是 {other} 类型</translation>
    </message>
    <message>
      <source>{key} is an environment variable; acl.json cannot set it</source>
      <translation>{key} 是环境变量，acl.json 无法设置它</translation>
    </message>
    <message>
      <source>{key} is an experiment parameter: it is meant for debugging, may change in later versions and cannot be used in commercial products.</source>
      <translation>{key} 是试验参数：用于调试，后续版本可能变更，不能用于商用产品。</translation>
    </message>
    <message>
      <source>{key} is at its default; {target} needs no counterpart</source>
      <translation>{key} 为默认值，{target} 无需对应的配置项</translation>
    </message>
    <message>
      <source>{key} is deprecated: {note}</source>
      <translation>{key} 已废弃：{note}</translation>
    </message>
    <message>
      <source>{key} is no longer read by the TF Adapter of CANN {removed} and later, so it is ignored. {said}</source>
      <translation>CANN {removed}及之后版本的TF Adapter不再读取{key}，因此被忽略。{said}</translation>
    </message>
    <message>
      <source>{key} is not a project-file key; it is ignored, and kept when the file is saved.</source>
      <translation>{key} 不是工程文件的键；读取时忽略，保存文件时保留。</translation>
    </message>
    <message>
      <source>{key} is not a {scenario} option ({consequence})</source>
      <translation>{key} 不是 {scenario} 的配置项（{consequence}）</translation>
    </message>
    <message>
      <source>{key} is not a {scenario} option ({consequence}); did you mean {guess}?</source>
      <translation>{key} 不是 {scenario} 的配置项（{consequence}）；是否想输入 {guess}？</translation>
    </message>
    <message>
      <source>{key} is not an option of {scenario}; it is not carried</source>
      <translation>{key} 不是{scenario}的配置项，不会带入</translation>
    </message>
    <message>
      <source>{key} is not an option torch_npu registers: set_option raises on it and the script stops</source>
      <translation>{key} 不是 torch_npu 注册的配置项：set_option 会因此报错，脚本停止</translation>
    </message>
    <message>
      <source>{key} is not an {scenario} option ({consequence})</source>
      <translation>{key} 不是 {scenario} 的配置项（{consequence}）</translation>
    </message>
    <message>
      <source>{key} is not an {scenario} option ({consequence}); did you mean {guess}?</source>
      <translation>{key} 不是 {scenario} 的配置项（{consequence}）；是否想输入 {guess}？</translation>
    </message>
    <message>
      <source>{key} is not set by a line this app can change (it comes from elsewhere in the script); it is not removed</source>
      <translation>{key} 不是由本应用能修改的行设置的（其值来自脚本的其他位置），因此未删除</translation>
    </message>
    <message>
      <source>{key} is not set in the script and there is no line of the same kind to put it next to; not added</source>
      <translation>脚本中没有设置 {key}，也没有同类的行可供插入其后，因此未添加</translation>
    </message>
    <message>
      <source>{key} is not written into the script ({why}); the snippet sets it</source>
      <translation>{key} 没有写入脚本（{why}）；由代码片段设置</translation>
    </message>
    <message>
      <source>{key} is read by the TF Adapter from CANN {since} on; the adapter of CANN {version} never looks the key up, so it is ignored. {said}</source>
      <translation>TF Adapter从CANN {since}起读取{key}；CANN {version}的Adapter不会读取该键，因此被忽略。{said}</translation>
    </message>
    <message>
      <source>{key} is set from `{expression}`, which cannot be evaluated without running the script; it is not checked</source>
      <translation>{key}的值来自`{expression}`，不运行脚本无法求值；不做检查</translation>
    </message>
    <message>
      <source>{key} is set from `{expression}`, which cannot be evaluated without running the script; rules about {key} are skipped</source>
      <translation>{key}的值来自`{expression}`，不运行脚本无法求值；跳过与{key}相关的规则</translation>
    </message>
    <message>
      <source>{key} is set from `{expression}`, which the checker refuses to evaluate ({what}); rules about {key} are skipped</source>
      <translation>{key}由`{expression}`设置，检查器拒绝计算它（{what}）；跳过有关{key}的规则</translation>
    </message>
    <message>
      <source>{key} is set on lines {lines}; each of them is changed</source>
      <translation>{key} 在第 {lines} 行均有设置，这些行都会修改</translation>
    </message>
    <message>
      <source>{key} is set {count} times (lines {lines}); the checker uses the last value, {value!r}.</source>
      <translation>{key}被设置了{count}次（第{lines}行）；检查时使用最后一个值{value!r}。</translation>
    </message>
    <message>
      <source>{key} is supported only on {products}, not on {product}; the runtime rejects or ignores it there.</source>
      <translation>{key} 仅支持 {products}，不支持 {product}；在该产品上，运行时会拒绝或忽略它。</translation>
    </message>
    <message>
      <source>{key} is the number {value}; npu_device passes str(value) on, so it is used as "{text}". Write the string to make that plain.</source>
      <translation>{key} 是数字 {value}；npu_device会把str(value)传下去，因此按"{text}"使用。建议直接写成字符串。</translation>
    </message>
    <message>
      <source>{key} is written at the top level; msprobe reads it only from the "{task}" section, so it is ignored.</source>
      <translation>{key} 写在顶层；msprobe 只从 "{task}" 配置段读取它，因此会被忽略。</translation>
    </message>
    <message>
      <source>{key} is {retired}; it changes nothing.</source>
      <translation>{key} {retired}；设置它不起任何作用。</translation>
    </message>
    <message>
      <source>{key} is {value!r}; allowed: {choices}</source>
      <translation>{key} 为 {value!r}；允许的取值：{choices}</translation>
    </message>
    <message>
      <source>{key} is {value!r}; it must be a whole number from {low:g} to {high:g}</source>
      <translation>{key} 为 {value!r}；必须是 {low:g} 到 {high:g} 之间的整数</translation>
    </message>
    <message>
      <source>{key} is {value}; msprobe accepts only true or false (isinstance bool) and refuses it.</source>
      <translation>{key} 为 {value}；msprobe 只接受 true 或 false（isinstance bool），会拒绝该值。</translation>
    </message>
    <message>
      <source>{key} must be a string, not {value!r}</source>
      <translation>{key} 必须是字符串，而不是 {value!r}</translation>
    </message>
    <message>
      <source>{key} must be the string "{yes}" or "{no}", got the JSON boolean {value}; adump only accepts a string here (EP0001).</source>
      <translation>{key} 必须是字符串"{yes}"或"{no}"，实际为JSON布尔值 {value}；adump此处只接受字符串（EP0001）。</translation>
    </message>
    <message>
      <source>{key} only applies to online inference, but graph_run_mode is not set and defaults to 1 (training); it is ignored. Set graph_run_mode to 0 for online inference.</source>
      <translation>{key} 仅适用于在线推理，但未设置graph_run_mode，其默认值为1（训练）；该配置项将被忽略。在线推理请将graph_run_mode设为0。</translation>
    </message>
    <message>
      <source>{key} only takes effect with enable_dump=True; as set it is ignored.</source>
      <translation>{key} 仅在 enable_dump=True 时生效；按当前设置将被忽略。</translation>
    </message>
    <message>
      <source>{key} range "{text}": the left boundary is larger than the right one; msprobe refuses it.</source>
      <translation>{key} 范围 "{text}"：左边界大于右边界；msprobe 会拒绝。</translation>
    </message>
    <message>
      <source>{key} rows set {column}, which has no {target} equivalent</source>
      <translation>{key} 的行设置了 {column}，它在 {target} 中没有对应的配置项</translation>
    </message>
    <message>
      <source>{key} without operator names has no acl.json equivalent (acl.json dumps a whole model only under its model_name in {table})</source>
      <translation>没有算子名称的 {key} 在acl.json中没有对应项（acl.json只能在 {table} 中按model_name Dump整个模型）</translation>
    </message>
    <message>
      <source>{key} {path} does not exist on this machine; {consequence}</source>
      <translation>{key} {path} 在本机上不存在；{consequence}</translation>
    </message>
    <message>
      <source>{key} {path} is a file, not a folder on this machine; {consequence}</source>
      <translation>{key} {path} 在本机上是文件而不是目录；{consequence}</translation>
    </message>
    <message>
      <source>{key} {value!r} does not exist here; the folder must exist (and be writable) on the machine that runs the script, or the run fails.</source>
      <translation>{key} {value!r} 在本机上不存在；该目录必须在运行脚本的机器上存在（且可写），否则运行失败。</translation>
    </message>
    <message>
      <source>{key} {value!r} may only use letters, digits, '_', '-', '.' and '/'.</source>
      <translation>{key} {value!r} 只能使用字母、数字、'_'、'-'、'.' 和 '/'。</translation>
    </message>
    <message>
      <source>{key} {value!r} must be a comma list of cpu and mem</source>
      <translation>{key} {value!r} 必须是由 cpu 和 mem 组成的逗号分隔列表</translation>
    </message>
    <message>
      <source>{key}: {exc}</source>
      <translation>{key}：{exc}</translation>
    </message>
    <message>
      <source>{key}: {shown} is not a file on this machine, so its content is not checked; it must exist where the job runs, or the job fails.</source>
      <translation>{key}：{shown} 在本机上不是文件，因此不检查其内容；它必须在作业运行的地方存在，否则作业失败。</translation>
    </message>
    <message>
      <source>{key}: {value} is relative and there is no folder to resolve it against, so its content is not checked; it must exist where the job runs.</source>
      <translation>{key}：{value} 是相对路径，且没有可用于解析它的目录，因此不检查其内容；它必须在作业运行的地方存在。</translation>
    </message>
    <message>
      <source>{key}={value} has no {target} equivalent</source>
      <translation>{key}={value} 在 {target} 中没有对应的取值</translation>
    </message>
    <message>
      <source>{key}={value} is not one of the {target} values ({choices})</source>
      <translation>{key}={value} 不是 {target} 的可选值之一（{choices}）</translation>
    </message>
    <message>
      <source>{level}: {message}</source>
      <translation>{level}：{message}</translation>
    </message>
    <message>
      <source>{message} (only if `{condition}` holds, which cannot be decided from the script)</source>
      <translation>{message}（仅当`{condition}`成立时；无法从脚本判定该条件）</translation>
    </message>
    <message>
      <source>{message} (the options are set on different config objects, lines {lines}; they conflict only if both reach the same session)</source>
      <translation>{message}（这些配置项设置在不同的配置对象上，第{lines}行；仅当两者作用于同一个session时才冲突）</translation>
    </message>
    <message>
      <source>{message} ({code})</source>
      <translation>{message}（{code}）</translation>
    </message>
    <message>
      <source>{message}. The document calls None the default (every step), but torchair's setter raises TypeError on None: leave {key} unset or use "".</source>
      <translation>{message}。文档称None为默认值（Dump所有迭代），但torchair的setter遇到None会抛出TypeError：请不设置 {key} 或设为""。</translation>
    </message>
    <message>
      <source>{message}; with {switch} off the runtime does not check or use it</source>
      <translation>{message}；{switch} 关闭时运行时不会校验也不会使用该配置项</translation>
    </message>
    <message>
      <source>{missed}, but within the budget of the op recomputed at {precision}: it ran at {precision}; {why}. `ascend-dump fix` proposes the setting that keeps it in {dtype}</source>
      <translation>{missed}，但在以 {precision} 重新计算该算子的误差预算内：它以 {precision} 运行；{why}。`ascend-dump fix` 会给出让它保持 {dtype} 的设置</translation>
    </message>
    <message>
      <source>{model} is the name a TF session gives its graph at each run (build time): the dump_list item names no model_name, so its layers apply to the model that runs</source>
      <translation>{model} 是TF session每次运行时（构建时）给计算图起的名称：该 dump_list 项未指定 model_name，因此其中的层作用于正在运行的模型</translation>
    </message>
    <message>
      <source>{mode} does not let {op_type} compute at {precision}</source>
      <translation>{mode} 不允许 {op_type} 以 {precision} 计算</translation>
    </message>
    <message>
      <source>{mode} gives Cube ops float16 operands with a float32 output</source>
      <translation>{mode} 让Cube算子使用 float16 操作数、float32 输出</translation>
    </message>
    <message>
      <source>{mode} lets {rule} compute at {precision}</source>
      <translation>{mode} 允许 {rule} 以 {precision} 计算</translation>
    </message>
    <message>
      <source>{mode}, but modify_mixlist puts {op_type} on the block list</source>
      <translation>{mode}，但 modify_mixlist 将 {op_type} 加入了黑名单</translation>
    </message>
    <message>
      <source>{mode}; no HF32 switch is on for {op_type}</source>
      <translation>{mode}；{op_type} 没有开启任何 HF32 开关</translation>
    </message>
    <message>
      <source>{name} ({type})</source>
      <translation>{name}（{type}）</translation>
    </message>
    <message>
      <source>{name} has statistics only (dump task 'tensor' keeps the values)</source>
      <translation>{name} 只有统计数据（Dump任务为 'tensor' 时才保留数值）</translation>
    </message>
    <message>
      <source>{name} is empty; use one of {choices}</source>
      <translation>{name} 为空；请使用 {choices} 之一</translation>
    </message>
    <message>
      <source>{name} is set, so exception dumps go under {path} and the config's dump_path is not used for them.</source>
      <translation>已设置 {name}，因此异常算子Dump数据写入 {path} 下，配置中的 dump_path 不用于这些数据。</translation>
    </message>
    <message>
      <source>{name} is {value}; write {word} (the runtime compares it with True/False).</source>
      <translation>{name} 为 {value}；请写作 {word}（运行时将其与 True/False 比较）。</translation>
    </message>
    <message>
      <source>{name} must be "{yes}" or "{no}", got {value!r}</source>
      <translation>{name} 必须为 "{yes}" 或 "{no}"，实际为 {value!r}</translation>
    </message>
    <message>
      <source>{name} must be True or False, got {value!r}</source>
      <translation>{name} 必须为 True 或 False，实际为 {value!r}</translation>
    </message>
    <message>
      <source>{name} must be a JSON object, got {kind} {value!r}</source>
      <translation>{name} 必须是 JSON 对象，实际为{kind} {value!r}</translation>
    </message>
    <message>
      <source>{name} must be a list of objects, got {kind}</source>
      <translation>{name} 必须是对象列表，实际为{kind}</translation>
    </message>
    <message>
      <source>{name} must be a list of strings, got {value!r}</source>
      <translation>{name} 必须是字符串列表，实际为 {value!r}</translation>
    </message>
    <message>
      <source>{name} must be an object with to-add / to-remove lists</source>
      <translation>{name} 必须是包含 to-add / to-remove 列表的对象</translation>
    </message>
    <message>
      <source>{name} must be an object, got {kind} {value!r}</source>
      <translation>{name} 必须是对象，实际为{kind} {value!r}</translation>
    </message>
    <message>
      <source>{name} must be between {low} and {high}, got {value}</source>
      <translation>{name} 必须在 {low} 到 {high} 之间，实际为 {value}</translation>
    </message>
    <message>
      <source>{name} must be between {low} and {high}, got {value}; the runtime uses {bound} instead</source>
      <translation>{name} 必须在 {low} 到 {high} 之间，实际为 {value}；运行时会改用 {bound}</translation>
    </message>
    <message>
      <source>{name} must be one of {choices}, got {value!r}</source>
      <translation>{name} 必须是 {choices} 之一，实际为 {value!r}</translation>
    </message>
    <message>
      <source>{name} must be one of {choices}, got {value!r}; did you mean {guess}?</source>
      <translation>{name} 必须是 {choices} 之一，实际为 {value!r}；是否想输入 {guess}？</translation>
    </message>
    <message>
      <source>{name} must be {expected}, got {kind} {value!r}</source>
      <translation>{name} 必须是{expected}，实际为{kind} {value!r}</translation>
    </message>
    <message>
      <source>{name} needs a {key} entry</source>
      <translation>{name} 需要 {key} 条目</translation>
    </message>
    <message>
      <source>{name} of type {kind} is not covered</source>
      <translation>不支持类型为 {kind} 的 {name}</translation>
    </message>
    <message>
      <source>{name} uses a command, which the shell expands at run time; the checker keeps it as written</source>
      <translation>{name}使用了命令，shell在运行时才会展开；检查时按原样保留</translation>
    </message>
    <message>
      <source>{name} uses {references}, which the shell expands at run time; the checker keeps it as written</source>
      <translation>{name}使用了{references}，shell在运行时才会展开；检查时按原样保留</translation>
    </message>
    <message>
      <source>{name} was fused into {op}: the runtime dumps it as {op}</source>
      <translation>{name} 已被融合进 {op}：运行时会以 {op} 的名义Dump它</translation>
    </message>
    <message>
      <source>{name} would bring the file's expanded variables beyond {limit:,} characters (Linux refuses to start a program with an environment that large: ARG_MAX); the checker keeps it as written</source>
      <translation>{name}会使文件中展开后的变量超过 {limit:,} 个字符（Linux拒绝以如此大的环境启动程序：ARG_MAX）；检查器保留其原文</translation>
    </message>
    <message>
      <source>{name} would expand to {length:,} characters, more than {limit:,} (Linux refuses to start a program with one environment string that long: MAX_ARG_STRLEN); the checker keeps it as written</source>
      <translation>{name}展开后有 {length:,} 个字符，超过 {limit:,}（Linux拒绝以如此长的单个环境变量字符串启动程序：MAX_ARG_STRLEN）；检查器保留其原文</translation>
    </message>
    <message>
      <source>{name} {unknown}</source>
      <translation>{name} {unknown}</translation>
    </message>
    <message>
      <source>{name} {unknown}; did you mean {guess}?</source>
      <translation>{name} {unknown}；是否想输入 {guess}？</translation>
    </message>
    <message>
      <source>{name}."{action}" is not to-add or to-remove; it is ignored</source>
      <translation>{name}."{action}" 不是 to-add 或 to-remove；将被忽略</translation>
    </message>
    <message>
      <source>{name}.{action} must be a list of operator type names</source>
      <translation>{name}.{action} 必须是算子类型名称的列表</translation>
    </message>
    <message>
      <source>{name}.{action}: no op of type {op_type} is in the run this config is for (modify_mixlist names op types, not op names)</source>
      <translation>{name}.{action}：此配置对应的运行中没有类型为 {op_type} 的算子（modify_mixlist 指定的是算子类型，而非算子名称）</translation>
    </message>
    <message>
      <source>{name}: arguments nested more than {depth} levels</source>
      <translation>{name}：参数嵌套超过 {depth} 层</translation>
    </message>
    <message>
      <source>{name}: bad overflow record: {problem}</source>
      <translation>{name}：溢出记录有误：{problem}</translation>
    </message>
    <message>
      <source>{name}: cannot restore {format}: {problem}</source>
      <translation>{name}：无法还原 {format}：{problem}</translation>
    </message>
    <message>
      <source>{name}: data type {dtype} is not supported</source>
      <translation>{name}：不支持数据类型 {dtype}</translation>
    </message>
    <message>
      <source>{name}: implausible {what} {dims}</source>
      <translation>{name}：{what} {dims} 不合理</translation>
    </message>
    <message>
      <source>{name}: no checksum on the {sides} side</source>
      <translation>{name}：{sides}没有校验值</translation>
    </message>
    <message>
      <source>{name}: no checksum on the {sides} side (msprobe's xor value of a 0-d tensor is the value itself)</source>
      <translation>{name}：{sides}没有校验值（msprobe 对 0 维 Tensor 的 xor 值就是该值本身）</translation>
    </message>
    <message>
      <source>{name}: no statistics in the {sides} dump.json</source>
      <translation>{name}：{sides}的 dump.json 中没有统计值</translation>
    </message>
    <message>
      <source>{name}: shape {shape} of {dtype} needs {needed} bytes but its size is {size}</source>
      <translation>{name}：{dtype} 类型、shape 为 {shape} 需要 {needed} 字节，但其大小为 {size}</translation>
    </message>
    <message>
      <source>{name}: statistics-only dump, no tensor file</source>
      <translation>{name}：仅 Dump 了统计值，没有 Tensor 文件</translation>
    </message>
    <message>
      <source>{name}: the NPU dump has no tensor file for it</source>
      <translation>{name}：NPU Dump 中没有它的 Tensor 文件</translation>
    </message>
    <message>
      <source>{name}: the bench dump has no tensor file for it</source>
      <translation>{name}：标杆 Dump 中没有它的 Tensor 文件</translation>
    </message>
    <message>
      <source>{name}: the md5 on the {sides} side is not a checksum ({values}; msprobe writes CRC-32 as 8 hex digits)</source>
      <translation>{name}：{sides}的 md5 不是校验值（{values}；msprobe 将 CRC-32 写为 8 位十六进制数）</translation>
    </message>
    <message>
      <source>{name}: {error} (unbalanced quotes)</source>
      <translation>{name}：{error}（引号不配对）</translation>
    </message>
    <message>
      <source>{name}: {reason}</source>
      <translation>{name}：{reason}</translation>
    </message>
    <message>
      <source>{name}: {wrong} not allowed; items must be among {choices} (exact spelling)</source>
      <translation>{name}：不允许 {wrong}；各项必须取自 {choices}（拼写须完全一致）</translation>
    </message>
    <message>
      <source>{name}={value} has unquoted spaces; a shell runs `{command}` as a command with {name} set only for it</source>
      <translation>{name}={value}中有未加引号的空格；shell会把`{command}`当作命令运行，{name}只对该命令生效</translation>
    </message>
    <message>
      <source>{op_type} needs input {i}, the dump has {count} inputs</source>
      <translation>{op_type} 需要第 {i} 个输入，但Dump中只有 {count} 个输入</translation>
    </message>
    <message>
      <source>{op_type} needs integer indices</source>
      <translation>{op_type} 需要整数索引</translation>
    </message>
    <message>
      <source>{op_type} ran its float32 inputs as HF32: turn HF32 off for these ops</source>
      <translation>{op_type} 将其 float32 输入按 HF32 计算：请为这些算子关闭 HF32</translation>
    </message>
    <message>
      <source>{op_type} with an offset_w input (quantized) is not covered</source>
      <translation>不支持带offset_w输入（量化）的 {op_type}</translation>
    </message>
    <message>
      <source>{op_type} with base {base}</source>
      <translation>不支持base为 {base} 的 {op_type}</translation>
    </message>
    <message>
      <source>{op_type} with batch_dims is not covered</source>
      <translation>不支持带batch_dims的 {op_type}</translation>
    </message>
    <message>
      <source>{op_type} with data_format {fmt} on a {ndim}-D input</source>
      <translation>不支持在 {ndim} 维输入上data_format为 {fmt} 的 {op_type}</translation>
    </message>
    <message>
      <source>{op_type} with empty axes is not covered</source>
      <translation>不支持axes为空的 {op_type}</translation>
    </message>
    <message>
      <source>{op_type} with padding {padding}</source>
      <translation>不支持padding为 {padding} 的 {op_type}</translation>
    </message>
    <message>
      <source>{op_type} with {count} inputs</source>
      <translation>不支持带 {count} 个输入的 {op_type}</translation>
    </message>
    <message>
      <source>{op_type} with {dtype} input {i} (quantized Cube ops are not covered)</source>
      <translation>不支持第 {i} 个输入为 {dtype} 的 {op_type}（不支持量化的Cube算子）</translation>
    </message>
    <message>
      <source>{op_type}: a {kh}x{kw} window does not fit the {h}x{w} input (VALID)</source>
      <translation>{op_type}：{kh}x{kw} 的窗口放不进 {h}x{w} 的输入（VALID）</translation>
    </message>
    <message>
      <source>{op_type}: attribute {name} has {count} values, {length} expected</source>
      <translation>{op_type}：属性 {name} 有 {count} 个值，应为 {length} 个</translation>
    </message>
    <message>
      <source>{op_type}: attribute {name}={value} has a value outside [{lo}, {hi}]</source>
      <translation>{op_type}：属性 {name}={value} 有值超出 [{lo}, {hi}]</translation>
    </message>
    <message>
      <source>{op_type}: attribute {name}={value} is not a finite number in [{lo}, {hi}]</source>
      <translation>{op_type}：属性 {name}={value} 不是 [{lo}, {hi}] 内的有限数</translation>
    </message>
    <message>
      <source>{op_type}: attribute {name}={value} is not a list of integers</source>
      <translation>{op_type}：属性 {name}={value} 不是整数列表</translation>
    </message>
    <message>
      <source>{op_type}: attribute {name}={value} is not an integer in [{lo}, {hi}]</source>
      <translation>{op_type}：属性 {name}={value} 不是 [{lo}, {hi}] 内的整数</translation>
    </message>
    <message>
      <source>{op_type}: axes {axes} do not fit a {ndim}-D input</source>
      <translation>{op_type}：axes {axes} 与 {ndim} 维输入不符</translation>
    </message>
    <message>
      <source>{op_type}: batch dimensions {a} and {b} do not broadcast</source>
      <translation>{op_type}：batch维度 {a} 与 {b} 无法广播</translation>
    </message>
    <message>
      <source>{op_type}: indices or axis {axis} out of range</source>
      <translation>{op_type}：索引或轴 {axis} 超出范围</translation>
    </message>
    <message>
      <source>{op_type}: input shapes {shapes} do not broadcast</source>
      <translation>{op_type}：输入shape {shapes} 无法广播</translation>
    </message>
    <message>
      <source>{op_type}: operand shapes {shape} and {shape2} do not multiply (check transpose/adj attributes)</source>
      <translation>{op_type}：操作数shape {shape} 与 {shape2} 无法相乘（请检查transpose/adj属性）</translation>
    </message>
    <message>
      <source>{op_type}: perm {perm} is not a permutation of {ndim} axes</source>
      <translation>{op_type}：perm {perm} 不是 {ndim} 个轴的排列</translation>
    </message>
    <message>
      <source>{op_type}: pooling over the batch or channel axis</source>
      <translation>{op_type}：在batch轴或通道轴上池化</translation>
    </message>
    <message>
      <source>{op_type}: the attribute {name} is not in the graph (no GE graph dump found, or it lacks this op)</source>
      <translation>{op_type}：图中没有属性 {name}（未找到GE图Dump，或图中没有该算子）</translation>
    </message>
    <message>
      <source>{op_type}: the replay has shape {shape}, the dumped output {out_shapes}</source>
      <translation>{op_type}：重放结果的shape为 {shape}，Dump的输出为 {out_shapes}</translation>
    </message>
    <message>
      <source>{op_type}: the replay would have shape {shape}, the dumped output {dumped}</source>
      <translation>{op_type}：重放结果的shape将为 {shape}，而Dump的输出为 {dumped}</translation>
    </message>
    <message>
      <source>{op_type}: the replay would take {work} {what} (more than {limit}): not replayed</source>
      <translation>{op_type}：重放需要 {work} {what}（超过 {limit}）：不重放</translation>
    </message>
    <message>
      <source>{op_type}: {kind} {i} holds {count} elements, more than the replay takes in float64 ({limit})</source>
      <translation>{op_type}：{kind} {i} 有 {count} 个元素，超过重放以 float64 所能处理的数量（{limit}）</translation>
    </message>
    <message>
      <source>{ops} ran in {precision} under the precision mode {mode}, which keeps original dtypes: autocast or a cast in the script lowered them; run them outside autocast on float32 inputs (snippet)</source>
      <translation>{ops} 在保持原始数据类型的精度模式 {mode} 下以 {precision} 运行：是脚本中的 autocast 或类型转换降低了它们的精度；请在 autocast 之外以 float32 输入运行它们（见代码片段）</translation>
    </message>
    <message>
      <source>{option} has no effect with {described}: every op keeps its original dtype</source>
      <translation>{option} 在 {described} 下不生效：每个算子都保持其原始数据类型</translation>
    </message>
    <message>
      <source>{option} is not declared by this script (argparse would exit with "unrecognized arguments"; absl with "Unknown command line flag"); it is ignored</source>
      <translation>{option}未在该脚本中声明（argparse会以"unrecognized arguments"退出，absl会报"Unknown command line flag"）；已忽略</translation>
    </message>
    <message>
      <source>{option}: {problem}; the script would exit, its default is used here</source>
      <translation>{option}：{problem}；脚本会因此退出，此处使用其默认值</translation>
    </message>
    <message>
      <source>{op} ({op_type}) is judged kernel: its output misses the error budget of its own inputs even at {precision}, so no precision setting fixes it. Report it to the op's maintainers (Huawei support) with the op type, the CANN version, this replay's result and the dump file of this op (inputs and outputs)</source>
      <translation>{op}（{op_type}）判定为kernel错误：即使以 {precision} 计算，其输出也超出由其自身输入得出的误差预算，因此任何精度设置都无法修复。请将算子类型、CANN版本、本次重放结果以及该算子的Dump文件（输入和输出）报告给算子维护方（华为技术支持）</translation>
    </message>
    <message>
      <source>{op} got Inf/NaN inputs and its own golden stays in range: its overflow is carried from upstream ({where}); no precision setting of {op} changes that</source>
      <translation>{op} 收到 Inf/NaN 输入，而其自身标杆数据在范围内：其溢出来自上游（{where}）；{op} 的任何精度设置都无法改变这一点</translation>
    </message>
    <message>
      <source>{op} is fused with {ops}: replay of fused ops is not covered</source>
      <translation>{op} 与 {ops} 融合：不支持重放融合后的算子</translation>
    </message>
    <message>
      <source>{op} is not judged ({reason}): no precision fix without a verdict</source>
      <translation>{op} 未做判定（{reason}）：没有判定结果就不提出精度修复</translation>
    </message>
    <message>
      <source>{op} is {verdict} at its own dtype {dtype}: its error came in through its inputs; look at {where} upstream (no precision setting of {op} changes that)</source>
      <translation>{op} 在其自身数据类型 {dtype} 下为{verdict}：其误差来自输入；请查看上游的 {where}（{op} 的任何精度设置都无法改变这一点）</translation>
    </message>
    <message>
      <source>{op} ran in {precision} although the precision mode {mode} keeps original dtypes: the model itself gives it {precision} (a cast or keep_dtype_scope in the script); no precision option changes that</source>
      <translation>尽管精度模式 {mode} 保持原始数据类型，{op} 仍以 {precision} 运行：是模型本身给了它 {precision}（脚本中的类型转换或 keep_dtype_scope）；任何精度配置项都无法改变这一点</translation>
    </message>
    <message>
      <source>{part!r} must start with getnext: (dataset inputs) or data: (placeholders).</source>
      <translation>{part!r} 必须以 getnext:（数据集输入）或 data:（placeholder）开头。</translation>
    </message>
    <message>
      <source>{path} (line {line}): {reason}</source>
      <translation>{path}（第 {line} 行）：{reason}</translation>
    </message>
    <message>
      <source>{path} (line {line}, column {column}): {reason}</source>
      <translation>{path}（第 {line} 行，第 {column} 列）：{reason}</translation>
    </message>
    <message>
      <source>{path} sets the cache limits, and op_cache.ini takes precedence over {shadowed}, which are not used.</source>
      <translation>{path} 设置了缓存限制，op_cache.ini的优先级高于 {shadowed}，后者不生效。</translation>
    </message>
    <message>
      <source>{path}: cannot read folder: {problem}</source>
      <translation>{path}：无法读取目录：{problem}</translation>
    </message>
    <message>
      <source>{path}: damaged pickle ({problem})</source>
      <translation>{path}：pickle 已损坏（{problem}）</translation>
    </message>
    <message>
      <source>{path}: damaged zip archive ({problem})</source>
      <translation>{path}：zip 归档已损坏（{problem}）</translation>
    </message>
    <message>
      <source>{path}: data_name '{data_name}' of {name} is not a file name in {folder}, not read</source>
      <translation>{path}：{name} 的 data_name '{data_name}' 不是 {folder} 中的文件名，未读取</translation>
    </message>
    <message>
      <source>{path}: holds a tensor of shape {shape}, dump.json says {dumped} for {name}: the dump contradicts itself, not compared</source>
      <translation>{path}：文件中 Tensor 的 shape 为 {shape}，而 dump.json 中 {name} 的 shape 为 {dumped}：Dump 自相矛盾，未比对</translation>
    </message>
    <message>
      <source>{path}: holds a {what}, not a single tensor</source>
      <translation>{path}：保存的是 {what}，不是单个 Tensor</translation>
    </message>
    <message>
      <source>{path}: missing (data_name of {name} in dump.json)</source>
      <translation>{path}：文件缺失（dump.json 中 {name} 的 data_name）</translation>
    </message>
    <message>
      <source>{path}: missing (data_name of {name})</source>
      <translation>{path}：文件缺失（{name} 的 data_name）</translation>
    </message>
    <message>
      <source>{path}: no data.pkl record (not a torch.save file)</source>
      <translation>{path}：没有 data.pkl 记录（不是 torch.save 保存的文件）</translation>
    </message>
    <message>
      <source>{path}: no dump.json found (not an msprobe dump)</source>
      <translation>{path}：未找到 dump.json（不是 msprobe Dump）</translation>
    </message>
    <message>
      <source>{path}: not a folder</source>
      <translation>{path}：不是目录</translation>
    </message>
    <message>
      <source>{path}: not a zip archive (legacy torch format or damaged file)</source>
      <translation>{path}：不是 zip 归档（旧版 torch 格式或文件已损坏）</translation>
    </message>
    <message>
      <source>{path}: refuses to load global {name} (only torch tensors are read)</source>
      <translation>{path}：拒绝加载全局对象 {name}（只读取 torch Tensor）</translation>
    </message>
    <message>
      <source>{path}: {problems}. The file takes effect only when both values are valid, so it is ignored and the cache keeps the variables' or default limits (500 MB, 50% kept).</source>
      <translation>{path}：{problems}。只有两个取值都合法时该文件才生效，因此它被忽略，编译缓存沿用环境变量或默认的限制（500 MB，保留50%）。</translation>
    </message>
    <message>
      <source>{path}: {problem}</source>
      <translation>{path}：{problem}</translation>
    </message>
    <message>
      <source>{path}: {reason}</source>
      <translation>{path}：{reason}</translation>
    </message>
    <message>
      <source>{problems}; export it as {scenario} or as a project file instead</source>
      <translation>{problems}；请改为导出为{scenario}或工程文件</translation>
    </message>
    <message>
      <source>{problem}</source>
      <translation>{problem}</translation>
    </message>
    <message>
      <source>{problem} msprof checks it against the platform, so profiling fails to start.</source>
      <translation>{problem} msprof会按平台校验该项，因此Profiling无法启动。</translation>
    </message>
    <message>
      <source>{producer} computes in {dumped} (its own dtype is {own}) and feeds {op}: its rounding stays in {op}'s inputs unless it is fixed too</source>
      <translation>{producer} 以 {dumped} 计算（其自身数据类型为 {own}）并输出给 {op}：除非它也被修复，否则其舍入误差会留在 {op} 的输入中</translation>
    </message>
    <message>
      <source>{reason} (following the kernel variant: {note})</source>
      <translation>{reason}（按kernel的另一种实现：{note}）</translation>
    </message>
    <message>
      <source>{reason} (no golden or original graph: the dumped dtype is taken as the op's own)</source>
      <translation>{reason}（没有标杆数据或原始计算图：将Dump的数据类型视为该算子自身的数据类型）</translation>
    </message>
    <message>
      <source>{reason} (within the output's own roundings; {vacuous})</source>
      <translation>{reason}（在输出自身的舍入误差内；{vacuous}）</translation>
    </message>
    <message>
      <source>{reason} {consequence}</source>
      <translation>{reason} {consequence}</translation>
    </message>
    <message>
      <source>{reason}; {count} elements beyond {dtype}'s range are its largest finite value ±{largest} (the run saturates)</source>
      <translation>{reason}；{count} 个超出 {dtype} 范围的元素取其最大有限值 ±{largest}（运行饱和）</translation>
    </message>
    <message>
      <source>{reason}; {note}</source>
      <translation>{reason}；{note}</translation>
    </message>
    <message>
      <source>{script}'s PrecisionDebugger reads {config}: the capture config is a new file; pass it as config_path or put it in that file's place</source>
      <translation>{script} 的 PrecisionDebugger 读取 {config}：采集配置是一个新文件；请将其作为 config_path 传入，或用它替换该文件</translation>
    </message>
    <message>
      <source>{shadowed} is set, but the compiler writes op_cache.ini into op_compiler_cache_dir after the first build, and a valid op_cache.ini takes precedence over the variables.</source>
      <translation>已设置 {shadowed}，但首次编译后编译器会在op_compiler_cache_dir中生成op_cache.ini，合法的op_cache.ini优先级高于这些环境变量。</translation>
    </message>
    <message>
      <source>{tensor}: {reason}</source>
      <translation>{tensor}：{reason}</translation>
    </message>
    <message>
      <source>{token!r} is not an option of this script; it is ignored</source>
      <translation>{token!r}不是该脚本的参数；已忽略</translation>
    </message>
    <message>
      <source>{unused} only apply when enable_dump is True; they are ignored.</source>
      <translation>{unused} 仅在 enable_dump 为 True 时生效；将被忽略。</translation>
    </message>
    <message>
      <source>{vacuous}, and {bad} of {size} elements are beyond the output's own roundings: not judged</source>
      <translation>{vacuous}，且 {size} 个元素中有 {bad} 个超出输出自身的舍入误差：不做判定</translation>
    </message>
    <message>
      <source>{what}() has no argument {argument!r}; Python raises TypeError</source>
      <translation>{what}()没有参数{argument!r}；Python会抛出TypeError</translation>
    </message>
    <message>
      <source>{what}(**...) cannot be read without running the script</source>
      <translation>不运行脚本无法读取{what}(**...)</translation>
    </message>
    <message>
      <source>{what}(...) bound to `{name}` is never passed as {keyword}= (to NPURunConfig) or returned, so its settings do not reach the session; they are not counted</source>
      <translation>绑定到`{name}`的{what}(...)从未作为{keyword}=传给NPURunConfig，也未被返回，因此其配置项不会作用于session，不计入检查</translation>
    </message>
    <message>
      <source>{what}: shape length {length} is not a multiple of 8</source>
      <translation>{what}：shape 长度 {length} 不是 8 的倍数</translation>
    </message>
    <message>
      <source>{what}: sub-TLVs overrun their declared length</source>
      <translation>{what}：子 TLV 超出其声明的长度</translation>
    </message>
    <message>
      <source>{what}; {keys} makes the graphs dynamic-shape.</source>
      <translation>{what}；{keys} 使图成为动态shape。</translation>
    </message>
    <message>
      <source>{where} is {on}</source>
      <translation>{where} 为 {on}</translation>
    </message>
    <message>
      <source>{winner} ({won}) decides {what}; it takes priority over {loser} ({lost}), which is not used for it.</source>
      <translation>{winner}（{won}）决定{what}；其优先级高于 {loser}（{lost}），后者不再用于此处。</translation>
    </message>
    <message>
      <source>{word!r} after {name}= is not NAME=value; ignored</source>
      <translation>{name}=之后的{word!r}不是NAME=value形式；已忽略</translation>
    </message>
  </context>
</TS>
