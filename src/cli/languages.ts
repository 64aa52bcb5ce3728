// The languages `trialgate init` writes a test starter in: each a fixture whose acceptor is that
// language's usual test framework (templates/starter/<language>/).
export const STARTER_LANGUAGES = ['node', 'python', 'java', 'go'] as const;
export type Language = (typeof STARTER_LANGUAGES)[number];

/** What says a repository is in a language, in the order a mixed one is read (a package.json is often only tooling). */
export const LANGUAGE_MARKERS: readonly { language: Language; files: readonly string[] }[] = [
  { language: 'java', files: ['pom.xml', 'build.gradle', 'build.gradle.kts'] },
  { language: 'go', files: ['go.mod'] },
  { language: 'python', files: ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'Pipfile'] },
  { language: 'node', files: ['package.json'] },
];
