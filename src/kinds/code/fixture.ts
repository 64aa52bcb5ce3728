// A code task's fixture as the kind reads it: its code section, the repository snapshot the agent is
// given, and the checks that keep its hidden tests and solutions out of every agent's reach.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { NO_LIMITS, readCandidate, type CandidateSnapshot } from '../../acceptance/snapshot.ts';
import type { Fixture } from '../../fixture/load.ts';
import type { CodeAcceptance } from '../../schemas/kinds/code.ts';
import type { CodeSpec } from '../../schemas/kinds/code.ts';
import { namedPaths, namedWords } from '../../util/command-paths.ts';
import { inToolCache } from '../../util/tool-caches.ts';
import { UserInputError } from '../../util/errors.ts';
import { nearest } from '../../util/nearest.ts';
import { codeOf } from './changes.ts';

/** The fixture's code section, or the error that says it is missing. */
export function codeSpecOf(fixture: Fixture): CodeSpec {
  if (fixture.manifest.code) return fixture.manifest.code;
  throw new UserInputError(
    join(fixture.dir, 'fixture.json'),
    'code',
    'acceptance `code` needs a fixture with a code section (repository, scope, reproduction, solutions)',
  );
}

/** The repository snapshot the agent is given, read as any candidate is (never following a link). */
export async function readRepository(fixture: Fixture, spec: CodeSpec): Promise<CandidateSnapshot> {
  return readCode(fixture, spec.repository);
}

/** A directory of code of the fixture (the repository, a solution), without what its author's tools and build left in it (codeOf). */
export async function readCode(fixture: Fixture, dir: string): Promise<CandidateSnapshot> {
  return codeOf(await readCandidate(join(fixture.dir, dir), NO_LIMITS, `${dir}/`), codeSpecOf(fixture).ignore);
}

export function checkCodeFixture(fixture: Fixture, settings: CodeAcceptance): void {
  const spec = codeSpecOf(fixture);
  const manifest = join(fixture.dir, 'fixture.json');
  for (const [field, dir] of [
    ['code.repository', spec.repository],
    ['code.solutions.reference', spec.solutions.reference],
    ...Object.entries(spec.solutions.correct).map(([id, c]) => [`code.solutions.correct.${id}.dir`, c.dir]),
    ...Object.entries(spec.solutions.wrong).map(([id, w]) => [`code.solutions.wrong.${id}.dir`, w.dir]),
  ] as const) {
    const path = resolve(fixture.dir, dir);
    if (relative(fixture.dir, path).startsWith('..')) throw new UserInputError(manifest, field, `${dir} must be inside the fixture`);
    if (path === resolve(fixture.dir, 'inputs') || path.startsWith(resolve(fixture.dir, 'inputs') + sep))
      throw new UserInputError(manifest, field, `${dir} is under inputs/, which every agent is shown`);
    if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new UserInputError(manifest, field, `${dir} is not a directory of the fixture`);
  }
  // Each solution's row and evidence directory are named by its id: one id, one solution.
  const ids = [...Object.keys(spec.solutions.correct), ...Object.keys(spec.solutions.wrong)];
  const clash = ids.find((id, i) => ['reference', 'unchanged', 'candidate'].includes(id) || ids.indexOf(id) !== i);
  if (clash)
    throw new UserInputError(
      manifest,
      'code.solutions',
      `the solution id "${clash}" is used twice or is one trialgate uses itself (reference, unchanged, candidate): rename it`,
    );
  // A library with no build step has nothing that can fail to start: its tests would only crash on it.
  if (!spec.build && !spec.service)
    for (const [id, wrong] of Object.entries(spec.solutions.wrong))
      if (wrong.rejected_by === 'start')
        throw new UserInputError(
          manifest,
          `code.solutions.wrong.${id}.rejected_by`,
          '"start" needs something to start, and this code has no code.build and no code.service: add a code.build step that compiles or imports the code (e.g. "python3 -m compileall -q src", "npx tsc --noEmit"), so that code which does not build fails `starts`',
        );
  // The hidden tests must never reach an agent: what the command runs must be protected, which keeps it
  // out of anything the trial set shows the agent.
  const protectedPaths = Object.keys(fixture.protectedFiles).map((f) => resolve(fixture.dir, f));
  // After a `cd` a name may be the command's own copy (the tests laid beside the code), not the fixture's.
  const changesDirectory = /(^|[\s;&|(])cd\s/.test(settings.command);
  for (const path of namedPaths(settings.command, settings.env, fixture.dir)) {
    if (relative(fixture.dir, path).startsWith('..')) continue;
    if (!existsSync(path)) {
      if (changesDirectory) continue;
      const meant = nearest(relative(fixture.dir, path), Object.keys(fixture.protectedFiles));
      throw new UserInputError(
        manifest,
        'acceptance.command',
        `it runs ${relative(fixture.dir, path)}, which is not a file of the fixture (the hidden tests run from the fixture's directory): ${meant ? `did you mean ${meant}? ` : ''}fix the path`,
      );
    }
    if (!protectedPaths.some((p) => p === path || p.startsWith(path + sep)))
      throw new UserInputError(
        manifest,
        'protected',
        `the hidden tests' command runs ${relative(fixture.dir, path)}, which no protected glob covers: protect the hidden tests (e.g. "hidden/**") so no agent is ever shown them`,
      );
  }
  // A directory it names (pytest's `hidden/tests`: its conftest.py and every test file) runs each file in it.
  for (const dir of namedDirectories(settings.command, settings.env, fixture.dir)) {
    const unprotected = filesUnder(dir)
      .map((file) => relative(fixture.dir, file).split(sep).join('/'))
      .find((file) => !inToolCache(file) && !(file in fixture.protectedFiles));
    if (unprotected)
      throw new UserInputError(
        manifest,
        'protected',
        `the hidden tests' command runs the directory ${relative(fixture.dir, dir)}, whose ${unprotected} no protected glob covers: protect the hidden tests (e.g. "${relative(fixture.dir, dir).split(sep)[0]}/**") so no agent is ever shown them`,
      );
  }
}

/** The fixture's directories (not the fixture itself) that `command` names. */
function namedDirectories(command: string, env: Readonly<Record<string, string>>, fixtureDir: string): string[] {
  return [...new Set(namedWords(command, env).map((word) => resolve(fixtureDir, word)))].filter((path) => {
    const inside = relative(fixtureDir, path);
    return inside !== '' && !inside.startsWith('..') && statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}
