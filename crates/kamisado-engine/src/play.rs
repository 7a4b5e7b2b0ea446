//! Levels and match play.
