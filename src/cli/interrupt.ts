// An interrupted command (Ctrl-C, a CI runner's cancel): it ends every process its trials started (agents,
// services, acceptors, their sandboxes), waits for their clean-up, says so on stderr, and exits as the
// signal would (130 for SIGINT, 143 for SIGTERM). A second signal exits at once.
import { endTracked } from '../isolation/processes.ts';
import { SIGNAL_EXIT } from './io.ts';

let ending = false;

export async function endInterrupted(signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP', command = 'trialgate'): Promise<void> {
  const code = SIGNAL_EXIT[signal];
  if (ending) process.exit(code);
  ending = true;
  const name = command.startsWith('-') ? 'trialgate' : `trialgate ${command}`;
  process.stderr.write(`\n${name}: interrupted (${signal}): ending its trials' processes…\n`);
  const ended = await endTracked();
  process.stderr.write(
    `${name}: interrupted: ${ended ? `${ended} running process${ended === 1 ? '' : 'es'} ended` : 'nothing was running'}; the trials that had not finished have no verdict and no results.json was written for them\n`,
  );
  process.exit(code);
}
