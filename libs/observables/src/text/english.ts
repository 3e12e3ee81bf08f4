/** Function words and common verbs: a program name followed by one of these is prose, not a command. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a an the is are was were be been being as and or but to of in on by with from into onto via using then than that this
these those which who whom whose when while if else so such it its their there here has have had will would can could may
might should must not no also just only both each either after before during under over about against between through
without within upon like process processes binary binaries command commands utility tool file files executable instance
window windows service services itself itself, was, which, to, again then, used uses use launched spawned executed ran runs
run started created invoked called named loads loaded loading spawns launches executes starts creates invokes calls`.split(/\s+/),
);

/** A word of running text: a function word, a common verb or an -ing / -ed form. */
export function isProseWord(token: string): boolean {
  const t = token.replace(/[,.;:!?)]+$/, '').toLowerCase();
  return STOPWORDS.has(t) || /^[a-z]{3,}(?:ing|ed)$/.test(t);
}
