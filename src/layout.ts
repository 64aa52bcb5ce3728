// The names inside a trial's evidence/ that its writers (the runner, every kind) and its readers
// (report.html, the model judge's evidence) share: one layout whatever the kind, so a reader never needs
// to know which kind wrote a trial. docs/trial-layout.md describes it.
export const EVIDENCE = {
  /** The agent's output, capped and scrubbed: evidence/agent.log, or <run>/agent.log per agent run. */
  agentLog: 'agent.log',
  /** One acceptance report per variant: reports/<variant>.json (docs/report-format.md). */
  reports: 'reports',
  /** The candidate's changes against what the trial gave it, as a unified diff (code tasks). */
  diff: 'candidate.diff',
  /** A code task's own output: its build, and its service's stderr while the hidden tests ran. */
  code: { buildLog: 'build.log', serviceLog: 'service.log' },
} as const;
