// Why the Java and Go starters' tests are skipped, if they are: their runners must be installed
// system-wide, where a sandbox sees them (.ci/run installs Debian's junit5 and golang-go).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const JUNIT_CONSOLE = '/usr/share/java/junit-platform-console-standalone.jar';

export const NO_JUNIT5 =
  spawnSync('javac', ['-version']).status === 0 && existsSync(JUNIT_CONSOLE)
    ? undefined
    : `javac or ${JUNIT_CONSOLE} is missing (apt-get install default-jdk-headless junit5)`;

export const NO_GO = spawnSync('go', ['version']).status === 0 ? undefined : 'go is not on PATH (apt-get install golang-go)';
