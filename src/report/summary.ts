// The job summary (the action's, on the run's page): what publishing had to say first, then the comment;
// for a shard, which only uploads its slice for the merge job to publish, a line saying where it went.
import { renderMarkdown } from './markdown.ts';
import type { Reporter } from './reporter.ts';
import type { RunView } from './view.ts';

export const summaryReporter: Reporter<RunView> = {
  render: (view, context) => {
    const shard = view.run.run.shard;
    const body = shard
      ? `### trialgate · ${view.run.trial_set.name} · shard ${shard.index}/${shard.count}\n\nUploaded \`${context.artifactName}\`${context.evidenceUrl ? ` ([artefact](${context.evidenceUrl}))` : ''}; the merge job compares and gates.\n`
      : renderMarkdown(view, context);
    return [[...(context.notices ?? []).map((n) => `> [!NOTE]\n> ${n}\n`), body].join('\n')];
  },
};
