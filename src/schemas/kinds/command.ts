// The `command` kind's declaration: its settings (your own acceptor, blind; docs/report-format.md).
import { z } from 'zod';
import { described } from '../doc.ts';
import { kindSchema, PassEnv } from '../kind-schema.ts';

export const ReportFormat = z.enum(['trialgate', 'junit-xml']).register(
  ...described`
    What an acceptor writes to $TRIALGATE_REPORT: trialgate's JSON report (what the shipped pytest, Jest, Vitest and
    node:test reporters write), or JUnit XML, a file or a directory of them, for frameworks whose JUnit XML says what
    was thrown (docs/report-format.md says which do).
  `,
);

export const CommandAcceptance = z.strictObject({
  kind: z.literal('command').register(...described('Your own acceptor command judges the candidate, once per variant (docs/report-format.md).')),
  command: z
    .string()
    .min(1)
    .register(...described("Run through `sh -c` from the fixture's acceptance copy, once per variant; writes $TRIALGATE_REPORT.")),
  report: ReportFormat.default('trialgate').register(...described('The format of what the command writes to $TRIALGATE_REPORT.')),
  timeout_seconds: z
    .number()
    .positive()
    .max(24 * 3600)
    .default(300)
    .register(
      ...described(
        'Per run of the command, on a quiet machine (a run scales it to its measured pace); past it trialgate ends the run and runs it once more, and a second time is an environment error (docs/isolation.md).',
      ),
    ),
  expose_fault: z
    .boolean()
    .default(false)
    .register(
      ...described`
        Opt-in: also pass TRIALGATE_FAULT to the acceptance command, for acceptors that must start the service
        themselves. Candidate code the command runs must then never see it (it could fail on purpose).
      `,
    ),
  pass_env: PassEnv.describe("Variables the acceptor gets from the runner's environment (nothing else of it is passed on)."),
  env: z
    .record(z.string(), z.string())
    .default({})
    .register(...described('Literal variables for the acceptor.')),
});

export type ReportFormat = z.infer<typeof ReportFormat>;
export type CommandAcceptance = z.infer<typeof CommandAcceptance>;

export const commandSchema = kindSchema({
  name: 'command',
  settings: CommandAcceptance,
  spelled: '{ kind: command, command: "…" }',
  section: undefined,
});
