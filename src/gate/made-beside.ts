// What the job made beside the pull request's checkout that a checkout of the base commit lacks. A git
// worktree holds what git tracks; packages installed into the agent's own directory (agent/node_modules), a
// virtualenv or a build inside a fixture are not there. The base commit's trials would run without them: its
// agent fails to start, its code task's code does not build, and those failures are counted as the base's,
// so they hide a loss beside them. The paired rounds are then off: the recorded base runs decide alone.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { TrialSetText } from '../trial/trialset-file.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { WITHOUT_CONFIGURED_PROGRAMS } from '../util/git-programs.ts';
import { repositoryPath } from '../util/repository-path.ts';
import { matchFiles } from '../util/files.ts';
import { inToolCache } from '../util/tool-caches.ts';

const run = promisify(execFile);

/** How many of them are named: one is enough to say why. */
const NAMED = 3;

/** What git does not track in the head's checkout where `set` reads: `all` (its agents, watched files, fixtures) or `agent` (agent.files alone). */
async function untrackedWhereRead(
  set: Pick<TrialSetText, 'file' | 'dir' | 'config'>,
  where: 'all' | 'agent',
): Promise<{ top: string; paths: string[] } | null> {
  let top: string;
  try {
    top = (await run('git', [...WITHOUT_CONFIGURED_PROGRAMS, '-C', set.dir, 'rev-parse', '--show-toplevel'], { encoding: 'utf8' })).stdout.trim();
  } catch {
    return null;
  }
  const config = await repositoryPath(top, set.file);
  if (config === null) return null;
  const project = dirname(config);
  const { agent, tasks } = set.config;
  const agentFiles = [...agent.files, ...tasks.flatMap((task) => task.agent?.files ?? [])];
  // The watched files as matched (a skill the job builds from a template), not their globs: a glob's directory may hold more than the agent reads.
  const watched = where === 'all' ? await matchFiles(set.dir, [...set.config.watch, ...tasks.flatMap((task) => task.watch)]).catch(() => []) : [];
  const read = [...agentFiles, ...watched, ...(where === 'all' ? tasks.map((task) => task.fixture) : [])]
    .map((path) => posix.normalize(posix.join(project.split(sep).join('/'), path.split(sep).join('/'))))
    .filter((path) => !path.startsWith('..') && !posix.isAbsolute(path));
  if (read.length === 0) return { top, paths: [] };
  const { stdout } = await run(
    'git',
    [...WITHOUT_CONFIGURED_PROGRAMS, '--literal-pathspecs', '-C', top, 'ls-files', '-z', '--others', '--directory', '--', ...new Set(read)],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { top, paths: stdout.split('\0').filter((path) => path !== '' && !inToolCache(path) && !path.split('/').includes('.trialgate')) };
}

/**
 * What git does not track (ignored or not) in the head's checkout where an agent or a fixture of `set` reads
 * (agent.files, the watched files, the fixtures), as repository paths (an untracked directory whole,
 * `agent/node_modules/`), that `checkout` does not hold at the same path; the first few. Empty when `set` is
 * not in a git checkout.
 */
export async function madeBesideCheckout(set: Pick<TrialSetText, 'file' | 'dir' | 'config'>, checkout: string): Promise<string[]> {
  const untracked = await untrackedWhereRead(set, 'all');
  return (untracked?.paths ?? []).filter((path) => !existsSync(join(checkout, path))).slice(0, NAMED);
}

/** What pins a `node_modules` to what the package manager fetched: a lockfile beside it, one of which must be there. */
const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock'];
/** The package managers' settings and hooks an install reads there and in every directory above it (yarn reads each .yarnrc.yml on the way up). */
const SETTINGS = ['.npmrc', '.yarnrc', '.yarnrc.yml', '.pnpmfile.cjs', 'pnpm-workspace.yaml', 'bunfig.toml'];
/** Directories of the project a package manager runs or applies at install: yarn's own release (`yarnPath`), its plugins (hooks that rewrite packages), its patches. */
const INSTALL_DIRS = ['.yarn/releases', '.yarn/plugins', '.yarn/patches'];
/** The project's own scripts a package manager runs at install: they may write into node_modules from any file of the project (patch-package does). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare', 'dependencies'];
/** Except husky's alone (`prepare: husky`, in most projects that use git hooks): it writes git's hooks, never into node_modules. */
const HOOKS_ONLY = /^\s*husky(?:\s+install(?:\s+[\w./-]+)?)?\s*$/;
/**
 * A lockfile's local packages (a directory, a link, a workspace, a patch the project holds): their files are the
 * project's, not the registry's. Not yarn's own patches (`builtin<compat/typescript>`), which every yarn applies.
 */
const LOCAL_PACKAGE = /\b(?:file|link|portal|workspace):|"link":\s*true|\bpatch:(?![^\s"]*builtin<)/;

/** `dir` (a repository path) and each directory above it, to the top ('.'). */
function andAbove(dir: string): string[] {
  const dirs = [dir];
  while (dir !== '.') dirs.push((dir = posix.dirname(dir)));
  return dirs;
}

/** Both absent, or both present with the same bytes. */
async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([readFile(a).catch(() => null), readFile(b).catch(() => null)]);
  return x === null || y === null ? x === y : x.equals(y);
}

/** The files under `dir` (relative), sorted; none when it is not a directory. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The first link under `dir` that leads into the checkout `top` outside the node_modules `packages` (an absolute
 * path into the head's checkout, or a relative one out of the packages), as a repository path, or null. Copied,
 * it would have the base's trials read the head's files, or none (inside the sandbox).
 */
async function linkOutOf(dir: string, packages: string, top: string): Promise<string | null> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isSymbolicLink()) continue;
    const link = join(entry.parentPath, entry.name);
    const target = resolve(dirname(link), await readlink(link));
    const inside = (root: string) => target === root || target.startsWith(root + sep);
    if (inside(top) && !inside(packages)) return relative(top, link).split(sep).join('/');
  }
  return null;
}

/** Both absent, or both holding the same files with the same bytes. */
async function sameTree(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([filesUnder(a), filesUnder(b)]);
  if (x.join('\0') !== y.join('\0')) return false;
  for (const file of x) if (!(await sameFile(join(a, file), join(b, file)))) return false;
  return true;
}

/**
 * Why the `node_modules` at `made` in the head's checkout `top` may hold what the pull request changed though
 * the lockfiles and manifests beside it are the base's, or null when it holds what those pin alone. Where the
 * install read more of the project (a local package, its own install script), the head's copy carries the
 * head's files: the base's trials would run the pull request's agent and a loss would go unseen.
 */
async function notPinned(top: string, made: string, checkout: string): Promise<string | null> {
  // A node_modules, or what agent.files names in one (node_modules/.bin and the CLI's package directories).
  const parts = made.split('/');
  const at = parts.indexOf('node_modules');
  if (at < 0) return 'not installed packages (in a node_modules): the job’s own work';
  const beside = parts.slice(0, at).join('/') || '.';
  const lockfiles = LOCKFILES.filter((file) => existsSync(join(top, beside, file)));
  if (lockfiles.length === 0) return `no lockfile beside it (${LOCKFILES.join(', ')})`;
  const read = [
    ...[...LOCKFILES, 'package.json'].map((file) => posix.join(beside, file)),
    ...andAbove(beside).flatMap((dir) => SETTINGS.map((file) => posix.join(dir, file))),
  ];
  for (const file of read) if (!(await sameFile(join(top, file), join(checkout, file)))) return `${file} differs from the base commit’s`;
  for (const dir of andAbove(beside).flatMap((above) => INSTALL_DIRS.map((dir) => posix.join(above, dir))))
    if (!(await sameTree(join(top, dir), join(checkout, dir)))) return `${dir} differs from the base commit’s`;
  for (const file of lockfiles)
    if (LOCAL_PACKAGE.test(await readFile(join(top, beside, file), 'utf8'))) return `${posix.join(beside, file)} names a package of the project’s own files`;
  const link = await linkOutOf(join(top, made), join(top, ...parts.slice(0, at + 1)), top);
  if (link) return `${link} is a link to the project’s own files`;
  const manifest = await readFile(join(top, beside, 'package.json'), 'utf8').then(
    (text) => JSON.parse(text) as { scripts?: Record<string, unknown> },
    () => ({}) as { scripts?: Record<string, unknown> },
  );
  const scripts = INSTALL_SCRIPTS.filter((name) => manifest.scripts?.[name] !== undefined && !HOOKS_ONLY.test(String(manifest.scripts[name])));
  if (scripts.length) return `${posix.join(beside, 'package.json')} runs an install script of the project’s own (${scripts.join(', ')})`;
  return null;
}

/**
 * A copy of what an install made: hard links where both are on one file system (a runner's workspace and its
 * temporary directory are; node_modules in an instant), else bytes. Not a link to it: a path trialgate reads
 * from the configuration must stay inside the project.
 */
async function copyInstalled(from: string, to: string): Promise<void> {
  try {
    await run('cp', ['-a', '-l', from, to]);
  } catch {
    await rm(to, { recursive: true, force: true });
    await cp(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  }
}

/**
 * Packages the job installed where the agent reads (agent.files: `node_modules/`, `agent/node_modules/`), copied
 * into the base commit's `checkout` where they are what the lockfile beside them pins alone (notPinned): the
 * same install in both commits, so the base's agent runs what the base pins, not the head's. Nothing else the
 * job made there: a prompt or skill built from a template, a fixture's build, a virtualenv (its scripts name
 * the head's path; uv sync and pip install -e put the project's own code in it) is the head's own work. Returns
 * what was lent, and why the rest was not.
 */
export async function lendInstalled(
  set: Pick<TrialSetText, 'file' | 'dir' | 'config'>,
  checkout: string,
): Promise<{ lent: string[]; kept: { path: string; why: string }[] }> {
  const lent: string[] = [];
  const kept: { path: string; why: string }[] = [];
  const untracked = await untrackedWhereRead(set, 'agent');
  if (!untracked) return { lent, kept };
  for (const path of untracked.paths) {
    const made = path.replace(/\/$/, '');
    if (existsSync(join(checkout, made))) continue;
    // Unreadable (a manifest that is not JSON, a link gone while read): not known to be pinned, so not lent.
    const why = await notPinned(untracked.top, made, checkout).catch((e: unknown) => `not read: ${e instanceof Error ? e.message : String(e)}`);
    if (why !== null) {
      kept.push({ path, why });
      continue;
    }
    await mkdir(dirname(join(checkout, made)), { recursive: true });
    await copyInstalled(join(untracked.top, made), join(checkout, made));
    lent.push(path);
  }
  return { lent, kept };
}

/**
 * Why the base commit's checkout cannot run the paired rounds' base trials, or null when it can: its trial set
 * cannot be read there (it names what the job made beside the head's checkout: installed packages in agent.files,
 * a fixture's `readable` build cache), or it lacks what the job made where an agent or a fixture reads. Asked
 * before any trial: found at the first base round, the first would stop the gate with the head's trials spent,
 * and the second would count the base's trials, run without it, as the base's failures. `where` names the
 * checkout; `fix`, what makes it whole.
 */
export async function baseCheckoutProblem(
  config: string,
  head: Pick<TrialSetText, 'file' | 'dir' | 'config'>,
  checkout: string,
  where: string,
  fix = '',
): Promise<string | null> {
  return loadTrialSet(config).then(
    async () => {
      const made = await madeBesideCheckout(head, checkout);
      return made.length
        ? `${where} lacks what git does not track but the job made where an agent or a fixture reads (${made.join(', ')}; installed packages, a build): its trials would run without it${fix}`
        : null;
    },
    (e: unknown) => `its trial set cannot be read in ${where}, which holds only what git tracks: ${e instanceof Error ? e.message : String(e)}${fix}`,
  );
}

/**
 * The comment's note that the base commit's checkout could not run the paired rounds (`why`, from
 * baseCheckoutProblem), not the log's alone: what the pull request changes (an install script beside the
 * lockfile, a file the job builds where the agent reads) can turn them off, and without them fewer partial drops
 * are found, which the reviewer should know.
 */
export function pairedOffNote(why: string): string {
  return `No paired rounds on the base commit: ${why}. The recorded base runs decided alone, which find fewer partial drops.`;
}
