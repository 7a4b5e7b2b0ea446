// The page in English: its words, the forms its sentences need, and what
// happened in a game told in the rules crate's own English (the `text` of
// each note, kamisado-core's story/english.rs), word for word. Every
// language is a module like this one, exporting the same names; i18n.js
// picks one. Nothing here touches the page, so node can import it.

import { pluralForm } from './plurals.js';

export const code = 'en';
/** The language's name in itself, for the menu. */
export const name = 'English';
/** The locale that writes dates. */
export const locale = 'en-GB';

/** Every fixed text of the page, by key; `{name}` is a place to fill. */
export const words = {
  'nav.lobby': 'Lobby', 'nav.analysis': 'Analysis board', 'nav.symbols': 'Colour symbols', 'nav.symbols_none': 'None', 'nav.symbols_shapes': 'Shapes', 'nav.symbols_kanji': 'Kanji', 'nav.language': 'Language', 'nav.menu': 'Menu',
  'lobby.new': 'New game', 'lobby.opponent': 'Opponent', 'lobby.engine': 'The engine',
  'lobby.local': 'Two players on this screen', 'lobby.friend': 'A friend, through an invite link',
  'lobby.level': 'Engine level', 'lobby.level1': '1 — beginner', 'lobby.level6': '6 — strongest',
  'lobby.towers': 'Your towers', 'lobby.black': 'Black (moves first)', 'lobby.gold': 'Gold', 'lobby.random': 'Drawn by lot',
  'lobby.length': 'Length', 'lobby.single': 'Single round', 'lobby.to3': 'Match to 3 points', 'lobby.to7': 'Match to 7 points', 'lobby.to15': 'Match to 15 points',
  'lobby.rules': 'Rules', 'lobby.standard': 'Standard', 'lobby.sumo-square': 'Sumo-square', 'lobby.zvezda': 'Zvezda',
  'lobby.opening-limits': 'Opening limits', 'lobby.opening-limits.title': 'The World Championship’s rule: in every round the first three moves go at most 1, 3 and 5 squares',
  'lobby.sumo-square.title': "After a push, the colour of the sumo's square decides the next tower",
  'lobby.zvezda.title': 'Rings: sideways and backward moves, pushes in any direction, the third repetition loses',
  'lobby.board': 'Board', 'lobby.b8': '8×8, eight colours', 'lobby.b6': '6×6, six colours', 'lobby.b10': '10×10, ten colours',
  'lobby.name': 'Your name', 'lobby.black_name': "Black's name", 'lobby.gold_name': "Gold's name", 'lobby.start': 'Start the game',
  'lobby.yours': 'Your games', 'lobby.none': 'No games yet: the games you start or join are remembered in this browser.',
  'lobby.watch': 'Watch a game', 'lobby.watch_ph': 'Paste a game link or id', 'lobby.watch_go': 'Watch', 'lobby.rules_short': 'Rules in short',
  'lobby.rules_text': 'Towers move straight or diagonally forward, never through others. After the first move, you must move your tower of the colour of the square your opponent just landed on. Reach the far row to win. A blocked tower passes; a sumo (a tower with a dragon\'s tooth) can push.',
  'lobby.game': '{who}, {date}', 'lobby.vs_named': 'with {name}', 'lobby.forget': 'Forget', 'lobby.gone': ' (gone)',
  'lobby.over': ' (over: {side} won {b}–{w})', 'lobby.on': ' ({b}–{w}, round {round}, {side} to play)',
  'lobby.vs_engine': 'against the engine, level {level}', 'lobby.vs_local': 'two players on one screen',
  'lobby.vs_friend': 'with a friend', 'lobby.vs_invited': 'with a friend (invited)',
  'lobby.failed': 'The game could not be created: {reason}', 'lobby.bad_link': 'That is not a game link or id: a game id has 16 letters and digits.',
  'game.single': 'Single round', 'game.result': '{score} {how}', 'game.score': 'Black {b} – {w} Gold, playing to {target}', 'game.round': 'round {round}', 'game.round_head': 'Round {round}',
  'game.rules': '{rules} rules', 'game.board': '{board} board',
  'game.claim': 'Claim the win', 'game.claim_refused': 'The win cannot be claimed yet: {reason}',
  'game.pass': 'Pass', 'game.hint': 'Hint', 'game.undo': 'Undo', 'game.takeback': 'Offer takeback', 'game.resign': 'Resign',
  'game.resign_sure': 'Really resign?', 'game.flip': 'Flip board', 'game.sound': 'Sound', 'game.download': 'Download record', 'game.analyse': 'Analyse',
  'game.type': 'Type a move', 'game.play': 'Play', 'game.accept': 'Accept', 'game.decline': 'Decline',
  'game.invite_link': 'Invite link', 'game.invite': 'Invite a friend', 'game.invite_text': 'Send this link to your opponent. It holds their seat: keep it between the two of you.',
  'game.copy': 'Copy', 'game.your_name': 'Your name', 'game.set': 'Set', 'game.moves': 'Moves', 'game.happened': 'What happened',
  'game.watch_link': 'Watch link:', 'game.fill_prompt': 'Choose how to refill the home rows:',
  'game.fill_left': 'Fill from the left', 'game.fill_right': 'Fill from the right', 'game.new': 'New game', 'game.rematch': 'Rematch', 'game.rematch_failed': 'The rematch could not be made: {reason}', 'game.show_board': 'Show the board',
  'game.first_note': 'The first player may move any tower.',
  'tag.engine': 'engine', 'tag.you': 'you', 'name.player': 'Player', 'name.friend': 'Friend',
  'game.pass_word': 'pass', 'game.type_ph': 'c1-c6, d4>d5, pass', 'engine.name': 'Engine, level {level}',
  'status.your_move': 'Your move', 'status.to_move': '{side} to move', 'status.thinking': 'The engine is thinking…',
  'status.engine_to_move': 'The engine is to move', 'status.forced': '{status}: the {tower} on {sq} must move',
  'status.blocked': ' — it is blocked, so it passes', 'status.any': '{status}: any tower may move',
  'status.engine_fill': 'The engine chooses how to refill the home rows…', 'status.fill': '{side} won the round and chooses how to refill the home rows.',
  'status.offered': ' You offered a takeback; waiting for the answer.', 'status.offer': '{name} asks to take back their last move.',
  'over.round': '{side} wins the round.', 'over.match': '{side} wins the match {b}–{w}.', 'over.conceded': '{loser} resigned: {winner} wins.',
  'over.time': '{loser} ran out of time: {winner} wins.',
  'end.title_round': '{name} wins round {round}', 'end.title_win': '{name} wins', 'end.title_match': '{name} wins the match', 'end.title_single': '{name} wins the round',
  'end.score': 'Score: Black {b} – {w} Gold, playing to {target}.',
  'end.wait_engine': 'The engine is choosing how to refill…', 'end.wait': 'Waiting for {name} to choose how to refill…',
  'net.restarting': 'The server is restarting: reconnecting…', 'net.no_answer': 'No answer from the server: reconnecting to get the game as it stands.', 'net.offline': 'Not connected to the server: reconnecting…',
  'hint.text': 'Hint: {mv} — {value}', 'hint.then': ', then {line}',
  'value.win': '{side} wins in {n}', 'value.even': 'About even', 'value.slight': '{side} is slightly better',
  'value.better': '{side} is better', 'value.much': '{side} is much better', 'value.unknown': 'not valued',
  'ana.title': 'Analysis board', 'ana.paste': 'Paste a game record or a position', 'ana.go': 'Analyse', 'ana.busy': 'The engine is analysing…',
  'ana.values': 'Moves and their values', 'ana.values_help': 'Each value is the position after the move, for the side that made it: a proven win or loss in so many plies, or the engine\'s estimate.',
  'ana.every': 'Every move here', 'ana.start': 'Start: {fen}', 'ana.best': ' (best {mv}: {value})',
  'ana.first': 'First position', 'ana.prev': 'Previous move', 'ana.next': 'Next move', 'ana.last': 'Last position', 'ana.flip': 'Flip',
  'board.label': 'Board',
  'board.rank': 'Rank {rank}',
  'board.help_short': 'Arrow keys move over the squares; Enter picks a tower, then plays it to a square; Escape drops it; T tells the picked tower\'s moves.',
  'board.help': 'Arrow keys move over the squares; Enter picks a tower, then plays it to a square; Escape drops it. T tells the picked tower\'s moves, C the clocks, M goes to the move box.',
  'game.title': 'A game of Kamisado', 'game.sheet': 'The round\'s end',
  'say.picked': 'Picked the {tower} on {sq}: {n} {moves}. T lists them.',
  'say.moves': 'The {tower} on {sq} can go to {list}.', 'say.push': '{sq} (a push)',
  'say.pick_first': 'Pick a tower first: move to it with the arrow keys, then press Enter.',
  'say.not_yours': 'It is not your move.', 'say.dropped': 'Nothing picked.',
  'say.cannot': 'The {tower} on {sq} cannot move now.', 'say.cannot_forced': 'The {tower} on {sq} cannot move now: the {forced} on {fsq} must move.',
  'say.empty': '{sq} is empty.', 'say.no_target': 'The {tower} on {from} cannot go to {sq}.',
  'say.clocks': 'Clocks: {b} {bt}, {w} {wt}.', 'say.low': '{side} has {time} left.', 'say.no_clock': 'This game has no clock.',
  'game.withdraw': 'Withdraw the offer',
  'told.declined': '{name} declined the takeback.', 'told.accepted': '{name} accepted the takeback: your move is taken back.',
  'told.withdrawn': '{name} withdrew the takeback offer.',
  'told.rematch_declined': '{name} declined the rematch.', 'told.rematch_withdrawn': '{name} withdrew the rematch offer.',
  'rematch.offer': '{name} offers a rematch, with the colours swapped.', 'rematch.offered': 'You offered a rematch; waiting for {name}.',
  'rematch.made': 'The rematch has started.', 'rematch.to_board': 'To the board', 'rematch.watch': 'Watch it',
  'game.rematch_accept': 'Accept the rematch', 'rematch.withdraw': 'Withdraw the offer',
  'ch.sign_in_to_accept': 'Sign in to accept', 'ch.none_guest': 'No open challenges now: sign in to create one.',
  'say.resign_armed': 'Press Resign again to resign.',
  'nav.leaderboard': 'Leaderboard',
  'net.unreachable': 'The server cannot be reached: check the connection and try again.',
  'account.title': 'Account', 'account.why': 'Sign in to play other players, with clocks and ratings.',
  'account.tab_sign_in': 'Sign in', 'account.tab_sign_up': 'Create an account', 'account.name': 'Name', 'account.password': 'Password',
  'account.sign_in': 'Sign in', 'account.create': 'Create the account',
  'account.create_help': 'A name of 2–20 letters, digits, _ or -, and a password of at least 8 characters. The games this browser holds become the account\'s.',
  'account.signed_in_as': 'Signed in as', 'account.sign_out': 'Sign out',
  'account.sign_in_failed': 'Could not sign in: {reason}', 'account.create_failed': 'The account was not created: {reason}',
  'account.sign_out_failed': 'Could not sign out: {reason}',
  'manage.title': 'Manage the account', 'manage.old': 'Password now', 'manage.new': 'New password',
  'manage.change': 'Change the password', 'manage.change_help': 'Your other devices are signed out.',
  'manage.changed': 'The password is changed; {n} other {sessions} signed out.',
  'manage.change_failed': 'The password was not changed: {reason}',
  'manage.everywhere': 'Sign out everywhere', 'manage.everywhere_failed': 'Could not sign out everywhere: {reason}',
  'manage.delete': 'Delete the account',
  'manage.delete_help': 'Your games are kept, shown as played by "deleted player"; your name is never given to anyone else.',
  'manage.delete_failed': 'The account was not deleted: {reason}',
  'ch.title': 'Open challenges', 'ch.none': 'No open challenges: create one below.',
  'ch.conn': 'The connection to the lobby dropped: reconnecting…', 'ch.new': 'Create a challenge',
  'ch.rated_label': 'Rated game', 'ch.time': 'Time control', 'ch.time_clock': 'Clock', 'ch.time_days': 'Correspondence', 'ch.time_none': 'No clock',
  'ch.minutes': 'Minutes', 'ch.seconds': 'Seconds', 'ch.increment': 'Increment (s)', 'ch.days_label': 'Days per move',
  'ch.opponent': 'Only for', 'ch.opponent_ph': 'anyone, or a name', 'ch.create': 'Create the challenge',
  'ch.accept': 'Accept', 'ch.cancel': 'Cancel', 'ch.colour_random': 'colours by lot',
  'ch.plays_black': '{name} plays Black', 'ch.plays_white': '{name} plays Gold', 'ch.rated': 'rated', 'ch.unrated': 'unrated',
  'ch.for_you': 'for you only', 'ch.for': 'for {name} only', 'ch.to': 'match to {n} {points}',
  'ch.accept_failed': 'The challenge could not be accepted: {reason}', 'ch.cancel_failed': 'The challenge could not be cancelled: {reason}',
  'ch.create_failed': 'The challenge was not created: {reason}',
  'clock.days': '{n} {days} per move', 'clock.none': 'no clock', 'clock.move_left': '{time} left for the move',
  'mine.title': 'Your games', 'mine.none': 'No games yet: accept a challenge or create one.', 'mine.against': 'against {name}',
  'mine.your_turn': 'Your turn', 'mine.their_turn': 'Opponent\'s turn', 'mine.won': 'Won', 'mine.lost': 'Lost', 'mine.left': '{time} left',
  'mine.failed': 'Your games could not be fetched: {reason}', 'lobby.browser': 'Games in this browser',
  'game.rated': 'rated',
  'ana.no_game': 'The game could not be loaded: {reason}',
  'player.ratings': 'Ratings', 'player.history': 'Rating history', 'player.archive': 'Finished games',
  'player.no_ratings': 'No rated games yet.', 'player.no_games': 'No finished games yet.', 'player.no_history': 'No rating changes yet',
  'player.history_label': 'The rating after each rated game', 'player.start': 'Start', 'player.pool': 'Rules and board', 'player.rating': 'Rating',
  'player.deviation': 'Deviation', 'player.games': 'Games', 'player.opponent': 'Opponent', 'player.colour': 'Colour',
  'player.result': 'Result', 'player.result.win': 'Won', 'player.result.loss': 'Lost', 'player.how': 'How', 'player.score': 'Score',
  'player.moves': 'Moves', 'player.rated': 'Rated', 'player.yes': 'yes', 'player.date': 'Date', 'player.record': 'Record',
  'player.unknown': 'There is no player named {name}.', 'player.failed': 'The player could not be fetched: {reason}',
  'how.home row': 'home row', 'how.deadlock': 'deadlock', 'how.resignation': 'resignation', 'how.time': 'on time', 'how.repetition': 'repetition',
  'lb.title': 'Leaderboard', 'lb.none': 'Nobody has played a rated game here yet.', 'lb.engine': 'The engine',
  'lb.engine_help': 'Each level\'s rating, from matches to 3 between the levels.', 'lb.player': 'Player', 'lb.level': 'Level',
  'lb.provisional': '?: provisional, too few games for the rating to settle', 'lb.provisional_tag': '?',
  'lb.failed': 'The leaderboard could not be fetched: {reason}',
  'tokens.title': 'Bot and API tokens',
  'tokens.help': 'A token lets a program play as this account (docs/bots.md). It is shown once: copy it when it is made.',
  'tokens.name': 'Token\'s name', 'tokens.make': 'Make a token', 'tokens.once': 'Your token, shown this once:',
  'tokens.revoke': 'Revoke', 'tokens.bot': 'Make this account a bot',
  'tokens.bot_help': 'Only an account that has played no game; for good.', 'tokens.is_bot': 'This account is a bot.',
  'tokens.failed': 'Not done: {reason}',
  'bot.tag': 'BOT', 'bot.title': 'A bot account: an engine plays it through the API',
  'bot.challenge': 'Challenge', 'bot.challenge_title': 'Challenge {name} to a game',

  'nav.learn': 'Learn', 'nav.puzzles': 'Puzzles',

  // The lessons: a title and a few sentences each, keyed by the lesson's id.
  'lesson.move.title': 'Moving a tower',
  'lesson.move.text': 'A tower moves straight or diagonally forward, as far as it likes, but never sideways, backward or through another tower. Nothing is ever captured. On the first move of a round you may move any of your towers.',
  'lesson.forced.title': 'The forced colour',
  'lesson.forced.text': 'After the first move, you must move your tower of the colour of the square your opponent just landed on. So every move you make chooses your opponent\'s next tower.',
  'lesson.pass.title': 'A blocked tower passes',
  'lesson.pass.text': 'When the tower you must move has no move at all, it is blocked and you pass. Your opponent then moves their tower of the colour of the square under your blocked tower.',
  'lesson.home.title': 'Winning a round',
  'lesson.home.text': 'A tower that reaches any square of the opponent\'s home row, the far row, wins the round at once. Look for a straight or diagonal road with nothing in the way.',
  'lesson.safe.title': 'Do not hand over a win',
  'lesson.safe.text': 'The square you land on chooses your opponent\'s tower. If that tower has a free road to your home row, they win at once. Before you move, look where each tower you could hand over can go.',
  'lesson.deadlock.title': 'Deadlock',
  'lesson.deadlock.text': 'Sometimes every forced tower is blocked and the passes would go round for ever. That is a deadlock: the player who made the last real move loses the round.',
  'lesson.sumo.title': 'The sumo\'s push',
  'lesson.sumo.text': 'A tower that wins a round gains a dragon\'s tooth and becomes a sumo. A sumo moves at most 5 squares, and may push the opponent\'s tower just in front of it one square back when the square behind is empty. Your opponent then loses the turn, and you move again, with the tower of the colour where the pushed tower stopped.',
  'lesson.points.title': 'Points and matches',
  'lesson.points.text': 'A match is played to 3, 7 or 15 points. A round won by a plain tower scores 1 point, by a sumo 3, a double sumo 7, a triple sumo 15. The winner of a round then chooses to fill from the left or the right: the towers go back to the home rows row by row, and keep their teeth for the whole match.',
  'lesson.other.title': 'Lesson {n}',

  'learn.title': 'Learn to play', 'learn.lessons': 'Lessons', 'learn.task': 'Your task:',
  'learn.to_move': '{side} to move.', 'learn.try_again': 'Try again', 'learn.next': 'Next lesson', 'learn.all_done': 'Every lesson is done: play a game, or try the puzzles.',
  'learn.checking': 'Checking the move…', 'learn.passed': 'passed', 'learn.failed': 'The lessons could not be fetched: {reason}',
  'learn.try_failed': 'The move could not be checked: {reason}', 'learn.pick': 'Click one of your towers, then the square to move it to.',
  'learn.pick_pass': 'Press Pass.', 'learn.count': '{done} of {all} done', 'learn.puzzles': 'Try the puzzles',

  'task.reach': 'Move a tower to {square}.',
  'task.land': 'Make a move that lands on {aColour} square, so that {opp} must move their {colour} tower.',
  'task.pass': 'The tower you must move is blocked: pass.',
  'task.win': 'Win the round with this move.',
  'task.safe': 'Make a move that does not lose at once.',
  'task.avoid_deadlock': 'Make a move that does not cause a deadlock.',
  'task.push': 'Push with the sumo.',
  'task.sumo_win': 'Win the round with the sumo, for its points.',

  'reason.done': 'Right: the task is done.',
  'reason.illegal': 'That move is not allowed: {why}.',
  'reason.wrong_square': 'That move ends on {square}: the task asks for another square.',
  'reason.wrong_colour': 'That move lands on {aColour} square: the task asks for another colour.',
  'reason.hands_win': 'This hands {opp} the {colour} tower on {square}, and it reaches your home row: {reply}.',
  'reason.deadlock': 'That move causes a deadlock: the passes would go round for ever, and you made the last real move, so you lose.',
  'reason.not_a_win': 'That move does not win: it does not reach the far row.',
  'reason.not_a_push': 'That is not a push: move the sumo straight forward into the tower in front of it.',
  'reason.not_the_sumo': 'That wins with a plain tower, for 1 point only: win with the sumo, the tower with a dragon\'s tooth.',

  'danger.toggle': 'Danger view', 'danger.checking': 'Checking…',
  'danger.help': 'Point at or tap a marked square to see why.',
  'danger.legend': '✓ green: safe · ✕ red: loses at once · N orange: lost in N plies · ★ gold: wins',
  'danger.wins': '{mv} wins at once.',
  'danger.loses_at_once': '{mv} hands {opp} the {colour} tower on {tower}, which wins at once: {reply}.',
  'danger.lost': '{mv} loses: {opp} wins in {n} {plies} ({line}).',
  'danger.lost_short': '{mv} loses: {opp} wins in {n} {plies}.',
  'danger.safe': '{mv}: no quick loss found.',
  'danger.failed': 'The danger of these moves could not be checked: {reason}',
  'danger.pick': 'Select a tower of the side to move to see the danger of its moves.',

  'puz.title': 'Puzzle', 'puz.to_win': '{side} to move and win.', 'puz.rating': 'Puzzle rating {rating}',
  'puz.grade': 'grade {grade}', 'puz.plies': 'a win in {n} {plies}', 'puz.yours': 'Your puzzle rating: {rating}',
  'puz.guest': 'Sign in to have your puzzles rated.', 'puz.pick': 'Find the winning move: click a tower, then its square.',
  'puz.right': 'Right: {mv} is the winning move.', 'puz.wrong': 'Not this one: {mv} does not win. The winning move is {best}.',
  'puz.miss': 'Not this one: {mv} does not win. Try again, or ask for the answer.', 'puz.show': 'Show the answer',
  'puz.level': 'You are at grade {grade} of 5: a puzzle solved at the first try takes you a grade up.',
  'puz.change': 'Your puzzle rating: {before} → {after} ({delta}).', 'puz.now': 'The puzzle\'s rating is now {rating}.',
  'puz.next': 'Next puzzle', 'puz.solution': 'The solution', 'puz.step': 'Move {at} of {all}',
  'puz.first': 'The puzzle\'s position', 'puz.prev': 'Previous move', 'puz.next_step': 'Next move',
  'puz.failed': 'The puzzle could not be fetched: {reason}', 'puz.attempt_failed': 'The move could not be checked: {reason}',
  'puz.none': 'There is no puzzle to show yet: the server makes its puzzles in the background; try again in a minute.',
  'puz.from_game': 'From a game', 'puz.checking': 'Checking the move…', 'puz.played': 'You played {mv}.',

  'review.turning': 'Turning point', 'review.turning_title': 'A won position thrown away here',
  'review.explain': '{side} could win in {n} with {best}; {mv} loses in {m}.',
  'review.explain_est': '{side} could win in {n} with {best}; {mv} throws the win away.',
  'review.try': 'Try again from here', 'review.failed': 'The review could not be fetched: {reason}',
  'review.none': 'No turning point: nobody threw a proven win away.', 'review.busy': 'Reviewing the game…',
  'game.review': 'Review', 'player.review': 'Review',};

// ---------- numbers and names ----------

/** Each counted word's forms, by plural category (i18n.js's `plural` picks one). */
export const units = {
  day: { one: 'day', other: 'days' }, hour: { one: 'hour', other: 'hours' }, minute: { one: 'minute', other: 'minutes' },
  point: { one: 'point', other: 'points' }, point_gen: { one: 'point', other: 'points' },
  ply: { one: 'ply', other: 'plies' }, move: { one: 'move', other: 'moves' },
  character: { one: 'character', other: 'characters' }, session: { one: 'session', other: 'sessions' },
  new_move: { one: 'new move', other: 'new moves' }, second: { one: 'second', other: 'seconds' },
  // The counted words of the server's refusals.
  byte: { one: 'byte', other: 'bytes' }, challenge: { one: 'challenge', other: 'challenges' },
  engine: { one: 'engine', other: 'engines' }, game: { one: 'game', other: 'games' },
  message: { one: 'message', other: 'messages' }, place: { one: 'place', other: 'places' },
  player: { one: 'player', other: 'players' }, round: { one: 'round', other: 'rounds' },
  search: { one: 'search', other: 'searches' }, token: { one: 'token', other: 'tokens' },
  tournament: { one: 'tournament', other: 'tournaments' },
  // The counted words of the rules' causes.
  square: { one: 'square', other: 'squares' }, tower: { one: 'tower', other: 'towers' },
};
const plural = (n, unit) => (units[unit] ? pluralForm(n, units[unit], code) : unit);

const SIDES = { b: 'Black', w: 'Gold' };
const other = (code) => (code === 'b' ? 'w' : 'b');

/** A side's name: `b` Black, `w` Gold (the gold dragons). */
export function side(code) { return SIDES[code] || code; }
/** A side's name after "of": the same in English. */
export function sideGen(code) { return side(code); }

/** A colour as a word on its own (for a square). */
export function colour(name) { return name; }

/** A tower by colour and rank: "yellow sumo". */
export function tower(t) { return `${t.colour} ${t.rank}`; }

/** "a" or "an" before a colour: "an orange square", "a red square". */
function article(word) { return /^[aeiou]/i.test(word) ? 'an' : 'a'; }

/** The words that fill a sentence about a colour. */
export function colourParams(name) {
  return { colour: name, colourAcc: name, colourIns: name, aColour: name ? `${article(name)} ${name}` : '' };
}

/** The words that name the opponent of `mover`. */
export function opponentParams(mover) {
  const opp = side(other(mover));
  return { opp, oppGen: opp, oppDat: opp };
}

// ---------- what happened ----------

/** "Black's yellow sumo". */
const owned = (t) => `${side(t.side)}'s ${tower(t)}`;

const VERDICTS = { safe: 'safe', wins: 'wins at once', loses_at_once: 'loses at once' };
const HINTS = { from: 'the hint moves from here', to: 'the hint moves here' };
const LASTS = { from: 'the last move left here', to: 'the last move came here' };

/**
 * A square's name for a screen reader, from what it holds and the marks on
 * it: "c6, blue square, Gold's pink sumo, must move".
 */
export function squareWords(s) {
  const parts = [s.colour ? `${s.sq}, ${s.colour} square` : s.sq, s.tower ? owned(s.tower) : 'empty'];
  if (s.forced) parts.push('must move');
  if (s.selected) parts.push('picked');
  if (s.target) parts.push(s.target === 'push' ? 'push here' : 'move here');
  if (s.danger) {
    const { verdict, plies } = s.danger;
    parts.push(verdict === 'lost' ? `lost in ${plies} ${plural(plies, 'ply')}` : VERDICTS[verdict] || verdict);
  }
  if (s.hint) parts.push(HINTS[s.hint]);
  if (s.last) parts.push(LASTS[s.last]);
  return parts.join(', ');
}

const ENDS = {
  'home row': (w) => `${side(w)} has reached ${side(other(w))}'s home row (R6)`,
  deadlock: (w) => `Deadlock: the passes would go round for ever, so ${side(other(w))}, who made the last real move, loses (R8)`,
  repetition: (w) => `The position has come back a third time, so ${side(other(w))}, who repeated it, loses (zvezda)`,
  resignation: (w) => `${side(other(w))} resigned`,
  time: (w) => `${side(other(w))} ran out of time`,
};

/** How a round ended, as a clause: "Gold ran out of time". */
export function endWords(end, winner) {
  return (ENDS[end] || ((w) => `${side(w)}: ${end}`))(winner);
}

/** Whether a concession ends a single round or a match: the act's target if it has one, else the caller's. */
function targetOf(a, context) {
  return a.target ?? (a.score && a.score.target) ?? context.target;
}

function act(a, context) {
  switch (a.kind) {
    case 'step':
      return `${owned(a.tower)} moves ${a.from}-${a.to}.`;
    case 'push': {
      const n = a.pushed.length;
      const line = a.pushed.map((p, i) => `${i === 0 ? '' : n - i === 1 ? ' and ' : ', '}${owned(p)} from ${p.from} to ${p.to}`).join('');
      const opp = side(other(a.tower.side));
      const turn = a.turn === 'loses' ? `${opp} loses the turn (R13).` : `${opp} moves next (zvezda).`;
      return `${owned(a.tower)} pushes ${line} (${a.from}>${a.to}). ${turn}`;
    }
    case 'pass':
      return `${owned(a.tower)} on ${a.square} cannot move: ${side(a.tower.side)} passes (R7).`;
    case 'fill':
      return `${side(a.side)} fills from the ${a.fill}: the towers are re-seated for round ${a.round} (R14).`;
    case 'concession': {
      const what = targetOf(a, context) === 1 ? 'round' : 'match';
      const how = a.how === 'time' ? 'ran out of time' : 'resigned';
      return `${side(a.side)} ${how}: ${side(a.winner)} wins the ${what}.`;
    }
    default:
      return '';
  }
}

// Why the next tower's colour is forced.
function because(n) {
  const c = n.by_colour;
  const square = `${n.by_square}, ${article(c)} ${c} square`;
  switch (n.by || 'landed') {
    case 'landed': return `${n.by_square} is ${article(c)} ${c} square`;
    case 'last_pushed': return `R13: the last pushed tower stopped on ${square}`;
    case 'pushed': return `zvezda: the pushed tower stopped on ${square}`;
    case 'sumo_square': return `sumo-square: the sumo landed on ${square}`;
    case 'passed': return `R7: the blocked tower stands on ${square}`;
    default: return '';
  }
}

function next(n) {
  switch (n.kind) {
    case 'forced': {
      const who = side(n.tower.side);
      let text = `${who} must move the ${tower(n.tower)} on ${n.square} (${because(n)}).`;
      if (n.blocked) text += ` It cannot move: ${who} must pass (R7).`;
      return text;
    }
    case 'free':
      return `${side(n.side)} moves first, with any tower (R4).`;
    case 'round_over':
      return roundOver(n);
    default:
      return '';
  }
}

/**
 * The end of a round: why, who wins it and what it scores (R10), then the
 * fill to choose or the end of the match; a single round says only who wins it.
 */
export function roundOver(r) {
  const winner = side(r.winner);
  const loser = side(other(r.winner));
  let text;
  if (r.end === 'home row' && r.scorer) text = `The ${tower(r.scorer)} has reached ${loser}'s home row (R6).`;
  else text = `${endWords(r.end, r.winner)}.`;
  if (r.target === 1) return `${text} ${winner} wins the round.`;
  text += ` ${winner} wins the round`;
  const points = `${r.points} ${plural(r.points, 'point')}`;
  if (r.points === 0) text += '.';
  else if (r.scorer && r.promoted) text += `: ${points}; the ${tower(r.scorer)} gains a dragon's tooth and becomes a ${r.promoted.rank}.`;
  else if (r.scorer) text += `: ${points} with the ${tower(r.scorer)}.`;
  else text += `: ${points}.`;
  if (r.then === 'match_over') {
    const won = r.score[r.winner];
    const lost = r.score[other(r.winner)];
    return `${text} ${winner} wins the match ${won}-${lost} (playing to ${r.target}).`;
  }
  return `${text} Score: Black ${r.score.b}, Gold ${r.score.w} (playing to ${r.target}). ${winner} chooses to fill from the left or the right (R14).`;
}

/**
 * One action of the game told: the act, then what follows. `context.target`
 * tells a concession's words (the round or the match) when the act does not.
 */
export function noteText(note, context = {}) {
  if (!note || !note.act) return '';
  const parts = [act(note.act, context)];
  if (note.next) parts.push(next(note.next));
  return parts.filter(Boolean).join(' ');
}

// The tournaments' pages (tournaments.js).
Object.assign(words, {
  'nav.tournaments': 'Tournaments', 'tour.title': 'Tournaments', 'tour.none': 'No tournaments yet.',
  'tour.running': 'Running', 'tour.upcoming': 'Upcoming', 'tour.finished': 'Finished',
  'tour.name': 'Name', 'tour.format': 'Format', 'tour.players': 'Players', 'tour.when': 'When',
  'tour.swiss': 'Swiss', 'tour.robin': 'All-play-all', 'tour.make': 'Make a tournament',
  'tour.sign_in': 'Sign in (in the lobby) to make a tournament.', 'tour.sign_in_join': 'Sign in (in the lobby) to enter.',
  'tour.rounds_label': 'Rounds', 'tour.double_label': 'Each pairing plays two games, colours swapped',
  'tour.days3': '3 days a move', 'tour.starts_label': 'Starts in', 'tour.m1': '1 minute', 'tour.m5': '5 minutes',
  'tour.m15': '15 minutes', 'tour.h1': '1 hour', 'tour.engines': 'Engine players (levels)', 'tour.create': 'Make the tournament',
  'tour.your_game': 'Your game: to the board', 'tour.join': 'Enter', 'tour.withdraw': 'Withdraw',
  'tour.cancel': 'Cancel the tournament', 'tour.add_engine': 'Enter the engine', 'tour.standings': 'Standings',
  'tour.number': 'No.', 'tour.player': 'Player', 'tour.points': 'Points', 'tour.buchholz': 'BH', 'tour.bh1': 'BH−1',
  'tour.sb': 'SB', 'tour.rounds_title': 'Rounds', 'tour.trf': 'The tournament as a TRF file', 'tour.all': 'All tournaments',
  'tour.round_of': 'Round {round} of {rounds}', 'tour.stage.open': 'Taking entries', 'tour.stage.running': 'Running',
  'tour.stage.finished': 'Finished', 'tour.stage.cancelled': 'Cancelled', 'tour.in': 'in {time}',
  'tour.in_hours': 'in {h} h {m} min', 'tour.starts': 'Starts {in}.', 'tour.next': 'The next round is paired {in}.',
  'tour.rounds': 'rounds: {n}', 'tour.double': 'two games a pairing', 'tour.by': 'made by {name}',
  'tour.nobody': 'Nobody has entered yet.', 'tour.withdrew': '(withdrew)', 'tour.round': 'Round {n}',
  'tour.bye': 'Bye (a win): {name}', 'tour.failed': 'The tournament could not be fetched: {reason}',
  'tour.arena': 'Arena', 'tour.arena_ends': 'Arena: ends {in}', 'tour.arena_last': 'Arena: the last games are being played',
  'tour.length': 'Length', 'tour.m10': '10 minutes', 'tour.m30': '30 minutes', 'tour.h2': '2 hours',
  'tour.games_title': 'Games',
  'tour.of_game': 'Tournament:',
  'tour.pause': 'Pause', 'tour.resume': 'Resume', 'tour.wave': 'Pairing {n}',
  'tour.fire': 'On a streak: each win counts double',
});

// Looking back through a game (replay.js).
Object.assign(words, {
  'look.help': 'Click a move, or press ← and →, to see the position after it; the game goes on meanwhile.',
  'look.back': 'Back to the game', 'look.start': 'Looking back: the position at the start of the game.',
  'look.after': "Looking back: the position after move {i} of round {round}, {side}'s {mv}.",
  'look.after_single': "Looking back: the position after move {i}, {side}'s {mv}.",
  'look.loading': 'Looking back: the position is coming…',
  'look.since': '{n} {moves} since you looked back.',
  'look.back_said': 'Back to the game. {status}',
  'look.no_moves': 'This is an older position: Back to the game to move.',
});

// The analysis board's variations and a review's tries (analysis.js).
Object.assign(words, {
  'ana.play_help': 'Click a tower, then a square, to play a variation.',
  'ana.main': 'Back to the main line', 'ana.main_said': 'Back to the main line: move {n} of {all}.',
  'ana.line_start': 'Variation from the start', 'ana.line_after': 'Variation after move {n}',
  'ana.line_where': 'Variation: move {n}', 'ana.played': 'Variation: {side} plays {mv}; {value}.',
  'ana.asking': 'Finding the moves…',
  'review.your_try': 'Your try: play {side}\'s move on the board.',
  'review.try_other': 'Try another move', 'review.as_puzzle': 'Solve it as a puzzle',
  'review.try_right': 'Right: {mv} wins ({value}).', 'review.try_wrong': 'Not this one: after {mv}, {value}.',
});

// The lobby's quick pairing (challenges.js).
Object.assign(words, {
  'ch.quick': 'Quick pairing',
  'ch.quick_help': 'One press makes an open challenge: a rated match to 3 points, standard rules on the 8×8 board, colours by lot.',
  'ch.quick_clock': '{control}: {m} {minutes} each, {s} {seconds} added a move', 'ch.quick_clock0': '{control}: {m} {minutes} each',
  'ch.quick_made': 'Your {control} challenge is open: waiting for an opponent.',
  'ch.quick_guest': 'Sign in, or create an account, to make a challenge.',
});

// The rules page (rules.js): the rules as a player reads them, numbered as
// the rules crate and the game's notes number them (R1–R14). A paragraph
// break is a new line.
Object.assign(words, {
  'nav.rules': 'Rules', 'lobby.rules_all': 'All the rules',
  'rules.title': 'The rules of Kamisado',
  'rules.intro': 'Kamisado is a game for two: Black and Gold, each with eight towers, one of each colour. A game is a single round, or a match of rounds played to a number of points. The numbers R1 to R14 are the rules\' own: the notes of a game cite them.',
  'rules.toc': 'Contents', 'rules.single': 'A round', 'rules.match': 'A match and its sumos', 'rules.optional': 'Optional rules',
  'rules.optional_intro': 'A game says which of these it uses; the lobby offers them by name. They change only what they say.',
  'rules.R1.title': 'The board',
  'rules.R1.text': 'The board has 8×8 squares in eight colours: orange, blue, purple, pink, yellow, red, green and brown. Every row and every column holds each colour once, and the board looks the same turned round.\nBlack sits on the side of row 1 and Gold on the side of row 8; the columns a to h run from left to right as Black sees them. A player\'s own first row is their home row.',
  'rules.R2.title': 'Setting up',
  'rules.R2.text': 'Each player sets their eight towers on their home row, each tower on the square of its own colour. In a single round Black moves first; in a match, see R14.',
  'rules.R3.title': 'Moving a tower',
  'rules.R3.text': 'A tower moves forward, towards the opponent\'s home row, straight or diagonally, as many squares as it likes. It never moves sideways or back, never jumps over a tower and never lands on one: nothing is ever captured.\nA diagonal move may slip between two towers that touch only at their corners: only the squares on its way count.',
  'rules.R4.title': 'The first move',
  'rules.R4.text': 'The player who moves first in a round may move any of their towers.',
  'rules.R5.title': 'The forced colour',
  'rules.R5.text': 'After the first move, every move is made with the mover\'s tower of the colour of the square on which the opponent\'s last move ended. So each move you make chooses the tower your opponent must move next.',
  'rules.R6.title': 'Winning a round',
  'rules.R6.text': 'A round ends as soon as a tower reaches any square of the opponent\'s home row: its owner wins the round. There are no draws.',
  'rules.R7.title': 'Passing',
  'rules.R7.text': 'When the tower that must move has no move at all, it is blocked and its owner passes: a move of no squares, which still counts as a move. The opponent must then move their tower of the colour of the square under the blocked tower.',
  'rules.R8.title': 'Deadlock',
  'rules.R8.text': 'Passes can follow one another in a loop in which no tower can ever move again. That is a deadlock, and the player who made the last real move (not a pass) loses the round.\nThe round ends with the move that makes the deadlock: the passes of the loop are not played.',
  'rules.R9.title': 'The length of a match',
  'rules.R9.text': 'A match is played to 1 point (a single round), 3, 7 or 15 points. Its rounds follow one another until a player has the points.',
  'rules.R10.title': 'Dragon\'s teeth and points',
  'rules.R10.text': 'The tower that wins a round gains a dragon\'s tooth: a plain tower becomes a sumo, a sumo a double sumo, a double sumo a triple sumo. The teeth stay for the whole match.\nThe winner scores by the rank the tower had when it won: a plain tower 1 point, a sumo 3, a double sumo 7 and a triple sumo 15, which ends any match.\nAfter a deadlock the winner scores with, and promotes, their tower of the colour they had to move when the deadlock came; after a push that made it, the tower of the colour of the square the sumo landed on.',
  'rules.R11.title': 'How far a sumo moves',
  'rules.R11.text': 'A sumo moves at most 5 squares, a double sumo at most 3 and a triple sumo 1, in the directions of R3.',
  'rules.R12.title': 'The push',
  'rules.R12.text': 'Instead of moving, the sumo that must move may push straight forward when the square just in front of it holds an opponent\'s tower. A sumo pushes one tower, a double sumo a line of up to two, a triple sumo up to three; every tower of the line must be the opponent\'s and of a lower rank than the pusher: a sumo pushes plain towers, a double sumo plain towers and sumos, a triple sumo anything but a triple. The square just behind the line must be on the board and empty.\nThe whole line goes back one square and the sumo steps forward one. A push never wins a round, and it is never forced when the sumo has another move.',
  'rules.R13.title': 'After a push',
  'rules.R13.text': 'The pushed player loses their turn: the pusher moves again, with their tower of the colour of the square where the last pushed tower (the one furthest from the sumo) came to rest.\nPassing (R7) and deadlock (R8) apply to that move as to any other; if a deadlock follows, the pusher made the last real move and loses.',
  'rules.R14.title': 'The next round: the fill',
  'rules.R14.text': 'The winner of a round chooses to fill from the left or from the right. Each player takes up their towers row by row, beginning with the row nearest their own home row, and within each row from the chosen side (left and right as each player sees the board from their seat), and sets them down in that order on their own home row, from the same side.\nThe loser of the last round moves first in the next, with any tower (R4).',
  'rules.zvezda.title': 'Zvezda',
  'rules.zvezda.text': 'The Russian edition\'s rule, with rings in place of teeth. A tower with one ring moves at most 5 squares, as a sumo does, and may push one opponent\'s tower of a lower rank one square along the line it moves on, straight or diagonal, when the square behind it is empty; the pushed player does not lose the turn, but must move their tower of the colour of the square the pushed tower landed on.\nWith two rings a tower may also move sideways; with three, sideways and backward, straight or diagonally. Every ringed tower moves at most 5 squares. A position that comes a third time with the same player to move ends the round: whoever repeated it loses.',
  'rules.sumo-square.title': 'Sumo-square',
  'rules.sumo-square.text': 'After a push (R13), the pusher\'s next tower is the one of the colour of the square the sumo landed on, not of the pushed tower\'s square.',
  'rules.opening-limits.title': 'Opening limits',
  'rules.opening-limits.text': 'The rule of the World Championship at the Mind Sports Olympiad (until 2025): in every round the first move goes at most 1 square, the second at most 3 and the third at most 5. A sumo\'s own shorter limit still applies, a push is not affected, and a pass counts as a move. It goes with any of the rule sets above.',
  'rules.fig.start': 'The start of a game: each tower on the home-row square of its own colour.',
  'rules.fig.move': 'A first move: the squares one tower can reach, forward, straight or diagonally, as far as the way is free.',
  'rules.fig.forced': 'The tower in the dashed frame must move: its colour is the colour of the square the opponent\'s last move ended on. One of its moves reaches the far row and wins.',
  'rules.fig.pass': 'The tower in the dashed frame must move, but towers stand on every square in front of it: it is blocked, and its owner passes.',
  'rules.fig.deadlock': 'The tower in the dashed frame must move; one of its moves would leave every forced tower blocked in turn, a deadlock that loses.',
  'rules.fig.push': 'A sumo, with its dragon\'s tooth, must move: the large ring in front of it is its push, which sends the tower there back one square.',
  'rules.learn': 'Learn them by playing: the lessons', 'rules.link_title': '{rule} on the rules page (opens a new tab)',
});

// A sumo explained where it first appears, and a push's target (game.js, board.js).
Object.assign(words, {
  'sumo.note': 'A sumo is on the board: a tower with a dragon\'s tooth, won with a round (R10). A sumo moves at most 5 squares, a double sumo 3 and a triple sumo 1 (R11). Instead of moving, the sumo that must move may push the opponent\'s tower just in front of it one square back; the opponent then loses the turn (R12, R13).',
  'sumo.note_zvezda': 'A ringed tower is on the board: it won a round (zvezda). A ringed tower moves at most 5 squares, and may push one opponent\'s tower of a lower rank one square along its line when the square behind is empty; the opponent then moves the tower of the colour where the pushed tower landed. Two rings also move sideways, three also backward.',
  'sumo.lesson': 'The lesson: the sumo\'s push', 'sumo.close': 'Got it',
  'board.push_word': 'push', 'board.push_title': 'push: the tower here goes back one square',
});

// ---------- why a move is refused ----------

const WAYS = { forward: 'forward, straight or diagonally', sideways: 'forward or sideways', any: 'in any direction' };
const NTH = { 1: 'first', 2: 'second', 3: 'third' };

const SCORE_PART = { black: 'Black\'s score', white: 'Gold\'s score', target: 'the target' };

// Each cause's words, by its kind (kamisado-wire's refusal/cause.rs): the
// rules crate's own English, which the server sends beside the cause.
const CAUSES = {
  round_over: (c) => `the round is over: ${side(c.winner)} has won by ${c.ending === 'deadlock' ? 'deadlock' : 'reaching the home row'}`,
  pass_with_free_choice: () => 'a pass is only for a forced tower that cannot move; any tower may move now',
  pass_not_blocked: (c) => `the forced ${tower(c)} on ${c.square} can move, so ${side(c.side)} may not pass`,
  no_tower: (c) => `there is no tower on ${c.square}`,
  opponents_tower: (c) => `the tower on ${c.square} is ${side(other(c.side))}'s, and ${side(c.side)} is to move`,
  not_forced: (c) => `${side(c.side)} must move the ${c.colour} tower on ${c.square} (R5), not the ${c.tried} one on ${c.from}`,
  zvezda_no_ring: (c) => `only a tower with a ring can push; the ${c.colour} tower has none`,
  zvezda_push: (c) => `under zvezda this tower pushes one adjacent opponent's tower of lower rank one square ${WAYS[c.ways]}, onto an empty square`,
  zvezda_move: (c) => `under zvezda this tower moves ${WAYS[c.ways]}, at most ${c.reach} squares, in a straight line without jumping`,
  push_not_straight: (c) => `a push moves the sumo one square straight ahead, to ${c.square}`,
  push_off_board: () => 'a push moves the sumo one square straight ahead, to off the board',
  not_sumo: (c) => `only a sumo can push; the ${c.colour} tower on ${c.square} has no teeth`,
  nothing_to_push: (c) => `there is no opponent's tower on ${c.square} to push`,
  own_tower_in_line: (c) => `the line ahead holds ${side(c.side)}'s own tower on ${c.square}; only the opponent's towers can be pushed`,
  line_too_long: (c) => `a ${c.rank} pushes at most ${c.most} ${plural(Number(c.most), 'tower')} (R12)`,
  not_lower_rank: (c) => `the tower on ${c.square} is not of lower rank than the pushing ${c.rank}`,
  no_room_behind: () => 'the square behind the line is off the board or taken',
  push_not_allowed: () => 'the push is not allowed here',
  not_forward: () => 'towers move only forward (R3)',
  not_straight_or_diagonal: () => 'towers move straight forward or diagonally forward (R3)',
  too_far: (c) => `a ${c.rank} moves at most ${c.reach} ${plural(Number(c.reach), 'square')} (R11)`,
  opening_limit: (c) => `in every round the ${NTH[c.ply]} ply moves at most ${c.limit} ${plural(Number(c.limit), 'square')} (opening-limits)`,
  path_blocked: (c) => `the path is blocked by the tower on ${c.square} (R3)`,
  not_allowed: () => 'the rules do not allow it here',
  not_joined: () => 'a move is two squares joined by - (a step, c1-c6) or > (a push, d4>d5), or pass',
  not_a_square: (c) => `the ${Number(c.before) ? 'first' : 'second'} square, ${c.part}, is not a square of the board (a1-${c.last})`,
  same_square: () => 'the tower must leave its square',
  // A position's text that cannot be read.
  fields: (c) => `expected 3 to 5 fields separated by single spaces (board, side to move, forced colour, optional opening plies, optional match score), found "${c.text}"`,
  ranks: (c) => `board: expected ${c.size} ranks separated by / for the ${c.board} board, found ${c.found}`,
  two_digits: (c) => `board, rank ${c.rank}: two digits in a row; write a run of empty squares as one digit`,
  bad_run: (c) => `board, rank ${c.rank}: "${c.run}" is not a run of 1 to ${c.size} empty squares`,
  plus_first: (c) => `board, rank ${c.rank}: + must follow a tower letter`,
  too_many_teeth: (c) => `board, rank ${c.rank}: a tower has at most ${c.most} teeth (+)`,
  not_a_tower: (c) => `board, rank ${c.rank}: "${c.ch}" is not a tower of the ${c.board} board (${c.letters}, upper case for Black), a run of empty squares or +`,
  rank_files: (c) => `board, rank ${c.rank}: expected ${c.size} files, found ${c.found}`,
  side_to_move: (c) => `side to move: expected b or w, found "${c.found}"`,
  forced_letter: (c) => `forced colour: "${c.text}" is not a colour letter of the ${c.board} board (${c.letters})`,
  forced_dash_star: () => 'forced colour: -* is not allowed; * follows the colour the pusher must move',
  forced_field: (c) => `forced colour: expected - or one lower-case colour letter, optionally followed by *, found "${c.text}"`,
  points: (c) => `match field: ${SCORE_PART[c.part]} "${c.text}" is not a number of points`,
  leading_zero: (c) => `match field: ${SCORE_PART[c.part]} "${c.text}" has a leading zero`,
  score_shape: (c) => `match field: expected black-white/target like 2-1/7, found "${c.text}"`,
  score_points: (c) => `match field: expected the score as black-white like 2-1, found "${c.text}"`,
  match_target: (c) => `match field: the target must be 1, 3, 7 or 15, found ${c.found}`,
  impossible_score: (c) => `match field: the score ${c.black}-${c.white} cannot occur in a match to ${c.target}`,
  opening_field: (c) => `opening field: expected @1 or @2 (the plies of the round already played), found "${c.text}"`,
  opening_free: (c) => `opening field: ${c.text} follows a forced colour only; a free choice (-) is always a round's first ply`,
  extra_field: (c) => `expected the opening field (@1, @2) before the match score, and nothing after the score; found "${c.text}"`,
  // A position the rules do not allow.
  setup_squares: (c) => `the setup has ${c.found} squares; the ${c.board} board has ${c.squares}`,
  no_such_forced: (c) => `the ${c.board} board has no ${c.colour} squares`,
  opening_not_limited: (c) => `the field @${c.plies} counts a round's opening plies, which only ${c.limited} limits; the rules are ${c.rules}`,
  no_such_tower: (c) => `the ${c.board} board has no ${c.colour} towers, but ${c.square} holds one`,
  two_towers: (c) => `${side(c.side)} has two ${c.colour} towers, on ${c.first} and ${c.second}`,
  missing_tower: (c) => `${side(c.side)} has no ${c.colour} tower; each side has one tower of each colour`,
  both_home: () => 'both sides have a tower on the other\'s home row',
  no_move: (c) => `${side(c.side)} may move any tower but none can move`,
};

/**
 * A refusal's cause (why a move or a record is refused) in words; undefined
 * for a kind the page does not know. A cause held in another (`inner`) is
 * told by `tell`: i18n.js's causeWords, which knows a match's refusals too.
 */
export function causeWords(c, tell = causeWords) { return c && Object.hasOwn(CAUSES, c.kind) ? CAUSES[c.kind](c, tell) : undefined; }

// ---------- why a record is refused ----------

const RESULT_TEXT = { b: '1-0', w: '0-1' };
/** A record's cause: the words `told` of it, after its line when it has one. */
const recordCause = (told) => (c, tell) => {
  const w = told(c, tell);
  return w === undefined || c.line === undefined ? w : `line ${c.line}: ${w}`;
};
/** A record's cause that holds another (`inner`): `make` of that one's words, if they are known. */
const recordHolding = (make) => recordCause((c, tell) => {
  const inner = tell(c.inner);
  return inner === undefined ? undefined : make(c, inner);
});

// Each record's fault's words, by its kind (kamisado-wire's
// refusal/record_cause.rs): the rules crate's English.
Object.assign(CAUSES, {
  tag_form: recordCause(() => 'a tag is written [Name "value"]'),
  tag_no_value: recordCause(() => 'a tag is written [Name "value"]: missing the value'),
  tag_name: recordCause((c) => `${c.part} is not a tag name (letters, digits and _)`),
  tag_unquoted: recordCause((c) => `the value of tag ${c.tag} must be in double quotes`),
  tag_escape: recordCause((c) => `tag ${c.tag}: \\ must be followed by \\ or "`),
  tag_quote: recordCause((c) => `tag ${c.tag}: a " inside the value must be written \\"`),
  tag_after_moves: recordCause(() => 'tags come before the moves'),
  tag_twice: recordCause((c) => `the tag ${c.tag} appears twice`),
  tag_missing: recordCause((c) => `the tag ${c.tag} is missing`),
  board_tag: recordCause((c) => `Board tag: ${c.part} is not a board: expected 6x6, 8x8 or 10x10 (or 6, 8, 10)`),
  wrong_board: recordCause((c) => `the record is for the ${c.board} board, not the ${c.expected} board`),
  round_header: recordCause((c) => `expected round ${c.round}, found ${c.part}`),
  round_header_fill: recordCause((c) => `expected round ${c.round} or round ${c.round} fill: left|right, found ${c.part}`),
  fill_side: recordCause((c) => `${c.part} is not a fill side: expected left or right`),
  no_round: recordCause(() => 'the moves must follow a round 1 line'),
  round_closed: recordCause((c) => `round ${c.round} is over: a new round starts with round ${Number(c.round) + 1}`),
  not_an_ending: recordCause((c) => `${c.part} is not a way to end a round: expected home row, deadlock, resignation or time`),
  move_number: recordCause((c) => `round ${c.round}: expected the move number ${c.index}., found ${c.part}`),
  move_missing: recordCause((c) => `round ${c.round}, move ${c.index}: the move is missing`),
  move_text: recordHolding((c, why) => `round ${c.round}, move ${c.index}: ${c.part} is not a move: ${why}`),
  rules_tag: recordCause((c) => `Rules tag: ${c.part} is not a rule set: expected standard, sumo-square or zvezda, optionally followed by +opening-limits`),
  target_text: recordCause((c) => `Target tag: ${c.part} is not 1, 3, 7 or 15`),
  target_tag: recordHolding((c, why) => `Target tag: ${why}`),
  fen_text: recordHolding((c, why) => `FEN tag: ${why}`),
  fen_target: recordCause((c) => `the FEN tag's match field plays to ${c.fen} but the Target tag says ${c.target}`),
  fen_position: recordHolding((c, why) => `FEN tag: ${why}`),
  first_round_fill: recordCause(() => 'round 1 has no fill choice'),
  fill_missing: recordCause((c) => `round ${c.round}: the fill choice is missing`),
  round_refused: recordHolding((c, why) => `round ${c.round}: ${why}`),
  move_refused: recordHolding((c, why) => `round ${c.round}, move ${c.index}: ${why}`),
  result_missing: recordCause((c) => `round ${c.round}: the moves end the round but no result is written`),
  result_early: recordCause((c) => `round ${c.round}: the result says ${c.end} but the round is not over after its moves`),
  result_wrong: recordCause((c) => `round ${c.round}: the result says ${RESULT_TEXT[c.winner]} ${c.end} but the moves give ${RESULT_TEXT[c.moves_winner]} ${c.moves_end}`),
  result_tag: recordCause((c) => `the Result tag says ${c.part} but the moves give ${c.winner ? RESULT_TEXT[c.winner] : '*'}`),
});

// ---------- the server's refusals ----------

// Each refusal's words by its code: the server's own templates (the
// table of kamisado-wire's refusal/codes.rs; e2e/tests/refusals.test.mjs
// checks that they agree). `{p}` is a param, `{p:unit}` the counted word
// that goes with the number p, `{p:acc}` and `{p:gen}` its cases.
Object.assign(words, {
  'refusal.internal': 'internal error: the server could not complete the request',
  'refusal.no_such_route': 'there is no API route {method} {path}',
  'refusal.no_such_asset': 'there is no asset {file}',
  'refusal.body_too_large': 'request refused: the body is over the limit of {max} {max:byte}',
  'refusal.body_unreadable': 'the request\'s body could not be read',
  'refusal.body_not_json': 'request refused: a body is sent with the header {header}',
  'refusal.cross_site': 'cross-site request refused: it comes from {origin}, not from this site\'s page',
  'refusal.too_many_connections': 'too many connections: at most {max} open from one address; close some and try again',
  'refusal.database_unavailable': 'the database is unavailable ({detail}): try again in a moment',
  'refusal.disk_full': 'the server cannot store moves now (the disk is full): try again in a moment',
  'refusal.shutting_down': 'the server is shutting down',
  'refusal.not_stored': 'the change was not stored: {detail}',
  'refusal.writer_stopped': 'the database writer has stopped',
  'refusal.unavailable': 'the server cannot do this now ({detail}): try again in a moment',
  'refusal.engine_busy': 'the engine is busy: {searches} {searches:search} running or waiting; ask again in a moment',
  'refusal.engine_stopping': 'the engine is shutting down',
  'refusal.engine_failed': 'the engine failed: {detail}',
  'refusal.engine_no_move': 'the engine found no move here',
  'refusal.rate_limited': 'rate limit: at most {rate} {rate:message} a second on one connection; this one was not read',
  'refusal.bad_query': 'the query could not be read: {detail}',
  'refusal.not_a_websocket': 'this address opens a WebSocket: {detail}',
  'refusal.body_not_object': '{what} is a JSON object such as {example}',
  'refusal.body_unknown_field': '{what} has no field "{field}"; it takes {fields}',
  'refusal.body_bad_field': '"{field}" must be {must}',
  'refusal.body_missing_field': '{what} needs "{field}": {must}',
  'refusal.body_malformed': '{what}: {detail}',
  'refusal.message_too_large': 'message refused: {length} {length:byte}, the limit is {max}',
  'refusal.message_not_json': 'a message must be a JSON object such as {example}',
  'refusal.unknown_message': '"{t}" is not a message: expected {kinds}',
  'refusal.message_without_kind': 'a message needs "{field}", its kind: one of {kinds}',
  'refusal.unknown_message_field': 'a {kind} message has no field "{field}"; it takes {fields}',
  'refusal.message_takes_no_fields': 'a {kind} message has no field "{field}"; it takes none',
  'refusal.field_not_number': '"{field}" must be the action\'s number: a whole number, the n of the last state',
  'refusal.field_not_move': '"{field}" must be a move in notation, such as c1-c6, d4>d5 or pass',
  'refusal.field_not_choice': '"{field}" must be one of {choices}',
  'refusal.field_not_text': '"{field}" must be text',
  'refusal.field_not_text_or_null': '"{field}" must be text or null',
  'refusal.field_not_bool': '"{field}" must be true or false',
  'refusal.malformed_message': 'malformed {kind}: {detail}',
  'refusal.binary_message': 'messages are JSON text, not binary',
  'refusal.no_such_game': 'there is no game {id}',
  'refusal.bad_seat_key': 'this seat key does not open a seat of this game: you are watching',
  'refusal.watching': 'you are watching this game: only its players can {act}',
  'refusal.rename_on_one_screen': 'on one screen, the players keep the names the game was made with',
  'refusal.resign_for_other': 'you cannot resign for {side}',
  'refusal.not_your_turn': 'it is {side}\'s turn to move, and you hold {other}\'s seat',
  'refusal.not_your_fill': 'it is {side}\'s turn to choose the fill, and you hold {other}\'s seat',
  'refusal.undo_with_friend': 'in a game with a friend, offer a takeback: your opponent may accept it',
  'refusal.undo_between_accounts': 'moves are not taken back in a game between accounts',
  'refusal.undo_with_clock': 'a game with a clock is played out: no move is taken back',
  'refusal.takeback_not_with_friend': 'a takeback is offered in a game with a friend; here use undo',
  'refusal.takeback_from_both': 'a takeback is offered from one side\'s seat',
  'refusal.no_offer_to_answer': 'there is no takeback offer to answer',
  'refusal.no_offer_to_withdraw': 'there is no takeback offer to withdraw',
  'refusal.rematch_new_game': 'against the engine or on one screen, a rematch is a new game: POST /api/games',
  'refusal.rematch_watching': 'a rematch is asked for by one of the game\'s two players',
  'refusal.rematch_tournament': 'a tournament\'s game has no rematch: the tournament pairs the next one',
  'refusal.rematch_too_early': 'a rematch is asked for once the match is over',
  'refusal.rematch_made': 'the rematch is made already: game {id}',
  'refusal.rematch_crossed': 'the rematch offer came as you asked: ask again to accept it',
  'refusal.no_rematch_offer': 'there is no rematch offer to decline or withdraw',
  'refusal.offer_is_opponents': 'the offer is your opponent\'s: accept or decline it',
  'refusal.own_offer': 'you cannot answer your own offer: decline it to withdraw it',
  'refusal.no_hints_with_clock': 'a game with a clock is played without hints',
  'refusal.no_hints_with_friend': 'hints are given against the engine and on one screen, not in a game with a friend',
  'refusal.no_hints_between_accounts': 'hints are given against the engine and on one screen, not in a game between accounts',
  'refusal.hint_not_your_move': 'a hint is for the player to move',
  'refusal.rename_between_accounts': 'in a game between accounts, each player goes by their account\'s name',
  'refusal.rename_with_clock': 'in a game with a clock, each player goes by the name they entered with',
  'refusal.match_over': 'the match is over',
  'refusal.match_lost_on_time': 'the match is over: {loser} lost on time',
  'refusal.match_resigned': 'the match is over: {loser} resigned',
  'refusal.match_won': 'the match is over: {winner} won it',
  'refusal.time_ran_out': 'your time ran out: the match is lost on time',
  'refusal.no_takeback_after_end': 'the match has ended: nothing can be taken back',
  'refusal.nothing_to_take_back': 'there is no move of this round to take back',
  'refusal.action_ahead': 'this was sent as action {n}, but the game is only at action {at}: not yet',
  'refusal.action_stale': 'this was sent as action {n}, but the game is at action {at}: it has changed since',
  'refusal.engine_moved': 'the position changed while the engine thought',
  'refusal.game_busy': 'the game kept changing while this was decided: look at it again and retry',
  'refusal.illegal_move': '{mv} is illegal: {why}',
  'refusal.fill_first': 'the round is over: {side} must choose to fill from the left or the right first',
  'refusal.no_fill_now': 'the fill side is chosen only after a round ends',
  'refusal.off_board': '{mv} is not a move of the {board} board: a square is off the board',
  'refusal.bad_target': 'a match is played to 1, 3, 7 or 15 points, not {target}',
  'refusal.bad_level': 'the engine plays at levels 1 to 6, not {level}',
  'refusal.challenge_only': 'a game between accounts starts from a challenge: {route}',
  'refusal.clock_initial': 'a clock\'s initial time is 15 seconds to 3 hours (10800 s), not {initial} s',
  'refusal.clock_increment': 'a clock\'s increment is 0 to 60 seconds, not {increment} s',
  'refusal.bad_days': 'a correspondence game has 1, 3 or 7 days a move, not {days}',
  'refusal.too_many_games': 'too many games: at most {max} {max:game} per client in {minutes} {minutes:minute}; finish or wait',
  'refusal.claim_not_between_accounts': 'a win is claimed only in a game between two accounts',
  'refusal.claim_with_clock': 'this game has a clock, which ends it: a win is claimed only in an untimed game',
  'refusal.claim_not_player': 'only a player of this game may claim it',
  'refusal.claim_own_turn': 'it is your turn: a win is claimed by the player who is not to move',
  'refusal.claim_too_soon': '{side} has {left} left to move: a win may be claimed once they have not moved for {after}, in {left}',
  'refusal.name_too_short': 'the name {name} has {length} {length:character}: a name has {min} to {max}',
  'refusal.name_too_long': 'the name {name} has {length} {length:character}: a name has {min} to {max}',
  'refusal.name_character': 'the name {name} has {character}: a name is letters, digits, _ and -',
  'refusal.name_mixed_scripts': 'the name {name} mixes Latin and Cyrillic letters, which could pass for another name',
  'refusal.password_too_short': 'the password has {length} {length:character}: it needs at least {min}',
  'refusal.password_too_long': 'the password is over {max} characters',
  'refusal.too_many_sign_ups': 'too many accounts created from this address: try again in {wait}',
  'refusal.name_taken': 'the name {name} is taken: choose another',
  'refusal.name_looks_taken': 'the name {name} looks like {taken}, which is taken: choose another',
  'refusal.wrong_password': 'wrong name or password',
  'refusal.too_many_wrong_passwords': 'too many wrong passwords: try again in {wait}',
  'refusal.wrong_own_password': 'the password is wrong',
  'refusal.claim_at_sign_in': 'games are claimed when an account is created, not at sign-in',
  'refusal.sign_in_required': 'sign in to {action}',
  'refusal.unfinished_games': 'you have {count} unfinished {count:game} against other players: finish or resign them before deleting your account',
  'refusal.no_such_player': 'there is no player named {name}',
  'refusal.challenge_self': 'a challenge cannot be addressed to yourself',
  'refusal.challenge_clock_and_days': 'a challenge has a clock or days a move, not both',
  'refusal.no_such_challenge': 'there is no challenge {id}',
  'refusal.challenge_taken': 'this challenge was accepted by someone else first',
  'refusal.challenge_cancelled': 'this challenge was cancelled by its creator',
  'refusal.challenge_own': 'you cannot accept your own challenge',
  'refusal.challenge_declined': 'this challenge was declined by the player it was for',
  'refusal.challenge_not_yours': 'this challenge is not yours: it is for another player, or made by one',
  'refusal.challenge_not_addressed': 'only the player a challenge is addressed to can decline it',
  'refusal.challenge_closed': 'this challenge is no longer open: accepted, cancelled or declined',
  'refusal.too_many_challenges': 'you have {max} open {max:challenge} already: cancel one first',
  'refusal.bad_authorization': 'an API token is sent in the header {header} (docs/bots.md)',
  'refusal.bot_no_learning': 'a bot account cannot use the analysis board, the danger view, lessons or puzzles',
  'refusal.bot_no_review': 'a bot account cannot use the review of a game',
  'refusal.bot_no_games': 'a bot account plays games through challenges, not games of its own',
  'refusal.token_no_account': 'an API token cannot manage its account or its tokens: sign in on the site',
  'refusal.token_scope': 'this API token has no {scope} scope, which {path} needs',
  'refusal.token_unknown': 'this API token is unknown or was revoked',
  'refusal.token_name': 'a token\'s name has 1 to {max} characters and no control characters',
  'refusal.token_no_scope': 'a token needs at least one scope',
  'refusal.too_many_tokens': 'an account has at most {max} {max:token}: revoke one first',
  'refusal.no_such_token': 'you have no live API token {id}',
  'refusal.already_bot': '{name} is a bot account already',
  'refusal.bot_has_games': '{name} has played games: only a new account, with none, becomes a bot',
  'refusal.not_a_bot': '{name} is not a bot account: make it one first ({route})',
  'refusal.no_such_tournament': 'there is no tournament with the id {id}',
  'refusal.entered_already': 'you entered this tournament already',
  'refusal.engine_entered_already': 'this engine entered this tournament already',
  'refusal.tournament_full': 'the tournament is full: its {max} {max:place} are taken',
  'refusal.tournament_over': 'the tournament is over',
  'refusal.tournament_cancelled': 'the tournament was cancelled',
  'refusal.round_robin_started': 'an all-play-all takes no entries once it has started',
  'refusal.arena_ended': 'the arena has ended: it pairs nobody more',
  'refusal.entries_closed': 'entries closed once round {round} was paired',
  'refusal.engines_by_creator': 'only the tournament\'s creator enters engines',
  'refusal.not_entered': 'you have not entered this tournament',
  'refusal.withdrawn_already': 'you have withdrawn from this tournament already',
  'refusal.pause_not_arena': 'only an arena\'s players pause: withdraw from a Swiss or an all-play-all',
  'refusal.not_in_arena': 'you are not playing in this arena',
  'refusal.paused_already': 'you have paused already',
  'refusal.not_paused': 'you are not paused',
  'refusal.cancel_not_creator': 'only the tournament\'s creator may cancel it',
  'refusal.change_not_creator': 'only the tournament\'s creator may change its settings',
  'refusal.engines_join_route': 'engines enter through {route}',
  'refusal.too_many_entrants': '{entered} {entered:player} have entered: the most cannot be {max}',
  'refusal.tournament_started': 'the tournament has started: its settings are fixed',
  'refusal.arena_no_report': 'an arena has no rounds to report: its standings are at {route}',
  'refusal.too_many_tournaments': 'you have {max} {max:tournament} not yet finished: cancel one, or wait for one to end',
  'refusal.tournament_name': 'a tournament\'s name has 2 to 60 characters, not {length}',
  'refusal.tournament_clock_and_days': 'a tournament has a clock or days a move, not both',
  'refusal.swiss_rounds': 'a Swiss has 1 to {max} rounds, not {rounds}',
  'refusal.round_robin_rounds': 'an all-play-all of at most {players} players has at most {most} {most:round}, not {rounds}',
  'refusal.arena_rounds': 'an arena has no rounds: it pairs its players for its length ({field})',
  'refusal.tournament_players': 'a tournament takes 2 to {max} players, not {players}',
  'refusal.min_players': 'the fewest players to start are 2 to {max} (its most), not {players}',
  'refusal.starts_too_late': 'a tournament starts within 30 days ({max} s), not in {starts_in} s',
  'refusal.pause_too_long': 'rounds are at most a day ({max} s) apart, not {pause} s',
  'refusal.length_not_arena': 'only an arena has a length: a Swiss or an all-play-all has rounds',
  'refusal.arena_double': 'an arena pairs single games: it has no double rounds',
  'refusal.arena_length': 'an arena lasts 10 seconds to a week (604800 s), not {length} s',
  'refusal.too_many_engines': '{engines} {engines:engine} do not fit in a tournament of {players} players',
  'refusal.round_robin_late': 'an all-play-all\'s pairings are fixed at its start: it takes no late entries',
  'refusal.late_entry': 'entries close after a round from 1 to {rounds}, not {late}',
  'refusal.cannot_pair': 'round {round} cannot be paired: {detail}',
  'refusal.arena_no_rounds': 'an arena pairs its players as their games end, not by rounds',
  'refusal.no_such_round': 'an all-play-all has no round {round}',
  'refusal.danger_game_and_position': 'a danger request names a game or a position, not both',
  'refusal.danger_needs_game_or_position': 'a danger request needs a game (its id) or a position',
  'refusal.danger_with_clock': 'a game with a clock is played without the danger view',
  'refusal.danger_between_players': 'the danger view is offered against the engine and on one screen, not in a game between two players',
  'refusal.not_a_square': '{text} is not a square: expected a file and a rank from a1 to {last}, like c3',
  'refusal.tower_cannot_move': 'no tower on {square} may move in this position',
  'refusal.bad_position': 'position: {detail}',
  'refusal.invalid_position': 'the position breaks the rules: {detail}',
  'refusal.not_a_position': 'neither a record nor a position: {detail}',
  'refusal.bad_record': 'record: {detail}',
  'refusal.record_bad_fill': 'record: round {round}: {detail}',
  'refusal.record_bad_move': 'record: round {round}, move {index}: {detail}',
  'refusal.record_too_long': 'the analysis board takes records of up to {limit} {limit:move}',
  'refusal.text_too_long': 'the text is {length} {length:byte}; the limit is {max}',
  'refusal.line_start_past_end': 'at: the text has {moves} {moves:move}, not {at}',
  'refusal.line_bad_move': 'then: move {index} ({mv}): {detail}',
  'refusal.line_too_long': 'then: a line of up to {max} moves',
  'refusal.no_such_lesson': 'there is no lesson {id}',
  'refusal.no_puzzles_yet': 'there are no puzzles yet: the set is being made, try again in a minute',
  'refusal.no_such_puzzle': 'there is no puzzle {id}',
  'refusal.not_a_move': '{text} is not a move: {detail}',
  'refusal.not_legal_here': '{mv} is not legal here: {detail}',
  'refusal.bad_grade': 'a grade is 1 to 5, not {grade}',
  'refusal_word.space': 'a space', 'refusal_word.code': 'the character U+{hex}', 'refusal_word.quoted': '"{c}"',
  'choice.act.play': 'play', 'choice.act.resign': 'resign', 'choice.act.undo': 'take moves back',
  'choice.act.offer_takeback': 'offer a takeback', 'choice.act.answer_takeback': 'answer a takeback', 'choice.act.withdraw_takeback': 'withdraw a takeback',
  'choice.act.hint': 'ask for hints', 'choice.act.rename': 'set their name',
  'choice.action.decline_challenge': 'decline a challenge', 'choice.action.create_challenge': 'create a challenge', 'choice.action.cancel_challenge': 'cancel a challenge',
  'choice.action.accept_challenge': 'accept a challenge', 'choice.action.change_password': 'change your password', 'choice.action.sign_out_everywhere': 'sign out everywhere',
  'choice.action.delete_account': 'delete your account', 'choice.action.read_bot_events': 'read a bot\'s events', 'choice.action.make_token': 'make an API token',
  'choice.action.see_tokens': 'see your API tokens', 'choice.action.revoke_token': 'revoke an API token', 'choice.action.make_bot': 'make your account a bot',
  'choice.action.see_games': 'see your games', 'choice.action.make_tournament': 'make a tournament', 'choice.action.enter_tournament': 'enter a tournament',
  'choice.action.withdraw': 'withdraw', 'choice.action.pause': 'pause', 'choice.action.resume': 'resume',
  'choice.action.cancel_tournament': 'cancel a tournament', 'choice.action.change_tournament': 'change a tournament', 'choice.action.claim_win': 'claim a win',
  'choice.kind.join': 'join', 'choice.kind.move': 'move', 'choice.kind.fill': 'fill',
  'choice.kind.resign': 'resign', 'choice.kind.undo': 'undo', 'choice.kind.takeback': 'takeback',
  'choice.kind.takeback_reply': 'takeback_reply', 'choice.kind.hint': 'hint', 'choice.kind.name': 'name', 'choice.kind.rematch': 'rematch',
  'choice.kind.sync': 'sync',
});
