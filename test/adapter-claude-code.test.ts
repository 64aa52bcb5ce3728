// The claude-code adapter against the loopback fake provider: test/support/adapter-suite.ts
// says what is tested; each adapter has a file of its own so that they run side by side.
import { describeAdapter, describeCliLimits } from './support/adapter-suite.ts';

describeAdapter('claude-code');
describeCliLimits();
