/**
 * How Huntforge reads Sigma where the ecosystem's engines disagree; shown in `/docs` so reviewers and
 * `huntforge sigma test` users know which reading a match or a finding follows.
 */
export const SIGMA_SEMANTICS_MARKDOWN = `
## How Huntforge reads Sigma

**Validation** (\`huntforge sigma validate\`, the queue, the workflow): *error* = the Sigma specification is
violated and the rule is refused; *warning* = best practice; *info* = style. Only errors block a rule. ATT&CK ids
our catalogue does not know (older or renamed ones) are warnings. Files may hold several documents, \`action:
global\`/\`reset\`/\`repeat\`, correlation rules and filters (Sigma 2.1). Across a folder, the same id, title or file
name twice and references to rules outside the folder are warnings.

**Evaluation** (\`huntforge sigma test RULES --events events.jsonl\`): plain values, \`contains\`, \`startswith\`,
\`endswith\`, keywords, \`windash\` and \`fieldref\` compare with Unicode case folding; \`cased\` and \`re\` are case-sensitive
(\`re|i\` or \`(?i)\` folds); encoded values (\`base64\`, \`base64offset\`, \`utf16*\`, \`wide\`) compare byte for byte. A
dotted field is looked up as a flat key first, then as a nested path; an array matches when any element does.
Where engines disagree we decided:

- \`field: null\` also matches an event without the field (as pySigma backends, rsigma and sigma-go read it).
- \`not\` over a selection on an absent field is true.
- \`|exists: true\` counts a present key as existing even when its value is null (the specification's wording).
- \`windash\` treats a \`-\` or \`/\` that starts a word as an option dash (spec 2.1, pySigma); a dash inside a word stays a dash.
- \`base64|contains\` leaves out the padding and the last character, which depend on the bytes that follow.
- A bare \`base64offset\` without \`contains\` is an exact match of one of its three forms (the validator refuses such a rule).
- Keywords search text values only; a numeric keyword does not match a number.
- \`expand\` placeholders come from the caller (\`--placeholders FILE\`), never from the event.
- \`N of\` (N > 1) is evaluated; \`all of\` a pattern that names nothing is true, \`1 of\` it false.

Correlations (event_count, value_count, value_sum, value_avg, temporal, temporal_ordered) use a window that slides back
\`timespan\` from each event per group, and fire on every event that leaves the condition true.

**Review queue**: a generated rule at or above SimilarityThreshold to an open or approved queue item is linked to that
item (outcome \`linked\` in the execution), not queued again.
`;
