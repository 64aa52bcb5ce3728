// The `tools` kind: the agent acts through tools on a live service, once per boundary variant, behind
// trialgate's fault-injecting proxy; it is judged by final state and trajectory (see run.ts).
import type { TaskKind } from '../contract.ts';
import { runToolsTrial, toolsSpecOf } from './run.ts';
import { validateTools } from './validate.ts';

export const toolsKind: TaskKind = {
  name: 'tools',
  // A tools task's faults are boundaries, judged by `tool:` checks: there is no detection to count.
  countsDetections: false,
  acceptorVersion: () => 'tools@1',
  checkFixture: (fixture) => void toolsSpecOf(fixture),
  run: runToolsTrial,
  validate: (options) => validateTools(options),
};
