//! What the server does with a game's state after each action, without
//! the database or the sockets: the action told and applied, the whole
//! state made, the patch from the state before and each seat's patch
//! message written, as a game's cell publishes them.
//!
//! ```sh
//! cargo run --release -p kamisado-server --example publish [MATCHES]
//! valgrind --tool=callgrind target/release/examples/publish 20
//! ```
//!
//! It plays `MATCHES` matches to 15 on one screen (200 by default), moves
//! picked by a fixed seed, and prints the actions and the time and bytes
//! an action took. Instructions (callgrind) are the firm figure; the time
//! moves with the machine's load.

use std::time::Instant;

use kamisado_core::{Fill, Rules, Side};
use kamisado_server::games::live::{Action, LiveGame};
use kamisado_server::games::store::GameRow;
use kamisado_wire::{Seat, ServerMessage, StateView, Status};

/// The server's allocator, so that allocations cost what they cost it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A match to 15 on one screen, not yet begun.
fn new_game() -> LiveGame {
    let row = GameRow::on_one_screen(Rules::default(), Default::default(), 15);
    match LiveGame::rebuild(row, &[]) {
        Ok(game) => game,
        Err(e) => panic!("a new game does not build: {e}"),
    }
}

/// The next number of a fixed sequence (xorshift).
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Plays one match to its end, publishing each state: the actions and the
/// bytes of the patch messages written.
fn play(seed: &mut u64) -> (u64, u64) {
    let mut game = new_game();
    let mut before: StateView = game.view();
    let (mut actions, mut bytes) = (0, 0);
    // A match to 15 ends; the cap keeps a drawn-out one from running on.
    for _ in 0..2000 {
        let action = match before.status {
            Status::Playing => {
                let i = next(seed) as usize % before.legal.len();
                Action::Move(before.legal[i])
            }
            Status::Fill if next(seed) % 2 == 0 => Action::Fill(Fill::Left),
            Status::Fill => Action::Fill(Fill::Right),
            Status::Over => break,
        };
        let note = match game.tell(action) {
            Ok(note) => note,
            Err(e) => panic!("{action} is refused: {e:?}"),
        };
        if let Err(e) = game.apply(action, note) {
            panic!("{action} does not apply: {e}");
        }
        let mut view = game.view();
        view.seq = before.seq + 1;
        let patch = view.patch_from(&before);
        for seat in [Side::Black, Side::White] {
            let seen = patch.seen_by(Some(Seat::Side(seat)), &before, &view);
            bytes += ServerMessage::Patch(seen).to_text().len() as u64;
        }
        before = view;
        actions += 1;
    }
    (actions, bytes)
}

fn main() {
    let matches: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 200,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("publish: MATCHES must be a number: {e}");
            std::process::exit(2);
        }
    };
    let mut seed = 0x9e37_79b9_7f4a_7c15;
    let started = Instant::now();
    let (mut actions, mut bytes) = (0, 0);
    for _ in 0..matches {
        let (a, b) = play(&mut seed);
        actions += a;
        bytes += b;
    }
    let took = started.elapsed();
    println!(
        "{matches} matches, {actions} actions: {:.1} µs an action, {} B of patches to a seat",
        took.as_secs_f64() * 1e6 / actions.max(1) as f64,
        bytes / (2 * actions.max(1)),
    );
}
