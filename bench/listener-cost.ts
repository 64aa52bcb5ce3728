// Issue 19 (property 2) benchmark: what keeping trialgate's listeners out of other agents' reach costs.
// A tools task's agent reaches its proxy through a relay inside its sandbox that checks, per connection,
// that the caller is a process of its own sandbox; the judge endpoint runs in a network of its own and is
// reached through a relay's unix socket. Measured against the direct way (the proxy's and the judge's own
// loopback port, as unisolated runs still do), interleaved round by round so machine noise hits both alike:
//   - an agent run's start: a sandboxed `true` with the forward (the relay starts first) and without;
//   - one tool call from inside the sandbox, on a kept-alive connection and on a new connection each
//     (the peer check runs once per connection);
//   - the judge endpoint's start, and one judge call, sandboxed and direct.
// Run: node --import tsx bench/listener-cost.ts [rounds]
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Bubblewrap } from '../src/isolation/bubblewrap.ts';
import { openSandbox } from '../src/isolation/open.ts';
import type { Forward, Sandbox } from '../src/isolation/sandbox.ts';
import { Unisolated } from '../src/isolation/unisolated.ts';
import { startLocalEndpoint } from '../src/semantic/local-endpoint.ts';
import { send } from '../src/service/http.ts';
import { machine, median, ROOT, writeResult } from './support.ts';

const ROUNDS = Number(process.argv[2] ?? 9);
const CALLS = 100;

const sandbox = await openSandbox('required');
if (!(sandbox instanceof Bubblewrap)) throw new Error('bubblewrap is needed to measure the relay');
const unisolated = new Unisolated({ mechanism: 'none', reason: 'the direct way, for comparison' });

/** A stand-in for the tool proxy: answers at once, where `listen` says. */
async function proxyAt(listen: { path: string } | { host: string; port: number }) {
  const server = createServer((req, res) => {
    req.resume();
    res.end('{"ok":true}');
  });
  server.listen(listen);
  await once(server, 'listening');
  return server;
}

/** Inside the sandbox: CALLS sequential GETs to $URL, kept alive or each on a new connection; prints ms per call. */
const CALLER = `
const { request, Agent } = require('node:http');
const agent = process.env.KEEP_ALIVE === '1' ? new Agent({ keepAlive: true, maxSockets: 1 }) : new Agent({ keepAlive: false });
const get = () => new Promise((resolve, reject) => {
  request(process.env.URL + '/items/SKU-A', { agent }, (res) => { res.resume(); res.on('end', resolve); }).on('error', reject).end();
});
(async () => {
  await get();
  const started = performance.now();
  for (let i = 0; i < ${CALLS}; i++) await get();
  console.log(((performance.now() - started) / ${CALLS}).toFixed(3));
  agent.destroy();
})();
`;

async function perCall(forward: Forward | undefined, url: string | undefined, keepAlive: boolean): Promise<number> {
  const run = sandbox.spawn({
    argv: [process.execPath, '-e', CALLER],
    cwd: '/',
    env: { PATH: process.env.PATH!, KEEP_ALIVE: keepAlive ? '1' : '0', ...(url ? { URL: url } : {}) },
    mounts: [],
    network: 'host',
    ...(forward ? { forward } : {}),
  });
  let out = '';
  run.child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const { code } = await run.exited;
  if (code !== 0) throw new Error(`the caller exited ${code}: ${out}`);
  return Number(out.trim());
}

async function startMs(forward: Forward | undefined): Promise<number> {
  const started = performance.now();
  const run = sandbox.spawn({ argv: ['true'], cwd: '/', env: { PATH: process.env.PATH! }, mounts: [], network: 'host', ...(forward ? { forward } : {}) });
  await run.exited;
  return performance.now() - started;
}

const JUDGE = 'node fixtures/inventory/judge/scripted-judge.mjs';
const CHAT = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'QUESTION: Does the plan cover idempotency?' }] });

async function judge(on: Sandbox): Promise<{ start: number; call: number }> {
  const started = performance.now();
  const endpoint = await startLocalEndpoint(on, JUDGE, ROOT, {});
  const start = performance.now() - started;
  const calls: number[] = [];
  const at = endpoint.socketPath ? { socketPath: endpoint.socketPath } : {};
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const answer = await send(`${endpoint.baseUrl}/chat/completions`, { method: 'POST', body: CHAT, timeoutMs: 5000, ...at });
    calls.push(performance.now() - t);
    if (answer.status !== 200) throw new Error(`judge answered ${answer.status}`);
  }
  await endpoint.stop();
  return { start, call: median(calls.slice(1)) };
}

const socket = (await sandbox.placeListener()) as { path: string };
const relayed = await proxyAt(socket);
const direct = await proxyAt({ host: '127.0.0.1', port: 0 });
const directUrl = `http://127.0.0.1:${(direct.address() as AddressInfo).port}`;
const forward: Forward = { port: 0, to: { url: 'http://127.0.0.1', socketPath: socket.path }, variable: 'URL' };

const m: Record<string, number[]> = {};
const add = (key: string, value: number) => (m[key] ??= []).push(value);
await perCall(forward, undefined, true); // warm caches once, uncounted
for (let r = 0; r < ROUNDS; r++) {
  add('start.direct', await startMs(undefined));
  add('start.relay', await startMs(forward));
  add('keep.direct', await perCall(undefined, directUrl, true));
  add('keep.relay', await perCall(forward, undefined, true));
  add('new.direct', await perCall(undefined, directUrl, false));
  add('new.relay', await perCall(forward, undefined, false));
  const [own, plain] = [await judge(sandbox), await judge(unisolated)];
  add('judge.start.sandboxed', own.start);
  add('judge.start.direct', plain.start);
  add('judge.call.sandboxed', own.call);
  add('judge.call.direct', plain.call);
}
relayed.close();
direct.close();
await sandbox.dispose();

const med = (key: string) => median(m[key]!);
const row = (what: string, a: string, b: string, digits = 1) =>
  `| ${what} | ${med(b).toFixed(digits)} | ${med(a).toFixed(digits)} | ${(med(a) / med(b)).toFixed(2)}× |`;
await writeResult(
  'listener-cost',
  `# Listeners out of other agents' reach: what it costs

${new Date().toISOString()} · ${machine()} · ${ROUNDS} interleaved rounds, medians (a call: the mean of ${CALLS} sequential calls from inside a sandbox with network: full)

| what | direct, ms | out of reach, ms | ratio |
|---|---|---|---|
${row("an agent run's sandbox, up and down (`true`), without and with the proxy forwarded in (the relay starts first)", 'start.relay', 'start.direct')}
${row("one tool call, kept-alive connection: the proxy's own loopback port / through the relay", 'keep.relay', 'keep.direct', 3)}
${row("one tool call, a new connection each (the relay checks each connection's owner in /proc)", 'new.relay', 'new.direct', 3)}
${row("the judge endpoint's start (the scripted judge printing its URL): unsandboxed / in a network of its own", 'judge.start.sandboxed', 'judge.start.direct')}
${row("one judge call: over its loopback port / through the relay's unix socket", 'judge.call.sandboxed', 'judge.call.direct', 2)}

A tools trial runs the agent once per boundary (8 runs in fixtures/operations), so the relay's start is paid
8 times a trial; the scripted agent makes 2–6 calls a run on one kept-alive connection. The judge endpoint
starts once per run.
`,
);
