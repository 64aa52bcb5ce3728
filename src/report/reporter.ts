// An output of trialgate as a plug-in: report.md and the PR comment, report.html, junit.xml, the comparison
// as JSON, the job summary, the terminal's table. Each renders the one view (view.ts) and nothing else, so
// every output shows the same statuses, order and figures, and a new format is one new file that
// implements this, listed in reporters.ts. Front ends pick a reporter from there, never by its module.
import type { ReportView } from './view.ts';

/** What the front end knows only while publishing: where the evidence went, and what it had to say. */
export interface OutputContext {
  /** The head run's evidence (the artefact with the trial directories), linked from each task. */
  evidenceUrl?: string;
  /** Where the uncut report is, named when an output had to be cut. */
  fullReportUrl?: string;
  /** The artefact the run was uploaded as (a shard's job summary names it). */
  artifactName?: string;
  /** What publishing found to say before everything else (an upload that failed, a comment not permitted). */
  notices?: readonly string[];
  /**
   * Applied by report.html to every text it shows, the evidence it reads included, before the text is escaped
   * (secret values scrubbed): escaped, a value would be spelt otherwise. Every file is scrubbed again as written.
   */
  redact?: (text: string) => string;
}

export interface Reporter<V extends ReportView = ReportView> {
  /** Its file in a run directory; absent for an output only handed to the caller (the comment, the terminal). */
  readonly file?: string;
  /** The output as pieces written one after the other: a run of thousands is never one string. */
  render(view: V, context: OutputContext): Iterable<string> | AsyncIterable<string>;
}
