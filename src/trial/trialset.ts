// Loads trialgate.yml: YAML → zod → resolved tasks with their fixtures. A bad file stops everything
// before any trial runs, with the file, line, field path and what was expected.
import { dirname, relative, resolve } from 'node:path';
import { isNode, LineCounter, parseDocument } from 'yaml';
import { loadFixture, type Fixture } from '../fixture/load.ts';
import { TrialSetFile, type TaskSpec } from '../schemas/trialset.ts';
import { issuePath, UserInputError } from '../util/errors.ts';
import { readTextFile } from '../util/files.ts';
import { sha256 } from '../util/hash.ts';

export interface ResolvedTask {
  spec: TaskSpec;
  fixture: Fixture;
  /** fault id → label, in the order the faults run. */
  faults: Record<string, string>;
}

export interface TrialSet {
  file: string;
  /** The directory of trialgate.yml: relative paths and $TRIALGATE_PROJECT resolve against it. */
  dir: string;
  config: TrialSetFile;
  sha256: string;
  tasks: ResolvedTask[];
}

export async function loadTrialSet(path: string): Promise<TrialSet> {
  const file = resolve(path);
  const text = await readTextFile(file, 'no trial set here; pass --config or create trialgate.yml (see README)');
  const config = parseTrialSetText(text, file);
  const dir = dirname(file);
  const tasks: ResolvedTask[] = [];
  for (const [i, spec] of config.tasks.entries()) {
    const fixture = await loadFixture(resolve(dir, spec.fixture)).catch((e: unknown) => {
      if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].fixture`, `${spec.fixture}: ${e.message}`);
      throw e;
    });
    tasks.push({ spec, fixture, faults: faultLabels(file, i, spec, fixture) });
  }
  return { file, dir, config, sha256: sha256(text), tasks };
}

/** Parse and validate the YAML text; exported so tests and the JSON Schema share one path. */
export function parseTrialSetText(text: string, file: string): TrialSetFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const line = lineCounter.linePos(yamlError.pos[0]).line;
    throw new UserInputError(`${file}${line ? `:${line}` : ''}`, '', `not valid YAML: ${yamlError.message.split('\n')[0]}`);
  }
  const parsed = TrialSetFile.safeParse(doc.toJS());
  if (parsed.success) {
    const ids = new Set<string>();
    for (const [i, task] of parsed.data.tasks.entries()) {
      if (ids.has(task.id)) throw new UserInputError(file, `tasks[${i}].id`, `task id ${task.id} is used twice; task ids must be unique`);
      ids.add(task.id);
    }
    return parsed.data;
  }
  const issue = parsed.error.issues[0]!;
  const node = doc.getIn(issue.path as (string | number)[], true);
  const offset = isNode(node) ? node.range?.[0] : undefined;
  const line = offset === undefined ? undefined : lineCounter.linePos(offset).line;
  throw new UserInputError(`${file}${line ? `:${line}` : ''}`, issuePath(issue.path), issue.message);
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
