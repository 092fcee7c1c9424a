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

/// The modules of tools that draw, and the only other modules of tools
/// they (and what they use) may use: what is drawn (recorded search trees,
/// their steps, node types and words), no feature that shows a drawing
/// (exercises, reviews, training): such a feature passes what it wants
/// drawn.
const DRAWING: [(&str, &[&str]); 1] = [(
    "tree_drawing",
    &["node_types", "tree", "tree_steps", "tree_words"],
)];

/// The engine's whole world: seeded random choices, serde's derives, and
/// the solver's table: zeroed memory that searches on several threads
/// share (zerocopy), on huge pages where the system is asked (libc).
const ENGINE_DEPENDENCIES: [&str; 5] = ["libc", "rand", "rand_chacha", "serde", "zerocopy"];

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

/// The uses of modules of tools a drawing module may not know, one line
/// each: it, or a module it uses, using a feature.
fn drawing_violations(src: &Path) -> Vec<String> {
    let read = Crate::read(src);
    let uses = read.uses();
    let mut wrong = Vec::new();
    for (drawing, allowed) in DRAWING {
        // Each module the drawing module uses, directly or through others.
        let mut known: BTreeSet<Vec<String>> = BTreeSet::new();
        let mut pending: Vec<Vec<String>> = uses
            .keys()
            .filter(|module| module.first().is_some_and(|top| top == drawing))
            .cloned()
            .collect();
        while let Some(user) = pending.pop() {
            if !known.insert(user.clone()) {
                continue;
            }
            for used in &uses[&user] {
                let top = used.first().map_or("", String::as_str);
                if top == drawing || allowed.contains(&top) {
                    pending.push(used.clone());
                } else if !used.is_empty() {
                    wrong.push(format!(
                        "{} uses {}",
                        read.shown(src, &user),
                        read.shown(src, used)
                    ));
                }
            }
        }
    }
    wrong
}

#[test]
fn the_tools_that_draw_know_no_feature() {
    let wrong = drawing_violations(&root().join("crates/tools/src"));
    assert!(
        wrong.is_empty(),
        "a drawing knows a feature (let the feature pass what it wants drawn):\n{}",
        wrong.join("\n")
    );
}

/// Cycles found and left, each as the check names it, for the work that
/// reshapes its modules to break: the engine's players are being rewritten
/// (board shapes). One listed that is no longer found fails the check too,
/// so that the list only shrinks.
const CYCLES_LEFT: [&str; 0] = [];

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

/// The source without comments, so that a sentence naming a word is not
/// taken for its use.
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(start) if !line[..start].contains('"') => &line[..start],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A piece of Rust source as the reading below sees it: comments, strings
/// and numbers are left out, so that a doc link or a sentence naming a
/// module is not taken for an import.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Name(String),
    /// `::`
    PathSep,
    Punct(char),
}

fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or(' ');
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character ('x', '\n') or a lifetime ('a, whose name is read
            // as a name).
            if at(i + 1) == '\\' {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            while i < chars.len() && (is_name(chars[i]) || chars[i] == '.' && at(i + 1) != '.') {
                i += 1;
            }
        } else if is_name(c) {
            let start = i;
            while i < chars.len() && is_name(chars[i]) {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
            if matches!(name.as_str(), "r" | "br" | "cr") && at(i + hashes) == '"' {
                // A raw string: to its quote and as many hashes.
                i += hashes + 1;
                while i < chars.len()
                    && !(chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|&c| c == '#'))
                {
                    i += 1;
                }
                i += hashes + 1;
            } else if matches!(name.as_str(), "b" | "c") && at(i) == '"' {
                // A byte string: the string is read next.
            } else {
                tokens.push(Token::Name(name));
            }
        } else if c == ':' && at(i + 1) == ':' {
            tokens.push(Token::PathSep);
            i += 2;
        } else {
            tokens.push(Token::Punct(c));
            i += 1;
        }
    }
    tokens
}

/// A module as its code reads: a file's, a folder's or an inline
/// `mod name { ... }`'s.
#[derive(Default)]
struct Module {
    /// The file (or folder) module it is or lies in: an inline module is
    /// part of its file.
    file_module: Vec<String>,
    /// The names of the items it defines.
    items: BTreeSet<String>,
    /// Its `use` imports: the name each brings in (`_` for none) and its
    /// path as written.
    imports: Vec<(String, Vec<String>)>,
    /// Its glob imports' paths (`use super::*`).
    globs: Vec<Vec<String>>,
    /// The paths of two names or more its code names outside `use`
    /// (`super::view::result_words`, `Kind::AlphaBeta`).
    paths: Vec<Vec<String>>,
    /// Every name its code mentions, for what glob imports bring in.
    names: BTreeSet<String>,
}

/// What a path names: a module, or an item of the module given.
#[derive(Debug, Clone, PartialEq)]
enum Named {
    Module(Vec<String>),
    Item(Vec<String>),
}

/// Keywords that start an item, and those that may come between it and
/// the item's name.
const ITEM_KEYWORDS: [&str; 8] = [
    "struct", "enum", "union", "trait", "type", "fn", "const", "static",
];
const NOT_A_NAME: [&str; 7] = ["fn", "mut", "unsafe", "async", "extern", "_", "for"];

/// The modules of one crate, by module path, and the file of each file
/// module.
struct Crate {
    modules: BTreeMap<Vec<String>, Module>,
    files: BTreeMap<Vec<String>, PathBuf>,
}

/// A `use` tree after `use` (or inside a group), its imports and globs
/// added with `prefix` before each path.
fn use_tree(tokens: &[Token], i: &mut usize, prefix: &[String], module: &mut Module) {
    let mut path = prefix.to_vec();
    while let Some(token) = tokens.get(*i) {
        match token {
            Token::Name(word) if word == "as" => {
                if let Some(Token::Name(name)) = tokens.get(*i + 1) {
                    module.imports.push((name.clone(), path));
                }
                *i += 2;
                return;
            }
            // `{self, ...}`: the module the group is in.
            Token::Name(word) if word == "self" && !prefix.is_empty() && path == prefix => {
                *i += 1;
            }
            Token::Name(word) => {
                path.push(word.clone());
                *i += 1;
            }
            Token::PathSep => *i += 1,
            Token::Punct('*') => {
                *i += 1;
                module.globs.push(path);
                return;
            }
            Token::Punct('{') => {
                *i += 1;
                loop {
                    if tokens.get(*i) == Some(&Token::Punct('}')) {
                        *i += 1;
                        return;
                    }
                    use_tree(tokens, i, &path, module);
                    match tokens.get(*i) {
                        Some(Token::Punct(',')) => *i += 1,
                        Some(Token::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            _ => break,
        }
    }
    if let Some(name) = path.last() {
        module.imports.push((name.clone(), path.clone()));
    }
}

impl Crate {
    /// Reads every `.rs` file below `src`.
    fn read(src: &Path) -> Crate {
        let mut read = Crate {
            modules: BTreeMap::new(),
            files: BTreeMap::new(),
        };
        for file in rust_files(src) {
            let path = module_path(src, &file);
            for length in 0..=path.len() {
                let module = read.modules.entry(path[..length].to_vec()).or_default();
                module.file_module = path[..length].to_vec();
            }
            // A binary's `main.rs` is a crate of its own that names the
            // library by its name: the library's root is `lib.rs`.
            if !read.files.contains_key(&path) || file.ends_with("lib.rs") {
                read.files.insert(path.clone(), file.clone());
            }
            let text = std::fs::read_to_string(&file).unwrap();
            read.read_file(path, &tokens(&text));
        }
        read
    }

    /// What the file of module `file_module` defines, imports and names,
    /// each inline module's its own.
    fn read_file(&mut self, file_module: Vec<String>, tokens: &[Token]) {
        // The inline modules the reading is in, each with the depth of
        // braces outside it.
        let mut inside: Vec<(Vec<String>, usize)> = vec![(file_module.clone(), 0)];
        let mut depth = 0;
        let mut i = 0;
        while i < tokens.len() {
            let scope = inside.last().unwrap().0.clone();
            let after_path_sep = i > 0 && tokens[i - 1] == Token::PathSep;
            let next_name = |at: usize| match tokens.get(at) {
                Some(Token::Name(name)) if !NOT_A_NAME.contains(&name.as_str()) => {
                    Some(name.clone())
                }
                _ => None,
            };
            let module = self.modules.get_mut(&scope).unwrap();
            match &tokens[i] {
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => {
                    depth -= 1;
                    if inside.len() > 1 && inside.last().unwrap().1 == depth {
                        inside.pop();
                    }
                }
                Token::Name(word) if word == "use" && !after_path_sep => {
                    i += 1;
                    use_tree(tokens, &mut i, &[], module);
                    while i < tokens.len() && tokens[i] != Token::Punct(';') {
                        i += 1;
                    }
                }
                Token::Name(word) if word == "mod" => {
                    if let Some(name) = next_name(i + 1) {
                        module.items.insert(name.clone());
                        if tokens.get(i + 2) == Some(&Token::Punct('{')) {
                            let inline = [scope, vec![name]].concat();
                            self.modules.entry(inline.clone()).or_default().file_module =
                                file_module.clone();
                            inside.push((inline, depth));
                            depth += 1;
                            i += 2;
                        }
                    }
                }
                Token::Name(word) if ITEM_KEYWORDS.contains(&word.as_str()) => {
                    let name = next_name(i + 1).or_else(|| {
                        (tokens.get(i + 1) == Some(&Token::Name("mut".into())))
                            .then(|| next_name(i + 2))
                            .flatten()
                    });
                    module.items.extend(name);
                }
                Token::Name(word) if word == "macro_rules" => {
                    module.items.extend(next_name(i + 2));
                }
                Token::Name(word) => {
                    module.names.insert(word.clone());
                    let mut path = vec![word.clone()];
                    let mut at = i + 1;
                    while tokens.get(at) == Some(&Token::PathSep) {
                        let Some(Token::Name(name)) = tokens.get(at + 1) else {
                            break;
                        };
                        path.push(name.clone());
                        at += 2;
                    }
                    if !after_path_sep && path.len() > 1 {
                        module.paths.push(path);
                        i = at - 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }

    /// What `name` is in module `at`: a child module, an import, an item,
    /// or (`through_globs`) what a glob import brings in; `None` when it
    /// is none of them (a name from outside the crate, or the prelude's).
    fn look_up(
        &self,
        at: &[String],
        name: &str,
        depth: usize,
        through_globs: bool,
    ) -> Option<Named> {
        // Imports that import each other would otherwise go round forever.
        if depth > 32 {
            return None;
        }
        let child = [at, &[name.to_owned()]].concat();
        if self.modules.contains_key(&child) {
            return Some(Named::Module(child));
        }
        let module = self.modules.get(at)?;
        if let Some((_, path)) = module.imports.iter().find(|(local, _)| local == name) {
            return self.resolve(at, path, depth + 1, through_globs);
        }
        if module.items.contains(name) {
            return Some(Named::Item(at.to_vec()));
        }
        // A glob's own path is not read through globs (Rust's is not
        // either): each glob would try every other one again.
        let globs = if through_globs {
            &module.globs[..]
        } else {
            &[]
        };
        globs
            .iter()
            .find_map(|glob| match self.resolve(at, glob, depth + 1, false) {
                Some(Named::Module(from)) => self.look_up(&from, name, depth + 1, true),
                _ => None,
            })
    }

    /// What `path`, written in module `from`, names: followed through
    /// imports and re-exports to the module that defines it; past what
    /// the reading knows, the module reached; `None` for a path from
    /// outside the crate.
    fn resolve(
        &self,
        from: &[String],
        path: &[String],
        depth: usize,
        through_globs: bool,
    ) -> Option<Named> {
        let mut at = from.to_vec();
        let mut rest = path;
        let mut anchored = false;
        while let Some((first, after)) = rest.split_first() {
            match first.as_str() {
                "crate" => at.clear(),
                "self" => {}
                "super" => {
                    at.pop()?;
                }
                _ => break,
            }
            anchored = true;
            rest = after;
        }
        let mut named = Named::Module(at);
        for name in rest {
            let Named::Module(module) = &named else {
                // An item's variant or associated item.
                break;
            };
            named = match self.look_up(module, name, depth, through_globs) {
                Some(found) => found,
                None if !anchored => return None,
                None => Named::Item(module.clone()),
            };
            anchored = true;
        }
        Some(named)
    }

    /// The file module that defines what `named` names.
    fn file_module(&self, named: &Named) -> Vec<String> {
        let (Named::Module(path) | Named::Item(path)) = named;
        self.modules[path].file_module.clone()
    }

    /// Each file module and the other file modules whose items (or
    /// themselves) its code names.
    fn uses(&self) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
        let mut uses: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
        for (at, module) in &self.modules {
            let mut named: Vec<Named> = module
                .imports
                .iter()
                .map(|(_, path)| path)
                .chain(&module.globs)
                .chain(&module.paths)
                .filter_map(|path| self.resolve(at, path, 0, true))
                .collect();
            let own = |name: &String| {
                module.items.contains(name) || module.imports.iter().any(|(local, _)| local == name)
            };
            for glob in &module.globs {
                if let Some(Named::Module(from)) = self.resolve(at, glob, 0, false) {
                    named.extend(
                        module
                            .names
                            .iter()
                            .filter(|name| !own(name))
                            .filter_map(|name| self.look_up(&from, name, 0, true)),
                    );
                }
            }
            let file_uses = uses.entry(module.file_module.clone()).or_default();
            for named in named {
                let used = self.file_module(&named);
                if used != module.file_module {
                    file_uses.insert(used);
                }
            }
        }
        uses
    }

    /// A file module's file (or folder) as the project names it.
    fn shown(&self, src: &Path, module: &[String]) -> String {
        let file = match self.files.get(module) {
            Some(file) => file.clone(),
            None => src.join(module.join("/")),
        };
        let base = if file.starts_with(root()) {
            root()
        } else {
            src.parent().unwrap().to_owned()
        };
        file.strip_prefix(base).unwrap().display().to_string()
    }
}

/// The cycles among the modules of the crate in `src`, at every depth,
/// each as the files along it. Modules that contain one another use each
/// other as Rust's do (a parent declares its children and uses their
/// items, they use its); among the children of one module, each with
/// everything below it, the uses go one way: where a file in one child
/// uses a file in another and a file in that one (or further along) uses
/// one in the first, that is a cycle.
fn module_cycles(src: &Path) -> Vec<String> {
    let read = Crate::read(src);
    // By parent module: its children's uses of each other, and the pair
    // of files that shows each first.
    type Siblings = BTreeMap<String, BTreeSet<String>>;
    let mut levels: BTreeMap<Vec<String>, Siblings> = BTreeMap::new();
    let mut shown_by: BTreeMap<(Vec<String>, String, String), (String, String)> = BTreeMap::new();
    for (user, used) in read.uses() {
        for used in used {
            let common = user.iter().zip(&used).take_while(|(a, b)| a == b).count();
            if common == user.len() || common == used.len() {
                continue;
            }
            let parent = user[..common].to_vec();
            let (from, to) = (user[common].clone(), used[common].clone());
            levels
                .entry(parent.clone())
                .or_default()
                .entry(from.clone())
                .or_default()
                .insert(to.clone());
            shown_by
                .entry((parent, from, to))
                .or_insert_with(|| (read.shown(src, &user), read.shown(src, &used)));
        }
    }
    levels
        .iter()
        .filter_map(|(parent, siblings)| {
            let cycle = find_cycle(siblings)?;
            let steps: Vec<String> = cycle
                .windows(2)
                .map(|pair| {
                    let (user, used) =
                        &shown_by[&(parent.clone(), pair[0].clone(), pair[1].clone())];
                    format!("{user} uses {used}")
                })
                .collect();
            Some(steps.join(", "))
        })
        .collect()
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
    let read = Crate::read(src);
    let uses = read.uses();
    let mut wrong = Vec::new();
    for file in rust_files(src) {
        let module = module_path(src, &file);
        let Some(top) = module.first() else { continue };
        let Some(allowed) = layers.get(top.as_str()) else {
            panic!("{}: in no layer of APP_LAYERS", file.display());
        };
        let imports: BTreeSet<&String> = uses[&module]
            .iter()
            .filter_map(|used| used.first())
            .collect();
        for import in imports {
            let is_layer = layers.contains_key(import.as_str());
            if is_layer && import != top && !allowed.contains(&import.as_str()) {
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
fn no_crate_has_a_cycle_among_its_modules_at_any_depth() {
    let mut cycles = Vec::new();
    for src in sources() {
        let read = Crate::read(&src);
        let uses: usize = read.uses().values().map(BTreeSet::len).sum();
        assert!(
            read.files.len() < 2 || uses > 0,
            "{}: no module uses another",
            src.display()
        );
        cycles.extend(module_cycles(&src));
    }
    let gone: Vec<&&str> = CYCLES_LEFT
        .iter()
        .filter(|left| !cycles.iter().any(|cycle| cycle == *left))
        .collect();
    assert!(gone.is_empty(), "broken, off CYCLES_LEFT now: {gone:?}");
    cycles.retain(|cycle| !CYCLES_LEFT.contains(&cycle.as_str()));
    assert!(
        cycles.is_empty(),
        "cycles among modules (move what both use to where both can use it):\n{}",
        cycles.join("\n")
    );
}

#[test]
fn a_cycle_among_nested_modules_is_found() {
    let dir = std::env::temp_dir().join(format!("tictactoe-cycles-{}", std::process::id()));
    let src = dir.join("src");
    let planted = [
        ("lib.rs", "mod ui;\n"),
        (
            "ui.rs",
            "mod charts;\nmod shared;\nmod window;\npub use charts::chart_view::ChartView;\n",
        ),
        ("ui/charts.rs", "pub mod chart_view;\npub struct Palette;\n"),
        // Its parent's items and an ancestor's re-export are no cycle;
        // an inline module's `super` is its file.
        (
            "ui/charts/chart_view.rs",
            "use super::Palette;\npub struct ChartView;\n\
             mod imp {\n    fn f() { super::super::super::shared::accessible::name(); }\n}\n",
        ),
        ("ui/shared.rs", "pub mod accessible;\npub mod background;\n"),
        ("ui/shared/accessible.rs", "pub fn name() {}\n"),
        (
            "ui/shared/background.rs",
            "// crate::ui::window::history, a comment\nuse crate::ui::ChartView;\n\
             fn f() -> &'static str { \"crate::ui::window::view\" }\n",
        ),
        (
            "ui/window.rs",
            "mod history;\nmod view;\nuse history::display_name;\n",
        ),
        (
            "ui/window/history.rs",
            "pub fn display_name() {}\nfn f() { super::view::result_words(); }\n",
        ),
        (
            "ui/window/view.rs",
            "use super::{display_name, shared_words};\npub fn result_words() {}\n",
        ),
    ];
    for (file, text) in planted {
        let path = src.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    let cycles = module_cycles(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        cycles,
        [
            "src/ui/charts/chart_view.rs uses src/ui/shared/accessible.rs, \
             src/ui/shared/background.rs uses src/ui/charts/chart_view.rs",
            "src/ui/window/history.rs uses src/ui/window/view.rs, \
             src/ui/window/view.rs uses src/ui/window/history.rs",
        ]
    );
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

/// Every crate's sources below `src`: the app's and each under `crates/`.
fn sources() -> Vec<PathBuf> {
    let mut sources = vec![root().join("src")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .flatten()
        .map(|entry| entry.path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    crates.sort();
    sources.extend(crates);
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

/// The one module of the window and the game that starts threads: the
/// others hand their work to it, which names it, lowers its priority,
/// catches its panics and lets its owner stop it.
const THE_RUNNER: &str = "src/game/work.rs";

/// What starts a thread, said in code.
const STARTING_A_THREAD: [&str; 3] = ["thread::spawn", "thread::Builder", "thread::scope"];

#[test]
fn only_the_runner_starts_the_windows_and_the_games_threads() {
    let mut wrong = Vec::new();
    for dir in ["src/ui", "src/game"] {
        for file in rust_files(&root().join(dir)) {
            if file.ends_with(THE_RUNNER) {
                continue;
            }
            let text = code(&std::fs::read_to_string(&file).unwrap());
            for word in STARTING_A_THREAD {
                if text.contains(word) {
                    wrong.push(format!("{} uses {word}", file.display()));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a thread started outside {THE_RUNNER} (hand the work to crate::game::Work):\n{}",
        wrong.join("\n")
    );
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

/// What only the one board painter (`ui/shared/board_painting.rs`) may
/// define or read: the stones, the grid and the hit test, and the board's
/// colours from the style sheet. Every window's board draws through it.
const BOARD_PAINTER_ONLY: [&str; 7] = [
    "fn draw_stone",
    "fn draw_grid",
    "fn cell_at",
    "fn column_at",
    "fn set_source",
    "\"x_mark_color\"",
    "\"o_mark_color\"",
];

/// The files of the app's own sources but `except` that hold one of
/// `words`, and which.
fn files_holding(words: &[&str], except: &[&Path]) -> Vec<String> {
    rust_files(&root().join("src"))
        .into_iter()
        .filter(|file| !except.contains(&file.as_path()))
        .flat_map(|file| {
            let text = code(&std::fs::read_to_string(&file).unwrap());
            words
                .iter()
                .filter(|word| text.contains(*word))
                .map(|word| format!("{} has {word}", file.display()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn one_painter_draws_every_board_and_owns_its_hit_test_and_colours() {
    let painter = root().join("src/ui/shared/board_painting.rs");
    let painter_text = std::fs::read_to_string(&painter).unwrap();
    for word in BOARD_PAINTER_ONLY
        .iter()
        .filter(|word| **word != "fn set_source")
    {
        assert!(painter_text.contains(word), "the painter lacks {word}");
    }
    let elsewhere = files_holding(&BOARD_PAINTER_ONLY, &[&painter]);
    assert!(
        elsewhere.is_empty(),
        "only the board painter draws boards: {elsewhere:#?}"
    );
}

/// What only `BoardView` does with the painter: lay a board out in a
/// drawing and paint it. Every window's board is a `BoardView`, which
/// hands its window the layout to draw its own marks by.
const BOARD_VIEW_ONLY: [&str; 2] = ["BoardLayout::new(", "board_painting::paint("];

#[test]
fn only_the_board_widget_paints_a_board_in_any_window() {
    let board_view = root().join("src/ui/widgets/board_view.rs");
    let board_view_text = code(&std::fs::read_to_string(&board_view).unwrap());
    for word in BOARD_VIEW_ONLY {
        assert!(board_view_text.contains(word), "BoardView lacks {word}");
    }
    let painter = root().join("src/ui/shared/board_painting.rs");
    let elsewhere = files_holding(&BOARD_VIEW_ONLY, &[&painter, &board_view]);
    assert!(
        elsewhere.is_empty(),
        "only BoardView paints a board: {elsewhere:#?}"
    );
}
