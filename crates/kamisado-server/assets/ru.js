// The page in Russian: its words, the forms its sentences need (a number's
// form, a colour's case and gender), and what happened in a game told from
// the notes' typed events. The same names as en.js; i18n.js picks one.
// Nothing here touches the page, so node can import it.

import { pluralForm } from './plurals.js';

export const code = 'ru';
/** The language's name in itself, for the menu. */
export const name = 'Русский';
/** The locale that writes dates. */
export const locale = 'ru-RU';

/** Every fixed text of the page, by key; `{name}` is a place to fill. */
export const words = {
  'nav.lobby': 'Лобби', 'nav.analysis': 'Анализ', 'nav.symbols': 'Символы цветов', 'nav.symbols_none': 'Нет', 'nav.symbols_shapes': 'Фигуры', 'nav.symbols_kanji': 'Иероглифы', 'nav.language': 'Язык', 'nav.menu': 'Меню',
  'lobby.new': 'Новая партия', 'lobby.opponent': 'Соперник', 'lobby.engine': 'Движок',
  'lobby.local': 'Двое за этим экраном', 'lobby.friend': 'Друг, по ссылке-приглашению',
  'lobby.level': 'Уровень движка', 'lobby.level1': '1 — новичок', 'lobby.level6': '6 — сильнейший',
  'lobby.towers': 'Ваши башни', 'lobby.black': 'Чёрные (ходят первыми)', 'lobby.gold': 'Золотые', 'lobby.random': 'По жребию',
  'lobby.length': 'Длина', 'lobby.single': 'Один раунд', 'lobby.to3': 'Матч до 3 очков', 'lobby.to7': 'Матч до 7 очков', 'lobby.to15': 'Матч до 15 очков',
  'lobby.rules': 'Правила', 'lobby.standard': 'Стандартные', 'lobby.sumo-square': 'Клетка сумо', 'lobby.zvezda': 'Звезда',
  'lobby.opening-limits': 'Ограничения дебюта', 'lobby.opening-limits.title': 'Правило чемпионата мира: в каждом раунде первые три хода — не дальше 1, 3 и 5 клеток',
  'lobby.sumo-square.title': 'После толчка цвет клетки, на которую встало сумо, выбирает следующую башню',
  'lobby.zvezda.title': 'Кольца: ходы вбок и назад, толчки в любом направлении, третье повторение проигрывает',
  'lobby.board': 'Доска', 'lobby.b8': '8×8, восемь цветов', 'lobby.b6': '6×6, шесть цветов', 'lobby.b10': '10×10, десять цветов',
  'lobby.name': 'Ваше имя', 'lobby.black_name': 'Имя Чёрных', 'lobby.gold_name': 'Имя Золотых', 'lobby.start': 'Начать партию',
  'lobby.yours': 'Ваши партии', 'lobby.none': 'Пока партий нет: начатые и принятые партии запоминаются в этом браузере.',
  'lobby.watch': 'Смотреть партию', 'lobby.watch_ph': 'Вставьте ссылку или номер партии', 'lobby.watch_go': 'Смотреть', 'lobby.rules_short': 'Правила коротко',
  'lobby.rules_text': 'Башни ходят прямо или по диагонали вперёд, не перепрыгивая другие. После первого хода вы ходите своей башней того цвета, на клетку которого только что встал соперник. Дойдите до дальнего ряда, чтобы победить. Запертая башня пропускает ход; сумо (башня с зубом дракона) может толкать.',
  'lobby.game': '{who}, {date}', 'lobby.vs_named': 'с соперником {name}', 'lobby.forget': 'Забыть', 'lobby.gone': ' (нет на сервере)',
  'lobby.over': ' (окончена: победа {sideGen}, {b}–{w})', 'lobby.on': ' ({b}–{w}, раунд {round}, ход {sideGen})',
  'lobby.vs_engine': 'против движка, уровень {level}', 'lobby.vs_local': 'двое за одним экраном',
  'lobby.vs_friend': 'с другом', 'lobby.vs_invited': 'с другом (по приглашению)',
  'lobby.failed': 'Партию создать не удалось: {reason}', 'lobby.bad_link': 'Это не ссылка на партию: номер партии — 16 букв и цифр.',
  'game.single': 'Один раунд', 'game.result': '{score}, {how}', 'game.score': 'Чёрные {b} – {w} Золотые, игра до {target}', 'game.round': 'раунд {round}', 'game.round_head': 'Раунд {round}',
  'game.rules': 'правила: {rules}', 'game.board': 'доска {board}',
  'game.claim': 'Потребовать победу', 'game.claim_refused': 'Победу пока нельзя потребовать: {reason}',
  'game.pass': 'Пропуск', 'game.hint': 'Подсказка', 'game.undo': 'Отменить ход', 'game.takeback': 'Попросить вернуть ход', 'game.resign': 'Сдаться',
  'game.resign_sure': 'Точно сдаться?', 'game.flip': 'Перевернуть доску', 'game.sound': 'Звук', 'game.download': 'Скачать запись', 'game.analyse': 'Анализ',
  'game.type': 'Ввести ход', 'game.play': 'Сыграть', 'game.accept': 'Принять', 'game.decline': 'Отклонить',
  'game.invite_link': 'Ссылка-приглашение', 'game.invite': 'Пригласить друга', 'game.invite_text': 'Отправьте эту ссылку сопернику. В ней его место за доской: не передавайте её другим.',
  'game.copy': 'Копировать', 'game.your_name': 'Ваше имя', 'game.set': 'Сохранить', 'game.moves': 'Ходы', 'game.happened': 'Что произошло',
  'game.watch_link': 'Ссылка для зрителей:', 'game.fill_prompt': 'Выберите, как заполнить домашние ряды:',
  'game.fill_left': 'Заполнить слева', 'game.fill_right': 'Заполнить справа', 'game.new': 'Новая партия', 'game.rematch': 'Реванш', 'game.rematch_failed': 'Не удалось начать реванш: {reason}', 'game.show_board': 'Показать доску',
  'game.first_note': 'Первый игрок может ходить любой башней.',
  'tag.engine': 'движок', 'tag.you': 'вы', 'name.player': 'Игрок', 'name.friend': 'Друг',
  'game.pass_word': 'пропуск', 'game.type_ph': 'c1-c6, d4>d5, пропуск', 'engine.name': 'Движок, уровень {level}',
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
  'net.restarting': 'Сервер перезапускается: переподключаемся…', 'net.no_answer': 'Сервер не ответил: переподключаемся, чтобы получить партию как она есть.', 'net.offline': 'Нет связи с сервером: переподключаемся…',
  'hint.text': 'Подсказка: {mv} — {value}', 'hint.then': ', затем {line}',
  'value.win': '{side} выигрывают за {n} {plies}', 'value.even': 'Примерно равно', 'value.slight': 'У {sideGen} чуть лучше',
  'value.better': 'У {sideGen} лучше', 'value.much': 'У {sideGen} гораздо лучше', 'value.unknown': 'без оценки',
  'ana.title': 'Анализ', 'ana.paste': 'Вставьте запись партии или позицию', 'ana.go': 'Анализировать', 'ana.busy': 'Движок анализирует…',
  'ana.values': 'Ходы и их оценки', 'ana.values_help': 'Оценка — позиция после хода для сделавшей его стороны: доказанная победа или поражение за столько-то полуходов, или оценка движка.',
  'ana.every': 'Все ходы здесь', 'ana.start': 'Начало: {fen}', 'ana.best': ' (лучше {mv}: {value})',
  'ana.first': 'Начальная позиция', 'ana.prev': 'Предыдущий ход', 'ana.next': 'Следующий ход', 'ana.last': 'Последняя позиция', 'ana.flip': 'Перевернуть',
  'board.label': 'Доска',
  'board.rank': 'Ряд {rank}',
  'board.help_short': 'Стрелки переводят по клеткам; Enter выбирает башню, затем ведёт её на клетку; Escape снимает выбор; T называет ходы выбранной башни.',
  'board.help': 'Стрелки переводят по клеткам; Enter выбирает башню, затем ведёт её на клетку; Escape снимает выбор. T называет ходы выбранной башни, C — время на часах, M — поле ввода хода.',
  'game.title': 'Партия в Камисадо', 'game.sheet': 'Конец раунда',
  'say.picked': 'Выбрано: {tower} на {sq}, {n} {moves}. T — список.',
  'say.moves': '{tower} на {sq} может пойти на {list}.', 'say.push': '{sq} (толчок)',
  'say.pick_first': 'Сначала выберите башню: стрелками к ней, затем Enter.',
  'say.not_yours': 'Сейчас не ваш ход.', 'say.dropped': 'Выбор снят.',
  'say.cannot': '{tower} на {sq} сейчас ходить не может.', 'say.cannot_forced': '{tower} на {sq} сейчас ходить не может: ходит {forced} на {fsq}.',
  'say.empty': 'Клетка {sq} пуста.', 'say.no_target': '{tower} с {from} не может пойти на {sq}.',
  'say.clocks': 'Часы: {b} {bt}, {w} {wt}.', 'say.low': '{side}: осталось {time}.', 'say.no_clock': 'В этой партии нет часов.',
  'game.withdraw': 'Отозвать просьбу',
  'told.declined': '{name}: просьба вернуть ход отклонена.', 'told.accepted': '{name}: просьба вернуть ход принята, ваш ход отменён.',
  'told.withdrawn': '{name}: просьба вернуть ход отозвана.',
  'told.rematch_declined': '{name}: предложение реванша отклонено.', 'told.rematch_withdrawn': '{name}: предложение реванша отозвано.',
  'rematch.offer': '{name} предлагает реванш: цвета меняются.', 'rematch.offered': 'Вы предложили реванш; ждём ответа ({name}).',
  'rematch.made': 'Реванш начался.', 'rematch.to_board': 'К доске', 'rematch.watch': 'Смотреть',
  'game.rematch_accept': 'Принять реванш', 'rematch.withdraw': 'Отозвать предложение',
  'ch.sign_in_to_accept': 'Войдите, чтобы принять', 'ch.none_guest': 'Открытых вызовов сейчас нет: войдите, чтобы создать свой.',
  'say.resign_armed': 'Нажмите «Сдаться» ещё раз, чтобы сдаться.',
  'nav.leaderboard': 'Рейтинг',
  'net.unreachable': 'Сервер недоступен: проверьте соединение и попробуйте ещё раз.',
  'account.title': 'Учётная запись', 'account.why': 'Войдите, чтобы играть с другими игроками на время и на рейтинг.',
  'account.tab_sign_in': 'Вход', 'account.tab_sign_up': 'Регистрация', 'account.name': 'Имя', 'account.password': 'Пароль',
  'account.sign_in': 'Войти', 'account.create': 'Создать учётную запись',
  'account.create_help': 'Имя — от 2 до 20 букв, цифр, _ или -; пароль — не короче 8 символов. Партии из этого браузера перейдут к учётной записи.',
  'account.signed_in_as': 'Вы вошли как', 'account.sign_out': 'Выйти',
  'account.sign_in_failed': 'Войти не удалось: {reason}', 'account.create_failed': 'Учётная запись не создана: {reason}',
  'account.sign_out_failed': 'Выйти не удалось: {reason}',
  'manage.title': 'Управление учётной записью', 'manage.old': 'Текущий пароль', 'manage.new': 'Новый пароль',
  'manage.change': 'Сменить пароль', 'manage.change_help': 'На других устройствах вход будет завершён.',
  'manage.changed': 'Пароль изменён; завершено других сеансов: {n}.',
  'manage.change_failed': 'Пароль не изменён: {reason}',
  'manage.everywhere': 'Выйти на всех устройствах', 'manage.everywhere_failed': 'Выйти на всех устройствах не удалось: {reason}',
  'manage.delete': 'Удалить учётную запись',
  'manage.delete_help': 'Ваши партии сохранятся, в них будет указано «удалённый игрок»; ваше имя никому больше не достанется.',
  'manage.delete_failed': 'Учётная запись не удалена: {reason}',
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
  'tokens.title': 'Бот и токены API',
  'tokens.help': 'Токен позволяет программе играть за эту учётную запись (docs/bots.md). Он показывается один раз: скопируйте его сразу.',
  'tokens.name': 'Название токена', 'tokens.make': 'Создать токен', 'tokens.once': 'Ваш токен, показан один раз:',
  'tokens.revoke': 'Отозвать', 'tokens.bot': 'Сделать учётную запись ботом',
  'tokens.bot_help': 'Только для учётной записи без партий; навсегда.', 'tokens.is_bot': 'Эта учётная запись — бот.',
  'tokens.failed': 'Не сделано: {reason}',
  'bot.tag': 'БОТ', 'bot.title': 'Учётная запись бота: за неё играет программа через API',
  'bot.challenge': 'Вызвать', 'bot.challenge_title': 'Вызвать {name} на партию',

  'nav.learn': 'Обучение', 'nav.puzzles': 'Задачи',

  'lesson.move.title': 'Ход башни',
  'lesson.move.text': 'Башня ходит прямо или по диагонали вперёд на сколько угодно клеток, но никогда вбок, назад или через другую башню. Башни никто не бьёт. Первым ходом раунда можно пойти любой своей башней.',
  'lesson.forced.title': 'Обязательный цвет',
  'lesson.forced.text': 'После первого хода вы ходите своей башней того цвета, на клетку которого только что встал соперник. Значит, каждым своим ходом вы выбираете сопернику следующую башню.',
  'lesson.pass.title': 'Запертая башня пропускает ход',
  'lesson.pass.text': 'Если башне, которой вы должны ходить, некуда идти, она заперта, и вы пропускаете ход. Тогда соперник ходит башней того цвета, на клетке которого стоит ваша запертая башня.',
  'lesson.home.title': 'Как выиграть раунд',
  'lesson.home.text': 'Башня, дошедшая до любой клетки домашнего ряда соперника (дальнего ряда), сразу выигрывает раунд. Ищите прямую или диагональную дорогу, на которой ничего нет.',
  'lesson.safe.title': 'Не отдавайте победу',
  'lesson.safe.text': 'Клетка, на которую вы встаёте, выбирает башню соперника. Если у этой башни свободна дорога до вашего домашнего ряда, соперник сразу выигрывает. Перед ходом посмотрите, куда может пойти каждая башня, которую вы можете ему отдать.',
  'lesson.deadlock.title': 'Тупик',
  'lesson.deadlock.text': 'Бывает, что каждая обязательная башня заперта и пропуски шли бы по кругу вечно. Это тупик: раунд проигрывает тот, кто сделал последний настоящий ход.',
  'lesson.sumo.title': 'Толчок сумо',
  'lesson.sumo.text': 'Башня, выигравшая раунд, получает зуб дракона и становится сумо. Сумо ходит не дальше чем на 5 клеток и может толкнуть башню соперника, стоящую прямо перед ним, на клетку назад, если клетка за ней свободна. Соперник тогда пропускает ход, а вы ходите снова — башней того цвета, где остановилась вытолкнутая башня.',
  'lesson.points.title': 'Очки и матчи',
  'lesson.points.text': 'Матч играют до 3, 7 или 15 очков. Раунд, выигранный простой башней, приносит 1 очко, сумо — 3, двойным сумо — 7, тройным — 15. Победитель раунда выбирает, заполнять ряды слева или справа: башни возвращаются в домашние ряды ряд за рядом и сохраняют зубы до конца матча.',
  'lesson.other.title': 'Урок {n}',

  'learn.title': 'Учимся играть', 'learn.lessons': 'Уроки', 'learn.task': 'Задание:',
  'learn.to_move': 'Ход {sideGen}.', 'learn.try_again': 'Ещё раз', 'learn.next': 'Следующий урок', 'learn.all_done': 'Все уроки пройдены: сыграйте партию или решите задачи.',
  'learn.checking': 'Проверяем ход…', 'learn.passed': 'пройден', 'learn.failed': 'Не удалось получить уроки: {reason}',
  'learn.try_failed': 'Не удалось проверить ход: {reason}', 'learn.pick': 'Нажмите на свою башню, затем на клетку, куда ей идти.',
  'learn.pick_pass': 'Нажмите «Пропуск».', 'learn.count': 'Пройдено: {done} из {all}', 'learn.puzzles': 'Решать задачи',

  'task.reach': 'Поставьте башню на {square}.',
  'task.land': 'Сходите на {colourAcc} клетку, чтобы {opp} ходили своей {colourIns} башней.',
  'task.pass': 'Башня, которой вы должны ходить, заперта: пропустите ход.',
  'task.win': 'Выиграйте раунд этим ходом.',
  'task.safe': 'Сделайте ход, который не проигрывает сразу.',
  'task.avoid_deadlock': 'Сделайте ход, который не ведёт к тупику.',
  'task.push': 'Толкните башню соперника своим сумо.',
  'task.sumo_win': 'Выиграйте раунд сумо, чтобы получить его очки.',

  'reason.done': 'Верно: задание выполнено.',
  'reason.illegal': 'Так ходить нельзя: {why}.',
  'reason.wrong_square': 'Этот ход заканчивается на {square}, а задание — про другую клетку.',
  'reason.wrong_colour': 'Этот ход ведёт на {colourAcc} клетку, а задание — про другой цвет.',
  'reason.hands_win': 'Так вы отдаёте {oppDat} их {colourAcc} башню на {square}, и она доходит до вашего домашнего ряда: {reply}.',
  'reason.deadlock': 'Этот ход ведёт к тупику: пропуски шли бы по кругу вечно, а последний настоящий ход сделали вы, поэтому вы проигрываете.',
  'reason.not_a_win': 'Этот ход не выигрывает: он не доходит до дальнего ряда.',
  'reason.not_a_push': 'Это не толчок: двиньте сумо прямо вперёд, в башню перед ним.',
  'reason.not_the_sumo': 'Это победа простой башней, всего 1 очко: выиграйте сумо — башней с зубом дракона.',

  'danger.toggle': 'Опасные ходы', 'danger.checking': 'Проверяем…',
  'danger.help': 'Наведите на отмеченную клетку или нажмите на неё, чтобы узнать почему.',
  'danger.legend': '✓ зелёный: безопасно · ✕ красный: сразу проигрывает · N оранжевый: проигрыш за N полуходов · ★ золотой: выигрывает',
  'danger.wins': '{mv} сразу выигрывает.',
  'danger.loses_at_once': '{mv} отдаёт {oppDat} их {colourAcc} башню на {tower}, и она сразу выигрывает: {reply}.',
  'danger.lost': '{mv} проигрывает: {opp} выигрывают за {n} {plies} ({line}).',
  'danger.lost_short': '{mv} проигрывает: {opp} выигрывают за {n} {plies}.',
  'danger.safe': '{mv}: быстрого проигрыша не найдено.',
  'danger.failed': 'Не удалось проверить опасность ходов: {reason}',
  'danger.pick': 'Выберите башню той стороны, чей ход, чтобы увидеть опасность её ходов.',

  'puz.title': 'Задача', 'puz.to_win': '{side} начинают и выигрывают.', 'puz.rating': 'Рейтинг задачи {rating}',
  'puz.grade': 'уровень {grade}', 'puz.plies': 'победа за {n} {plies}', 'puz.yours': 'Ваш рейтинг в задачах: {rating}',
  'puz.guest': 'Войдите, чтобы решения шли в рейтинг.', 'puz.pick': 'Найдите выигрывающий ход: нажмите на башню, затем на клетку.',
  'puz.right': 'Верно: {mv} — выигрывающий ход.', 'puz.wrong': 'Не этот: {mv} не выигрывает. Выигрывает {best}.',
  'puz.miss': 'Не этот: {mv} не выигрывает. Попробуйте ещё раз или посмотрите ответ.', 'puz.show': 'Показать ответ',
  'puz.level': 'Ваш уровень — {grade} из 5: задача, решённая с первой попытки, поднимает на уровень выше.',
  'puz.change': 'Ваш рейтинг в задачах: {before} → {after} ({delta}).', 'puz.now': 'Рейтинг задачи теперь {rating}.',
  'puz.next': 'Следующая задача', 'puz.solution': 'Решение', 'puz.step': 'Ход {at} из {all}',
  'puz.first': 'Позиция задачи', 'puz.prev': 'Предыдущий ход', 'puz.next_step': 'Следующий ход',
  'puz.failed': 'Не удалось получить задачу: {reason}', 'puz.attempt_failed': 'Не удалось проверить ход: {reason}',
  'puz.none': 'Задач пока нет: сервер составляет их в фоне, попробуйте через минуту.',
  'puz.from_game': 'Из партии', 'puz.checking': 'Проверяем ход…', 'puz.played': 'Ваш ход: {mv}.',

  'review.turning': 'Перелом', 'review.turning_title': 'Здесь упущена выигранная позиция',
  'review.explain': '{side} могли выиграть за {n} {plies} ходом {best}; {mv} проигрывает за {m} {pliesM}.',
  'review.explain_est': '{side} могли выиграть за {n} {plies} ходом {best}; {mv} упускает победу.',
  'review.try': 'Сыграть отсюда заново', 'review.failed': 'Не удалось получить разбор: {reason}',
  'review.none': 'Перелома нет: никто не упустил доказанную победу.', 'review.busy': 'Разбираем партию…',
  'game.review': 'Разбор', 'player.review': 'Разбор',};

/** `words[key]` with its `{name}` places filled from `params`. */
function say(key, params = {}) {
  return words[key].replace(/\{(\w+)\}/g, (m, p) => (p in params ? String(params[p]) : m));
}

// ---------- numbers and names ----------

// The forms of a counted word: for 1 (and 21, 31 …), for 2–4 (22–24 …),
// for 5–20 (11–14, 25 …); `other` for a fraction.
const forms = (one, few, many) => ({
  one, few, many, other: few,
});

/** Each counted word's forms, by plural category (i18n.js's `plural` picks one). */
export const units = {
  day: forms('день', 'дня', 'дней'), hour: forms('час', 'часа', 'часов'), minute: forms('минута', 'минуты', 'минут'),
  point: forms('очко', 'очка', 'очков'), point_gen: forms('очка', 'очков', 'очков'),
  ply: forms('полуход', 'полухода', 'полуходов'), move: forms('ход', 'хода', 'ходов'),
  character: forms('символ', 'символа', 'символов'), session: forms('сеанс', 'сеанса', 'сеансов'),
  new_move: forms('новый ход', 'новых хода', 'новых ходов'), second: forms('секунда', 'секунды', 'секунд'),
  // The counted words of the server's refusals; `_acc` the accusative
  // (через 1 минуту), `_gen` the genitive (до 21 игрока).
  second_acc: forms('секунду', 'секунды', 'секунд'), minute_acc: forms('минуту', 'минуты', 'минут'),
  byte: forms('байт', 'байта', 'байт'), connection: forms('соединение', 'соединения', 'соединений'),
  character_gen: forms('символа', 'символов', 'символов'), game: forms('партия', 'партии', 'партий'),
  message: forms('сообщение', 'сообщения', 'сообщений'), move_gen: forms('хода', 'ходов', 'ходов'),
  open_challenge: forms('открытый вызов', 'открытых вызова', 'открытых вызовов'), place: forms('место', 'места', 'мест'),
  player_gen: forms('игрока', 'игроков', 'игроков'), search: forms('поиск', 'поиска', 'поисков'),
  unfinished_game: forms('неоконченная партия', 'неоконченные партии', 'неоконченных партий'),
  unfinished_tournament: forms('неоконченный турнир', 'неоконченных турнира', 'неоконченных турниров'),
};
const plural = (n, unit) => (units[unit] ? pluralForm(n, units[unit], code) : unit);

const SIDES = { b: 'Чёрные', w: 'Золотые' };
const SIDES_GEN = { b: 'Чёрных', w: 'Золотых' };
const SIDES_DAT = { b: 'Чёрным', w: 'Золотым' };
const other = (code) => (code === 'b' ? 'w' : 'b');

/** A side's name: `b` Чёрные, `w` Золотые. */
export function side(code) { return SIDES[code] || code; }
/** A side's name in the genitive: Чёрных. */
export function sideGen(code) { return SIDES_GEN[code] || code; }

// Colour adjectives: feminine (башня, клетка) and neuter (сумо); feminine
// accusative (на … клетку) and instrumental (… башней).
const COLOUR = {
  orange: ['оранжевая', 'оранжевое'], blue: ['синяя', 'синее'], purple: ['фиолетовая', 'фиолетовое'],
  pink: ['розовая', 'розовое'], yellow: ['жёлтая', 'жёлтое'], red: ['красная', 'красное'],
  green: ['зелёная', 'зелёное'], brown: ['коричневая', 'коричневое'], ivory: ['кремовая', 'кремовое'],
  charcoal: ['угольная', 'угольное'],
};
const COLOUR_ACC = {
  orange: 'оранжевую', blue: 'синюю', purple: 'фиолетовую', pink: 'розовую', yellow: 'жёлтую',
  red: 'красную', green: 'зелёную', brown: 'коричневую', ivory: 'кремовую', charcoal: 'угольную',
};
const COLOUR_INS = {
  orange: 'оранжевой', blue: 'синей', purple: 'фиолетовой', pink: 'розовой', yellow: 'жёлтой',
  red: 'красной', green: 'зелёной', brown: 'коричневой', ivory: 'кремовой', charcoal: 'угольной',
};
const RANK = { tower: 'башня', sumo: 'сумо', 'double sumo': 'двойное сумо', 'triple sumo': 'тройное сумо' };
// A rank after "становится".
const RANK_INS = { tower: 'башней', sumo: 'сумо', 'double sumo': 'двойным сумо', 'triple sumo': 'тройным сумо' };

/** A colour as a word on its own (for a square). */
export function colour(name) { return (COLOUR[name] || [name])[0]; }

/** A tower by colour and rank: "жёлтая башня", "жёлтое сумо", "двойное жёлтое сумо". */
export function tower(t) {
  const [fem, neut] = COLOUR[t.colour] || [t.colour, t.colour];
  if (t.rank === 'tower') return `${fem} ${RANK.tower}`;
  const rank = RANK[t.rank] || t.rank;
  // "двойное сумо": the colour stands after the size word.
  return t.rank === 'sumo' ? `${neut} ${rank}` : `${rank.split(' ')[0]} ${neut} сумо`;
}

/** A verb's past form for a tower (feminine) or a sumo (neuter): дошла, дошло. */
const past = (t, fem, neut) => (t.rank === 'tower' ? fem : neut);

/** The words that fill a sentence about a colour. */
export function colourParams(name) {
  return { colour: colour(name), colourAcc: COLOUR_ACC[name] || name, colourIns: COLOUR_INS[name] || name };
}

/** The words that name the opponent of `mover`, in each case a sentence needs. */
export function opponentParams(mover) {
  const opp = other(mover);
  return { opp: side(opp), oppGen: sideGen(opp), oppDat: SIDES_DAT[opp] || side(opp) };
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const VERDICTS = { safe: 'безопасно', wins: 'выигрывает сразу', loses_at_once: 'проигрывает сразу' };
const HINTS = { from: 'подсказка: ход отсюда', to: 'подсказка: ход сюда' };
const LASTS = { from: 'последний ход отсюда', to: 'последний ход сюда' };

/**
 * A square's name for a screen reader, from what it holds and the marks on
 * it: «c6, синяя клетка, розовое сумо Золотых, обязано ходить».
 */
export function squareWords(s) {
  const t = s.tower;
  const parts = [s.colour ? `${s.sq}, ${colour(s.colour)} клетка` : s.sq, t ? `${tower(t)} ${sideGen(t.side)}` : 'пусто'];
  if (s.forced && t) parts.push(past(t, 'обязана ходить', 'обязано ходить'));
  if (s.selected && t) parts.push(past(t, 'выбрана', 'выбрано'));
  if (s.target) parts.push(s.target === 'push' ? 'сюда — толчок' : 'сюда можно пойти');
  if (s.danger) {
    const { verdict, plies } = s.danger;
    parts.push(verdict === 'lost' ? `проигрыш за ${plies} ${plural(plies, 'ply')}` : VERDICTS[verdict] || verdict);
  }
  if (s.hint) parts.push(HINTS[s.hint]);
  if (s.last) parts.push(LASTS[s.last]);
  return parts.join(', ');
}

// ---------- what happened ----------

const ENDS = {
  'home row': (w) => `${side(w)} дошли до домашнего ряда ${sideGen(other(w))} (R6)`,
  deadlock: (w) => `Тупик: пропуски шли бы по кругу вечно, поэтому проигрывают ${side(other(w))}, сделавшие последний настоящий ход (R8)`,
  repetition: (w) => `Позиция повторилась в третий раз, поэтому проигрывают ${side(other(w))}, повторившие её (звезда)`,
  resignation: (w) => `${side(other(w))} сдались`,
  time: (w) => `У ${sideGen(other(w))} кончилось время`,
};

/** How a round ended, as a clause: "У Золотых кончилось время". */
export function endWords(end, winner) {
  return (ENDS[end] || ((w) => `${side(w)}: ${end}`))(winner);
}

function act(a) {
  switch (a.kind) {
    case 'step':
      return `${side(a.tower.side)}: ${tower(a.tower)} ${a.from}–${a.to}.`;
    case 'push': {
      const pushed = a.pushed.map((p) => `${tower(p)} ${p.from}→${p.to}`);
      const opp = side(other(a.tower.side));
      const turn = a.turn === 'loses' ? `${opp} пропускают ход (R13).` : `Ходят ${opp} (звезда).`;
      return `${side(a.tower.side)}: ${tower(a.tower)} толкает (${a.from}>${a.to}): ${pushed.join(', ')}. ${turn}`;
    }
    case 'pass':
      return `${side(a.tower.side)}: ${tower(a.tower)} на ${a.square} ${past(a.tower, 'заперта', 'заперто')} — пропуск хода (R7).`;
    case 'fill':
      return `${side(a.side)} заполняют ${a.fill === 'left' ? 'слева' : 'справа'}: башни расставлены для раунда ${a.round} (R14).`;
    case 'concession': {
      const params = { loser: side(a.side), loserGen: sideGen(a.side), winner: side(a.winner), winnerGen: sideGen(a.winner) };
      return say(a.how === 'time' ? 'over.time' : 'over.conceded', params);
    }
    default:
      return '';
  }
}

// Why the next tower's colour is forced.
function because(n) {
  const c = n.by_colour;
  const acc = COLOUR_ACC[c] || c;
  switch (n.by || 'landed') {
    case 'landed': return `клетка ${n.by_square} — ${colour(c)}`;
    case 'last_pushed': return `R13: последняя вытолкнутая башня встала на ${acc} клетку ${n.by_square}`;
    case 'pushed': return `звезда: вытолкнутая башня встала на ${acc} клетку ${n.by_square}`;
    case 'sumo_square': return `клетка сумо: сумо встало на ${acc} клетку ${n.by_square}`;
    case 'passed': return `R7: запертая башня стоит на клетке ${n.by_square} (${colour(c)})`;
    default: return '';
  }
}

function next(n) {
  switch (n.kind) {
    case 'forced': {
      let text = `Ход ${sideGen(n.tower.side)}: ходит ${tower(n.tower)} на ${n.square} (${because(n)}).`;
      if (n.blocked) text += ` ${past(n.tower, 'Ей', 'Ему')} некуда идти: будет пропуск хода (R7).`;
      return text;
    }
    case 'free':
      return `Первыми ходят ${side(n.side)}, любой башней (R4).`;
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
  let text;
  if (r.end === 'home row' && r.scorer) {
    text = `${cap(tower(r.scorer))} ${past(r.scorer, 'дошла', 'дошло')} до домашнего ряда ${sideGen(other(r.winner))} (R6).`;
  } else {
    text = `${endWords(r.end, r.winner)}.`;
  }
  if (r.target === 1) return `${text} ${winner} выиграли раунд.`;
  text += ` ${winner} выиграли раунд`;
  const points = `${r.points} ${plural(r.points, 'point')}`;
  if (r.points === 0) text += '.';
  else if (r.scorer && r.promoted) text += `: ${points}; ${tower(r.scorer)} получает зуб дракона и становится ${RANK_INS[r.promoted.rank] || r.promoted.rank}.`;
  else if (r.scorer) text += `: ${points} (${tower(r.scorer)}).`;
  else text += `: ${points}.`;
  if (r.then === 'match_over') {
    return `${text} ${winner} выиграли матч ${r.score[r.winner]}–${r.score[other(r.winner)]} (игра до ${r.target}).`;
  }
  return `${text} Счёт: Чёрные ${r.score.b}, Золотые ${r.score.w} (игра до ${r.target}). ${winner} выбирают, как заполнить ряды: слева или справа (R14).`;
}

/** One action of the game told: the act, then what follows. */
export function noteText(note) {
  if (!note || !note.act) return '';
  const parts = [act(note.act)];
  if (note.next) parts.push(next(note.next));
  return cap(parts.filter(Boolean).join(' '));
}

// Страницы турниров (tournaments.js).
Object.assign(words, {
  'nav.tournaments': 'Турниры', 'tour.title': 'Турниры', 'tour.none': 'Турниров пока нет.',
  'tour.running': 'Идут', 'tour.upcoming': 'Скоро', 'tour.finished': 'Завершены',
  'tour.name': 'Название', 'tour.format': 'Система', 'tour.players': 'Участники', 'tour.when': 'Когда',
  'tour.swiss': 'Швейцарская', 'tour.robin': 'Круговая', 'tour.make': 'Создать турнир',
  'tour.sign_in': 'Войдите (в лобби), чтобы создать турнир.', 'tour.sign_in_join': 'Войдите (в лобби), чтобы участвовать.',
  'tour.rounds_label': 'Туры', 'tour.double_label': 'Каждая пара играет две партии, меняясь цветом',
  'tour.days3': '3 дня на ход', 'tour.starts_label': 'Начало через', 'tour.m1': '1 минуту', 'tour.m5': '5 минут',
  'tour.m15': '15 минут', 'tour.h1': '1 час', 'tour.engines': 'Движок в числе участников (уровни)', 'tour.create': 'Создать турнир',
  'tour.your_game': 'Ваша партия: к доске', 'tour.join': 'Участвовать', 'tour.withdraw': 'Выйти из турнира',
  'tour.cancel': 'Отменить турнир', 'tour.add_engine': 'Добавить движок', 'tour.standings': 'Таблица',
  'tour.number': '№', 'tour.player': 'Игрок', 'tour.points': 'Очки', 'tour.buchholz': 'Бхг', 'tour.bh1': 'Бхг−1',
  'tour.sb': 'ЗБ', 'tour.rounds_title': 'Туры', 'tour.trf': 'Турнир в формате TRF', 'tour.all': 'Все турниры',
  'tour.round_of': 'Тур {round} из {rounds}', 'tour.stage.open': 'Идёт запись', 'tour.stage.running': 'Идёт',
  'tour.stage.finished': 'Завершён', 'tour.stage.cancelled': 'Отменён', 'tour.in': 'через {time}',
  'tour.in_hours': 'через {h} ч {m} мин', 'tour.starts': 'Начало {in}.', 'tour.next': 'Следующий тур — {in}.',
  'tour.rounds': 'туров: {n}', 'tour.double': 'по две партии в паре', 'tour.by': 'создал {name}',
  'tour.nobody': 'Пока никто не записался.', 'tour.withdrew': '(выбыл)', 'tour.round': 'Тур {n}',
  'tour.bye': 'Без пары (победа): {name}', 'tour.failed': 'Не удалось получить турнир: {reason}',
  'tour.arena': 'Арена', 'tour.arena_ends': 'Арена: конец {in}', 'tour.arena_last': 'Арена: доигрываются последние партии',
  'tour.length': 'Длительность', 'tour.m10': '10 минут', 'tour.m30': '30 минут', 'tour.h2': '2 часа',
  'tour.games_title': 'Партии',
  'tour.of_game': 'Турнир:',
  'tour.pause': 'Пауза', 'tour.resume': 'Продолжить', 'tour.wave': 'Жеребьёвка {n}',
  'tour.fire': 'Серия побед: каждая победа считается вдвойне',
});

// Просмотр партии назад (replay.js).
Object.assign(words, {
  'look.help': 'Нажмите на ход или клавиши ← и →, чтобы увидеть позицию после него; партия тем временем идёт.',
  'look.back': 'Вернуться к партии', 'look.start': 'Просмотр: начальная позиция партии.',
  'look.after': 'Просмотр: позиция после хода {i} в раунде {round} ({side}: {mv}).',
  'look.after_single': 'Просмотр: позиция после хода {i} ({side}: {mv}).',
  'look.loading': 'Просмотр: позиция загружается…',
  'look.since': 'С начала просмотра — {n} {moves}.',
  'look.back_said': 'Снова партия. {status}',
  'look.no_moves': 'Это прошлая позиция: чтобы сходить, вернитесь к партии.',
});

// Варианты на доске анализа и повторные попытки разбора (analysis.js).
Object.assign(words, {
  'ana.play_help': 'Нажмите на башню, затем на клетку, чтобы сыграть вариант.',
  'ana.main': 'Вернуться к основной линии', 'ana.main_said': 'Основная линия: ход {n} из {all}.',
  'ana.line_start': 'Вариант с начальной позиции', 'ana.line_after': 'Вариант после хода {n}',
  'ana.line_where': 'Вариант: ход {n}', 'ana.played': 'Вариант: {side} — {mv}; {value}.',
  'ana.asking': 'Ищем ходы…',
  'review.your_try': 'Ваша попытка: сделайте на доске ход за {sideGen}.',
  'review.try_other': 'Попробовать другой ход', 'review.as_puzzle': 'Решить как задачу',
  'review.try_right': 'Верно: {mv} выигрывает ({value}).', 'review.try_wrong': 'Не то: после {mv} — {value}.',
});

// Быстрая игра в лобби (challenges.js).
Object.assign(words, {
  'ch.quick': 'Быстрая игра',
  'ch.quick_help': 'Одно нажатие — и открытый вызов готов: рейтинговый матч до 3 очков, стандартные правила, доска 8×8, цвета по жребию.',
  'ch.quick_clock': '{control}: по {m} {minutes}, плюс {s} {seconds} за ход', 'ch.quick_clock0': '{control}: по {m} {minutes}',
  'ch.quick_made': 'Ваш вызов {control} открыт: ждём соперника.',
  'ch.quick_guest': 'Чтобы создать вызов, войдите или создайте учётную запись.',
});

// Страница правил (rules.js): правила так, как их читает игрок, с теми же
// номерами, что у правил в ядре и в записях партий (R1–R14). Новая строка —
// новый абзац.
Object.assign(words, {
  'nav.rules': 'Правила', 'lobby.rules_all': 'Все правила',
  'rules.title': 'Правила Камисадо',
  'rules.intro': 'Камисадо — игра для двоих: у Чёрных и у Золотых по восемь башен, по одной каждого цвета. Партия — это один раунд или матч из нескольких раундов до заданного числа очков. Номера от R1 до R14 — собственные номера правил: на них ссылаются записи партии.',
  'rules.toc': 'Содержание', 'rules.single': 'Раунд', 'rules.match': 'Матч и сумо', 'rules.optional': 'Дополнительные правила',
  'rules.optional_intro': 'Партия указывает, какие из них она использует; в лобби их выбирают по названию. Они меняют только то, о чём в них сказано.',
  'rules.R1.title': 'Доска',
  'rules.R1.text': 'На доске 8×8 клеток восьми цветов: оранжевого, синего, фиолетового, розового, жёлтого, красного, зелёного и коричневого. В каждом ряду и в каждом столбце каждый цвет встречается один раз, а повёрнутая на пол-оборота доска выглядит так же.\nЧёрные сидят со стороны первого ряда, Золотые — со стороны восьмого; столбцы от a до h идут слева направо, как их видят Чёрные. Свой первый ряд — это домашний ряд игрока.',
  'rules.R2.title': 'Расстановка',
  'rules.R2.text': 'Каждый игрок ставит восемь своих башен на свой домашний ряд, каждую — на клетку её цвета. В одиночном раунде первыми ходят Чёрные; о матче см. R14.',
  'rules.R3.title': 'Ход башни',
  'rules.R3.text': 'Башня ходит вперёд, к домашнему ряду соперника, прямо или по диагонали, на сколько угодно клеток. Она никогда не ходит вбок или назад, не перепрыгивает через башни и не встаёт на занятую клетку: башни никто не бьёт.\nХод по диагонали может пройти между двумя башнями, которые касаются друг друга только углами: важны лишь клетки на его пути.',
  'rules.R4.title': 'Первый ход',
  'rules.R4.text': 'Тот, кто ходит в раунде первым, может пойти любой своей башней.',
  'rules.R5.title': 'Обязательный цвет',
  'rules.R5.text': 'После первого хода каждый ход делается башней того цвета, каков цвет клетки, на которой закончился последний ход соперника. Значит, каждым своим ходом вы выбираете башню, которой соперник будет ходить следующей.',
  'rules.R6.title': 'Победа в раунде',
  'rules.R6.text': 'Раунд кончается, как только башня доходит до любой клетки домашнего ряда соперника: её хозяин выигрывает раунд. Ничьих не бывает.',
  'rules.R7.title': 'Пропуск хода',
  'rules.R7.text': 'Если башне, которой нужно ходить, некуда пойти, она заперта, и её хозяин пропускает ход: это ход на ноль клеток, но он всё равно считается ходом. Тогда соперник ходит своей башней того цвета, каков цвет клетки под запертой башней.',
  'rules.R8.title': 'Тупик',
  'rules.R8.text': 'Пропуски могут идти друг за другом по кругу, в котором ни одна башня уже никогда не сможет пойти. Это тупик, и раунд проигрывает тот, кто сделал последний настоящий ход (не пропуск).\nРаунд кончается на том ходе, который создаёт тупик: пропуски этого круга не играются.',
  'rules.R9.title': 'Длина матча',
  'rules.R9.text': 'Матч играют до 1 очка (один раунд), до 3, 7 или 15 очков. Раунды идут один за другим, пока кто-то не наберёт нужные очки.',
  'rules.R10.title': 'Зубы дракона и очки',
  'rules.R10.text': 'Башня, выигравшая раунд, получает зуб дракона: простая башня становится сумо, сумо — двойным сумо, двойное сумо — тройным. Зубы остаются до конца матча.\nПобедитель получает очки по рангу, который был у башни в момент победы: простая башня — 1 очко, сумо — 3, двойное сумо — 7, тройное сумо — 15, что завершает любой матч.\nПосле тупика победитель получает очки за свою башню того цвета, которой он должен был ходить, когда возник тупик, и она же получает зуб; если тупик создал толчок — за башню цвета клетки, на которую встало сумо.',
  'rules.R11.title': 'Насколько далеко ходит сумо',
  'rules.R11.text': 'Сумо ходит не дальше чем на 5 клеток, двойное сумо — не дальше чем на 3, тройное — на 1, в направлениях из R3.',
  'rules.R12.title': 'Толчок',
  'rules.R12.text': 'Вместо хода сумо, которым нужно ходить, может толкнуть прямо вперёд, если на клетке прямо перед ним стоит башня соперника. Сумо толкает одну башню, двойное сумо — ряд до двух башен, тройное — до трёх; каждая башня ряда должна принадлежать сопернику и быть ниже рангом, чем толкающий: сумо толкает простые башни, двойное сумо — простые и сумо, тройное — всё, кроме тройного. Клетка сразу за рядом должна быть на доске и свободна.\nВесь ряд сдвигается на клетку назад, а сумо встаёт на клетку вперёд. Толчок никогда не выигрывает раунд и не бывает обязательным, если у сумо есть другой ход.',
  'rules.R13.title': 'После толчка',
  'rules.R13.text': 'Соперник, которого толкнули, пропускает очередь: толкнувший ходит ещё раз, своей башней того цвета, каков цвет клетки, где остановилась последняя сдвинутая башня (самая дальняя от сумо).\nПропуск (R7) и тупик (R8) действуют на этот ход как на любой другой; если за ним следует тупик, последний настоящий ход сделал толкнувший, и он проигрывает.',
  'rules.R14.title': 'Следующий раунд: заполнение',
  'rules.R14.text': 'Победитель раунда выбирает, заполнять домашние ряды слева или справа. Каждый игрок снимает свои башни ряд за рядом, начиная с ряда, ближайшего к его домашнему, а в каждом ряду — с выбранной стороны (слева и справа так, как доску видит со своего места каждый игрок), и в том же порядке ставит их на свой домашний ряд с той же стороны.\nПроигравший прошлый раунд ходит в следующем первым, любой башней (R4).',
  'rules.zvezda.title': 'Звезда',
  'rules.zvezda.text': 'Правило русского издания: вместо зубов — кольца. Башня с одним кольцом ходит не дальше чем на 5 клеток, как сумо, и может толкнуть одну башню соперника ниже рангом на клетку вдоль линии своего хода, прямой или диагональной, если клетка за ней свободна; соперник при этом не пропускает очередь, а ходит своей башней цвета той клетки, куда встала сдвинутая башня.\nС двумя кольцами башня может ходить и вбок, с тремя — вбок и назад, прямо или по диагонали. Любая башня с кольцами ходит не дальше чем на 5 клеток. Позиция, повторившаяся в третий раз при том же игроке на ходу, кончает раунд: проигрывает тот, кто её повторил.',
  'rules.sumo-square.title': 'Клетка сумо',
  'rules.sumo-square.text': 'После толчка (R13) толкнувший ходит башней цвета той клетки, на которую встало сумо, а не той, где остановилась сдвинутая башня.',
  'rules.opening-limits.title': 'Ограничения дебюта',
  'rules.opening-limits.text': 'Правило чемпионата мира на Олимпиаде интеллектуальных игр (до 2025 года): в каждом раунде первый ход — не дальше чем на 1 клетку, второй — не дальше чем на 3, третий — не дальше чем на 5. Собственный, более короткий предел сумо по-прежнему действует, толчков ограничение не касается, а пропуск считается ходом. Сочетается с любым из наборов правил выше.',
  'rules.fig.start': 'Начало партии: каждая башня на клетке своего цвета в домашнем ряду.',
  'rules.fig.move': 'Первый ход: клетки, до которых может дойти одна башня — вперёд, прямо или по диагонали, пока путь свободен.',
  'rules.fig.forced': 'Башня в пунктирной рамке обязана ходить: её цвет — цвет клетки, где закончился последний ход соперника. Один из её ходов доходит до дальнего ряда и выигрывает.',
  'rules.fig.pass': 'Башня в пунктирной рамке обязана ходить, но на всех клетках перед ней стоят башни: она заперта, и её хозяин пропускает ход.',
  'rules.fig.deadlock': 'Башня в пунктирной рамке обязана ходить; один из её ходов запер бы все обязательные башни по очереди — это проигрышный тупик.',
  'rules.fig.push': 'Ходить должно сумо с зубом дракона: большое кольцо перед ним — его толчок, который сдвинет стоящую там башню на клетку назад.',
  'rules.learn': 'Выучить их в игре: уроки', 'rules.link_title': '{rule} на странице правил (откроется новая вкладка)',
});

// Сумо, объяснённое там, где оно появилось впервые, и цель толчка (game.js, board.js).
Object.assign(words, {
  'sumo.note': 'На доске сумо: башня с зубом дракона, полученным за выигранный раунд (R10). Сумо ходит не дальше чем на 5 клеток, двойное сумо — на 3, тройное — на 1 (R11). Вместо хода сумо, которым нужно ходить, может толкнуть башню соперника прямо перед собой на клетку назад; соперник тогда пропускает очередь (R12, R13).',
  'sumo.note_zvezda': 'На доске башня с кольцом: она выиграла раунд (звезда). Башня с кольцами ходит не дальше чем на 5 клеток и может толкнуть одну башню соперника ниже рангом на клетку вдоль линии своего хода, если клетка за ней свободна; соперник тогда ходит башней цвета клетки, куда встала сдвинутая башня. С двумя кольцами башня ходит и вбок, с тремя — ещё и назад.',
  'sumo.lesson': 'Урок: толчок сумо', 'sumo.close': 'Понятно',
  'board.push_word': 'толчок', 'board.push_title': 'толчок: башня отсюда сдвинется на клетку назад',
});

// ---------- why a move is refused ----------

const WAYS = { forward: 'вперёд, прямо или по диагонали', sideways: 'вперёд или вбок', any: 'в любом направлении' };
const NTH = { 1: 'первый', 2: 'второй', 3: 'третий' };
const RANK_CAP = (rank) => cap(RANK[rank] || rank);
/** «на 1 клетку», «на 3 клетки», «на 5 клеток». */
const squaresAcc = (n) => `${n} ${pluralForm(Number(n), forms('клетку', 'клетки', 'клеток'), code)}`;

const SCORE_PART = { black: 'счёт Чёрных', white: 'счёт Золотых', target: 'цель матча' };
// Colour adjectives in the plural: «две синие башни»; the genitive «нет синих клеток».
const COLOUR_PL = {
  orange: 'оранжевые', blue: 'синие', purple: 'фиолетовые', pink: 'розовые', yellow: 'жёлтые',
  red: 'красные', green: 'зелёные', brown: 'коричневые', ivory: 'кремовые', charcoal: 'угольные',
};
const colourPluralGen = (name) => (COLOUR_PL[name] ? `${COLOUR_PL[name].slice(0, -1)}х` : name);
/** A board's size as Russian writes it: 8×8. */
const boardName = (b) => String(b).replace('x', '×');
/** A rule set in words: «Стандартные, ограничения дебюта». */
const rulesName = (rules) => String(rules).split('+')
  .map((n, i) => { const w = words[`lobby.${n}`] || n; return i ? w.toLowerCase() : w; }).join(', ');

// Each cause's words, by its kind (kamisado-wire's refusal/cause.rs).
const CAUSES = {
  round_over: (c) => `раунд окончен: ${c.ending === 'deadlock' ? `${side(c.winner)} победили, потому что возник тупик` : `${side(c.winner)} победили, дойдя до домашнего ряда`}`,
  pass_with_free_choice: () => 'пропуск — только для обязанной башни, которой некуда идти, а сейчас ходить может любая башня',
  pass_not_blocked: (c) => `${cap(tower(c))} на ${c.square} ${past(c, 'обязана', 'обязано')} ходить и может пойти, поэтому ${side(c.side)} не могут пропустить ход`,
  no_tower: (c) => `на ${c.square} нет башни`,
  opponents_tower: (c) => `башня на ${c.square} принадлежит ${SIDES_DAT[other(c.side)]}, а ходят ${side(c.side)}`,
  not_forced: (c) => `${side(c.side)} должны ходить ${COLOUR_INS[c.colour] || c.colour} башней с ${c.square} (R5), а не ${COLOUR_INS[c.tried] || c.tried} с ${c.from}`,
  zvezda_no_ring: (c) => `толкать может только башня с кольцом, а у ${COLOUR_INS[c.colour] || c.colour} башни колец нет`,
  zvezda_push: (c) => `по правилам «Звезды» эта башня толкает одну соседнюю башню соперника ниже рангом на клетку ${WAYS[c.ways]}, на свободную клетку`,
  zvezda_move: (c) => `по правилам «Звезды» эта башня ходит ${WAYS[c.ways]}, не дальше чем на ${squaresAcc(c.reach)}, по прямой и без прыжков`,
  push_not_straight: (c) => `толчок сдвигает сумо на одну клетку прямо вперёд, на ${c.square}`,
  push_off_board: () => 'толчок сдвигает сумо на одну клетку прямо вперёд, а впереди край доски',
  not_sumo: (c) => `толкать может только сумо, а у ${COLOUR_INS[c.colour] || c.colour} башни на ${c.square} нет зубов дракона`,
  nothing_to_push: (c) => `на ${c.square} нет башни соперника, которую можно толкнуть`,
  own_tower_in_line: (c) => `впереди на линии стоит башня самих ${sideGen(c.side)} на ${c.square}; толкать можно только башни соперника`,
  line_too_long: (c) => `${RANK_CAP(c.rank)} толкает не больше ${Number(c.most) === 1 ? 'одной башни' : `${c.most} башен`} (R12)`,
  not_lower_rank: (c) => `башня на ${c.square} не ниже рангом, чем толкающее ${RANK[c.rank] || c.rank}`,
  no_room_behind: () => 'клетка за линией занята или лежит за краем доски',
  push_not_allowed: () => 'этот толчок здесь невозможен',
  not_forward: () => 'башни ходят только вперёд (R3)',
  not_straight_or_diagonal: () => 'башни ходят прямо вперёд или по диагонали вперёд (R3)',
  too_far: (c) => `${RANK_CAP(c.rank)} ходит не дальше чем на ${squaresAcc(c.reach)} (R11)`,
  opening_limit: (c) => `в каждом раунде ${NTH[c.ply]} полуход — не дальше чем на ${squaresAcc(c.limit)} (ограничения дебюта)`,
  path_blocked: (c) => `путь преграждает башня на ${c.square} (R3)`,
  not_allowed: () => 'правила здесь этого не позволяют',
  not_joined: () => 'ход пишется как две клетки через - (шаг, c1-c6) или > (толчок, d4>d5), а пропуск — pass',
  not_a_square: (c) => `${Number(c.before) ? 'первая' : 'вторая'} клетка, ${c.part}, — не клетка доски (a1–${c.last})`,
  same_square: () => 'башня должна уйти со своей клетки',
  // A position's text that cannot be read.
  fields: (c) => `нужно от 3 до 5 полей через одиночные пробелы (доска, чья очередь, обязательный цвет, при желании полуходы дебюта и счёт матча), а здесь «${c.text}»`,
  ranks: (c) => `доска: для доски ${boardName(c.board)} нужно ${c.size} горизонталей через /, а здесь ${c.found}`,
  two_digits: (c) => `доска, горизонталь ${c.rank}: две цифры подряд; пустые клетки подряд пишутся одной цифрой`,
  bad_run: (c) => `доска, горизонталь ${c.rank}: «${c.run}» — не число пустых клеток от 1 до ${c.size}`,
  plus_first: (c) => `доска, горизонталь ${c.rank}: + ставится только после буквы башни`,
  too_many_teeth: (c) => `доска, горизонталь ${c.rank}: у башни не больше ${c.most} зубов (+)`,
  not_a_tower: (c) => `доска, горизонталь ${c.rank}: «${c.ch}» — не башня доски ${boardName(c.board)} (${c.letters}, у Чёрных заглавные), не число пустых клеток и не +`,
  rank_files: (c) => `доска, горизонталь ${c.rank}: нужно ${c.size} вертикалей, а здесь ${c.found}`,
  side_to_move: (c) => `чья очередь: нужно b (Чёрные) или w (Золотые), а здесь «${c.found}»`,
  forced_letter: (c) => `обязательный цвет: «${c.text}» — не буква цвета доски ${boardName(c.board)} (${c.letters})`,
  forced_dash_star: () => 'обязательный цвет: -* писать нельзя; * ставится после цвета, которым должен ходить толкнувший',
  forced_field: (c) => `обязательный цвет: нужен - или одна строчная буква цвета, можно со * после неё, а здесь «${c.text}»`,
  points: (c) => `поле матча: ${SCORE_PART[c.part]} «${c.text}» — не число очков`,
  leading_zero: (c) => `поле матча: ${SCORE_PART[c.part]} «${c.text}» начинается с нуля`,
  score_shape: (c) => `поле матча: нужен вид «очки Чёрных-очки Золотых/цель», например 2-1/7, а здесь «${c.text}»`,
  score_points: (c) => `поле матча: счёт пишется как «очки Чёрных-очки Золотых», например 2-1, а здесь «${c.text}»`,
  match_target: (c) => `поле матча: матч идёт до 1, 3, 7 или 15 очков, а здесь ${c.found}`,
  impossible_score: (c) => `поле матча: счёта ${c.black}-${c.white} не бывает в матче до ${c.target}`,
  opening_field: (c) => `поле дебюта: нужно @1 или @2 (сколько полуходов раунда уже сыграно), а здесь «${c.text}»`,
  opening_free: (c) => `поле дебюта: ${c.text} ставится только после обязательного цвета; свободный выбор (-) — всегда первый полуход раунда`,
  extra_field: (c) => `поле дебюта (@1, @2) пишется перед счётом матча, а после счёта ничего не пишется; здесь лишнее «${c.text}»`,
  // A position the rules do not allow.
  setup_squares: (c) => `в расстановке ${c.found} ${pluralForm(Number(c.found), forms('клетка', 'клетки', 'клеток'), code)}, а на доске ${boardName(c.board)} их ${c.squares}`,
  no_such_forced: (c) => `на доске ${boardName(c.board)} нет ${colourPluralGen(c.colour)} клеток`,
  opening_not_limited: (c) => `поле @${c.plies} считает полуходы начала раунда, а их ограничивают только правила «${rulesName(c.limited)}»; здесь правила «${rulesName(c.rules)}»`,
  no_such_tower: (c) => `на доске ${boardName(c.board)} нет ${colourPluralGen(c.colour)} башен, а на ${c.square} стоит такая`,
  two_towers: (c) => `у ${sideGen(c.side)} две ${COLOUR_PL[c.colour] || c.colour} башни: на ${c.first} и ${c.second}`,
  missing_tower: (c) => `у ${sideGen(c.side)} нет ${COLOUR_INS[c.colour] || c.colour} башни; у каждой стороны по одной башне каждого цвета`,
  both_home: () => 'у обеих сторон есть башня на домашнем ряду соперника',
  no_move: (c) => `${side(c.side)} могут ходить любой башней, но ни одна не может сдвинуться`,
};

/**
 * A refusal's cause (why a move or a record is refused) in words; undefined
 * for a kind the page does not know. A cause held in another (`inner`) is
 * told by `tell`: i18n.js's causeWords, which knows a match's refusals too.
 */
export function causeWords(c, tell = causeWords) { return c && Object.hasOwn(CAUSES, c.kind) ? CAUSES[c.kind](c, tell) : undefined; }

// ---------- why a record is refused ----------

/** A record's cause: the words `told` of it, after its line when it has one. */
const recordCause = (told) => (c, tell) => {
  const w = told(c, tell);
  return w === undefined || c.line === undefined ? w : `строка ${c.line}: ${w}`;
};
/** A record's cause that holds another (`inner`): `make` of that one's words, if they are known. */
const recordHolding = (make) => recordCause((c, tell) => {
  const inner = tell(c.inner);
  return inner === undefined ? undefined : make(c, inner);
});
/** How a round ended, in a word: «домашний ряд», «тупик». */
const endName = (end) => words[`how.${end}`] || end;
/** A round's winner and how, as a record writes it: «Чёрные (тупик)». */
const wonBy = (winner, end) => `${side(winner)} (${endName(end)})`;

// Each record's fault's words, by its kind (kamisado-wire's
// refusal/record_cause.rs). A record's own words (its tags' names, rule
// sets, round lines, fill sides and endings) are written as they are.
Object.assign(CAUSES, {
  tag_form: recordCause(() => 'тег пишется так: [Имя "значение"]'),
  tag_no_value: recordCause(() => 'тег пишется так: [Имя "значение"], а значения нет'),
  tag_name: recordCause((c) => `${c.part} — не имя тега: оно из букв, цифр и _`),
  tag_unquoted: recordCause((c) => `значение тега ${c.tag} должно стоять в двойных кавычках`),
  tag_escape: recordCause((c) => `тег ${c.tag}: после \\ должен идти \\ или "`),
  tag_quote: recordCause((c) => `тег ${c.tag}: кавычка " внутри значения пишется как \\"`),
  tag_after_moves: recordCause(() => 'теги пишутся до ходов'),
  tag_twice: recordCause((c) => `тег ${c.tag} встречается дважды`),
  tag_missing: recordCause((c) => `нет тега ${c.tag}`),
  board_tag: recordCause((c) => `тег Board: ${c.part} — не доска: бывают доски 6×6, 8×8 и 10×10 (или 6, 8, 10)`),
  wrong_board: recordCause((c) => `запись сделана для доски ${boardName(c.board)}, а не ${boardName(c.expected)}`),
  round_header: recordCause((c) => `ожидалась строка round ${c.round}, а написано «${c.part}»`),
  round_header_fill: recordCause((c) => `ожидалась строка round ${c.round} или round ${c.round} fill: left|right, а написано «${c.part}»`),
  fill_side: recordCause((c) => `${c.part} — не сторона заполнения: пишут left или right`),
  no_round: recordCause(() => 'перед ходами должна стоять строка round 1'),
  round_closed: recordCause((c) => `раунд ${c.round} окончен: новый раунд начинается строкой round ${Number(c.round) + 1}`),
  not_an_ending: recordCause((c) => `${c.part} — не исход раунда: пишут home row, deadlock, resignation или time`),
  move_number: recordCause((c) => `раунд ${c.round}: ожидался номер хода «${c.index}.», а написано «${c.part}»`),
  move_missing: recordCause((c) => `раунд ${c.round}, ход ${c.index}: сам ход не записан`),
  move_text: recordHolding((c, why) => `раунд ${c.round}, ход ${c.index}: ${c.part} — не ход: ${why}`),
  rules_tag: recordCause((c) => `тег Rules: ${c.part} — не набор правил: бывают standard, sumo-square и zvezda, можно с +opening-limits`),
  target_text: recordCause((c) => `тег Target: ${c.part} — не 1, 3, 7 и не 15`),
  target_tag: recordHolding((c, why) => `тег Target: ${why}`),
  fen_text: recordCause((c, tell) => `тег FEN: ${tell(c.inner) ?? 'позиция не читается'}`),
  fen_target: recordCause((c) => `по полю матча в теге FEN игра идёт до ${c.fen} ${plural(Number(c.fen), 'point_gen')}, а по тегу Target — до ${c.target}`),
  fen_position: recordHolding((c, why) => `тег FEN: ${why}`),
  first_round_fill: recordCause(() => 'у раунда 1 не бывает выбора заполнения'),
  fill_missing: recordCause((c) => `раунд ${c.round}: не записано, с какой стороны заполнять ряды`),
  round_refused: recordHolding((c, why) => `раунд ${c.round}: ${why}`),
  move_refused: recordHolding((c, why) => `раунд ${c.round}, ход ${c.index}: ${why}`),
  result_missing: recordCause((c) => `раунд ${c.round}: ходы заканчивают раунд, но его итог не записан`),
  result_early: recordCause((c) => `раунд ${c.round}: по записи раунд окончен (${endName(c.end)}), но после этих ходов он ещё идёт`),
  result_wrong: recordCause((c) => `раунд ${c.round}: по записи раунд выиграли ${wonBy(c.winner, c.end)}, а по ходам — ${wonBy(c.moves_winner, c.moves_end)}`),
  result_tag: recordCause((c) => `в теге Result записано ${c.part}, а по ходам ${c.winner ? `матч выиграли ${side(c.winner)}` : 'матч не окончен'}`),
});

// ---------- the server's refusals ----------

// Each refusal's words by its code, from the same params as the English
// (e2e/tests/refusals.test.mjs tells every one): `{p:unit}` is the counted
// word that goes with the number p, `{side:gen}` a side in the genitive,
// `{wait:acc}` a span in the accusative (через 1 минуту).
Object.assign(words, {
  'refusal.internal': 'внутренняя ошибка: сервер не смог выполнить запрос',
  'refusal.no_such_route': 'нет такого адреса: {method} {path}',
  'refusal.no_such_asset': 'нет файла {file}',
  'refusal.body_too_large': 'запрос отклонён: тело запроса больше {max} {max:byte}',
  'refusal.body_unreadable': 'тело запроса не удалось прочитать',
  'refusal.body_not_json': 'запрос отклонён: тело запроса отправляется с заголовком {header}',
  'refusal.cross_site': 'запрос с другого сайта отклонён: он пришёл с {origin}, а не со страницы этого сайта',
  'refusal.too_many_connections': 'слишком много соединений: с одного адреса можно открыть {max} {max:connection}; закройте часть и попробуйте снова',
  'refusal.database_unavailable': 'база данных недоступна: попробуйте через минуту',
  'refusal.disk_full': 'сервер сейчас не может сохранять ходы (диск заполнен): попробуйте чуть позже',
  'refusal.shutting_down': 'сервер останавливается',
  'refusal.not_stored': 'изменение не сохранено: попробуйте ещё раз',
  'refusal.writer_stopped': 'запись в базу данных остановлена',
  'refusal.unavailable': 'сервер сейчас не может это сделать: попробуйте через минуту',
  'refusal.engine_busy': 'движок занят: в работе и в очереди {searches} {searches:search}; спросите чуть позже',
  'refusal.engine_stopping': 'движок останавливается',
  'refusal.engine_failed': 'сбой движка',
  'refusal.engine_no_move': 'движок не нашёл здесь хода',
  'refusal.rate_limited': 'слишком часто: одно соединение может слать {rate} {rate:message} в секунду; это сообщение не прочитано',
  'refusal.bad_query': 'параметры адреса не читаются',
  'refusal.not_a_websocket': 'по этому адресу открывается веб-сокет',
  'refusal.body_not_object': 'тело запроса — объект JSON, например {example}',
  'refusal.body_unknown_field': 'в запросе нет поля «{field}»; есть поля: {fields}',
  'refusal.body_bad_field': 'поле «{field}» заполнено неверно',
  'refusal.body_missing_field': 'в запросе не хватает поля «{field}»',
  'refusal.body_malformed': 'запрос не читается',
  'refusal.message_too_large': 'сообщение отклонено: в нём {length} {length:byte}, а можно не больше {max}',
  'refusal.message_not_json': 'сообщение должно быть объектом JSON, например {example}',
  'refusal.unknown_message': 'сообщения «{t}» нет; есть: {kinds}',
  'refusal.message_without_kind': 'у сообщения нет поля «{field}» с его видом: {kinds}',
  'refusal.unknown_message_field': 'в сообщении «{kind}» нет поля «{field}»; есть поля: {fields}',
  'refusal.message_takes_no_fields': 'у сообщения «{kind}» нет полей, а пришло поле «{field}»',
  'refusal.field_not_number': 'поле «{field}» — номер действия: целое число из последнего состояния партии',
  'refusal.field_not_move': 'поле «{field}» — ход в нотации, например c1-c6 или d4>d5',
  'refusal.field_not_choice': 'поле «{field}» может быть одним из: {choices}',
  'refusal.field_not_text': 'поле «{field}» должно быть текстом',
  'refusal.field_not_text_or_null': 'поле «{field}» должно быть текстом или пустым',
  'refusal.field_not_bool': 'поле «{field}» должно быть логическим: истина или ложь',
  'refusal.malformed_message': 'сообщение «{kind}» не читается',
  'refusal.binary_message': 'сообщения — это текст JSON, а не двоичные данные',
  'refusal.no_such_game': 'партии {id} нет',
  'refusal.bad_seat_key': 'этот ключ не открывает место в этой партии: вы зритель',
  'refusal.watching': 'вы смотрите эту партию: {act} могут только её игроки',
  'refusal.rename_on_one_screen': 'за одним экраном у игроков остаются имена, с которыми начата партия',
  'refusal.resign_for_other': 'нельзя сдаться за {side:gen}',
  'refusal.not_your_turn': 'сейчас ход {side:gen}, а вы играете за {other:gen}',
  'refusal.not_your_fill': 'сейчас {side} выбирают, как заполнить ряды, а вы играете за {other:gen}',
  'refusal.undo_with_friend': 'в партии с другом попросите вернуть ход: соперник может согласиться',
  'refusal.undo_between_accounts': 'в партии между учётными записями ходы не отменяются',
  'refusal.undo_with_clock': 'партия с часами играется до конца: ходы не отменяются',
  'refusal.takeback_not_with_friend': 'вернуть ход просят в партии с другом; здесь отмените ход',
  'refusal.takeback_from_both': 'вернуть ход просит игрок одной стороны',
  'refusal.no_offer_to_answer': 'нет просьбы вернуть ход, на которую можно ответить',
  'refusal.no_offer_to_withdraw': 'нет просьбы вернуть ход, которую можно отозвать',
  'refusal.rematch_new_game': 'против движка и на одном экране реванш — это новая партия',
  'refusal.rematch_watching': 'реванш предлагает один из двух игроков партии',
  'refusal.rematch_tournament': 'у турнирной партии нет реванша: следующую партию назначит турнир',
  'refusal.rematch_too_early': 'реванш предлагают, когда матч окончен',
  'refusal.rematch_made': 'реванш уже начат: партия {id}',
  'refusal.rematch_crossed': 'предложение реванша пришло одновременно с вашим: нажмите ещё раз, чтобы принять его',
  'refusal.no_rematch_offer': 'нет предложения реванша, которое можно отклонить или отозвать',
  'refusal.offer_is_opponents': 'это просьба соперника: примите или отклоните её',
  'refusal.own_offer': 'нельзя ответить на свою просьбу: отклоните её, чтобы отозвать',
  'refusal.no_hints_with_clock': 'в партии с часами подсказок нет',
  'refusal.no_hints_with_friend': 'подсказки есть в партиях против движка и за одним экраном, а не в партии с другом',
  'refusal.no_hints_between_accounts': 'подсказки есть в партиях против движка и за одним экраном, а не в партии между учётными записями',
  'refusal.hint_not_your_move': 'подсказка — для того, чей сейчас ход',
  'refusal.rename_between_accounts': 'в партии между учётными записями каждый играет под именем своей записи',
  'refusal.rename_with_clock': 'в партии с часами каждый играет под именем, с которым вступил',
  'refusal.match_over': 'матч окончен',
  'refusal.match_lost_on_time': 'матч окончен: у {loser:gen} кончилось время',
  'refusal.match_resigned': 'матч окончен: {loser} сдались',
  'refusal.match_won': 'матч окончен: его выиграли {winner}',
  'refusal.time_ran_out': 'ваше время истекло: матч проигран по времени',
  'refusal.no_takeback_after_end': 'матч окончен: вернуть ничего нельзя',
  'refusal.nothing_to_take_back': 'в этом раунде нет хода, который можно вернуть',
  'refusal.action_ahead': 'это отправлено как действие {n}, а партия ещё только на действии {at}',
  'refusal.action_stale': 'это отправлено как действие {n}, а партия уже на действии {at}: она изменилась',
  'refusal.engine_moved': 'позиция изменилась, пока движок думал',
  'refusal.game_busy': 'партия всё время менялась, пока это решалось: посмотрите на неё снова и повторите',
  'refusal.illegal_move': 'ход {mv} невозможен: {why}',
  'refusal.illegal_move.pass': 'пропустить ход нельзя: {why}',
  'refusal.fill_first': 'раунд окончен: сначала {side} выбирают, заполнять ряды слева или справа',
  'refusal.no_fill_now': 'как заполнять ряды, выбирают только после конца раунда',
  'refusal.off_board': '{mv} — не ход доски {board}: клетка за её краем',
  'refusal.bad_target': 'матч играется до 1, 3, 7 или 15 очков, а не до {target}',
  'refusal.bad_level': 'у движка уровни от 1 до 6, уровня {level} нет',
  'refusal.challenge_only': 'партия между учётными записями начинается с вызова: {route}',
  'refusal.clock_initial': 'начальное время часов — от 15 секунд до 3 часов (10800 с), а не {initial} с',
  'refusal.clock_increment': 'добавка часов — от 0 до 60 секунд, а не {increment} с',
  'refusal.bad_days': 'в партии по переписке на ход 1, 3 или 7 дней, а не {days}',
  'refusal.too_many_games': 'слишком много партий: с одного адреса — {max} {max:game} за {minutes} {minutes:minute_acc}; доиграйте или подождите',
  'refusal.claim_not_between_accounts': 'победу можно потребовать только в партии между двумя учётными записями',
  'refusal.claim_with_clock': 'у этой партии есть часы, они её и закончат: победу требуют только в партии без часов',
  'refusal.claim_not_player': 'потребовать победу может только игрок этой партии',
  'refusal.claim_own_turn': 'сейчас ваш ход: победу требует тот, чей ход не сейчас',
  'refusal.claim_too_soon': 'у {side:gen} ещё {left} на ход: победу можно потребовать, когда соперник не ходит {after:acc}, то есть через {left:acc}',
  'refusal.name_too_short': 'в имени {name} {length} {length:character}, а нужно от {min} до {max}',
  'refusal.name_too_long': 'в имени {name} {length} {length:character}, а нужно от {min} до {max}',
  'refusal.name_character': 'в имени {name} есть {character}: имя состоит из букв, цифр, _ и -',
  'refusal.name_mixed_scripts': 'в имени {name} смешаны латиница и кириллица, и его можно принять за другое имя',
  'refusal.password_too_short': 'в пароле {length} {length:character}, а нужно не меньше {min}',
  'refusal.password_too_long': 'пароль длиннее {max} {max:character_gen}',
  'refusal.too_many_sign_ups': 'с этого адреса создано слишком много учётных записей: попробуйте через {wait:acc}',
  'refusal.name_taken': 'имя {name} занято: выберите другое',
  'refusal.name_looks_taken': 'имя {name} похоже на занятое имя {taken}: выберите другое',
  'refusal.wrong_password': 'неверное имя или пароль',
  'refusal.too_many_wrong_passwords': 'слишком много неверных паролей: попробуйте через {wait:acc}',
  'refusal.wrong_own_password': 'пароль неверный',
  'refusal.claim_at_sign_in': 'партии привязываются при создании учётной записи, а не при входе',
  'refusal.sign_in_required': 'войдите, чтобы {action}',
  'refusal.unfinished_games': 'у вас {count} {count:unfinished_game} с другими игроками: доиграйте или сдайтесь, прежде чем удалять учётную запись',
  'refusal.no_such_player': 'игрока с именем {name} нет',
  'refusal.challenge_self': 'нельзя вызвать самого себя',
  'refusal.challenge_clock_and_days': 'у вызова либо часы, либо дни на ход, но не то и другое',
  'refusal.no_such_challenge': 'вызова {id} нет',
  'refusal.challenge_taken': 'этот вызов уже принял кто-то другой',
  'refusal.challenge_cancelled': 'этот вызов отменён его автором',
  'refusal.challenge_own': 'нельзя принять свой вызов',
  'refusal.challenge_declined': 'этот вызов отклонён игроком, которому он адресован',
  'refusal.challenge_not_yours': 'это не ваш вызов: он адресован другому игроку или создан другим',
  'refusal.challenge_not_addressed': 'отклонить вызов может только тот, кому он адресован',
  'refusal.challenge_closed': 'этот вызов уже закрыт: принят, отменён или отклонён',
  'refusal.too_many_challenges': 'у вас уже {max} {max:open_challenge}: отмените какой-нибудь',
  'refusal.bad_authorization': 'токен API передаётся в заголовке {header}',
  'refusal.bot_no_learning': 'учётной записи бота недоступны доска анализа, опасность ходов, уроки и задачи',
  'refusal.bot_no_review': 'учётной записи бота недоступен разбор партии',
  'refusal.bot_no_games': 'бот играет через вызовы, а не в своих партиях',
  'refusal.token_no_account': 'токеном API нельзя управлять учётной записью и её токенами: войдите на сайте',
  'refusal.token_scope': 'у этого токена API нет права {scope}, нужного для {path}',
  'refusal.token_unknown': 'этот токен API неизвестен или отозван',
  'refusal.token_name': 'имя токена — от 1 до {max} {max:character_gen}, без управляющих символов',
  'refusal.token_no_scope': 'токену нужно хотя бы одно право',
  'refusal.too_many_tokens': 'у учётной записи уже предельное число токенов, {max}: отзовите какой-нибудь',
  'refusal.no_such_token': 'у вас нет действующего токена API {id}',
  'refusal.already_bot': '{name} — уже учётная запись бота',
  'refusal.bot_has_games': 'у {name} уже есть партии: ботом становится только новая учётная запись без партий',
  'refusal.not_a_bot': '{name} — не учётная запись бота: сначала сделайте её ботом ({route})',
  'refusal.no_such_tournament': 'турнира {id} нет',
  'refusal.entered_already': 'вы уже участвуете в этом турнире',
  'refusal.engine_entered_already': 'этот движок уже участвует в турнире',
  'refusal.tournament_full': 'турнир заполнен: все {max} {max:place} заняты',
  'refusal.tournament_over': 'турнир окончен',
  'refusal.tournament_cancelled': 'турнир отменён',
  'refusal.round_robin_started': 'в круговой турнир после его начала не вступают',
  'refusal.arena_ended': 'арена закончилась: пар больше не будет',
  'refusal.entries_closed': 'вступить можно было до жеребьёвки раунда {round}',
  'refusal.engines_by_creator': 'движки добавляет только создатель турнира',
  'refusal.not_entered': 'вы не участвуете в этом турнире',
  'refusal.withdrawn_already': 'вы уже вышли из этого турнира',
  'refusal.pause_not_arena': 'паузу берут только на арене: из швейцарского или кругового турнира можно выйти',
  'refusal.not_in_arena': 'вы не играете на этой арене',
  'refusal.paused_already': 'вы уже на паузе',
  'refusal.not_paused': 'вы не на паузе',
  'refusal.cancel_not_creator': 'отменить турнир может только его создатель',
  'refusal.change_not_creator': 'изменить настройки турнира может только его создатель',
  'refusal.engines_join_route': 'движки добавляются через {route}',
  'refusal.too_many_entrants': 'участников уже {entered}: наибольшее число не может быть {max}',
  'refusal.tournament_started': 'турнир начался: его настройки больше не меняются',
  'refusal.arena_no_report': 'у арены нет раундов для отчёта: её таблица — по адресу {route}',
  'refusal.too_many_tournaments': 'у вас уже {max} {max:unfinished_tournament}: отмените один или дождитесь конца',
  'refusal.tournament_name': 'в названии турнира от 2 до 60 символов, а не {length}',
  'refusal.tournament_clock_and_days': 'у турнира либо часы, либо дни на ход, но не то и другое',
  'refusal.swiss_rounds': 'в швейцарском турнире от 1 до {max} раундов, а не {rounds}',
  'refusal.round_robin_rounds': 'в круговом турнире до {players} {players:player_gen} раундов может быть не больше {most}, а не {rounds}',
  'refusal.arena_rounds': 'у арены нет раундов: она сводит игроков в пары всё своё время ({field})',
  'refusal.tournament_players': 'в турнире от 2 до {max} игроков, а не {players}',
  'refusal.min_players': 'наименьшее число игроков для начала — от 2 до {max} (наибольшего), а не {players}',
  'refusal.starts_too_late': 'турнир начинается не позже чем через 30 дней ({max} с), а не через {starts_in} с',
  'refusal.pause_too_long': 'между раундами не больше суток ({max} с), а не {pause} с',
  'refusal.length_not_arena': 'длительность есть только у арены: у швейцарского и кругового турнира — раунды',
  'refusal.arena_double': 'арена играет одиночные партии: двойных раундов в ней нет',
  'refusal.arena_length': 'арена длится от 10 секунд до недели (604800 с), а не {length} с',
  'refusal.too_many_engines': 'движков — {engines}, а мест в турнире — {players}',
  'refusal.round_robin_late': 'пары кругового турнира определяются при его начале: вступить позже нельзя',
  'refusal.late_entry': 'вступать можно до раунда от 1 до {rounds}, а не до {late}',
  'refusal.cannot_pair': 'для раунда {round} не нашлось пар',
  'refusal.arena_no_rounds': 'арена сводит игроков в пары по мере окончания партий, а не по раундам',
  'refusal.no_such_round': 'в круговом турнире нет раунда {round}',
  'refusal.danger_game_and_position': 'в запросе опасности указывают партию или позицию, но не обе',
  'refusal.danger_needs_game_or_position': 'в запросе опасности нужна партия (её номер) или позиция',
  'refusal.danger_with_clock': 'в партии с часами опасность ходов не показывается',
  'refusal.danger_between_players': 'опасность ходов показывается против движка и за одним экраном, а не в партии двух игроков',
  'refusal.not_a_square': '{text} — не клетка: нужна клетка от a1 до {last}, например c3',
  'refusal.tower_cannot_move': 'на {square} нет башни, которая может ходить в этой позиции',
  'refusal.bad_position': 'позиция не читается: {detail}',
  'refusal.invalid_position': 'позиция нарушает правила: {detail}',
  'refusal.not_a_position': 'это ни запись партии, ни позиция: {detail}',
  'refusal.bad_record': 'запись партии не читается: {detail}',
  'refusal.record_bad_fill': 'запись партии: заполнение в раунде {round} невозможно: {detail}',
  'refusal.record_bad_move': 'запись партии: ход {index} в раунде {round} невозможен: {detail}',
  'refusal.record_too_long': 'доска анализа принимает записи не длиннее {limit} {limit:move_gen}',
  'refusal.text_too_long': 'в тексте {length} {length:byte}, а можно не больше {max}',
  'refusal.line_start_past_end': 'в тексте {moves} {moves:move}, хода {at} в нём нет',
  'refusal.line_bad_move': 'ход {index} продолжения ({mv}) невозможен: {detail}',
  'refusal.line_too_long': 'продолжение — не длиннее {max} {max:move_gen}',
  'refusal.no_such_lesson': 'урока {id} нет',
  'refusal.no_puzzles_yet': 'задач пока нет: набор готовится, попробуйте через минуту',
  'refusal.no_such_puzzle': 'задачи {id} нет',
  'refusal.not_a_move': '{text} — не ход: {detail}',
  'refusal.not_legal_here': 'ход {mv} здесь невозможен: {detail}',
  'refusal.not_legal_here.pass': 'пропустить ход здесь нельзя: {detail}',
  'refusal.bad_grade': 'уровень — от 1 до 5, а не {grade}',
  'refusal_word.space': 'пробел', 'refusal_word.code': 'невидимый символ с номером {dec}', 'refusal_word.quoted': '«{c}»',
  'choice.act.play': 'ходить', 'choice.act.resign': 'сдаться', 'choice.act.undo': 'отменять ходы',
  'choice.act.offer_takeback': 'просить вернуть ход', 'choice.act.answer_takeback': 'отвечать на просьбу вернуть ход', 'choice.act.withdraw_takeback': 'отзывать просьбу вернуть ход',
  'choice.act.hint': 'брать подсказки', 'choice.act.rename': 'менять имя',
  'choice.action.decline_challenge': 'отклонить вызов', 'choice.action.create_challenge': 'создать вызов', 'choice.action.cancel_challenge': 'отменить вызов',
  'choice.action.accept_challenge': 'принять вызов', 'choice.action.change_password': 'сменить пароль', 'choice.action.sign_out_everywhere': 'выйти на всех устройствах',
  'choice.action.delete_account': 'удалить учётную запись', 'choice.action.read_bot_events': 'читать события бота', 'choice.action.make_token': 'создать токен API',
  'choice.action.see_tokens': 'посмотреть свои токены API', 'choice.action.revoke_token': 'отозвать токен API', 'choice.action.make_bot': 'сделать свою учётную запись ботом',
  'choice.action.see_games': 'посмотреть свои партии', 'choice.action.make_tournament': 'создать турнир', 'choice.action.enter_tournament': 'вступить в турнир',
  'choice.action.withdraw': 'выйти из турнира', 'choice.action.pause': 'взять паузу', 'choice.action.resume': 'вернуться к игре',
  'choice.action.cancel_tournament': 'отменить турнир', 'choice.action.change_tournament': 'изменить турнир', 'choice.action.claim_win': 'потребовать победу',
  'choice.kind.join': 'вход', 'choice.kind.move': 'ход', 'choice.kind.fill': 'заполнение',
  'choice.kind.resign': 'сдача', 'choice.kind.undo': 'отмена хода', 'choice.kind.takeback': 'просьба вернуть ход',
  'choice.kind.takeback_reply': 'ответ на просьбу вернуть ход', 'choice.kind.hint': 'подсказка', 'choice.kind.name': 'имя', 'choice.kind.rematch': 'реванш',
  'choice.kind.sync': 'синхронизация',
});
