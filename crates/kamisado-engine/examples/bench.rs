//! Prints the bench: `cargo run --release -p kamisado-engine --example bench`.

fn main() {
    println!("{}", kamisado_engine::bench::run());
}
