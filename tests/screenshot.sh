#!/usr/bin/env bash
# Starts the app under Xvfb, plays a game against the computer with the
# keyboard as a person would, and saves a screenshot of the window.
#
#   tests/screenshot.sh [OUTPUT.png] [MOVES] [WIDTHxHEIGHT]
#
# OUTPUT defaults to help/C/figures/screenshot.png; MOVES are the keys X plays on the
# 3x3 board (1-9, row by row from the top left), default "2 9 6", or any
# other key xdotool knows (ctrl+shift+e opens the tree explorer), or
# click:X,Y for a click at that point of the screen (without a window
# manager, windows open at its top left); the window keeps its own size
# unless WIDTHxHEIGHT is given.
# THEN_KEYS, if set, are key presses (xdotool names, e.g. "ctrl+m
# ctrl+Return") or clicks (click:X,Y) after the moves, each followed by
# THEN_WAIT seconds (default 3), type:TEXT (a tilde for each space), or
# resize:WIDTHxHEIGHT for the window
# WINDOW_TITLE names;
# WINDOW_TITLE then names the window to capture (default the main one),
# e.g. "Compare Players" after Ctrl+M, "Search Tree" after Ctrl+Shift+E.
# SCREEN=1 captures the screen over the window, so that an open popover
# or tooltip shows, SCREEN=all the whole screen (a popover may reach past
# the window); SCREEN_SIZE (default 1280x1000) is the screen's.
# POINTER=X,Y leaves the pointer there (POINTER_WAIT seconds, default 1)
# before the capture.
# ADW_DEBUG_COLOR_SCHEME=prefer-dark gives the dark style. The app starts
# with its default settings, and remembers nothing of the run; SETTINGS, if
# set, are keyfile lines to start with instead (e.g. "min-player='menace'").
# The learners start from nothing, or from a copy of the state files in
# DATA_HOME/tictactoe if it is set.
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-help/C/figures/screenshot.png}
moves=${2:-2 9 6}
size=${3:-}

if [ -z "${SCREENSHOT_IN_XVFB:-}" ]; then
    scripts/setup imagemagick xcompmgr
    cargo build --release --bin tictactoe
    mkdir -p "$(dirname "$output")"
    SCREENSHOT_IN_XVFB=1 exec xvfb-run -a -s "-screen 0 ${SCREEN_SIZE:-1280x1000}x24" "$0" "$output" "$moves" "$size"
fi

# A popover's rounded corners and shadow are see-through: without a
# compositing manager X fills them in black.
if [ -n "${SCREEN:-}" ]; then
    xcompmgr &
    compositor=$!
fi
scratch=$(mktemp -d)
mkdir -p "$scratch/data/tictactoe" "$scratch/config/glib-2.0/settings"
if [ -n "${DATA_HOME:-}" ]; then
    cp -r "$DATA_HOME/tictactoe/." "$scratch/data/tictactoe/"
fi
backend=memory
if [ -n "${SETTINGS:-}" ]; then
    printf '[io/github/tictactoe/Tictactoe]\n%s\n' "$SETTINGS" >"$scratch/config/glib-2.0/settings/keyfile"
    backend=keyfile
fi
GSETTINGS_BACKEND=$backend XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
    "${CARGO_TARGET_DIR:-target}"/release/tictactoe &
app=$!
trap 'kill "$app" ${compositor:-} 2>/dev/null || true; rm -rf "$scratch"' EXIT

window=""
for _ in $(seq 100); do
    window=$(xdotool search --name '^Tic-Tac-Toe$' 2>/dev/null | head -n 1) && [ -n "$window" ] && break
    sleep 0.1
done
[ -n "$window" ] || { echo "the window did not appear" >&2; exit 1; }
if [ -n "$size" ]; then
    # Twice: the first narrowing puts the log under the board, which lets
    # the window become narrower still.
    for _ in 1 2; do
        xdotool windowsize "$window" "${size%x*}" "${size#*x}"
        sleep 1
    done
fi

# Without a window manager the keyboard goes to the window under the pointer.
xdotool mousemove --sync 300 400
sleep 1
xdotool key ctrl+n
sleep 1
for move in $moves; do
    case "$move" in
        click:*)
            point=${move#click:}
            xdotool mousemove --sync "${point%,*}" "${point#*,}" click 1
            ;;
        *) xdotool key "$move" ;;
    esac
    # The computer replies after the pace's pause and its search.
    sleep 2
done
for key in ${THEN_KEYS:-}; do
    case "$key" in
        click:*)
            point=${key#click:}
            xdotool mousemove --sync "${point%,*}" "${point#*,}" click 1
            ;;
        type:*)
            # A tilde stands for a space, which would split the keys.
            text=${key#type:}
            xdotool type --delay 20 -- "${text//\~/ }"
            ;;
        resize:*)
            size=${key#resize:}
            xdotool windowsize "$(xdotool search --name "^${WINDOW_TITLE}\$" | head -n 1)" \
                "${size%x*}" "${size#*x}"
            ;;
        *) xdotool key "$key" ;;
    esac
    sleep "${THEN_WAIT:-3}"
done
if [ -n "${WINDOW_TITLE:-}" ]; then
    window=$(xdotool search --name "^${WINDOW_TITLE}\$" | head -n 1)
    [ -n "$window" ] || { echo "no window is titled $WINDOW_TITLE" >&2; exit 1; }
fi
# Leave the pointer off the board, so no cell shows the hover highlight
# (unless POINTER=X,Y puts it somewhere, say over a mark for its tooltip).
pointer=${POINTER:-1270,990}
xdotool mousemove --sync "${pointer%,*}" "${pointer#*,}"
sleep "${POINTER_WAIT:-1}"
# Popovers and tooltips are windows of their own: SCREEN=1 takes the whole
# screen, cropped to the window's size and place, to show them too.
if [ "${SCREEN:-}" = all ]; then
    import -window root "$output"
elif [ -n "${SCREEN:-}" ]; then
    eval "$(xdotool getwindowgeometry --shell "$window")"
    import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$output"
else
    import -window "$window" "$output"
fi
echo "saved $output"
