//! The rule set a game is played under.

use std::fmt;
use std::str::FromStr;

/// Which colour the pusher must move after a sumo push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PushFollow {
    /// The colour of the square the last pushed tower came to rest on (R13).
    #[default]
    LastPushed,
    /// The colour of the square the sumo landed on (the `sumo-square` option).
    SumoSquare,
}

/// How towers with teeth (or rings) move and push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Sumos of R11–R13: forward only, shorter reach, straight pushes of up to three.
    #[default]
    Standard,
    /// The Russian edition's rings: sideways and backward moves, pushes of one
    /// tower in any direction of movement, and a loss for the third repetition.
    Zvezda,
}

/// A rule set: the standard rules of RULES.md or one of its named options.
///
/// Callers pass a `Rules` value around instead of testing for options, so
/// that new rule sets change this type and the move generator only.
///
/// ```
/// use kamisado_core::Rules;
/// let rules: Rules = "sumo-square".parse().unwrap();
/// assert_eq!(rules.to_string(), "sumo-square");
/// assert_eq!(Rules::default().name(), "standard");
/// let championship: Rules = "standard+opening-limits".parse().unwrap();
/// assert!(championship.opening_limits);
/// assert_eq!(championship, Rules::STANDARD.with_opening_limits());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// The follow-up colour after a push (standard pushes).
    pub push_follow: PushFollow,
    /// How sumos move and push.
    pub variant: Variant,
    /// The `opening-limits` option: a round's first three plies move at most
    /// 1, 3 and 5 squares.
    pub opening_limits: bool,
}

/// The most squares a tower may move in each of a round's first plies under
/// `opening-limits` (RULES.md), by the plies of the round already played.
pub(crate) const OPENING_REACH: [u8; 3] = [1, 3, 5];

/// The name of the option as it follows a rule set's name.
pub(crate) const OPENING_LIMITS: &str = "+opening-limits";

impl Rules {
    /// The standard rules, R1–R14.
    pub const STANDARD: Rules = Rules {
        push_follow: PushFollow::LastPushed,
        variant: Variant::Standard,
        opening_limits: false,
    };

    /// The standard rules with the `sumo-square` option.
    pub const SUMO_SQUARE: Rules = Rules {
        push_follow: PushFollow::SumoSquare,
        variant: Variant::Standard,
        opening_limits: false,
    };

    /// The `zvezda` option: the Russian edition's rings.
    pub const ZVEZDA: Rules = Rules {
        push_follow: PushFollow::LastPushed,
        variant: Variant::Zvezda,
        opening_limits: false,
    };

    /// The standard rules with the `opening-limits` option: the rules of the
    /// Kamisado World Championship.
    pub const CHAMPIONSHIP: Rules = Rules::STANDARD.with_opening_limits();

    /// The rule sets without `opening-limits`: the standard rules and the
    /// options that change how sumos move and push.
    pub const BASE: [Rules; 3] = [Rules::STANDARD, Rules::SUMO_SQUARE, Rules::ZVEZDA];

    /// Every rule set this library plays: each of [`Rules::BASE`], then each
    /// with `opening-limits`.
    pub const ALL: [Rules; 6] = [
        Rules::STANDARD,
        Rules::SUMO_SQUARE,
        Rules::ZVEZDA,
        Rules::STANDARD.with_opening_limits(),
        Rules::SUMO_SQUARE.with_opening_limits(),
        Rules::ZVEZDA.with_opening_limits(),
    ];

    /// The same rule set with the `opening-limits` option.
    pub const fn with_opening_limits(self) -> Rules {
        Rules {
            opening_limits: true,
            ..self
        }
    }

    /// The same rule set without the `opening-limits` option.
    pub const fn without_opening_limits(self) -> Rules {
        Rules {
            opening_limits: false,
            ..self
        }
    }

    /// The name of the rule set without `opening-limits`.
    const fn base_name(self) -> &'static str {
        match (self.variant, self.push_follow) {
            (Variant::Zvezda, _) => "zvezda",
            (Variant::Standard, PushFollow::LastPushed) => "standard",
            (Variant::Standard, PushFollow::SumoSquare) => "sumo-square",
        }
    }

    /// The rule set's name in records and on the command line.
    pub const fn name(self) -> &'static str {
        match (self.opening_limits, self.variant, self.push_follow) {
            (false, _, _) => self.base_name(),
            (true, Variant::Zvezda, _) => "zvezda+opening-limits",
            (true, Variant::Standard, PushFollow::LastPushed) => "standard+opening-limits",
            (true, Variant::Standard, PushFollow::SumoSquare) => "sumo-square+opening-limits",
        }
    }

    /// Whether the third occurrence of a position ends the round (zvezda).
    pub const fn repetition_loses(self) -> bool {
        matches!(self.variant, Variant::Zvezda)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule-set name this library does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(pub String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a rule set: expected standard, sumo-square or zvezda, \
             optionally followed by {OPENING_LIMITS}",
            self.0
        )
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let (base, limits) = match s.strip_suffix(OPENING_LIMITS) {
            Some(base) => (base, true),
            None => (s, false),
        };
        Rules::BASE
            .into_iter()
            .find(|r| r.base_name() == base)
            .map(|r| Rules {
                opening_limits: limits,
                ..r
            })
            .ok_or_else(|| ParseRulesError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_round_trips_by_name() {
        for rules in Rules::ALL {
            assert_eq!(rules.name().parse::<Rules>(), Ok(rules));
        }
        assert_eq!(
            "zvezda+opening-limits".parse::<Rules>(),
            Ok(Rules::ZVEZDA.with_opening_limits())
        );
        for bad in [
            "opening-limits",
            "standard+",
            "standard+opening-limits+opening-limits",
        ] {
            assert!(bad.parse::<Rules>().is_err(), "{bad}");
        }
    }
}
