//! Lessons (docs/learning.md): a position and a task each, whose tries
//! the rules check and explain.

use kamisado_core::geometry::{self, Board, Eight};
use kamisado_core::setup::Setup;
use kamisado_core::{Ending, Match, MatchError, Move, Position, Rules, story};
use kamisado_wire::learning::{LessonList, LessonTry, LessonView, Reason, TaskView};
use kamisado_wire::refusal::cause;
use kamisado_wire::{Note, Params, Refusal};

use super::analysis::position_view;
use crate::error::ServerError;
use crate::games::live::layout;

/// What a lesson asks of its one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    Reach(&'static str),
    Land(&'static str),
    Pass,
    Win,
    Safe,
    AvoidDeadlock,
    Push,
    SumoWin,
}

/// A lesson: its id (the page has its words), its position and its task.
struct Lesson {
    id: &'static str,
    position: &'static str,
    task: Task,
    hint_squares: &'static [&'static str],
}

/// The lessons, in order. Each position is checked by the tests: legal, and
/// with a move that passes and one that fails.
const LESSONS: [Lesson; 8] = [
    // Towers move straight or diagonally forward, any distance, never
    // through others: the red tower on c1 reaches h6 diagonally.
    Lesson {
        id: "move",
        position: "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -",
        task: Task::Reach("h6"),
        hint_squares: &["c1", "h6"],
    },
    // The square you land on chooses the tower your opponent moves.
    Lesson {
        id: "forced",
        position: "obvpyrgn/8/8/8/8/8/8/NGRYPVBO b -",
        task: Task::Land("blue"),
        hint_squares: &["b8"],
    },
    // Black must move the brown tower, which cannot move: Black passes, and
    // Gold moves its tower of the colour under the blocked tower.
    Lesson {
        id: "pass",
        position: "2vpyrgn/8/8/8/8/8/ob6/NGRYPVBO b n",
        task: Task::Pass,
        hint_squares: &["a1"],
    },
    // Reaching the opponent's home row wins the round.
    Lesson {
        id: "home",
        position: "obvpyrg1/8/8/8/2n5/8/8/NGRYPVBO b o",
        task: Task::Win,
        hint_squares: &["h1", "h8"],
    },
    // Most of the orange tower's moves hand Gold a tower that wins at once.
    Lesson {
        id: "safe",
        position: "obvpy1g1/8/8/6R1/1P1Y3n/5r2/7O/NG3VB1 b o",
        task: Task::Safe,
        hint_squares: &["h2"],
    },
    // A move after which both players' forced towers are blocked, for ever,
    // is a deadlock, and its mover loses.
    Lesson {
        id: "deadlock",
        position: "obvpyr1n/8/8/5V2/8/8/g7/NGRYP1BO b v",
        task: Task::AvoidDeadlock,
        hint_squares: &["f5"],
    },
    // A sumo (a tower with a dragon's tooth) may push the tower in front of it.
    Lesson {
        id: "sumo",
        position: "obvp1rgn/8/8/3y4/3Y+4/8/8/NGR1PVBO b y",
        task: Task::Push,
        hint_squares: &["d4", "d5"],
    },
    // In a match a sumo's win scores 3 points, a plain tower's 1.
    Lesson {
        id: "points",
        position: "obvp1rg1/8/8/yn6/8/4Y+3/8/NGR1PVBO b - 0-0/3",
        task: Task::SumoWin,
        hint_squares: &["e3", "e8"],
    },
];

fn lesson(id: &str) -> Result<&'static Lesson, ServerError> {
    LESSONS
        .iter()
        .find(|l| l.id == id)
        .ok_or_else(|| ServerError::NotFound(Refusal::no_such_lesson(id)))
}

/// A lesson's position as a match, under the standard rules.
fn lesson_match(lesson: &Lesson) -> Match<Eight> {
    let setup: Setup<Eight> = lesson
        .position
        .parse()
        .expect("every lesson's position is valid (tested)");
    Match::from_setup(&setup, Rules::STANDARD).expect("every lesson's position is valid (tested)")
}

fn task_view(task: Task) -> TaskView {
    match task {
        Task::Reach(square) => TaskView::Reach {
            square: square.into(),
        },
        Task::Land(colour) => TaskView::Land {
            colour: colour.into(),
        },
        Task::Pass => TaskView::Pass,
        Task::Win => TaskView::Win,
        Task::Safe => TaskView::Safe,
        Task::AvoidDeadlock => TaskView::AvoidDeadlock,
        Task::Push => TaskView::Push,
        Task::SumoWin => TaskView::SumoWin,
    }
}

/// Every lesson, in order.
pub fn lessons() -> LessonList {
    LessonList {
        lessons: LESSONS
            .iter()
            .map(|l| {
                let m = lesson_match(l);
                LessonView {
                    id: l.id.into(),
                    board: "8x8".into(),
                    layout: layout::<Eight>(),
                    start: position_view(&m),
                    legal: m
                        .position()
                        .legal_moves()
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                    task: task_view(l.task),
                    hint_squares: l.hint_squares.iter().map(|s| s.to_string()).collect(),
                }
            })
            .collect(),
    }
}

/// The opponent's tower that `after` (the position after the mover's move)
/// hands over and its winning reply, if it wins at once.
fn winning_reply<B: Board>(before: &Position<B>, after: &Position<B>) -> Option<Reason> {
    let mover = before.side_to_move();
    if after.side_to_move() == mover {
        return None;
    }
    let reply = after.legal_moves().iter().copied().find(|&r| {
        after
            .play(r)
            .ok()
            .and_then(|p| p.outcome())
            .is_some_and(|o| o.winner != mover)
    })?;
    let square = reply.from()?;
    let tower = after.tower_at(square)?;
    Some(Reason::HandsWin {
        colour: tower.colour.name().into(),
        square: square.to_string(),
        reply: reply.to_string(),
    })
}

/// Whether a move passes a lesson's task, and why.
fn check(task: Task, before: &Position<Eight>, mv: Move<Eight>, after: &Position<Eight>) -> Reason {
    let mover = before.side_to_move();
    let won = after.outcome().is_some_and(|o| o.winner == mover);
    let colour_of_to = mv.to().map(|to| geometry::colour_of(to).name().to_string());
    match task {
        Task::Reach(square) => match mv.to() {
            Some(to) if to.to_string() == square => Reason::Done,
            Some(to) => Reason::WrongSquare {
                square: to.to_string(),
            },
            None => Reason::WrongSquare {
                square: String::new(),
            },
        },
        Task::Land(colour) => match colour_of_to {
            Some(c) if c == colour => Reason::Done,
            c => Reason::WrongColour {
                colour: c.unwrap_or_default(),
            },
        },
        Task::Pass => Reason::Done,
        Task::Win if won => Reason::Done,
        Task::Win => winning_reply(before, after).unwrap_or(Reason::NotAWin),
        Task::Safe => winning_reply(before, after).unwrap_or(Reason::Done),
        Task::AvoidDeadlock => match after.outcome() {
            Some(o) if o.ending == Ending::Deadlock && o.winner != mover => Reason::Deadlock,
            _ => Reason::Done,
        },
        Task::Push if matches!(mv, Move::Push { .. }) => Reason::Done,
        Task::Push => Reason::NotAPush,
        Task::SumoWin => {
            let sumo = mv
                .from()
                .and_then(|from| before.tower_at(from))
                .is_some_and(|t| t.teeth > 0);
            match (won, sumo) {
                (true, true) => Reason::Done,
                (true, false) => Reason::NotTheSumo,
                (false, _) => Reason::NotAWin,
            }
        }
    }
}

/// A reason in English.
fn reason_text(reason: &Reason) -> String {
    match reason {
        Reason::Done => "Well done: that is the task.".into(),
        Reason::Illegal { why, .. } => format!("That move is not legal here: {why}."),
        Reason::WrongSquare { square } => {
            format!("That tower landed on {square}, not the square asked for.")
        }
        Reason::WrongColour { colour } => {
            format!(
                "That lands on a {colour} square: your opponent would move their {colour} tower."
            )
        }
        Reason::HandsWin {
            colour,
            square,
            reply,
        } => format!(
            "This hands them {colour}: their {colour} tower on {square} reaches your home row ({reply})."
        ),
        Reason::Deadlock => {
            "This blocks both forced towers for ever: a deadlock, and you caused it, so you lose."
                .into()
        }
        Reason::NotAWin => "That does not win the round.".into(),
        Reason::NotAPush => "That is a move, not a push: push with the sumo.".into(),
        Reason::NotTheSumo => {
            "That wins, but with a plain tower, for 1 point: the sumo's win scores 3.".into()
        }
    }
}

/// Tries a move in a lesson.
///
/// # Errors
/// An unknown lesson.
pub fn try_lesson(id: &str, mv: &str) -> Result<LessonTry, ServerError> {
    let lesson = lesson(id)?;
    let m = lesson_match(lesson);
    let before = *m.position();
    let parsed: Result<Move<Eight>, (String, Params)> =
        mv.trim()
            .parse()
            .map_err(|e: kamisado_core::mv::ParseMoveError| {
                (e.to_string(), cause::move_text(&e.fault))
            });
    let refused = |e: MatchError<Eight>| cause::match_refused(&e);
    let played = parsed.and_then(|mv| {
        let told = story::of_move(&m, mv).map_err(refused)?;
        let mut after = m.clone();
        after.play(mv).map_err(refused)?;
        Ok((mv, told, after))
    });
    let (reason, note, after) = match played {
        Err((why, cause)) => (Reason::Illegal { why, cause }, None, None),
        Ok((mv, told, after)) => {
            let next = before
                .play(mv)
                .map_err(|e| ServerError::BadRequest(Refusal::illegal(&mv, &e.reason)))?;
            (
                check(lesson.task, &before, mv, &next),
                Some(Note::from(&told)),
                Some(position_view(&after)),
            )
        }
    };
    Ok(LessonTry {
        passed: reason == Reason::Done,
        text: reason_text(&reason),
        reason,
        note,
        after,
    })
}

/// The danger view's words for one move.
#[cfg(test)]
mod tests {
    use super::*;

    /// Every lesson's position is legal, has a move that passes and one
    /// that fails (a pass, the only move, always passes).
    #[test]
    fn every_lesson_can_be_passed_and_failed() {
        for l in &LESSONS {
            let m = lesson_match(l);
            let before = *m.position();
            let moves = before.legal_moves();
            let reasons: Vec<Reason> = moves
                .iter()
                .map(|&mv| check(l.task, &before, mv, &before.play(mv).unwrap()))
                .collect();
            assert!(reasons.contains(&Reason::Done), "{}: no move passes", l.id);
            if l.task != Task::Pass {
                assert!(
                    reasons.iter().any(|r| *r != Reason::Done),
                    "{}: every move passes",
                    l.id
                );
            }
        }
    }

    #[test]
    fn wrong_tries_are_explained() {
        let safe = lessons()
            .lessons
            .into_iter()
            .find(|l| l.id == "safe")
            .unwrap();
        let tries: Vec<LessonTry> = safe
            .legal
            .iter()
            .map(|mv| try_lesson("safe", mv).unwrap())
            .collect();
        assert!(tries.iter().any(|t| t.passed));
        let t = tries
            .iter()
            .find(|t| !t.passed)
            .expect("a move that loses at once");
        let Reason::HandsWin { colour, reply, .. } = &t.reason else {
            panic!("{:?}", t.reason)
        };
        assert!(
            t.text.contains(&format!("hands them {colour}")),
            "{}",
            t.text
        );
        assert!(t.text.contains(reply.as_str()));
        let t = try_lesson("points", "h1-h8").unwrap();
        assert_eq!(t.reason, Reason::NotTheSumo);
        assert!(try_lesson("points", "e3-e8").unwrap().passed);
        assert!(try_lesson("move", "c1-h6").unwrap().passed);
        let t = try_lesson("move", "c1-c9").unwrap();
        assert!(matches!(t.reason, Reason::Illegal { .. }), "{:?}", t.reason);
        assert!(try_lesson("nope", "pass").is_err());
        assert!(try_lesson("sumo", "d4>d5").unwrap().passed);
        assert_eq!(
            try_lesson("sumo", "d4-c5").unwrap().reason,
            Reason::NotAPush
        );
        assert!(try_lesson("pass", "pass").unwrap().passed);
    }
}
