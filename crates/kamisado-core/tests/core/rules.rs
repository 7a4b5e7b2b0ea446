//! One test per rule of RULES.md, named by its number.

use kamisado_core::geometry::colour_of;
use kamisado_core::{
    Colour, Ending, Fill, Match, MatchError, MatchState, Move, Position, RoundEnd, Rules, Setup,
    Side, Square,
};

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut m: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    m.sort();
    m
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut m: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    m.sort();
    m
}

fn match_from(text: &str, rules: Rules) -> Match {
    Match::from_setup(&text.parse::<Setup>().unwrap(), rules).unwrap()
}

#[test]
fn r1_board_colours_follow_the_table() {
    assert_eq!(colour_of(sq("a1")), Colour::Brown);
    assert_eq!(colour_of(sq("h1")), Colour::Orange);
    assert_eq!(colour_of(sq("a8")), Colour::Orange);
    assert_eq!(colour_of(sq("c5")), Colour::Blue);
    assert_eq!(colour_of(sq("f3")), Colour::Orange);
    assert_eq!(colour_of(sq("g7")), Colour::Brown);
}

#[test]
fn r2_setup_puts_each_tower_on_its_colour() {
    let p = Position::start();
    for side in Side::BOTH {
        for colour in Colour::ALL {
            let at = p.tower_square(side, colour);
            assert_eq!(colour_of(at), colour);
            assert_eq!(at.rank(), if side == Side::Black { 0 } else { 7 });
            assert_eq!(p.teeth(side, colour), 0);
        }
    }
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.forced_colour(), None);
}

#[test]
fn r3_towers_move_forward_straight_or_diagonally_and_never_jump() {
    // Black's yellow on d4; White's red on d6 and green on f6 block two lines.
    let p = pos("obvpy2n/8/3r1g2/8/3Y4/8/8/NGR1PVBO b y");
    assert_eq!(
        moves(&p),
        sorted(&["d4-d5", "d4-e5", "d4-c5", "d4-b6", "d4-a7"])
    );
    let e = p.play(mv("d4-d7")).unwrap_err();
    assert!(
        e.reason.to_string().contains("blocked by the tower on d6"),
        "{e}"
    );
    let e = p.play(mv("d4-d3")).unwrap_err();
    assert!(e.reason.to_string().contains("only forward"), "{e}");
    let e = p.play(mv("d4-e6")).unwrap_err();
    assert!(
        e.reason
            .to_string()
            .contains("straight forward or diagonally"),
        "{e}"
    );
}

#[test]
fn r3_a_diagonal_move_passes_between_towers_touching_at_the_corners() {
    // Black's yellow on d4 with towers on d5 and e4: e5 is still reachable.
    let p = pos("obvpy1gn/8/8/3r4/3YP3/8/8/NGR2VBO b y");
    assert!(p.legal_moves().contains(&mv("d4-e5")));
    assert!(!p.legal_moves().contains(&mv("d4-h8")));
    assert!(p.legal_moves().contains(&mv("d4-g7")));
}

#[test]
fn r4_the_first_move_may_use_any_tower() {
    let p = Position::start();
    let movers: std::collections::HashSet<_> =
        p.legal_moves().iter().map(|m| m.from().unwrap()).collect();
    assert_eq!(movers.len(), 8);
    assert_eq!(p.legal_moves().len(), 102);
}

#[test]
fn r5_the_forced_colour_is_that_of_the_square_just_reached() {
    let p = Position::start().play(mv("d1-d6")).unwrap();
    // d6 is red: White must move the red tower (on f8).
    assert_eq!(colour_of(sq("d6")), Colour::Red);
    assert_eq!(p.forced_colour(), Some(Colour::Red));
    assert!(p.legal_moves().iter().all(|m| m.from() == Some(sq("f8"))));
    let e = p.play(mv("a8-a7")).unwrap_err();
    assert!(
        e.reason
            .to_string()
            .contains("must move the red tower on f8"),
        "{e}"
    );
}

#[test]
fn r6_reaching_the_opponents_home_row_wins() {
    let p = pos("obv1yrgn/8/3Y4/8/8/8/3p4/NGR1PVBO b y");
    let not_yet = p.play(mv("d6-d7")).unwrap();
    assert!(!not_yet.is_over());
    let won = p.play(mv("d6-d8")).unwrap();
    let outcome = won.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.ending),
        (Side::Black, Ending::HomeRow)
    );
    assert!(won.legal_moves().is_empty());
    let e = won.play(mv("pass")).unwrap_err();
    assert!(e.reason.to_string().contains("round is over"), "{e}");
    // The same seen from White's chair.
    let won = p.rotated().play(mv("d6-d8").rotated()).unwrap();
    assert_eq!(won.outcome().unwrap().winner, Side::White);
}

#[test]
fn r7_a_blocked_tower_passes_and_the_opponent_moves_the_colour_under_it() {
    // Black's yellow on d4 is boxed in by White's red, pink and green.
    let p = pos("obv1y2n/8/8/2prg3/3Y4/8/8/NGR1PVBO b y");
    assert_eq!(moves(&p), vec!["pass"]);
    let after = p.play(Move::Pass).unwrap();
    assert_eq!(after.side_to_move(), Side::White);
    assert_eq!(after.forced_colour(), Some(colour_of(sq("d4"))));
    let e = Position::start().play(Move::Pass).unwrap_err();
    assert!(e.reason.to_string().contains("any tower may move"), "{e}");
    let e = pos("obvpyrgn/8/8/8/3Y4/8/8/NGR1PVBO b y")
        .play(Move::Pass)
        .unwrap_err();
    assert!(e.reason.to_string().contains("can move"), "{e}");
}

/// Black's towers fill rank 4 but h4, White's fill rank 5; Black's orange on h3
/// closes the wall and every tower is blocked.
const WALL: &str = "8/8/8/obvpyrgn/NGRYPVB1/7O/8/8 b o";

#[test]
fn r8_deadlock_loses_for_the_last_mover() {
    let p = pos(WALL);
    assert_eq!(moves(&p), vec!["h3-h4"]);
    let after = p.play(mv("h3-h4")).unwrap();
    // The round ends at the move that creates the deadlock: no pass is played.
    let outcome = after.outcome().unwrap();
    assert_eq!(
        outcome,
        kamisado_core::Outcome {
            winner: Side::White,
            ending: Ending::Deadlock
        }
    );
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.count_moves(), 0);
}

#[test]
fn r8_a_pass_chain_that_reaches_a_movable_tower_is_played() {
    // The wall with one gap on White's side: passes lead to a tower that can move.
    let p = pos("7n/8/8/obvpyrg1/NGRYPVB1/7O/8/8 b o");
    let after = p.play(mv("h3-h4")).unwrap();
    assert!(!after.is_over());
    let mut q = after;
    let mut passes = 0;
    while q.legal_moves().as_ref() == [Move::Pass] {
        q = q.play(Move::Pass).unwrap();
        passes += 1;
    }
    assert!(passes >= 1);
    assert!(!q.legal_moves().is_empty());
}

#[test]
fn r9_matches_are_played_to_1_3_7_or_15_points() {
    for target in [1, 3, 7, 15] {
        assert_eq!(
            <Match>::new(Rules::STANDARD, target).unwrap().target(),
            target
        );
    }
    assert_eq!(<Match>::new(Rules::STANDARD, 5), Err(MatchError::Target(5)));
}

#[test]
fn r10_the_winning_tower_scores_by_its_rank_and_gains_a_tooth() {
    for (teeth, points) in [(0, 1), (1, 3), (2, 7), (3, 15)] {
        let plus = "+".repeat(teeth);
        let text = format!("obv1yrgn/3Y{plus}4/8/8/8/8/3p4/NGR1PVBO b y 0-0/15");
        let mut m = match_from(&text, Rules::STANDARD);
        let result = m.play(mv("d7-d8")).unwrap().unwrap();
        assert_eq!(result.winner, Side::Black);
        assert_eq!(result.end, RoundEnd::HomeRow);
        assert_eq!(result.tower, Some(Colour::Yellow));
        assert_eq!(result.points, points);
        assert_eq!(m.score().black, points);
        assert_eq!(
            m.teeth(Side::Black, Colour::Yellow),
            (teeth as u8 + 1).min(3)
        );
        let expected = if points >= 15 {
            MatchState::Over {
                winner: Side::Black,
            }
        } else {
            MatchState::AwaitingFill {
                winner: Side::Black,
            }
        };
        assert_eq!(m.state(), expected);
    }
}

#[test]
fn r10_a_deadlock_promotes_the_winners_forced_tower() {
    let mut m = match_from(&format!("{WALL} 0-0/3"), Rules::STANDARD);
    let result = m.play(mv("h3-h4")).unwrap().unwrap();
    // White wins, and scores for its tower of the colour it was forced to move: h4's.
    let forced = colour_of(sq("h4"));
    assert_eq!(result.winner, Side::White);
    assert_eq!(result.end, RoundEnd::Deadlock);
    assert_eq!(result.tower, Some(forced));
    assert_eq!(result.points, 1);
    assert_eq!(m.teeth(Side::White, forced), 1);
    assert_eq!(m.score().white, 1);
}

#[test]
fn r11_sumos_move_at_most_5_3_or_1_squares() {
    for (plus, reach) in [("", 6), ("+", 5), ("++", 3), ("+++", 1)] {
        let p = pos(&format!("obv1yrgn/8/p7/8/8/8/3Y{plus}4/NGR1PVBO b y"));
        let straight = p
            .legal_moves()
            .iter()
            .filter(|m| matches!(m, Move::Step { to, .. } if to.file() == 3))
            .count();
        assert_eq!(straight, reach, "teeth {plus}");
    }
    let p = pos("obvpyrgn/8/8/8/8/8/3Y+4/NGR1PVBO b y");
    let e = p.play(mv("d2-d8")).unwrap_err();
    assert!(e.reason.to_string().contains("at most 5"), "{e}");
}

#[test]
fn r12_a_sumo_pushes_one_lower_tower_straight_ahead() {
    // Black's yellow sumo on d4, White's plain red on d5, d6 free.
    let p = pos("obvpy1gn/8/8/3r4/3Y+4/8/8/NGR1PVBO b y");
    assert!(p.legal_moves().contains(&mv("d4>d5")));
    // Pushing is optional: the diagonal moves are there too.
    assert!(p.legal_moves().contains(&mv("d4-e5")));
    let after = p.play(mv("d4>d5")).unwrap();
    assert_eq!(after.tower_at(sq("d5")).unwrap().colour, Colour::Yellow);
    assert_eq!(after.tower_at(sq("d6")).unwrap().colour, Colour::Red);
    assert!(after.tower_at(sq("d4")).is_none());
}

#[test]
fn r12_push_limits_by_rank_length_ownership_and_room() {
    let cases = [
        // A sumo cannot push two towers.
        (
            "obvpy2n/8/3g4/3r4/3Y+4/8/8/NGR1PVBO b y",
            "pushes at most 1 tower",
        ),
        // A sumo cannot push another sumo.
        (
            "obvpy1gn/8/8/3r+4/3Y+4/8/8/NGR1PVBO b y",
            "not of lower rank",
        ),
        // A line with Black's own tower in it.
        ("obvpy1gn/8/3G4/3r4/3Y++4/8/8/NR1PVBO1 b y", "own tower"),
        // Nothing behind on the board.
        (
            "obvrpygn/3Y+4/8/8/8/8/8/NGR1PVBO b y",
            "off the board or taken",
        ),
        // A plain tower cannot push.
        (
            "obvpy1gn/8/8/3r4/3Y4/8/8/NGR1PVBO b y",
            "only a sumo can push",
        ),
        // Nothing to push.
        (
            "obvpyrgn/8/8/8/3Y+4/8/8/NGR1PVBO b y",
            "no opponent's tower",
        ),
    ];
    for (text, reason) in cases {
        let p = pos(text);
        let from = p.forced_tower().unwrap().0;
        let to = Square::at(from.file(), from.rank() + 1).unwrap();
        let e = p.play(Move::Push { from, to }).unwrap_err();
        assert!(e.reason.to_string().contains(reason), "{text}: {e}");
    }
    // A double sumo pushes two lower towers; a triple three.
    let p = pos("obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y");
    let after = p.play(mv("d4>d5")).unwrap();
    assert_eq!(after.tower_at(sq("d7")).unwrap().colour, Colour::Green);
    assert_eq!(after.tower_at(sq("d6")).unwrap().colour, Colour::Red);
    let p = pos("obv1py2/3n4/3g4/3r+4/3Y+++4/8/8/NGR1PVBO b y");
    let after = p.play(mv("d4>d5")).unwrap();
    assert_eq!(after.tower_at(sq("d8")).unwrap().colour, Colour::Brown);
    assert_eq!(after.tower_at(sq("d5")).unwrap().colour, Colour::Yellow);
}

#[test]
fn r13_after_a_push_the_pusher_moves_again_with_the_last_pushed_towers_square() {
    let p = pos("obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y");
    let after = p.play(mv("d4>d5")).unwrap();
    assert_eq!(after.side_to_move(), Side::Black);
    assert_eq!(after.forced_colour(), Some(colour_of(sq("d7"))));
    assert!(after.just_pushed());
    assert!(
        after
            .to_string()
            .ends_with(&format!(" b {}*", colour_of(sq("d7"))))
    );
    // The sumo-square option: the colour of the sumo's square instead.
    let p = Position::from_setup(
        &"obvpy2n/8/3g4/3r4/3Y++4/8/8/NGR1PVBO b y".parse().unwrap(),
        Rules::SUMO_SQUARE,
    )
    .unwrap();
    let after = p.play(mv("d4>d5")).unwrap();
    assert_eq!(after.forced_colour(), Some(colour_of(sq("d5"))));
}

/// Black's orange sumo on h6 pushes White's brown from h7 to h8 and walls itself in.
const PUSH_WALL: &str = "obvpyrg1/NGRYPVBn/7O+/8/8/8/8/8 b o";

#[test]
fn r13_a_push_deadlock_loses_for_the_pusher() {
    let p = pos(PUSH_WALL);
    assert_eq!(moves(&p), vec!["h6>h7"]);
    let after = p.play(mv("h6>h7")).unwrap();
    let outcome = after.outcome().unwrap();
    assert_eq!(outcome.winner, Side::White);
    assert_eq!(outcome.ending, Ending::Deadlock);
}

#[test]
fn r10_a_push_deadlock_scores_the_colour_of_the_sumos_square() {
    for rules in Rules::ALL {
        let mut m = match_from(&format!("{PUSH_WALL} 0-0/7"), rules);
        let result = m.play(mv("h6>h7")).unwrap().unwrap();
        let colour = colour_of(sq("h7"));
        assert_eq!(result.winner, Side::White);
        assert_eq!(result.tower, Some(colour), "{rules}");
        assert_eq!(m.teeth(Side::White, colour), 1);
    }
}

#[test]
fn r14_the_winner_fills_from_a_side_and_the_loser_starts() {
    // Black has won with its yellow on d8; White's pink waits on d7, red on f3.
    let text = "obvYy1gn/3p4/8/8/8/5r2/1G6/N1R1PVBO w y 1-0/3";
    let expect = [
        (Fill::Left, "rpobvygn/8/8/8/8/8/8/NRPVBOGY w - 1-0/3"),
        (Fill::Right, "obvygnpr/8/8/8/8/8/8/YGNRPVBO w - 1-0/3"),
    ];
    for (fill, after) in expect {
        let mut m = match_from(text, Rules::STANDARD);
        assert_eq!(
            m.state(),
            MatchState::AwaitingFill {
                winner: Side::Black
            }
        );
        assert!(matches!(
            m.play(mv("a8-a7")),
            Err(MatchError::AwaitingFill(Side::Black))
        ));
        m.fill(fill).unwrap();
        assert_eq!(m.to_string(), after, "{fill}");
        assert_eq!(m.position().side_to_move(), Side::White);
        assert_eq!(m.state(), MatchState::Playing);
        assert_eq!(m.round(), 2);
    }
}
