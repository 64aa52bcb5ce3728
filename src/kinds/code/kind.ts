// The `code` kind: the agent works in a copy of a repository (candidate/ starts as the fixture's snapshot,
// task.txt says what it may change), and hidden tests that never reach it judge the changed code, started
// from a fresh copy of exactly what the candidate hash covers (accept.ts). The evidence holds the diff
// against the snapshot; a change outside the allowed scope fails `constraint:scope`, named by path, whatever
// the tests say.
import { basename, join } from 'node:path';
import { writeCandidate } from '../../acceptance/snapshot.ts';
import { passedEnvironment } from '../../isolation/open.ts';
import { EVIDENCE } from '../../layout.ts';
import type { CodeAcceptance } from '../../schemas/kinds/code.ts';
import { sha256 } from '../../util/hash.ts';
import { EnvironmentError } from '../../util/errors.ts';
import { acceptorCheckOf, MACHINERY_FIX } from '../command/kind.ts';
import { reportersSha256 } from '../command/reporters.ts';
import type { AcceptorCheck, AcceptorCheckOptions, KindResult, TaskKind, TrialHandle } from '../contract.ts';
import { agentDelivers, passedForTrial } from '../setup.ts';
import { acceptCode, inProcessNote, referenceAlone, referenceOf } from './accept.ts';
import { changesOf, codeOf, outOfScope, overlay, unifiedDiff, type Change } from './changes.ts';
import { codeCheckLabels, codeChecks, codeResult } from './checks.ts';
import { checkCodeFixture, codeSpecOf, readCode, readRepository } from './fixture.ts';
import { keepReferenceRun, notCountedNote, referenceRun } from './reference.ts';
import { validateCode } from './validate.ts';
import { plural } from '../../util/counted.ts';
import { goCacheFix, warmCommand } from '../../util/go-cache.ts';

const NOTED_CHANGES = 20;

export const codeKind: TaskKind<CodeAcceptance> = {
  name: 'code',
  capabilities: { countsDetections: false, repairable: true },
  // The groups, the scope and the build are in fixture.json, which the fixture hash covers; the reporters
  // (and the node preload every run loads) judge with the command. 2: exceptions in a test fail it, skips
  // on the reference are not counted, the report is guarded.
  acceptorVersion: (settings) => `code@2:${sha256(settings.command).slice(0, 12)}:reporters-${reportersSha256().slice(0, 12)}`,
  passEnv: (settings) => settings.pass_env,
  checkFixture: (fixture, settings) => checkCodeFixture(fixture, settings),
  checkLabels: (fixture) => codeCheckLabels(codeSpecOf(fixture)),
  // The diff is the runner's record of the candidate's changes (their text is the candidate's); the reports
  // and the build and service logs are what the candidate's own code and its tests wrote.
  evidenceAuthor: (path) => {
    if (path === EVIDENCE.diff) return 'harness-quoting';
    return path.startsWith(`${EVIDENCE.reports}/`) || path === EVIDENCE.code.buildLog || path === EVIDENCE.code.serviceLog ? 'candidate-code' : undefined;
  },

  async run(trial: TrialHandle, settings): Promise<KindResult> {
    const { fixture } = trial.task;
    const spec = codeSpecOf(fixture);
    await trial.verifyAcceptanceCopy();
    const repository = await readRepository(fixture, spec);
    await writeCandidate(repository, join(trial.trialDir, 'candidate'));
    const { result: delivered, candidate: asLeft } = await agentDelivers(trial);
    if (delivered.envError) return delivered;
    if (!asLeft) return { ...delivered, checks: codeChecks(spec, { notRunning: 'not accepted: the candidate is over its limits', outOfScope: [] }) };
    // What running the repository's own tests cached in it, or its build wrote where the fixture says, is no
    // change of the code: neither judged nor built.
    const candidate = codeOf(asLeft, spec.ignore);
    const result = { ...delivered, candidateSha256: candidate.sha256 };
    const changes = changesOf(repository, candidate);
    await trial.writeEvidence(EVIDENCE.diff, unifiedDiff(repository, candidate, changes));
    const { passed, envError } = passedForTrial(trial, settings.pass_env);
    if (!passed) return { ...result, envError };
    const run = { fixture, spec, settings, sandbox: trial.sandbox, passed };
    const against = await referenceRun(fixture, () => referenceAlone(run, repository));
    const accepted = await acceptCode({
      ...run,
      candidate,
      ...(against ? { against } : {}),
      writeEvidence: (relPath, text) => trial.writeEvidence(relPath, text),
      verify: () => trial.verifyAcceptanceCopy(),
      pace: trial.pace,
    });
    const inProcess = inProcessNote(accepted, against?.tripwires);
    return {
      ...result,
      ...codeResult(spec, accepted, outOfScope(changes, spec.scope), against),
      notes: [changesNote(changes), ...notCountedNote(against), ...accepted.notes, ...(inProcess ? [inProcess] : [])],
    };
  },

  checkAcceptor: checkCodeAcceptor,
  validate: (options, settings) => validateCode(options, settings),
};

/**
 * The acceptor preflight of a code task: the hidden tests on the reference fix, before any trial. Tests that
 * cannot run here (a runner the sandbox cannot see, no report) would fail every agent's code for the
 * environment's reason: the task is the environment's failure instead, named with the fix.
 */
async function checkCodeAcceptor(check: AcceptorCheckOptions, settings: CodeAcceptance): Promise<AcceptorCheck> {
  const { fixture } = check;
  const spec = codeSpecOf(fixture);
  const repository = await readRepository(fixture, spec);
  const reference = overlay(repository, await readCode(fixture, spec.solutions.reference));
  let passed: Record<string, string>;
  try {
    passed = passedEnvironment(settings.pass_env, 'acceptance.pass_env');
  } catch (e) {
    if (!(e instanceof EnvironmentError)) throw e;
    return { ok: false, error: e.message, fix: 'set the variable in the environment that runs trialgate, or remove it from pass_env' };
  }
  const accepted = await acceptCode({
    fixture,
    spec,
    settings,
    sandbox: check.sandbox,
    candidate: reference,
    reference: true,
    passed,
    // The preflight keeps the hidden tests' report, where a reader of the run finds it; the logs stay in the run's output.
    writeEvidence: async (relPath, text) => (relPath.startsWith(`${EVIDENCE.reports}/`) ? check.writeReport(basename(relPath, '.json'), text) : relPath),
    ...(check.pace ? { pace: check.pace } : {}),
  });
  // Its run is what the run's trials are judged against (reference.ts), and a later round's on its own copy.
  const keptRun = referenceOf(accepted);
  keepReferenceRun(fixture, keptRun);
  if (accepted.notRunning)
    return {
      ok: false,
      error: `the reference fix: ${accepted.notRunning}`,
      fix: goCacheFix(accepted.notRunning, warmCommand(settings.command, fixture.dir)) ?? REFERENCE_FIX_FAILS,
    };
  if (accepted.forgery.length)
    return { ok: false, error: `the reference fix: its report is not the tests' own: ${accepted.forgery.join('; ')}`, fix: REFERENCE_FIX_FAILS };
  // trialgate's machinery failed twice before the hidden tests could run (the build past its limit): no verdict on the fixture.
  if (!accepted.outcome && accepted.envError)
    return { ok: false, error: `the reference fix: ${accepted.envError.message}`, fix: MACHINERY_FIX, machinery: true };
  const outcome = accepted.outcome!;
  if (outcome.judgement.verdict === 'baseline_fail')
    return {
      ok: false,
      error: `the reference fix fails the hidden tests: ${outcome.judgement.reason}`,
      fix: goCacheFix(outcome.judgement.reason, warmCommand(settings.command, fixture.dir)) ?? REFERENCE_FIX_FAILS,
    };
  const checked = acceptorCheckOf(accepted.envError ? { ...outcome, envError: accepted.envError } : outcome, reference.files);
  return { ...checked, restore: (copy) => keepReferenceRun(copy, keptRun) };
}

const REFERENCE_FIX_FAILS =
  'run `trialgate validate <fixture>`: the hidden tests must pass on the reference fix (code.solutions.reference) before any agent is judged by them';

function changesNote(changes: readonly Change[]): string {
  if (changes.length === 0) return 'changed nothing in the repository';
  const shown = changes.slice(0, NOTED_CHANGES).map((c) => `${c.path} (${c.change})`);
  return `changed ${plural(changes.length, 'file')}: ${shown.join(', ')}${changes.length > NOTED_CHANGES ? ', …' : ''} (evidence/${EVIDENCE.diff})`;
}
