// The command line as a process, the way a user meets it: a reader that goes away (`| head`) ends nothing
// loudly, Ctrl-C (a real SIGINT) ends the trials' processes and says so, and output that is not a
// terminal holds no control sequence.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir, TS_LOADER } from './support/fixtures.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { timeLimit } from './support/time-limit.ts';

const CLI = [process.execPath, '--import', TS_LOADER, join(ROOT, 'src', 'cli', 'bin.ts')];

function cli(args: string[], cwd: string) {
  return spawn(CLI[0]!, [...CLI.slice(1), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
}

/** What a process wrote to stderr, once it exited, with its exit code and signal. */
async function ended(child: ReturnType<typeof cli>): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stderr, stdout };
}

/** Processes whose command line holds `token` (its words are NUL-separated there), from /proc. */
function processesWith(token: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(token);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('the command line as a process', { timeout: timeLimit(300_000) }, () => {
  it('a reader that goes away (| head) ends it quietly: no EPIPE stack, exit 0', async () => {
    const dir = await tempDir('trialgate-epipe-');
    for (const args of [['--help'], ['init']]) {
      const child = cli(args, dir);
      // The reader is gone before the first line: every write meets a closed pipe.
      child.stdout!.destroy();
      const { code, stderr } = await ended(child);
      assert.equal(code, 0, `${args.join(' ')}: ${stderr}`);
      assert.doesNotMatch(stderr, /EPIPE|Error|at /, args.join(' '));
    }
    assert.ok(existsSync(join(dir, 'trialgate.yml')), 'init did its work though nobody read what it said');
  });

  it('Ctrl-C (a real SIGINT) during a run ends its agents, says so, and exits 130; nothing is left running', async () => {
    const repo = await tempDir('trialgate-sigint-');
    spawnSync('git', ['init', '-q'], { cwd: repo });
    assert.equal(spawnSync(CLI[0]!, [...CLI.slice(1), 'init', '--lang', 'node'], { cwd: repo }).status, 0);
    // An agent that says it started (a file in its candidate) and then waits far past any test's patience.
    const token = `${process.pid}${Date.now() % 100000}`;
    await writeFile(join(repo, 'agent', 'slow.sh'), `touch "$TRIALGATE_CANDIDATE/started"\nexec sleep ${token}\n`);
    const config = join(repo, 'trialgate.yml');
    await writeFile(config, (await readFile(config, 'utf8')).replace(/command: node .*agent\.mjs"/, 'command: sh "$TRIALGATE_PROJECT/agent/slow.sh"'));

    const run = cli(['run', '--trials', '2', '--out', '.trialgate/int', ...(NO_ISOLATION ? ['--isolation', 'auto'] : [])], repo);
    const result = ended(run);
    const started = join(repo, '.trialgate', 'int', 'tally-validation', 'trial-001', 'candidate', 'started');
    // Wait for the events (the agent's file, then its sleep), never for a time.
    while (!existsSync(started) || processesWith(token).length === 0) {
      if (run.exitCode !== null) assert.fail(`the run ended before its agent started: ${(await result).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    run.kill('SIGINT');
    const { code, stderr } = await result;
    assert.equal(code, 130, stderr);
    assert.match(stderr, /trialgate run: interrupted \(SIGINT\): ending its trials' processes…/);
    assert.match(stderr, /trialgate run: interrupted: \d+ running process(es)? ended; the trials that had not finished have no verdict/);
    assert.deepEqual(processesWith(token), [], 'no agent outlives the run');
  });

  it('output that is not a terminal holds no control sequence', async () => {
    const repo = await tempDir('trialgate-notty-');
    spawnSync('git', ['init', '-q'], { cwd: repo });
    const init = await ended(cli(['init'], repo));
    const validate = await ended(cli(['validate', 'fixtures/tally'], repo));
    assert.equal(validate.code, 0, validate.stderr);
    for (const text of [init.stdout, init.stderr, validate.stdout, validate.stderr]) assert.doesNotMatch(text, /[\x1b\r]/);
  });
});
