#!/usr/bin/env bash
# The README as written (issue 27; SPEC §15: "install commands in the README make the folders they
# write into"): every command line of its ```sh blocks, in the README's order, exits 0 on a fresh
# home. The blocks are one tutorial: all lines run in ONE home, an empty temporary directory, and
# one fresh working directory, so what one block makes the next one uses. One pass per line; a
# failing line is named by its README line number, with the command and its stderr.
#
# How a line is read: a line ending in `\` is joined with the next; a comment (a `#` that starts a
# word outside quotes, as bash reads it) is cut off; a line that is only a comment is not a command.
# How it runs: `timeout 20 bash -o pipefail -c LINE`, stdin from /dev/null (so nothing can wait
# for input), under `env -i` with only HOME, PATH (a directory holding an `akkord` link to the
# binary first), LANG=C.UTF-8, NO_COLOR=1, MANPAGER=cat and PAGER=cat: no AKKORD_*, no XDG_*.
# Only exit statuses are checked, as messages change; but where a README comment states a figure
# (`… = 46.200,00`), the line's output must carry that figure (in either number format).
#
# Skipped by rule, and named in the output with the rule:
#   [VAR=VALUE …] swift …                       development commands; CI runs `swift test` and the
#                                               release build itself
#   install … .build/release/akkord …           installs the binary CI built; the `akkord` link
#                                               first on PATH stands in for it
# Run otherwise than in bash, where the README says they belong:
#   akkord add (no arguments)                   asks on a terminal: runs in a pseudo-terminal
#                                               (script(1)) whose input ends at once, so it adds nothing
#   source <(akkord completions zsh)            goes "in ~/.zshrc, after compinit": runs in zsh
#                                               after `compinit`
#
# Prepared in the working directory before the first line, because README lines name them:
#   prices.csv      `akkord catalogue export --format csv` of the bundled handbook, the price list
#                   `catalogue import prices.csv` reads (and `cat prices.csv |` pipes)
#   handbook.json   `akkord catalogue export --format json`, the whole catalogue that
#                   `catalogue import handbook.json --replace` brings in
#   roof-north.jpg  a 1×1 gray baseline JPEG and a 1×1 gray PNG (bytes written with printf) for
#   gutter.png      `photo add`, which checks a photo's whole structure, so they must be real images
# Both exports are made with akkord in a home of their own, so the tutorial's home starts empty.
source "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
README="$ROOT/README.md"
for tool in timeout script zsh man; do command -v $tool >/dev/null || { fail "$tool is not installed"; finish; exit 1; }; done
BIN="$(cd "$(dirname "$AKKORD")" && pwd -P)/$(basename "$AKKORD")"
[ -x "$BIN" ] || { fail "no binary at $AKKORD"; finish; exit 1; }

HOMEDIR="$WORK/home"; RUN="$WORK/cwd"; LINK="$WORK/bin"
mkdir -p "$HOMEDIR" "$RUN" "$LINK" "$WORK/prep"
ln -s "$BIN" "$LINK/akkord"
PATH_RUN="$LINK:$PATH"
# in_env HOME COMMAND...: the clean environment every line runs in
in_env() {
  local home=$1; shift
  env -i HOME="$home" PATH="$PATH_RUN" LANG=C.UTF-8 NO_COLOR=1 MANPAGER=cat PAGER=cat "$@"
}

# --- the files the README's lines name
in_env "$WORK/prep" akkord catalogue export --format csv -o "$RUN/prices.csv" >/dev/null 2>"$WORK/err" \
  || fail "prepare prices.csv: $(head -c 300 "$WORK/err")"
in_env "$WORK/prep" akkord catalogue export --format json -o "$RUN/handbook.json" >/dev/null 2>"$WORK/err" \
  || fail "prepare handbook.json: $(head -c 300 "$WORK/err")"
# 1×1 gray, 8-bit, non-interlaced PNG (IHDR, one IDAT, IEND; CRCs computed)
printf '\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x00\x00\x00\x00\x3a\x7e\x9b\x55\x00\x00\x00\x0aIDAT\x78\x9c\x63\x68\x00\x00\x00\x82\x00\x81\x77\xcd\x72\xb6\x00\x00\x00\x00IEND\xae\x42\x60\x82' >"$RUN/gutter.png"
# 1×1 gray baseline JPEG: DQT (all 1), SOF0, a one-code DC and AC Huffman table, one scan whose
# only block is DC difference 0 and end-of-block (bits 00, padded with ones: 0x3f), EOI.
{ printf '\xff\xd8\xff\xdb\x00\x43\x00'; for _ in $(seq 64); do printf '\x01'; done
  printf '\xff\xc0\x00\x0b\x08\x00\x01\x00\x01\x01\x01\x11\x00'
  printf '\xff\xc4\x00\x14\x00\x01'; for _ in $(seq 16); do printf '\x00'; done
  printf '\xff\xc4\x00\x14\x10\x01'; for _ in $(seq 16); do printf '\x00'; done
  printf '\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00\x3f\xff\xd9'; } >"$RUN/roof-north.jpg"

# --- the command lines of the ```sh blocks, in order
# split LINE: CODE (the line without its comment, trailing blanks removed) and COMMENT
split() {
  local s=$1 i c q="" prev=" "
  CODE=$s; COMMENT=""
  for ((i = 0; i < ${#s}; i++)); do
    c=${s:i:1}
    if [ -n "$q" ]; then
      if [ "$c" = "$q" ]; then q=""; elif [ "$q" = '"' ] && [ "$c" = '\' ]; then i=$((i + 1)); fi
    elif [ "$c" = "'" ] || [ "$c" = '"' ]; then q=$c
    elif [ "$c" = '\' ]; then i=$((i + 1))
    elif [ "$c" = "#" ] && [[ $prev == [[:space:]] ]]; then CODE=${s:0:i}; COMMENT=${s:i+1}; break
    fi
    prev=$c
  done
  CODE="${CODE%"${CODE##*[![:space:]]}"}"
}
NUMS=(); CMDS=(); NOTES=(); BLOCKS=0
n=0; inside=0; joined=""; note=""; first=0
while IFS= read -r line || [ -n "$line" ]; do
  n=$((n + 1))
  if [ "$inside" = 0 ]; then
    if [[ $line =~ ^\`\`\`sh[[:space:]]*$ ]]; then inside=1; BLOCKS=$((BLOCKS + 1)); fi
    continue
  fi
  if [[ $line =~ ^\`\`\` ]]; then
    inside=0
    [ -n "$joined" ] && fail "README.md:$first: the block ends inside a continued line: $joined"
    joined=""; continue
  fi
  split "$line"
  [ -z "$joined" ] && first=$n && note=""
  [ -n "$COMMENT" ] && note+="$COMMENT "
  if [[ $CODE == *\\ ]]; then joined+="${CODE%\\} "; continue; fi
  CODE="$joined$CODE"; joined=""
  CODE="${CODE#"${CODE%%[![:space:]]*}"}"
  [ -z "$CODE" ] && continue
  NUMS+=("$first"); CMDS+=("$CODE"); NOTES+=("$note")
done <"$README"
[ "$BLOCKS" -gt 0 ] && [ "${#CMDS[@]}" -gt 0 ] || { fail "no \`\`\`sh block with commands in $README"; finish; exit 1; }

# A figure with 2 decimals in either format (46.200,00 / 46,200.00) as digits and a point: 46200.00
canon() { local s=$1 int; int=${s%??}; int=${int%[.,]}; echo "${int//[.,]/}.${s: -2}"; }

RAN=0; SKIPPED=0; SKIPS=""
for i in "${!CMDS[@]}"; do
  num=${NUMS[$i]} cmd=${CMDS[$i]} note=${NOTES[$i]}
  rule=""
  if [[ $cmd =~ ^([A-Z_]+=[^[:space:]]*[[:space:]]+)*swift([[:space:]]|$) ]]; then
    rule="swift …: development; CI runs the tests and the build itself"
  elif [[ $cmd =~ ^install[[:space:]] && $cmd == *.build/release/akkord* ]]; then
    rule="install of the built binary: the akkord link first on PATH stands in for it"
  fi
  if [ -n "$rule" ]; then
    SKIPPED=$((SKIPPED + 1)); echo "  skipped README.md:$num: $cmd  (rule: $rule)"; continue
  fi
  if [ "$cmd" = "akkord add" ]; then
    runner=(script -qec "$cmd" /dev/null)                    # asks on a terminal: give it one, with no input
  elif [[ $cmd == *"completions zsh"* ]]; then
    runner=(zsh -c "autoload -Uz compinit && compinit -u -D && $cmd")   # "in ~/.zshrc, after compinit"
  else
    runner=(bash -o pipefail -c "$cmd")
  fi
  RAN=$((RAN + 1))
  (cd "$RUN" && in_env "$HOMEDIR" timeout 20 "${runner[@]}") </dev/null >"$WORK/out" 2>"$WORK/err"
  got=$?
  if [ "$got" = 0 ]; then ok
  else
    why="exit $got"; [ "$got" = 124 ] && why="no end within 20 s"
    fail "README.md:$num: $cmd  ($why)"
    sed 's/^/        /' "$WORK/err" | head -n 12
  fi
  # A figure the comment states as a result (`= 6,750.00`) is in the output.
  if [[ $note =~ =[[:space:]]*([0-9][0-9.,]*[.,][0-9][0-9])([[:space:]]|$) ]]; then
    want=$(canon "${BASH_REMATCH[1]}")
    found=""
    for f in $(grep -oE '[0-9][0-9.,]*[.,][0-9]{2}' "$WORK/out"); do
      [ "$(canon "$f")" = "$want" ] && found=1 && break
    done
    [ -n "$found" ] && ok || fail "README.md:$num: the comment says = ${BASH_REMATCH[1]}, the output: $(head -c 300 "$WORK/out")"
  fi
done
echo "  ran $RAN command lines of $BLOCKS \`\`\`sh blocks in one fresh home; skipped $SKIPPED by rule"
finish
