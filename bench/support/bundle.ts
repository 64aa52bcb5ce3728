// The CLI bundled with esbuild as dist/ ships it, into a directory under .trialgate/ (so it finds the
// built-in fixtures as dist/ does), without touching dist/: of this checkout's src/, or of a git revision's.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../support.ts';

/** The CLI of the tree at `srcRoot` (holding src/ and package.json) bundled into `out`; returns the bundle. */
export async function bundleCli(srcRoot: string, out: string): Promise<string> {
  await build({
    entryPoints: [join(srcRoot, 'src', 'cli', 'bin.ts')],
    outfile: join(out, 'cli.mjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    nodePaths: [join(ROOT, 'node_modules')],
    banner: { js: "import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);" },
  });
  return join(out, 'cli.mjs');
}

/**
 * An environment whose temporary directory is the bench's own: the acceptance copies and logs a run keeps
 * there are out of reach of other processes of the user that scan /tmp (a test suite's hostile agent does).
 */
export async function privateTmp(): Promise<NodeJS.ProcessEnv> {
  const dir = await mkdtemp(join(tmpdir(), 'trialgate-bench-tmp-'));
  const inner = join(dir, 'tmp');
  await mkdir(inner);
  return { ...process.env, TMPDIR: inner };
}

/** This checkout's CLI. */
export function bundleCurrent(name: string): Promise<string> {
  return bundleCli(ROOT, join(ROOT, '.trialgate', `bench-${name}`));
}

/** The CLI as it was at git revision `rev`, and that revision's full commit. */
export async function bundleRevision(rev: string): Promise<{ cli: string; commit: string }> {
  const commit = spawnSync('git', ['rev-parse', rev], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  if (!commit) throw new Error(`no git revision ${rev}`);
  const dir = join(ROOT, '.trialgate', `bench-before-${commit.slice(0, 12)}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive ${commit} src package.json | tar -x -C "${dir}"`], { cwd: ROOT, encoding: 'utf8' });
  if (archive.status !== 0) throw new Error(archive.stderr);
  return { cli: await bundleCli(dir, join(dir, 'bundle')), commit };
}
