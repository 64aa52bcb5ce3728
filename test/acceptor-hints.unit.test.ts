// The fix an acceptor that could not report is told, for the first mistakes with each shipped reporter: the
// reporter not named (the runner passes, and no report appears), or named where the runner cannot find it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptorFix, BY_HAND } from '../src/kinds/command/hints.ts';

test('a runner without trialgate’s reporter is told which flag writes the report', () => {
  const fix = (command: string) => acceptorFix('', 0, undefined, command);
  assert.match(
    fix('python3 -m pytest "$TRIALGATE_CANDIDATE"'),
    /pytest writes a report only through trialgate's plugin: PYTHONPATH="\$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest/,
  );
  assert.match(fix('node ../../node_modules/jest/bin/jest.js --rootDir "$TRIALGATE_CANDIDATE"'), /--reporters="\$TRIALGATE_REPORTERS\/jest\.cjs"/);
  assert.match(fix('npx vitest run "$TRIALGATE_CANDIDATE"'), /--reporter="\$TRIALGATE_REPORTERS\/vitest\.mjs"/);
  assert.match(fix('node --test "$TRIALGATE_CANDIDATE"'), /--test-reporter-destination="\$TRIALGATE_REPORT"/);
  assert.doesNotMatch(fix('python3 check.py'), /trialgate validate/, 'never "run validate" to someone who may be running it');
});

test('the pytest plugin or a reporter the runner cannot find: put $TRIALGATE_REPORTERS where it looks, no package to install', () => {
  const pytest = acceptorFix(`ImportError: Error importing plugin "trialgate_pytest": No module named 'trialgate_pytest'`, 1);
  assert.match(pytest, /trialgate's pytest reporter, shipped in \$TRIALGATE_REPORTERS: put that directory on python's path/);
  assert.doesNotMatch(pytest, /apt-get/);
  assert.match(acceptorFix(`Error: Cannot find module '/x/reporters/jest.cjs'`, 1), /name them through the variable/);
});

// Jest given --config FILE still looks for a package.json or jest.config.* from where it runs upwards; isolated,
// nothing of the project above the fixture is there (it is on the host, where the command run by hand passes).
const JEST_NO_CONFIG = `Error: Could not find a config file based on provided values:
path: "/work/acme/fixtures/ms"
cwd: "/work/acme/fixtures/ms"
Config paths must be specified by either a direct path to a config
file, or a path to a directory. If directory is given, Jest will try to
traverse directory tree up, until it finds one of those files in exact order: "jest.config.js" or "jest.config.ts" or "jest.config.mjs" or "jest.config.cjs" or "jest.config.json".
    at resolveConfigPathByTraversing (/work/acme/node_modules/jest-config/build/index.js:2596:11)
    at resolveConfigPath (/work/acme/node_modules/jest-config/build/index.js:2567:10)
`;

test('Jest that finds no configuration above the fixture is told that the sandbox shows none of the project there, and the two ways out', () => {
  const command = 'node ../../node_modules/jest/bin/jest.js --config hidden/jest.config.cjs --reporters="$TRIALGATE_REPORTERS/jest.cjs"';
  const fix = acceptorFix(JEST_NO_CONFIG, 1, undefined, command);
  assert.match(fix, /nothing of the project above the fixture/);
  assert.match(fix, /jest\.config\.cjs \(or a package\.json\) in the fixture directory itself/);
  assert.match(fix, /--config '\{…\}'/);
});

test('a program a script could not start (Python’s subprocess, node’s spawn) is named as one the sandbox does not show; found on this machine outside it, where it is and what to list', async () => {
  const { chmod, mkdir, mkdtemp, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const python = `Traceback (most recent call last):\n  File "hidden/report.py", line 8, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: 'trialgate-no-such-tool'`;
  assert.match(
    acceptorFix(python, 1),
    /^trialgate-no-such-tool is not on PATH where the acceptor runs: isolated, the acceptor sees only the system directories/,
  );
  assert.match(acceptorFix('Error: spawn trialgate-no-such-tool ENOENT', 1), /^trialgate-no-such-tool is not on PATH/);
  // As rustup installs cargo: ~/.cargo/bin on the user's PATH, its toolchains in ~/.rustup.
  const home = await mkdtemp(join(tmpdir(), 'trialgate-home-'));
  await mkdir(join(home, '.cargo', 'bin'), { recursive: true });
  await writeFile(join(home, '.cargo', 'bin', 'cargo'), '#!/bin/sh\n');
  await chmod(join(home, '.cargo', 'bin', 'cargo'), 0o755);
  const [path, realHome] = [process.env.PATH, process.env.HOME];
  process.env.PATH = `${join(home, '.cargo', 'bin')}:${path}`;
  try {
    // Under this machine's home: the entries every machine reads as its own home's, nothing else to change.
    process.env.HOME = home;
    const fix = acceptorFix(python.replace('trialgate-no-such-tool', 'cargo'), 1);
    assert.ok(fix.startsWith(`cargo is at ${join(home, '.cargo', 'bin', 'cargo')} on this machine, which the acceptor's sandbox does not show`), fix);
    assert.ok(fix.includes(`"readable": ["~/.cargo", "~/.rustup"]`), fix);
    assert.ok(!fix.includes('RUSTUP_HOME'), fix);
    assert.match(acceptorFix('sh: 1: cargo: not found', 127), /^cargo is at /, 'the shell’s own word too');
    // Elsewhere (another user's installation): its host paths, and PATH and RUSTUP_HOME set in the command.
    process.env.HOME = await mkdtemp(join(tmpdir(), 'trialgate-other-home-'));
    const elsewhere = acceptorFix(python.replace('trialgate-no-such-tool', 'cargo'), 1);
    assert.ok(elsewhere.includes(`"readable": ["${join(home, '.cargo')}", "${join(home, '.rustup')}"]`), elsewhere);
    assert.ok(elsewhere.includes(`PATH="${join(home, '.cargo', 'bin')}:$PATH" RUSTUP_HOME=${join(home, '.rustup')}`), elsewhere);
  } finally {
    [process.env.PATH, process.env.HOME] = [path, realHome];
  }
});

test('cargo test without trialgate’s reader is told the pipe that writes the report', () => {
  assert.match(
    acceptorFix('', 0, undefined, 'cd "$t" && cargo test --offline'),
    /cargo test --no-fail-fast 2>&1 \| node "\$TRIALGATE_REPORTERS\/cargo-test\.mjs"/,
  );
});

// javac's own words (JDK 17) for a project's JUnit 5 suite compiled in the fixture, as the code starter's command does.
const JAVAC_NO_CLASS = `hidden/com/acme/invoice/DiscountTest.java:10: error: cannot find symbol
    assertEquals(900, Discount.total(10, 100));
                      ^
  symbol:   variable Discount
  location: class DiscountTest
1 error
`;
const JAVAC_NO_PACKAGES = `hidden/com/acme/CartTest.java:3: error: package org.assertj.core.api does not exist
import static org.assertj.core.api.Assertions.assertThat;
                                  ^
hidden/com/acme/CartTest.java:5: error: package com.acme.invoice does not exist
import com.acme.invoice.Discount;
                       ^
hidden/com/acme/CartTest.java:11: error: cannot find symbol
    assertThat(Discount.total(10, 100)).isEqualTo(900);
               ^
  symbol:   variable Discount
  location: class CartTest
3 errors
`;

test('javac that cannot find the candidate’s classes is told to build them and put them on the classpath; a library beside JUnit, its jar', () => {
  const candidate = new Set(['pom.xml', 'src/main/java/com/acme/invoice/Discount.java', 'src/test/java/com/acme/invoice/DiscountTest.java']);
  const own =
    /javac cannot find (?:Discount|package com\.acme\.invoice), which is the candidate's own code \(src\/main\/java\/com\/acme\/invoice\/Discount\.java\), not a library: .*"\$TRIALGATE_CANDIDATE\/build\/classes" on both javac's and the launcher's -cp/;
  assert.match(acceptorFix(JAVAC_NO_CLASS, 1, candidate), own);
  assert.match(acceptorFix(JAVAC_NO_PACKAGES, 1, candidate), own, 'the candidate’s own package first: building it is the first fix');
  const library = acceptorFix(JAVAC_NO_PACKAGES, 1, new Set(['src/main/java/other/Thing.java']));
  assert.match(
    library,
    /javac cannot find package org\.assertj\.core\.api, a library the tests import that the classpath the command gives does not hold\. Put the library's jar on both javac's and the launcher's -cp/,
  );
  assert.match(library, /"readable"/);
  // JUnit 5's own packages missing is the launcher's jar missing from -cp, which the command's own words show: no library to add.
  assert.equal(acceptorFix('T.java:3: error: package org.junit.jupiter.api does not exist\n', 1, candidate), BY_HAND);
});
