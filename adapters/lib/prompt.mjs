// The prompt every adapter gives its CLI: the prompt or skill under test, then the trial's task and where
// its inputs are and its candidate goes. The last line names the candidate directory in a fixed form
// (loopback fake providers in trialgate's tests read it from there).
import { readFileSync } from 'node:fs';

export function buildPrompt({ skillFile, taskFile, inputsDir, candidateDir }) {
  const skill = skillFile ? readFileSync(skillFile, 'utf8').trim() : '';
  const task = readFileSync(taskFile, 'utf8').trim();
  return [
    ...(skill ? [skill, '', '---', ''] : []),
    `Your task (also in ${taskFile}):`,
    '',
    task,
    '',
    `The task's input files are in ${inputsDir}: read them there and change nothing in it.`,
    'Write the files the task asks for into the candidate directory below, and nothing anywhere else.',
    `Candidate directory: ${candidateDir}`,
  ].join('\n');
}
