// Whether this machine can isolate (bubblewrap with user namespaces). `.ci/run` installs bubblewrap, so
// CI runs every isolated test; elsewhere they are skipped with the reason, never silently passed.
import { Bubblewrap } from '../../src/isolation/bubblewrap.ts';

const probed = await Bubblewrap.probe();
if (typeof probed !== 'string') await probed.dispose();

/** undefined when isolation is available; otherwise why the isolated tests are skipped. */
export const NO_ISOLATION: string | undefined = typeof probed === 'string' ? `isolation unavailable here: ${probed}` : undefined;
