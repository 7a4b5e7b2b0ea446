// Time in words and figures: a time control ("5+3", "3 days"), a running
// clock ("4:59", "0:09.4"), and the time left for a correspondence move.
import { t, plural } from './i18n.js';


/** A clock control given in seconds ({initial_s, increment_s}) or in ms ({initial_ms, increment_ms}). */
function controlSeconds(clock) {
  if (clock.initial_s !== undefined) return [clock.initial_s, clock.increment_s || 0];
  return [Math.round((clock.initial_ms || 0) / 1000), Math.round((clock.increment_ms || 0) / 1000)];
}

/** "5+3" (minutes + seconds), "1:30+2", "3 days", or "no clock". */
export function controlWords(clock, days) {
  if (days) return t('clock.days', { n: days, days: plural(days, 'day') });
  if (!clock || clock.days) return clock && clock.days ? controlWords(null, clock.days) : t('clock.none');
  const [initial, increment] = controlSeconds(clock);
  const minutes = initial % 60 === 0 ? String(initial / 60) : `${Math.floor(initial / 60)}:${String(initial % 60).padStart(2, '0')}`;
  return `${minutes}+${increment}`;
}

/** A clock's time: "1:05:00", "4:59", and tenths under 10 s ("0:09.4"); never below 0:00. */
export function clockFigures(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(left / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A long time in words: "2 days 5 hours", "3 hours 12 minutes", "4 minutes", or the clock figures under a minute. */
export function durationWords(ms) {
  const left = Math.max(0, ms);
  if (left < 60000) return clockFigures(left);
  const minutes = Math.floor(left / 60000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const part = (n, unit) => `${n} ${plural(n, unit)}`;
  if (days > 0) return hours > 0 ? `${part(days, 'day')} ${part(hours, 'hour')}` : part(days, 'day');
  if (hours > 0) return mins > 0 ? `${part(hours, 'hour')} ${part(mins, 'minute')}` : part(hours, 'hour');
  return part(mins, 'minute');
}

/** Whether a clock's time is low: under 10 s, or under a tenth of the initial time if that is smaller. */
export function isLow(ms, initialMs) {
  return ms < Math.min(10000, initialMs / 10);
}
