// Builds dist/: the bundled action entry and CLI, and the JSON Schemas generated from the zod schemas
// (for editor completion of trialgate.yml and for tools that read results). dist/ is committed;
// .ci/run rebuilds it and fails when the committed copy differs.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { build, type BuildOptions } from 'esbuild';
import { z } from 'zod';
import { AcceptorReport, Report } from '../src/schemas/report.ts';
import { Results } from '../src/schemas/results.ts';
import { TrialSetFile } from '../src/schemas/trialset.ts';

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  legalComments: 'none',
  logLevel: 'warning',
};
// Bundled CommonJS dependencies call require(); give the ESM bundle one.
const requireShim = "import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);";

await build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.js', banner: { js: requireShim } });
await build({ ...common, entryPoints: ['src/cli/bin.ts'], outfile: 'dist/cli.js', banner: { js: `#!/usr/bin/env node\n${requireShim}` } });
// The `trialgate` bin: executable in the package and in git.
await chmod('dist/cli.js', 0o755);

const schemas: Record<string, z.ZodType> = {
  'trialgate.schema.json': TrialSetFile,
  'results.schema.json': Results,
  'report.schema.json': Report,
  'acceptor-report.schema.json': AcceptorReport,
};
await mkdir('dist/schemas', { recursive: true });
for (const [file, schema] of Object.entries(schemas)) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' });
  await writeFile(`dist/schemas/${file}`, JSON.stringify(json, null, 2) + '\n');
}
