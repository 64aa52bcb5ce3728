// What an acceptor that could not report is told: the cause first (the compiler's or runtime's own first
// lines, candidate-copy paths shown as candidate/…), then the fix; a summary cuts the advice, never the cause.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brief } from '../src/acceptance/validate.ts';
import { BY_HAND, candidateFix, causeIsAll, causeOf, outputTail } from '../src/kinds/command/hints.ts';

const JAVAC = `/tmp/trialgate-acceptor-kN3qT4/candidate/NotesTest.java:24: error: reached end of file while parsing
    }
     ^
1 error
`;

test('a compiler’s located error leads, with the lines under it and without its caret', () => {
  assert.equal(causeOf(JAVAC), 'candidate/NotesTest.java:24: error: reached end of file while parsing\n    }\n1 error');
  assert.ok(causeIsAll(JAVAC, causeOf(JAVAC)), 'nothing more to show');
  const go = '# command-line-arguments [command-line-arguments.test]\n./tally_test.go:12:2: undefined: nope\nFAIL\tcommand-line-arguments [build failed]\n';
  assert.match(causeOf(go), /^\.\/tally_test\.go:12:2: undefined: nope/);
  assert.equal(causeOf('src/a.ts(3,7): error TS2304: Cannot find name x.\n'), 'src/a.ts(3,7): error TS2304: Cannot find name x.');
});

test('a runtime’s error: the exception a Python traceback ends with, else the first error line', () => {
  const python =
    'Traceback (most recent call last):\n  File "/x/t.py", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'\n';
  assert.equal(causeOf(python), "ModuleNotFoundError: No module named 'requests'");
  const java = 'Exception in thread "main" java.lang.NoClassDefFoundError: org/junit/Test\n\tat Foo.main(Foo.java:3)\n';
  assert.equal(causeOf(`${java}`), 'Exception in thread "main" java.lang.NoClassDefFoundError: org/junit/Test');
  assert.equal(
    causeOf('panic: runtime error: index out of range [3] with length 1\n\ngoroutine 1 [running]:\n'),
    'panic: runtime error: index out of range [3] with length 1',
  );
  assert.equal(causeOf('\n\n'), '');
  // A message that goes on below its first line (ended by a colon) keeps what it goes on to say, not its stack.
  const jest =
    'Error: Could not find a config file based on provided values:\npath: "/a/fixtures/ms"\ncwd: "/a/fixtures/ms"\n    at resolveConfigPath (/a/x.js:1:1)\n';
  assert.equal(causeOf(jest), 'Error: Could not find a config file based on provided values:\npath: "/a/fixtures/ms"\ncwd: "/a/fixtures/ms"');
  assert.equal(causeOf('TypeError: x is not a function\n    at f (/a.js:1:1)\n'), 'TypeError: x is not a function', 'a message of one line stays one');
  assert.equal(causeOf('nothing to see\nhere\n'), '', 'output that reads as no error is shown as its tail, after what happened');
});

test('on a candidate, the fix names the setup only when what it said names a setup mistake', () => {
  assert.match(
    candidateFix(JAVAC, 1, true),
    /^none in the setup: the acceptor ran on the reference answers earlier in this run, so this is the candidate's own error/,
  );
  assert.match(candidateFix(JAVAC, 1, false), /^when the reference answers pass \(trialgate validate without --candidate\), this is the candidate's own error/);
  assert.match(candidateFix("ModuleNotFoundError: No module named 'requests'", 1, false), /python cannot import requests where the acceptor runs/);
  assert.notEqual(candidateFix(JAVAC, 1, false), BY_HAND, 'never "debug the acceptor against the reference answers" for a candidate’s own error');
});

test('a summary keeps the cause whole and cuts the advice after it', () => {
  const advice = `the acceptance command wrote no report to $TRIALGATE_REPORT (it exited 1); fix: ${'x'.repeat(500)}`;
  const reason = `1 of 1 record error: acceptance: ${causeOf(JAVAC)}\n${advice}`;
  const shown = brief(reason);
  assert.match(
    shown,
    /^1 of 1 record error: acceptance: candidate\/NotesTest\.java:24: error: reached end of file while parsing ⏎ {5}\} ⏎ 1 error \(the whole of it: in the report\)$/,
  );
  assert.equal(brief('short'), 'short');
});

test('the tail of what an acceptor said starts at a line, never inside a word, and says it was cut', () => {
  const stack = Array.from({ length: 40 }, (_, i) => `    at resolveConfigPathByTraversing (/p/node_modules/jest-config/build/index.js:${2600 + i}:10)`).join(
    '\n',
  );
  const tail = outputTail(`Error: Could not find a config file\n${stack}\n`);
  assert.ok(tail.length <= 501, `${tail.length}`);
  assert.match(tail, /^…\n {4}at resolveConfigPathByTraversing /);
  assert.equal(outputTail('short\n'), 'short', 'what fits is shown whole');
});
