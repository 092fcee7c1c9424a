#!/usr/bin/python3
"""What a screen reader hears: walks the running app's accessible tree over
the AT-SPI bus and checks every interactive control's name.

Usage: names.py APP_BINARY. Run inside `dbus-run-session` with a display; it
starts the accessibility bus, then the app with GTK_A11Y=atspi, and prints
one line per control ("role: name") followed by the problems found. Exits 1
if any control is unnamed, named by its GTK class, or has mnemonic markup
in its name; 2 if the app never showed up on the bus.
"""

import os
import re
import subprocess
import sys
import tempfile
import time

import pyatspi

# Roles a person operates; each must say what it does.
INTERACTIVE = {
    pyatspi.ROLE_PUSH_BUTTON,
    pyatspi.ROLE_TOGGLE_BUTTON,
    pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_COMBO_BOX,
    pyatspi.ROLE_SPIN_BUTTON,
    pyatspi.ROLE_SLIDER,
    pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_TEXT,
    pyatspi.ROLE_LIST,
    pyatspi.ROLE_LIST_BOX,
    pyatspi.ROLE_DRAWING_AREA,
    pyatspi.ROLE_CANVAS,
    pyatspi.ROLE_MENU_ITEM,
    pyatspi.ROLE_TREE,
    pyatspi.ROLE_TABLE,
}
CLASS_NAME = re.compile(r"^(Gtk|Tictactoe)[A-Z]\w*$")
MNEMONIC = re.compile(r"(^|[^_])_[^\s_]")


def find_app(name, timeout, process):
    """The app on the bus, or None once `process` has exited or `timeout`
    seconds have passed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.name == name and app.childCount > 0:
                return app
        time.sleep(0.2)
    return None


BUTTONS = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON}


def walk(node, depth=0):
    """Every node below `node`, but not the insides of buttons: a screen
    reader speaks a button as one control."""
    if node is None or depth > 60:
        return
    yield node
    if depth > 0 and node.getRole() in BUTTONS:
        return
    for index in range(node.childCount):
        yield from walk(node.getChildAtIndex(index), depth + 1)


def show_depth_spin(app, names):
    """Chooses "Depth" in Min's difficulty list as a person would, so that
    the depth spin button, hidden until then, is on the bus too; the list
    itself is checked while it is open."""
    problems = []
    for node in walk(app):
        if node.getRole() == pyatspi.ROLE_COMBO_BOX and node.name == "Min (O) difficulty":
            node.getChildAtIndex(0).queryAction().doAction(0)
            time.sleep(0.5)
            problems = check(app, names)
            # The keyboard focus is on one of the list's rows: go down from
            # there to Depth and take it.
            rows = [item for item in walk(app) if item.getRole() == pyatspi.ROLE_LIST_ITEM]
            names_in_order = [row.name for row in rows]
            focused = [row.getState().contains(pyatspi.STATE_FOCUSED) for row in rows]
            if "Depth" in names_in_order and True in focused:
                steps = names_in_order.index("Depth") - focused.index(True)
                for keysym in [0xFF54] * steps + [0xFF0D]:  # Down ..., Return
                    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)
                    time.sleep(0.15)
                time.sleep(0.5)
                return problems
    return problems + ["could not choose Depth in Min's difficulty list"]


def show_position_editor(app, names):
    """Presses the Edit position button, so that the edit mode's controls,
    hidden until then, are checked too."""
    for node in walk(app):
        if node.getRole() in BUTTONS and node.name == "Edit position":
            node.queryAction().doAction(0)
            time.sleep(0.5)
            return check(app, names)
    return ["no Edit position button to open the position editor with"]


def show_tree_explorer(app, names):
    """Presses the log's Explore button, so that the search-tree explorer
    opens on the shown position, and checks its window and rows too."""
    for node in walk(app):
        if node.getRole() in BUTTONS and node.name == "Explore the search tree":
            node.queryAction().doAction(0)
            time.sleep(2.0)
            return check(app, names)
    return ["no Explore button to open the search-tree explorer with"]


def every_node(node, depth=0):
    """`node` and everything below it, the insides of buttons too."""
    if node is None or depth > 60:
        return
    yield node
    for index in range(node.childCount):
        yield from every_node(node.getChildAtIndex(index), depth + 1)


def press(node):
    """Presses a button, or GTK 4.8's menu button through the toggle button
    inside it, which holds the action."""
    pending = [node]
    while pending:
        current = pending.pop(0)
        try:
            action = current.queryAction()
            if action.nActions > 0:
                action.doAction(0)
                return True
        except NotImplementedError:
            pass
        pending.extend(current.getChildAtIndex(i) for i in range(current.childCount))
    return False


def show_analysis_windows(app, names):
    """Opens Compare with its header bar button, and Tournament, Training,
    Monte Carlo, Horizon, Evaluation against the Truth and Practice from the main menu, as a person would, so that their
    controls are checked too (they are windows of their own, on the bus
    beside the main one)."""
    problems = []
    for node in walk(app):
        if node.getRole() in BUTTONS and node.name == "Compare":
            node.queryAction().doAction(0)
            time.sleep(1.0)
            break
    else:
        problems.append("no Compare button to open the Compare window with")
    # GTK 4.8 puts the menu's pop-up under its button.
    menu = next(
        (node for node in walk(app) if node.getRole() in BUTTONS and node.name == "Main menu"),
        None,
    )
    if menu is None or not press(menu):
        problems.append("no Main menu button to open the Tournament window from")
        return problems
    time.sleep(0.5)
    items = [node for node in every_node(menu) if node.getRole() == pyatspi.ROLE_MENU_ITEM]
    tournament = [node for node in items if node.name.startswith("Tournament")]
    if not tournament or not press(tournament[0]):
        problems.append(f"no Tournament item in the main menu: {[node.name for node in items]}")
    time.sleep(1.0)
    problems += open_from_menu(app, "Training")
    problems += open_from_menu(app, "Monte Carlo")
    problems += open_from_menu(app, "Horizon")
    problems += open_from_menu(app, "Evaluation against the Truth")
    return problems + open_from_menu(app, "Practice") + check(app, names)


def open_from_menu(app, item):
    """Opens the window the main menu's `item` opens."""
    menu = next(
        (node for node in walk(app) if node.getRole() in BUTTONS and node.name == "Main menu"),
        None,
    )
    if menu is None or not press(menu):
        return [f"no Main menu button to open the {item} window from"]
    time.sleep(0.5)
    items = [node for node in every_node(menu) if node.getRole() == pyatspi.ROLE_MENU_ITEM]
    chosen = [node for node in items if node.name.startswith(item)]
    if not chosen or not press(chosen[0]):
        return [f"no {item} item in the main menu: {[node.name for node in items]}"]
    time.sleep(1.0)
    return []


def monte_carlo_board(app):
    """The Monte Carlo window's board, as a screen reader finds it: the main
    window's board widget, reached by the keyboard and described row by
    row, not a picture of its own."""
    boards = [node for node in walk(app) if node.name == "The step's moves on the board"]
    if not boards:
        return ["no board in the Monte Carlo window"]
    board = boards[0]
    role = board.getRoleName()
    focusable = board.getState().contains(pyatspi.STATE_FOCUSABLE)
    description = board.description or ""
    print(f"Monte Carlo board: {role}, focusable {focusable}: {description!r}")
    if not (focusable and description.startswith("Board 3x3, 3 in a row; row 1: ")):
        return [f"the Monte Carlo board is not the board widget: {role} {description!r}"]
    return []


def check(app, names):
    """One line per problem with a visible control's name; every name seen
    goes into `names`."""
    problems = []
    for node in walk(app):
        try:
            role = node.getRole()
            states = node.getState()
        except Exception:
            continue
        # GTK 4.8 marks only the window "showing"; hidden widgets are
        # not on the bus at all.
        focusable = states.contains(pyatspi.STATE_FOCUSABLE) and role != pyatspi.ROLE_SCROLL_PANE
        if not (role in INTERACTIVE or focusable) or not states.contains(pyatspi.STATE_VISIBLE):
            continue
        name = node.name or ""
        names.append(name)
        print(f"{node.getRoleName()}: {name!r}")
        issue = problem(name)
        if issue:
            problems.append(f"{node.getRoleName()} {name!r}: {issue}")
    return problems


def problem(name):
    if not name.strip():
        return "no name"
    if CLASS_NAME.match(name):
        return "named by its GTK class"
    if MNEMONIC.search(name):
        return "mnemonic markup in the name"
    return None


def main():
    binary = sys.argv[1]
    bus = subprocess.Popen(
        ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    env = dict(os.environ, GTK_A11Y="atspi", GSK_RENDERER="cairo")
    # A shared machine's X server can refuse a first client for a moment;
    # an app that exits before it shows up is started again, and what it
    # said is kept for the report.
    failures = []
    for _attempt in range(3):
        app_errors = tempfile.TemporaryFile(mode="w+")
        app_process = subprocess.Popen([binary], env=env, stderr=app_errors)
        app = find_app(os.path.basename(binary), 20, app_process)
        if app is not None:
            break
        if app_process.poll() is None:
            app_process.kill()
        app_errors.seek(0)
        failures.append(f"exit {app_process.wait()}: {app_errors.read().strip()}")
        time.sleep(2.0)
    else:
        print("the app did not appear on the accessibility bus:", *failures, sep="\n  ")
        return 2
    try:
        # Let the window finish building its widgets.
        time.sleep(1.0)
        names = []
        problems = show_depth_spin(app, names)
        problems += check(app, names)
        problems += show_position_editor(app, names)
        problems += show_tree_explorer(app, names)
        problems += show_analysis_windows(app, names)
        problems += monte_carlo_board(app)
        print(f"{len(names)} interactive controls checked")
        # Controls that must be among them, or the walk missed the window.
        for expected in [
            "Start",
            "End game",
            "Undo",
            "Hint",
            "Min (O) search depth",
            "Min (O) difficulty: choices",
            "Search log",
            "Position",
            "Clear",
            "Player to record",
            "Depth",
            "Search tree",
            "Step forward",
            "Play",
            "Steps per second",
            "Compare",
            "Run",
            "Comparison table",
            "Minimax difficulty",
            "Save chart",
            "Save table",
            "Start",
            "Games per pairing and colour",
            "Seed",
            "Save results",
            "Learner",
            "Opponent",
            "Opponent's difficulty",
            "Stop",
            "Step One Phase",
            "Back One Playout",
            "Exploration c",
            "Speed",
            "Search",
            "Run 1,000",
        ]:
            if expected not in names:
                problems.append(f"no control named {expected!r} was found")
        for line in problems:
            print("PROBLEM", line)
        return 1 if problems else 0
    finally:
        app_process.terminate()
        try:
            app_process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            app_process.kill()
        bus.terminate()


if __name__ == "__main__":
    sys.exit(main())
