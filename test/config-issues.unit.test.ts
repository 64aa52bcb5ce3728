// A configuration file's type and value errors read like trialgate's other errors, never zod's: each names
// the line and field, what the file gives, what the field expects (from its schema: the type, its bounds,
// its choices) and, where there is one obvious repair, the line to write. Every kind of zod issue a
// configuration file can raise is covered, on the real trialgate.yml and fixture.json schemas where they
// raise it, on a small schema where they do not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { FixtureManifest } from '../src/schemas/fixture.ts';
import { TrialSetFile } from '../src/schemas/trialset.ts';
import { UserInputError } from '../src/util/errors.ts';
import { parseJsonConfig } from '../src/util/json-config.ts';
import { parseYamlConfig } from '../src/util/yaml-config.ts';

/** zod's own English, which no message may show. */
const ZOD_WORDING =
  /Invalid input|Invalid option|Invalid string|Invalid number|Invalid key|Invalid discriminator|Too small|Too big|received \w+|expected (number|string|array|object|int|boolean)\b/;

const TRIAL_SET = `version: 1
name: my-agent
trials: 3
concurrency: 2
budget:
  wall_seconds: 120
agent:
  command: node agent.mjs
  files: [agent]
  isolation: required
watch:
  - agent/prompt.md
tasks:
  - id: tally-validation
    fixture: fixtures/tally
`;

function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof UserInputError, String(e));
    const lines = `${e.file}: ${e.field}: ${e.expected}`.split('\n').map((line) => line.trim());
    for (const line of lines) assert.doesNotMatch(line, ZOD_WORDING, line);
    return lines;
  }
  assert.fail('the file was accepted');
}

const yamlProblems = (edit: (text: string) => string) => problems(() => parseYamlConfig(TrialSetFile, edit(TRIAL_SET), 'trialgate.yml'));

test('a value of the wrong type: given, expected from the schema, and the line to write instead', () => {
  const lines = yamlProblems((t) =>
    t
      .replace('trials: 3', 'trials: "3"')
      .replace('  files: [agent]', '  files: agent')
      .replace('name: my-agent', 'name: 12')
      .replace('concurrency: 2', 'concurrency: "2"'),
  );
  assert.ok(lines.includes('trialgate.yml:2: name: given the number 12; expected text; quote it to make it text: name: "12"'), lines.join('\n'));
  assert.ok(
    lines.includes('trialgate.yml:3: trials: given text "3"; expected a whole number from 1 to 1000; write the number without quotes: trials: 3'),
    lines.join('\n'),
  );
  assert.ok(lines.includes('trialgate.yml:9: agent.files: given text "agent"; expected a list of text; write it as a list: files: [agent]'), lines.join('\n'));
  // A union: every form it takes, and the repair of the one the value nearly is.
  assert.ok(
    lines.includes(
      'trialgate.yml:4: concurrency: given text "2"; expected a whole number from 1 to 256 or a mapping (keys: agents, acceptance); write the number without quotes: concurrency: 2',
    ),
    lines.join('\n'),
  );
});

test('a number out of its bounds, a whole number given a fraction, an empty value, a missing key', () => {
  const lines = yamlProblems((t) =>
    t
      .replace('trials: 3', 'trials: 2.5')
      .replace('wall_seconds: 120', 'wall_seconds: 0')
      .replace('concurrency: 2', 'concurrency: { agents: 300 }')
      .replace('  command: node agent.mjs', '  command:')
      .replace('name: my-agent\n', ''),
  );
  assert.ok(lines.includes('trialgate.yml:2: trials: given the number 2.5; expected a whole number from 1 to 1000'), lines.join('\n'));
  assert.ok(lines.includes('trialgate.yml:5: budget.wall_seconds: given the number 0; expected a number above 0 and at most 86400'), lines.join('\n'));
  assert.ok(lines.includes('trialgate.yml:3: concurrency.agents: given the number 300; expected a whole number from 1 to 256'), lines.join('\n'));
  assert.ok(lines.includes('trialgate.yml:7: agent.command: given no value; expected non-empty text'), lines.join('\n'));
  assert.ok(lines.includes('trialgate.yml: name: required, and missing: expected text'), lines.join('\n'));
});

test('a value outside its choices, a version not this one, a name the schema refuses, an empty list', () => {
  const lines = yamlProblems((t) =>
    t
      .replace('isolation: required', 'isolation: requird')
      .replace('version: 1', 'version: 2')
      .replace('id: tally-validation', 'id: Tally Validation')
      .replace(/tasks:[\s\S]*/, (tasks) => tasks.replace('  - id', '  - set: dev\n    id')),
  );
  assert.ok(lines.includes('trialgate.yml:10: agent.isolation: "requird" is not one of auto, required, none; did you mean required?'), lines.join('\n'));
  assert.ok(lines.includes('trialgate.yml:1: version: given the number 2; expected 1'), lines.join('\n'));
  assert.ok(
    lines.some((l) => l.startsWith('trialgate.yml:15: tasks[0].id: given text "Tally Validation"; expected lower-case letters, digits')),
    lines.join('\n'),
  );
  const empty = yamlProblems((t) => t.replace(/tasks:[\s\S]*/, 'tasks: []\n'));
  assert.ok(empty.includes('trialgate.yml:13: tasks: given an empty list; expected at least one task'), empty.join('\n'));
});

test('fixture.json: the repair is written as JSON, and a field of one acceptance kind is described by that kind', () => {
  const fixture = {
    version: 1,
    id: 'tally',
    title: 'Tally',
    service: { command: ['node', 'service/server.mjs'], faultEnv: 'TALLY_FAULT', health: '/health', files: 'service/server.mjs' },
    faults: { 'accepts-zero': { label: '' } },
    protected: ['service/**'],
    reference: 'reference',
    acceptance: { kind: 'command', command: 'node --test', timeout_seconds: '60' },
  };
  const lines = problems(() => parseJsonConfig(FixtureManifest, JSON.stringify(fixture, null, 2), 'fixture.json'));
  assert.ok(
    lines.some((l) =>
      /^fixture\.json:\d+: service\.files: given text "service\/server\.mjs"; expected a list of text \(at least 1 item\); write it as a list: "files": \["service\/server\.mjs"\]$/.test(
        l,
      ),
    ),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((l) =>
      /^fixture\.json:\d+: acceptance\.timeout_seconds: given text "60"; expected a number above 0 and at most \d+; write the number without quotes: "timeout_seconds": 60$/.test(
        l,
      ),
    ),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((l) => /^fixture\.json:\d+: faults\.accepts-zero\.label: given empty text ""; expected non-empty text$/.test(l)),
    lines.join('\n'),
  );
});

test('the kinds no shipped schema raises today read the same: a format, a multiple, a key, a discriminator (YAML and JSON make no sets or maps, so no element issue)', () => {
  const schema = z.strictObject({
    home: z.string().regex(/^\//),
    mail: z.email(),
    step: z.number().multipleOf(5),
    labels: z.record(z.string().regex(/^[a-z]+$/), z.string()),
    codes: z.record(z.string().min(3), z.number()),
    flag: z.boolean(),
    runner: z.discriminatedUnion('kind', [z.object({ kind: z.literal('docker') }), z.object({ kind: z.literal('shell') })]),
  });
  const text = 'home: relative\nmail: nobody\nstep: 7\nlabels: { Big: x }\ncodes: { ab: 1 }\nflag: "true"\nrunner: { kind: dockr }\n';
  const lines = problems(() => parseYamlConfig(schema, text, 'x.yml'));
  const expected = [
    'x.yml:1: home: given text "relative"; expected text matching /^\\//',
    'x.yml:2: mail: given text "nobody"; expected an email value',
    'x.yml:3: step: given the number 7; expected a multiple of 5',
    'x.yml:4: labels.Big: the key "Big" is not a valid name here; expected a name of text matching /^[a-z]+$/',
    'x.yml:5: codes.ab: the key "ab" is not a valid name here; expected a name of at least 3 characters',
    'x.yml:6: flag: given text "true"; expected true or false; write it without quotes: flag: true',
    'x.yml:7: runner.kind: "dockr" is not one of docker, shell; did you mean docker?',
  ];
  for (const line of expected) assert.ok(lines.includes(line), `${line}\nnot in:\n${lines.join('\n')}`);
});

test('a value or key the file gives is quoted clipped and inert: a huge value, escape sequences, C1 controls, bidi and zero-width characters', () => {
  const hostile = 'a\\e[2J\\e]0;t\\a\\u009bb\\u202Ec\\u200Bd';
  const lines = yamlProblems((t) =>
    t
      .replace('isolation: required', `isolation: "${'x'.repeat(100_000)}"`)
      .replace('  files: [agent]', `  files: "${hostile}"`)
      .replace('concurrency: 2', `concurrency: 2\n"${hostile}${'k'.repeat(500)}": 1`)
      .replace('name: my-agent', `name: my-agent\nseed: "${hostile}"`),
  );
  const text = lines.join('\n');
  // Nothing the terminal, a CI log or a comment obeys or hides, whatever surface shows the message next.
  for (const line of lines) assert.doesNotMatch(line, /[\p{Cc}\p{Cf}]/u, JSON.stringify(line));
  for (const line of lines) assert.ok(line.length < 400, `${line.length} characters: ${line.slice(0, 200)}…`);
  assert.ok(
    lines.some((l) => /agent\.isolation: "x{56}…" is not one of auto, required, none$/.test(l)),
    text,
  );
  assert.ok(
    lines.includes('trialgate.yml:11: agent.files: given text "a\\u001b[2J\\u001b]0;t\\u0007\\u{9b}b\\u{202e}c\\u{200b}d"; expected a list of text'),
    text,
  );
  assert.ok(
    lines.some((l) => /^trialgate\.yml:6: "a\\u001b\[2J[^"]*k…": unknown key/.test(l)),
    text,
  );
});

test('a secret’s value in a field is never quoted: its length, and where it belongs', () => {
  const key = 'sk-proj-AbCdEf0123456789AbCdEf0123456789AbCdEf0123456789';
  const plain = 'Zq8rT2mW9xK4vB7nL1pS6dF3gH5jC0aE';
  const lines = yamlProblems((t) =>
    t
      .replace('  files: [agent]', `  files: [agent]\n  pass_env: [${key}]`)
      .replace('isolation: required', `isolation: ${plain}`)
      .replace('  files: [agent]', `  files: ${plain}`),
  );
  const text = lines.join('\n');
  for (const secret of [key, plain, key.slice(0, 20), plain.slice(0, 12)]) assert.ok(!text.includes(secret), text);
  assert.ok(
    lines.includes(
      `trialgate.yml:10: agent.pass_env[0]: given what looks like a secret's value (${key.length} characters, not shown); expected an environment variable name; a secret's value belongs in the environment (a repository secret in CI), never in this file`,
    ),
    text,
  );
  assert.ok(
    lines.some((l) => /agent\.isolation: what looks like a secret's value \(32 characters, not shown\) is not one of auto, required, none; a secret's/.test(l)),
    text,
  );
  // Nor a key: an API key pasted as a mapping's key (its value where the key's name belongs).
  const asKey = yamlProblems((t) => t.replace('  files: [agent]', `  files: [agent]\n  ${key}: x`));
  assert.ok(!asKey.join('\n').includes(key.slice(0, 20)), asKey.join('\n'));
  assert.ok(
    asKey.some((l) => l.includes(`(a key that looks like a secret, ${key.length} characters)`)),
    asKey.join('\n'),
  );
  // Names, paths and hashes are quoted as ever.
  const named = yamlProblems((t) => t.replace('isolation: required', 'isolation: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'));
  assert.ok(
    named.some((l) => l.includes('"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15…" is not one of')),
    named.join('\n'),
  );
});
