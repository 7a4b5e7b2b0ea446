//! A game's refusals on its WebSocket: seats, turns, numbers, the rules,
//! takebacks, hints, names, and a match that is over.

use kamisado_client::{GameRequest, GameSocket};
use kamisado_core::Fill;
use kamisado_wire::{ClientMessage, Code, Kind, Status};

use super::Met;
use crate::common::{TestServer, first_legal, is_ack, mv, play_out};

/// Sends `message` and meets the refusal of `code` answering it.
async fn refused(met: &mut Met, client: &mut GameSocket, message: ClientMessage, code: Code) {
    let kind = message.kind();
    let answer = client.act(message).await.unwrap();
    met.socket(&answer, Some(kind), code);
}

pub async fn meet(server: &TestServer, met: &mut Met) {
    seats_and_turns(server, met).await;
    takebacks(server, met).await;
    one_screen(server, met).await;
    round_and_match_ends(server, met).await;
}

async fn seats_and_turns(server: &TestServer, met: &mut Met) {
    let (id, mut black, mut white) = server.friend_game(GameRequest::friend()).await;
    let mut watcher = server.watcher(&id).await;
    let join = ClientMessage::Join {
        key: Some("00000000000000000000000000000000".into()),
    };
    refused(met, &mut watcher, join, Code::BadSeatKey).await;
    let watch = ClientMessage::Move {
        n: 0,
        mv: mv("d1-d6"),
    };
    let r = {
        let answer = watcher.act(watch).await.unwrap();
        met.socket(&answer, Some(Kind::Move), Code::Watching)
    };
    assert_eq!(
        r.reason(),
        "you are watching this game: only its players can play"
    );
    let early = ClientMessage::Move {
        n: 0,
        mv: mv("d8-d3"),
    };
    let r = {
        let answer = white.act(early).await.unwrap();
        met.socket(&answer, Some(Kind::Move), Code::NotYourTurn)
    };
    assert_eq!(
        r.reason(),
        "it is Black's turn to move, and you hold Gold's seat"
    );
    let illegal = ClientMessage::Move {
        n: 0,
        mv: mv("a1-b1"),
    };
    refused(met, &mut black, illegal, Code::IllegalMove).await;
    let off = ClientMessage::Move {
        n: 0,
        mv: mv("j1-j2"),
    };
    refused(met, &mut black, off, Code::OffBoard).await;
    let fill = ClientMessage::Fill {
        n: 0,
        fill: Fill::Left,
    };
    refused(met, &mut black, fill, Code::NoFillNow).await;
    let ahead = ClientMessage::Move {
        n: 3,
        mv: mv("d1-d6"),
    };
    refused(met, &mut black, ahead, Code::ActionAhead).await;
    refused(
        met,
        &mut black,
        ClientMessage::Undo { n: 0 },
        Code::UndoWithFriend,
    )
    .await;
    refused(
        met,
        &mut black,
        ClientMessage::Hint { n: 0 },
        Code::NoHintsWithFriend,
    )
    .await;
    assert!(is_ack(&black.play(mv("d1-d6")).await.unwrap()));
    let stale = ClientMessage::Move {
        n: 0,
        mv: mv("e1-e2"),
    };
    refused(met, &mut white, stale, Code::ActionStale).await;
}

async fn takebacks(server: &TestServer, met: &mut Met) {
    let (_, mut black, mut white) = server.friend_game(GameRequest::friend()).await;
    refused(
        met,
        &mut black,
        ClientMessage::Takeback { n: 0 },
        Code::NothingToTakeBack,
    )
    .await;
    let reply = ClientMessage::TakebackReply { accept: true };
    refused(met, &mut white, reply.clone(), Code::NoOfferToAnswer).await;
    assert!(is_ack(&black.play(mv("d1-d6")).await.unwrap()));
    let n = black.state().n;
    assert!(is_ack(
        &black.act(ClientMessage::Takeback { n }).await.unwrap()
    ));
    refused(met, &mut black, reply, Code::OwnOffer).await;
    let n = black.state().n;
    white.wait_n(n).await.unwrap();
    assert!(is_ack(
        &white.act(ClientMessage::Resign { n }).await.unwrap()
    ));
    let n = white.state().n;
    black.wait_n(n).await.unwrap();
    refused(
        met,
        &mut black,
        ClientMessage::Takeback { n },
        Code::NoTakebackAfterEnd,
    )
    .await;
    let late = ClientMessage::Move { n, mv: mv("a1-a2") };
    refused(met, &mut black, late, Code::MatchResigned).await;
}

async fn one_screen(server: &TestServer, met: &mut Met) {
    let created = server.create(GameRequest::local()).await;
    let mut both = server.client(&created.id, Some(&created.key)).await;
    let name = ClientMessage::Name { name: "Ann".into() };
    refused(met, &mut both, name, Code::RenameOnOneScreen).await;
    refused(
        met,
        &mut both,
        ClientMessage::Takeback { n: 0 },
        Code::TakebackNotWithFriend,
    )
    .await;
    assert!(is_ack(
        &both.act(ClientMessage::Resign { n: 0 }).await.unwrap()
    ));
    let n = both.state().n;
    refused(met, &mut both, ClientMessage::Resign { n }, Code::MatchOver).await;
}

async fn round_and_match_ends(server: &TestServer, met: &mut Met) {
    // A match to 3: at the first round's end the winner must choose the fill.
    let (_, mut black, mut white) = server.friend_game(GameRequest::friend().target(3)).await;
    loop {
        let state = black.state().clone();
        if state.status == Status::Fill {
            break;
        }
        let player = if state.to_act == Some(kamisado_wire::SideCode::Black) {
            &mut black
        } else {
            &mut white
        };
        assert!(is_ack(
            &player.play(first_legal(player.state())).await.unwrap()
        ));
        white.wait_n(state.n + 1).await.unwrap();
        black.wait_n(state.n + 1).await.unwrap();
    }
    let n = black.state().n;
    let winner_is_black = black.state().to_act == Some(kamisado_wire::SideCode::Black);
    let (winner, loser) = if winner_is_black {
        (&mut black, &mut white)
    } else {
        (&mut white, &mut black)
    };
    let fill = ClientMessage::Fill {
        n,
        fill: Fill::Left,
    };
    refused(met, loser, fill, Code::NotYourFill).await;
    let early = ClientMessage::Move { n, mv: mv("d1-d6") };
    refused(met, winner, early, Code::FillFirst).await;
    // A single round played out: the match is over, won.
    let (_, mut black, mut white) = server.friend_game(GameRequest::friend()).await;
    let over = play_out(&mut black, &mut white).await;
    let late = ClientMessage::Move {
        n: over.n,
        mv: mv("a1-a2"),
    };
    refused(met, &mut black, late, Code::MatchWon).await;
}
