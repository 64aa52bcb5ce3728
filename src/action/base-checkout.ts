// The pull request's base commit beside the workspace, for the gate's paired rounds (src/gate/): a git
// worktree of the base commit, fetched first when the checkout step's shallow clone lacks it. Its trial set,
// at the same path as the head's, runs the base trials. Whatever fails leaves the paired rounds off and says
// why in the log: the recorded base runs still decide what they can.
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { WITHOUT_CONFIGURED_PROGRAMS } from '../util/git-programs.ts';
import { repositoryPath } from '../util/repository-path.ts';

const run = promisify(execFile);

export type BaseCheckout = { config: string; remove(): Promise<void> } | { off: string };

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', [...WITHOUT_CONFIGURED_PROGRAMS, '-C', cwd, ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

const firstLine = (e: unknown) =>
  String((e as { stderr?: string }).stderr || (e as Error).message)
    .trim()
    .split('\n')[0];

/** A worktree of `sha` at `dir`, holding the trial set where `configFile` (the head's) is in the workspace. */
export async function checkOutBase(workspace: string, sha: string, configFile: string, dir: string): Promise<BaseCheckout> {
  let configPath: string | null;
  try {
    // The trial set's path as written: a link the pull request puts there never names which of the base's files runs.
    configPath = await repositoryPath(await git(workspace, ['rev-parse', '--show-toplevel']), configFile);
  } catch {
    return { off: `${workspace} is not a git checkout` };
  }
  if (configPath === null) return { off: `the trial set ${configFile} is not inside the repository without following a link` };
  try {
    await git(workspace, ['cat-file', '-e', `${sha}^{commit}`]).catch(() => git(workspace, ['fetch', '--no-tags', '--depth=1', 'origin', sha]));
    await git(workspace, ['worktree', 'add', '--detach', dir, sha]);
  } catch (e) {
    return { off: `the base commit ${sha.slice(0, 7)} could not be checked out: ${firstLine(e)}` };
  }
  const remove = async () => void (await git(workspace, ['worktree', 'remove', '--force', dir]).catch(() => undefined));
  const config = join(dir, configPath);
  const present = await stat(config).then(
    (s) => s.isFile(),
    () => false,
  );
  if (present) return { config, remove };
  await remove();
  return { off: `the base commit has no trial set at ${configPath}` };
}
