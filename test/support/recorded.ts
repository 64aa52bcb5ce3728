// Recorded runs: what an end-to-end test needs as its starting point (a base run, a baseline artefact)
// built once per suite run and shared by every test and file that asks for the same thing, instead of
// each building its own. A recording is a directory under TRIALGATE_TEST_RUNS (scripts/test.ts makes one
// per suite run and removes it; a file run alone gets one of its own), named by a hash of what it is
// built from: the description the caller gives (withContentOf() reads in the files it names), and the
// text of src/, fixtures/, adapters/, reporters/ and test/support/. Two files asking at once: one builds,
// under a lock, the other waits for it. Callers get their own copies (runs/ helpers below), never the
// recording itself.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './fixtures.ts';

const DEPENDED_ON = ['src', 'fixtures', 'adapters', 'reporters', 'test/support', 'package.json'];

let ownRoot: string | undefined;

/** The directory of this suite run's recordings (one of this process's own when run alone, removed at exit). */
function recordingsRoot(): string {
  if (process.env.TRIALGATE_TEST_RUNS) return process.env.TRIALGATE_TEST_RUNS;
  if (!ownRoot) {
    ownRoot = join(tmpdir(), `trialgate-recorded-${process.pid}`);
    process.on('exit', () => rmSync(ownRoot!, { recursive: true, force: true }));
  }
  return ownRoot;
}

/** The text of a file, or of every file below a directory (by relative path), hashed. */
function contentDigest(path: string): string {
  const hash = createHash('sha256');
  const visit = (at: string, name: string): void => {
    const stat = statSync(at);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(at).sort()) if (entry !== 'node_modules' && entry !== '.git') visit(join(at, entry), `${name}/${entry}`);
    } else if (stat.isFile()) {
      hash
        .update(`${name}\0${stat.mode & 0o111 ? 'x' : '-'}\0`)
        .update(readFileSync(at))
        .update('\0');
    }
  };
  visit(path, '');
  return hash.digest('hex');
}

let sourcesDigest: string | undefined;

function keyOf(what: unknown): string {
  sourcesDigest ??= createHash('sha256')
    .update(DEPENDED_ON.map((path) => contentDigest(join(ROOT, path))).join('\n'))
    .digest('hex');
  return createHash('sha256').update(sourcesDigest).update('\0').update(canonicalJson(what)).digest('hex').slice(0, 32);
}

/** `value` as JSON with each object's keys in order: one description, however a caller ordered its keys. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

/**
 * `value` with the file or directory named at each of `keys` (at any depth; an absolute path, such as a
 * trial set's `fixture` outside the project) replaced by a hash of what it holds: a description to record
 * under, the same for two copies of one fixture, another once a file in it changes.
 */
export function withContentOf(value: unknown, keys: readonly string[]): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item) => (keys.includes(key) && typeof item === 'string' && isAbsolute(item) ? `content:${contentDigest(item)}` : item)),
  );
}

/** Where the recording of `what` is (or will be) in this suite run. */
export function recordingDir(what: unknown): string {
  return join(recordingsRoot(), keyOf(what));
}

const inProcess = new Map<string, Promise<string>>();

/**
 * The directory `build` fills for `what`, built once per suite run. `what` must describe everything the
 * build depends on besides trialgate's own files (a trial set's options, a fixture's content); `build`
 * writes into the directory it is given, which is the recording once it returns.
 */
export function recorded(what: unknown, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = recordingDir(what);
  let recording = inProcess.get(dir);
  if (!recording) {
    recording = record(dir, build);
    inProcess.set(dir, recording);
    recording.catch(() => inProcess.delete(dir));
  }
  return recording;
}

async function record(dir: string, build: (dir: string) => Promise<void>): Promise<string> {
  const done = join(dir, '.recorded');
  const lock = `${dir}.lock`;
  await mkdir(dirname(dir), { recursive: true });
  for (;;) {
    if (existsSync(done)) return dir;
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await lockReleased(lock);
      continue;
    }
    try {
      await writeFile(join(lock, 'pid'), String(process.pid));
      // Built where it stays (what it records may name its own paths); complete once `.recorded` is written.
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir);
      await build(dir);
      await writeFile(done, '');
      return dir;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** Wait while another process holds `lock`; take it over when the process holding it has gone. */
async function lockReleased(lock: string): Promise<void> {
  while (existsSync(lock)) {
    const pid = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
    if (pid > 0 && !alive(pid)) {
      await rm(lock, { recursive: true, force: true });
      return;
    }
    await sleep(200);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A copy of `dir` of the caller's own, in a fresh temporary directory (under this process's TMPDIR). */
export async function copyOf(dir: string, prefix = 'trialgate-recorded-copy-'): Promise<string> {
  const into = await mkdtemp(join(tmpdir(), prefix));
  await cp(dir, into, { recursive: true, verbatimSymlinks: true, filter: (source) => !source.endsWith('.recorded') });
  return into;
}
