// The acceptor preflight of a run: before any trial of a task whose kind has one, its acceptor must pass the
// reference on the correct service (kinds/contract.ts checkAcceptor), or the task's trials are the
// environment's failure, never the agent's. A gate's confirmation rounds are runs of their own: one that
// passed is kept for the later runs of the same trial runner (one gate, one machine, minutes apart), so a
// round does not rerun a code task's whole hidden suite on the reference. Only a preflight that passed is
// kept, and only for the same fixture (its hash), acceptor and isolation: one that failed is tried again.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Fixture } from '../fixture/load.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import type { AcceptorCheck } from '../kinds/contract.ts';
import type { TaskDigest } from '../schemas/results.ts';
import { MachinePace } from '../service/pace.ts';
import type { ServicePool } from '../service/pool.ts';
import type { Scrubber } from '../util/scrub.ts';
import { isHoldout } from './holdout.ts';
import type { ResolvedTask } from './trialset.ts';

export type AcceptorCheckRecord = NonNullable<TaskDigest['acceptor_check']>;
/** An acceptor preflight's record, and whether what failed was trialgate's machinery rather than the acceptor (not recorded). */
export type AcceptorCheckResult = AcceptorCheckRecord & { machinery?: boolean };

/** A preflight that passed, as a later run repeats it: its reports, what it measured, what its kind keeps. */
interface KeptCheck {
  reports: readonly (readonly [fault: string, text: string])[];
  pace: MachinePace;
  restore?: (copy: Fixture) => void;
}

/** The preflights that passed in the runs of one trial runner (gate/trials.ts), by what they checked. */
export class KeptAcceptorChecks {
  private readonly kept = new Map<string, KeptCheck>();

  /** How many preflights were repeated from a kept one instead of run again. */
  reused = 0;

  get(key: string): KeptCheck | undefined {
    return this.kept.get(key);
  }

  keep(key: string, check: KeptCheck): void {
    this.kept.set(key, check);
  }
}

/** What a preflight checked: the task's fixture (by hash), its acceptor and settings, and the isolation it ran in. */
function checkedKey(task: ResolvedTask, sandbox: Sandbox): string {
  const { kind } = task;
  return JSON.stringify([task.spec.id, task.fixture.sha256, kind.name, kind.acceptorVersion, kind.settings, sandbox.report]);
}

/**
 * A kind's fix names the fixture as `<fixture>` (it sees only the acceptance copy): here it becomes the
 * task's fixture as the trial set names it, and a `readable` directory as the copy finds it (a Go build
 * cache to warm) the project's own; but for a holdout task, whose fixture is never named.
 */
function withFixtureNamed(fix: string, task: ResolvedTask, projectDir: string, copy: Fixture): string {
  if (isHoldout(task)) return fix;
  const named = fix.replaceAll('<fixture>', relative(projectDir, task.fixture.dir) || '.');
  return copy.readable.reduce((text, { at, target }) => text.replaceAll(at, target), named);
}

/** What of a run's plan its preflights need (run-plan.ts RunPlan). */
interface PreflightPlan {
  set: { dir: string };
  tasks: readonly ResolvedTask[];
  slots: readonly { task: ResolvedTask }[];
  runDir: string;
  holdout: { rootOf(task: ResolvedTask, runDir: string): string };
}

/** The acceptor preflight of every task that runs here and whose kind has one; `kept`: those a gate's earlier runs passed. */
export async function checkAcceptors(
  plan: PreflightPlan,
  copies: ReadonlyMap<string, Fixture>,
  sandbox: Sandbox,
  scrubber: Scrubber,
  pool: ServicePool,
  kept?: KeptAcceptorChecks,
): Promise<Map<string, AcceptorCheckResult>> {
  const checks = new Map<string, AcceptorCheckResult>();
  for (const task of plan.tasks) {
    if (!task.kind.checkAcceptor || !plan.slots.some((slot) => slot.task === task)) continue;
    const copy = copies.get(task.spec.id)!;
    const root = plan.holdout.rootOf(task, plan.runDir);
    const dir = join(root, task.spec.id, 'acceptor-check');
    let report: string | undefined;
    const writeReport = async (fault: string, text: string) => {
      await mkdir(dir, { recursive: true });
      report = join(dir, `${fault}.json`);
      await writeFile(report, scrubber.text(text));
      return report;
    };
    const key = checkedKey(task, sandbox);
    const earlier = kept?.get(key);
    let check: AcceptorCheck;
    if (kept && earlier) {
      // The round's own copy of what the preflight showed, its measurements scaling this run's limits too.
      for (const [fault, text] of earlier.reports) await writeReport(fault, text);
      pool.pace(copy).absorb(earlier.pace);
      earlier.restore?.(copy);
      kept.reused++;
      check = { ok: true };
    } else {
      const reports: [string, string][] = [];
      check = await task.kind.checkAcceptor({
        fixture: copy,
        sandbox,
        // What it measures on the reference scales the limits of the task's trials.
        pace: pool.pace(copy),
        writeReport: (fault, text) => {
          reports.push([fault, text]);
          return writeReport(fault, text);
        },
      });
      if (check.ok && kept) kept.keep(key, { reports, pace: new MachinePace().absorb(pool.pace(copy)), ...(check.restore ? { restore: check.restore } : {}) });
    }
    const { restore: _restore, ...recorded } = check;
    if (!recorded.ok) recorded.fix = withFixtureNamed(recorded.fix, task, plan.set.dir, copy);
    checks.set(task.spec.id, { ...recorded, ...(report ? { report: relative(root, report) } : {}) });
  }
  return checks;
}
