// Requests to the server's JSON API: the answer's body, or an Error whose
// message is the server's refusal in the reader's words (every refusal
// answers {"error": English words, "code": …, "params": {…}}), with the
// refusal itself as `refusal`.
import { t, refusalWords } from './i18n.js';


/** Sends `method url` with `body` as JSON (if given); resolves to the answer's JSON. */
export async function request(method, url, body) {
  // The page is served with `Referrer-Policy: no-referrer`, under which the
  // Fetch standard has a browser send `Origin: null` with a POST (Chromium
  // sends the origin all the same); the server refuses a change whose origin
  // is not its own, so this request names it, and no more than it.
  const init = { method, headers: {}, referrerPolicy: 'strict-origin' };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, init);
  } catch (e) {
    throw new Error(t('net.unreachable'));
  }
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok) {
    const words = data && (data.code ? refusalWords(data) : data.error);
    const error = new Error(words || `${res.status} ${res.statusText}`);
    error.status = res.status;
    error.refusal = data && data.code ? data : null;
    throw error;
  }
  return data;
}
