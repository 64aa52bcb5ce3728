// The OpenAI-compatible example agent against the loopback fake provider: test/support/adapter-suite.ts
// says what is tested; each adapter has a file of its own so that they run side by side.
import { describeAdapter } from './support/adapter-suite.ts';

describeAdapter('OpenAI-compatible example agent');
