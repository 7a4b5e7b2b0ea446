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
