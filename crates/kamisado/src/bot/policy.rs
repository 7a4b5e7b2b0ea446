//! Which challenges the bridge accepts: `--accept rules=standard,zvezda
//! boards=8x8 time=60..900 rated=yes`, each key optional (any when left out).

use kamisado_core::Rules;
use kamisado_core::geometry::BoardSize;
use kamisado_wire::players::ChallengeView;

/// Whether the bridge accepts rated games, unrated ones, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rated {
    /// Rated games only (`rated=yes`).
    Yes,
    /// Unrated games only (`rated=no`).
    No,
    /// Either (`rated=any`, the default).
    Any,
}

/// The challenges the bridge accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// The rule sets accepted; empty: any.
    pub rules: Vec<Rules>,
    /// The boards accepted; empty: any.
    pub boards: Vec<BoardSize>,
    /// The initial time of a live clock accepted, in seconds; none: any
    /// game, timed or not. With a range, only live clocks within it.
    pub time: Option<(u64, u64)>,
    /// Rated, unrated or both.
    pub rated: Rated,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            rules: Vec::new(),
            boards: Vec::new(),
            time: None,
            rated: Rated::Any,
        }
    }
}

/// Reads a comma-separated list of values, each by its parser.
fn list<T: std::str::FromStr>(key: &str, text: &str) -> Result<Vec<T>, String>
where
    T::Err: std::fmt::Display,
{
    text.split(',')
        .map(|v| v.parse().map_err(|e| format!("--accept {key}={v}: {e}")))
        .collect()
}

impl Policy {
    /// Reads the words of `--accept` (`key=value`, separated by spaces or
    /// given as several arguments).
    ///
    /// # Errors
    /// An unknown key or a value that does not read, saying which.
    pub fn parse(words: &[String]) -> Result<Policy, String> {
        let mut policy = Policy::default();
        for word in words.iter().flat_map(|w| w.split_whitespace()) {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--accept: `{word}` is not KEY=VALUE"))?;
            match key {
                "rules" => policy.rules = list(key, value)?,
                "boards" | "board" => policy.boards = list(key, value)?,
                "time" => policy.time = Some(range(value)?),
                "rated" => {
                    policy.rated = match value {
                        "yes" => Rated::Yes,
                        "no" => Rated::No,
                        "any" => Rated::Any,
                        _ => return Err(format!("--accept rated={value}: yes, no or any")),
                    }
                }
                _ => {
                    return Err(format!(
                        "--accept: unknown key `{key}` (rules, boards, time, rated)"
                    ));
                }
            }
        }
        Ok(policy)
    }

    /// Why the bridge declines a challenge, if it does.
    pub fn refusal(&self, c: &ChallengeView) -> Option<String> {
        if !self.rules.is_empty() && !self.rules.contains(&c.rules) {
            return Some(format!("the bot does not play {}", c.rules));
        }
        if !self.boards.is_empty() && !self.boards.contains(&c.board) {
            return Some(format!("the bot does not play on {}", c.board));
        }
        match (self.rated, c.rated) {
            (Rated::Yes, false) => return Some("the bot plays rated games only".into()),
            (Rated::No, true) => return Some("the bot plays unrated games only".into()),
            _ => {}
        }
        let (low, high) = self.time?;
        match c.clock {
            Some(clock) if (low..=high).contains(&clock.initial_s) => None,
            _ => Some(format!(
                "the bot plays live clocks of {low} to {high} s only"
            )),
        }
    }
}

/// `A..B` seconds.
fn range(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--accept time={text}: a range of seconds, such as 60..900");
    let (low, high) = text.split_once("..").ok_or_else(bad)?;
    let low: u64 = low.parse().map_err(|_| bad())?;
    let high: u64 = high.parse().map_err(|_| bad())?;
    if low > high {
        return Err(bad());
    }
    Ok((low, high))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kamisado_wire::PlayAs;
    use kamisado_wire::players::ClockRequest;

    fn challenge() -> ChallengeView {
        ChallengeView {
            id: "c".into(),
            creator: "ann".into(),
            creator_bot: false,
            rating: 1500.0,
            rules: Rules::STANDARD,
            board: BoardSize::Eight,
            target: 1,
            colour: PlayAs::Random,
            rated: true,
            clock: Some(ClockRequest {
                initial_s: 300,
                increment_s: 2,
            }),
            days: None,
            opponent: Some("bot".into()),
            opponent_bot: true,
            created_ms: 0,
        }
    }

    #[test]
    fn a_policy_reads_and_decides() {
        let words = [
            "rules=standard,zvezda boards=8x8".to_string(),
            "time=60..900".into(),
            "rated=yes".into(),
        ];
        let policy = Policy::parse(&words).unwrap();
        assert_eq!(policy.time, Some((60, 900)));
        assert_eq!(policy.refusal(&challenge()), None);
        let mut c = challenge();
        c.rated = false;
        assert!(policy.refusal(&c).unwrap().contains("rated games only"));
        let mut c = challenge();
        c.board = BoardSize::Ten;
        assert!(policy.refusal(&c).unwrap().contains("10x10"));
        let mut c = challenge();
        c.clock = None;
        assert!(policy.refusal(&c).unwrap().contains("60 to 900"));
        assert_eq!(Policy::parse(&[]).unwrap().refusal(&c), None);
        assert!(
            Policy::parse(&["speed=fast".into()])
                .unwrap_err()
                .contains("unknown key")
        );
        assert!(Policy::parse(&["time=9..1".into()]).is_err());
    }
}
