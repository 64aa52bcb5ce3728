// The tools kind's preflight of this machine's pace. Its trials start their own services (no reset proof
// and no acceptor preflight times them), so before a task's first boundary run the runner's own work on a
// fresh correct service is timed once: its start, and the exchanges a run's end makes (the final state's
// reads). What it measured scales the start limit of every boundary run's service, the proxy's limit on each
// call it forwards, and the final state's reads (service/pace.ts). Only this trusted work is measured, before
// any agent of the task ran; never an agent's calls, so a candidate cannot stretch later runs' limits.
import { join } from 'node:path';
import { NO_FAULT, type Fixture } from '../../fixture/load.ts';
import type { Sandbox } from '../../isolation/sandbox.ts';
import { Goal } from '../../schemas/tools.ts';
import { NoAnswerError } from '../../service/http.ts';
import { startService, type RunningService } from '../../service/launch.ts';
import type { MachinePace } from '../../service/pace.ts';
import { EnvironmentError, parseOrThrow } from '../../util/errors.ts';
import { readJsonFile } from '../../util/files.ts';

/** The measurement under way or done, per pace (one per task and run): the task's trials all wait for the one. */
const measured = new WeakMap<MachinePace, Promise<void>>();

/** Measure once into `pace`, however many trials ask; resolves when it is measured. */
export function toolsPaceMeasured(sandbox: Sandbox, fixture: Fixture, goalFile: string, pace: MachinePace): Promise<void> {
  let measuring = measured.get(pace);
  if (!measuring) measured.set(pace, (measuring = measureToolsPace(sandbox, fixture, goalFile, pace)));
  return measuring;
}

/**
 * One start of the correct service and the final state's reads of the goal's SKU, each noted in `pace`. Its
 * failure is no one's verdict: the limits then stay as written, and the runs meet whatever failed on their own.
 */
export async function measureToolsPace(sandbox: Sandbox, fixture: Fixture, goalFile: string, pace: MachinePace): Promise<void> {
  let service: RunningService | undefined;
  try {
    const goal = parseOrThrow(Goal, await readJsonFile(join(fixture.dir, goalFile)), join(fixture.dir, goalFile));
    service = await startService(sandbox, fixture, NO_FAULT, pace);
    pace.noteStart(service.startMs);
    // The first read opens the connection, as a run's first read does: both are what a run's end costs.
    for (const path of ['/records', `/items/${encodeURIComponent(goal.sku)}`]) {
      const started = performance.now();
      await service.request(path);
      pace.noteExchange(performance.now() - started);
    }
  } catch (e) {
    if (!(e instanceof EnvironmentError || e instanceof NoAnswerError)) throw e;
  } finally {
    await service?.stop();
  }
}
