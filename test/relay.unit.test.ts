// Which node commands can carry a service's relay in-process (relay.ts carriesRelay): any whose node runs
// the service in the process it preloaded and loads the preload; `--run`, watch mode, the permission model
// and policies (on the command line or in NODE_OPTIONS) keep the relay process.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { carriesRelay } from '../src/isolation/relay.ts';

describe('carriesRelay', () => {
  it('a node running its script with ordinary options carries it', () => {
    assert.equal(carriesRelay(['service.js']), true);
    assert.equal(carriesRelay(['--enable-source-maps', '--import', './register.mjs', 'server.mjs', '--port', '3000']), true);
    assert.equal(carriesRelay(['-e', 'require("./server")'], '--max-old-space-size=512'), true);
  });

  it('a node that starts the service elsewhere or refuses the preload does not', () => {
    for (const args of [
      ['--run', 'start'],
      ['--watch', 'service.js'],
      ['--watch-path=src', 'service.js'],
      ['--experimental-permission', 'service.js'],
      ['--permission', 'service.js'],
      ['--experimental-policy=policy.json', 'service.js'],
    ])
      assert.equal(carriesRelay(args), false, args.join(' '));
    assert.equal(carriesRelay(['service.js'], '--enable-source-maps --experimental-policy=policy.json'), false, 'named in NODE_OPTIONS');
  });
});
