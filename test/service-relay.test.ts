// An isolated service is reached through a unix socket joined to its port inside its private network. A
// service whose command is node itself carries that join in-process (a preload) instead of a relay process:
// what must hold is that it is reached the same way, that its sandbox then holds one node process, that
// nothing of the relay is left for the service or a process it forks to see or to start twice, and that the
// service's process still ends when its own work does. Any other command keeps the relay process.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Agent } from 'node:http';
import { describe, it } from 'node:test';
import { baseEnvironment, openSandbox } from '../src/isolation/open.ts';
import type { Sandbox, SandboxedProcess, ServicePlacement } from '../src/isolation/sandbox.ts';
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
 * A hostile service: its socket's directory is the writable mount beside the run's other socket
 * directories, so once told (a file \`swap-now\` beside it) it puts a link to another service's socket
 * (VICTIM_SOCKET) in its socket's place and says so (a file \`swapped\` beside the socket). It serves all along.
 */
const SWAPPER = `
const fs = require('node:fs');
const path = require('node:path');
const own = fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\\n').map((line) => line.split(' ')[4] || '').find((at) => /\\/\\d+$/.test(at)) + '/s.sock';
const swap = setInterval(() => {
  if (!fs.existsSync(own) || !fs.existsSync(path.join(__dirname, 'swap-now'))) return;
  clearInterval(swap);
  fs.rmSync(own);
  fs.symlinkSync(process.env.VICTIM_SOCKET, own);
  fs.writeFileSync(path.join(path.dirname(own), 'swapped'), '');
}, 10);
require('./service.js');
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
  /** Where the service's own relay listens, in the directory it can write. */
  const listening = placement.expose!.socketPath;
  return { process, dir, socketPath, listening, ask: () => askUntilAnswered(process, placement, () => stderr) };
}

/**
 * Asks the service through its socket until it answers (it listens a moment after it starts), or it has
 * exited, or its relay said it failed.
 */
async function askUntilAnswered(inside: SandboxedProcess, placement: ServicePlacement, stderr: () => string): Promise<Seen> {
  let exited = false;
  void inside.exited.then(() => (exited = true));
  for (;;) {
    try {
      // As the runner does (service/launch.ts): through the socket pinned where no sandbox can change it.
      const pinned = (await placement.pin?.()) ?? true;
      if (typeof pinned === 'string') throw new Error(pinned);
      if (!pinned) throw new NoAnswerError('no socket yet');
      // A connection of its own each time: one kept alive from an earlier ask would not show where the socket leads now.
      const answer = await send('http://127.0.0.1/', { socketPath: placement.address.socketPath!, timeoutMs: 30_000, agent: new Agent({ keepAlive: false }) });
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

  /** A victim service and a hostile one that puts a link to the victim's socket in its own socket's place once told (swap-now). */
  async function swapping(sandbox: Sandbox, started: SandboxedProcess[], swapAtOnce: boolean) {
    const victim = await startIn(sandbox, ['node', 'service.js'], { WHO: 'victim' });
    started.push(victim.process);
    await victim.ask();
    const files: Record<string, string> = { 'swapper.js': SWAPPER, ...(swapAtOnce ? { 'swap-now': '' } : {}) };
    const attacker = await startIn(sandbox, ['node', 'swapper.js'], { WHO: 'attacker', VICTIM_SOCKET: victim.socketPath }, files);
    started.push(attacker.process);
    let exited = false;
    void attacker.process.exited.then(() => (exited = true));
    const swapped = async () => {
      if (!swapAtOnce) await writeFile(join(attacker.dir, 'swap-now'), '');
      while (!existsSync(join(dirname(attacker.listening), 'swapped')) && !exited) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(!exited, 'the hostile service is still running');
    };
    return { attacker, swapped };
  }

  it('a service that puts a link to another service’s socket in its own socket’s place is refused, never followed', async () => {
    const sandbox = await openSandbox('required');
    const started: SandboxedProcess[] = [];
    try {
      const { attacker, swapped } = await swapping(sandbox, started, true);
      await swapped();
      await assert.rejects(attacker.ask(), /put a link in the place of the socket its relay made/);
    } finally {
      await stopAll(started);
      await sandbox.dispose();
    }
  });

  it('once its socket is pinned, a link put in its place changes nothing: the runner still reaches the service’s own', async () => {
    const sandbox = await openSandbox('required');
    const started: SandboxedProcess[] = [];
    try {
      const { attacker, swapped } = await swapping(sandbox, started, false);
      assert.equal((await attacker.ask()).who, 'attacker');
      await swapped();
      assert.equal((await attacker.ask()).who, 'attacker', `the runner reached another service through ${attacker.socketPath}`);
    } finally {
      await stopAll(started);
      await sandbox.dispose();
    }
  });

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
