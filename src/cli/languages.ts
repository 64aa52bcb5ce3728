// The languages `trialgate init` writes a test starter in: each a fixture whose acceptor is that
// language's usual test framework (templates/starter/<language>/).
export const STARTER_LANGUAGES = ['node', 'python', 'java', 'go'] as const;
export type Language = (typeof STARTER_LANGUAGES)[number];
