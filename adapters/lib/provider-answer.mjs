// What one answer of a model provider says about the provider, read from a copy of its bytes as they pass:
// a refused key, a spent quota, a transient failure (worth a retry) or the request's own problem, whether
// the provider says so with its HTTP status or after a 200, in its stream (an Anthropic `error` event, a
// Responses `response.failed` or `error` event, an error chunk of a chat-completions stream) or in a JSON
// body; and a stream cut before its answer ended (no `message_stop`, no `response.completed`, no `[DONE]`
// or finish reason); and a 200 to a call (a POST) whose body is an HTML page, what a proxy, a captive portal
// or a gateway's sign-in answers in the provider's place, which no model API sends. A model's own refusal, an
// incomplete answer (its length limit, a content filter) and a request the provider rejects as malformed are
// answers, not the provider failing.
//
// The server-sent events are parsed here rather than by a library: this runs inside the agent's sandbox,
// which shows the adapters but not trialgate's node_modules.
import { StringDecoder } from 'node:string_decoder';

/** How much of an answer that is not a stream is kept to be read (an error body, a JSON answer). */
const BODY_BYTES = 64 * 1024;

/** An answer's body as it passes: its first BODY_BYTES kept, its whole size counted. */
function keptBody() {
  const chunks = [];
  let size = 0;
  return {
    push(chunk) {
      if (size < BODY_BYTES) chunks.push(chunk);
      size += chunk.length;
    },
    size: () => size,
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** What an HTTP status (and its body) says: `ok`, `auth`, `quota`, `transient` (worth a retry) or `other` (the request's own problem). */
export function classify(status, body) {
  if (status < 400) return 'ok';
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 429) return QUOTA.test(body) ? 'quota' : 'transient';
  if (status === 400 && /credit balance|billing/i.test(body)) return 'quota';
  if (status === 408 || status >= 500) return 'transient';
  return 'other';
}

const QUOTA = /insufficient_quota|quota|billing|credit/i;
const AUTH = /authentication|permission|invalid_api_key|unauthori[sz]ed|invalid x-api-key|forbidden/i;
/** Error types and codes of the provider's own trouble, in every protocol's words (overloaded_error, api_error, server_error, rate_limit_exceeded, …). */
const TRANSIENT = /overload|api_error|server_error|internal|unavailable|timeout|timed out|rate.?limit|capacity|try again|temporar|bad gateway|upstream/i;

/** What an error a provider reports after a 200 says (`{type, code, message}` of any protocol). */
export function classifyReported(error) {
  const code = error?.code ?? error?.status;
  const words = [error?.type, typeof code === 'string' ? code : '', error?.message].filter((w) => typeof w === 'string').join(' ');
  if (typeof code === 'number' && code >= 400) return classify(code, words);
  if (/credit balance|insufficient_quota|billing|quota/i.test(words)) return 'quota';
  if (AUTH.test(words)) return 'auth';
  if (TRANSIENT.test(words)) return 'transient';
  return 'other';
}

/** An error's words on one line: `type: message`. */
function describe(error) {
  const type = error?.type && error.type !== 'error' ? error.type : error?.code;
  const message = typeof error?.message === 'string' ? error.message.replace(/\s+/g, ' ').trim().slice(0, 300) : '';
  return [typeof type === 'string' || typeof type === 'number' ? String(type) : '', message].filter(Boolean).join(': ') || '(no message)';
}

/**
 * The tokens one answer (or one event of it) says it used, in any protocol's words, or undefined: Anthropic's
 * `usage` (its cache reads and writes are input too; `message_start` carries it in its message), the
 * Responses API's in its `response`, chat completions' `prompt_tokens` and `completion_tokens`.
 */
function usageIn(json) {
  const usage = json?.message?.usage ?? json?.response?.usage ?? json?.usage;
  if (!usage || typeof usage !== 'object') return undefined;
  const n = (v) => (Number.isFinite(v) && v >= 0 ? v : 0);
  const input = n(usage.input_tokens) + n(usage.cache_creation_input_tokens) + n(usage.cache_read_input_tokens) + n(usage.prompt_tokens);
  const output = n(usage.output_tokens) + n(usage.completion_tokens);
  return input || output ? { input, output } : undefined;
}

/** The usage of an answer so far, each figure as last reported (Anthropic's `message_delta` carries the whole output). */
function usageTally() {
  let seen;
  return {
    add(json) {
      const found = usageIn(json);
      if (!found) return;
      seen = { input: found.input || seen?.input || 0, output: found.output || seen?.output || 0 };
    },
    get: () => seen,
  };
}

/**
 * A reader of one successful (HTTP 2xx/3xx) answer: `push(chunk)` every byte as it passes, then
 * `end(complete)` (false when the connection ended before the answer did) returns
 * `{ kind, what }`: `kind` as classify's; `what` says what happened, for a reason. An answer that has no
 * body (to a HEAD request, a 204 or 304) is read as such. `usage()`: the tokens the answer reported it
 * used (`{ input, output }`), or undefined.
 */
export function answerReader(headers, { method = 'POST', status = 200 } = {}) {
  const type = String(headers['content-type'] ?? '');
  const encoded = headers['content-encoding'] && headers['content-encoding'] !== 'identity';
  if (encoded || method === 'HEAD' || status === 204 || status === 304) return opaque();
  if (/text\/event-stream/i.test(type)) return eventStream();
  if (/json/i.test(type)) return jsonBody();
  // A page a CLI asked for (GET) may be HTML; a model call's answer never is.
  if (method === 'POST') return pageOrOpaque();
  return opaque();
}

/** The start of an HTML page, past blank space and a byte-order mark. */
const HTML_START = /^\uFEFF?\s*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;
const HTML_TITLE = /<title[^>]*>([^<]*)</i;

/** An answer of another kind (text/html, text/plain, none said): an HTML page is not a model answer; anything else is passed on unread. */
function pageOrOpaque() {
  const body = keptBody();
  return {
    push: body.push,
    end(complete) {
      const text = body.text();
      if (HTML_START.test(text)) {
        const title = HTML_TITLE.exec(text)?.[1]?.replace(/\s+/g, ' ').trim().slice(0, 120);
        return { kind: 'transient', what: `an HTML page, not a model answer${title ? ` (${title})` : ''}` };
      }
      return opaque().end(complete);
    },
    usage: () => undefined,
  };
}

/** An answer that cannot be read (compressed, or of no known kind): only a cut connection says anything. */
function opaque() {
  return {
    push() {},
    end: (complete) => (complete ? { kind: 'ok' } : { kind: 'transient', what: 'the connection closed before the answer ended' }),
    usage: () => undefined,
  };
}

/** A JSON answer: a 200 that carries an error (some OpenAI-compatible servers do), or a body cut short. */
function jsonBody() {
  const body = keptBody();
  const tally = usageTally();
  return {
    usage: tally.get,
    push: body.push,
    end(complete) {
      if (!complete) return { kind: 'transient', what: 'the connection closed before the answer ended' };
      if (body.size() === 0 || body.size() > BODY_BYTES) return { kind: 'ok' };
      let json;
      try {
        json = JSON.parse(body.text());
      } catch {
        return { kind: 'transient', what: 'the answer ended before its JSON did' };
      }
      tally.add(json);
      const error = json?.type === 'error' ? json.error : json?.error;
      if (error && typeof error === 'object' && !json.choices && !json.content && !json.output) {
        return { kind: classifyReported(error), what: `an error in a 200 answer: ${describe(error)}` };
      }
      return { kind: 'ok' };
    },
  };
}

/**
 * A stream of server-sent events: the first error event decides; otherwise a stream of a known protocol
 * that ends before its last event is cut.
 */
function eventStream() {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let event = '';
  let data = [];
  let protocol;
  let finished = false;
  let error;
  const tally = usageTally();

  const dispatch = () => {
    const text = data.join('\n');
    const name = event;
    event = '';
    data = [];
    if (error || !text) return;
    if (text === '[DONE]') {
      finished = true;
      return;
    }
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const kind = typeof json?.type === 'string' ? json.type : name;
    tally.add(json);
    if (kind === 'error' || name === 'error') {
      // Anthropic `{type: error, error: {type, message}}`; Responses `{type: error, code, message}`.
      error = json.error && typeof json.error === 'object' ? json.error : json;
      return;
    }
    if (/^(message_|content_block_|ping$)/.test(kind)) protocol = 'anthropic';
    else if (kind.startsWith('response.')) protocol = 'responses';
    else if (json?.object === 'chat.completion.chunk' || Array.isArray(json?.choices)) protocol = 'chat';
    if (kind === 'message_stop' || kind === 'response.completed' || kind === 'response.incomplete') finished = true;
    else if (kind === 'response.failed') error = json.response?.error ?? { type: 'response.failed', message: 'the response failed' };
    else if (json?.error && typeof json.error === 'object') error = json.error;
    else if (Array.isArray(json?.choices)) {
      for (const choice of json.choices) {
        if (choice?.finish_reason === 'error') error = choice.error ?? { type: 'server_error', message: 'finish_reason "error"' };
        else if (choice?.finish_reason) finished = true;
      }
    }
  };
  const line = (text) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  const feed = (text) => {
    pending += text;
    // A \r at the end may be the first half of a \r\n: it waits for the next chunk.
    const upTo = pending.endsWith('\r') ? pending.length - 1 : pending.length;
    const lines = pending.slice(0, upTo).split(/\r\n|\r|\n/);
    pending = lines.pop() + pending.slice(upTo);
    for (const each of lines) line(each);
  };

  return {
    usage: tally.get,
    push(chunk) {
      if (!error) feed(decoder.write(chunk));
    },
    end(complete) {
      if (!error) {
        // An event the stream ended in the middle of is still read: only what it says matters here.
        feed(`${decoder.end()}\n\n`);
      }
      if (error) return { kind: classifyReported(error), what: `an error event after the 200: ${describe(error)}` };
      if (!complete) return { kind: 'transient', what: 'the stream was cut before the answer ended' };
      if (protocol && !finished) return { kind: 'transient', what: 'the stream ended before the answer did (no last event)' };
      return { kind: 'ok' };
    },
  };
}
