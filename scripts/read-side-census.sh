#!/usr/bin/env bash
# Issue 25's census of the read side of a project file, at a git revision (default: the work tree).
#
#   scripts/read-side-census.sh [REV]
#
# Counts, by the names each piece is declared under (a name the census does not know is not
# counted, so read the list below when a piece is renamed):
#   - JSON lexers that read project files: JSONScanner, ProjectLineScanner, HistoryScanner, and
#     the `endOfArray` skipper of the streaming reader; the head-only list reader's key skipper
#     (`skipChecked`) is counted with them as the reader it served (`decodeListEntry`);
#   - readers of a project file (whole decode, streaming, line window, list entry);
#   - line decoders (readStoredLine, readAnyLine, decodeLine); line checkers (LineRules.check,
#     accepts, checkKept);
#   - places in Swift that add up supplement bases (addUpBases, SupplementBases.bases,
#     LineAmounts' `bases(of:subtotal:)`, LineWindow.check, Supplement.base(of:));
#   - measurement parsers (ExpressionParser, ByteParser);
#   - lines of Swift (non-blank, not comments) of the read side's files.
set -euo pipefail
cd "$(dirname "$0")/.."
REV=${1:-}
show() { if [ -n "$REV" ]; then git show "$REV:$1" 2>/dev/null || true; else cat "$1" 2>/dev/null || true; fi; }
files() { if [ -n "$REV" ]; then git ls-tree -r --name-only "$REV" Sources; else git ls-files Sources; fi; }
all=$(files | grep '\.swift$' | while read -r f; do show "$f"; done)
count() { printf '%s\n' "$all" | grep -cE "$1" || true; }
lexers=$(( $(count '^(public |final )*struct JSONScanner\b') + $(count '^(public |final )*struct ProjectLineScanner\b') \
  + $(count '^(public |final )*struct HistoryScanner\b|enum HistoryScanner\b') + $(count 'static func endOfArray\(') + $(count 'mutating func skipChecked\(') ))
readers=$(( $(count 'static func decode\(_ bytes: \[UInt8\], source: String\) throws -> Project \{') + $(count 'static func decodeStreaming\(') + $(count 'static func decodeForLineChange\(') + $(count 'static func decodeListEntry\(') ))
decoders=$(( $(count 'func readStoredLine\(') + $(count 'func readAnyLine\(') + $(count 'func decodeLine\(') ))
checkers=$(( $(count 'mutating func check\(_ l: Line') + $(count 'mutating func accepts\(') + $(count 'mutating func checkKept\(') ))
bases=$(( $(count 'func addUpBases\(') + $(count 'func bases\(subtotal:') + $(count 'func bases\(of supplements: \[Supplement\], subtotal') \
  + $(count 'func check\(_ staged: Project\)') + $(count 'func base\(of lines:') ))
parsers=$(( $(count '(struct|enum) ExpressionParser\b') + $(count '(struct|enum) ByteParser\b') ))
readside="Sources/AkkordKit/Store/ProjectCodec.swift Sources/AkkordKit/Store/ProjectStream.swift Sources/AkkordKit/Store/ProjectLineScanner.swift
Sources/AkkordKit/Store/HistoryScanner.swift Sources/AkkordKit/Store/LineWindow.swift Sources/AkkordKit/Support/JSONScanner.swift
Sources/AkkordKit/Model/ProjectLines.swift Sources/AkkordKit/Model/LineView.swift Sources/AkkordKit/Model/ProjectRules.swift"
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
