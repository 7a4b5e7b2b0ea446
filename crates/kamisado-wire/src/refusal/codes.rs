//! Every refusal's code, its params and its English template, in one table:
//! a line of it makes the [`Code`], its constructor on [`Refusal`] and its
//! words.

use serde::{Deserialize, Serialize};

use super::{Param, Refusal};

/// The table: each code's doc, its variant, its constructor with the params
/// it is given (and after `;` those it always has), and its English template.
macro_rules! refusals {
    ($(
        $(#[doc = $doc:literal])+
        $code:ident $ctor:ident ( $($p:ident),* $(; $($k:ident = $v:expr),+)? ) $words:literal
    )+) => {
        /// What kind of refusal a [`Refusal`] is: its code on the wire
        /// (`snake_case`), the params it carries and its English words.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum Code {
            $($(#[doc = $doc])+ $code,)+
        }

        impl Code {
            /// Every code, in the order of the table.
            pub const ALL: &'static [Code] = &[$(Code::$code),+];

            /// The code as the wire writes it: `name_too_short`.
            pub const fn name(self) -> &'static str {
                match self { $(Code::$code => stringify!($ctor),)+ }
            }

            /// The names of the params a refusal of this code carries.
            pub const fn params(self) -> &'static [&'static str] {
                match self { $(Code::$code => &[$(stringify!($p),)* $($(stringify!($k),)+)?],)+ }
            }

            /// Its English words, as a template of its params.
            pub const fn template(self) -> &'static str {
                match self { $(Code::$code => $words,)+ }
            }

            /// The code the wire writes as `name`.
            pub fn named(name: &str) -> Option<Code> {
                Code::ALL.iter().copied().find(|c| c.name() == name)
            }
        }

        impl Refusal {
            $(
                $(#[doc = $doc])+
                pub fn $ctor($($p: impl Into<Param>),*) -> Refusal {
                    Refusal::new(Code::$code)
                        $(.with(stringify!($p), $p))*
                        $($(.with(stringify!($k), $v))+)?
                }
            )+
        }
    };
}

refusals! {
    // ---------- the server and its edge ----------

    /// The server failed; what went wrong is in its log, not sent.
    Internal internal() "internal error: the server could not complete the request"
    /// No API route at this method and path.
    NoSuchRoute no_such_route(method, path) "there is no API route {method} {path}"
    /// No file of the page by this name.
    NoSuchAsset no_such_asset(file) "there is no asset {file}"
    /// A request body over the limit.
    BodyTooLarge body_too_large(max) "request refused: the body is over the limit of {max} {max:byte}"
    /// A request body that could not be read at all.
    BodyUnreadable body_unreadable() "the request's body could not be read"
    /// A body sent as something else than JSON (415).
    BodyNotJson body_not_json(header) "request refused: a body is sent with the header {header}"
    /// A change asked from another site's page.
    CrossSite cross_site(origin) "cross-site request refused: it comes from {origin}, not from this site's page"
    /// One address holding too many connections (503).
    TooManyConnections too_many_connections(max) "too many connections: at most {max} open from one address; close some and try again"
    /// The database does not answer now.
    DatabaseUnavailable database_unavailable(detail) "the database is unavailable ({detail}): try again in a moment"
    /// The disk is full: nothing can be stored.
    DiskFull disk_full() "the server cannot store moves now (the disk is full): try again in a moment"
    /// The server is stopping.
    ShuttingDown shutting_down() "the server is shutting down"
    /// A change the database did not store.
    NotStored not_stored(detail) "the change was not stored: {detail}"
    /// The database's writer has stopped.
    WriterStopped writer_stopped() "the database writer has stopped"
    /// Something the server needs failed for a moment (randomness, a thread).
    Unavailable unavailable(detail) "the server cannot do this now ({detail}): try again in a moment"
    /// Every place for an engine search is taken.
    EngineBusy engine_busy(searches) "the engine is busy: {searches} {searches:search} running or waiting; ask again in a moment"
    /// The engine is stopping.
    EngineStopping engine_stopping() "the engine is shutting down"
    /// The engine failed.
    EngineFailed engine_failed(detail) "the engine failed: {detail}"
    /// The engine found no move to hint.
    EngineNoMove engine_no_move() "the engine found no move here"
    /// A connection over its rate of messages.
    RateLimited rate_limited(rate) "rate limit: at most {rate} {rate:message} a second on one connection; this one was not read"
    /// A query string that does not read.
    BadQuery bad_query(detail) "the query could not be read: {detail}"
    /// A plain request at an address that opens a WebSocket.
    NotAWebsocket not_a_websocket(detail) "this address opens a WebSocket: {detail}"

    // ---------- bodies and messages that do not read ----------

    /// A body that is not a JSON object.
    BodyNotObject body_not_object(what, example) "{what} is a JSON object such as {example}"
    /// A body with a field it does not take.
    BodyUnknownField body_unknown_field(what, field, fields) "{what} has no field \"{field}\"; it takes {fields}"
    /// A body's field of the wrong kind.
    BodyBadField body_bad_field(field, must) "\"{field}\" must be {must}"
    /// A body without a field it needs.
    BodyMissingField body_missing_field(what, field, must) "{what} needs \"{field}\": {must}"
    /// A body that does not read as what it should be (serde's words).
    BodyMalformed body_malformed(what, detail) "{what}: {detail}"
    /// A WebSocket message over the limit.
    MessageTooLarge message_too_large(length, max) "message refused: {length} {length:byte}, the limit is {max}"
    /// A WebSocket message that is not a JSON object.
    MessageNotJson message_not_json(example) "a message must be a JSON object such as {example}"
    /// A message whose kind is not one.
    UnknownMessage unknown_message(t, kinds) "\"{t}\" is not a message: expected {kinds}"
    /// A message without its kind.
    MessageWithoutKind message_without_kind(field, kinds) "a message needs \"{field}\", its kind: one of {kinds}"
    /// A message with a field its kind does not take.
    UnknownMessageField unknown_message_field(kind, field, fields) "a {kind} message has no field \"{field}\"; it takes {fields}"
    /// A field given to a message that takes none.
    MessageTakesNoFields message_takes_no_fields(kind, field) "a {kind} message has no field \"{field}\"; it takes none"
    /// A message's action number that is not one.
    FieldNotNumber field_not_number(field) "\"{field}\" must be the action's number: a whole number, the n of the last state"
    /// A message's move that is not text.
    FieldNotMove field_not_move(field) "\"{field}\" must be a move in notation, such as c1-c6, d4>d5 or pass"
    /// A message's field that is not one of its choices.
    FieldNotChoice field_not_choice(field, choices) "\"{field}\" must be one of {choices}"
    /// A message's field that is not text.
    FieldNotText field_not_text(field) "\"{field}\" must be text"
    /// A message's field that is not text or null.
    FieldNotTextOrNull field_not_text_or_null(field) "\"{field}\" must be text or null"
    /// A message's field that is not true or false.
    FieldNotBool field_not_bool(field) "\"{field}\" must be true or false"
    /// A message whose move or fill the rules' parser refuses.
    MalformedMessage malformed_message(kind, detail) "malformed {kind}: {detail}"
    /// A binary WebSocket message.
    BinaryMessage binary_message() "messages are JSON text, not binary"

    // ---------- a game ----------

    /// No game has this id.
    NoSuchGame no_such_game(id) "there is no game {id}"
    /// A seat key that opens no seat of the game.
    BadSeatKey bad_seat_key() "this seat key does not open a seat of this game: you are watching"
    /// A watcher asking what only a player may do.
    Watching watching(act) "you are watching this game: only its players can {act}"
    /// Two players on one screen renaming.
    RenameOnOneScreen rename_on_one_screen() "on one screen, the players keep the names the game was made with"
    /// Resigning for the other side.
    ResignForOther resign_for_other(side) "you cannot resign for {side}"
    /// A move from the side that is not to move.
    NotYourTurn not_your_turn(side, other) "it is {side}'s turn to move, and you hold {other}'s seat"
    /// A fill chosen by the side that does not choose it.
    NotYourFill not_your_fill(side, other) "it is {side}'s turn to choose the fill, and you hold {other}'s seat"
    /// An undo with a friend.
    UndoWithFriend undo_with_friend() "in a game with a friend, offer a takeback: your opponent may accept it"
    /// An undo between accounts.
    UndoBetweenAccounts undo_between_accounts() "moves are not taken back in a game between accounts"
    /// An undo in a game with a clock.
    UndoWithClock undo_with_clock() "a game with a clock is played out: no move is taken back"
    /// A takeback offered outside a game with a friend.
    TakebackNotWithFriend takeback_not_with_friend() "a takeback is offered in a game with a friend; here use undo"
    /// A takeback offered from both seats at once.
    TakebackFromBoth takeback_from_both() "a takeback is offered from one side's seat"
    /// An answer to no offer.
    NoOfferToAnswer no_offer_to_answer() "there is no takeback offer to answer"
    /// Withdrawing no offer.
    NoOfferToWithdraw no_offer_to_withdraw() "there is no takeback offer to withdraw"
    /// Withdrawing the opponent's offer.
    OfferIsOpponents offer_is_opponents() "the offer is your opponent's: accept or decline it"
    /// Accepting one's own offer.
    OwnOffer own_offer() "you cannot answer your own offer: decline it to withdraw it"
    /// A rematch asked for against the engine or on one screen.
    RematchNewGame rematch_new_game() "against the engine or on one screen, a rematch is a new game: POST /api/games"
    /// A rematch asked for by a watcher.
    RematchWatching rematch_watching() "a rematch is asked for by one of the game's two players"
    /// A rematch of a tournament's game.
    RematchTournament rematch_tournament() "a tournament's game has no rematch: the tournament pairs the next one"
    /// A rematch asked for before the match is over.
    RematchTooEarly rematch_too_early() "a rematch is asked for once the match is over"
    /// A rematch asked for once made.
    RematchMade rematch_made(id) "the rematch is made already: game {id}"
    /// A rematch offer that came as the other player asked.
    RematchCrossed rematch_crossed() "the rematch offer came as you asked: ask again to accept it"
    /// Declining or withdrawing no rematch offer.
    NoRematchOffer no_rematch_offer() "there is no rematch offer to decline or withdraw"
    /// A hint in a game with a clock.
    NoHintsWithClock no_hints_with_clock() "a game with a clock is played without hints"
    /// A hint with a friend.
    NoHintsWithFriend no_hints_with_friend() "hints are given against the engine and on one screen, not in a game with a friend"
    /// A hint between accounts.
    NoHintsBetweenAccounts no_hints_between_accounts() "hints are given against the engine and on one screen, not in a game between accounts"
    /// A hint asked by the player not to move.
    HintNotYourMove hint_not_your_move() "a hint is for the player to move"
    /// A name set in a game between accounts.
    RenameBetweenAccounts rename_between_accounts() "in a game between accounts, each player goes by their account's name"
    /// A name set in a game with a clock.
    RenameWithClock rename_with_clock() "in a game with a clock, each player goes by the name they entered with"
    /// An action after the match's end.
    MatchOver match_over() "the match is over"
    /// An action after a loss on time.
    MatchLostOnTime match_lost_on_time(loser) "the match is over: {loser} lost on time"
    /// An action after a resignation.
    MatchResigned match_resigned(loser) "the match is over: {loser} resigned"
    /// An action after the match was won.
    MatchWon match_won(winner) "the match is over: {winner} won it"
    /// An action by the side whose time ran out.
    TimeRanOut time_ran_out() "your time ran out: the match is lost on time"
    /// A takeback after the match ended by resignation or on time.
    NoTakebackAfterEnd no_takeback_after_end() "the match has ended: nothing can be taken back"
    /// A takeback with no move of the round to take back.
    NothingToTakeBack nothing_to_take_back() "there is no move of this round to take back"
    /// An action numbered past the game's next.
    ActionAhead action_ahead(n, at) "this was sent as action {n}, but the game is only at action {at}: not yet"
    /// An action numbered before the game's next.
    ActionStale action_stale(n, at) "this was sent as action {n}, but the game is at action {at}: it has changed since"
    /// The engine's move, after the game changed under it.
    EngineMoved engine_moved() "the position changed while the engine thought"
    /// A change whose game kept changing under it.
    GameBusy game_busy() "the game kept changing while this was decided: look at it again and retry"
    /// A move the rules forbid, with their reason in English and as its cause.
    IllegalMove illegal_move(mv, why, cause) "{mv} is illegal: {why}"
    /// A move while the round's winner must choose the fill.
    FillFirst fill_first(side) "the round is over: {side} must choose to fill from the left or the right first"
    /// A fill while a round is played.
    NoFillNow no_fill_now() "the fill side is chosen only after a round ends"
    /// A move with a square off the game's board.
    OffBoard off_board(mv, board) "{mv} is not a move of the {board} board: a square is off the board"
    /// A match's length that is not one.
    BadTarget bad_target(target) "a match is played to 1, 3, 7 or 15 points, not {target}"
    /// An engine level that is not one.
    BadLevel bad_level(level) "the engine plays at levels 1 to 6, not {level}"
    /// A game between accounts asked for without a challenge.
    ChallengeOnly challenge_only(route) "a game between accounts starts from a challenge: {route}"
    /// A clock's initial time out of range.
    ClockInitial clock_initial(initial) "a clock's initial time is 15 seconds to 3 hours (10800 s), not {initial} s"
    /// A clock's increment out of range.
    ClockIncrement clock_increment(increment) "a clock's increment is 0 to 60 seconds, not {increment} s"
    /// Days a move that are not 1, 3 or 7.
    BadDays bad_days(days) "a correspondence game has 1, 3 or 7 days a move, not {days}"
    /// A client over its games.
    TooManyGames too_many_games(max, minutes) "too many games: at most {max} {max:game} per client in {minutes} {minutes:minute}; finish or wait"
    /// A win claimed outside a game between accounts.
    ClaimNotBetweenAccounts claim_not_between_accounts() "a win is claimed only in a game between two accounts"
    /// A win claimed in a game with a clock.
    ClaimWithClock claim_with_clock() "this game has a clock, which ends it: a win is claimed only in an untimed game"
    /// A win claimed by someone not playing.
    ClaimNotPlayer claim_not_player() "only a player of this game may claim it"
    /// A win claimed by the player to move.
    ClaimOwnTurn claim_own_turn() "it is your turn: a win is claimed by the player who is not to move"
    /// A win claimed before its time.
    ClaimTooSoon claim_too_soon(side, left, after) "{side} has {left} left to move: a win may be claimed once they have not moved for {after}, in {left}"

    // ---------- accounts ----------

    /// An account's name shorter than the least.
    NameTooShort name_too_short(name, length; min = 2, max = 20) "the name {name} has {length} {length:character}: a name has {min} to {max}"
    /// An account's name longer than the most.
    NameTooLong name_too_long(name, length; min = 2, max = 20) "the name {name} has {length} {length:character}: a name has {min} to {max}"
    /// An account's name with a character names may not have.
    NameCharacter name_character(name, character) "the name {name} has {character}: a name is letters, digits, _ and -"
    /// An account's name of Latin and Cyrillic letters.
    NameMixedScripts name_mixed_scripts(name) "the name {name} mixes Latin and Cyrillic letters, which could pass for another name"
    /// A password shorter than the least.
    PasswordTooShort password_too_short(length; min = 8) "the password has {length} {length:character}: it needs at least {min}"
    /// A password longer than the most.
    PasswordTooLong password_too_long(max) "the password is over {max} characters"
    /// An address that made too many accounts.
    TooManySignUps too_many_sign_ups(wait) "too many accounts created from this address: try again in {wait}"
    /// A name taken.
    NameTaken name_taken(name) "the name {name} is taken: choose another"
    /// A name like one taken.
    NameLooksTaken name_looks_taken(name, taken) "the name {name} looks like {taken}, which is taken: choose another"
    /// A sign-in with a wrong name or password.
    WrongPassword wrong_password() "wrong name or password"
    /// Sign-ins that must wait after wrong passwords.
    TooManyWrongPasswords too_many_wrong_passwords(wait) "too many wrong passwords: try again in {wait}"
    /// A signed-in player's own password, wrong.
    WrongOwnPassword wrong_own_password() "the password is wrong"
    /// Games to claim sent with a sign-in.
    ClaimAtSignIn claim_at_sign_in() "games are claimed when an account is created, not at sign-in"
    /// A guest asking what needs an account.
    SignInRequired sign_in_required(action) "sign in to {action}"
    /// An account with games against players, deleted.
    UnfinishedGames unfinished_games(count) "you have {count} unfinished {count:game} against other players: finish or resign them before deleting your account"
    /// No account by this name.
    NoSuchPlayer no_such_player(name) "there is no player named {name}"

    // ---------- challenges ----------

    /// A challenge to oneself.
    ChallengeSelf challenge_self() "a challenge cannot be addressed to yourself"
    /// A challenge with a clock and days a move.
    ChallengeClockAndDays challenge_clock_and_days() "a challenge has a clock or days a move, not both"
    /// No challenge has this id.
    NoSuchChallenge no_such_challenge(id) "there is no challenge {id}"
    /// A challenge accepted by another first.
    ChallengeTaken challenge_taken() "this challenge was accepted by someone else first"
    /// A challenge its creator cancelled.
    ChallengeCancelled challenge_cancelled() "this challenge was cancelled by its creator"
    /// One's own challenge, accepted.
    ChallengeOwn challenge_own() "you cannot accept your own challenge"
    /// A challenge its player declined.
    ChallengeDeclined challenge_declined() "this challenge was declined by the player it was for"
    /// Another's challenge, cancelled or accepted.
    ChallengeNotYours challenge_not_yours() "this challenge is not yours: it is for another player, or made by one"
    /// A challenge declined by one it is not addressed to.
    ChallengeNotAddressed challenge_not_addressed() "only the player a challenge is addressed to can decline it"
    /// A challenge declined once closed.
    ChallengeClosed challenge_closed() "this challenge is no longer open: accepted, cancelled or declined"
    /// A player with the most open challenges.
    TooManyChallenges too_many_challenges(max) "you have {max} open {max:challenge} already: cancel one first"

    // ---------- API tokens and bots ----------

    /// An Authorization header that is not a bearer token.
    BadAuthorization bad_authorization(header) "an API token is sent in the header {header} (docs/bots.md)"
    /// A bot at the learning pages.
    BotNoLearning bot_no_learning() "a bot account cannot use the analysis board, the danger view, lessons or puzzles"
    /// A bot at a game's review.
    BotNoReview bot_no_review() "a bot account cannot use the review of a game"
    /// A bot making a game of its own.
    BotNoGames bot_no_games() "a bot account plays games through challenges, not games of its own"
    /// A token managing its account.
    TokenNoAccount token_no_account() "an API token cannot manage its account or its tokens: sign in on the site"
    /// A token without the scope a route needs.
    TokenScope token_scope(scope, path) "this API token has no {scope} scope, which {path} needs"
    /// A token unknown or revoked.
    TokenUnknown token_unknown() "this API token is unknown or was revoked"
    /// A token's name that is not one.
    TokenName token_name(max) "a token's name has 1 to {max} characters and no control characters"
    /// A token without scopes.
    TokenNoScope token_no_scope() "a token needs at least one scope"
    /// An account with the most tokens.
    TooManyTokens too_many_tokens(max) "an account has at most {max} {max:token}: revoke one first"
    /// No live token by this id.
    NoSuchToken no_such_token(id) "you have no live API token {id}"
    /// An account that is a bot already.
    AlreadyBot already_bot(name) "{name} is a bot account already"
    /// An account with games, made a bot.
    BotHasGames bot_has_games(name) "{name} has played games: only a new account, with none, becomes a bot"
    /// A bot's events read by an account that is not a bot.
    NotABot not_a_bot(name, route) "{name} is not a bot account: make it one first ({route})"

    // ---------- tournaments ----------

    /// No tournament has this id.
    NoSuchTournament no_such_tournament(id) "there is no tournament with the id {id}"
    /// A player entering twice.
    EnteredAlready entered_already() "you entered this tournament already"
    /// An engine entering twice.
    EngineEnteredAlready engine_entered_already() "this engine entered this tournament already"
    /// A full tournament.
    TournamentFull tournament_full(max) "the tournament is full: its {max} {max:place} are taken"
    /// A tournament that is over.
    TournamentOver tournament_over() "the tournament is over"
    /// A tournament that was cancelled.
    TournamentCancelled tournament_cancelled() "the tournament was cancelled"
    /// An all-play-all under way, entered.
    RoundRobinStarted round_robin_started() "an all-play-all takes no entries once it has started"
    /// An arena that has ended, entered.
    ArenaEnded arena_ended() "the arena has ended: it pairs nobody more"
    /// A Swiss past its late entries.
    EntriesClosed entries_closed(round) "entries closed once round {round} was paired"
    /// An engine entered by another than the creator.
    EnginesByCreator engines_by_creator() "only the tournament's creator enters engines"
    /// A withdrawal by one who has not entered.
    NotEntered not_entered() "you have not entered this tournament"
    /// A second withdrawal.
    WithdrawnAlready withdrawn_already() "you have withdrawn from this tournament already"
    /// A pause outside an arena.
    PauseNotArena pause_not_arena() "only an arena's players pause: withdraw from a Swiss or an all-play-all"
    /// A pause by one not playing in the arena.
    NotInArena not_in_arena() "you are not playing in this arena"
    /// A second pause.
    PausedAlready paused_already() "you have paused already"
    /// A resume without a pause.
    NotPaused not_paused() "you are not paused"
    /// A tournament cancelled by another than its creator.
    CancelNotCreator cancel_not_creator() "only the tournament's creator may cancel it"
    /// A tournament changed by another than its creator.
    ChangeNotCreator change_not_creator() "only the tournament's creator may change its settings"
    /// Engines entered with a change of settings.
    EnginesJoinRoute engines_join_route(route) "engines enter through {route}"
    /// A change of the most players below those entered.
    TooManyEntrants too_many_entrants(entered, max) "{entered} {entered:player} have entered: the most cannot be {max}"
    /// A tournament's settings changed after its start.
    TournamentStarted tournament_started() "the tournament has started: its settings are fixed"
    /// An arena's report asked for.
    ArenaNoReport arena_no_report(route) "an arena has no rounds to report: its standings are at {route}"
    /// A player with the most unfinished tournaments.
    TooManyTournaments too_many_tournaments(max) "you have {max} {max:tournament} not yet finished: cancel one, or wait for one to end"
    /// A tournament's name of the wrong length.
    TournamentName tournament_name(length) "a tournament's name has 2 to 60 characters, not {length}"
    /// A tournament with a clock and days a move.
    TournamentClockAndDays tournament_clock_and_days() "a tournament has a clock or days a move, not both"
    /// A Swiss's rounds out of range.
    SwissRounds swiss_rounds(rounds, max) "a Swiss has 1 to {max} rounds, not {rounds}"
    /// An all-play-all's rounds out of range.
    RoundRobinRounds round_robin_rounds(players, most, rounds) "an all-play-all of at most {players} players has at most {most} {most:round}, not {rounds}"
    /// Rounds asked of an arena.
    ArenaRounds arena_rounds(field) "an arena has no rounds: it pairs its players for its length ({field})"
    /// The most players out of range.
    TournamentPlayers tournament_players(players, max) "a tournament takes 2 to {max} players, not {players}"
    /// The fewest players out of range.
    MinPlayers min_players(players, max) "the fewest players to start are 2 to {max} (its most), not {players}"
    /// A start too far ahead.
    StartsTooLate starts_too_late(starts_in, max) "a tournament starts within 30 days ({max} s), not in {starts_in} s"
    /// Rounds too far apart.
    PauseTooLong pause_too_long(pause, max) "rounds are at most a day ({max} s) apart, not {pause} s"
    /// A length given to a tournament that is not an arena.
    LengthNotArena length_not_arena() "only an arena has a length: a Swiss or an all-play-all has rounds"
    /// Double rounds asked of an arena.
    ArenaDouble arena_double() "an arena pairs single games: it has no double rounds"
    /// An arena's length out of range.
    ArenaLength arena_length(length) "an arena lasts 10 seconds to a week (604800 s), not {length} s"
    /// More engines than places.
    TooManyEngines too_many_engines(engines, players) "{engines} {engines:engine} do not fit in a tournament of {players} players"
    /// Late entries asked of an all-play-all.
    RoundRobinLate round_robin_late() "an all-play-all's pairings are fixed at its start: it takes no late entries"
    /// Late entries past the rounds.
    LateEntry late_entry(rounds, late) "entries close after a round from 1 to {rounds}, not {late}"
    /// A round no pairing exists for.
    CannotPair cannot_pair(round, detail) "round {round} cannot be paired: {detail}"
    /// A round asked of an arena.
    ArenaNoRounds arena_no_rounds() "an arena pairs its players as their games end, not by rounds"
    /// A round an all-play-all does not have.
    NoSuchRound no_such_round(round) "an all-play-all has no round {round}"

    // ---------- learning ----------

    /// A danger request naming a game and a position.
    DangerGameAndPosition danger_game_and_position() "a danger request names a game or a position, not both"
    /// A danger request naming neither.
    DangerNeedsGameOrPosition danger_needs_game_or_position() "a danger request needs a game (its id) or a position"
    /// The danger view in a game with a clock.
    DangerWithClock danger_with_clock() "a game with a clock is played without the danger view"
    /// The danger view in a game between two players.
    DangerBetweenPlayers danger_between_players() "the danger view is offered against the engine and on one screen, not in a game between two players"
    /// Text that is not a square of the board.
    NotASquare not_a_square(text, last) "{text} is not a square: expected a file and a rank from a1 to {last}, like c3"
    /// A square whose tower may not move.
    TowerCannotMove tower_cannot_move(square) "no tower on {square} may move in this position"
    /// A position's text that does not read.
    BadPosition bad_position(detail, cause) "position: {detail}"
    /// A position that breaks the rules.
    InvalidPosition invalid_position(detail, cause) "the position breaks the rules: {detail}"
    /// Text on the analysis board that is neither a record nor a position.
    NotAPosition not_a_position(detail, cause) "neither a record nor a position: {detail}"
    /// A record that does not read, or whose tags, moves or results the
    /// rules refuse.
    BadRecord bad_record(detail, cause) "record: {detail}"
    /// A record's fill the rules refuse.
    RecordBadFill record_bad_fill(round, detail, cause) "record: round {round}: {detail}"
    /// A record's move the rules refuse.
    RecordBadMove record_bad_move(round, index, detail, cause) "record: round {round}, move {index}: {detail}"
    /// A record longer than the analysis board takes.
    RecordTooLong record_too_long(limit) "the analysis board takes records of up to {limit} {limit:move}"
    /// Text longer than the analysis board takes.
    TextTooLong text_too_long(length, max) "the text is {length} {length:byte}; the limit is {max}"
    /// A line asked from past the record's end.
    LineStartPastEnd line_start_past_end(moves, at) "at: the text has {moves} {moves:move}, not {at}"
    /// A line's move that does not read or is not legal.
    LineBadMove line_bad_move(index, mv, detail, cause) "then: move {index} ({mv}): {detail}"
    /// A line over the most moves.
    LineTooLong line_too_long(max) "then: a line of up to {max} moves"
    /// No lesson has this id.
    NoSuchLesson no_such_lesson(id) "there is no lesson {id}"
    /// No puzzle made yet.
    NoPuzzlesYet no_puzzles_yet() "there are no puzzles yet: the set is being made, try again in a minute"
    /// No puzzle has this id.
    NoSuchPuzzle no_such_puzzle(id) "there is no puzzle {id}"
    /// Text that is not a move.
    NotAMove not_a_move(text, detail, cause) "{text} is not a move: {detail}"
    /// A puzzle's try that is not legal.
    NotLegalHere not_legal_here(mv, detail, cause) "{mv} is not legal here: {detail}"
    /// A puzzle grade out of range.
    BadGrade bad_grade(grade) "a grade is 1 to 5, not {grade}"
}
