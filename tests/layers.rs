//! The layers' order (README.md, Architecture), where the compiler does not
//! hold it: the modules of the app's own crate (`game` below `cli` and `ui`,
//! which know nothing of each other), the crates' dependencies on each
//! other and on the outside world, and no cycle among any crate's modules.
//! The crates below the app hold their order themselves: an import against
//! it does not build (Cargo refuses a cycle between crates, and a crate
//! cannot name one it does not depend on).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The app's modules and what each may import of the others.
const APP_LAYERS: [(&str, &[&str]); 3] = [("game", &[]), ("cli", &["game"]), ("ui", &["game"])];

/// The project's crates and which of them each may depend on.
const CRATES: [(&str, &[&str]); 5] = [
    ("tictactoe-engine", &[]),
    ("tictactoe-words", &["tictactoe-engine"]),
    ("tictactoe-tools", &["tictactoe-engine", "tictactoe-words"]),
    (
        "tictactoe-files",
        &["tictactoe-engine", "tictactoe-words", "tictactoe-tools"],
    ),
    (
        "tictactoe",
        &[
            "tictactoe-engine",
            "tictactoe-words",
            "tictactoe-tools",
            "tictactoe-files",
        ],
    ),
];

/// The engine's whole world: seeded random choices and serde's derives.
const ENGINE_DEPENDENCIES: [&str; 3] = ["rand", "rand_chacha", "serde"];

/// What only the app (the window and the command line) may depend on.
const APP_ONLY_DEPENDENCIES: [&str; 9] = [
    "async-channel",
    "cairo-rs",
    "clap",
    "gtk",
    "adw",
    "indicatif",
    "plotters",
    "plotters-cairo",
    "signal-hook",
];

/// The engine knows no files, threads, processes, environment or words.
const NOT_IN_THE_ENGINE: [&str; 7] = [
    "std::fs",
    "std::thread",
    "std::process",
    "std::env",
    "std::net",
    "gettext",
    "println!",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module path of a source file below `src`: `cli/play.rs` is
/// `["cli", "play"]`, `ui/window.rs` `["ui", "window"]`, `lib.rs` `[]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap();
    let mut path: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_str().unwrap().to_owned())
        .collect();
    if matches!(path.last().map(String::as_str), Some("lib" | "main")) {
        path.pop();
    }
    path
}

/// The source without comments, so that a doc link or a sentence naming
/// a module is not taken for an import.
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(start) if !line[..start].contains('"') => &line[..start],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn identifier_at(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first names of the paths that start after `at`: `foo` for
/// `foo::bar`, `foo` and `bar` for `{foo::x, bar}`.
fn first_names(text: &str) -> Vec<String> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut names = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        for (index, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    names.push(identifier_at(group[start..].trim_start()).to_owned());
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    names.push(identifier_at(group[start..].trim_start()).to_owned());
                    start = index + 1;
                }
                _ => {}
            }
        }
        names.retain(|name| !name.is_empty());
        names
    } else {
        vec![identifier_at(text).to_owned()]
    }
}

/// The top-level modules of its own crate that a file's code names:
/// through `crate::`, or through `super::` climbing to the crate's root.
fn imported_top_modules(module: &[String], text: &str) -> BTreeSet<String> {
    let text = code(text);
    let mut found = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        if at > 0 && text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        found.extend(first_names(&text[at + "crate::".len()..]));
    }
    for (at, _) in text.match_indices("super::") {
        if at > 0 && text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut rest = &text[at..];
        let mut path = module.to_vec();
        while let Some(after) = rest.strip_prefix("super::") {
            path.pop();
            rest = after;
        }
        if path.is_empty() {
            found.extend(first_names(rest));
        }
    }
    found.retain(|name| name != "self" && name != "super");
    found
}

/// Each top-level module of the crate in `src` and the top-level modules
/// of the same crate it imports (from any of its files).
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(src) {
        let module = module_path(src, &file);
        let Some(top) = module.first() else { continue };
        let text = std::fs::read_to_string(&file).unwrap();
        let imports = imported_top_modules(&module, &text);
        let entry = graph.entry(top.clone()).or_default();
        entry.extend(imports.into_iter().filter(|name| name != top));
    }
    graph
}

/// A cycle in the graph, as the modules along it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[start..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut done, &mut Vec::new()))
}

/// The names in a manifest's `[dependencies]` table (not dev- or build-).
fn dependencies(manifest: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut names = BTreeSet::new();
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap();
            names.insert(name.to_owned());
        }
    }
    names
}

fn manifest(name: &str) -> PathBuf {
    match name.strip_prefix("tictactoe-") {
        Some(layer) => root().join("crates").join(layer).join("Cargo.toml"),
        None => root().join("Cargo.toml"),
    }
}

/// The wrong-way imports among the app's modules, one line each.
fn app_violations(src: &Path) -> Vec<String> {
    let layers: BTreeMap<&str, &[&str]> = APP_LAYERS.into_iter().collect();
    let mut wrong = Vec::new();
    for file in rust_files(src) {
        let module = module_path(src, &file);
        let Some(top) = module.first() else { continue };
        let Some(allowed) = layers.get(top.as_str()) else {
            panic!("{}: in no layer of APP_LAYERS", file.display());
        };
        let text = std::fs::read_to_string(&file).unwrap();
        for import in imported_top_modules(&module, &text) {
            let is_layer = layers.contains_key(import.as_str());
            if is_layer && import != *top && !allowed.contains(&import.as_str()) {
                wrong.push(format!(
                    "{} ({top}) imports {import}",
                    file.strip_prefix(root()).unwrap_or(&file).display()
                ));
            }
        }
    }
    wrong
}

#[test]
fn the_apps_modules_import_only_down_their_layers() {
    let wrong = app_violations(&root().join("src"));
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_wrong_way_import_is_found() {
    let dir = std::env::temp_dir().join(format!("tictactoe-layers-{}", std::process::id()));
    let planted = [
        ("game/thread.rs", "use crate::ui::BoardView;\n"),
        ("game/mod.rs", "use crate::{cli::Cli, game::GameThread};\n"),
        ("cli/play.rs", "fn f() { super::super::ui::run(); }\n"),
        (
            "ui/window/events.rs",
            "use crate::{\n    game::Event,\n    cli::main,\n};\n",
        ),
    ];
    for (file, text) in planted {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    let wrong = app_violations(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    let imports: Vec<&str> = wrong
        .iter()
        .map(|w| w.rsplit_once(") ").unwrap().1)
        .collect();
    assert_eq!(
        imports,
        ["imports ui", "imports cli", "imports ui", "imports cli"],
        "{wrong:?}"
    );
}

#[test]
fn no_crate_has_a_cycle_among_its_modules() {
    for src in sources() {
        let graph = module_graph(&src);
        assert!(graph.len() > 2, "{}: modules found", src.display());
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{}: a cycle: {}", src.display(), cycle.join(" -> "));
        }
    }
}

#[test]
fn a_cycle_is_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("board", &["geometry"][..]),
        ("geometry", &[]),
        ("report", &["search", "board"]),
        ("search", &["report"]),
    ]
    .into_iter()
    .map(|(node, edges)| (node.into(), edges.iter().map(|e| e.to_string()).collect()))
    .collect();
    assert_eq!(find_cycle(&graph).unwrap(), ["report", "search", "report"]);
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    let project: BTreeSet<&str> = CRATES.iter().map(|(name, _)| *name).collect();
    for (name, allowed) in CRATES {
        let dependencies = dependencies(&manifest(name));
        let own: BTreeSet<&str> = dependencies
            .iter()
            .map(String::as_str)
            .filter(|d| project.contains(d))
            .collect();
        let unexpected: Vec<&&str> = own.iter().filter(|d| !allowed.contains(d)).collect();
        assert!(unexpected.is_empty(), "{name} depends on {unexpected:?}");
        if name != "tictactoe" {
            let app_only: Vec<&String> = dependencies
                .iter()
                .filter(|d| APP_ONLY_DEPENDENCIES.contains(&d.as_str()))
                .collect();
            assert!(app_only.is_empty(), "{name} depends on {app_only:?}");
        }
    }
    let engine: Vec<String> = dependencies(&manifest("tictactoe-engine"))
        .into_iter()
        .collect();
    assert_eq!(engine, ENGINE_DEPENDENCIES);
}

/// Every crate's sources below `src`.
fn sources() -> Vec<PathBuf> {
    let mut sources = vec![root().join("src")];
    for (name, _) in CRATES {
        if let Some(layer) = name.strip_prefix("tictactoe-") {
            sources.push(root().join("crates").join(layer).join("src"));
        }
    }
    sources
}

#[test]
fn modules_with_children_are_files_beside_their_folders() {
    let mod_files: Vec<PathBuf> = sources()
        .iter()
        .flat_map(|src| rust_files(src))
        .filter(|file| file.file_name().is_some_and(|name| name == "mod.rs"))
        .collect();
    assert!(
        mod_files.is_empty(),
        "foo.rs beside foo/, not foo/mod.rs: {mod_files:?}"
    );
}

#[test]
fn the_engine_knows_no_files_threads_or_words() {
    for file in rust_files(&root().join("crates/engine/src")) {
        let text = code(&std::fs::read_to_string(&file).unwrap());
        for word in NOT_IN_THE_ENGINE {
            assert!(!text.contains(word), "{} uses {word}", file.display());
        }
    }
}

/// The arrows of docs/layers.dot: (from, to) by the picture's node names.
fn pictured_arrows() -> Vec<(String, String)> {
    let dot = std::fs::read_to_string(root().join("docs/layers.dot")).unwrap();
    dot.lines()
        .filter_map(|line| {
            let (from, to) = line.trim().trim_end_matches(';').split_once(" -> ")?;
            Some((from.trim().to_owned(), to.trim().to_owned()))
        })
        .collect()
}

#[test]
fn the_picture_shows_only_allowed_arrows() {
    let app: BTreeMap<&str, &[&str]> = APP_LAYERS.into_iter().collect();
    let crates: BTreeMap<&str, &[&str]> = CRATES.into_iter().collect();
    let arrows = pictured_arrows();
    assert!(arrows.len() >= 6, "{arrows:?}");
    for (from, to) in arrows {
        let allowed = match (
            app.get(from.as_str()),
            crates.get(format!("tictactoe-{from}").as_str()),
        ) {
            (Some(below), _) => {
                below.contains(&to.as_str())
                    || crates["tictactoe"].contains(&format!("tictactoe-{to}").as_str())
            }
            (None, Some(below)) => below.contains(&format!("tictactoe-{to}").as_str()),
            (None, None) => false,
        };
        assert!(
            allowed,
            "docs/layers.dot: {from} -> {to} is not an allowed import"
        );
    }
}

#[test]
fn the_picture_is_drawn_from_its_source() {
    let drawn = Command::new("dot")
        .args(["-Tsvg", "docs/layers.dot"])
        .current_dir(root())
        .output()
        .expect("Graphviz's dot draws docs/layers.dot (scripts/setup installs graphviz)");
    assert!(
        drawn.status.success(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    let kept = std::fs::read(root().join("docs/layers.svg")).unwrap();
    assert!(
        drawn.stdout == kept,
        "docs/layers.svg is not what docs/layers.dot draws: \
         dot -Tsvg docs/layers.dot -o docs/layers.svg"
    );
}
