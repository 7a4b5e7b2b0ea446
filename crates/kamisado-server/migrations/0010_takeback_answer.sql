-- What became of a game's last takeback offer, told to both seats until the
-- next action or offer: the side whose seat ended it and how, as
-- `w declined`, `b withdrawn` or `w accepted`.
ALTER TABLE games ADD COLUMN takeback_answer TEXT;
