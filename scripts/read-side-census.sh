#!/usr/bin/env bash
# Issue 25's census of the read side of a project file, at a git revision (default: the work tree).
#
#   scripts/read-side-census.sh [REV]
#
# Counts, by the code that makes each piece (a name the census does not know is not counted, so
# read the list below when a piece is renamed):
#   - JSON lexers that read project files: every type with a lexer of its own (its own
#     `skipWhitespace`: JSONScanner, and before issue 25 ProjectLineScanner and HistoryScanner),
#     the `endOfArray` skipper of the old streaming reader, and the old head-only list reader's
#     key skipper (`skipChecked`);
#   - readers of a project file: the whole decode (while it read the file itself with
#     `JSONReader.readObject(..., streaming: "lines")`), decodeStreaming, decodeForLineChange,
#     decodeListEntry, and `ProjectReader.read`;
#   - line decoders: readStoredLine, readAnyLine, decodeLine, and `struct LineDecoder` (its fast
#     path for akkord's layout and its tree path are one decoder);
#   - line checkers (the rules of a line's own members): LineRules.check on a `Line`, accepts,
#     checkKept, and `check(_ v: LineView` (its `check(keptId:` part, the rules that depend on
#     the other lines, is not a second checker);
#   - places in Swift that add up supplement bases: each `SupplementBases(` accumulator made
#     (ProjectLines.addUpBases, LineAmounts.bases, the streaming reader's fallback walk,
#     LineWindow.check), `Supplement.base(of:)`, and the sum in `LineAmounts.bases`
#     (`sums[s].add(amount)`);
#   - measurement parsers (ExpressionParser, ByteParser; now the one `Parser` of Measurement.swift);
#   - lines of Swift (non-blank, not comments) of the read side's files.
set -euo pipefail
cd "$(dirname "$0")/.."
REV=${1:-}
show() { if [ -n "$REV" ]; then git show "$REV:$1" 2>/dev/null || true; else cat "$1" 2>/dev/null || true; fi; }
files() { if [ -n "$REV" ]; then git ls-tree -r --name-only "$REV" Sources; else git ls-files Sources; fi; }
all=$(files | grep '\.swift$' | while read -r f; do show "$f"; done)
count() { printf '%s\n' "$all" | grep -cE "$1" || true; }
lexers=$(( $(count 'func skipWhitespace\(') + $(count 'static func endOfArray\(') + $(count 'mutating func skipChecked\(') ))
readers=$(( $(count 'JSONReader.readObject\(bytes, source: source, streaming: "lines"') + $(count 'static func decodeStreaming\(') \
  + $(count 'static func decodeForLineChange\(') + $(count 'static func decodeListEntry\(') + $(count 'static func read\(_ buffer: UnsafeBufferPointer<UInt8>, file: MappedFile\? = nil, source') ))
decoders=$(( $(count 'func readStoredLine\(') + $(count 'func readAnyLine\(') + $(count 'func decodeLine\(') + $(count '^(package )?struct LineDecoder\b') ))
checkers=$(( $(count 'mutating func check\(_ l: Line') + $(count 'mutating func accepts\(') + $(count 'mutating func checkKept\(') + $(count 'mutating func check\(_ v: LineView') ))
bases=$(( $(count 'SupplementBases\(') + $(count 'func base\(of lines:') + $(count 'sums\[s\]\.add\(amount\)') ))
parsers=$(( $(count '(struct|enum) ExpressionParser\b') + $(count '(struct|enum) ByteParser\b') + $(count 'private struct Parser\b') ))
# The read side's files, then and now (a file missing at a revision counts 0).
readside="Sources/AkkordKit/Store/ProjectCodec.swift Sources/AkkordKit/Store/ProjectStream.swift Sources/AkkordKit/Store/ProjectLineScanner.swift
Sources/AkkordKit/Store/HistoryScanner.swift Sources/AkkordKit/Store/ProjectReader.swift Sources/AkkordKit/Store/LineDecoder.swift
Sources/AkkordKit/Store/HistoryDecoder.swift Sources/AkkordKit/Store/LineWindow.swift Sources/AkkordKit/Support/JSONScanner.swift
Sources/AkkordKit/Model/ProjectLines.swift Sources/AkkordKit/Model/LineAmounts.swift Sources/AkkordKit/Model/LineView.swift
Sources/AkkordKit/Model/ProjectRules.swift Sources/AkkordKit/Model/Measurement.swift"
loc=0
for f in $readside; do n=$(show "$f" | grep -vcE '^\s*(//.*)?$' || true); loc=$((loc + n)); done
echo "revision: ${REV:-work tree}"
echo "project-file JSON lexers: $lexers"
echo "project-file readers: $readers"
echo "line decoders: $decoders"
echo "line checkers: $checkers"
echo "places adding up supplement bases: $bases"
echo "measurement parsers: $parsers"
echo "read-side lines of Swift: $loc"
