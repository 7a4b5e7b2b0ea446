-- What became of a game's last takeback offer, told to both seats until the
-- next action or offer: the side whose seat ended it and how, as
-- `w declined`, `b withdrawn` or `w accepted`.
ALTER TABLE games ADD COLUMN takeback_answer TEXT;
-- A finished match's rematch: the side offering it, a declined or withdrawn
-- offer (as above), and the rematch's id once both players asked for it.
ALTER TABLE games ADD COLUMN rematch TEXT;
ALTER TABLE games ADD COLUMN rematch_answer TEXT;
ALTER TABLE games ADD COLUMN rematch_game TEXT;
