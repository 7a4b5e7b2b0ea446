//! Each refusal is a typed reason whose words are those players read.

use kamisado_core::{Colour, Ending, IllegalReason, Move, Position, Rules, Side, Tower};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn refusal(p: &Position, mv: &str) -> IllegalReason {
    p.play(mv.parse().unwrap()).unwrap_err().reason
}

fn sumo(side: Side, colour: Colour, teeth: u8) -> Tower {
    Tower {
        side,
        colour,
        teeth,
    }
}

#[test]
fn step_refusals_name_their_rule() {
    let p = pos("obvpy2n/8/3r1g2/8/3Y4/8/8/NGR1PVBO b y");
    let sq = |s: &str| s.parse().unwrap();
    assert_eq!(
        refusal(&p, "d4-d7"),
        IllegalReason::PathBlocked { square: sq("d6") }
    );
    assert_eq!(refusal(&p, "d4-d3"), IllegalReason::NotForward);
    assert_eq!(refusal(&p, "d4-e6"), IllegalReason::NotStraightOrDiagonal);
    assert_eq!(
        refusal(&p, "a1-a2"),
        IllegalReason::NotForced {
            forced: Tower::new(Side::Black, Colour::Yellow),
            square: sq("d4"),
            tried: Colour::Brown,
            from: sq("a1"),
        }
    );
    assert_eq!(
        refusal(&p, "a8-a7"),
        IllegalReason::OpponentsTower {
            side: Side::Black,
            from: sq("a8")
        }
    );
    assert_eq!(
        refusal(&p, "d5-d6"),
        IllegalReason::NoTower { from: sq("d5") }
    );
    let e = p.play("d4-d3".parse().unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "d4-d3 is illegal: towers move only forward (R3)"
    );
    let p = pos("obvpyrgn/8/8/8/8/8/3Y+4/NGR1PVBO b y");
    assert_eq!(
        refusal(&p, "d2-d8"),
        IllegalReason::TooFar {
            tower: sumo(Side::Black, Colour::Yellow, 1),
            reach: 5
        }
    );
}

#[test]
fn push_refusals_name_their_rule() {
    let cases = [
        (
            "obvpy2n/8/3g4/3r4/3Y+4/8/8/NGR1PVBO b y",
            IllegalReason::LineTooLong {
                pusher: sumo(Side::Black, Colour::Yellow, 1),
            },
            "a sumo pushes at most 1 tower (R12)",
        ),
        (
            "obvpy1gn/8/8/3r+4/3Y+4/8/8/NGR1PVBO b y",
            IllegalReason::NotLowerRank {
                pusher: sumo(Side::Black, Colour::Yellow, 1),
                square: "d5".parse().unwrap(),
            },
            "the tower on d5 is not of lower rank than the pushing sumo",
        ),
        (
            "obvpy1gn/8/3G4/3r4/3Y++4/8/8/NR1PVBO1 b y",
            IllegalReason::OwnTowerInLine {
                side: Side::Black,
                square: "d6".parse().unwrap(),
            },
            "the line ahead holds Black's own tower on d6; only the opponent's towers can be pushed",
        ),
        (
            "obvrpygn/3Y+4/8/8/8/8/8/NGR1PVBO b y",
            IllegalReason::NoRoomBehind,
            "the square behind the line is off the board or taken",
        ),
        (
            "obvpy1gn/8/8/3r4/3Y4/8/8/NGR1PVBO b y",
            IllegalReason::NotSumo {
                colour: Colour::Yellow,
                from: "d4".parse().unwrap(),
            },
            "only a sumo can push; the yellow tower on d4 has no teeth",
        ),
        (
            "obvpyrgn/8/8/8/3Y+4/8/8/NGR1PVBO b y",
            IllegalReason::NothingToPush {
                to: "d5".parse().unwrap(),
            },
            "there is no opponent's tower on d5 to push",
        ),
    ];
    for (text, reason, words) in cases {
        let p = pos(text);
        let from = p.forced_tower().unwrap().0;
        let to = kamisado_core::Square::at(from.file(), from.rank() + 1).unwrap();
        let got = p.play(Move::Push { from, to }).unwrap_err().reason;
        assert_eq!(got, reason, "{text}");
        assert_eq!(got.to_string(), words, "{text}");
    }
    let p = pos("obvpyrgn/8/8/8/3Y+4/8/8/NGR1PVBO b y");
    let e = refusal(&p, "d4>e5");
    assert_eq!(
        e.to_string(),
        "a push moves the sumo one square straight ahead, to d5"
    );
}

#[test]
fn passes_and_ended_rounds_are_refused_with_their_reason() {
    assert_eq!(
        Position::start().play(Move::Pass).unwrap_err().reason,
        IllegalReason::PassWithFreeChoice
    );
    let won = pos("obv1yrgn/8/3Y4/8/8/8/3p4/NGR1PVBO b y")
        .play("d6-d8".parse().unwrap())
        .unwrap();
    let reason = won.play(Move::Pass).unwrap_err().reason;
    assert_eq!(
        reason,
        IllegalReason::RoundOver {
            winner: Side::Black,
            ending: Ending::HomeRow
        }
    );
    assert_eq!(
        reason.to_string(),
        "the round is over: Black has won by reaching the home row"
    );
    let p: Position = Position::from_setup(
        &"obvpyrgn/8/8/8/3Y4/8/8/NGR1PVBO b y".parse().unwrap(),
        Rules::ZVEZDA,
    )
    .unwrap();
    let reason = p.play("d4>d5".parse().unwrap()).unwrap_err().reason;
    assert_eq!(
        reason,
        IllegalReason::Zvezda {
            tower: Tower::new(Side::Black, Colour::Yellow),
            push: true
        }
    );
    assert_eq!(
        reason.to_string(),
        "only a tower with a ring can push; the yellow tower has none"
    );
}
