<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>ascend_dump_gui</name>
    <message>
      <source>&amp;About</source>
      <translation>关于(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Dark</source>
      <translation>深色(&amp;D)</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>编辑(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;Export</source>
      <translation>导出(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Find Option</source>
      <translation>查找配置项(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>&amp;Language</source>
      <translation>语言(&amp;L)</translation>
    </message>
    <message>
      <source>&amp;Light</source>
      <translation>浅色(&amp;L)</translation>
    </message>
    <message>
      <source>&amp;New Config</source>
      <translation>新建配置(&amp;N)</translation>
    </message>
    <message>
      <source>&amp;Open Config or Script…</source>
      <translation>打开配置或脚本(&amp;O)…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <source>&amp;Redo</source>
      <translation>重做(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Save</source>
      <translation>保存(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;Scenarios and Options</source>
      <translation>场景与配置项(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;System</source>
      <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;Theme</source>
      <translation>主题(&amp;T)</translation>
    </message>
    <message>
      <source>&amp;Tools</source>
      <translation>工具(&amp;T)</translation>
    </message>
    <message>
      <source>&amp;Undo</source>
      <translation>撤销(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <source>(An error of 0 is drawn at 1e-12.)</source>
      <translation>（误差为 0 的点画在 1e-12 处。）</translation>
    </message>
    <message>
      <source>(no change)</source>
      <translation>（无变化）</translation>
    </message>
    <message>
      <source>(no step folder)</source>
      <translation>（无 step 目录）</translation>
    </message>
    <message>
      <source>(not set)</source>
      <translation>（未设置）</translation>
    </message>
    <message>
      <source>(nothing yet)</source>
      <translation>（暂无）</translation>
    </message>
    <message>
      <source>(orig {shape})</source>
      <translation>（原始 {shape}）</translation>
    </message>
    <message>
      <source>(this config dumps nothing)</source>
      <translation>（此配置不会Dump任何数据）</translation>
    </message>
    <message>
      <source>0 or under 1e-8 (at 1e-8)</source>
      <translation>0 或小于 1e-8（画在 1e-8 处）</translation>
    </message>
    <message>
      <source>1 % … 99 %</source>
      <translation>1% … 99%</translation>
    </message>
    <message>
      <source>A GE graph dump file, or an msprobe dump folder (dropping either on the view opens it too)</source>
      <translation>GE图Dump文件或msprobe Dump目录（拖放到视图上也可打开）</translation>
    </message>
    <message>
      <source>AI Core exception</source>
      <translation>AI Core异常</translation>
    </message>
    <message>
      <source>About {app}</source>
      <translation>关于 {app}</translation>
    </message>
    <message>
      <source>Add row</source>
      <translation>添加行</translation>
    </message>
    <message>
      <source>After</source>
      <translation>覆盖后</translation>
    </message>
    <message>
      <source>After the change</source>
      <translation>修改后</translation>
    </message>
    <message>
      <source>Alerts</source>
      <translation>告警</translation>
    </message>
    <message>
      <source>All files (*)</source>
      <translation>所有文件 (*)</translation>
    </message>
    <message>
      <source>Allowed: {choices}</source>
      <translation>可选值：{choices}</translation>
    </message>
    <message>
      <source>Also capture the ops within this many producer levels upstream</source>
      <translation>同时采集上游这么多层生产者范围内的算子</translation>
    </message>
    <message>
      <source>Also write float32 golden .npy files (for Compare)</source>
      <translation>同时写出float32标杆数据 .npy 文件（用于比对）</translation>
    </message>
    <message>
      <source>An operation</source>
      <translation>某个操作</translation>
    </message>
    <message>
      <source>Apply</source>
      <translation>应用</translation>
    </message>
    <message>
      <source>Apply to Scrip&amp;t…</source>
      <translation>应用到脚本(&amp;T)…</translation>
    </message>
    <message>
      <source>Apply to script…</source>
      <translation>应用到脚本…</translation>
    </message>
    <message>
      <source>Apply to {name}</source>
      <translation>应用到 {name}</translation>
    </message>
    <message>
      <source>Applying to script</source>
      <translation>应用到脚本</translation>
    </message>
    <message>
      <source>Arguments</source>
      <translation>参数</translation>
    </message>
    <message>
      <source>Back to the compare</source>
      <translation>返回比对</translation>
    </message>
    <message>
      <source>Backward</source>
      <translation>反向</translation>
    </message>
    <message>
      <source>Before</source>
      <translation>覆盖前</translation>
    </message>
    <message>
      <source>Before / after…</source>
      <translation>修改前 / 修改后…</translation>
    </message>
    <message>
      <source>Before: {before}    Golden: {golden}</source>
      <translation>修改前：{before}    标杆数据：{golden}</translation>
    </message>
    <message>
      <source>Bench graph</source>
      <translation>标杆图</translation>
    </message>
    <message>
      <source>Bench msprobe dump</source>
      <translation>标杆msprobe Dump目录</translation>
    </message>
    <message>
      <source>Bench name</source>
      <translation>标杆名称</translation>
    </message>
    <message>
      <source>Bench: {path}</source>
      <translation>标杆：{path}</translation>
    </message>
    <message>
      <source>Browse</source>
      <translation>浏览</translation>
    </message>
    <message>
      <source>Browse and Compare also use what links lead to outside the chosen folder (off: such links are listed, not followed)</source>
      <translation>浏览和比对也使用链接所指向的、位于所选文件夹之外的内容（关闭时：此类链接只列出，不跟随）</translation>
    </message>
    <message>
      <source>Build Ascend NPU dump configs with live conflict checking, browse operator dumps and find the first operator that goes wrong.</source>
      <translation>编写Ascend NPU的Dump配置并实时检查冲突，浏览算子Dump数据，找出第一个出错的算子。</translation>
    </message>
    <message>
      <source>CANN {version}</source>
      <translation>CANN 版本 {version}</translation>
    </message>
    <message>
      <source>CANN {version} (latest)</source>
      <translation>CANN {version}（最新）</translation>
    </message>
    <message>
      <source>CSV (*.csv)</source>
      <translation>CSV (*.csv)</translation>
    </message>
    <message>
      <source>CSV files (*.csv)</source>
      <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Cancelled.</source>
      <translation>已取消。</translation>
    </message>
    <message>
      <source>Cancelling…</source>
      <translation>正在取消…</translation>
    </message>
    <message>
      <source>Cannot show the tensors of {path}:</source>
      <translation>无法显示 {path} 的Tensor：</translation>
    </message>
    <message>
      <source>Cannot show this form: {problem}</source>
      <translation>无法以此形式显示：{problem}</translation>
    </message>
    <message>
      <source>Capture next…</source>
      <translation>下次采集…</translation>
    </message>
    <message>
      <source>Capture the first divergence next…</source>
      <translation>下次采集首个偏离…</translation>
    </message>
    <message>
      <source>Capture the selected rows next…</source>
      <translation>下次采集选中的行…</translation>
    </message>
    <message>
      <source>Capture these next</source>
      <translation>下次采集这些算子</translation>
    </message>
    <message>
      <source>Capture these next…</source>
      <translation>下次采集这些算子…</translation>
    </message>
    <message>
      <source>Capture this op next…</source>
      <translation>下次采集此算子…</translation>
    </message>
    <message>
      <source>Cell: a JSON list like {example}.</source>
      <translation>单元格：JSON列表，例如 {example}。</translation>
    </message>
    <message>
      <source>Cell: names separated by commas or spaces.</source>
      <translation>单元格：以逗号或空格分隔的名称。</translation>
    </message>
    <message>
      <source>Change</source>
      <translation>变化</translation>
    </message>
    <message>
      <source>Changed elements</source>
      <translation>变化元素数</translation>
    </message>
    <message>
      <source>Checked in {ms} ms</source>
      <translation>检查耗时 {ms} ms</translation>
    </message>
    <message>
      <source>Checking the names against the run…</source>
      <translation>正在按本次运行核对名称…</translation>
    </message>
    <message>
      <source>Choose a dump or .npy file</source>
      <translation>选择Dump文件或 .npy 文件</translation>
    </message>
    <message>
      <source>Choose a dump tree with many ranks or steps.</source>
      <translation>选择包含多个rank或多个step的Dump目录树。</translation>
    </message>
    <message>
      <source>Choose a file or folder</source>
      <translation>选择文件或目录</translation>
    </message>
    <message>
      <source>Choose a folder</source>
      <translation>选择目录</translation>
    </message>
    <message>
      <source>Choose an NPU dump and a golden dump, then Compare.</source>
      <translation>选择NPU的Dump数据和标杆Dump数据，然后单击“比对”。</translation>
    </message>
    <message>
      <source>Choose the run after the change, then compare.</source>
      <translation>选择修改后的运行，然后比对。</translation>
    </message>
    <message>
      <source>Choose the working directory</source>
      <translation>选择工作目录</translation>
    </message>
    <message>
      <source>Clear {option}</source>
      <translation>清除 {option}</translation>
    </message>
    <message>
      <source>Colour map</source>
      <translation>颜色映射</translation>
    </message>
    <message>
      <source>Colour range over the finite values of the slice (drag the colour bar to set it by hand)</source>
      <translation>按切片中有限值设定颜色范围（拖动色条可手动设定）</translation>
    </message>
    <message>
      <source>Coloured by {npu} vs {golden}: {compared} compared · {failed} failed · {unchecked} not compared · {overflows} overflows · first divergence: {first}</source>
      <translation>着色依据 {npu} 对比 {golden}：已比对 {compared} · 失败 {failed} · 未比对 {unchecked} · 溢出 {overflows} · 首个偏离：{first}</translation>
    </message>
    <message>
      <source>Colouring the graph</source>
      <translation>为计算图着色</translation>
    </message>
    <message>
      <source>Columns: the steps, or the ops of one step in execution order</source>
      <translation>列：各step，或某一step中按执行顺序排列的算子</translation>
    </message>
    <message>
      <source>Columns: {columns}</source>
      <translation>列：{columns}</translation>
    </message>
    <message>
      <source>Comes from</source>
      <translation>来源</translation>
    </message>
    <message>
      <source>Compare</source>
      <translation>比对</translation>
    </message>
    <message>
      <source>Compare before and after</source>
      <translation>比对修改前后</translation>
    </message>
    <message>
      <source>Compare cancelled.</source>
      <translation>比对已取消。</translation>
    </message>
    <message>
      <source>Compare every rank with the bench and show which module diverges on which rank</source>
      <translation>将每个rank与标杆比对，显示哪个模块在哪个rank上偏离</translation>
    </message>
    <message>
      <source>Compare failed.</source>
      <translation>比对失败。</translation>
    </message>
    <message>
      <source>Compare now</source>
      <translation>立即比对</translation>
    </message>
    <message>
      <source>Compare statistics first; full tensors only for runs whose statistics differ</source>
      <translation>先比对统计数据；仅对统计数据不一致的运行比对完整Tensor</translation>
    </message>
    <message>
      <source>Compare this NPU run and a run after a change with the same golden</source>
      <translation>用同一份标杆数据比对本次NPU运行与修改后的运行</translation>
    </message>
    <message>
      <source>Compare tree</source>
      <translation>比对目录树</translation>
    </message>
    <message>
      <source>Compare with bench…</source>
      <translation>与标杆比对…</translation>
    </message>
    <message>
      <source>Compare with…</source>
      <translation>与…比对</translation>
    </message>
    <message>
      <source>Comparing</source>
      <translation>比对</translation>
    </message>
    <message>
      <source>Comparing before and after</source>
      <translation>正在比对修改前后</translation>
    </message>
    <message>
      <source>Comparing both runs with the golden…</source>
      <translation>正在将两次运行与标杆数据比对…</translation>
    </message>
    <message>
      <source>Comparing every run</source>
      <translation>比对所有运行</translation>
    </message>
    <message>
      <source>Comparing every run with the bench…</source>
      <translation>正在将所有运行与标杆比对…</translation>
    </message>
    <message>
      <source>Comparing msprobe dumps…</source>
      <translation>正在比对 msprobe Dump…</translation>
    </message>
    <message>
      <source>Comparing msprobe dumps… {done}/{total}</source>
      <translation>正在比对 msprobe Dump… {done}/{total}</translation>
    </message>
    <message>
      <source>Comparing…</source>
      <translation>正在比对…</translation>
    </message>
    <message>
      <source>Comparing… {progress}</source>
      <translation>正在比对… {progress}</translation>
    </message>
    <message>
      <source>Comparison failed</source>
      <translation>比对失败</translation>
    </message>
    <message>
      <source>Condition</source>
      <translation>条件</translation>
    </message>
    <message>
      <source>Configs and scripts (*.json *.py *.sh *.env *.txt)</source>
      <translation>配置与脚本 (*.json *.py *.sh *.env *.txt)</translation>
    </message>
    <message>
      <source>Configure</source>
      <translation>配置</translation>
    </message>
    <message>
      <source>Copy</source>
      <translation>复制</translation>
    </message>
    <message>
      <source>Copy NPU path</source>
      <translation>复制NPU路径</translation>
    </message>
    <message>
      <source>Copy golden path</source>
      <translation>复制标杆数据路径</translation>
    </message>
    <message>
      <source>Copy path</source>
      <translation>复制路径</translation>
    </message>
    <message>
      <source>Copy tensor name</source>
      <translation>复制Tensor名称</translation>
    </message>
    <message>
      <source>Copy the text to the clipboard</source>
      <translation>将文本复制到剪贴板</translation>
    </message>
    <message>
      <source>Create the dump folder if it does not exist</source>
      <translation>Dump目录不存在时自动创建</translation>
    </message>
    <message>
      <source>Dask scheduler (empty: this machine)</source>
      <translation>Dask调度器（留空：本机）</translation>
    </message>
    <message>
      <source>Decided by</source>
      <translation>决定因素</translation>
    </message>
    <message>
      <source>Default</source>
      <translation>默认值</translation>
    </message>
    <message>
      <source>Default: not set</source>
      <translation>默认值：不设置</translation>
    </message>
    <message>
      <source>Default: {value}</source>
      <translation>默认值：{value}</translation>
    </message>
    <message>
      <source>Demo</source>
      <translation>演示</translation>
    </message>
    <message>
      <source>Demo ready: {folder}</source>
      <translation>演示已就绪：{folder}</translation>
    </message>
    <message>
      <source>Demo: &amp;Fix and Verify</source>
      <translation>演示：修复并验证(&amp;F)</translation>
    </message>
    <message>
      <source>Deprecated:</source>
      <translation>待废弃：</translation>
    </message>
    <message>
      <source>Deprecated: {note}</source>
      <translation>待废弃：{note}</translation>
    </message>
    <message>
      <source>Device graph (after fusion): {name}</source>
      <translation>Device侧计算图（融合后）：{name}</translation>
    </message>
    <message>
      <source>Device layout</source>
      <translation>Device格式</translation>
    </message>
    <message>
      <source>Diff</source>
      <translation>差异</translation>
    </message>
    <message>
      <source>Dismiss</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>Dump</source>
      <translation>Dump内容</translation>
    </message>
    <message>
      <source>Dump scenarios</source>
      <translation>Dump场景</translation>
    </message>
    <message>
      <source>Dump with DUMP_GE_GRAPH=2, or choose a ge_proto*_Build.txt file</source>
      <translation>设置DUMP_GE_GRAPH=2后重新Dump，或选择ge_proto*_Build.txt文件</translation>
    </message>
    <message>
      <source>Emulating {model}</source>
      <translation>正在仿真 {model}</translation>
    </message>
    <message>
      <source>Emulator run</source>
      <translation>仿真运行</translation>
    </message>
    <message>
      <source>Emulator run wrote {count} files ({parts}) and no dump files: see the warnings.</source>
      <translation>模拟运行写出了 {count} 个文件（{parts}），但没有 Dump 文件：原因见警告。</translation>
    </message>
    <message>
      <source>Emulator run wrote {count} files ({parts}).</source>
      <translation>模拟运行写出了 {count} 个文件（{parts}）。</translation>
    </message>
    <message>
      <source>Environment</source>
      <translation>环境变量</translation>
    </message>
    <message>
      <source>Environment variables</source>
      <translation>环境变量</translation>
    </message>
    <message>
      <source>Environment variables the run sees, split like a shell: NAME=VALUE sets one, -u NAME leaves it unset. A condition on a variable not given is undecided.</source>
      <translation>本次运行可见的环境变量，按shell方式拆分：NAME=VALUE设置一个变量，-u NAME表示未设置。未给出的变量上的条件无法确定。</translation>
    </message>
    <message>
      <source>Error</source>
      <translation>错误</translation>
    </message>
    <message>
      <source>Error after</source>
      <translation>修改后误差</translation>
    </message>
    <message>
      <source>Error before</source>
      <translation>修改前误差</translation>
    </message>
    <message>
      <source>Error born in: {ops}</source>
      <translation>误差产生于：{ops}</translation>
    </message>
    <message>
      <source>Error profile</source>
      <translation>误差剖面</translation>
    </message>
    <message>
      <source>Every edit is checked against the rules the Ascend runtime applies. Conflicts, options that would be silently ignored and surprises show up here, each with the document it comes from and, where one is obvious, a fix.</source>
      <translation>每次修改都会按照昇腾运行时所执行的规则进行检查。配置冲突、会被静默忽略的配置项以及其他意外情况都会显示在这里，每一条都注明其出处文档，并在可行时提供修复方法。</translation>
    </message>
    <message>
      <source>Export</source>
      <translation>导出</translation>
    </message>
    <message>
      <source>Export CSV</source>
      <translation>导出 CSV</translation>
    </message>
    <message>
      <source>Export CSV…</source>
      <translation>导出 CSV…</translation>
    </message>
    <message>
      <source>Export JSON</source>
      <translation>导出 JSON</translation>
    </message>
    <message>
      <source>Export JSON…</source>
      <translation>导出 JSON…</translation>
    </message>
    <message>
      <source>Export as {format}</source>
      <translation>导出为 {format}</translation>
    </message>
    <message>
      <source>Export compare result</source>
      <translation>导出比对结果</translation>
    </message>
    <message>
      <source>Export graph view</source>
      <translation>导出计算图视图</translation>
    </message>
    <message>
      <source>Export without them</source>
      <translation>不含这些内容继续导出</translation>
    </message>
    <message>
      <source>Exporting</source>
      <translation>导出</translation>
    </message>
    <message>
      <source>Exporting the graph</source>
      <translation>导出计算图</translation>
    </message>
    <message>
      <source>Exporting the result</source>
      <translation>导出结果</translation>
    </message>
    <message>
      <source>Fail above this max absolute error whatever the cosine</source>
      <translation>最大绝对误差高于此值时判为失败，不论余弦相似度如何</translation>
    </message>
    <message>
      <source>Fail below this cosine whatever the error</source>
      <translation>余弦相似度低于此值时判为失败，不论误差如何</translation>
    </message>
    <message>
      <source>Fail reason</source>
      <translation>失败原因</translation>
    </message>
    <message>
      <source>Files</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Files land in</source>
      <translation>文件写入位置</translation>
    </message>
    <message>
      <source>File…</source>
      <translation>文件…</translation>
    </message>
    <message>
      <source>Filled from the emulator run: NPU {npu}, golden {golden}.</source>
      <translation>已按仿真器运行结果填写：NPU {npu}，标杆数据 {golden}。</translation>
    </message>
    <message>
      <source>Filter calls by name</source>
      <translation>按名称筛选调用</translation>
    </message>
    <message>
      <source>Filter ops by name or type</source>
      <translation>按名称或类型筛选算子</translation>
    </message>
    <message>
      <source>First divergence before: {before}; after: {after}. {changes}</source>
      <translation>修改前的首个偏离：{before}；修改后：{after}。{changes}</translation>
    </message>
    <message>
      <source>Fit</source>
      <translation>适应窗口</translation>
    </message>
    <message>
      <source>Fix</source>
      <translation>修复</translation>
    </message>
    <message>
      <source>Fix: {description}</source>
      <translation>修复：{description}</translation>
    </message>
    <message>
      <source>Flag</source>
      <translation>命令行参数</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>目录</translation>
    </message>
    <message>
      <source>Folders</source>
      <translation>目录</translation>
    </message>
    <message>
      <source>Folder…</source>
      <translation>目录…</translation>
    </message>
    <message>
      <source>Follow links</source>
      <translation>跟随链接</translation>
    </message>
    <message>
      <source>Format</source>
      <translation>格式</translation>
    </message>
    <message>
      <source>Forward</source>
      <translation>前向</translation>
    </message>
    <message>
      <source>Found by</source>
      <translation>发现方式</translation>
    </message>
    <message>
      <source>Framework</source>
      <translation>框架</translation>
    </message>
    <message>
      <source>From the selected op to the next run: the precision fix, the narrowed capture</source>
      <translation>从选中的算子到下一次运行：精度修复、缩小范围的采集</translation>
    </message>
    <message>
      <source>From this compare to the next run: the precision fix, the narrowed capture</source>
      <translation>从本次比对到下一次运行：精度修复、缩小范围的采集</translation>
    </message>
    <message>
      <source>GE graph dump file…</source>
      <translation>GE图Dump文件…</translation>
    </message>
    <message>
      <source>GE graph dumps (ge_proto*.txt ge_onnx*.pbtxt *.txt *.pbtxt)</source>
      <translation>GE图Dump文件 (ge_proto*.txt ge_onnx*.pbtxt *.txt *.pbtxt)</translation>
    </message>
    <message>
      <source>Go to first divergence</source>
      <translation>跳转到首个偏离</translation>
    </message>
    <message>
      <source>Go to group…</source>
      <translation>跳转到分组…</translation>
    </message>
    <message>
      <source>Golden</source>
      <translation>标杆数据</translation>
    </message>
    <message>
      <source>Golden dump folder or file</source>
      <translation>标杆Dump目录或文件</translation>
    </message>
    <message>
      <source>Grammar: steps and ranges separated by '|', e.g. 0|3-5|10</source>
      <translation>语法：以 '|' 分隔的迭代和迭代范围，例如 0|3-5|10</translation>
    </message>
    <message>
      <source>Graph</source>
      <translation>计算图</translation>
    </message>
    <message>
      <source>Graph cleared: it was chosen for the previous NPU dump.</source>
      <translation>已清除计算图：它是为上一个NPU Dump选择的。</translation>
    </message>
    <message>
      <source>Graph used: {name} ({source})</source>
      <translation>使用的图Dump：{name}（{source}）</translation>
    </message>
    <message>
      <source>Heatmap</source>
      <translation>热力图</translation>
    </message>
    <message>
      <source>Hide this note (the demo stays open until you open something else)</source>
      <translation>隐藏此提示（演示数据会保持打开，直到您打开其他内容）</translation>
    </message>
    <message>
      <source>Histogram</source>
      <translation>直方图</translation>
    </message>
    <message>
      <source>Hover an op to read its full name and errors.</source>
      <translation>将鼠标悬停在算子上可查看其全名和误差。</translation>
    </message>
    <message>
      <source>Indexing the dump folder</source>
      <translation>为Dump目录建立索引</translation>
    </message>
    <message>
      <source>Inf values</source>
      <translation>Inf 值</translation>
    </message>
    <message>
      <source>Inject a fault</source>
      <translation>注入故障</translation>
    </message>
    <message>
      <source>Inputs</source>
      <translation>输入</translation>
    </message>
    <message>
      <source>Invalid regular expression: {error}</source>
      <translation>无效的正则表达式：{error}</translation>
    </message>
    <message>
      <source>JSON (*.json)</source>
      <translation>JSON (*.json)</translation>
    </message>
    <message>
      <source>JSON files (*.json)</source>
      <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
      <source>Kind</source>
      <translation>类别</translation>
    </message>
    <message>
      <source>Laying out the graph</source>
      <translation>计算图布局</translation>
    </message>
    <message>
      <source>Leave this option out (use the default)</source>
      <translation>不设置此配置项（使用默认值）</translation>
    </message>
    <message>
      <source>Left out of this form: {items}</source>
      <translation>此格式不包含：{items}</translation>
    </message>
    <message>
      <source>Line</source>
      <translation>行</translation>
    </message>
    <message>
      <source>Listing the folder</source>
      <translation>列出目录内容</translation>
    </message>
    <message>
      <source>Loading a tensor</source>
      <translation>加载 Tensor</translation>
    </message>
    <message>
      <source>Loading cancelled: click the tensor to load it again.</source>
      <translation>已取消加载：单击该Tensor可重新加载。</translation>
    </message>
    <message>
      <source>Loading cancelled: select the row again to load it.</source>
      <translation>已取消加载：重新选择该行可再次加载。</translation>
    </message>
    <message>
      <source>Loading {what}…</source>
      <translation>正在加载 {what}…</translation>
    </message>
    <message>
      <source>Log counts</source>
      <translation>对数计数</translation>
    </message>
    <message>
      <source>Logarithmic count axis in the histogram</source>
      <translation>直方图的计数轴使用对数刻度</translation>
    </message>
    <message>
      <source>Match calls in the run of one rank, not in a pipeline.</source>
      <translation>请在单个rank的运行中匹配调用，而不是在流水线视图中。</translation>
    </message>
    <message>
      <source>Match selected</source>
      <translation>匹配所选</translation>
    </message>
    <message>
      <source>Match {index} of {count}: {name}</source>
      <translation>第 {index} 个匹配，共 {count} 个：{name}</translation>
    </message>
    <message>
      <source>Max</source>
      <translation>最大值</translation>
    </message>
    <message>
      <source>Max abs diff</source>
      <translation>最大绝对差</translation>
    </message>
    <message>
      <source>Mean</source>
      <translation>均值</translation>
    </message>
    <message>
      <source>Messages</source>
      <translation>信息</translation>
    </message>
    <message>
      <source>Metric or budget term</source>
      <translation>指标或误差预算项</translation>
    </message>
    <message>
      <source>Metrics</source>
      <translation>指标</translation>
    </message>
    <message>
      <source>Min</source>
      <translation>最小值</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>NPU</source>
      <translation>NPU</translation>
    </message>
    <message>
      <source>NPU and golden dumps chosen: press Compare.</source>
      <translation>已选择NPU的Dump数据和标杆Dump数据：单击“比对”开始比对。</translation>
    </message>
    <message>
      <source>NPU dump folder or file</source>
      <translation>NPU Dump目录或文件</translation>
    </message>
    <message>
      <source>NPU dump tree (all ranks and steps)</source>
      <translation>NPU Dump目录树（全部rank和step）</translation>
    </message>
    <message>
      <source>NPU dumps vs NPU dumps</source>
      <translation>NPU Dump数据与NPU Dump数据</translation>
    </message>
    <message>
      <source>NPU dumps vs golden .npy files</source>
      <translation>NPU Dump数据与标杆.npy文件</translation>
    </message>
    <message>
      <source>NPU name</source>
      <translation>NPU 名称</translation>
    </message>
    <message>
      <source>NPU vs bench</source>
      <translation>NPU与标杆对比</translation>
    </message>
    <message>
      <source>NPU vs golden per rank</source>
      <translation>每个rank的NPU与标杆数据比对</translation>
    </message>
    <message>
      <source>NPU vs its own replay</source>
      <translation>NPU与其自身重放对比</translation>
    </message>
    <message>
      <source>NPU vs {reference}</source>
      <translation>NPU与{reference}对比</translation>
    </message>
    <message>
      <source>NPU − replay</source>
      <translation>NPU − 重放</translation>
    </message>
    <message>
      <source>NPU − replay of {tensor}</source>
      <translation>{tensor} 的 NPU − 重放</translation>
    </message>
    <message>
      <source>NPU: {file}</source>
      <translation>NPU：{file}</translation>
    </message>
    <message>
      <source>NPU: {run} ({path})</source>
      <translation>NPU：{run}（{path}）</translation>
    </message>
    <message>
      <source>NaN in an output</source>
      <translation>输出中出现NaN</translation>
    </message>
    <message>
      <source>NaN values</source>
      <translation>NaN 值</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>Next run</source>
      <translation>下一次运行</translation>
    </message>
    <message>
      <source>No arguments: the script's defaults</source>
      <translation>无参数：使用脚本的默认值</translation>
    </message>
    <message>
      <source>No capture config: {why}</source>
      <translation>没有采集配置：{why}</translation>
    </message>
    <message>
      <source>No divergence: nothing was replayed. Right-click a row and choose Replay this op to replay one.</source>
      <translation>没有偏离：未重放任何算子。右键单击一行并选择“重放此算子”即可重放。</translation>
    </message>
    <message>
      <source>No error to plot: the op was not recomputed ({reason}). Nothing here says whether the kernel is right.</source>
      <translation>没有可绘制的误差：该算子未重新计算（{reason}）。此处无法说明kernel是否正确。</translation>
    </message>
    <message>
      <source>No error to plot: the replay kept no error tensor for the deciding output.</source>
      <translation>没有可绘制的误差：重放未保留决定判定结果的输出的误差Tensor。</translation>
    </message>
    <message>
      <source>No folder open</source>
      <translation>未打开目录</translation>
    </message>
    <message>
      <source>No graph dump found next to the dump: order from timestamps</source>
      <translation>Dump目录附近未找到图Dump：按时间戳排序</translation>
    </message>
    <message>
      <source>No op matches “{text}”.</source>
      <translation>没有算子匹配“{text}”。</translation>
    </message>
    <message>
      <source>No overflow: no overflow record (Opdebug) in the NPU dump and no float16 output reaching ±65504.</source>
      <translation>无溢出：NPU Dump中没有溢出记录（Opdebug），也没有达到 ±65504 的float16输出。</translation>
    </message>
    <message>
      <source>No precision fix is proposed: the table says why for each op.</source>
      <translation>未提出精度修复：表格中注明了每个算子的原因。</translation>
    </message>
    <message>
      <source>No problems found.</source>
      <translation>未发现问题。</translation>
    </message>
    <message>
      <source>No proposal: {why}</source>
      <translation>没有修复建议：{why}</translation>
    </message>
    <message>
      <source>No stack recorded for {name}</source>
      <translation>{name} 没有记录调用栈</translation>
    </message>
    <message>
      <source>No variables decided: conditions on them stay undecided</source>
      <translation>未确定任何变量：依赖环境变量的条件保持无法确定</translation>
    </message>
    <message>
      <source>No watcher findings: no dump of the watched ops shows their output changed after another op ran. Watcher findings need a dump made with dump_scene "watcher".</source>
      <translation>无内存踩踏发现：被监测算子的Dump均未显示其输出在其他算子运行后发生变化。内存踩踏发现需要使用 dump_scene "watcher" 生成的Dump。</translation>
    </message>
    <message>
      <source>Norm</source>
      <translation>范数</translation>
    </message>
    <message>
      <source>Not counted: {values}</source>
      <translation>未计入：{values}</translation>
    </message>
    <message>
      <source>Not in this run (nothing can be saved): {names}</source>
      <translation>不在本次运行中（无法保存）：{names}</translation>
    </message>
    <message>
      <source>Not written, or worth knowing:</source>
      <translation>未写入的内容及说明：</translation>
    </message>
    <message>
      <source>NumPy array (*.npy)</source>
      <translation>NumPy数组 (*.npy)</translation>
    </message>
    <message>
      <source>Only changed rows</source>
      <translation>仅显示有变化的行</translation>
    </message>
    <message>
      <source>Only failing</source>
      <translation>仅显示未通过项</translation>
    </message>
    <message>
      <source>Only options I set</source>
      <translation>仅显示已设置的配置项</translation>
    </message>
    <message>
      <source>Only these lines of {name} change; comments, conditions and the rest of the file stay as they are. Edit ▸ Undo puts the file back.</source>
      <translation>{name} 中只有以下行会改变；注释、条件语句和文件其余部分保持原样。编辑 ▸ 撤销 可恢复原文件。</translation>
    </message>
    <message>
      <source>Op</source>
      <translation>算子</translation>
    </message>
    <message>
      <source>Op type</source>
      <translation>算子类型</translation>
    </message>
    <message>
      <source>Open &amp;Recent</source>
      <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
      <source>Open Config…</source>
      <translation>打开配置…</translation>
    </message>
    <message>
      <source>Open Dump &amp;Folder…</source>
      <translation>打开Dump目录(&amp;F)…</translation>
    </message>
    <message>
      <source>Open Dump Folder…</source>
      <translation>打开Dump目录…</translation>
    </message>
    <message>
      <source>Open GE graph dump</source>
      <translation>打开GE图Dump文件</translation>
    </message>
    <message>
      <source>Open Graph…</source>
      <translation>打开计算图…</translation>
    </message>
    <message>
      <source>Open a GE graph dump (ge_proto*.txt), or run a compare with one.</source>
      <translation>请打开GE图Dump文件（ge_proto*.txt），或使用图Dump运行一次比对。</translation>
    </message>
    <message>
      <source>Open config, training script or env file</source>
      <translation>打开配置、训练脚本或环境变量文件</translation>
    </message>
    <message>
      <source>Open dump folder</source>
      <translation>打开Dump目录</translation>
    </message>
    <message>
      <source>Open in Browse</source>
      <translation>在浏览中打开</translation>
    </message>
    <message>
      <source>Open in Compare</source>
      <translation>在比对中打开</translation>
    </message>
    <message>
      <source>Open msprobe dump folder</source>
      <translation>打开msprobe Dump目录</translation>
    </message>
    <message>
      <source>Open your own with File ▸ Open Dump Folder… or File ▸ Open Config or Script…, or drop a folder or file on the window.</source>
      <translation>如需打开您自己的数据，请使用 文件 ▸ 打开Dump目录… 或 文件 ▸ 打开配置或脚本…，或将目录或文件拖放到窗口中。</translation>
    </message>
    <message>
      <source>Opening the graph</source>
      <translation>打开计算图</translation>
    </message>
    <message>
      <source>Opening {mode}…</source>
      <translation>正在打开{mode}…</translation>
    </message>
    <message>
      <source>Opening {name}</source>
      <translation>打开{name}</translation>
    </message>
    <message>
      <source>Open…</source>
      <translation>打开…</translation>
    </message>
    <message>
      <source>Option</source>
      <translation>配置项</translation>
    </message>
    <message>
      <source>Optional: GE graph dump (ge_proto*Build*.txt) for fused ops and order</source>
      <translation>可选：GE图Dump文件（ge_proto*Build*.txt），用于获取融合算子信息和执行顺序</translation>
    </message>
    <message>
      <source>Options</source>
      <translation>配置项</translation>
    </message>
    <message>
      <source>Original graph</source>
      <translation>原始计算图</translation>
    </message>
    <message>
      <source>Original graph: {file}</source>
      <translation>原始计算图：{file}</translation>
    </message>
    <message>
      <source>Original shape</source>
      <translation>原始shape</translation>
    </message>
    <message>
      <source>Output</source>
      <translation>输出内容</translation>
    </message>
    <message>
      <source>Outputs</source>
      <translation>输出</translation>
    </message>
    <message>
      <source>Overflow</source>
      <translation>溢出</translation>
    </message>
    <message>
      <source>Overflows</source>
      <translation>溢出</translation>
    </message>
    <message>
      <source>Overflows ({count})</source>
      <translation>溢出（{count}）</translation>
    </message>
    <message>
      <source>Overwritten by</source>
      <translation>踩踏来源</translation>
    </message>
    <message>
      <source>PNG image (*.png)</source>
      <translation>PNG图片 (*.png)</translation>
    </message>
    <message>
      <source>Pair the call selected on the NPU side with the one selected on the bench side; compares use this match for the rest of the session</source>
      <translation>将NPU侧所选调用与标杆侧所选调用配对；本次会话中后续比对都使用此匹配</translation>
    </message>
    <message>
      <source>Path</source>
      <translation>路径</translation>
    </message>
    <message>
      <source>Plot as PNG…</source>
      <translation>图表导出为PNG…</translation>
    </message>
    <message>
      <source>Plot as SVG…</source>
      <translation>图表导出为SVG…</translation>
    </message>
    <message>
      <source>Point at a value, a curve or a cell to read it.</source>
      <translation>将鼠标指向数值、曲线或单元格即可读取。</translation>
    </message>
    <message>
      <source>Precision</source>
      <translation>精度</translation>
    </message>
    <message>
      <source>Precision fix for {what} of {run}</source>
      <translation>{run} 中 {what} 的精度修复</translation>
    </message>
    <message>
      <source>Preparing the demo</source>
      <translation>准备演示数据</translation>
    </message>
    <message>
      <source>Preview</source>
      <translation>预览</translation>
    </message>
    <message>
      <source>Problems</source>
      <translation>问题</translation>
    </message>
    <message>
      <source>Problems ({count})</source>
      <translation>问题（{count}）</translation>
    </message>
    <message>
      <source>Producers upstream</source>
      <translation>上游生产者层数</translation>
    </message>
    <message>
      <source>Product</source>
      <translation>产品</translation>
    </message>
    <message>
      <source>Product-restricted options are checked against this product.</source>
      <translation>仅部分产品支持的配置项将按此产品进行检查。</translation>
    </message>
    <message>
      <source>Products: {products}</source>
      <translation>适用产品：{products}</translation>
    </message>
    <message>
      <source>Project (*.adg.json)</source>
      <translation>工程文件 (*.adg.json)</translation>
    </message>
    <message>
      <source>Propose a fix</source>
      <translation>提出修复建议</translation>
    </message>
    <message>
      <source>Propose a fix for the first divergence and overflows…</source>
      <translation>为首个偏离和溢出提出修复建议…</translation>
    </message>
    <message>
      <source>Propose a fix for this op…</source>
      <translation>为此算子提出修复建议…</translation>
    </message>
    <message>
      <source>Propose a fix…</source>
      <translation>提出修复建议…</translation>
    </message>
    <message>
      <source>Proposing a fix</source>
      <translation>正在提出修复建议</translation>
    </message>
    <message>
      <source>Range: {low} … {high}</source>
      <translation>取值范围：{low} … {high}</translation>
    </message>
    <message>
      <source>Rank</source>
      <translation>rank编号</translation>
    </message>
    <message>
      <source>Ranks</source>
      <translation>多rank</translation>
    </message>
    <message>
      <source>Ranks x modules ({direction}, msprobe {mode} mode): {runs} runs, {modules} modules; {failing} runs diverge. Double-click a cell to show it.</source>
      <translation>rank × 模块（{direction}，msprobe {mode} 模式）：{runs} 个运行，{modules} 个模块；{failing} 个运行偏离。双击单元格即可显示。</translation>
    </message>
    <message>
      <source>Ranks × modules</source>
      <translation>rank × 模块</translation>
    </message>
    <message>
      <source>Read the filter as a regular expression</source>
      <translation>将筛选条件作为正则表达式</translation>
    </message>
    <message>
      <source>Reading the record</source>
      <translation>读取记录</translation>
    </message>
    <message>
      <source>Reading the tensor</source>
      <translation>读取Tensor</translation>
    </message>
    <message>
      <source>Reading the tensors</source>
      <translation>读取Tensor</translation>
    </message>
    <message>
      <source>Reading {name}</source>
      <translation>正在读取 {name}</translation>
    </message>
    <message>
      <source>Reading {name}…</source>
      <translation>正在读取 {name}…</translation>
    </message>
    <message>
      <source>Reading {path}…</source>
      <translation>正在读取 {path}…</translation>
    </message>
    <message>
      <source>Reason</source>
      <translation>原因</translation>
    </message>
    <message>
      <source>Reference</source>
      <translation>参考</translation>
    </message>
    <message>
      <source>Reference dump folder or file (another rank or step)</source>
      <translation>参考Dump目录或文件（另一个 rank 或 step）</translation>
    </message>
    <message>
      <source>Regex</source>
      <translation>正则</translation>
    </message>
    <message>
      <source>Remove row</source>
      <translation>删除行</translation>
    </message>
    <message>
      <source>Replay</source>
      <translation>重放</translation>
    </message>
    <message>
      <source>Replay cancelled.</source>
      <translation>重放已取消。</translation>
    </message>
    <message>
      <source>Replay every op</source>
      <translation>重放全部算子</translation>
    </message>
    <message>
      <source>Replay failed: {why}</source>
      <translation>重放失败：{why}</translation>
    </message>
    <message>
      <source>Replay needs the op's dumped inputs: compare an NPU dump with this graph first (Compare mode).</source>
      <translation>重放需要算子Dump的输入：请先用此计算图比对一份NPU Dump（比对模式）。</translation>
    </message>
    <message>
      <source>Replay this op</source>
      <translation>重放此算子</translation>
    </message>
    <message>
      <source>Replaying the ops and writing the proposal…</source>
      <translation>正在重放算子并撰写修复建议…</translation>
    </message>
    <message>
      <source>Replaying {op}…</source>
      <translation>正在重放{op}…</translation>
    </message>
    <message>
      <source>Reset zoom</source>
      <translation>重置缩放</translation>
    </message>
    <message>
      <source>Restored your last session ({restored}); the demo of the {model} model fills only {modes}.</source>
      <translation>已恢复上次打开的内容（{restored}）；{model} 模型的演示只填充 {modes}。</translation>
    </message>
    <message>
      <source>Restored your last session: {what}</source>
      <translation>已恢复上次打开的内容：{what}</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>Result as CSV…</source>
      <translation>结果导出为CSV…</translation>
    </message>
    <message>
      <source>Result as JSON…</source>
      <translation>结果导出为JSON…</translation>
    </message>
    <message>
      <source>Rewrite only the lines of the training script that set the options you changed, after showing the difference</source>
      <translation>先显示差异，再只改写训练脚本中设置了您所修改配置项的行</translation>
    </message>
    <message>
      <source>Right-click a row (or pick an op in the graph) and choose Replay this op: the op is recomputed in float64 from its own dumped inputs and judged against the error budget of its dtype.</source>
      <translation>右键单击一行（或在图中选中一个算子），选择“重放此算子”：用该算子自身Dump的输入以float64重新计算，并按其数据类型的误差预算判定。</translation>
    </message>
    <message>
      <source>Rule: {rule}</source>
      <translation>规则：{rule}</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>运行</translation>
    </message>
    <message>
      <source>Run a compare to list its findings here.</source>
      <translation>运行比对后，此处列出其发现。</translation>
    </message>
    <message>
      <source>Run a compare, then replay every op to see where error is born and where it is only carried.</source>
      <translation>先执行比对，再重放全部算子，即可看出误差在哪个算子产生、在哪些算子只是被传递。</translation>
    </message>
    <message>
      <source>Run in &amp;Emulator…</source>
      <translation>在仿真器中运行(&amp;E)…</translation>
    </message>
    <message>
      <source>Run in emulator</source>
      <translation>在仿真器中运行</translation>
    </message>
    <message>
      <source>Run {count} steps (dumps step {step})</source>
      <translation>运行 {count} 个 step（会 Dump 第 {step} 个 step）</translation>
    </message>
    <message>
      <source>Running the emulator</source>
      <translation>运行仿真器</translation>
    </message>
    <message>
      <source>Running…</source>
      <translation>正在运行…</translation>
    </message>
    <message>
      <source>SVG image (*.svg)</source>
      <translation>SVG图片 (*.svg)</translation>
    </message>
    <message>
      <source>Save &amp;As…</source>
      <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
      <source>Save and open in Configure…</source>
      <translation>保存并在配置中打开…</translation>
    </message>
    <message>
      <source>Save and run in emulator…</source>
      <translation>保存并在仿真器中运行…</translation>
    </message>
    <message>
      <source>Save config as</source>
      <translation>配置另存为</translation>
    </message>
    <message>
      <source>Save the capture config</source>
      <translation>保存采集配置</translation>
    </message>
    <message>
      <source>Save the fix</source>
      <translation>保存修复</translation>
    </message>
    <message>
      <source>Saving</source>
      <translation>保存</translation>
    </message>
    <message>
      <source>Saving the capture config</source>
      <translation>正在保存采集配置</translation>
    </message>
    <message>
      <source>Saving the fix</source>
      <translation>正在保存修复</translation>
    </message>
    <message>
      <source>Saving {name}</source>
      <translation>保存 {name}</translation>
    </message>
    <message>
      <source>Scenario</source>
      <translation>场景</translation>
    </message>
    <message>
      <source>Scenarios and options</source>
      <translation>场景与配置项</translation>
    </message>
    <message>
      <source>Script arguments: {args}</source>
      <translation>脚本参数：{args}</translation>
    </message>
    <message>
      <source>Script environment: {env}</source>
      <translation>脚本环境变量：{env}</translation>
    </message>
    <message>
      <source>Scroll the form to a group of options</source>
      <translation>将表单滚动到某一组配置项</translation>
    </message>
    <message>
      <source>Search op name, type or original name (Enter: next)</source>
      <translation>搜索算子名称、算子类型或原始算子名称（回车：下一个）</translation>
    </message>
    <message>
      <source>Search options (name, label or help)…</source>
      <translation>搜索配置项（名称、标签或帮助）…</translation>
    </message>
    <message>
      <source>Search tensor or op type</source>
      <translation>搜索Tensor或算子类型</translation>
    </message>
    <message>
      <source>Select a field to see what it does.</source>
      <translation>选择一个字段以查看其作用。</translation>
    </message>
    <message>
      <source>Select one call on each side to match them.</source>
      <translation>请在两侧各选择一个调用以匹配。</translation>
    </message>
    <message>
      <source>Set {option}</source>
      <translation>设置 {option}</translation>
    </message>
    <message>
      <source>Several names: separate them with commas or spaces</source>
      <translation>多个名称：以逗号或空格分隔</translation>
    </message>
    <message>
      <source>Shape</source>
      <translation>shape</translation>
    </message>
    <message>
      <source>Show as</source>
      <translation>显示为</translation>
    </message>
    <message>
      <source>Show in Browse</source>
      <translation>在“浏览”中显示</translation>
    </message>
    <message>
      <source>Show in Graph</source>
      <translation>在计算图中显示</translation>
    </message>
    <message>
      <source>Show in folder</source>
      <translation>在文件夹中显示</translation>
    </message>
    <message>
      <source>Show in tree</source>
      <translation>在目录树中显示</translation>
    </message>
    <message>
      <source>Show only the rows that fail or warn</source>
      <translation>仅显示失败或警告的行</translation>
    </message>
    <message>
      <source>Show the graph before fusion beside the graph the device ran</source>
      <translation>在Device侧运行的计算图旁显示融合前的计算图</translation>
    </message>
    <message>
      <source>Show the raw device layout (e.g. NC1HWC0) instead of the original shape</source>
      <translation>显示Device侧的原始数据格式（例如 NC1HWC0），而不是原始shape</translation>
    </message>
    <message>
      <source>Show {kind} records</source>
      <translation>显示{kind}记录</translation>
    </message>
    <message>
      <source>Slice as CSV…</source>
      <translation>切片导出为CSV…</translation>
    </message>
    <message>
      <source>Source: {source}</source>
      <translation>来源：{source}</translation>
    </message>
    <message>
      <source>Stack</source>
      <translation>调用栈</translation>
    </message>
    <message>
      <source>Statistics first</source>
      <translation>统计数据优先</translation>
    </message>
    <message>
      <source>Statistics only: this dump holds no tensor file.</source>
      <translation>仅统计数据：此Dump不含 Tensor 文件。</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Step</source>
      <translation>step编号</translation>
    </message>
    <message>
      <source>Steps</source>
      <translation>迭代数</translation>
    </message>
    <message>
      <source>Stop the running background task</source>
      <translation>停止正在运行的后台任务</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>表格</translation>
    </message>
    <message>
      <source>Tensor</source>
      <translation>Tensor数据</translation>
    </message>
    <message>
      <source>Tensor as .npy…</source>
      <translation>Tensor导出为 .npy…</translation>
    </message>
    <message>
      <source>Text (*.txt)</source>
      <translation>文本文件 (*.txt)</translation>
    </message>
    <message>
      <source>The NPU run after the change (same model, dumped the same way)</source>
      <translation>修改后的NPU运行（同一模型，以相同方式Dump）</translation>
    </message>
    <message>
      <source>The chosen graph dump names none of the dumped ops: ignored.</source>
      <translation>所选图Dump中没有任何已Dump的算子：已忽略。</translation>
    </message>
    <message>
      <source>The chosen graph dump names only {hits} of the {total} dumped ops (another model?): ignored.</source>
      <translation>所选图Dump仅包含 {total} 个已Dump算子中的 {hits} 个（可能属于其他模型）：已忽略。</translation>
    </message>
    <message>
      <source>The command line this run is evaluated with (split like a shell).</source>
      <translation>评估本次运行所用的命令行（按shell规则拆分）。</translation>
    </message>
    <message>
      <source>The command line twin is {command}.</source>
      <translation>对应的命令行工具为 {command}。</translation>
    </message>
    <message>
      <source>The compare changed: the replay shown was of the previous one. Replay an op again.</source>
      <translation>比对已变更：显示的重放属于上一次比对。请重新重放算子。</translation>
    </message>
    <message>
      <source>The compare failed.</source>
      <translation>比对失败。</translation>
    </message>
    <message>
      <source>The config checker finds nothing to report.</source>
      <translation>配置检查没有发现需要报告的问题。</translation>
    </message>
    <message>
      <source>The demo could not be prepared: {reason}</source>
      <translation>无法准备演示数据：{reason}</translation>
    </message>
    <message>
      <source>The emulated process's working directory: relative dump paths land here.</source>
      <translation>仿真进程的工作目录：相对Dump路径以此为起点。</translation>
    </message>
    <message>
      <source>The framework an msprobe config runs under: some tasks exist for one framework only.</source>
      <translation>msprobe配置运行所在的框架：部分task仅适用于其中一种框架。</translation>
    </message>
    <message>
      <source>The graph could not be opened.</source>
      <translation>无法打开计算图。</translation>
    </message>
    <message>
      <source>The graphs of this file</source>
      <translation>此文件中的计算图</translation>
    </message>
    <message>
      <source>The inputs changed: compare again.</source>
      <translation>输入已更改：请重新比对。</translation>
    </message>
    <message>
      <source>The inputs changed: the compare that was running was stopped; compare again.</source>
      <translation>输入已更改：正在进行的比对已停止；请重新比对。</translation>
    </message>
    <message>
      <source>The loop demo: {model} under allow_mix_precision. Choose Next run ▸ Propose a fix, then Save and run in emulator: Compare then shows the run before and after the fix.</source>
      <translation>循环演示：{model} 在 allow_mix_precision 下运行。选择“下一次运行 ▸ 提出修复建议”，再选择“保存并在仿真器中运行”：比对随后显示修复前后的运行。</translation>
    </message>
    <message>
      <source>The mode changed to {mode}: compare again (the table showed another mode).</source>
      <translation>模式已改为 {mode}：请重新比对（表格显示的是另一模式的结果）。</translation>
    </message>
    <message>
      <source>The next capture config: full tensors for this run's first divergence, at this rank and step</source>
      <translation>下一次的采集配置：本次运行首个偏离的完整Tensor，限于此rank和step</translation>
    </message>
    <message>
      <source>The next capture dumps only {what} of {run}.</source>
      <translation>下一次采集只Dump {run} 中的 {what}。</translation>
    </message>
    <message>
      <source>The real runtime refuses a dump path that does not exist.</source>
      <translation>真实运行时会拒绝不存在的Dump路径。</translation>
    </message>
    <message>
      <source>The run does not decide this condition; decide it in Script arguments (environment variables) to see the setting as set or not.</source>
      <translation>本次运行无法确定该条件；请在“脚本参数”（环境变量）中确定它，以查看该设置是否生效。</translation>
    </message>
    <message>
      <source>The run finished with warnings.</source>
      <translation>运行已结束，但有警告。</translation>
    </message>
    <message>
      <source>The selected row's run as a graph, beside its bench run, coloured by this comparison</source>
      <translation>以计算图显示选中行的运行，与其标杆运行并列，按本次比对着色</translation>
    </message>
    <message>
      <source>The selected run (and call) as a graph of its modules and calls</source>
      <translation>以模块和调用组成的计算图显示选中的运行（及调用）</translation>
    </message>
    <message>
      <source>The setting of your framework that keeps this op in its own dtype</source>
      <translation>让此算子保持其自身数据类型的框架设置</translation>
    </message>
    <message>
      <source>The tensor could not be read.</source>
      <translation>无法读取该Tensor。</translation>
    </message>
    <message>
      <source>The training process's working directory: relative paths start here.</source>
      <translation>训练进程的工作目录：相对路径以此为起点。</translation>
    </message>
    <message>
      <source>The tree holds runs of several formats: the matrix of one format</source>
      <translation>该目录树包含多种格式的运行：显示其中一种格式的矩阵</translation>
    </message>
    <message>
      <source>This call has no dumped data to replay it from.</source>
      <translation>此调用没有可用于重放的Dump数据。</translation>
    </message>
    <message>
      <source>This config was not read from a training script.</source>
      <translation>此配置不是从训练脚本读取的。</translation>
    </message>
    <message>
      <source>This folder is empty: there is nothing to browse.</source>
      <translation>此目录为空：没有可浏览的内容。</translation>
    </message>
    <message>
      <source>This is a demo: an emulated run of the {model} model, its dump tree, float32 golden files and the acl.json that made it.</source>
      <translation>这是演示数据：{model} 模型的一次仿真运行，包括其Dump目录树、float32标杆数据文件以及生成它们的acl.json。</translation>
    </message>
    <message>
      <source>This is not a dump folder: none of the {files} in it is a dump file, stats CSV, overflow or exception record, mapping.csv, graph or golden .npy. The Problems tab lists each with its reason.</source>
      <translation>这不是Dump目录：其中的 {files} 都不是Dump文件、统计CSV、溢出或异常记录、mapping.csv、计算图或标杆数据 .npy。“问题”页逐一列出原因。</translation>
    </message>
    <message>
      <source>This run would stop: {reason}</source>
      <translation>本次运行会中止：{reason}</translation>
    </message>
    <message>
      <source>Timestamp</source>
      <translation>时间戳</translation>
    </message>
    <message>
      <source>Type</source>
      <translation>类型</translation>
    </message>
    <message>
      <source>Undecided: give {example}</source>
      <translation>无法确定：请给出 {example}</translation>
    </message>
    <message>
      <source>Unexpected {kind}: {error}</source>
      <translation>意外错误 {kind}：{error}</translation>
    </message>
    <message>
      <source>Unsaved changes</source>
      <translation>未保存的更改</translation>
    </message>
    <message>
      <source>Value</source>
      <translation>取值</translation>
    </message>
    <message>
      <source>Values</source>
      <translation>数值</translation>
    </message>
    <message>
      <source>Variables in the Environment tab (ASCEND_WORK_PATH, NPU_COLLECT_PATH …) move these folders.</source>
      <translation>“环境变量”页中的变量（ASCEND_WORK_PATH、NPU_COLLECT_PATH …）会改变这些目录。</translation>
    </message>
    <message>
      <source>Verdict</source>
      <translation>判定</translation>
    </message>
    <message>
      <source>Verdict after</source>
      <translation>修改后判定</translation>
    </message>
    <message>
      <source>Verdict before</source>
      <translation>修改前判定</translation>
    </message>
    <message>
      <source>View as PNG…</source>
      <translation>视图导出为PNG…</translation>
    </message>
    <message>
      <source>View as SVG…</source>
      <translation>视图导出为SVG…</translation>
    </message>
    <message>
      <source>Wait for the running task to finish (or cancel it), then switch the language.</source>
      <translation>请等待正在运行的任务结束（或将其取消），然后再切换语言。</translation>
    </message>
    <message>
      <source>Warn above this max absolute error</source>
      <translation>最大绝对误差高于此值时警告</translation>
    </message>
    <message>
      <source>Warn below this cosine; fail when the max abs error is also too big</source>
      <translation>余弦相似度低于此值时警告；若最大绝对误差也过大则判为失败</translation>
    </message>
    <message>
      <source>Warnings for this run:</source>
      <translation>本次运行的警告：</translation>
    </message>
    <message>
      <source>Watched op</source>
      <translation>被观察算子</translation>
    </message>
    <message>
      <source>Watcher</source>
      <translation>内存踩踏</translation>
    </message>
    <message>
      <source>Watcher ({count})</source>
      <translation>内存踩踏（{count}）</translation>
    </message>
    <message>
      <source>Where files land</source>
      <translation>文件写入位置</translation>
    </message>
    <message>
      <source>Where the runtime's acceptance changed between releases (jit_compile's type, options added or removed), findings are judged for this CANN release.</source>
      <translation>运行时的接受规则在不同版本间有变化（jit_compile的类型、新增或移除的参数）时，按此CANN版本判定检查结果。</translation>
    </message>
    <message>
      <source>Why</source>
      <translation>原因</translation>
    </message>
    <message>
      <source>Working directory</source>
      <translation>工作目录</translation>
    </message>
    <message>
      <source>Write the config as {format}</source>
      <translation>将配置写为 {format}</translation>
    </message>
    <message>
      <source>Writing the capture config</source>
      <translation>正在写入采集配置</translation>
    </message>
    <message>
      <source>YES</source>
      <translation>是</translation>
    </message>
    <message>
      <source>a JSON object {...} is expected</source>
      <translation>应为JSON对象 {...}</translation>
    </message>
    <message>
      <source>a float16 tensor reached ±65504, the float16 limit, or Inf</source>
      <translation>float16 Tensor达到 ±65504（float16的上限）或 Inf</translation>
    </message>
    <message>
      <source>accumulation dtype</source>
      <translation>累加的数据类型</translation>
    </message>
    <message>
      <source>accumulation error bound γ(K)</source>
      <translation>累加误差上界 γ(K)</translation>
    </message>
    <message>
      <source>after</source>
      <translation>修改后</translation>
    </message>
    <message>
      <source>agrees</source>
      <translation>一致</translation>
    </message>
    <message>
      <source>all ten</source>
      <translation>全部十项</translation>
    </message>
    <message>
      <source>allowed relative norm error</source>
      <translation>允许的相对范数误差</translation>
    </message>
    <message>
      <source>always</source>
      <translation>总是</translation>
    </message>
    <message>
      <source>any product</source>
      <translation>任意产品</translation>
    </message>
    <message>
      <source>assumed precision</source>
      <translation>假定的计算精度</translation>
    </message>
    <message>
      <source>axis {axis}</source>
      <translation>轴 {axis}</translation>
    </message>
    <message>
      <source>axis {axis} ({size})</source>
      <translation>轴 {axis}（{size}）</translation>
    </message>
    <message>
      <source>before</source>
      <translation>修改前</translation>
    </message>
    <message>
      <source>bench</source>
      <translation>标杆</translation>
    </message>
    <message>
      <source>budget: {key}</source>
      <translation>误差预算：{key}</translation>
    </message>
    <message>
      <source>cancelled</source>
      <translation>已取消</translation>
    </message>
    <message>
      <source>cannot list {folder}: {problem}</source>
      <translation>无法列出 {folder} 的内容：{problem}</translation>
    </message>
    <message>
      <source>choose an existing NPU dump tree</source>
      <translation>请选择已存在的NPU Dump目录树</translation>
    </message>
    <message>
      <source>choose an existing NPU folder or file</source>
      <translation>请选择已存在的NPU目录或文件</translation>
    </message>
    <message>
      <source>choose an existing golden folder or file</source>
      <translation>请选择已存在的标杆目录或文件</translation>
    </message>
    <message>
      <source>choose the NPU run after the change</source>
      <translation>选择修改后的NPU运行</translation>
    </message>
    <message>
      <source>choose the NPU run before the change in Compare's NPU field</source>
      <translation>在比对的NPU栏中选择修改前的NPU运行</translation>
    </message>
    <message>
      <source>choose the golden in Compare's golden field</source>
      <translation>在比对的标杆数据栏中选择标杆数据</translation>
    </message>
    <message>
      <source>chosen</source>
      <translation>已指定</translation>
    </message>
    <message>
      <source>colours</source>
      <translation>颜色</translation>
    </message>
    <message>
      <source>columns</source>
      <translation>列</translation>
    </message>
    <message>
      <source>compare</source>
      <translation>比对</translation>
    </message>
    <message>
      <source>compare before and after</source>
      <translation>比对修改前后</translation>
    </message>
    <message>
      <source>compared in msprobe's {mode} mode</source>
      <translation>按msprobe的 {mode} 模式比对</translation>
    </message>
    <message>
      <source>config</source>
      <translation>配置</translation>
    </message>
    <message>
      <source>control edge</source>
      <translation>控制边</translation>
    </message>
    <message>
      <source>cosine floor</source>
      <translation>余弦相似度下限</translation>
    </message>
    <message>
      <source>cosine similarity</source>
      <translation>余弦相似度</translation>
    </message>
    <message>
      <source>cosine ≥</source>
      <translation>余弦相似度 ≥</translation>
    </message>
    <message>
      <source>count</source>
      <translation>计数</translation>
    </message>
    <message>
      <source>default</source>
      <translation>默认值</translation>
    </message>
    <message>
      <source>default {value}</source>
      <translation>默认值 {value}</translation>
    </message>
    <message>
      <source>defaults</source>
      <translation>默认值</translation>
    </message>
    <message>
      <source>device</source>
      <translation>Device</translation>
    </message>
    <message>
      <source>device shape</source>
      <translation>Device侧shape</translation>
    </message>
    <message>
      <source>device {device}</source>
      <translation>Device {device}</translation>
    </message>
    <message>
      <source>diverged</source>
      <translation>偏离</translation>
    </message>
    <message>
      <source>diverges at: {tensor}</source>
      <translation>偏离位置：{tensor}</translation>
    </message>
    <message>
      <source>done</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>dtype</source>
      <translation>数据类型</translation>
    </message>
    <message>
      <source>dumped {when}</source>
      <translation>Dump于 {when}</translation>
    </message>
    <message>
      <source>elements</source>
      <translation>元素个数</translation>
    </message>
    <message>
      <source>elements over the budget</source>
      <translation>超出误差预算的元素个数</translation>
    </message>
    <message>
      <source>error</source>
      <translation>错误</translation>
    </message>
    <message>
      <source>exception</source>
      <translation>异常</translation>
    </message>
    <message>
      <source>exception dumps</source>
      <translation>异常算子Dump</translation>
    </message>
    <message>
      <source>fail</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>faithful</source>
      <translation>忠实（在误差预算内）</translation>
    </message>
    <message>
      <source>first divergence</source>
      <translation>首个偏离</translation>
    </message>
    <message>
      <source>first divergence here: {tensor}</source>
      <translation>首个偏离在此：{tensor}</translation>
    </message>
    <message>
      <source>first divergence in the other direction: {call}</source>
      <translation>首个偏离位于另一方向：{call}</translation>
    </message>
    <message>
      <source>first divergence: none</source>
      <translation>首个偏离：无</translation>
    </message>
    <message>
      <source>first divergence: rank {rank}, step {step}, {tensor}</source>
      <translation>首个偏离：rank {rank}，step {step}，{tensor}</translation>
    </message>
    <message>
      <source>first divergence: {name} (step {step}, rank {rank})</source>
      <translation>首个偏差：{name}（step {step}，rank {rank}）</translation>
    </message>
    <message>
      <source>first divergence: {tensor} ({cause})</source>
      <translation>首个偏离：{tensor}（{cause}）</translation>
    </message>
    <message>
      <source>fixed</source>
      <translation>已修复</translation>
    </message>
    <message>
      <source>flat index</source>
      <translation>展平索引</translation>
    </message>
    <message>
      <source>floor (smallest normal of the dtype)</source>
      <translation>误差下限（该数据类型的最小正规数）</translation>
    </message>
    <message>
      <source>folder</source>
      <translation>目录</translation>
    </message>
    <message>
      <source>format</source>
      <translation>格式</translation>
    </message>
    <message>
      <source>found in the dump folder</source>
      <translation>在Dump目录中找到</translation>
    </message>
    <message>
      <source>found next to the dump</source>
      <translation>在Dump目录附近找到</translation>
    </message>
    <message>
      <source>framework: as the config shows</source>
      <translation>框架：按配置推断</translation>
    </message>
    <message>
      <source>from the config or the run</source>
      <translation>来自配置或运行</translation>
    </message>
    <message>
      <source>full tensors</source>
      <translation>完整Tensor</translation>
    </message>
    <message>
      <source>fused from: {names}</source>
      <translation>融合自：{names}</translation>
    </message>
    <message>
      <source>golden</source>
      <translation>标杆数据</translation>
    </message>
    <message>
      <source>golden mode needs an existing reference tree</source>
      <translation>标杆模式需要已存在的参考目录树</translation>
    </message>
    <message>
      <source>golden: {file}</source>
      <translation>标杆数据：{file}</translation>
    </message>
    <message>
      <source>gone</source>
      <translation>已消失</translation>
    </message>
    <message>
      <source>graph</source>
      <translation>计算图</translation>
    </message>
    <message>
      <source>graph dumps</source>
      <translation>图Dump</translation>
    </message>
    <message>
      <source>group of {count} ops (double-click to open or close)</source>
      <translation>包含 {count} 个算子的分组（双击展开或折叠）</translation>
    </message>
    <message>
      <source>how the op computes</source>
      <translation>算子的计算方式</translation>
    </message>
    <message>
      <source>improved</source>
      <translation>已改善</translation>
    </message>
    <message>
      <source>index [{where}] (flat {flat})</source>
      <translation>索引 [{where}]（展平 {flat}）</translation>
    </message>
    <message>
      <source>indexing cancelled: folders list as you open them, without counts</source>
      <translation>已取消建立索引：目录在展开时列出，不显示计数</translation>
    </message>
    <message>
      <source>indexing failed</source>
      <translation>建立索引失败</translation>
    </message>
    <message>
      <source>indexing…</source>
      <translation>正在建立索引…</translation>
    </message>
    <message>
      <source>indexing… {files}</source>
      <translation>正在建立索引… {files}</translation>
    </message>
    <message>
      <source>info</source>
      <translation>提示</translation>
    </message>
    <message>
      <source>input {tensor}</source>
      <translation>输入 {tensor}</translation>
    </message>
    <message>
      <source>inputs</source>
      <translation>输入</translation>
    </message>
    <message>
      <source>inputs differed</source>
      <translation>输入已有差异</translation>
    </message>
    <message>
      <source>inserted by the compiler (no original op)</source>
      <translation>由编译器插入（无原始算子）</translation>
    </message>
    <message>
      <source>intermediate precision</source>
      <translation>中间计算精度</translation>
    </message>
    <message>
      <source>introduced</source>
      <translation>由该算子引入</translation>
    </message>
    <message>
      <source>itself</source>
      <translation>自身</translation>
    </message>
    <message>
      <source>kernel</source>
      <translation>kernel错误</translation>
    </message>
    <message>
      <source>line {line}</source>
      <translation>第{line}行</translation>
    </message>
    <message>
      <source>line {line}: {source}</source>
      <translation>第{line}行：{source}</translation>
    </message>
    <message>
      <source>link (not followed)</source>
      <translation>链接（未跟随）</translation>
    </message>
    <message>
      <source>link loop</source>
      <translation>链接循环</translation>
    </message>
    <message>
      <source>listing {folder}</source>
      <translation>正在列出 {folder}</translation>
    </message>
    <message>
      <source>lost (worker died)</source>
      <translation>丢失（worker已退出）</translation>
    </message>
    <message>
      <source>lowest cosine similarity within the budget</source>
      <translation>误差预算内的最低余弦相似度</translation>
    </message>
    <message>
      <source>mapping</source>
      <translation>映射</translation>
    </message>
    <message>
      <source>max</source>
      <translation>最大值</translation>
    </message>
    <message>
      <source>max abs ceiling</source>
      <translation>最大绝对误差上限</translation>
    </message>
    <message>
      <source>max abs error</source>
      <translation>最大绝对误差</translation>
    </message>
    <message>
      <source>max abs ≤</source>
      <translation>最大绝对误差 ≤</translation>
    </message>
    <message>
      <source>max absolute error</source>
      <translation>最大绝对误差</translation>
    </message>
    <message>
      <source>max relative error</source>
      <translation>最大相对误差</translation>
    </message>
    <message>
      <source>mean</source>
      <translation>平均值</translation>
    </message>
    <message>
      <source>memory overwrite (what watcher catches)</source>
      <translation>内存踩踏（watcher场景可发现）</translation>
    </message>
    <message>
      <source>micro-step {n}</source>
      <translation>微步 {n}</translation>
    </message>
    <message>
      <source>min</source>
      <translation>最小值</translation>
    </message>
    <message>
      <source>min … max</source>
      <translation>最小值 … 最大值</translation>
    </message>
    <message>
      <source>mode: as dumped</source>
      <translation>模式：按Dump内容</translation>
    </message>
    <message>
      <source>model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>model id</source>
      <translation>模型ID</translation>
    </message>
    <message>
      <source>model id {id}</source>
      <translation>模型ID {id}</translation>
    </message>
    <message>
      <source>msprobe dump folder…</source>
      <translation>msprobe Dump目录…</translation>
    </message>
    <message>
      <source>msprobe dumps: compared in msprobe's modes below.</source>
      <translation>msprobe Dump：按 msprobe 的比对模式在下方比对。</translation>
    </message>
    <message>
      <source>msprobe statistics</source>
      <translation>msprobe 统计数据</translation>
    </message>
    <message>
      <source>msprobe tensor</source>
      <translation>msprobe Tensor</translation>
    </message>
    <message>
      <source>msprobe: show the forward or the backward calls</source>
      <translation>msprobe：显示前向或反向调用</translation>
    </message>
    <message>
      <source>msprobe: the bench dump to compare with, shown beside</source>
      <translation>msprobe：用于比对的标杆Dump，并排显示</translation>
    </message>
    <message>
      <source>n/a</source>
      <translation>未比对</translation>
    </message>
    <message>
      <source>new</source>
      <translation>新出现</translation>
    </message>
    <message>
      <source>no divergence</source>
      <translation>无偏差</translation>
    </message>
    <message>
      <source>no golden</source>
      <translation>无标杆数据</translation>
    </message>
    <message>
      <source>no reference</source>
      <translation>无参考</translation>
    </message>
    <message>
      <source>no such module on this run</source>
      <translation>此运行中没有该模块</translation>
    </message>
    <message>
      <source>none</source>
      <translation>无</translation>
    </message>
    <message>
      <source>not compared</source>
      <translation>未比对</translation>
    </message>
    <message>
      <source>not declared in this file</source>
      <translation>未在本文件中声明</translation>
    </message>
    <message>
      <source>not in this run</source>
      <translation>本次运行未设置</translation>
    </message>
    <message>
      <source>not valid JSON: {error} (line {line}, column {column})</source>
      <translation>不是有效的JSON：{error}（第 {line} 行，第 {column} 列）</translation>
    </message>
    <message>
      <source>nothing</source>
      <translation>无</translation>
    </message>
    <message>
      <source>op (execution order)</source>
      <translation>算子（执行顺序）</translation>
    </message>
    <message>
      <source>op dtype</source>
      <translation>算子数据类型</translation>
    </message>
    <message>
      <source>op: {op}</source>
      <translation>算子：{op}</translation>
    </message>
    <message>
      <source>ops {first}–{last}</source>
      <translation>算子 {first}–{last}</translation>
    </message>
    <message>
      <source>option</source>
      <translation>配置项</translation>
    </message>
    <message>
      <source>original shape</source>
      <translation>原始shape</translation>
    </message>
    <message>
      <source>output dtype</source>
      <translation>输出的数据类型</translation>
    </message>
    <message>
      <source>outputs</source>
      <translation>输出</translation>
    </message>
    <message>
      <source>overflow</source>
      <translation>溢出</translation>
    </message>
    <message>
      <source>overflow of {op}</source>
      <translation>{op} 的溢出</translation>
    </message>
    <message>
      <source>overflow on ranks: {ranks}</source>
      <translation>溢出的rank：{ranks}</translation>
    </message>
    <message>
      <source>overflow record</source>
      <translation>溢出记录</translation>
    </message>
    <message>
      <source>overflows</source>
      <translation>溢出</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>通过</translation>
    </message>
    <message>
      <source>precision</source>
      <translation>精度</translation>
    </message>
    <message>
      <source>precision mode</source>
      <translation>精度模式</translation>
    </message>
    <message>
      <source>process {n}</source>
      <translation>进程 {n}</translation>
    </message>
    <message>
      <source>product default</source>
      <translation>产品默认值</translation>
    </message>
    <message>
      <source>propose a fix</source>
      <translation>提出修复建议</translation>
    </message>
    <message>
      <source>rank</source>
      <translation>rank目录</translation>
    </message>
    <message>
      <source>rank vs rank (data-parallel group)</source>
      <translation>rank间比对（数据并行组）</translation>
    </message>
    <message>
      <source>rank x op at step {step}</source>
      <translation>rank × 算子（step {step}）</translation>
    </message>
    <message>
      <source>rank x step</source>
      <translation>rank × step</translation>
    </message>
    <message>
      <source>rank {n}</source>
      <translation>rank {n}</translation>
    </message>
    <message>
      <source>rank {rank}</source>
      <translation>rank {rank}</translation>
    </message>
    <message>
      <source>rank {rank} of {world_size}</source>
      <translation>rank {rank}/{world_size}</translation>
    </message>
    <message>
      <source>rank {rank}, step {step}: {status}</source>
      <translation>rank {rank}，step {step}：{status}</translation>
    </message>
    <message>
      <source>ranks that disagree with their group: {ranks}</source>
      <translation>与所在组不一致的rank：{ranks}</translation>
    </message>
    <message>
      <source>read</source>
      <translation>读取</translation>
    </message>
    <message>
      <source>reduced precision</source>
      <translation>降低精度</translation>
    </message>
    <message>
      <source>reduction length K</source>
      <translation>归约长度 K</translation>
    </message>
    <message>
      <source>reference</source>
      <translation>参考实现</translation>
    </message>
    <message>
      <source>reference dump</source>
      <translation>参考数据</translation>
    </message>
    <message>
      <source>reference rank</source>
      <translation>参考rank</translation>
    </message>
    <message>
      <source>reference tree (golden mode only)</source>
      <translation>参考目录树（仅标杆模式）</translation>
    </message>
    <message>
      <source>relative error ‖·‖₂</source>
      <translation>相对误差 ‖·‖₂</translation>
    </message>
    <message>
      <source>relative norm error</source>
      <translation>相对范数误差</translation>
    </message>
    <message>
      <source>replay budget</source>
      <translation>重放误差预算</translation>
    </message>
    <message>
      <source>replay every op</source>
      <translation>重放全部算子</translation>
    </message>
    <message>
      <source>replay {op}</source>
      <translation>重放{op}</translation>
    </message>
    <message>
      <source>replay: {verdict}</source>
      <translation>重放：{verdict}</translation>
    </message>
    <message>
      <source>roundings to the output dtype</source>
      <translation>舍入到输出数据类型的次数</translation>
    </message>
    <message>
      <source>row {row}, {column}: {problem}</source>
      <translation>第 {row} 行，{column}：{problem}</translation>
    </message>
    <message>
      <source>rows</source>
      <translation>行</translation>
    </message>
    <message>
      <source>safety factor</source>
      <translation>安全系数</translation>
    </message>
    <message>
      <source>scalar</source>
      <translation>标量</translation>
    </message>
    <message>
      <source>scan</source>
      <translation>扫描</translation>
    </message>
    <message>
      <source>size: {size} bytes</source>
      <translation>大小：{size} 字节</translation>
    </message>
    <message>
      <source>statistics</source>
      <translation>统计数据</translation>
    </message>
    <message>
      <source>statistics differ</source>
      <translation>统计数据不一致</translation>
    </message>
    <message>
      <source>stats</source>
      <translation>统计数据</translation>
    </message>
    <message>
      <source>status: {status}</source>
      <translation>状态：{status}</translation>
    </message>
    <message>
      <source>std</source>
      <translation>标准差</translation>
    </message>
    <message>
      <source>step</source>
      <translation>迭代</translation>
    </message>
    <message>
      <source>step vs previous step</source>
      <translation>step与上一step比对</translation>
    </message>
    <message>
      <source>step {n}</source>
      <translation>第 {n} 个 step</translation>
    </message>
    <message>
      <source>step {step}</source>
      <translation>迭代 {step}</translation>
    </message>
    <message>
      <source>symmetric ±max</source>
      <translation>对称 ±最大值</translation>
    </message>
    <message>
      <source>task {task_id} (no graph dump names it)</source>
      <translation>任务 {task_id}（没有计算图 Dump 可确定其算子名）</translation>
    </message>
    <message>
      <source>tcp://host:8786 runs the per-run work on a Dask cluster whose workers see the same paths</source>
      <translation>tcp://host:8786：在Dask集群上执行每次运行的比对，集群的worker需能以相同路径访问文件</translation>
    </message>
    <message>
      <source>tensor</source>
      <translation>Tensor</translation>
    </message>
    <message>
      <source>tensor (execution order)</source>
      <translation>Tensor（执行顺序）</translation>
    </message>
    <message>
      <source>tensor plot</source>
      <translation>Tensor图表</translation>
    </message>
    <message>
      <source>the first divergence</source>
      <translation>首个偏离</translation>
    </message>
    <message>
      <source>the first divergence and every overflowing op</source>
      <translation>首个偏离及每个溢出算子</translation>
    </message>
    <message>
      <source>the graph dump file does not exist</source>
      <translation>图Dump文件不存在</translation>
    </message>
    <message>
      <source>the plot could not be encoded as PNG</source>
      <translation>无法将图表编码为PNG</translation>
    </message>
    <message>
      <source>the script</source>
      <translation>脚本</translation>
    </message>
    <message>
      <source>the tree's first divergence is in this module</source>
      <translation>整棵树的首个偏离位于此模块</translation>
    </message>
    <message>
      <source>the whole config</source>
      <translation>整个配置</translation>
    </message>
    <message>
      <source>tick at least one metric</source>
      <translation>请至少勾选一项指标</translation>
    </message>
    <message>
      <source>time</source>
      <translation>时间</translation>
    </message>
    <message>
      <source>type: {type}</source>
      <translation>类型：{type}</translation>
    </message>
    <message>
      <source>unchanged</source>
      <translation>未变化</translation>
    </message>
    <message>
      <source>undecided</source>
      <translation>无法确定</translation>
    </message>
    <message>
      <source>undecided: set to {value} only when {condition} (line {line})</source>
      <translation>无法确定：仅当 {condition} 时设为 {value}（第{line}行）</translation>
    </message>
    <message>
      <source>unit roundoff of the accumulation dtype</source>
      <translation>累加数据类型的单位舍入误差</translation>
    </message>
    <message>
      <source>unit roundoff of the output dtype</source>
      <translation>输出数据类型的单位舍入误差</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>未知</translation>
    </message>
    <message>
      <source>unmatched</source>
      <translation>未匹配</translation>
    </message>
    <message>
      <source>unreadable</source>
      <translation>不可读</translation>
    </message>
    <message>
      <source>unreadable: {problem}</source>
      <translation>无法读取：{problem}</translation>
    </message>
    <message>
      <source>unsupported</source>
      <translation>不支持</translation>
    </message>
    <message>
      <source>untitled</source>
      <translation>未命名</translation>
    </message>
    <message>
      <source>value</source>
      <translation>值</translation>
    </message>
    <message>
      <source>values</source>
      <translation>数值</translation>
    </message>
    <message>
      <source>verdict</source>
      <translation>结论</translation>
    </message>
    <message>
      <source>warn</source>
      <translation>警告</translation>
    </message>
    <message>
      <source>warning</source>
      <translation>警告</translation>
    </message>
    <message>
      <source>working directory</source>
      <translation>工作目录</translation>
    </message>
    <message>
      <source>worse</source>
      <translation>变差</translation>
    </message>
    <message>
      <source>worst error / allowed error</source>
      <translation>最大误差与允许误差之比</translation>
    </message>
    <message>
      <source>write the capture config</source>
      <translation>写入采集配置</translation>
    </message>
    <message>
      <source>writing {path}</source>
      <translation>正在写入 {path}</translation>
    </message>
    <message>
      <source>wrong kernel (small relative error)</source>
      <translation>kernel计算错误（较小的相对误差）</translation>
    </message>
    <message>
      <source>wrote {path}</source>
      <translation>已写入 {path}</translation>
    </message>
    <message>
      <source>{action} failed.</source>
      <translation>{action}失败。</translation>
    </message>
    <message>
      <source>{artifact}: {path} (the config says {original}, outside the working folder)</source>
      <translation>{artifact}：{path}（配置中为 {original}，位于工作目录之外）</translation>
    </message>
    <message>
      <source>{count:,} {kind}</source>
      <translation>{count:,} 个{kind}</translation>
    </message>
    <message>
      <source>{count:,} {kind} (first {shown:,} marked)</source>
      <translation>{count:,} 个{kind}（标记前 {shown:,} 个）</translation>
    </message>
    <message>
      <source>{counts} — click one to go to the option</source>
      <translation>{counts} — 单击一项可跳转到对应配置项</translation>
    </message>
    <message>
      <source>{count} chosen</source>
      <translation>已选 {count} 项</translation>
    </message>
    <message>
      <source>{count} edges; first: {tensor}</source>
      <translation>{count} 条边；第一条：{tensor}</translation>
    </message>
    <message>
      <source>{count} error</source>
      <translation>{count} 个错误</translation>
    </message>
    <message>
      <source>{count} errors</source>
      <translation>{count} 个错误</translation>
    </message>
    <message>
      <source>{count} exception</source>
      <translation>{count} 个异常</translation>
    </message>
    <message>
      <source>{count} file</source>
      <translation>{count} 个文件</translation>
    </message>
    <message>
      <source>{count} file or folder</source>
      <translation>{count} 个文件或目录</translation>
    </message>
    <message>
      <source>{count} files</source>
      <translation>{count} 个文件</translation>
    </message>
    <message>
      <source>{count} files or folders</source>
      <translation>{count} 个文件或目录</translation>
    </message>
    <message>
      <source>{count} flags; {given} given on the command line, the others at their defaults.</source>
      <translation>共{count}个命令行参数；{given}个在命令行中给出，其余使用默认值。</translation>
    </message>
    <message>
      <source>{count} note</source>
      <translation>{count} 条提示</translation>
    </message>
    <message>
      <source>{count} notes</source>
      <translation>{count} 条提示</translation>
    </message>
    <message>
      <source>{count} ops</source>
      <translation>{count} 个算子</translation>
    </message>
    <message>
      <source>{count} ops linked to the original graph</source>
      <translation>{count} 个算子关联到原始计算图</translation>
    </message>
    <message>
      <source>{count} options.</source>
      <translation>共 {count} 个配置项。</translation>
    </message>
    <message>
      <source>{count} overflow</source>
      <translation>{count} 个溢出</translation>
    </message>
    <message>
      <source>{count} overflow record(s):</source>
      <translation>{count} 条溢出记录：</translation>
    </message>
    <message>
      <source>{count} problem</source>
      <translation>{count} 个问题</translation>
    </message>
    <message>
      <source>{count} problem(s) stop this run:</source>
      <translation>{count} 个问题会使本次运行中止：</translation>
    </message>
    <message>
      <source>{count} problems</source>
      <translation>{count} 个问题</translation>
    </message>
    <message>
      <source>{count} problems: {first}</source>
      <translation>{count} 个问题：{first}</translation>
    </message>
    <message>
      <source>{count} settings are undecided: the run does not decide their conditions.</source>
      <translation>{count} 个设置无法确定：本次运行无法确定其条件。</translation>
    </message>
    <message>
      <source>{count} unreadable</source>
      <translation>无法读取 {count}</translation>
    </message>
    <message>
      <source>{count} warning</source>
      <translation>{count} 个警告</translation>
    </message>
    <message>
      <source>{count} warnings</source>
      <translation>{count} 个警告</translation>
    </message>
    <message>
      <source>{files}, {problems}</source>
      <translation>{files}，{problems}</translation>
    </message>
    <message>
      <source>{format} cannot carry everything in this config:</source>
      <translation>{format} 无法容纳此配置中的全部内容：</translation>
    </message>
    <message>
      <source>{framework}: capture {ops}</source>
      <translation>{framework}：采集 {ops}</translation>
    </message>
    <message>
      <source>{key} is one of {choices}</source>
      <translation>{key} 的取值为 {choices} 之一</translation>
    </message>
    <message>
      <source>{key} is true or false</source>
      <translation>{key} 的取值为 true 或 false</translation>
    </message>
    <message>
      <source>{key} must be a number</source>
      <translation>{key} 必须为数字</translation>
    </message>
    <message>
      <source>{key} must be a whole number</source>
      <translation>{key} 必须为整数</translation>
    </message>
    <message>
      <source>{key} must be at least {minimum}</source>
      <translation>{key} 不能小于 {minimum}</translation>
    </message>
    <message>
      <source>{key} must be at most {maximum}</source>
      <translation>{key} 不能大于 {maximum}</translation>
    </message>
    <message>
      <source>{key}: a JSON list of objects is expected, like {example}</source>
      <translation>{key}：应为由对象组成的JSON列表，例如 {example}</translation>
    </message>
    <message>
      <source>{key}: not valid JSON ({error}); expected {example}</source>
      <translation>{key}：不是有效的JSON（{error}）；应为 {example}</translation>
    </message>
    <message>
      <source>{kind}: {path}</source>
      <translation>{kind}：{path}</translation>
    </message>
    <message>
      <source>{label}: task {task}, level {level}, framework {framework}, {calls} calls</source>
      <translation>{label}：task {task}，level {level}，框架 {framework}，{calls} 个调用</translation>
    </message>
    <message>
      <source>{name} already sets these values, or none of the changes can be written to it.</source>
      <translation>{name} 已设置了这些值，或者所有改动都无法写入该文件。</translation>
    </message>
    <message>
      <source>{name}: md5 mode compares CRC-32 checksums; msprobe wrote no tensor file for this row, so there is nothing to plot (the checksums are in the table).</source>
      <translation>{name}：md5 模式比对 CRC-32 校验和；msprobe 没有为此行写入Tensor文件，因此没有可绘制的内容（校验和在表格中）。</translation>
    </message>
    <message>
      <source>{name}: msprobe dumped statistics only for this row (no tensor file), so there is nothing to plot; its statistics are in the table.</source>
      <translation>{name}：msprobe 对此行只Dump了统计数据（没有Tensor文件），因此没有可绘制的内容；其统计数据在表格中。</translation>
    </message>
    <message>
      <source>{name}: {ops} ops, {groups} groups · layout: {engine}</source>
      <translation>{name}：{ops} 个算子，{groups} 个分组 · 布局：{engine}</translation>
    </message>
    <message>
      <source>{npu} matched with {bench}: comparing again…</source>
      <translation>{npu} 已与 {bench} 匹配：正在重新比对…</translation>
    </message>
    <message>
      <source>{npu} vs {bench}, msprobe {mode}: {runs} runs, {rows} rows, {errors} error, {warnings} warning, {unchecked} not compared, {overflows} overflows; {where}</source>
      <translation>{npu} 对比 {bench}，msprobe {mode}：{runs} 个运行，{rows} 行，{errors} 个错误，{warnings} 个警告，{unchecked} 个未比对，溢出 {overflows}；{where}</translation>
    </message>
    <message>
      <source>{npu} vs {golden}</source>
      <translation>{npu} 对比 {golden}</translation>
    </message>
    <message>
      <source>{npu} vs {golden} ({mode}): {compared} compared · {failed} failed · {unchecked} not compared · {unmatched} unmatched · {overflows} overflow</source>
      <translation>{npu} 对比 {golden}（{mode}）：已比对 {compared} · 失败 {failed} · 未比对 {unchecked} · 未匹配 {unmatched} · 溢出 {overflows}</translation>
    </message>
    <message>
      <source>{npu} vs {ref} ({mode}): {runs} runs ({ranks} ranks x {steps} steps), {failed} tensors not reached, {unchecked} not compared, {full} runs compared in full</source>
      <translation>{npu} 对比 {ref}（{mode}）：{runs}个运行（{ranks}个rank × {steps}个step），{failed}个Tensor未达标，{unchecked}个未比对，{full}个运行做了完整比对</translation>
    </message>
    <message>
      <source>{n} runs not compared (workers lost)</source>
      <translation>{n}个运行未比对（worker丢失）</translation>
    </message>
    <message>
      <source>{ops} ops: {faithful} faithful, {reduced_precision} reduced precision, {kernel} kernel, {unsupported} unsupported.</source>
      <translation>{ops} 个算子：{faithful} 个忠实，{reduced_precision} 个降低精度，{kernel} 个kernel错误，{unsupported} 个不支持。</translation>
    </message>
    <message>
      <source>{option} ({source}, line {line})</source>
      <translation>{option}（{source}，第{line}行）</translation>
    </message>
    <message>
      <source>{option} = {value}: {why}</source>
      <translation>{option} = {value}：{why}</translation>
    </message>
    <message>
      <source>{option}: {problem}</source>
      <translation>{option}：{problem}</translation>
    </message>
    <message>
      <source>{op} ({type}): {verdict} at {precision}. {reason}</source>
      <translation>{op}（{type}）：在 {precision} 下{verdict}。{reason}</translation>
    </message>
    <message>
      <source>{op} ({type}): {verdict} · vs {reference} {golden} · vs replay {replay} · budget {budget}</source>
      <translation>{op}（{type}）：{verdict} · 对比{reference} {golden} · 对比重放 {replay} · 误差预算 {budget}</translation>
    </message>
    <message>
      <source>{path} is the training script this config was read from; Save and Export write the config to a file of its own. Use “Apply to script…” to change the script's lines.</source>
      <translation>{path} 是读取此配置的训练脚本；保存和导出会把配置写入单独的文件。如需修改脚本中的行，请使用“应用到脚本…”。</translation>
    </message>
    <message>
      <source>{problems}. Export it as {scenario} or as a project file instead.</source>
      <translation>{problems}。请改为导出为 {scenario} 或工程文件。</translation>
    </message>
    <message>
      <source>{rows} tensors, {failed} not reached, {overflows} overflows</source>
      <translation>{rows}个Tensor，{failed}个未达标，{overflows}个溢出</translation>
    </message>
    <message>
      <source>{runs} runs in {path}</source>
      <translation>{path} 中有 {runs} 个运行</translation>
    </message>
    <message>
      <source>{run} {direction}: {calls} calls, {groups} groups · layout: {engine}</source>
      <translation>{run} {direction}：{calls} 个调用，{groups} 个分组 · 布局：{engine}</translation>
    </message>
    <message>
      <source>{shown} of {total} shown</source>
      <translation>已显示 {shown}/{total}</translation>
    </message>
    <message>
      <source>{task}: cancelling…</source>
      <translation>{task}：正在取消…</translation>
    </message>
    <message>
      <source>{tensor} (nothing to pair it with in the {reference})</source>
      <translation>{tensor}（{reference}中没有可与之配对的Tensor）</translation>
    </message>
    <message>
      <source>{text}; when {condition}</source>
      <translation>{text}；条件：{condition}</translation>
    </message>
    <message>
      <source>{title} (device layout)</source>
      <translation>{title}（Device格式）</translation>
    </message>
    <message>
      <source>{title} has unsaved changes. Save them first?</source>
      <translation>{title} 有未保存的更改。是否先保存？</translation>
    </message>
    <message>
      <source>{unit} reported an overflow (status word {status})</source>
      <translation>{unit} 报告溢出（状态字 {status}）</translation>
    </message>
    <message>
      <source>{value} (not allowed)</source>
      <translation>{value}（不允许）</translation>
    </message>
    <message>
      <source>{value} (undecided)</source>
      <translation>{value}（无法确定）</translation>
    </message>
    <message>
      <source>{value} ({source})</source>
      <translation>{value}（{source}）</translation>
    </message>
    <message>
      <source>|Error| heatmap</source>
      <translation>|误差| 热力图</translation>
    </message>
    <message>
      <source>|Error| histogram</source>
      <translation>|误差| 直方图</translation>
    </message>
    <message>
      <source>|Error| table</source>
      <translation>|误差| 表格</translation>
    </message>
    <message>
      <source>|NPU − {reference}|</source>
      <translation>NPU与{reference}之差的绝对值</translation>
    </message>
    <message>
      <source>|error|</source>
      <translation>|误差|</translation>
    </message>
    <message>
      <source>λ (transcendental error)</source>
      <translation>λ（超越函数误差）</translation>
    </message>
    <message>
      <source>… {count} more rows</source>
      <translation>… 另有 {count} 行</translation>
    </message>
    <message>
      <source>∞ or NaN (at the top)</source>
      <translation>∞ 或 NaN（画在顶部）</translation>
    </message>
  </context>
</TS>
