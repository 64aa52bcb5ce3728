// Before the first trial of a run: can the agent command's programs and files be found where the agent
// runs, inside its sandbox? A CLI installed in a directory the sandbox does not show (the project's
// node_modules, a home directory) would otherwise fail every trial, each a puzzle. One shell in the
// agent's sandbox, with the agent's environment and mounts, looks each up; nothing of the agent runs.
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import type { Mount, Sandbox } from '../isolation/sandbox.ts';
import { commandPrograms, namedFiles, SCRIPT } from '../util/command-paths.ts';
import { nearest } from '../util/nearest.ts';
import { ADAPTERS_VAR, adapterManifest, adaptersDir, adaptersRunBy } from './adapters.ts';

export interface PreflightOptions {
  sandbox: Sandbox;
  command: string;
  env: Record<string, string>;
  mounts: readonly Mount[];
  conceal: readonly string[];
  network: 'host' | 'none';
}

/** Variables a trial sets: a word that uses one cannot be looked up before there is a trial. */
const TRIAL_VARS = /\$\{?TRIALGATE_(TRIAL_DIR|INPUTS|TASK|CANDIDATE|SEED|TRIAL|GOAL|TOOL_URL|TOOL_TOKEN)\b/;
const PREFLIGHT_MS = 15_000;

export interface AgentPreflight {
  /** Why the agent cannot run in its sandbox (the first program or file it cannot find, and the fix). */
  problem?: string;
  /**
   * The command's programs (as written) the preflight found: a shell's "not found" for one of them in a
   * trial is not the environment's (the agent's output can say anything), so it is not taken as one.
   */
  found: readonly string[];
}

/** Whether the agent's programs and files can be found in its sandbox, and which programs were. */
export async function preflightAgent(options: PreflightOptions): Promise<AgentPreflight> {
  const checks: string[] = [];
  const looked: string[] = [];
  for (const program of commandPrograms(options.command)) {
    if (TRIAL_VARS.test(program.word) || (program.name.includes('/') && !program.name.startsWith('/') && !program.name.startsWith('$'))) continue;
    // A program found by its path must also be a file it may run: `command -v` finds a script of mode 644.
    checks.push(
      `p=$(command -v -- ${program.word} 2>/dev/null) || printf 'program\\t%s\\n' ${program.word}; case "$p" in */*) [ -f "$p" ] && [ -x "$p" ] || p=;; esac; [ -n "$p" ] && printf 'found\\t%s\\n' ${looked.length}`,
    );
    looked.push(program.name);
  }
  for (const { name, entry } of adaptersRunBy(options.command, options.env)) {
    const word = `"\${${entry.binVar}:-${entry.program}}"`;
    checks.push(`command -v -- ${word} >/dev/null 2>&1 || printf 'adapter\\t%s\\t%s\\n' ${quote(name)} ${word}`);
  }
  // Scripts only: another path may be one the command writes (`--log /tmp/agent.log`), not yet there.
  for (const file of namedFiles(options.command, options.env)) {
    if (!isAbsolute(file) || !SCRIPT.test(file) || /[$*?[]/.test(file)) continue;
    checks.push(`[ -e ${quote(file)} ] || printf 'file\\t%s\\n' ${quote(file)}`);
  }
  if (checks.length === 0) return { found: [] };
  checks.push(':'); // the look-up ran to its end: exit 0

  const shell = options.sandbox.spawn({
    argv: ['sh', '-c', checks.join('\n')],
    cwd: '/',
    env: options.env,
    mounts: options.mounts,
    conceal: options.conceal,
    network: options.network,
  });
  let out = '';
  shell.child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  shell.child.stderr!.resume();
  const timer = setTimeout(() => shell.kill(), PREFLIGHT_MS);
  const { code } = await shell.exited;
  clearTimeout(timer);
  const isolated = options.sandbox.confinesFiles;
  const problem = (): string | undefined => {
    for (const line of out.split('\n')) {
      const [kind, first, second] = line.split('\t');
      if (kind === 'program' && first) return missingProgram(first, options.env, isolated);
      if (kind === 'adapter' && first && second) return missingAdapterCli(first, second, options.command, options.env, isolated);
      if (kind === 'file' && first)
        return existsSync(first)
          ? `the agent command names ${first}, which the isolated agent cannot see: add it (or its directory) to agent.files in trialgate.yml`
          : `the agent command names ${first}, which does not exist`;
    }
    return undefined;
  };
  const why = problem();
  // Only a look-up that ran to its end found anything: a shell that was ended may not have reached a program.
  const found = out.split('\n').flatMap((line) => {
    const [kind, index] = line.split('\t');
    return kind === 'found' && looked[Number(index)] !== undefined ? [looked[Number(index)]!] : [];
  });
  return why ? { problem: why, found: [] } : { found: code === 0 ? found : [] };
}

/** Why the command's program cannot run in the agent's sandbox, and the fix. */
export function missingProgram(program: string, env: Record<string, string>, isolated: boolean): string {
  const onHost = findOnPath(program, env.PATH ?? '');
  const where = `its PATH (${env.PATH ?? ''})`;
  if (onHost && isolated)
    return `the agent command runs ${program}, which is installed at ${onHost}, where the isolated agent cannot see it: install it system-wide (under /usr or /opt, e.g. npm install -g), or list ${dirname(onHost)} and what it links to in agent.files (docs/agents.md)`;
  const inProject = onHost ? '' : projectBinNote(program, env);
  if (inProject) return `the agent command runs ${program}, which the agent cannot find on ${where}${inProject}`;
  const meant = onHost ? undefined : likelyMeant(program, env);
  const guess = meant ? `did you mean ${meant} (agent.command)? If not, ` : '';
  return `the agent command runs ${program}, which the agent cannot find on ${where}: ${guess}install it system-wide (under /usr or /opt), or list its directory in agent.files and call it by its path (docs/agents.md)`;
}

/**
 * The program a misspelt name most likely meant: an agent CLI trialgate has an adapter for or one installed
 * in the project first (a typo of `claude` is not `clang`), else a program on the PATH.
 */
function likelyMeant(program: string, env: Record<string, string>): string | undefined {
  if (program.includes('/')) return undefined;
  const dir = env[ADAPTERS_VAR] ?? adaptersDir();
  const agents = dir ? Object.values(adapterManifest(dir)).map((entry) => entry.program) : [];
  const other = (names: string[]) => names.filter((name) => name !== program);
  const projectBin = projectBinDir(env);
  const listed = (at: string) => {
    try {
      return readdirSync(at);
    } catch {
      return [];
    }
  };
  return (
    nearest(program, other([...agents, ...(projectBin ? listed(projectBin) : [])])) ??
    // Thousands of programs on a PATH: only a near miss (two edits, a swap of two letters) is a likely typo.
    nearest(program, other((env.PATH ?? '').split(delimiter).filter(Boolean).flatMap(listed)), 2)
  );
}

/** Why an adapter's CLI cannot run in the agent's sandbox, and the fix. */
export function missingAdapterCli(adapter: string, program: string, command: string, env: Record<string, string>, isolated: boolean): string {
  const entry = adaptersRunBy(command, env).find((a) => a.name === adapter)!.entry;
  const onHost = findOnPath(program, env.PATH ?? '');
  const seen = onHost && isolated ? `; it is installed at ${onHost}, where the isolated agent cannot see it` : '';
  const inProject = onHost ? '' : projectBinNote(program, env);
  const instead = inProject ? `, or install it system-wide (npm install -g ${entry.package}@${entry.tested})` : '';
  if (inProject)
    return `the ${adapter} adapter runs ${entry.cli} (${program}), which the agent cannot find on its PATH${inProject}${instead} (docs/agents.md#where-the-cli-must-be-installed)`;
  return `the ${adapter} adapter runs ${entry.cli} (${program}), which the agent cannot find on its PATH${seen}: install it system-wide (npm install -g ${entry.package}@${entry.tested}), or list its package directory in agent.files and set ${entry.binVar} to the program's path (docs/agents.md#${adapter})`;
}

/** A program installed as a devDependency of the project (npm's node_modules/.bin), which the agent's PATH leaves out. */
function projectBinNote(program: string, env: Record<string, string>): string {
  const dir = projectBinDir(env);
  if (program.includes('/') || !dir) return '';
  const bin = join(dir, program);
  if (!existsSync(bin)) return '';
  return `; it is installed in the project at ${bin}, which is not on the agent's PATH: list node_modules in agent.files and put \${TRIALGATE_PROJECT}/node_modules/.bin first on PATH in agent.env`;
}

/** Where npm puts the project's devDependencies' programs, when the project is known. */
function projectBinDir(env: Record<string, string>): string | undefined {
  return env.TRIALGATE_PROJECT ? join(env.TRIALGATE_PROJECT, 'node_modules', '.bin') : undefined;
}

function findOnPath(program: string, path: string): string | undefined {
  if (program.includes('/')) return existsSync(program) ? program : undefined;
  for (const dir of path.split(delimiter)) if (dir && existsSync(join(dir, program))) return join(dir, program);
  return undefined;
}

function quote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
