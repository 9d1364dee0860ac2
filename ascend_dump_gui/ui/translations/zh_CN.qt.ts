<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>QAbstractFileIconProvider</name>
    <message>
      <source>Alias</source>
      <translation>别名</translation>
    </message>
    <message>
      <source>Drive</source>
      <translation>驱动器</translation>
    </message>
    <message>
      <source>File Folder</source>
      <translation>文件夹</translation>
    </message>
    <message>
      <source>Folder</source>
      <translation>文件夹</translation>
    </message>
    <message>
      <source>Shortcut</source>
      <translation>快捷方式</translation>
    </message>
    <message>
      <source>Unknown</source>
      <translation>未知</translation>
    </message>
  </context>
  <context>
    <name>QFileDialog</name>
    <message>
      <source>&amp;Look in:</source>
      <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
      <source>Files of &amp;type:</source>
      <translation>文件类型(&amp;T)：</translation>
    </message>
  </context>
</TS>
