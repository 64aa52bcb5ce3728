// `trialgate validate` as an engine function: the fixture's own acceptor (whatever its kind) run on its
// reference answers, or on a given candidate, against every variant, in a sandbox where the OS allows.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadFixture, NO_FAULT, variantsOf } from '../fixture/load.ts';
import { openSandbox, passedEnvironment, type IsolationSetting } from '../isolation/open.ts';
import type { IsolationReport } from '../isolation/sandbox.ts';
import { proofRefusal, ResetProver, type ResetProof } from '../service/reset-proof.ts';
import { matchFiles } from '../util/files.ts';
import { secretsOf } from '../secrets.ts';
import type { Validation } from './contract.ts';
import { defaultAcceptance, kindOf } from './registry.ts';

export interface ValidateFixtureOptions {
  fixtureDir: string;
  outDir: string;
  candidateDir?: string;
  isolation?: IsolationSetting;
}

export async function validateFixture(options: ValidateFixtureOptions): Promise<{ validation: Validation; isolation: IsolationReport }> {
  const fixture = await loadFixture(options.fixtureDir);
  const kind = kindOf(defaultAcceptance(fixture));
  kind.checkFixture(fixture);
  // A variable the acceptor is passed must be set before anything runs; its value is a secret like any other.
  passedEnvironment(kind.passEnv, `${fixture.dir}/fixture.json: acceptance.pass_env`);
  const sandbox = await openSandbox(options.isolation ?? 'auto', '--isolation');
  const refusal = proofRefusal(fixture, kind.replayableUse !== undefined, kind.name);
  // The acceptance below is the proof's first run: its instances go on to the replay and the probe.
  const prover = refusal ? undefined : new ResetProver(sandbox, fixture);
  try {
    const validation = await kind.validate({
      fixture,
      sandbox,
      outDir: options.outDir,
      ...(options.candidateDir ? { candidateDir: options.candidateDir } : {}),
      scrubber: secretsOf({ tasks: [kind] }).scrubber,
      ...(prover ? { services: prover } : {}),
    });
    if (validation.shape !== 'variants' || validation.formatOnly) return { validation, isolation: sandbox.report };
    // Asked of the fixture's own reference answers only: a given candidate may simply miss every defect.
    const unread = options.candidateDir ? undefined : await faultEnvUnread(validation);
    if (unread) validation.problems.push(unread);
    let resetProof: ResetProof = { proved: false, why: refusal!, variants: [], limits: [] };
    if (prover) {
      const use = await kind.replayableUse!(fixture, validation.candidateDir);
      resetProof = typeof use === 'string' ? { proved: false, why: use, variants: [], limits: [] } : (await prover.prove(use, variantsOf(fixture))).proof;
    }
    return { validation: { ...validation, resetProof }, isolation: sandbox.report };
  } finally {
    await prover?.stop();
    await sandbox.dispose();
  }
}

/**
 * When every defect passed every test, as the correct service did, the likeliest cause is a service that
 * never reads `faultEnv` (misspelt on one side): ask, and say whether any service file names it.
 */
async function faultEnvUnread(validation: Extract<Validation, { shape: 'variants' }>): Promise<string | undefined> {
  const defects = validation.rows.filter((r) => r.fault !== NO_FAULT);
  const correct = validation.rows.find((r) => r.fault === NO_FAULT);
  if (defects.length === 0 || correct?.verdict !== 'baseline_pass' || !defects.every((r) => r.verdict === 'defect_missed')) return undefined;
  const { dir, manifest } = validation.fixture;
  const service = manifest.service;
  if (!service) return undefined;
  const files = await matchFiles(dir, service.files);
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8').catch(() => '')));
  // As a whole word: TALLY_FAULTS read by the service is not TALLY_FAULT.
  const word = new RegExp(`(^|[^A-Za-z0-9_])${service.faultEnv}($|[^A-Za-z0-9_])`);
  const named = texts.some((t) => word.test(t));
  return (
    `every defect passed every test, exactly as the correct service did: does the service read ${service.faultEnv} (service.faultEnv)? ` +
    `trialgate sets it to the fault id (${defects.map((r) => r.fault).join(', ')}) in the service's environment` +
    (named ? '' : `; no file of service.files (${files.join(', ')}) mentions ${service.faultEnv}`)
  );
}
