// Whether a run reuses a task's services: at the start of the run, the reset of each task's service is
// proved on its acceptance copy (service/reset-proof.ts) with the kind's replay of the reference answers;
// proved, and under a sandbox that keeps an idle service out of every agent's reach, the run's one pool
// keeps idle instances per variant, as many as acceptances run at once. Otherwise every use starts a fresh one.
// A run with too few trials of the task for reuse to pay starts fresh ones without a proof: the proof itself
// starts two instances of each variant, so keeping them saves a start only from a variant's third use on.
// Its limits still scale with the machine: one start of the correct service and one replay measure its pace.
import type { Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import type { BoundKind } from '../kinds/contract.ts';
import type { ServicePool } from '../service/pool.ts';
import { measurePace, proofRefusal, ResetProver } from '../service/reset-proof.ts';

export interface ReuseOffer {
  pool: ServicePool;
  sandbox: Sandbox;
  /** The task's acceptance copy. */
  fixture: Fixture;
  kind: BoundKind;
  /** The variants the run uses. */
  faults: readonly string[];
  /** Idle instances to keep per variant: as many as acceptances run at once. */
  keep: number;
  /** The task's trials in this run: each uses every variant at least once. */
  trials: number;
}

/**
 * The fewest trials of a task in a run for which its services are kept: the proof starts two instances of
 * each variant (a first run from a fresh start, and a fresh start to compare a reset with), so with fewer
 * uses than three a fresh start per use starts no more processes and replays nothing.
 */
export const MIN_TRIALS_FOR_REUSE = 3;

export async function offerReuse({ pool, sandbox, fixture, kind, faults, keep, trials }: ReuseOffer): Promise<void> {
  const refusal = proofRefusal(fixture, kind.replayableUse !== undefined, kind.name);
  if (refusal) return pool.refuse(fixture, refusal);
  if (!sandbox.privateServices)
    return pool.refuse(fixture, 'unisolated, an idle service would listen on a loopback port any agent can reach: each use starts a fresh service');
  const use = await kind.replayableUse!(fixture);
  if (trials < MIN_TRIALS_FOR_REUSE) {
    // The limits still scale with this machine: its pace measured on one start and one replay.
    const started = typeof use === 'string' ? 0 : await measurePace(sandbox, fixture, use, pool.pace(fixture));
    return pool.refuse(
      fixture,
      `${trials === 1 ? '1 trial' : `${trials} trials`} of this task in this run: a fresh service per use starts no more processes than proving a reset (two per variant), so each use starts a fresh service${started ? " (and one start of the correct service measured this machine's pace)" : ''}`,
      started,
    );
  }
  if (typeof use === 'string') return pool.refuse(fixture, `reset not proved: ${use}; each use starts a fresh service`);
  const prover = new ResetProver(sandbox, fixture, pool.pace(fixture));
  try {
    const { proof, reset } = await prover.prove(use, faults);
    if (reset) {
      prover.handOver();
      await pool.allow(fixture, reset, proof.why, prover.started, keep);
    } else pool.refuse(fixture, proof.why, prover.started);
  } finally {
    await prover.stop();
  }
}
