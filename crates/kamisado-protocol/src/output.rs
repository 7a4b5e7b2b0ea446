//! The engine's output, shared by the reading loop and the search thread:
//! every line is written whole and flushed, so lines never interleave.

use std::io::{self, Write};
use std::sync::{Mutex, MutexGuard};

/// A writer shared between threads that writes whole lines.
pub struct Output<W> {
    inner: Mutex<W>,
}

impl<W: Write> Output<W> {
    /// Wraps a writer.
    pub fn new(writer: W) -> Output<W> {
        Output {
            inner: Mutex::new(writer),
        }
    }

    fn lock(&self) -> MutexGuard<'_, W> {
        // A thread that panicked while writing leaves the writer usable.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes one line (a newline is added) and flushes it.
    ///
    /// # Errors
    /// When the writer fails, e.g. the reader has gone.
    pub fn line(&self, text: &str) -> io::Result<()> {
        self.lines(&[text])
    }

    /// Writes several lines together, with nothing from another thread between them.
    ///
    /// # Errors
    /// When the writer fails.
    pub fn lines<S: AsRef<str>>(&self, texts: &[S]) -> io::Result<()> {
        let mut text = String::new();
        for t in texts {
            text.push_str(t.as_ref());
            text.push('\n');
        }
        let mut writer = self.lock();
        writer.write_all(text.as_bytes())?;
        writer.flush()
    }
}
