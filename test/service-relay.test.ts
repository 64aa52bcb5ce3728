// An isolated service is reached through a unix socket joined to its port inside its private network. A
// service whose command is node itself carries that join in-process (a preload) instead of a relay process:
// what must hold is that it is reached the same way, that its sandbox then holds one node process, that
// nothing of the relay is left for the service or a process it forks to see or to start twice, and that the
// service's process still ends when its own work does. Any other command keeps the relay process.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { baseEnvironment, openSandbox } from '../src/isolation/open.ts';
import type { Sandbox, SandboxedProcess } from '../src/isolation/sandbox.ts';
import { NoAnswerError, send } from '../src/service/http.ts';
import { tempDir } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';

/**
 * A service that answers each request with what it sees: the node processes of its sandbox (its /proc shows
 * only those), whether the relay's variable reached it, and, once a forked child has reported, what the
 * child saw. With `once`, it closes its server after the first answer, so its own work is then done.
 */
const SERVICE = `
const http = require('node:http');
const fs = require('node:fs');
const { fork } = require('node:child_process');
const nodes = () => fs.readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).map((p) => { try { return fs.readFileSync('/proc/' + p + '/cmdline', 'utf8').split('\\0').filter(Boolean); } catch { return []; } }).filter((argv) => /node$/.test(argv[0] || ''));
let child = null;
if (process.env.FORK) fork(__dirname + '/child.js').on('message', (m) => (child = m));
const server = http.createServer((req, res) => {
  res.end(JSON.stringify({ nodes: nodes().map((argv) => argv.join(' ')), variable: process.env.TRIALGATE_SERVICE_RELAY ?? null, execArgv: process.execArgv, child, pid: process.pid, who: process.env.WHO ?? null }));
  if (process.env.ONCE) res.on('finish', () => { server.close(); server.closeAllConnections(); });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
`;
/** A child forked with the service's node flags (its preload among them): it says what it saw and stays. */
const CHILD = `process.send({ variable: process.env.TRIALGATE_SERVICE_RELAY ?? null, execArgv: process.execArgv }); setInterval(() => {}, 1000);`;

/**
 * A launcher that runs the service and waits for it synchronously, as start scripts do (spawnSync,
 * execSync): its own event loop is blocked for as long as the service runs.
 */
const LAUNCHER = `require('node:child_process').spawnSync(process.execPath, ['service.js'], { stdio: 'inherit' });`;
/**
 * A hostile service: its socket's directory is the writable mount beside the run's other socket
 * directories, so it puts a link to another service's socket (VICTIM_SOCKET) in its socket's place, says
 * so (a file \`swapped\` beside it), then listens.
 */
const SWAPPER = `
const fs = require('node:fs');
const path = require('node:path');
const own = fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\\n').map((line) => line.split(' ')[4] || '').find((at) => /\\/\\d+$/.test(at)) + '/s.sock';
const swap = setInterval(() => {
  if (!fs.existsSync(own)) return;
  clearInterval(swap);
  fs.rmSync(own);
  fs.symlinkSync(process.env.VICTIM_SOCKET, own);
  fs.writeFileSync(path.join(path.dirname(own), 'swapped'), '');
  require('./service.js');
}, 10);
`;

interface Seen {
  pid: number;
  who: string | null;
  nodes: string[];
  variable: string | null;
  execArgv: string[];
  child: { variable: string | null; execArgv: string[] } | null;
}

async function startIn(sandbox: Sandbox, argv: string[], env: Record<string, string> = {}, files: Record<string, string> = {}) {
  const dir = await tempDir('trialgate-relay-');
  for (const [name, text] of Object.entries({ 'service.js': SERVICE, 'child.js': CHILD, ...files })) await writeFile(join(dir, name), text);
  const placement = await sandbox.placeService();
  const process = sandbox.spawn({
    argv,
    cwd: dir,
    env: { ...baseEnvironment(), ...env, PORT: String(placement.port) },
    mounts: [{ path: dir }],
    network: placement.network,
    ...(placement.expose ? { expose: placement.expose } : {}),
  });
  let stderr = '';
  process.child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  process.child.stdout!.resume();
  const socketPath = placement.address.socketPath!;
  return { process, dir, socketPath, ask: () => askUntilAnswered(process, socketPath, () => stderr) };
}

/**
 * Asks the service through its socket until it answers (it listens a moment after it starts), or it has
 * exited, or its relay said it failed.
 */
async function askUntilAnswered(inside: SandboxedProcess, socketPath: string, stderr: () => string): Promise<Seen> {
  let exited = false;
  void inside.exited.then(() => (exited = true));
  for (;;) {
    try {
      const answer = await send('http://127.0.0.1/', { socketPath, timeoutMs: 30_000 });
      return JSON.parse(answer.text) as Seen;
    } catch (e) {
      if (!(e instanceof NoAnswerError) || exited || stderr().includes('trialgate relay:'))
        throw new Error(`no answer (${(e as Error).message}); stderr: ${stderr()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

async function stopAll(started: readonly SandboxedProcess[]): Promise<void> {
  for (const process of started) process.kill();
  await Promise.all(started.map((process) => process.exited));
}

describe('the relay of an isolated service', { skip: NO_ISOLATION }, () => {
  it('a node service carries it in-process: reached through its socket, one node process in its sandbox, its variable gone', async () => {
    const sandbox = await openSandbox('required');
    try {
      const { process, ask } = await startIn(sandbox, ['node', 'service.js']);
      const seen = await ask();
      assert.equal(seen.nodes.length, 1, `the service alone, no relay process: ${seen.nodes.join(' | ')}`);
      assert.match(seen.nodes[0]!, /--require \S+relay\.cjs service\.js$/);
      assert.equal(seen.variable, null, 'the relay read its ends and removed them from the environment');
      process.kill();
      await process.exited;
    } finally {
      await sandbox.dispose();
    }
  });

  it('a process the service forks with its node flags relays nothing twice, and the service keeps answering', async () => {
    const sandbox = await openSandbox('required');
    try {
      const { process, ask } = await startIn(sandbox, ['node', 'service.js'], { FORK: '1' });
      let seen = await ask();
      while (!seen.child) seen = await ask();
      assert.ok(seen.child.execArgv.includes('--require'), 'the child was started with the preload');
      assert.equal(seen.child.variable, null);
      assert.equal(seen.nodes.length, 2, `the service and its child: ${seen.nodes.join(' | ')}`);
      process.kill();
      await process.exited;
    } finally {
      await sandbox.dispose();
    }
  });

  it('the service’s process ends when its own work does: the in-process relay holds it open no longer', async () => {
    const sandbox = await openSandbox('required');
    try {
      const { process, ask } = await startIn(sandbox, ['node', 'service.js'], { ONCE: '1' });
      await ask();
      assert.deepEqual(await process.exited, { code: 0, signal: null });
    } finally {
      await sandbox.dispose();
    }
  });

  it('a node that would run the service in another process than the preloaded one (watch mode) keeps the relay process: reached after a restart', async () => {
    const sandbox = await openSandbox('required');
    try {
      const { process, dir, ask } = await startIn(sandbox, ['node', '--watch', 'service.js']);
      const first = await ask();
      // A change to its script restarts the service in a new process (the mount is the host's directory).
      await appendFile(join(dir, 'service.js'), '\n');
      // Answered by the restarted process: its relay outlived the first (a preloaded one died with it).
      while ((await ask()).pid === first.pid);
      process.kill();
      await process.exited;
    } finally {
      await sandbox.dispose();
    }
  });

  it('a node under the permission model (which refuses a preload it was not told of on node 20) keeps the relay process', async () => {
    const sandbox = await openSandbox('required');
    try {
      const flags = process.allowedNodeEnvironmentFlags;
      const permission = [flags.has('--permission') ? '--permission' : '--experimental-permission', ...(flags.has('--allow-net') ? ['--allow-net'] : [])];
      // Evaluated, not read from a file: the permission model lets it read none.
      const service = `require('node:http').createServer((q, r) => r.end(JSON.stringify({ pid: process.pid, nodes: [], variable: null, execArgv: process.execArgv, child: null }))).listen(Number(process.env.PORT), '127.0.0.1');`;
      const { process: inside, ask } = await startIn(sandbox, ['node', ...permission, '-e', service]);
      const seen = await ask();
      assert.ok(!seen.execArgv.includes('--require'), `nothing preloaded: ${seen.execArgv.join(' ')}`);
      inside.kill();
      await inside.exited;
    } finally {
      await sandbox.dispose();
    }
  });

  it(
    'a node launcher that waits for its service synchronously is reached all the same',
    { todo: 'the in-process relay runs on the launcher’s blocked event loop: nothing is relayed while the service runs' },
    async () => {
      const sandbox = await openSandbox('required');
      const started: SandboxedProcess[] = [];
      try {
        const { process, socketPath } = await startIn(sandbox, ['node', 'launcher.js'], {}, { 'launcher.js': LAUNCHER });
        started.push(process);
        // Refused (nothing listens on PORT yet) is asked again; a connection accepted and never answered is not.
        for (;;) {
          try {
            await send('http://127.0.0.1/', { socketPath, timeoutMs: 10_000 });
            break;
          } catch (e) {
            if (!(e instanceof NoAnswerError) || e.timedOut) throw e;
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
      } finally {
        await stopAll(started);
        await sandbox.dispose();
      }
    },
  );

  it(
    'a service cannot make its socket lead to another service’s',
    { todo: 'its socket directory is writable inside its sandbox, and the runner and the acceptors follow a link put there' },
    async () => {
      const sandbox = await openSandbox('required');
      const started: SandboxedProcess[] = [];
      try {
        const victim = await startIn(sandbox, ['node', 'service.js'], { WHO: 'victim' });
        started.push(victim.process);
        await victim.ask();
        const attacker = await startIn(sandbox, ['node', 'swapper.js'], { WHO: 'attacker', VICTIM_SOCKET: victim.socketPath }, { 'swapper.js': SWAPPER });
        started.push(attacker.process);
        // Asked only once its socket is a link (a connection made before could still reach its own relay).
        let exited = false;
        void attacker.process.exited.then(() => (exited = true));
        while (!existsSync(join(dirname(attacker.socketPath), 'swapped')) && !exited) await new Promise((resolve) => setTimeout(resolve, 10));
        const seen = await attacker.ask();
        assert.notEqual(seen.who, 'victim', `the runner reached another service through ${attacker.socketPath}`);
      } finally {
        await stopAll(started);
        await sandbox.dispose();
      }
    },
  );

  it('any other command runs behind the relay process, reached the same way', async () => {
    const sandbox = await openSandbox('required');
    try {
      const { process, ask } = await startIn(sandbox, ['sh', '-c', 'exec node service.js']);
      const seen = await ask();
      assert.equal(seen.nodes.length, 2, `the relay and the service: ${seen.nodes.join(' | ')}`);
      assert.ok(
        seen.nodes.some((argv) => argv.includes('trialgate relay')),
        'the relay process is there',
      );
      assert.equal(seen.execArgv.length, 0, 'nothing preloaded into the service');
      process.kill();
      await process.exited;
    } finally {
      await sandbox.dispose();
    }
  });
});
