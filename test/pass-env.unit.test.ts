// A variable `pass_env` names that is not set: the error names the field, the variable and how to set it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passedEnvironment } from '../src/isolation/open.ts';

test('a pass_env variable that is not set is named with the fix, locally and in a workflow', () => {
  assert.deepEqual(passedEnvironment(['LLM_API_KEY'], 'trialgate.yml: agent.pass_env', { LLM_API_KEY: 'k' }), { LLM_API_KEY: 'k' });
  assert.throws(
    () => passedEnvironment(['LLM_API_KEY'], 'trialgate.yml: agent.pass_env', {}),
    (error: Error) => {
      assert.match(error.message, /^trialgate\.yml: agent\.pass_env names LLM_API_KEY, which is not set in the environment: /);
      assert.match(error.message, /export LLM_API_KEY=/);
      assert.match(error.message, /LLM_API_KEY: \$\{\{ secrets\.LLM_API_KEY \}\}/);
      return true;
    },
  );
});
