// What the job made beside the pull request's checkout that a checkout of the base commit lacks. A git
// worktree holds what git tracks; packages installed into the agent's own directory (agent/node_modules), a
// virtualenv or a build inside a fixture are not there. The base commit's trials would run without them: its
// agent fails to start, its code task's code does not build, and those failures are counted as the base's,
// so they hide a loss beside them. The paired rounds are then off: the recorded base runs decide alone.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, posix, sep } from 'node:path';
import { promisify } from 'node:util';
import type { TrialSetText } from '../trial/trialset-file.ts';
import { loadTrialSet } from '../trial/trialset.ts';
import { repositoryPath } from '../util/repository-path.ts';
import { matchFiles } from '../util/files.ts';
import { inToolCache } from '../util/tool-caches.ts';

const run = promisify(execFile);

/** How many of them are named: one is enough to say why. */
const NAMED = 3;

/**
 * What git does not track (ignored or not) in the head's checkout where an agent or a fixture of `set` reads
 * (agent.files, the watched files, the fixtures), as repository paths (an untracked directory whole,
 * `agent/node_modules/`), that `checkout` does not hold at the same path; the first few. Empty when `set` is
 * not in a git checkout.
 */
export async function madeBesideCheckout(set: Pick<TrialSetText, 'file' | 'dir' | 'config'>, checkout: string): Promise<string[]> {
  let top: string;
  try {
    top = (await run('git', ['-C', set.dir, 'rev-parse', '--show-toplevel'], { encoding: 'utf8' })).stdout.trim();
  } catch {
    return [];
  }
  const config = await repositoryPath(top, set.file);
  if (config === null) return [];
  const project = dirname(config);
  const { agent, tasks } = set.config;
  // The watched files as matched (a skill the job builds from a template), not their globs: a glob's directory may hold more than the agent reads.
  const watched = await matchFiles(set.dir, [...set.config.watch, ...tasks.flatMap((task) => task.watch)]).catch(() => []);
  const read = [...agent.files, ...watched, ...tasks.flatMap((task) => [...(task.agent?.files ?? []), task.fixture])]
    .map((path) => posix.normalize(posix.join(project.split(sep).join('/'), path.split(sep).join('/'))))
    .filter((path) => !path.startsWith('..') && !posix.isAbsolute(path));
  if (read.length === 0) return [];
  const { stdout } = await run('git', ['--literal-pathspecs', '-C', top, 'ls-files', '-z', '--others', '--directory', '--', ...new Set(read)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const untracked = stdout.split('\0').filter((path) => path !== '' && !inToolCache(path) && !path.split('/').includes('.trialgate'));
  return untracked.filter((path) => !existsSync(join(checkout, path))).slice(0, NAMED);
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
