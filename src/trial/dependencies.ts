// What each task of a trial set depends on, as repository paths a change can touch: read from the trial
// set and its fixtures' manifests alone (no engine), so the action's first steps can tell which tasks a
// pull request affects. It is the same list the run shows each task's agent (trialset.ts): the trial
// set's watched files and agent files, and the task's own; an isolated agent sees nothing else of the
// project, so a file on no task's list cannot change what its agent does. Besides that list, a task
// depends on its fixture (and what the fixture includes), its judge's labels, its committed repairs, and
// every task on the trial-set file itself and the judge's calibration and command. A path is followed
// through its links: a watched skill, an agent file, a fixture or a file inside one that is a link depends on
// what it leads to as well. An agent that runs unisolated can read anything, so then every task depends on
// every path: when in doubt, rerun.
import { lstat, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { onHost } from '../fixture/load.ts';
import { namedFiles } from '../util/command-paths.ts';
import { listEntries, matchFiles } from '../util/files.ts';
import type { TrialSetText } from './trialset-file.ts';

/** One thing a task depends on: a glob relative to the repository, and what it is, in words. */
export interface Dependency {
  glob: string;
  what: string;
  /**
   * Part of what measures the task that no hash its results record covers (a fixture's `readable`
   * directory, the judge's program): a change to it is a change of the ruler, listed by the gate.
   */
  measures?: true;
}

export interface TrialSetDependencies {
  /** The trial-set file, relative to the repository: a change to it reruns every task. */
  config: string;
  /** What every task depends on: a change to one of these reruns every task. */
  shared: Dependency[];
  /** Each task, in the trial set's order, with what it alone (or with the tasks that name the same) depends on. */
  tasks: { id: string; own: Dependency[] }[];
}

/**
 * `repo`: the repository root the changed paths are relative to. `isolated`: whether the agents run in the
 * sandbox here (isolation/open.ts agentsIsolated); unisolated, every path is every task's.
 */
export async function trialSetDependencies(set: TrialSetText, repo: string, isolated = true): Promise<TrialSetDependencies> {
  const { config, dir } = set;
  const inRepo = (path: string): string | undefined => {
    const rel = relative(repo, resolve(dir, path)).split(sep).join('/');
    return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel;
  };
  // A file or a directory: the path itself, and everything below it.
  const pathOf = (path: string, what: string): Dependency[] => {
    const rel = inRepo(path);
    if (rel === undefined) return [];
    return rel === ''
      ? [{ glob: '**', what }]
      : [
          { glob: rel, what },
          { glob: `${rel}/**`, what },
        ];
  };
  const globOf = (glob: string, what: string): Dependency[] => {
    const base = inRepo('.');
    return base === undefined ? [] : [{ glob: base ? `${base}/${glob}` : glob, what }];
  };
  // A script a command names: the file itself.
  const scriptFiles = (command: string, env: Record<string, string>): string[] =>
    namedFiles(command, { ...env, TRIALGATE_PROJECT: dir }).filter((file) => isAbsolute(file) || file.includes('/'));
  const scripts = (command: string, env: Record<string, string>, what: string): Dependency[] =>
    scriptFiles(command, env).flatMap((file) => pathOf(file, what).slice(0, 1));

  // What a path leads to through links, as paths of the repository a change can touch.
  // Links resolve to real paths; the repository may itself lie behind a link (a runner's workspace).
  const realRepo = await realpath(repo).catch(() => repo);
  const followed = async (paths: readonly string[], what: string): Promise<Dependency[]> =>
    (await linkTargets(paths.map((p) => resolve(dir, p)))).flatMap((target) => pathOf(join(repo, relative(realRepo, target)), `${what} (through a link)`));
  const watchedFiles = async (globs: readonly string[]) => (await matchFiles(dir, globs).catch(() => [])) as string[];
  // Where a path itself leads, when it or a directory above it is a link (never walking inside it: a readable node_modules is large).
  const leadsTo = async (paths: readonly string[], what: string): Promise<Dependency[]> => {
    const out: Dependency[] = [];
    for (const path of paths) {
      const target = await realpath(resolve(dir, path)).catch(() => null);
      if (target === null) continue;
      const real = relative(realRepo, target);
      if (real !== relative(repo, resolve(dir, path))) out.push(...pathOf(join(repo, real), `${what} (through a link)`));
    }
    return out;
  };
  // The trial-set file where it leads, when it is a link or lies in a linked directory: a change there changes it.
  const realConfig = await realpath(set.file).catch(() => null);
  const configTarget = realConfig === null ? undefined : inRepo(join(repo, relative(realRepo, realConfig)));
  const shared: Dependency[] = [
    ...(configTarget !== undefined && configTarget !== inRepo(set.file) ? [{ glob: configTarget, what: 'the trial-set file (where its link leads)' }] : []),
    ...(isolated
      ? []
      : [
          {
            glob: '**',
            what: `agent.isolation ${config.agent.isolation === 'none' ? 'is none' : 'is auto and this machine cannot isolate'}: the agent may read any file`,
          },
        ]),
    ...config.watch.flatMap((glob) => globOf(glob, 'watch')),
    ...(await followed(await watchedFiles(config.watch), 'watch')),
    ...config.agent.files.flatMap((path) => pathOf(path, 'agent.files')),
    ...(await followed(config.agent.files, 'agent.files')),
    ...installedAgentFiles(config.agent.files, 'agent.files', pathOf),
    ...scripts(config.agent.command, config.agent.env, 'agent.command'),
    ...(config.judge
      ? [
          ...pathOf(config.judge.calibration, 'judge.calibration'),
          // The judge's program decides what its items answer; the measurement records only its command line.
          ...(config.judge.command
            ? measuring([
                ...programOf(scripts(config.judge.command, {}, 'judge.command'), inRepo('.')),
                // A script that is a link: the program is where it leads (and the code beside that).
                ...programOf(
                  (await followed(scriptFiles(config.judge.command, {}), 'judge.command')).filter((d) => !d.glob.endsWith('/**')),
                  inRepo('.'),
                ),
              ])
            : []),
        ]
      : []),
  ];
  const tasks: TrialSetDependencies['tasks'] = [];
  for (const [i, spec] of config.tasks.entries()) {
    const at = `tasks[${i}]`;
    const own: Dependency[] = [
      ...spec.watch.flatMap((glob) => globOf(glob, `${at}.watch`)),
      ...(await followed(await watchedFiles(spec.watch), `${at}.watch`)),
      ...(spec.agent?.files ?? []).flatMap((path) => pathOf(path, `${at}.agent.files`)),
      ...(await followed(spec.agent?.files ?? [], `${at}.agent.files`)),
      ...installedAgentFiles(spec.agent?.files ?? [], `${at}.agent.files`, pathOf),
      ...(await followed([spec.fixture], `${at}.fixture`)),
      ...(spec.agent?.command ? scripts(spec.agent.command, { ...config.agent.env, ...spec.agent.env }, `${at}.agent.command`) : []),
      ...(spec.judge?.labels ? pathOf(spec.judge.labels, `${at}.judge.labels`) : []),
      ...pathOf(join(config.repairs, spec.id), `${config.repairs}/${spec.id} (its committed repairs)`),
      ...(await fixtureDependencies(dir, spec.fixture, `${at}.fixture`, pathOf, leadsTo)),
    ];
    tasks.push({ id: spec.id, own });
  }
  return { config: inRepo(set.file) ?? set.file, shared, tasks };
}

/**
 * Where the links at or below `paths` lead (absolute, resolved): a path that is a link, or a directory
 * holding links. What cannot be read is skipped: the run itself says what is wrong with it.
 */
async function linkTargets(paths: readonly string[]): Promise<string[]> {
  const targets = new Set<string>();
  const follow = async (path: string) => {
    const target = await realpath(path).catch(() => null);
    if (target && target !== path) targets.add(target);
  };
  for (const path of paths) {
    const info = await lstat(path).catch(() => null);
    if (!info) continue;
    if (info.isSymbolicLink()) {
      await follow(path);
      continue;
    }
    if (!info.isDirectory()) continue;
    for (const entry of await listEntries(path).catch(() => [])) if (entry.kind === 'link') await follow(join(path, entry.path));
  }
  return [...targets];
}

/**
 * The fixture directory and the directories its manifest includes or reads. A manifest that cannot be read
 * makes the task depend on the whole repository: it reruns on any change, and the run says what is wrong.
 */
async function fixtureDependencies(
  dir: string,
  fixture: string,
  what: string,
  pathOf: (path: string, what: string) => Dependency[],
  leadsTo: (paths: readonly string[], what: string) => Promise<Dependency[]>,
): Promise<Dependency[]> {
  const own = pathOf(fixture, what);
  let manifest: { include?: unknown; readable?: unknown };
  try {
    manifest = JSON.parse(await readFile(join(resolve(dir, fixture), 'fixture.json'), 'utf8')) as typeof manifest;
  } catch {
    return [{ glob: '**', what: `${what} (its fixture.json cannot be read)` }];
  }
  const [include, readable] = [manifest.include, manifest.readable].map((paths) => (Array.isArray(paths) ? (paths as unknown[]) : []));
  if ([...include!, ...readable!].some((p) => typeof p !== 'string'))
    return [{ glob: '**', what: `${what} (its fixture.json lists a path that is not a string)` }];
  const outside = (paths: unknown[], how: string) => (paths as string[]).filter((p) => !onHost(p)).flatMap((p) => pathOf(join(fixture, p), `${what} (${how})`));
  // An included directory is in the fixture's hash; a readable one (what the service and acceptor run with) is
  // not, nor are the manifests it is installed from (a node_modules or a virtualenv is built in CI, not committed).
  const installed = (readable as string[])
    .filter((p) => !onHost(p))
    .flatMap((p) => installedFrom(join(fixture, p), `${what} (what a readable directory of its fixture is installed from, in no hash)`, pathOf));
  // A readable directory that is a link (or lies behind one): what it leads to measures as well.
  const linked = await leadsTo(
    (readable as string[]).filter((p) => !onHost(p)).map((p) => join(fixture, p)),
    `${what} (a readable directory of its fixture, in no hash)`,
  );
  return [
    ...own,
    ...outside(include!, 'included by its fixture'),
    ...measuring([...outside(readable!, 'a readable directory of its fixture, in no hash'), ...installed, ...linked]),
  ];
}

/** Directories a package manager builds in CI rather than a commit holding them: node_modules, a virtualenv, vendored gems. */
const INSTALLED_DIRS = new Set(['node_modules', '.venv', 'venv', 'vendor', '.bundle']);

/**
 * The manifests beside an agent file that CI installs (a CLI in the project's node_modules, a virtualenv): a
 * pull request that changes the agent's CLI version changes only them, and no file inside the directory.
 */
function installedAgentFiles(files: readonly string[], what: string, pathOf: (path: string, what: string) => Dependency[]): Dependency[] {
  return files
    .filter((p) => !isAbsolute(p) && INSTALLED_DIRS.has(p.replace(/\/+$/, '').split('/').pop()!))
    .flatMap((p) => installedFrom(p, `${what} (what ${p} is installed from)`, pathOf));
}

/** The manifests and lockfiles beside `dir` (INSTALLED_FROM) that may be what it is installed from. */
function installedFrom(dir: string, what: string, pathOf: (path: string, what: string) => Dependency[]): Dependency[] {
  return INSTALLED_FROM.flatMap((name) => pathOf(join(dir, '..', name), what).slice(0, 1));
}

/**
 * The manifests and lockfiles a package manager installs a directory from, looked for beside it: a pull
 * request that changes one changes what a `readable` node_modules or virtualenv holds once CI installs it,
 * with no changed file inside the directory itself.
 */
const INSTALLED_FROM = [
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'bun.lockb',
  '.npmrc',
  'requirements*.txt',
  'constraints*.txt',
  'pyproject.toml',
  'poetry.lock',
  'uv.lock',
  'Pipfile',
  'Pipfile.lock',
  'setup.py',
  'setup.cfg',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'gradle.lockfile',
  'go.mod',
  'go.sum',
  'Gemfile',
  'Gemfile.lock',
  'Cargo.toml',
  'Cargo.lock',
];

/** The code a program beside its script may import (its data, a judge's calibration, is hashed on its own). */
const PROGRAM_FILES = '{mjs,cjs,js,mts,cts,ts,py,sh,rb,pl}';

/**
 * A program's files: a script in a directory of its own (`judge/serve.mjs`) and the code beside it, since
 * what it imports decides as much as it does; a script beside the trial set (`dir`) or at the
 * repository's root is itself alone.
 */
function programOf(scripts: Dependency[], dir: string | undefined): Dependency[] {
  return scripts.flatMap((script) => {
    const at = script.glob.lastIndexOf('/');
    const parent = at < 0 ? '' : script.glob.slice(0, at);
    return parent === '' || parent === dir ? [script] : [script, { glob: `${parent}/**/*.${PROGRAM_FILES}`, what: `${script.what} (code beside its script)` }];
  });
}

/** The dependencies, marked as part of what measures (Dependency.measures). */
function measuring(deps: Dependency[]): Dependency[] {
  return deps.map((d) => ({ ...d, measures: true }));
}
