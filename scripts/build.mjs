// Bundles the two front ends into dist/: the action entry and the CLI.
// dist/ is committed (GitHub runs it as is); .ci/run rebuilds and diffs it.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  legalComments: 'none',
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);" },
};

await build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.js' });
await build({
  ...common,
  entryPoints: ['src/cli/bin.ts'],
  outfile: 'dist/cli.js',
  banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
});
