//! TRF16: a hand-checked line, column by column, and round trips.

use kamisado_tournament::swiss;
use kamisado_tournament::trf::{self, Header, PlayerLine};
use kamisado_tournament::{Colour, Entry, Outcome, Player, PlayerId, Points, record::play};

fn line() -> PlayerLine {
    PlayerLine {
        id: PlayerId(7),
        sex: 'w',
        title: "WIM".into(),
        name: "Burley, Peter".into(),
        rating: 2105,
        federation: "ENG".into(),
        fide_id: Some(12345678),
        birth: "1960/05/17".into(),
        points: Points(5),
        rank: 3,
        rounds: vec![
            Entry::Played {
                opponent: PlayerId(12),
                colour: Colour::White,
                outcome: Outcome::Win,
            },
            Entry::Played {
                opponent: PlayerId(3),
                colour: Colour::Black,
                outcome: Outcome::Draw,
            },
            Entry::PairingBye,
            Entry::Forfeit {
                opponent: PlayerId(101),
                colour: Colour::Black,
                won: false,
            },
        ],
    }
}

/// The line written by hand from the TRF16 column table.
const HAND: &str = "001    7 wWIM Burley, Peter                     2105 ENG    12345678 1960/05/17  2.5    3  0012 w 1  0003 b =  0000 - U  0101 b -";

#[test]
fn the_line_has_the_fixed_columns() {
    let text = line().to_string();
    assert_eq!(text, HAND);
    let col = |from: usize, to: usize| &text[from - 1..to];
    assert_eq!(col(1, 3), "001");
    assert_eq!(col(5, 8), "   7");
    assert_eq!(col(10, 10), "w");
    assert_eq!(col(11, 13), "WIM");
    assert_eq!(col(15, 47).trim_end(), "Burley, Peter");
    assert_eq!(col(49, 52), "2105");
    assert_eq!(col(54, 56), "ENG");
    assert_eq!(col(58, 68), "   12345678");
    assert_eq!(col(70, 79), "1960/05/17");
    assert_eq!(col(81, 84), " 2.5");
    assert_eq!(col(86, 89), "   3");
    assert_eq!(col(90, 99), "  0012 w 1");
    assert_eq!(col(100, 109), "  0003 b =");
    assert_eq!(col(110, 119), "  0000 - U");
    assert_eq!(col(120, 129), "  0101 b -");
}

#[test]
fn the_line_reads_back() {
    assert_eq!(HAND.parse::<PlayerLine>().unwrap(), line());
}

#[test]
fn a_bad_result_names_its_column() {
    let bad = HAND.replace("0012 w 1", "0012 w 7");
    let err = bad.parse::<PlayerLine>().unwrap_err();
    assert_eq!(err.column, 99);
}

#[test]
fn a_file_has_its_header_and_round_trips() {
    let mut ps: Vec<Player> = (1..=3)
        .map(|i| Player::new(PlayerId(i), &format!("Player {i}"), 1500 + i as u16))
        .collect();
    play(&mut ps, PlayerId(1), PlayerId(2), Outcome::Win);
    ps[2].rounds.push(Entry::PairingBye);
    play(&mut ps, PlayerId(3), PlayerId(1), Outcome::Draw);
    ps[1].rounds.push(Entry::HalfBye);
    let header = Header {
        name: "Kamisado Open".into(),
        start: Some("2026/12/01".into()),
        end: Some("2026/12/02".into()),
        kind: Some("Individual: Swiss-System (Dutch)".into()),
        round_dates: vec!["26/12/01".into(), "26/12/02".into()],
    };
    let text = trf::write(&header, &ps);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "012 Kamisado Open");
    assert_eq!(lines[1], "042 2026/12/01");
    assert_eq!(lines[2], "052 2026/12/02");
    assert_eq!(lines[3], "062 3");
    assert_eq!(lines[4], "092 Individual: Swiss-System (Dutch)");
    assert_eq!(&lines[5][..3], "132");
    assert_eq!(&lines[5][91..99], "26/12/01");
    assert_eq!(&lines[5][101..109], "26/12/02");
    // 1 has 1.5 and 3 has 1.5 (bye and draw); 1's Buchholz is higher.
    assert_eq!(&lines[6][80..89], " 1.5    1");
    assert_eq!(trf::read_players(&text).unwrap(), ps);
}

#[test]
fn pairing_can_be_driven_from_a_trf() {
    let one = PlayerLine::of(&Player::new(PlayerId(1), "a", 0), 0);
    let mut lines = Vec::new();
    for (id, opp, colour, result) in [
        (1, 3, 'w', '1'),
        (2, 4, 'b', '1'),
        (3, 1, 'b', '0'),
        (4, 2, 'w', '0'),
    ] {
        let mut line = one.clone();
        line.id = PlayerId(id);
        let mut text = line.to_string();
        text += &format!("  {opp:0>4} {colour} {result}");
        lines.push(text);
    }
    let players = trf::read_players(&lines.join("\n")).unwrap();
    assert_eq!(players[1].score(), Points::WIN);
    let round = swiss::pair(&players, &swiss::Options::default()).unwrap();
    // The two winners meet, 2 (who had Black) with White.
    assert_eq!(
        round.boards[0],
        swiss::Board {
            white: PlayerId(2),
            black: PlayerId(1)
        }
    );
}
