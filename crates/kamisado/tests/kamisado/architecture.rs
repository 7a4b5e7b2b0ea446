//! docs/architecture.md is kept true: its table of dependencies is exactly
//! what the crates' `Cargo.toml` files say, and no crate depends on one
//! above it in the table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace crates each crate depends on, as its manifest's
/// `[dependencies]` section names them.
fn manifest_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    let crates = std::fs::read_dir(workspace().join("crates")).expect("the crates folder");
    for entry in crates {
        let dir = entry.expect("a crate folder").path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .expect("a package name")
            .trim_matches('"')
            .to_string();
        let mut section = "";
        let mut deps = BTreeSet::new();
        for line in manifest.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
            } else if section == "[dependencies]" && line.starts_with("kamisado") {
                let dep = line.split(['=', '.', ' ']).next().unwrap_or("");
                deps.insert(dep.to_string());
            }
        }
        graph.insert(name, deps);
    }
    graph
}

/// The table of docs/architecture.md's "Dependencies" section, in its order.
fn documented_dependencies() -> Vec<(String, BTreeSet<String>)> {
    let doc = std::fs::read_to_string(workspace().join("docs/architecture.md"))
        .expect("docs/architecture.md");
    let table = doc
        .split("## Dependencies")
        .nth(1)
        .expect("a Dependencies section");
    table
        .lines()
        .filter(|l| l.starts_with("| kamisado"))
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
            let deps = cells[1]
                .split(',')
                .map(str::trim)
                .filter(|d| !d.is_empty())
                .map(String::from)
                .collect();
            (cells[0].to_string(), deps)
        })
        .collect()
}

#[test]
fn the_documented_dependencies_are_the_manifests() {
    let documented = documented_dependencies();
    let actual = manifest_dependencies();
    let names: BTreeSet<&String> = documented.iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        actual.keys().collect(),
        "docs/architecture.md names every crate of the workspace, and no other"
    );
    for (name, deps) in &documented {
        assert_eq!(
            deps, &actual[name],
            "{name}'s dependencies in docs/architecture.md are its Cargo.toml's"
        );
    }
}

#[test]
fn nothing_points_backwards() {
    let documented = documented_dependencies();
    let order: Vec<&String> = documented.iter().map(|(n, _)| n).collect();
    for (i, (name, deps)) in documented.iter().enumerate() {
        for dep in deps {
            let at = order.iter().position(|n| *n == dep).expect("a known crate");
            assert!(at < i, "{name} depends on {dep}, which stands above it");
        }
    }
}

/// The server's layers as docs/architecture.md's "Inside the server" table
/// gives them: each room (a top-level file or a folder of
/// `crates/kamisado-server/src`) with its layer.
fn documented_layers() -> BTreeMap<String, usize> {
    let doc = std::fs::read_to_string(workspace().join("docs/architecture.md"))
        .expect("docs/architecture.md");
    let table = doc
        .split("## Inside the server")
        .nth(1)
        .expect("an Inside the server section");
    let mut layers = BTreeMap::new();
    for row in table.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let Some(Ok(layer)) = cells.first().map(|c| c.parse::<usize>()) else {
            continue;
        };
        for room in cells[1].split(',').map(str::trim) {
            layers.insert(room.trim_end_matches(".rs").to_string(), layer);
        }
    }
    layers
}

/// Every Rust file of the server's library, with its room.
fn server_files() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = workspace().join("crates/kamisado-server/src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    files
        .into_iter()
        .filter(|p| !p.starts_with(src.join("bin")))
        .map(|p| {
            let relative = p.strip_prefix(&src).expect("under src").to_path_buf();
            let first = relative.components().next().expect("a component");
            let room = first
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string();
            (p, room)
        })
        .collect()
}

/// The code of a file before its tests.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a source file");
    match text.find("#[cfg(test)]") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

#[test]
fn the_servers_folders_import_downwards_only() {
    let layers = documented_layers();
    let mut wrong = Vec::new();
    for (path, room) in server_files() {
        let layer = *layers
            .get(&room)
            .unwrap_or_else(|| panic!("docs/architecture.md gives no layer to `{room}`"));
        let code = code_of(&path);
        for (at, _) in code.match_indices("crate::") {
            let name: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            let Some(&used) = layers.get(&name) else {
                continue;
            };
            if name != room && used >= layer {
                wrong.push(format!("{} uses crate::{name}", path.display()));
            }
        }
    }
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "imports that do not run down the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn server_files_and_functions_are_short() {
    let mut long = Vec::new();
    for (path, _) in server_files() {
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines = text.lines().count();
        if lines > 600 {
            long.push(format!("{}: {lines} lines", path.display()));
        }
        let code = code_of(&path);
        let code: Vec<&str> = code.lines().collect();
        for (i, line) in code.iter().enumerate() {
            let item = line.trim_start();
            let item = item
                .strip_prefix("pub(crate) ")
                .or_else(|| item.strip_prefix("pub "))
                .unwrap_or(item);
            let item = item.strip_prefix("async ").unwrap_or(item);
            if !item.starts_with("fn ") {
                continue;
            }
            let indent = line.len() - line.trim_start().len();
            let end = code[i..]
                .iter()
                .position(|l| {
                    l.len() > indent
                        && l.starts_with(&" ".repeat(indent))
                        && l[indent..].starts_with('}')
                })
                .map_or(0, |n| n + 1);
            if end > 60 {
                long.push(format!(
                    "{}:{}: a function of {end} lines",
                    path.display(),
                    i + 1
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "over 600 lines a file or 60 a function:\n{}",
        long.join("\n")
    );
}
