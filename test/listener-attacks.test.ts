// No listener trialgate starts is reachable from an agent's sandbox but the one its trial is meant to use,
// whatever agent.network says (issue 19, property 2). A hostile agent with network: full enumerates every
// listening socket the kernel shows it (/proc/net/tcp, tcp6, unix), connects to each and asks it what an
// oracle-seeker or a saboteur would, at concurrency 2 beside an honest trial: with a tools task (the other
// trial's tool proxy) and with a judge.command (the judge endpoint). Then the pieces one by one: the relay
// that forwards a listener into a sandbox, the judge endpoint's own network, the adapters' provider watch.
import assert from 'node:assert/strict';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { openSandbox } from '../src/isolation/open.ts';
import { startLocalEndpoint } from '../src/semantic/local-endpoint.ts';
import { send } from '../src/service/http.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { Results } from '../src/schemas/results.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { inNetworkOfItsOwn } from './support/listener-scenario.ts';
import { startRendezvous } from './support/rendezvous.ts';
import { writeToolsTrialSet } from './support/tools.ts';

/** The `scan:` lines of a log about one listener: `reached <where>: …` or `closed <where>: …`. */
const scanLines = (log: string) => [...log.matchAll(/^scan: ((?:reached|closed) .*)$/gm)].map((m) => m[1]!);
/** The lines about a TCP port. */
const aboutPort = (lines: string[], port: number) => lines.filter((l) => new RegExp(`^\\w+ tcp [^ ]+:${port}: `).test(l));

describe('a hostile agent with network: full that scans every listener', { skip: NO_ISOLATION }, () => {
  // Each scenario runs in a network of its own (listener-scenario.ts): its agents' "runner's network" then
  // holds this run's listeners only, and the scan never disturbs the test files running beside it.
  const resultsOf = async (runDir: string) => Results.parse(JSON.parse(await readFile(join(runDir, 'results.json'), 'utf8')));

  it('tools, concurrency 2: it never reaches the other trial’s tool proxy; the other trial’s trajectory and verdict are its own', async () => {
    const { runDir } = await inNetworkOfItsOwn('tools');
    const results = await resultsOf(runDir);
    const [attacker, victim] = results.tasks[0]!.trials;
    assert.equal(results.run.isolation?.mechanism, 'bubblewrap');
    const variants = async (trial: typeof victim) =>
      (await readdir(join(runDir, trial!.evidence, 'evidence'), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    const read = (trial: typeof victim, variant: string, file: string) => readFile(join(runDir, trial!.evidence, 'evidence', variant, file), 'utf8');

    // Where the victim's agent reached its proxy in each run: nothing of the attacker's is recorded there.
    const victimPorts: number[] = [];
    const sockets = async (trial: typeof victim, role: string) =>
      Promise.all((await variants(trial)).map(async (v) => new RegExp(`^${role}: tool socket (\\S+)$`, 'm').exec(await read(trial, v, 'agent.log'))![1]!));
    const [victimSockets, ownSockets] = [await sockets(victim, 'victim'), await sockets(attacker, 'attacker')];
    for (const variant of await variants(victim)) {
      const trajectory = JSON.parse(await read(victim, variant, 'trajectory.json')) as { response: { status: number } | null; request: { body?: unknown } }[];
      assert.ok(trajectory.length > 0, `${variant}: the honest agent's calls are recorded`);
      assert.deepEqual(
        trajectory.filter((e) => e.response?.status === 401 || JSON.stringify(e.request.body ?? '').includes('foreign')),
        [],
        `${variant}: nothing of the attacker's is in the victim's trajectory`,
      );
      victimPorts.push(Number(/^victim: tool port (\d+)$/m.exec(await read(victim, variant, 'agent.log'))![1]));
    }
    const attackerLines = (await Promise.all((await variants(attacker)).map((v) => read(attacker, v, 'agent.log')))).flatMap(scanLines);
    let seen = 0;
    for (const port of victimPorts) {
      const lines = aboutPort(attackerLines, port);
      seen += lines.length;
      assert.deepEqual(
        lines.filter((l) => l.startsWith('reached')),
        [],
        `the victim's proxy at ${port} answered the attacker`,
      );
    }
    assert.ok(
      seen >= victimPorts.length,
      `the attacker found the victim's listener in every run (${seen} of ${victimPorts.length}): ${attackerLines.join('\n')}`,
    );
    // The proxy sockets are listed in /proc/net/unix for all to see; a path leads only to the sandbox's own.
    for (const path of victimSockets) {
      const lines = attackerLines.filter((l) => l.includes(` unix ${path}: `));
      assert.ok(lines.length > 0, `the attacker saw the victim's socket ${path} listed`);
      assert.deepEqual(
        lines.filter((l) => l.startsWith('reached')),
        [],
        `the victim's socket ${path} answered the attacker`,
      );
    }
    assert.deepEqual(
      attackerLines.filter((l) => l.startsWith('reached') && !ownSockets.some((own) => l.startsWith(`reached unix ${own}: `))),
      [],
      'nothing in the run’s network answered the attacker but its own proxy (its socket; its port and the rendezvous are skipped)',
    );

    for (const trial of [attacker!, victim!]) {
      assert.equal(trial.env_error, undefined, trial.layers.trajectory.notes.join('\n'));
      assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
      assert.ok(
        Object.entries(trial.checks)
          .filter(([k]) => k.startsWith('tool:'))
          .every(([, ok]) => ok),
        JSON.stringify(trial.checks),
      );
    }
  });

  it('with a judge.command, concurrency 2: it never reaches the judge, which still answers every item of both trials', async () => {
    const { runDir, project } = await inNetworkOfItsOwn('judge');
    const results = await resultsOf(runDir);
    const judgePort = Number(/:(\d+)\/v1/.exec(await readFile(join(project, 'judge.out'), 'utf8'))![1]);
    const log = (trial: number) => readFile(join(runDir, results.tasks[0]!.trials[trial]!.evidence, 'evidence', 'agent.log'), 'utf8');
    assert.match(await log(0), /^scan: scanned \d+ tcp and \d+ unix listeners$/m, 'the scan ran');
    const lines = scanLines(await log(0));
    assert.deepEqual(aboutPort(lines, judgePort), [], `the attacker saw the judge's port ${judgePort}: ${lines.join('\n')}`);
    assert.deepEqual(
      lines.filter((l) => l.startsWith('reached')),
      [],
      'nothing in the run’s network answered the attacker',
    );
    assert.doesNotMatch(await log(1), /^scan: /m, 'only trial 1 attacks');
    for (const trial of results.tasks[0]!.trials) {
      assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
      const records = trial.judge ?? [];
      assert.equal(records.length, 3);
      for (const record of records)
        assert.ok(record.asked && record.verdict !== 'error', `trial ${trial.trial}: ${record.id} ${record.verdict}: ${record.reason}`);
    }
  });
});

/** One HTTP request from the runner's side of the network; what answered, or why nothing did. */
function askFromOutside(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('connect', () => socket.write('GET /outside HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(`error ${e.code}`));
    socket.on('close', () => resolve(text ? `answered ${text.split('\r\n')[0]}` : 'closed without a byte'));
  });
}

/** A plain HTTP server on a unix socket that keeps the paths it was asked. */
async function socketServer(path: string): Promise<{ paths: string[]; close: () => Promise<void> }> {
  const paths: string[] = [];
  const server = createHttpServer((req, res) => {
    paths.push(req.url ?? '');
    res.end('served');
  });
  server.listen(path);
  await once(server, 'listening');
  return {
    paths,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Inside: ask the forwarded listener, say its port, wait for the test's go, ask again. */
const INSIDE = `
const url = process.env.FORWARDED_URL;
const ask = async (path) => (await fetch(url + path)).text();
console.log('own: ' + (await ask('/own')));
console.log('port ' + new URL(url).port);
await fetch(process.env.RENDEZVOUS + '/wait?event=outside-asked', { method: 'POST' });
console.log('own again: ' + (await ask('/own-again')));
`;

describe('the relay that forwards a runner listener into a sandbox', { skip: NO_ISOLATION }, () => {
  it('on the runner’s network (network: full), serves the sandbox’s own processes only: from outside, the connection closes before a byte passes', async () => {
    const sandbox = await openSandbox('required');
    const rendezvous = await startRendezvous();
    const listen = await sandbox.placeListener();
    assert.ok('path' in listen, 'isolated, the runner listens on a unix socket');
    const server = await socketServer(listen.path);
    try {
      const inside = sandbox.spawn({
        argv: [process.execPath, '--input-type=module', '-e', INSIDE],
        cwd: '/',
        env: { PATH: process.env.PATH!, RENDEZVOUS: rendezvous.url },
        mounts: [],
        network: 'host',
        forward: { port: 0, to: { url: 'http://127.0.0.1', socketPath: listen.path }, variable: 'FORWARDED_URL' },
      });
      let out = '';
      inside.child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
      while (!/^port (\d+)$/m.test(out)) await once(inside.child.stdout!, 'data');
      const port = Number(/^port (\d+)$/m.exec(out)![1]);
      assert.match(await askFromOutside(port), /^(closed without a byte|error ECONNRESET)$/, 'accepted, then closed unanswered');
      await fetch(`${rendezvous.url}/signal?event=outside-asked`, { method: 'POST' });
      assert.deepEqual(await inside.exited, { code: 0, signal: null }, out);
      assert.match(out, /^own: served$/m);
      assert.match(out, /^own again: served$/m, 'the sandbox still reaches it after the refusal');
      assert.deepEqual(server.paths, ['/own', '/own-again'], 'nothing of the outside request reached the listener');
      assert.equal(await inside.forwardFailure, undefined);
    } finally {
      await server.close();
      await rendezvous.close();
      await sandbox.dispose();
    }
  });

  it('a fixed port it cannot take is said by the relay, not by the command, which never starts', async () => {
    const sandbox = await openSandbox('required');
    const held = createServer();
    held.listen(0, '127.0.0.1');
    await once(held, 'listening');
    const port = (held.address() as { port: number }).port;
    const listen = (await sandbox.placeListener()) as { path: string };
    const server = await socketServer(listen.path);
    try {
      const inside = sandbox.spawn({
        argv: ['sh', '-c', 'echo started; echo \'{"error":"forged"}\' >&3; exit 70'],
        cwd: '/',
        env: { PATH: process.env.PATH! },
        mounts: [],
        network: 'host',
        forward: { port, to: { url: 'http://127.0.0.1', socketPath: listen.path }, variable: 'FORWARDED_URL' },
      });
      let out = '';
      inside.child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
      await inside.exited;
      assert.equal(await inside.forwardFailure, 'EADDRINUSE');
      assert.doesNotMatch(out, /started/);
    } finally {
      await server.close();
      held.close();
      await sandbox.dispose();
    }
  });

  it('a command cannot forge the relay’s word: what it writes to the status descriptor is not read', async () => {
    const sandbox = await openSandbox('required');
    const listen = (await sandbox.placeListener()) as { path: string };
    const server = await socketServer(listen.path);
    try {
      const inside = sandbox.spawn({
        argv: ['sh', '-c', 'echo \'{"error":"forged"}\' >&3 2>/dev/null; echo \'{"error":"forged"}\' > /proc/1/fd/3 2>/dev/null; echo done'],
        cwd: '/',
        env: { PATH: process.env.PATH! },
        mounts: [],
        network: 'host',
        forward: { port: 0, to: { url: 'http://127.0.0.1', socketPath: listen.path } },
      });
      let out = '';
      inside.child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
      await inside.exited;
      assert.match(out, /done/);
      assert.equal(await inside.forwardFailure, undefined);
    } finally {
      await server.close();
      await sandbox.dispose();
    }
  });

  it('a tools agent with network: none still reaches its own proxy, forwarded into a network of its own', async () => {
    const config = await writeToolsTrialSet();
    const yaml = parse(await readFile(config, 'utf8'));
    yaml.agent.network = 'none';
    await writeFile(config, stringify(yaml));
    const { results } = await runTrialSet({ configPath: config, outDir: await tempDir('trialgate-listeners-'), isolation: 'required' });
    const [trial] = results.tasks[0]!.trials;
    assert.equal(trial!.env_error, undefined, trial!.layers.trajectory.notes.join('\n'));
    assert.equal(trial!.outcome, 'pass', JSON.stringify(trial!.layers));
  });
});

describe('the judge endpoint (judge.command)', { skip: NO_ISOLATION }, () => {
  it('isolated, listens in a network of its own: nothing on the runner’s loopback, answered through the runner’s socket', async () => {
    const sandbox = await openSandbox('required');
    const endpoint = await startLocalEndpoint(sandbox, 'node fixtures/inventory/judge/scripted-judge.mjs', ROOT, {});
    try {
      const port = Number(new URL(endpoint.baseUrl).port);
      assert.ok(endpoint.socketPath, 'reached through a socket');
      assert.equal(await askFromOutside(port), 'error ECONNREFUSED', `the judge's port ${port} is not on the runner's loopback`);
      const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'QUESTION: idempotency?' }] });
      const answer = await send(`${endpoint.baseUrl}/chat/completions`, { method: 'POST', body, timeoutMs: 5000, socketPath: endpoint.socketPath! });
      assert.equal(answer.status, 200, answer.text);
      assert.match(answer.text, /"id":"scripted-judge"/);
    } finally {
      await endpoint.stop();
      await sandbox.dispose();
    }
  });
});

describe('the adapters’ provider watch', () => {
  it('another trial’s agent that finds its port, even with the shared key, is refused, never forwarded and never counted', async () => {
    const { startProviderWatch } = (await import('../adapters/lib/provider-watch.mjs' as string)) as {
      startProviderWatch(o: {
        upstream: string;
        key: string;
        keyVar: string;
        onFatal: (r: string) => void;
        failures?: number;
      }): Promise<{ url: string; close(): Promise<void> }>;
    };
    const seen: string[] = [];
    const provider = createHttpServer((req: IncomingMessage, res) => {
      req.resume();
      seen.push(`${req.method} ${req.url}`);
      if (req.headers['x-api-key'] !== 'key-123') return void res.writeHead(401).end('{"error":{"message":"invalid x-api-key"}}');
      if (req.url === '/v1/down') return void res.writeHead(503).end('{"error":{"message":"overloaded"}}');
      res.end('{"ok":true}');
    });
    provider.listen(0, '127.0.0.1');
    await once(provider, 'listening');
    const upstream = `http://127.0.0.1:${(provider.address() as { port: number }).port}`;
    const fatal: string[] = [];
    const watch = await startProviderWatch({ upstream, key: 'key-123', keyVar: 'ANTHROPIC_API_KEY', onFatal: (r) => fatal.push(r), failures: 2 });
    try {
      const port = new URL(watch.url).port;
      // A refused key and an outage, as another trial's agent would fake them at the port it found.
      for (const [path, key] of [
        ['/v1/messages', 'key-123-wrong'],
        ['/v1/down', 'key-123'],
        ['/v1/down', 'key-123'],
        ['//evil.invalid/v1/messages', 'key-123'],
      ] as const) {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'x-api-key': key }, body: '{}' });
        assert.equal(answer.status, 404, path);
      }
      assert.deepEqual(seen, [], 'nothing reached the provider');
      assert.deepEqual(fatal, [], 'nothing was counted against the trial');
      const own = await fetch(`${watch.url}/v1/messages`, { method: 'POST', headers: { 'x-api-key': 'key-123' }, body: '{}' });
      assert.equal(own.status, 200);
      assert.deepEqual(seen, ['POST /v1/messages'], 'its own CLI is served at its base URL');
    } finally {
      await watch.close();
      provider.close();
    }
  });
});
