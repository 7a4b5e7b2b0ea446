//! Lessons, the danger view, puzzles and review (docs/learning.md), through
//! the HTTP API.

use crate::common;

use common::players::{request, sign_up};
use common::{PATIENCE, TempDb, TestServer, play_out};
use kamisado_server::Limits;
use kamisado_wire::learning::{
    AttemptView, DangerVerdict, DangerView, LessonList, LessonTry, PuzzleView, Reason, ReviewView,
    TaskView,
};
use kamisado_wire::{SideCode, ValueKind};
use serde_json::json;

#[tokio::test]
async fn lessons_are_listed_and_each_try_is_told_why() {
    let db = TempDb::new("lessons");
    let server = TestServer::start(&db).await;
    let answer = request(&server, None, "GET", "/api/lessons", None).await;
    let list: LessonList = answer.json().unwrap();
    let ids: Vec<&str> = list.lessons.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "move", "forced", "pass", "home", "safe", "deadlock", "sumo", "points"
        ]
    );
    assert!(list.lessons.iter().all(|l| !l.legal.is_empty()));
    assert_eq!(
        list.lessons[1].task,
        TaskView::Land {
            colour: "blue".into()
        }
    );
    let tried = |id: &'static str, mv: &'static str| {
        let server = &server;
        async move {
            let answer = request(
                server,
                None,
                "POST",
                &format!("/api/lessons/{id}/try"),
                Some(json!({ "mv": mv })),
            )
            .await;
            assert_eq!(answer.status, 200, "{}", answer.body);
            answer.json::<LessonTry>().unwrap()
        }
    };
    // The forced colour: a1-a2 lands on a purple square (Gold would move purple).
    let wrong = tried("forced", "a1-a2").await;
    assert!(!wrong.passed);
    assert_eq!(
        wrong.reason,
        Reason::WrongColour {
            colour: "purple".into()
        }
    );
    assert!(wrong.note.is_some() && wrong.after.is_some());
    // Every lesson has a move that passes.
    for lesson in &list.lessons {
        let mut passed = false;
        for mv in &lesson.legal {
            let answer = request(
                &server,
                None,
                "POST",
                &format!("/api/lessons/{}/try", lesson.id),
                Some(json!({ "mv": mv })),
            )
            .await;
            let t: LessonTry = answer.json().unwrap();
            passed |= t.passed;
            if !t.passed {
                assert!(!t.text.is_empty());
            }
        }
        assert!(passed, "lesson {} can be passed", lesson.id);
    }
    let answer = request(
        &server,
        None,
        "POST",
        "/api/lessons/nope/try",
        Some(json!({"mv": "pass"})),
    )
    .await;
    assert_eq!(answer.status, 404);
    let t = tried("home", "h1-h9").await;
    assert!(matches!(t.reason, Reason::Illegal { .. }), "{:?}", t.reason);
    server.stop().await;
}

#[tokio::test]
async fn the_danger_view_marks_each_move_of_a_tower() {
    let db = TempDb::new("danger");
    let server = TestServer::start(&db).await;
    let position = "obvpy1g1/8/8/6R1/1P1Y3n/5r2/7O/NG3VB1 b o";
    let answer = request(
        &server,
        None,
        "POST",
        "/api/danger",
        Some(json!({"position": position, "from": "h2"})),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let view: DangerView = answer.json().unwrap();
    assert_eq!(view.moves.len(), 6);
    let at_once: Vec<_> = view
        .moves
        .iter()
        .filter(|m| m.verdict == DangerVerdict::LosesAtOnce)
        .collect();
    assert_eq!(at_once.len(), 2, "{view:?}");
    for m in &at_once {
        let colour = m.colour.as_deref().unwrap();
        assert!(
            m.text.contains(&format!("hands them {colour}")),
            "{}",
            m.text
        );
        assert!(m.reply.is_some() && m.tower.is_some());
        assert_eq!(m.plies, Some(2));
    }
    // The same answer again: each proof starts from an empty table.
    let again: DangerView = request(
        &server,
        None,
        "POST",
        "/api/danger",
        Some(json!({"position": position, "from": "h2"})),
    )
    .await
    .json()
    .unwrap();
    assert_eq!(again.moves, view.moves);
    let refusals = [
        (
            json!({"position": position, "from": "a1"}),
            "no tower on a1 may move",
        ),
        (
            json!({"position": position, "from": "z9"}),
            "z9 is not a square",
        ),
        (json!({"position": "nonsense", "from": "h2"}), "position:"),
        (
            json!({"position": position, "from": "h2", "rules": "chess"}),
            "chess",
        ),
    ];
    for (body, words) in refusals {
        let answer = request(&server, None, "POST", "/api/danger", Some(body.clone())).await;
        assert_eq!(answer.status, 400, "{body}: {}", answer.body);
        assert!(
            answer.reason().unwrap().contains(words),
            "{body}: {}",
            answer.body
        );
    }
    server.stop().await;
}

/// Waits until the server's puzzle set is made.
async fn first_puzzle(server: &TestServer) -> PuzzleView {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let answer = request(server, None, "GET", "/api/puzzles/next", None).await;
        if answer.status == 200 {
            return answer.json().unwrap();
        }
        assert_eq!(answer.status, 404, "{}", answer.body);
        assert!(answer.reason().unwrap().contains("being made"));
        assert!(
            tokio::time::Instant::now() < deadline,
            "the puzzle set is made in time"
        );
        // The set is made in the background; ask again shortly.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn puzzles_are_made_at_first_start_tried_and_rated() {
    let db = TempDb::new("puzzles");
    let limits = Limits {
        puzzles_at_start: 4,
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    let puzzle = first_puzzle(&server).await;
    assert!(puzzle.legal.len() >= 2);
    assert_eq!(puzzle.yours, None);
    let ann = sign_up(&server, "Ann").await;
    let bob = sign_up(&server, "Bob").await;
    let path = format!("/api/puzzles/{}/attempt", puzzle.id);
    // A guest learns the answer without a rating.
    let wrong_move = puzzle
        .legal
        .iter()
        .find(|m| m.as_str() != "pass")
        .unwrap()
        .clone();
    let guest: AttemptView = request(
        &server,
        None,
        "POST",
        &path,
        Some(json!({"mv": wrong_move})),
    )
    .await
    .json()
    .unwrap();
    assert_eq!(guest.rating, None);
    assert_eq!(guest.steps.len(), guest.solution.len());
    assert_eq!(guest.best, guest.solution[0]);
    let wrong = puzzle
        .legal
        .iter()
        .find(|m| **m != guest.best && m.as_str() != "pass")
        .expect("a wrong move")
        .clone();

    // Ann misses it: her puzzle rating falls, the puzzle's rises.
    let missed: AttemptView = request(
        &server,
        Some(&ann),
        "POST",
        &path,
        Some(json!({"mv": wrong})),
    )
    .await
    .json()
    .unwrap();
    assert!(!missed.correct);
    let change = missed.rating.expect("a first attempt is rated");
    assert_eq!(change.before, 1500.0);
    assert!(change.after < 1500.0, "{change:?}");
    assert!(missed.puzzle_rating > puzzle.rating);
    let danger = missed.danger.expect("the wrong move's danger");
    assert_eq!(danger.mv, wrong);
    assert_ne!(danger.verdict, DangerVerdict::Wins);
    // A second attempt is told, not rated.
    let again: AttemptView = request(
        &server,
        Some(&ann),
        "POST",
        &path,
        Some(json!({"mv": guest.best})),
    )
    .await
    .json()
    .unwrap();
    assert!(again.correct);
    assert_eq!(again.rating, None);
    // Bob solves it: his rating rises.
    let solved: AttemptView = request(
        &server,
        Some(&bob),
        "POST",
        &path,
        Some(json!({"mv": guest.best})),
    )
    .await
    .json()
    .unwrap();
    assert!(solved.correct && solved.danger.is_none());
    assert!(solved.rating.unwrap().after > 1500.0);
    // Ann's next puzzle is another, near her rating, which it shows.
    let next: PuzzleView = request(&server, Some(&ann), "GET", "/api/puzzles/next", None)
        .await
        .json()
        .unwrap();
    assert_ne!(next.id, puzzle.id);
    let yours = next.yours.unwrap();
    assert_eq!((yours.rating, yours.attempts), (change.after, 1));
    // A guest who asks for a grade gets the nearest there is: the easiest
    // asked for, never harder than the hardest asked for.
    for _ in 0..4 {
        let easy: PuzzleView = request(&server, None, "GET", "/api/puzzles/next?grade=1", None)
            .await
            .json()
            .unwrap();
        let hard: PuzzleView = request(&server, None, "GET", "/api/puzzles/next?grade=5", None)
            .await
            .json()
            .unwrap();
        assert!(easy.grade <= hard.grade, "{} > {}", easy.grade, hard.grade);
    }
    let answer = request(&server, None, "GET", "/api/puzzles/next?grade=9", None).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    // Refusals.
    let answer = request(&server, None, "POST", &path, Some(json!({"mv": "a1-a9"}))).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    let answer = request(&server, None, "GET", "/api/puzzles/ffffffffffffffff", None).await;
    assert_eq!(answer.status, 404);
    server.stop().await;
}

#[tokio::test]
async fn generated_puzzles_are_imported_once() {
    let db = TempDb::new("import");
    let json = json!({"board": "8x8", "seed": 1, "puzzles": [
        {"position": "obvpyrg1/8/8/8/2n5/8/8/NGRYPVBO b o", "solution": ["h1-h8"],
         "plies": 1, "grade": 1, "moves": 13, "plausible": 13}
    ]})
    .to_string();
    assert_eq!(
        kamisado_server::puzzles::import(&db.url(), &json)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        kamisado_server::puzzles::import(&db.url(), &json)
            .await
            .unwrap(),
        0
    );
    let e = kamisado_server::puzzles::import(&db.url(), "{}")
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("kamisado puzzles generate --json"), "{e}");
    let server = TestServer::start(&db).await;
    let id = kamisado_server::puzzles::puzzle_id("8x8", "obvpyrg1/8/8/8/2n5/8/8/NGRYPVBO b o");
    let answer = request(&server, None, "GET", &format!("/api/puzzles/{id}"), None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let p: PuzzleView = answer.json().unwrap();
    assert_eq!((p.side, p.rating, p.grade), (SideCode::Black, 1050.0, 1));
    server.stop().await;
}

#[tokio::test]
async fn a_review_marks_the_turning_points_and_makes_them_puzzles() {
    let db = TempDb::new("review");
    let limits = Limits {
        assess_nodes: 400_000,
        ..common::limits()
    };
    let server = TestServer::start_with(&db, limits).await;
    let ann = sign_up(&server, "Ann").await;
    // Ann (Black, signed in) plays a friend on first legal moves.
    let answer = request(
        &server,
        Some(&ann),
        "POST",
        "/api/games",
        Some(json!({"mode": "friend", "colour": "black"})),
    )
    .await;
    let created: kamisado_wire::Created = answer.json().unwrap();
    let mut black = server.client(&created.id, Some(&created.key)).await;
    let mut white = server.client(&created.id, created.invite.as_deref()).await;
    let n = play_out(&mut black, &mut white).await.n;
    let answer = request(
        &server,
        None,
        "GET",
        &format!("/api/games/{}/review", created.id),
        None,
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let review: ReviewView = answer.json().unwrap();
    let steps = &review.analysis.steps;
    assert_eq!(steps.len(), n);
    let turning: Vec<usize> = (0..steps.len()).filter(|&i| steps[i].turning).collect();
    assert!(
        !turning.is_empty(),
        "first legal moves throw a win away somewhere"
    );
    for &i in &turning {
        assert_eq!(steps[i].best_value.as_ref().unwrap().kind, ValueKind::Win);
        assert_eq!(steps[i].value.as_ref().unwrap().kind, ValueKind::Loss);
    }
    // Every puzzle made is Ann's, from a Black turning point, and solves.
    for id in &review.puzzles {
        let p: PuzzleView = request(
            &server,
            Some(&ann),
            "GET",
            &format!("/api/puzzles/{id}"),
            None,
        )
        .await
        .json()
        .unwrap();
        assert_eq!(p.from_game.as_deref(), Some(created.id.as_str()));
        assert_eq!(p.side, SideCode::Black);
    }
    let black_turns = turning
        .iter()
        .filter(|&&i| steps[i].side == SideCode::Black)
        .count();
    // This game's Black turning point has one winning move: Ann's puzzle.
    assert!(!review.puzzles.is_empty() && review.puzzles.len() <= black_turns);
    let next: PuzzleView = request(&server, Some(&ann), "GET", "/api/puzzles/next", None)
        .await
        .json()
        .unwrap();
    assert_eq!(
        next.id, review.puzzles[0],
        "a player's own turning points come first"
    );
    // Nobody else is offered it.
    let answer = request(&server, None, "GET", "/api/puzzles/next", None).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    server.stop().await;
}

#[tokio::test]
async fn a_game_s_positions_are_read_from_its_record_without_the_engine() {
    let db = TempDb::new("positions");
    let server = TestServer::start(&db).await;
    let (id, mut black, mut white) = server
        .friend_game(kamisado_client::GameRequest::friend().target(3))
        .await;
    let over = play_out(&mut black, &mut white).await;
    let answer = request(
        &server,
        None,
        "GET",
        &format!("/api/games/{id}/positions"),
        None,
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let view: kamisado_wire::GamePositionsView = answer.json().unwrap();
    assert_eq!(view.n, over.n);
    // Every move of every round, in order, the last one's position the game's end.
    let moves: Vec<_> = over.rounds.iter().flat_map(|r| r.moves.clone()).collect();
    assert!(over.rounds.len() > 1, "a match of more than one round");
    assert_eq!(view.plies.iter().map(|p| p.mv).collect::<Vec<_>>(), moves);
    assert_eq!(view.plies.last().unwrap().after.fen, over.fen);
    assert_eq!(view.start.towers.len(), 16);
    let second = u32::try_from(over.rounds[1].round).unwrap();
    let first_of_second = view.plies.iter().position(|p| p.round == second).unwrap();
    assert_eq!(first_of_second, over.rounds[0].moves.len());
    let answer = request(
        &server,
        None,
        "GET",
        "/api/games/0000000000000000/positions",
        None,
    )
    .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    server.stop().await;
}

#[tokio::test]
async fn a_line_from_a_record_s_position_is_played_and_its_last_position_valued() {
    let db = TempDb::new("line");
    let server = TestServer::start(&db).await;
    let mut game: kamisado_core::Game =
        kamisado_core::Game::new(kamisado_core::Rules::STANDARD, 1, "A", "B", "2026.01.01")
            .unwrap();
    for mv in ["g1-g7", "h8-h3", "b1-b2", "h3-h2"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let text = game.record().to_string();
    let ask = |body: serde_json::Value| {
        let server = &server;
        async move { request(server, None, "POST", "/api/analysis", Some(body)).await }
    };
    // After two of the record's moves, b1-b3 instead of b1-b2, and Gold's answer.
    let answer = ask(json!({"text": text, "at": 2})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let here: kamisado_wire::AnalysisView = answer.json().unwrap();
    assert!(here.steps.is_empty());
    let legal: Vec<String> = here.moves.iter().map(|m| m.mv.to_string()).collect();
    assert!(legal.contains(&"b1-b3".to_string()), "{legal:?}");
    let answer = ask(json!({"text": text, "at": 2, "then": "b1-b3"})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let line: kamisado_wire::AnalysisView = answer.json().unwrap();
    assert_eq!(line.start, here.start);
    assert_eq!(line.steps.len(), 1);
    assert_eq!(line.steps[0].mv.to_string(), "b1-b3");
    assert!(
        line.steps[0].value.is_none(),
        "a line's moves are valued by the page"
    );
    assert!(line.steps[0].after.towers.iter().any(|t| t.sq == "b3"));
    assert!(!line.moves.is_empty(), "the last position's moves, valued");
    let reply = line.moves[0].mv.to_string();
    let answer = ask(json!({"text": text, "at": 2, "then": format!("b1-b3 {reply}")})).await;
    let longer: kamisado_wire::AnalysisView = answer.json().unwrap();
    assert_eq!(longer.steps[0].after, line.steps[0].after);
    assert_eq!(longer.steps[1].side, SideCode::White);
    // A line not legal there, or from past the record's end, is refused with its reason.
    let answer = ask(json!({"text": text, "at": 2, "then": "b1-b3 a1-a2"})).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(
        answer.body.contains("then: move 2 (a1-a2)"),
        "{}",
        answer.body
    );
    let answer = ask(json!({"text": text, "at": 5})).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(
        answer.body.contains("at: the text has 4 moves"),
        "{}",
        answer.body
    );
    let answer = ask(json!({"text": text, "at": "two"})).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    server.stop().await;
}
