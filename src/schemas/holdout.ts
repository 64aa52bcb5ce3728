// The holdout as configured (trialgate.yml's `holdout:`) and what results.json records of a run's holdout
// (docs/holdout.md). Holdout tasks are compared by pseudonym; their detail goes sealed to the maintainers.
import { z } from 'zod';
import { described } from './doc.ts';

const ENV_NAME = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name');

export const HOLDOUT_KEY_ENV = 'TRIALGATE_HOLDOUT_KEY';

export const HoldoutSource = z
  .strictObject({
    github: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'owner/name of a GitHub repository')
      .register(...described('`owner/name` of the repository holding holdout.yml and the holdout fixtures.')),
    ref: z
      .string()
      .min(1)
      .optional()
      .register(...described("The branch, tag or commit; default the repository's default branch.")),
    path: z
      .string()
      .min(1)
      .default('.')
      .register(...described('The directory in that repository that holds holdout.yml; default its root.')),
    token_env: ENV_NAME.default('TRIALGATE_HOLDOUT_TOKEN').register(
      ...described('The variable holding a token that can read that repository (a fine-grained token with contents: read).'),
    ),
    api_url: z
      .url()
      .optional()
      .register(...described('The REST API; default $GITHUB_API_URL, else https://api.github.com.')),
  })
  .register(
    ...described`
      Where the holdout tasks live when not in this repository: a directory of another GitHub repository, fetched
      through the REST API (its zipball) at run time, never for a pull request from a fork.
    `,
  );

export const HoldoutConfig = z.strictObject({
  key_env: ENV_NAME.default(HOLDOUT_KEY_ENV).register(
    ...described`
      The variable holding the key the holdout pseudonyms are made with (any secret string of 16 characters or more,
      the same wherever base and head run). Unset: a key for this run alone, so no base run compares.
    `,
  ),
  recipients: z
    .array(z.string().regex(/^age1[0-9a-z]+$/, 'an age public key, age1…'))
    .default([])
    .register(...described('age public keys (`age1…`) the holdout detail is encrypted to: only their holders open it. None: the detail is discarded.')),
  source: HoldoutSource.optional().register(
    ...described('Holdout tasks fetched at run time from another repository, besides any `set: holdout` task of this file.'),
  ),
});

export const HoldoutRecord = z
  .object({
    key: z
      .enum(['configured', 'run'])
      .register(...described('`configured`: from the key variable, stable across runs; `run`: made for this run alone (the variable was unset).')),
    key_id: z.string().register(...described('Names the key without revealing it: runs compare their holdout tasks only when this is equal.')),
    unavailable: z
      .string()
      .optional()
      .register(...described('Set when the holdout tasks of the source could not be run here: why, in words that name none of them.')),
    sealed: z
      .string()
      .optional()
      .register(...described('The sealed detail, relative to the run directory; absent when no recipient is configured.')),
  })
  .register(...described("What results.json says of its run's holdout: the key its pseudonyms were made with, and holdout tasks that could not run."));

export type HoldoutSource = z.infer<typeof HoldoutSource>;
export type HoldoutConfig = z.infer<typeof HoldoutConfig>;
export type HoldoutRecord = z.infer<typeof HoldoutRecord>;
