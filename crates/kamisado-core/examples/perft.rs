use kamisado_core::{Position, perft};
fn main() {
    let d: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(5);
    let t = std::time::Instant::now();
    for i in 1..=d {
        let n = perft(&Position::start(), i);
        println!("{i} {n} {:?}", t.elapsed());
    }
}
