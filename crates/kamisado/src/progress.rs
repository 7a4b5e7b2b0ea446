//! Progress bars on standard error, drawn by `indicatif` only when standard
//! error is a terminal, so that nothing mixes into what is read from standard
//! output or logged.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often a bar on a terminal is redrawn between updates, so that its
/// elapsed time keeps counting.
const TICK: Duration = Duration::from_millis(250);

/// A bar of `len` steps drawn from `template` (indicatif's template syntax)
/// with `chars` (filled, then empty) on standard error; hidden when standard
/// error is not a terminal.
pub fn bar(len: u64, template: &str, chars: &str) -> ProgressBar {
    let terminal = std::io::stderr().is_terminal();
    let target = if terminal {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let style = ProgressStyle::with_template(template)
        .expect("the bar's template is valid")
        .progress_chars(chars);
    let bar = ProgressBar::with_draw_target(Some(len), target).with_style(style);
    if terminal {
        bar.enable_steady_tick(TICK);
    }
    bar
}

/// A labelled bar for work counted in steps, with the elapsed time and an
/// estimate of what is left: `perft 7 [####------] 2/5  1s, about 2s left`.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar that starts now; its length is given by the first update.
    pub fn new(label: &str) -> Progress {
        let bar = bar(
            0,
            "{prefix} [{bar:30}] {pos}/{len}  {elapsed}, about {eta} left",
            "#-",
        );
        bar.set_prefix(label.to_string());
        Progress { bar }
    }

    /// Redraws the bar at `done` of `total`, and ends it when they are equal.
    pub fn update(&self, done: usize, total: usize) {
        self.bar.set_length(total as u64);
        self.bar.set_position(done as u64);
        if done == total {
            self.bar.finish();
        }
    }
}
