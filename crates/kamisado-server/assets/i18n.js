// The page's words in English and Russian. The server sends what happened as
// typed events and names (sides, colours, ranks, endings); this file alone
// turns them into sentences in the chosen language.
import { LEARN_EN, LEARN_RU } from './learn-words.js';

const EN = {
  'nav.lobby': 'Lobby', 'nav.analysis': 'Analysis board', 'nav.symbols': 'Colour symbols', 'nav.language': 'Language',
  'lobby.new': 'New game', 'lobby.opponent': 'Opponent', 'lobby.engine': 'The engine',
  'lobby.local': 'Two players on this screen', 'lobby.friend': 'A friend, through an invite link',
  'lobby.level': 'Engine level', 'lobby.level1': '1 — beginner', 'lobby.level6': '6 — strongest',
  'lobby.towers': 'Your towers', 'lobby.black': 'Black (moves first)', 'lobby.gold': 'Gold', 'lobby.random': 'Drawn by lot',
  'lobby.length': 'Length', 'lobby.single': 'Single round', 'lobby.to3': 'Match to 3 points', 'lobby.to7': 'Match to 7 points', 'lobby.to15': 'Match to 15 points',
  'lobby.rules': 'Rules', 'lobby.standard': 'Standard', 'lobby.sumo-square': 'Sumo-square', 'lobby.zvezda': 'Zvezda',
  'lobby.sumo-square.title': "After a push, the colour of the sumo's square decides the next tower",
  'lobby.zvezda.title': 'Rings: sideways and backward moves, pushes in any direction, the third repetition loses',
  'lobby.board': 'Board', 'lobby.b8': '8×8, eight colours', 'lobby.b6': '6×6, six colours', 'lobby.b10': '10×10, ten colours',
  'lobby.name': 'Your name', 'lobby.black_name': "Black's name", 'lobby.gold_name': "Gold's name", 'lobby.start': 'Start the game',
  'lobby.yours': 'Your games', 'lobby.none': 'No games yet: the games you start or join are remembered in this browser.',
  'lobby.watch': 'Watch a game', 'lobby.watch_ph': 'Paste a game link or id', 'lobby.watch_go': 'Watch', 'lobby.rules_short': 'Rules in short',
  'lobby.rules_text': 'Towers move straight or diagonally forward, never through others. After the first move, you must move your tower of the colour of the square your opponent just landed on. Reach the far row to win. A blocked tower passes; a sumo (a tower with a dragon\'s tooth) can push.',
  'lobby.game': 'Game {id}', 'lobby.forget': 'Forget', 'lobby.gone': ' (gone)',
  'lobby.over': ' (over: {side} won {b}–{w})', 'lobby.on': ' ({b}–{w}, round {round}, {side} to play)',
  'lobby.vs_engine': 'against the engine, level {level}', 'lobby.vs_local': 'two players on one screen',
  'lobby.vs_friend': 'with a friend', 'lobby.vs_invited': 'with a friend (invited)',
  'lobby.failed': 'The game could not be created: {reason}', 'lobby.bad_link': 'That is not a game link or id: a game id has 16 letters and digits.',
  'game.single': 'Single round', 'game.score': 'Black {b} – {w} Gold, playing to {target}', 'game.round': 'round {round}', 'game.round_head': 'Round {round}',
  'game.rules': '{rules} rules', 'game.board': '{board} board',
  'game.pass': 'Pass', 'game.hint': 'Hint', 'game.undo': 'Undo', 'game.takeback': 'Offer takeback', 'game.resign': 'Resign',
  'game.resign_sure': 'Really resign?', 'game.flip': 'Flip board', 'game.download': 'Download record', 'game.analyse': 'Analyse',
  'game.type': 'Type a move', 'game.play': 'Play', 'game.accept': 'Accept', 'game.decline': 'Decline',
  'game.invite': 'Invite a friend', 'game.invite_text': 'Send this link to your opponent. It holds their seat: keep it between the two of you.',
  'game.copy': 'Copy', 'game.your_name': 'Your name', 'game.set': 'Set', 'game.moves': 'Moves', 'game.happened': 'What happened',
  'game.watch_link': 'Watch link:', 'game.fill_prompt': 'Choose how to refill the home rows:',
  'game.fill_left': 'Fill from the left', 'game.fill_right': 'Fill from the right', 'game.new': 'New game', 'game.show_board': 'Show the board',
  'game.first_note': 'The first player may move any tower.',
  'tag.engine': 'engine', 'tag.you': 'you', 'engine.name': 'Engine, level {level}',
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
  'net.no_answer': 'No answer from the server: reconnecting to get the game as it stands.', 'net.offline': 'Not connected to the server: reconnecting…',
  'hint.text': 'Hint: {mv} — {value}', 'hint.then': ', then {line}',
  'value.win': '{side} wins in {plies}', 'value.even': 'About even', 'value.slight': '{side} is slightly better',
  'value.better': '{side} is better', 'value.much': '{side} is much better', 'value.unknown': 'not valued',
  'ana.title': 'Analysis board', 'ana.paste': 'Paste a game record or a position', 'ana.go': 'Analyse', 'ana.busy': 'The engine is analysing…',
  'ana.values': 'Moves and their values', 'ana.values_help': 'Each value is the position after the move, for the side that made it: a proven win or loss in so many plies, or the engine\'s estimate.',
  'ana.every': 'Every move here', 'ana.start': 'Start: {fen}', 'ana.best': ' (best {mv}: {value})',
  'ana.first': 'First position', 'ana.prev': 'Previous move', 'ana.next': 'Next move', 'ana.last': 'Last position', 'ana.flip': 'Flip',
  'board.label': 'Board',
  'nav.leaderboard': 'Leaderboard',
  'net.unreachable': 'The server cannot be reached: check the connection and try again.',
  'account.title': 'Account', 'account.why': 'Sign in to play other players, with clocks and ratings.',
  'account.tab_sign_in': 'Sign in', 'account.tab_sign_up': 'Create an account', 'account.name': 'Name', 'account.password': 'Password',
  'account.sign_in': 'Sign in', 'account.create': 'Create the account',
  'account.create_help': 'A name of 2–20 letters, digits, _ or -, and a password of at least 8 characters. The games this browser holds become the account\'s.',
  'account.signed_in_as': 'Signed in as', 'account.sign_out': 'Sign out',
  'account.sign_in_failed': 'Could not sign in: {reason}', 'account.create_failed': 'The account was not created: {reason}',
  'account.sign_out_failed': 'Could not sign out: {reason}',
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
};

const RU = {
  'nav.lobby': 'Лобби', 'nav.analysis': 'Анализ', 'nav.symbols': 'Символы цветов', 'nav.language': 'Язык',
  'lobby.new': 'Новая партия', 'lobby.opponent': 'Соперник', 'lobby.engine': 'Движок',
  'lobby.local': 'Двое за этим экраном', 'lobby.friend': 'Друг, по ссылке-приглашению',
  'lobby.level': 'Уровень движка', 'lobby.level1': '1 — новичок', 'lobby.level6': '6 — сильнейший',
  'lobby.towers': 'Ваши башни', 'lobby.black': 'Чёрные (ходят первыми)', 'lobby.gold': 'Золотые', 'lobby.random': 'По жребию',
  'lobby.length': 'Длина', 'lobby.single': 'Один раунд', 'lobby.to3': 'Матч до 3 очков', 'lobby.to7': 'Матч до 7 очков', 'lobby.to15': 'Матч до 15 очков',
  'lobby.rules': 'Правила', 'lobby.standard': 'Стандартные', 'lobby.sumo-square': 'Клетка сумо', 'lobby.zvezda': 'Звезда',
  'lobby.sumo-square.title': 'После толчка цвет клетки, на которую встало сумо, выбирает следующую башню',
  'lobby.zvezda.title': 'Кольца: ходы вбок и назад, толчки в любом направлении, третье повторение проигрывает',
  'lobby.board': 'Доска', 'lobby.b8': '8×8, восемь цветов', 'lobby.b6': '6×6, шесть цветов', 'lobby.b10': '10×10, десять цветов',
  'lobby.name': 'Ваше имя', 'lobby.black_name': 'Имя Чёрных', 'lobby.gold_name': 'Имя Золотых', 'lobby.start': 'Начать партию',
  'lobby.yours': 'Ваши партии', 'lobby.none': 'Пока партий нет: начатые и принятые партии запоминаются в этом браузере.',
  'lobby.watch': 'Смотреть партию', 'lobby.watch_ph': 'Вставьте ссылку или номер партии', 'lobby.watch_go': 'Смотреть', 'lobby.rules_short': 'Правила коротко',
  'lobby.rules_text': 'Башни ходят прямо или по диагонали вперёд, не перепрыгивая другие. После первого хода вы ходите своей башней того цвета, на клетку которого только что встал соперник. Дойдите до дальнего ряда, чтобы победить. Запертая башня пропускает ход; сумо (башня с зубом дракона) может толкать.',
  'lobby.game': 'Партия {id}', 'lobby.forget': 'Забыть', 'lobby.gone': ' (нет на сервере)',
  'lobby.over': ' (окончена: победа {sideGen}, {b}–{w})', 'lobby.on': ' ({b}–{w}, раунд {round}, ход {sideGen})',
  'lobby.vs_engine': 'против движка, уровень {level}', 'lobby.vs_local': 'двое за одним экраном',
  'lobby.vs_friend': 'с другом', 'lobby.vs_invited': 'с другом (по приглашению)',
  'lobby.failed': 'Партию создать не удалось: {reason}', 'lobby.bad_link': 'Это не ссылка на партию: номер партии — 16 букв и цифр.',
  'game.single': 'Один раунд', 'game.score': 'Чёрные {b} – {w} Золотые, игра до {target}', 'game.round': 'раунд {round}', 'game.round_head': 'Раунд {round}',
  'game.rules': 'правила: {rules}', 'game.board': 'доска {board}',
  'game.pass': 'Пропуск', 'game.hint': 'Подсказка', 'game.undo': 'Отменить ход', 'game.takeback': 'Попросить вернуть ход', 'game.resign': 'Сдаться',
  'game.resign_sure': 'Точно сдаться?', 'game.flip': 'Перевернуть доску', 'game.download': 'Скачать запись', 'game.analyse': 'Анализ',
  'game.type': 'Ввести ход', 'game.play': 'Сыграть', 'game.accept': 'Принять', 'game.decline': 'Отклонить',
  'game.invite': 'Пригласить друга', 'game.invite_text': 'Отправьте эту ссылку сопернику. В ней его место за доской: не передавайте её другим.',
  'game.copy': 'Копировать', 'game.your_name': 'Ваше имя', 'game.set': 'Сохранить', 'game.moves': 'Ходы', 'game.happened': 'Что произошло',
  'game.watch_link': 'Ссылка для зрителей:', 'game.fill_prompt': 'Выберите, как заполнить домашние ряды:',
  'game.fill_left': 'Заполнить слева', 'game.fill_right': 'Заполнить справа', 'game.new': 'Новая партия', 'game.show_board': 'Показать доску',
  'game.first_note': 'Первый игрок может ходить любой башней.',
  'tag.engine': 'движок', 'tag.you': 'вы', 'engine.name': 'Движок, ур. {level}',
  'status.your_move': 'Ваш ход', 'status.to_move': 'Ход {sideGen}', 'status.thinking': 'Движок думает…',
  'status.engine_to_move': 'Ход движка', 'status.forced': '{status}: ходит {tower} на {sq}',
  'status.blocked': ' — ей некуда идти, поэтому пропуск хода', 'status.any': '{status}: можно ходить любой башней',
  'status.engine_fill': 'Движок выбирает, как заполнить домашние ряды…', 'status.fill': '{side} выиграли раунд и выбирают, как заполнить домашние ряды.',
  'status.offered': ' Вы попросили вернуть ход; ждём ответа.', 'status.offer': '{name} просит вернуть последний ход.',
  'over.round': '{side} выиграли раунд.', 'over.match': '{side} выиграли матч {b}–{w}.', 'over.conceded': '{loser} сдались: победа {winnerGen}.',
  'over.time': 'У {loserGen} кончилось время: победа {winnerGen}.',
  'end.title_round': '{name}: победа в раунде {round}', 'end.title_win': '{name}: победа', 'end.title_match': '{name}: победа в матче', 'end.title_single': '{name}: победа в раунде',
  'end.score': 'Счёт: Чёрные {b} – {w} Золотые, игра до {target}.',
  'end.wait_engine': 'Движок выбирает, как заполнить ряды…', 'end.wait': 'Ждём, пока {name} выберет, как заполнить ряды…',
  'net.no_answer': 'Сервер не ответил: переподключаемся, чтобы получить партию как она есть.', 'net.offline': 'Нет связи с сервером: переподключаемся…',
  'hint.text': 'Подсказка: {mv} — {value}', 'hint.then': ', затем {line}',
  'value.win': '{side} выигрывают за {plies} пл.', 'value.even': 'Примерно равно', 'value.slight': 'У {sideGen} чуть лучше',
  'value.better': 'У {sideGen} лучше', 'value.much': 'У {sideGen} гораздо лучше', 'value.unknown': 'без оценки',
  'ana.title': 'Анализ', 'ana.paste': 'Вставьте запись партии или позицию', 'ana.go': 'Анализировать', 'ana.busy': 'Движок анализирует…',
  'ana.values': 'Ходы и их оценки', 'ana.values_help': 'Оценка — позиция после хода для сделавшей его стороны: доказанная победа или поражение за столько-то полуходов, или оценка движка.',
  'ana.every': 'Все ходы здесь', 'ana.start': 'Начало: {fen}', 'ana.best': ' (лучше {mv}: {value})',
  'ana.first': 'Начальная позиция', 'ana.prev': 'Предыдущий ход', 'ana.next': 'Следующий ход', 'ana.last': 'Последняя позиция', 'ana.flip': 'Перевернуть',
  'board.label': 'Доска',
  'nav.leaderboard': 'Рейтинг',
  'net.unreachable': 'Сервер недоступен: проверьте соединение и попробуйте ещё раз.',
  'account.title': 'Учётная запись', 'account.why': 'Войдите, чтобы играть с другими игроками на время и на рейтинг.',
  'account.tab_sign_in': 'Вход', 'account.tab_sign_up': 'Регистрация', 'account.name': 'Имя', 'account.password': 'Пароль',
  'account.sign_in': 'Войти', 'account.create': 'Создать учётную запись',
  'account.create_help': 'Имя — от 2 до 20 букв, цифр, _ или -; пароль — не короче 8 символов. Партии из этого браузера перейдут к учётной записи.',
  'account.signed_in_as': 'Вы вошли как', 'account.sign_out': 'Выйти',
  'account.sign_in_failed': 'Войти не удалось: {reason}', 'account.create_failed': 'Учётная запись не создана: {reason}',
  'account.sign_out_failed': 'Выйти не удалось: {reason}',
  'ch.title': 'Открытые вызовы', 'ch.none': 'Открытых вызовов нет: создайте свой ниже.',
  'ch.conn': 'Связь с лобби прервалась: переподключаемся…', 'ch.new': 'Создать вызов',
  'ch.rated_label': 'На рейтинг', 'ch.time': 'Контроль времени', 'ch.time_clock': 'Часы', 'ch.time_days': 'По переписке', 'ch.time_none': 'Без часов',
  'ch.minutes': 'Минуты', 'ch.seconds': 'Секунды', 'ch.increment': 'Добавка (с)', 'ch.days_label': 'Дней на ход',
  'ch.opponent': 'Только для', 'ch.opponent_ph': 'любой, или имя', 'ch.create': 'Создать вызов',
  'ch.accept': 'Принять', 'ch.cancel': 'Отменить', 'ch.colour_random': 'цвета по жребию',
  'ch.plays_black': '{name} играет чёрными', 'ch.plays_white': '{name} играет золотыми', 'ch.rated': 'на рейтинг', 'ch.unrated': 'без рейтинга',
  'ch.for_you': 'только для вас', 'ch.for': 'только для {name}', 'ch.to': 'матч до {n} {points}',
  'ch.accept_failed': 'Принять вызов не удалось: {reason}', 'ch.cancel_failed': 'Отменить вызов не удалось: {reason}',
  'ch.create_failed': 'Вызов не создан: {reason}',
  'clock.days': '{n} {days} на ход', 'clock.none': 'без часов', 'clock.move_left': 'Время на ход: {time}',
  'mine.title': 'Ваши партии', 'mine.none': 'Партий пока нет: примите вызов или создайте свой.', 'mine.against': 'против {name}',
  'mine.your_turn': 'Ваш ход', 'mine.their_turn': 'Ход соперника', 'mine.won': 'Победа', 'mine.lost': 'Поражение', 'mine.left': 'осталось: {time}',
  'mine.failed': 'Не удалось получить ваши партии: {reason}', 'lobby.browser': 'Партии в этом браузере',
  'game.rated': 'на рейтинг',
  'ana.no_game': 'Партию загрузить не удалось: {reason}',
  'player.ratings': 'Рейтинги', 'player.history': 'История рейтинга', 'player.archive': 'Сыгранные партии',
  'player.no_ratings': 'Рейтинговых партий пока нет.', 'player.no_games': 'Сыгранных партий пока нет.', 'player.no_history': 'Рейтинг пока не менялся',
  'player.history_label': 'Рейтинг после каждой рейтинговой партии', 'player.start': 'Начало', 'player.pool': 'Правила и доска', 'player.rating': 'Рейтинг',
  'player.deviation': 'Отклонение', 'player.games': 'Партий', 'player.opponent': 'Соперник', 'player.colour': 'Цвет',
  'player.result': 'Итог', 'player.result.win': 'Победа', 'player.result.loss': 'Поражение', 'player.how': 'Как', 'player.score': 'Счёт',
  'player.moves': 'Ходов', 'player.rated': 'На рейтинг', 'player.yes': 'да', 'player.date': 'Дата', 'player.record': 'Запись',
  'player.unknown': 'Игрока с именем {name} нет.', 'player.failed': 'Не удалось получить данные игрока: {reason}',
  'how.home row': 'домашний ряд', 'how.deadlock': 'тупик', 'how.resignation': 'сдача', 'how.time': 'по времени', 'how.repetition': 'повторение',
  'lb.title': 'Рейтинг игроков', 'lb.none': 'Здесь ещё никто не сыграл рейтинговой партии.', 'lb.engine': 'Движок',
  'lb.engine_help': 'Рейтинг каждого уровня по матчам до 3 очков между уровнями.', 'lb.player': 'Игрок', 'lb.level': 'Уровень',
  'lb.provisional': '?: предварительный, партий слишком мало, рейтинг ещё не устоялся', 'lb.provisional_tag': '?',
  'lb.failed': 'Не удалось получить рейтинг: {reason}',
};

Object.assign(EN, LEARN_EN);
Object.assign(RU, LEARN_RU);

export const LANGS = { en: EN, ru: RU };

let lang = 'en';

/** The language chosen before, or the browser's, or English. */
export function initialLanguage() {
  try {
    const saved = localStorage.getItem('kamisado.lang');
    if (saved && LANGS[saved]) return saved;
  } catch (e) { /* private mode */ }
  const wanted = (navigator.languages || [navigator.language || 'en']).map((l) => String(l).slice(0, 2).toLowerCase());
  return wanted.find((l) => LANGS[l]) || 'en';
}

export function language() { return lang; }

// What each part of the page redraws when the language changes.
const listeners = [];

/** Calls `redraw` whenever the language changes. */
export function onLanguageChange(redraw) { listeners.push(redraw); }

/** Tells every part of the page that the language changed. */
export function languageChanged() { for (const redraw of listeners) redraw(); }

/** Chooses the language, remembers it, and translates the page's fixed text. */
export function setLanguage(code) {
  lang = LANGS[code] ? code : 'en';
  try { localStorage.setItem('kamisado.lang', lang); } catch (e) { /* private mode */ }
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll('[data-i18n-placeholder]')) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of document.querySelectorAll('[data-i18n-title]')) node.title = t(node.dataset.i18nTitle);
  for (const node of document.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
}

/** The text of `key` with its `{name}` places filled from `params`. */
export function t(key, params = {}) {
  const text = LANGS[lang][key] ?? EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// ---------- numbers, pools, dates ----------

// Each unit's forms: English singular and plural; Russian for 1, 2–4 and 5–20
// (21 goes as 1, 22 as 2, 11–14 as 5).
const UNITS = {
  en: {
    day: ['day', 'days'], hour: ['hour', 'hours'], minute: ['minute', 'minutes'], point_gen: ['point', 'points'],
    ply: ['ply', 'plies'],
  },
  ru: {
    day: ['день', 'дня', 'дней'], hour: ['час', 'часа', 'часов'], minute: ['минута', 'минуты', 'минут'],
    point_gen: ['очка', 'очков', 'очков'], ply: ['полуход', 'полухода', 'полуходов'],
  },
};

/** The form of `unit` that goes with the number `n`: 1 day, 3 days; 1 день, 3 дня, 7 дней. */
export function plural(n, unit) {
  const forms = UNITS[lang][unit] || UNITS.en[unit] || [unit];
  if (lang !== 'ru') return forms[n === 1 ? 0 : 1];
  const ten = n % 10;
  const hundred = n % 100;
  if (ten === 1 && hundred !== 11) return forms[0];
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return forms[1];
  return forms[2];
}

/** A rating pool ("standard 8x8") in words: "Standard 8×8", "Звезда 10×10". */
export function poolWords(pool) {
  const at = String(pool).lastIndexOf(' ');
  if (at < 0) return String(pool);
  const rules = pool.slice(0, at);
  const name = EN[`lobby.${rules}`] ? t(`lobby.${rules}`) : rules;
  return `${name} ${pool.slice(at + 1).replace('x', '×')}`;
}

/** A match's length: "Single round", "Match to 3 points". */
export function targetWords(target) {
  if (target === 1) return t('lobby.single');
  if (EN[`lobby.to${target}`]) return t(`lobby.to${target}`);
  return t('ch.to', { n: target, points: plural(target, 'point_gen') });
}

/** How a game ended ("home row", "time"), in words. */
export function howWords(how) {
  return EN[`how.${how}`] ? t(`how.${how}`) : String(how ?? '');
}

/** A day in the reader's language: "1 Dec 2025", "1 дек. 2025 г.". */
export function dateWords(ms) {
  if (!ms) return '';
  return new Date(ms).toLocaleDateString(lang === 'ru' ? 'ru-RU' : 'en-GB', { year: 'numeric', month: 'short', day: 'numeric' });
}

// ---------- the game's nouns ----------

const SIDES = {
  en: { b: 'Black', w: 'Gold' },
  ru: { b: 'Чёрные', w: 'Золотые' },
};
const SIDES_GEN = { en: SIDES.en, ru: { b: 'Чёрных', w: 'Золотых' } };

/** A side's name: `b` Black, `w` Gold. */
export function side(code) { return SIDES[lang][code] || code; }
/** A side's name after "of" (Russian genitive). */
export function sideGen(code) { return SIDES_GEN[lang][code] || code; }
export function other(code) { return code === 'b' ? 'w' : 'b'; }

// Russian colour adjectives: feminine (башня, клетка) and neuter (сумо).
const COLOUR_RU = {
  orange: ['оранжевая', 'оранжевое'], blue: ['синяя', 'синее'], purple: ['фиолетовая', 'фиолетовое'],
  pink: ['розовая', 'розовое'], yellow: ['жёлтая', 'жёлтое'], red: ['красная', 'красное'],
  green: ['зелёная', 'зелёное'], brown: ['коричневая', 'коричневое'], ivory: ['кремовая', 'кремовое'],
  charcoal: ['угольная', 'угольное'],
};
const RANK_RU = { tower: 'башня', sumo: 'сумо', 'double sumo': 'двойное сумо', 'triple sumo': 'тройное сумо' };

/** A colour as a word on its own (for a square). */
export function colour(name) {
  return lang === 'ru' ? (COLOUR_RU[name] || [name])[0] : name;
}

/** A tower by colour and rank: "yellow sumo", "жёлтое сумо". */
export function tower(t) {
  if (lang !== 'ru') return `${t.colour} ${t.rank}`;
  const [fem, neut] = COLOUR_RU[t.colour] || [t.colour, t.colour];
  if (t.rank === 'tower') return `${fem} ${RANK_RU.tower}`;
  const rank = RANK_RU[t.rank] || t.rank;
  // "двойное сумо": the colour stands after the size word.
  return t.rank === 'sumo' ? `${neut} ${rank}` : `${rank.split(' ')[0]} ${neut} сумо`;
}

/** "a" or "an" before an English word. */
function article(word) { return /^[aeiou]/i.test(word) ? 'an' : 'a'; }

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// ---------- values ----------

/** A value for its side in words: "Black wins in 17", "Gold is better". */
export function valueWords(v) {
  if (!v) return t('value.unknown');
  if (v.kind === 'win' || v.kind === 'loss') {
    const winner = v.kind === 'win' ? v.side : other(v.side);
    return t('value.win', { side: side(winner), plies: v.plies });
  }
  const forBlack = v.side === 'b' ? v.score : -v.score;
  const better = forBlack >= 0 ? 'b' : 'w';
  const size = Math.abs(forBlack);
  const key = size < 40 ? 'value.even' : size < 150 ? 'value.slight' : size < 400 ? 'value.better' : 'value.much';
  return t(key, { side: side(better), sideGen: sideGen(better) });
}

/** Black's share of a value bar, 0–100: 100 for a proven Black win. */
export function blackShare(v) {
  if (!v) return 50;
  if (v.kind === 'win' || v.kind === 'loss') {
    const winner = v.kind === 'win' ? v.side : other(v.side);
    return winner === 'b' ? 100 : 0;
  }
  const forBlack = v.side === 'b' ? v.score : -v.score;
  return Math.round(50 + 50 * Math.tanh(forBlack / 300));
}

// ---------- what happened ----------

const ENDS_EN = {
  'home row': (w) => `${side(w)} reaches the home row`,
  deadlock: (w) => `Deadlock: the passes would go round for ever (R8), so ${side(other(w))}, who made the last real move, loses`,
  repetition: (w) => `The position came back a third time: ${side(other(w))} made the repeating move and loses`,
  resignation: (w) => `${side(other(w))} resigned`,
  time: (w) => `${side(other(w))} ran out of time`,
};
const ENDS_RU = {
  'home row': (w) => `${side(w)} дошли до домашнего ряда соперника`,
  deadlock: (w) => `Тупик: пропуски шли бы по кругу вечно (R8), поэтому проигрывают ${side(other(w))}, сделавшие последний настоящий ход`,
  repetition: (w) => `Позиция повторилась в третий раз: проигрывают ${side(other(w))}, сделавшие повторяющий ход`,
  resignation: (w) => `${side(other(w))} сдались`,
  time: (w) => `У ${sideGen(other(w))} кончилось время`,
};

/** How a round ended, as a clause. */
export function endWords(end, winner) {
  const table = lang === 'ru' ? ENDS_RU : ENDS_EN;
  return (table[end] || ((w) => `${side(w)}: ${end}`))(winner);
}

function act(a) {
  const ru = lang === 'ru';
  switch (a.kind) {
    case 'step':
      return ru ? `${side(a.tower.side)}: ${tower(a.tower)} ${a.from}–${a.to}.`
        : `${side(a.tower.side)}'s ${tower(a.tower)} moves ${a.from}-${a.to}.`;
    case 'push': {
      const pushed = a.pushed.map((p) => (ru ? `${tower(p)} ${p.from}→${p.to}` : `${side(p.side)}'s ${tower(p)} from ${p.from} to ${p.to}`));
      const opp = other(a.tower.side);
      const turn = a.turn === 'loses'
        ? (ru ? `${side(opp)} пропускают ход (R13).` : `${side(opp)} loses the turn (R13).`)
        : (ru ? `Ходят ${side(opp)} (звезда).` : `${side(opp)} moves next (zvezda).`);
      return ru ? `${side(a.tower.side)}: ${tower(a.tower)} толкает (${a.from}>${a.to}): ${pushed.join(', ')}. ${turn}`
        : `${side(a.tower.side)}'s ${tower(a.tower)} pushes ${pushed.join(' and ')} (${a.from}>${a.to}). ${turn}`;
    }
    case 'pass':
      return ru ? `${side(a.tower.side)}: ${tower(a.tower)} на ${a.square} заперта — пропуск хода (R7).`
        : `${side(a.tower.side)}'s ${tower(a.tower)} on ${a.square} is blocked: ${side(a.tower.side)} passes (R7).`;
    case 'fill':
      return ru ? `${side(a.side)} заполняют ${a.fill === 'left' ? 'слева' : 'справа'}: башни расставлены для раунда ${a.round}. Первыми ходят ${side(a.first)}, любой башней.`
        : `${side(a.side)} fills from the ${a.fill}: the towers are re-seated for round ${a.round}. ${side(a.first)} moves first, with any tower.`;
    case 'concession':
      return a.how === 'time' ? t('over.time', { loser: side(a.side), loserGen: sideGen(a.side), winner: side(a.winner), winnerGen: sideGen(a.winner) })
        : t('over.conceded', { loser: side(a.side), winner: side(a.winner), winnerGen: sideGen(a.winner) });
    default:
      return '';
  }
}

function because(n) {
  const ru = lang === 'ru';
  const c = n.by_colour;
  switch (n.by) {
    case 'landed': return ru ? `клетка ${n.by_square} — ${colour(c)}` : `${n.by_square} is ${article(c)} ${c} square`;
    case 'last_pushed': return ru ? `последняя вытолкнутая башня встала на ${colour(c)} клетку ${n.by_square}` : `the last pushed tower stopped on ${n.by_square}, ${article(c)} ${c} square`;
    case 'pushed': return ru ? `вытолкнутая башня встала на ${colour(c)} клетку ${n.by_square}` : `the pushed tower stopped on ${n.by_square}, ${article(c)} ${c} square`;
    case 'sumo_square': return ru ? `сумо встало на ${colour(c)} клетку ${n.by_square}` : `the sumo landed on ${n.by_square}, ${article(c)} ${c} square`;
    case 'passed': return ru ? `запертая башня стоит на клетке ${n.by_square} (${colour(c)})` : `the blocked tower stands on ${n.by_square}, ${article(c)} ${c} square`;
    default: return '';
  }
}

function next(n) {
  const ru = lang === 'ru';
  switch (n.kind) {
    case 'forced': {
      let text = ru ? `Ход ${sideGen(n.tower.side)}: ходит ${tower(n.tower)} на ${n.square} (${because(n)}).`
        : `${side(n.tower.side)} must move the ${tower(n.tower)} on ${n.square} (${because(n)}).`;
      if (n.blocked) text += ru ? ' Ей некуда идти: будет пропуск хода.' : ` It is blocked: ${side(n.tower.side)} must pass.`;
      return text;
    }
    case 'free':
      return ru ? `${side(n.side)} ходят любой башней.` : `${side(n.side)} may move any tower.`;
    case 'round_over':
      return roundOver(n);
    default:
      return '';
  }
}

/** The end of a round: who won, how, the points and promotion, then the fill or the match's end. */
export function roundOver(r) {
  const ru = lang === 'ru';
  const single = r.target === 1;
  let text = `${endWords(r.end, r.winner)}: `;
  if (single && r.then === 'match_over') {
    text += ru ? `${side(r.winner)} выиграли раунд.` : `${side(r.winner)} wins the round.`;
    return text;
  }
  text += ru ? `${side(r.winner)} выиграли раунд: ${r.points} оч.` : `${side(r.winner)} wins the round: ${r.points} point${r.points === 1 ? '' : 's'}`;
  if (r.promoted) {
    text += ru ? `; ${tower({ ...r.scorer })} получает зуб дракона и становится: ${tower(r.promoted)}`
      : `; the ${r.promoted.colour} tower gains a dragon's tooth and becomes ${article(r.promoted.rank)} ${r.promoted.rank}`;
  }
  text += '.';
  if (r.then === 'match_over') text += ' ' + t('over.match', { side: side(r.winner), b: r.score.b, w: r.score.w });
  else text += ru ? ` ${side(r.winner)} выбирают, как заполнить ряды.` : ` ${side(r.winner)} chooses to fill from the left or the right.`;
  return text;
}

/** One action of the game told in the chosen language. */
export function noteText(note) {
  if (!note || !note.act) return '';
  const parts = [act(note.act)];
  if (note.next) parts.push(next(note.next));
  return cap(parts.filter(Boolean).join(' '));
}

// ---------- lessons, the danger view, puzzles and review ----------

const SIDES_DAT = { en: SIDES.en, ru: { b: 'Чёрным', w: 'Золотым' } };
// Russian colour adjectives for a square or a tower after "на" (accusative)
// and "ходить …" (instrumental), both feminine.
const COLOUR_ACC_RU = {
  orange: 'оранжевую', blue: 'синюю', purple: 'фиолетовую', pink: 'розовую', yellow: 'жёлтую',
  red: 'красную', green: 'зелёную', brown: 'коричневую', ivory: 'кремовую', charcoal: 'угольную',
};
const COLOUR_INS_RU = {
  orange: 'оранжевой', blue: 'синей', purple: 'фиолетовой', pink: 'розовой', yellow: 'жёлтой',
  red: 'красной', green: 'зелёной', brown: 'коричневой', ivory: 'кремовой', charcoal: 'угольной',
};

/** The words that fill a sentence about a colour, in either language. */
function colourParams(name) {
  if (lang !== 'ru') return { colour: name, colourAcc: name, colourIns: name, aColour: name ? `${article(name)} ${name}` : '' };
  return { colour: colour(name), colourAcc: COLOUR_ACC_RU[name] || name, colourIns: COLOUR_INS_RU[name] || name };
}

/** The words that name the opponent of `mover`, in each case a sentence needs. */
function opponentParams(mover) {
  const opp = other(mover);
  return { opp: side(opp), oppGen: sideGen(opp), oppDat: SIDES_DAT[lang][opp] || side(opp) };
}

/** A lesson's title, or "Lesson N" for an id the page has no words for. */
export function lessonTitle(id, n) {
  const key = `lesson.${id}.title`;
  return EN[key] ? t(key) : t('lesson.other.title', { n });
}

/** A lesson's explanation ('' for an id the page has no words for). */
export function lessonText(id) {
  const key = `lesson.${id}.text`;
  return EN[key] ? t(key) : '';
}

/** A lesson's task in words; `mover` is the side to move. */
export function taskWords(task, mover) {
  if (!task) return '';
  const key = `task.${task.kind}`;
  if (!EN[key]) return '';
  return t(key, { square: task.square, ...colourParams(task.colour), ...opponentParams(mover) });
}

/**
 * Why a lesson's try passed or failed, from `reason.kind` and its fields;
 * `mover` is the side that tried; `fallback` the server's English words.
 */
export function reasonWords(reason, mover, fallback = '') {
  if (!reason || !EN[`reason.${reason.kind}`]) return fallback;
  return t(`reason.${reason.kind}`, {
    why: reason.why || '', square: reason.square || '', reply: reason.reply || '',
    ...colourParams(reason.colour), ...opponentParams(mover),
  });
}

/** What one move of the danger view does, in a sentence; `mover` makes it. */
export function dangerWords(m, mover) {
  const params = {
    mv: m.mv, tower: m.tower || '', reply: m.reply || '', n: m.plies, plies: plural(m.plies || 0, 'ply'),
    ...colourParams(m.colour), ...opponentParams(mover),
  };
  switch (m.verdict) {
    case 'wins': return t('danger.wins', params);
    case 'loses_at_once': return t('danger.loses_at_once', params);
    case 'lost': {
      const line = (m.line || []).slice(0, 4).join(' ');
      return line ? t('danger.lost', { ...params, line: `${line}${m.line.length > 4 ? ' …' : ''}` }) : t('danger.lost_short', params);
    }
    case 'safe': return t('danger.safe', params);
    default: return m.text || m.mv;
  }
}

/** "n plies" with the form the number takes. */
export function pliesWords(n) { return `${n} ${plural(n, 'ply')}`; }

/**
 * A review's turning point explained from its step: what the mover could
 * have won with, and what the move played loses in.
 */
export function turningWords(step) {
  const best = step.best_value;
  const n = best && best.kind === 'win' ? best.plies : null;
  if (n === null || !step.best) return '';
  const v = step.value;
  const params = { side: side(step.side), sideGen: sideGen(step.side), n, plies: plural(n, 'ply'), best: step.best, mv: step.mv };
  if (v && v.kind === 'loss') return t('review.explain', { ...params, m: v.plies, pliesM: plural(v.plies, 'ply') });
  return t('review.explain_est', params);
}

/** A signed difference of ratings: "+12", "−69". */
export function signed(n) {
  const r = Math.round(n);
  return r > 0 ? `+${r}` : r < 0 ? `−${Math.abs(r)}` : '±0';
}
