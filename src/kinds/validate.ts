// `trialgate validate` as an engine function: the fixture's own acceptor (whatever its kind) run on its
// reference answers, or on a given candidate, against every variant, in a sandbox where the OS allows.
import { loadFixture } from '../fixture/load.ts';
import { openSandbox, passedEnvironment, type IsolationSetting } from '../isolation/open.ts';
import type { IsolationReport } from '../isolation/sandbox.ts';
import { proofRefusal, ResetProver, type ResetProof } from '../service/reset-proof.ts';
import { variantsOf } from '../fixture/load.ts';
import { heldTokens, Scrubber } from '../util/scrub.ts';
import type { Validation } from './contract.ts';
import { kindOf } from './registry.ts';

export interface ValidateFixtureOptions {
  fixtureDir: string;
  outDir: string;
  candidateDir?: string;
  isolation?: IsolationSetting;
}

export async function validateFixture(options: ValidateFixtureOptions): Promise<{ validation: Validation; isolation: IsolationReport }> {
  const fixture = await loadFixture(options.fixtureDir);
  const acceptance = fixture.manifest.acceptance ?? (fixture.manifest.tools ? { kind: 'tools' as const } : { kind: 'http-cases' as const, timeout_seconds: 120 });
  const kind = kindOf(acceptance);
  kind.checkFixture(fixture, acceptance);
  const passed = acceptance.kind === 'command' ? Object.values(passedEnvironment(acceptance.pass_env, `${fixture.dir}/fixture.json: acceptance.pass_env`)) : [];
  const sandbox = await openSandbox(options.isolation ?? 'auto', '--isolation');
  const refusal = proofRefusal(fixture, kind.replayableUse !== undefined, kind.name);
  // The acceptance below is the proof's first run: its instances go on to the replay and the probe.
  const prover = refusal ? undefined : new ResetProver(sandbox, fixture);
  try {
    const validation = await kind.validate({
      fixture,
      acceptance,
      sandbox,
      outDir: options.outDir,
      ...(options.candidateDir ? { candidateDir: options.candidateDir } : {}),
      scrubber: new Scrubber([...heldTokens(process.env), ...passed]),
      ...(prover ? { services: prover } : {}),
    });
    if (validation.shape !== 'variants' || validation.formatOnly) return { validation, isolation: sandbox.report };
    let resetProof: ResetProof = { proved: false, why: refusal!, variants: [] };
    if (prover) {
      const use = await kind.replayableUse!(fixture, acceptance, validation.candidateDir);
      resetProof = typeof use === 'string' ? { proved: false, why: use, variants: [] } : (await prover.prove(use, variantsOf(fixture))).proof;
    }
    return { validation: { ...validation, resetProof }, isolation: sandbox.report };
  } finally {
    await prover?.stop();
    await sandbox.dispose();
  }
}
