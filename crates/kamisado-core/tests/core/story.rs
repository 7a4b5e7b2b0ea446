//! The story of each kind of action: the typed events and their English words.

use kamisado_core::story::{
    self, Act, AfterRound, Concession, ForcedBy, Next, PushTurn, Pushed, RoundOver, Story,
};
use kamisado_core::{
    Colour, Fill, Match, MatchError, Move, RoundEnd, Rules, Score, Setup, Side, Square, Tower,
};

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn game(text: &str, rules: Rules) -> Match {
    Match::from_setup(&text.parse::<Setup>().unwrap(), rules).unwrap_or_else(|e| panic!("{e}"))
}

fn told(m: &Match, mv: &str) -> Story {
    story::of_move(m, mv.parse().unwrap()).unwrap_or_else(|e| panic!("{mv}: {e}"))
}

fn tower(side: Side, colour: Colour, teeth: u8) -> Tower {
    Tower {
        side,
        colour,
        teeth,
    }
}

fn black(colour: Colour, teeth: u8) -> Tower {
    tower(Side::Black, colour, teeth)
}

fn gold(colour: Colour, teeth: u8) -> Tower {
    tower(Side::White, colour, teeth)
}

fn round_over(s: &Story) -> RoundOver {
    match s.next {
        Some(Next::RoundOver(over)) => over,
        other => panic!("not a round's end: {other:?}"),
    }
}

fn pushed(s: &Story) -> Vec<Pushed> {
    match s.act {
        Act::Push { line, .. } => line.iter().collect(),
        other => panic!("not a push: {other:?}"),
    }
}

const START_3: &str = "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b - 0-0/3";

#[test]
fn a_step_names_the_tower_and_the_forced_tower_with_its_square() {
    let s = told(&game(START_3, Rules::STANDARD), "d1-d6");
    assert_eq!(
        s,
        Story {
            act: Act::Step {
                tower: black(Colour::Yellow, 0),
                from: sq("d1"),
                to: sq("d6"),
            },
            next: Some(Next::Forced {
                tower: gold(Colour::Red, 0),
                square: sq("f8"),
                by: ForcedBy::Landed {
                    square: sq("d6"),
                    colour: Colour::Red
                },
                blocked: false,
            }),
        }
    );
    assert_eq!(
        s.to_string(),
        "Black's yellow tower moves d1-d6. Gold must move the red tower on f8 (d6 is a red square)."
    );
    // The article follows the colour's name.
    let s = told(&game(START_3, Rules::STANDARD), "d1-f3");
    assert_eq!(
        s.to_string(),
        "Black's yellow tower moves d1-f3. Gold must move the orange tower on a8 (f3 is an orange square)."
    );
}

#[test]
fn a_push_of_one_tower_costs_the_opponent_the_turn() {
    let m = game("obvpy1gn/8/8/3r4/3Y+4/8/8/NGR1PVBO b y", Rules::STANDARD);
    let s = told(&m, "d4>d5");
    let Act::Push {
        pusher,
        from,
        to,
        turn,
        ..
    } = s.act
    else {
        panic!("{s:?}")
    };
    assert_eq!(
        (pusher, from, to, turn),
        (
            black(Colour::Yellow, 1),
            sq("d4"),
            sq("d5"),
            PushTurn::OpponentLosesTurn
        )
    );
    assert_eq!(
        pushed(&s),
        [Pushed {
            tower: gold(Colour::Red, 0),
            from: sq("d5"),
            to: sq("d6")
        }]
    );
    assert_eq!(
        s.next,
        Some(Next::Forced {
            tower: black(Colour::Red, 0),
            square: sq("c1"),
            by: ForcedBy::LastPushed {
                square: sq("d6"),
                colour: Colour::Red
            },
            blocked: false,
        })
    );
    assert_eq!(
        s.to_string(),
        "Black's yellow sumo pushes Gold's red tower from d5 to d6 (d4>d5). Gold loses the turn (R13). \
         Black must move the red tower on c1 (R13: the last pushed tower stopped on d6, a red square)."
    );
}

#[test]
fn a_push_of_several_towers_lists_each_and_the_last_decides_the_colour() {
    let m = game("obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y", Rules::STANDARD);
    let s = told(&m, "d4>d5");
    let moved: Vec<(Colour, Square, Square)> = pushed(&s)
        .iter()
        .map(|p| (p.tower.colour, p.from, p.to))
        .collect();
    assert_eq!(
        moved,
        [
            (Colour::Red, sq("d5"), sq("d6")),
            (Colour::Green, sq("d6"), sq("d7"))
        ]
    );
    assert!(matches!(
        s.next,
        Some(Next::Forced { tower, by: ForcedBy::LastPushed { square, colour: Colour::Green }, .. })
            if tower == black(Colour::Green, 0) && square == sq("d7")
    ));
    assert_eq!(
        s.to_string(),
        "Black's yellow double sumo pushes Gold's red tower from d5 to d6 and Gold's green tower from d6 to d7 (d4>d5). \
         Gold loses the turn (R13). Black must move the green tower on b1 (R13: the last pushed tower stopped on d7, a green square)."
    );
    let m = game(
        "obv1py2/3n4/3g4/3r+4/3Y+++4/8/8/NGR1PVBO b y",
        Rules::STANDARD,
    );
    let s = told(&m, "d4>d5");
    assert_eq!(pushed(&s).len(), 3);
    assert_eq!(pushed(&s)[0].tower, gold(Colour::Red, 1));
    assert_eq!(
        s.to_string(),
        "Black's yellow triple sumo pushes Gold's red sumo from d5 to d6, Gold's green tower from d6 to d7 \
         and Gold's brown tower from d7 to d8 (d4>d5). Gold loses the turn (R13). \
         Black must move the pink tower on e1 (R13: the last pushed tower stopped on d8, a pink square)."
    );
}

#[test]
fn a_push_under_sumo_square_forces_the_colour_of_the_sumos_square() {
    let m = game(
        "obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y",
        Rules::SUMO_SQUARE,
    );
    let s = told(&m, "d4>d5");
    assert_eq!(
        s.next,
        Some(Next::Forced {
            tower: black(Colour::Orange, 0),
            square: sq("h1"),
            by: ForcedBy::SumoSquare {
                square: sq("d5"),
                colour: Colour::Orange
            },
            blocked: false,
        })
    );
    assert!(
        s.to_string().ends_with(
            "Gold loses the turn (R13). Black must move the orange tower on h1 \
             (sumo-square: the sumo landed on d5, an orange square)."
        ),
        "{s}"
    );
}

#[test]
fn a_push_under_zvezda_lets_the_opponent_move_next() {
    let m = game("obvpy1gn/8/8/3r4/3Y+4/8/8/NGR1PVBO b y", Rules::ZVEZDA);
    let s = told(&m, "d4>d5");
    assert!(matches!(
        s.act,
        Act::Push {
            turn: PushTurn::OpponentMoves,
            ..
        }
    ));
    assert_eq!(
        s.next,
        Some(Next::Forced {
            tower: gold(Colour::Red, 0),
            square: sq("d6"),
            by: ForcedBy::Pushed {
                square: sq("d6"),
                colour: Colour::Red
            },
            blocked: false,
        })
    );
    let text = s.to_string();
    assert_eq!(
        text,
        "Black's yellow sumo pushes Gold's red tower from d5 to d6 (d4>d5). Gold moves next (zvezda). \
         Gold must move the red tower on d6 (zvezda: the pushed tower stopped on d6, a red square)."
    );
    assert!(!text.contains("again") && !text.contains("loses the turn"));
}

#[test]
fn a_pass_names_the_blocked_tower_and_the_colour_under_it() {
    let m = game("obv1y2n/8/8/2prg3/3Y4/8/8/NGR1PVBO b y", Rules::STANDARD);
    let s = told(&m, "pass");
    assert_eq!(
        s,
        Story {
            act: Act::Pass {
                tower: black(Colour::Yellow, 0),
                square: sq("d4"),
            },
            next: Some(Next::Forced {
                tower: gold(Colour::Brown, 0),
                square: sq("h8"),
                by: ForcedBy::Passed {
                    square: sq("d4"),
                    colour: Colour::Brown
                },
                blocked: false,
            }),
        }
    );
    assert_eq!(
        s.to_string(),
        "Black's yellow tower on d4 cannot move: Black passes (R7). \
         Gold must move the brown tower on h8 (R7: the blocked tower stands on d4, a brown square)."
    );
}

#[test]
fn a_pass_chain_says_each_forced_tower_is_blocked_until_one_can_move() {
    let mut m = game("7n/8/8/obvpyrg1/NGRYPVB1/7O/8/8 b o", Rules::STANDARD);
    let s = told(&m, "h3-h4");
    assert!(matches!(
        s.next,
        Some(Next::Forced {
            blocked: true,
            by: ForcedBy::Landed { .. },
            ..
        })
    ));
    assert_eq!(
        s.to_string(),
        "Black's orange tower moves h3-h4. Gold must move the pink tower on d5 (h4 is a pink square). \
         It cannot move: Gold must pass (R7)."
    );
    m.play("h3-h4".parse().unwrap()).unwrap();
    let mut passes = 0;
    loop {
        let s = story::of_move(&m, Move::Pass).unwrap();
        passes += 1;
        let Some(Next::Forced {
            tower,
            square,
            by: ForcedBy::Passed { colour, .. },
            blocked,
        }) = s.next
        else {
            panic!("{s:?}")
        };
        m.play(Move::Pass).unwrap();
        assert_eq!(m.position().forced_tower(), Some((square, tower)));
        assert_eq!(colour, tower.colour);
        if !blocked {
            assert!(!s.to_string().contains("must pass"), "{s}");
            break;
        }
        assert!(s.to_string().ends_with("must pass (R7)."), "{s}");
    }
    assert!(passes >= 1);
    assert_ne!(m.position().legal_moves().as_ref(), [Move::Pass]);
}

/// Black's towers fill rank 4 but h4, Gold's fill rank 5; Black's orange on h3
/// closes the wall and every tower is blocked.
const WALL: &str = "8/8/8/obvpyrgn/NGRYPVB1/7O/8/8 b o 0-0/3";

#[test]
fn a_deadlock_says_who_made_the_last_real_move_and_what_the_winner_scores() {
    let s = told(&game(WALL, Rules::STANDARD), "h3-h4");
    assert_eq!(
        round_over(&s),
        RoundOver {
            round: 1,
            winner: Side::White,
            end: RoundEnd::Deadlock,
            scorer: Some(gold(Colour::Pink, 0)),
            points: 1,
            promoted: Some(gold(Colour::Pink, 1)),
            score: Score {
                black: 0,
                white: 1,
                target: 3
            },
            then: AfterRound::Fill {
                chooser: Side::White
            },
        }
    );
    assert_eq!(
        s.to_string(),
        "Black's orange tower moves h3-h4. Deadlock: the passes would go round for ever, so Black, \
         who made the last real move, loses (R8). Gold wins the round: 1 point; the pink tower gains \
         a dragon's tooth and becomes a sumo. Score: Black 0, Gold 1 (playing to 3). \
         Gold chooses to fill from the left or the right (R14)."
    );
}

#[test]
fn a_push_deadlock_loses_for_the_pusher_and_scores_the_sumos_square() {
    let m = game("obvpyrg1/NGRYPVBn/7O+/8/8/8/8/8 b o 0-0/7", Rules::STANDARD);
    let s = told(&m, "h6>h7");
    assert_eq!(
        pushed(&s),
        [Pushed {
            tower: gold(Colour::Brown, 0),
            from: sq("h7"),
            to: sq("h8")
        }]
    );
    let over = round_over(&s);
    assert_eq!(
        (over.winner, over.end, over.scorer),
        (
            Side::White,
            RoundEnd::Deadlock,
            Some(gold(Colour::Purple, 0))
        )
    );
    assert_eq!(
        s.to_string(),
        "Black's orange sumo pushes Gold's brown tower from h7 to h8 (h6>h7). Gold loses the turn (R13). \
         Deadlock: the passes would go round for ever, so Black, who made the last real move, loses (R8). \
         Gold wins the round: 1 point; the purple tower gains a dragon's tooth and becomes a sumo. \
         Score: Black 0, Gold 1 (playing to 7). Gold chooses to fill from the left or the right (R14)."
    );
}

#[test]
fn reaching_the_home_row_wins_the_round() {
    let m = game(
        "obv1yrgn/3Y4/8/8/8/8/3p4/NGR1PVBO b y 0-0/3",
        Rules::STANDARD,
    );
    let s = told(&m, "d7-d8");
    let over = round_over(&s);
    assert_eq!(
        (over.winner, over.end, over.points, over.then),
        (
            Side::Black,
            RoundEnd::HomeRow,
            1,
            AfterRound::Fill {
                chooser: Side::Black
            }
        )
    );
    assert_eq!(
        s.to_string(),
        "Black's yellow tower moves d7-d8. The yellow tower has reached Gold's home row (R6). \
         Black wins the round: 1 point; the yellow tower gains a dragon's tooth and becomes a sumo. \
         Score: Black 1, Gold 0 (playing to 3). Black chooses to fill from the left or the right (R14)."
    );
}

#[test]
fn each_rank_is_promoted_to_the_next_and_a_triple_sumo_scores_15() {
    let cases = [
        (
            0,
            1,
            Some(1),
            "1 point; the yellow tower gains a dragon's tooth and becomes a sumo.",
        ),
        (
            1,
            3,
            Some(2),
            "3 points; the yellow sumo gains a dragon's tooth and becomes a double sumo.",
        ),
        (
            2,
            7,
            Some(3),
            "7 points; the yellow double sumo gains a dragon's tooth and becomes a triple sumo.",
        ),
        (
            3,
            15,
            None,
            "15 points with the yellow triple sumo. Black wins the match 15-0 (playing to 15).",
        ),
    ];
    for (teeth, points, promoted, words) in cases {
        let plus = "+".repeat(teeth as usize);
        let m = game(
            &format!("obv1yrgn/3Y{plus}4/8/8/8/8/3p4/NGR1PVBO b y 0-0/15"),
            Rules::STANDARD,
        );
        let s = told(&m, "d7-d8");
        let over = round_over(&s);
        assert_eq!(over.scorer, Some(black(Colour::Yellow, teeth)));
        assert_eq!(over.points, points);
        assert_eq!(over.promoted, promoted.map(|t| black(Colour::Yellow, t)));
        let text = s.to_string();
        assert!(
            text.contains(&format!("Black wins the round: {words}")),
            "{text}"
        );
    }
}

#[test]
fn the_match_ends_with_its_final_score() {
    let m = game(
        "obv1yrgn/3Y4/8/8/8/8/3p4/NGR1PVBO b y 2-1/3",
        Rules::STANDARD,
    );
    let s = told(&m, "d7-d8");
    let over = round_over(&s);
    assert_eq!(
        over.then,
        AfterRound::MatchOver {
            winner: Side::Black
        }
    );
    assert_eq!(
        over.score,
        Score {
            black: 3,
            white: 1,
            target: 3
        }
    );
    assert!(
        s.to_string().ends_with(
            "Black wins the round: 1 point; the yellow tower gains a dragon's tooth and becomes a sumo. \
             Black wins the match 3-1 (playing to 3)."
        ),
        "{s}"
    );
}

#[test]
fn a_single_round_says_only_who_wins_the_round() {
    let m = game("obv1yrgn/3Y4/8/8/8/8/3p4/NGR1PVBO b y", Rules::STANDARD);
    let s = told(&m, "d7-d8");
    assert_eq!(
        round_over(&s).then,
        AfterRound::MatchOver {
            winner: Side::Black
        }
    );
    let text = s.to_string();
    assert_eq!(
        text,
        "Black's yellow tower moves d7-d8. The yellow tower has reached Gold's home row (R6). Black wins the round."
    );
    assert!(!text.contains("match") && !text.contains("playing to"));
    let start: Match = Match::new(Rules::STANDARD, 1).unwrap();
    let s = story::of_resignation(&start, Side::Black).unwrap();
    assert_eq!(s.to_string(), "Black resigned: Gold wins the round.");
}

#[test]
fn the_third_repetition_loses_under_zvezda() {
    let mut m = game(
        "obvpyrg1/8/8/8/8/2O+++2n+++2/8/NGRYPVB1 b o 0-0/15",
        Rules::ZVEZDA,
    );
    let cycle = ["c3-d4", "f3-g2", "d4-c3", "g2-f3"];
    for text in cycle.iter().cycle().take(7) {
        m.play(text.parse().unwrap()).unwrap();
    }
    let s = told(&m, "g2-f3");
    let over = round_over(&s);
    assert_eq!(
        (over.winner, over.end, over.scorer, over.promoted),
        (
            Side::Black,
            RoundEnd::Repetition,
            Some(black(Colour::Orange, 3)),
            None
        )
    );
    assert_eq!(
        s.to_string(),
        "Gold's brown triple sumo moves g2-f3. The position has come back a third time, so Gold, \
         who repeated it, loses (zvezda). Black wins the round: 15 points with the orange triple sumo. \
         Black wins the match 15-0 (playing to 15)."
    );
}

#[test]
fn a_fill_reseats_the_towers_and_the_loser_starts_with_any_tower() {
    let m = game(
        "obvYy1gn/3p4/8/8/8/5r2/1G6/N1R1PVBO w y 1-0/3",
        Rules::STANDARD,
    );
    let s = story::of_fill(&m, Fill::Left).unwrap();
    assert_eq!(
        s,
        Story {
            act: Act::Fill {
                side: Side::Black,
                fill: Fill::Left,
                round: 2,
                first: Side::White,
            },
            next: Some(Next::FreeChoice { side: Side::White }),
        }
    );
    assert_eq!(
        s.to_string(),
        "Black fills from the left: the towers are re-seated for round 2 (R14). \
         Gold moves first, with any tower (R4)."
    );
    // No fill while a round is being played.
    let playing = game(START_3, Rules::STANDARD);
    assert_eq!(
        story::of_fill(&playing, Fill::Right),
        Err(MatchError::NoFillNow)
    );
}

#[test]
fn a_resignation_ends_the_match_without_points() {
    let m = game(START_3, Rules::STANDARD);
    let s = story::of_resignation(&m, Side::White).unwrap();
    assert_eq!(
        s,
        Story {
            act: Act::Concession {
                side: Side::White,
                how: Concession::Resignation,
                winner: Side::Black,
                score: Score {
                    black: 0,
                    white: 0,
                    target: 3
                },
            },
            next: None,
        }
    );
    assert_eq!(s.to_string(), "Gold resigned: Black wins the match.");
    let s = story::of_concession(&m, Side::Black, Concession::Time).unwrap();
    assert_eq!(s.to_string(), "Black ran out of time: Gold wins the match.");
    assert_eq!(RoundEnd::from(Concession::Time), RoundEnd::Time);
    // A match that is over cannot be conceded again.
    let over = game("obv1yrgn/3Y4/8/8/8/8/3p4/NGR1PVBO b y", Rules::STANDARD);
    let mut over = over;
    over.play("d7-d8".parse().unwrap()).unwrap();
    assert_eq!(
        story::of_resignation(&over, Side::White),
        Err(MatchError::Over(Side::Black))
    );
}

#[test]
fn an_illegal_move_has_no_story_but_its_reason() {
    let m = game(START_3, Rules::STANDARD);
    let e = story::of_move(&m, Move::Pass).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pass is illegal: a pass is only for a forced tower that cannot move; any tower may move now"
    );
    assert!(story::of_move(&m, "d1-d8".parse().unwrap()).is_err());
}

#[test]
fn players_are_black_and_gold() {
    assert_eq!(story::player(Side::Black), "Black");
    assert_eq!(story::player(Side::White), "Gold");
}
