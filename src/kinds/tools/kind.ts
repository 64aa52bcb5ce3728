// The `reservation-tools` kind: the agent reserves an order's stock through tools on a live inventory
// service, once per boundary variant, behind trialgate's fault-injecting proxy; it is judged by the
// service's final state and the trajectory (see run.ts). The proxy, the goal channel and the boundaries'
// schedule are about tool calls meeting state; the judge (judge.ts) is about reservations.
import type { ToolsAcceptance } from '../../schemas/kinds/tools.ts';
import type { TaskKind } from '../contract.ts';
import { runToolsTrial, toolsSpecOf } from './run.ts';
import { validateTools } from './validate.ts';

export const toolsKind: TaskKind<ToolsAcceptance> = {
  name: 'reservation-tools',
  capabilities: {
    // A tools task's faults are boundaries, judged by `tool:` checks: there is no detection to count.
    countsDetections: false,
    // It is judged by what the agent did to a live service, not by a candidate a person could repair.
    repairable: false,
  },
  acceptorVersion: () => 'tools@1',
  passEnv: () => [],
  checkFixture: (fixture) => void toolsSpecOf(fixture),
  checkLabels: () => ({}),
  // Per boundary, all the runner's records quote the agent: the trajectory and the goal's history its calls
  // and edits, the service's state the request ids and the judgement the claims it chose.
  evidenceAuthor: (path) => {
    const file = path.split('/').at(-1);
    return file === 'trajectory.json' || file === 'goal.json' || file === 'state.json' || file === 'judgement.json' ? 'harness-quoting' : undefined;
  },
  run: runToolsTrial,
  validate: (options) => validateTools(options),
};
