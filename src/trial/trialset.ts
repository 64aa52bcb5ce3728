// Loads trialgate.yml: YAML → zod → resolved tasks with their fixtures and kinds. A bad file stops
// everything before any trial runs, with the file, line, field path and what was expected. Every path
// the file names stays inside the project (its directory), and nothing the agent is shown may expose a
// fixture's reference answers or service.
import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { loadFixture, mustBeInside, type Fixture } from '../fixture/load.ts';
import type { TaskKind } from '../kinds/contract.ts';
import { kindOf } from '../kinds/registry.ts';
import type { AcceptanceSpec } from '../schemas/acceptance.ts';
import type { TaskSpec, TrialSetFile } from '../schemas/trialset.ts';
import { checkJudgeConfig } from '../semantic/config.ts';
import { UserInputError } from '../util/errors.ts';
import { matchFiles } from '../util/files.ts';
import { readTrialSetFile } from './trialset-file.ts';

export { parseTrialSetText } from './trialset-file.ts';

export interface ResolvedTask {
  spec: TaskSpec;
  fixture: Fixture;
  /** The task's acceptor: the trial set's, else the fixture's, else http-cases. */
  acceptance: AcceptanceSpec;
  kind: TaskKind;
  /** fault id → label, in the order the faults run. */
  faults: Record<string, string>;
}

export interface TrialSet {
  file: string;
  /** The directory of trialgate.yml: the project. Relative paths and $TRIALGATE_PROJECT resolve against it. */
  dir: string;
  config: TrialSetFile;
  sha256: string;
  tasks: ResolvedTask[];
  /** Absolute paths the agent is shown read-only: the watched files and agent.files. */
  agentFiles: string[];
}

export async function loadTrialSet(path: string): Promise<TrialSet> {
  const { file, dir, config, sha256 } = await readTrialSetFile(path);
  const tasks: ResolvedTask[] = [];
  for (const [i, spec] of config.tasks.entries()) {
    const fixture = await loadFixture(resolve(dir, spec.fixture), dir).catch((e: unknown) => {
      if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].fixture`, `${spec.fixture}: ${e.message}`);
      throw e;
    });
    const acceptance = spec.acceptance ?? fixture.manifest.acceptance ?? { kind: 'http-cases', timeout_seconds: 120 };
    const kind = kindOf(acceptance);
    try {
      kind.checkFixture(fixture, acceptance);
    } catch (e) {
      if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].acceptance`, `${acceptance.kind}: ${e.message}`);
      throw e;
    }
    if (acceptance.kind === 'tools' && config.agent.network === 'none') {
      throw new UserInputError(file, 'agent.network', `task ${spec.id} acts through tools on a local proxy: its agent needs the network (network: full)`);
    }
    tasks.push({ spec, fixture, acceptance, kind, faults: faultLabels(file, i, spec, fixture) });
  }
  await mustBeInside(dir, resolve(dir, config.repairs), file, 'repairs');
  const shown = await resolveAgentFiles(file, dir, config);
  await refuseExposure(file, dir, shown, tasks);
  await checkJudgeConfig(file, dir, config, shown.map((s) => s.path));
  return { file, dir, config, sha256, tasks, agentFiles: [...new Set(shown.map((s) => s.path))].sort() };
}

function faultLabels(file: string, i: number, spec: TaskSpec, fixture: Fixture): Record<string, string> {
  const known = fixture.manifest.faults;
  if (!spec.faults) return Object.fromEntries(Object.entries(known).map(([id, f]) => [id, f.label]));
  for (const id of Object.keys(spec.faults)) {
    if (!known[id]) {
      throw new UserInputError(file, `tasks[${i}].faults.${id}`, `the fixture ${relative(dirname(file), fixture.dir)} has no fault ${id}; known: ${Object.keys(known).join(', ')}`);
    }
  }
  return spec.faults;
}

interface Shown {
  path: string;
  /** The field that put it there. */
  field: string;
}

/** The watched files and agent.files, as absolute paths inside the project. */
async function resolveAgentFiles(file: string, dir: string, config: TrialSetFile): Promise<Shown[]> {
  for (const [i, glob] of config.watch.entries()) {
    if (isAbsolute(glob) || glob.split('/').includes('..')) throw new UserInputError(file, `watch[${i}]`, `${glob}: globs are relative to the project and stay inside it`);
  }
  const watched = (await matchFiles(dir, config.watch)).map((f) => ({ path: join(dir, f), field: 'watch' }));
  for (const { path } of watched) await mustBeInside(dir, path, file, 'watch');
  const declared: Shown[] = [];
  for (const [i, entry] of config.agent.files.entries()) {
    const path = resolve(dir, entry);
    await mustBeInside(dir, path, file, `agent.files[${i}]`);
    if (!(await stat(path).catch(() => null))) throw new UserInputError(file, `agent.files[${i}]`, `${entry} does not exist in the project`);
    declared.push({ path, field: `agent.files[${i}]` });
  }
  return [...declared, ...watched];
}

/** Nothing shown to the agent may hold a fixture's reference answers, service, variants or manifest. */
async function refuseExposure(file: string, dir: string, shown: readonly Shown[], tasks: readonly ResolvedTask[]): Promise<void> {
  for (const task of tasks) {
    const { manifest } = task.fixture;
    const hidden = new Set<string>();
    for (const f of Object.keys(task.fixture.protectedFiles)) if (!f.startsWith('inputs/') && f !== 'task.txt') hidden.add(resolve(task.fixture.dir, f));
    for (const f of await matchFiles(task.fixture.dir, [...manifest.service.files, `${manifest.reference}/**`, 'fixture.json'])) hidden.add(resolve(task.fixture.dir, f));
    for (const { path, field } of shown) {
      const exposed = [...hidden].find((h) => h === path || h.startsWith(path + sep));
      if (exposed) {
        throw new UserInputError(file, field, `${relative(dir, path) || '.'} would show the agent ${relative(dir, exposed)} (task ${task.spec.id}'s reference answers, service or manifest); name only the agent's own files`);
      }
    }
  }
}
