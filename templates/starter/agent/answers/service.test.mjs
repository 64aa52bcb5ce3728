import assert from 'node:assert/strict';
import { test } from 'node:test';

const url = process.env.TRIALGATE_SERVICE_URL;
const count = async (name) => (await (await fetch(`${url}/items/${name}`)).json()).count;
const add = (name, n) => fetch(`${url}/items/${name}`, { method: 'POST', body: JSON.stringify({ add: n }) });
