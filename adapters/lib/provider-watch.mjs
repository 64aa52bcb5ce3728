// The provider watch: a loopback relay between an agent and its model provider that passes every request
// and answer through unchanged (streams included, a cut stream cut the same way) and reads them, so that an
// adapter knows when the environment failed whatever its CLI does with it:
//
// - a refused key (401/403) or a spent quota (429 insufficient_quota, 402, a credit balance too low) at once;
// - a provider that sends nothing for `silenceMs` while a call waits on it (hung) at once: CLIs wait minutes
//   for such a call, and retry it, which would end the trial at its budget as the agent's failure;
// - an outage after a few failed calls in a row with no success between them: a 5xx or a 429 rate limit, no
//   connection, an error the provider reports after a 200 (an `error` event, `response.failed`, an error
//   chunk), a stream cut before its answer ended;
// - and, when the CLI gives up, the failures since the last success (`pending`).
//
// A call the CLI retried with success is nothing. A model's refusal and a request the provider rejects as
// malformed are answers (provider-answer.mjs). Only calls that carry the key count: a command the model runs
// cannot fake an outage by calling the relay. With agent.network: full the relay listens on the runner's
// loopback, where another trial's agent can find its port: it answers only below a path of its own that
// nobody else can guess (the CLI's base URL), and refuses anything else unforwarded and uncounted, so no
// other trial can spend this one's calls or declare its provider failed.
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream';
import { answerReader, classify } from './provider-answer.mjs';

export { classify } from './provider-answer.mjs';

/** Failed calls in a row (no success between) that make an outage; TRIALGATE_PROVIDER_FAILURES overrides. */
export const OUTAGE_FAILURES = 4;
/**
 * Silence that makes a provider hung when the trial's budget is not known, and the most it is otherwise
 * (silenceFor): Codex CLI's own stream idle timeout, for a reasoning model may stream nothing for minutes.
 */
export const SILENCE_SECONDS = 300;
const ERROR_BODY_BYTES = 64 * 1024;
/**
 * Silence after which a call the CLI gave up on and then made again counts as failed: a stream idle timeout of
 * the CLI's own (Codex's `stream_idle_timeout_ms`), however short, retried until the CLI gives up, is the
 * provider failing. A call cancelled after less, or one the CLI makes no other call after (it crashed or
 * ended), is the CLI's own doing.
 */
const RETRIED_SILENCE_MS = 1000;
/** Headers of one hop, never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

/**
 * The silence (seconds) after which a provider is hung, for a trial of `budgetSeconds`: a third of the
 * budget, at least 10 s and at most SILENCE_SECONDS, so that a hung provider is declared well before the
 * budget ends the trial as the agent's failure. `override` (TRIALGATE_PROVIDER_SILENCE_SECONDS) wins.
 */
export function silenceFor(budgetSeconds, override) {
  const given = Number(override);
  if (override !== undefined && override !== '' && Number.isFinite(given) && given > 0) return given;
  if (!(Number(budgetSeconds) > 0)) return SILENCE_SECONDS;
  return Math.min(SILENCE_SECONDS, Math.max(10, Math.round(Number(budgetSeconds) / 3)));
}

/**
 * Start the relay in front of `upstream` (the provider's base URL). `url` is the base URL to give the CLI
 * instead; `onFatal(reason)` is called once, when the environment is known to have failed.
 */
export async function startProviderWatch({ upstream, key, keyVar, onFatal, failures = OUTAGE_FAILURES, silenceMs = SILENCE_SECONDS * 1000 }) {
  const base = new URL(upstream);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  let inARow = 0;
  let lastFailure;
  let fatal;
  /** Calls carrying the key so far; and a call the CLI gave up on after silence, counted once the CLI calls again. */
  let calls = 0;
  let gaveUp;
  /** The tokens the provider's answers to calls carrying the key reported, the answers that failed included. */
  const spent = { input: 0, output: 0, answers: 0 };
  const declare = (reason) => {
    if (fatal) return;
    fatal = reason;
    onFatal(reason);
  };
  const note = (kind, what) => {
    if (fatal) return;
    if (kind === 'ok') {
      inARow = 0;
      lastFailure = undefined;
    } else if (kind === 'auth') declare(`the provider refused the key: ${what} (check ${keyVar} in the workflow's secrets)`);
    else if (kind === 'quota') declare(`the provider's quota or credit is spent: ${what}`);
    else if (kind === 'transient') {
      inARow++;
      lastFailure = what;
      if (inARow >= failures) declare(`the provider is unavailable: ${inARow} calls in a row failed, the last ${what}`);
    }
  };
  const seconds = (ms) => `${Math.round(ms / 100) / 10} s`;

  const prefix = `/${randomBytes(16).toString('hex')}`;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const own = path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);
    const target = new URL(own ? path.slice(prefix.length) || '/' : '/', base.origin);
    if (!own || target.origin !== base.origin) {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"type":"not_found","message":"trialgate provider watch: unknown path"}}');
      return;
    }
    const authorized = [req.headers['x-api-key'], req.headers.authorization, req.headers['api-key']].some(
      (v) => typeof v === 'string' && key && v.includes(key),
    );
    const where = `${req.method} ${target.origin}${target.pathname}`;
    // One call: counted once, when it is known how it ended, and watched for silence while it waits on the provider.
    let settled = false;
    let lastByte = Date.now();
    let answer;
    let timer;
    const settle = (kind, what) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (authorized) note(kind, what);
    };
    const heard = () => {
      lastByte = Date.now();
    };
    const listen = () => {
      if (settled) return;
      const quiet = Date.now() - lastByte;
      if (quiet < silenceMs) return void (timer = setTimeout(listen, silenceMs - quiet).unref());
      settled = true;
      declare(
        `the provider sent nothing for ${seconds(quiet)} while ${where} waited on it (hung; TRIALGATE_PROVIDER_SILENCE_SECONDS sets the limit, now ${seconds(silenceMs)})`,
      );
    };
    const index = authorized ? ++calls : 0;
    if (authorized) {
      timer = setTimeout(listen, silenceMs).unref();
      // The CLI called again after giving up on a silent call: that was its timeout, and the call failed.
      if (gaveUp) note('transient', gaveUp);
      gaveUp = undefined;
    }
    // The CLI left before the answer ended: its own doing, unless the provider had been silent for half the
    // limit (a timeout of the CLI's own, shorter than the watch's, that would hide a hung provider behind its
    // retries), or for RETRIED_SILENCE_MS and the CLI calls again (a still shorter timeout, retried).
    const abandoned = () => {
      if (settled) return;
      const quiet = Date.now() - lastByte;
      if (quiet >= silenceMs / 2) return settle('transient', `no byte from ${where} for ${seconds(quiet)}, when the CLI gave up waiting`);
      settle('cancelled');
      if (!authorized || quiet < RETRIED_SILENCE_MS) return;
      const what = `no byte from ${where} for ${seconds(quiet)}, when the CLI gave up waiting and called again`;
      if (calls > index) note('transient', what);
      else gaveUp = what;
    };

    const headers = { ...req.headers, host: base.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    // Answers come uncompressed, so that they can be read.
    delete headers['accept-encoding'];
    const out = send(target, { method: req.method, headers }, (received) => {
      answer = received;
      heard();
      const status = answer.statusCode ?? 502;
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
      if (status < 400) {
        const reader = answerReader(answer.headers, { method: req.method, status });
        answer.on('data', (chunk) => {
          heard();
          reader.push(chunk);
        });
        res.writeHead(status, answerHeaders);
        // A cut answer is cut for the CLI too (pipeline destroys its side): it sees what the provider did.
        pipeline(answer, res, () => {
          const { kind, what } = reader.end(answer.complete);
          const used = reader.usage();
          if (authorized && used) {
            spent.input += used.input;
            spent.output += used.output;
            spent.answers++;
          }
          settle(kind, kind === 'ok' ? undefined : `${status} from ${where}: ${what}`);
        });
        return;
      }
      const chunks = [];
      let size = 0;
      answer.on('data', (chunk) => {
        heard();
        if (size < ERROR_BODY_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        settle(classify(status, body.toString('utf8')), `${status} from ${where}: ${errorMessage(body)}`);
        res.writeHead(status, answerHeaders).end(body);
      });
      answer.on('error', () => {
        settle('transient', `${status} from ${where}, cut before its body ended`);
        res.destroy();
      });
    });
    out.on('error', (e) => {
      settle('transient', `no answer from ${where} (${e.code ?? e.message})`);
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: 'provider_unreachable', message: `trialgate provider watch: ${base.origin} did not answer (${e.code ?? e.message})` },
        }),
      );
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      // Closed while the provider's answer was still coming: the CLI left (the provider cutting it destroys the answer first).
      if (!answer?.destroyed) abandoned();
      out.destroy();
    });
    req.pipe(out);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}${prefix}${base.pathname.replace(/\/$/, '')}`;
  return {
    url,
    /** What the provider's answers reported they used, `{ input_tokens, output_tokens, total_tokens }`, or undefined when none did. */
    usage: () => (spent.answers ? { input_tokens: spent.input, output_tokens: spent.output, total_tokens: spent.input + spent.output } : undefined),
    /** The provider trouble seen since the last success, when the CLI gave up before the outage threshold. */
    pending: () => (lastFailure ? `the provider failed and the CLI gave up: ${inARow} call(s) in a row failed, the last ${lastFailure}` : undefined),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's own message from an error body (`{"error":{"message":…}}` and the like), on one line. */
function errorMessage(body) {
  const text = body.toString('utf8');
  try {
    const json = JSON.parse(text);
    const message = json?.error?.message ?? json?.message ?? json?.error;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON: the text itself
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || '(no body)';
}
