// Whether an agent's output claims that the tests pass. A claim counts for nothing, and against the agent
// (`constraint:claims-backed`) when no passing report of the trusted runner backs it. Agents word it many
// ways ("all tests pass", "the tests now pass", "all 12 tests are passing", "the test suite passes"); a
// denial ("no tests pass", "not all tests passed") is no claim. Pure.

const SUBJECT = String.raw`(?:all (?:the |of the )?(?:\d+ )?(?:tests|checks|cases|scenarios|specs)|every (?:single )?(?:test|check)|(?:the )?(?:test suite|suite|tests?|specs?))`;
const ADVERBS = String.raw`(?:(?:all|now|are|is|have|has|still|both|successfully) )*`;
const VERB = String.raw`(?:pass(?:ed|es|ing)?|succeed(?:ed|s)?|green)\b`;
const DENIED = String.raw`(?<!\b(?:no|not all|none of|none of the|not) )`;

const CLAIM = new RegExp(String.raw`\b${DENIED}${SUBJECT} ${ADVERBS}${VERB}`, 'i');

export function claimsSuccess(text: string): boolean {
  return CLAIM.test(text);
}
