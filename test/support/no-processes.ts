// Loaded before the unit tests (npm run test:unit): a unit test starts no process (no agent, service,
// acceptor, sandbox or CLI), so every way of starting one throws, naming the test file's mistake.
// A test that needs a process belongs to the full suite (`npm test`): name it *.test.ts, not *.unit.test.ts.
// scripts/test.ts preloads it into every test file's process: it acts in a unit test file's only.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

if (/\.unit\.test\.ts$/.test(process.argv[1] ?? '')) {
  for (const name of STARTERS) {
    (childProcess as unknown as Record<string, unknown>)[name] = (command: unknown) => {
      throw new Error(`a unit test starts no process, but this one called child_process.${name}(${JSON.stringify(command)}): name its file *.test.ts`);
    };
  }
  syncBuiltinESMExports();
}
