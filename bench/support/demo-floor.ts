// The floor of `trialgate demo`: a process that only starts what the demo must start, the service
// instances of the built-in fixture's four variants (two each: the one the cases run on and the fresh one
// the reset proof compares it with), in their sandboxes, to ready, and stops them. Bundled by
// bench/demo-startup.ts like dist/ and run with the bin's flags.
import { join } from 'node:path';
import { loadFixture, variantsOf } from '../../src/fixture/load.ts';
import { openSandbox } from '../../src/isolation/open.ts';
import { startService } from '../../src/service/launch.ts';

const fixture = await loadFixture(join(process.argv[2]!, 'fixtures', 'inventory'));
const sandbox = await openSandbox('auto');
const services = await Promise.all(variantsOf(fixture).flatMap((fault) => [startService(sandbox, fixture, fault), startService(sandbox, fixture, fault)]));
await Promise.all(services.map((service) => service.stop()));
await sandbox.dispose();
