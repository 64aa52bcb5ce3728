// The provider watch: a loopback relay between an agent CLI and its model provider that passes every
// request and answer through unchanged (streams included) and reads the statuses, so that an adapter knows
// when the environment failed whatever the CLI prints: a refused key (401/403) and a spent quota (429
// insufficient_quota, 402, a credit balance too low) at once; an outage (5xx, 429 rate limits, connection
// refused) after a few failed calls in a row with no success between them. CLIs retry all of these, some
// for minutes and silently (qwen-code on a 503), and would otherwise end at the budget or as a crash.
//
// Only calls that carry the key count: a command the model runs cannot fake an outage by calling the relay.
// With agent.network: full the relay listens on the runner's loopback, where another trial's agent can
// find its port: it answers only below a path of its own that nobody else can guess (the CLI's base URL),
// and refuses anything else unforwarded and uncounted, so no other trial can spend this one's calls or
// declare its provider failed.
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Failed calls in a row (no success between) that make an outage; TRIALGATE_PROVIDER_FAILURES overrides. */
export const OUTAGE_FAILURES = 4;
const ERROR_BODY_BYTES = 64 * 1024;
/** Headers of one hop, never passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

/** What one answer says about the provider: `ok`, `auth`, `quota`, `transient` (worth a retry) or `other` (the request's own problem). */
export function classify(status, body) {
  if (status < 400) return 'ok';
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 429) return /insufficient_quota|quota|billing|credit/i.test(body) ? 'quota' : 'transient';
  if (status === 400 && /credit balance|billing/i.test(body)) return 'quota';
  if (status === 408 || status >= 500) return 'transient';
  return 'other';
}

/**
 * Start the relay in front of `upstream` (the provider's base URL). `url` is the base URL to give the CLI
 * instead; `onFatal(reason)` is called once, when the environment is known to have failed.
 */
export async function startProviderWatch({ upstream, key, keyVar, onFatal, failures = OUTAGE_FAILURES }) {
  const base = new URL(upstream);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  let inARow = 0;
  let lastFailure;
  let fatal;
  const declare = (reason) => {
    if (fatal) return;
    fatal = reason;
    onFatal(reason);
  };
  const note = (authorized, kind, what) => {
    if (!authorized || fatal) return;
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
    const headers = { ...req.headers, host: base.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    // Answers come uncompressed, so that an error's body can be read.
    delete headers['accept-encoding'];
    const out = send(target, { method: req.method, headers }, (answer) => {
      const status = answer.statusCode ?? 502;
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
      if (status < 400) {
        note(authorized, 'ok');
        res.writeHead(status, answerHeaders);
        answer.pipe(res);
        return;
      }
      const chunks = [];
      let size = 0;
      answer.on('data', (chunk) => {
        if (size < ERROR_BODY_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        note(authorized, classify(status, body.toString('utf8')), `${status} from ${where}: ${errorMessage(body)}`);
        res.writeHead(status, answerHeaders).end(body);
      });
      answer.on('error', () => res.destroy());
    });
    out.on('error', (e) => {
      note(authorized, 'transient', `no answer from ${where} (${e.code ?? e.message})`);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: 'provider_unreachable', message: `trialgate provider watch: ${base.origin} did not answer (${e.code ?? e.message})` },
        }),
      );
    });
    req.pipe(out);
    res.on('close', () => out.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}${prefix}${base.pathname.replace(/\/$/, '')}`;
  return {
    url,
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
