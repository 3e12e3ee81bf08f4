/** Query parameters that only track a click; they never change what a page says. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'hsctatracking',
  'mkt_tok',
  'ref',
  'ref_src',
  'ref_url',
  'spm',
  'cmpid',
  's_kwcid',
  'trk',
  'trkcampaign',
  'sc_campaign',
  'sc_channel',
  'sc_content',
  'sc_medium',
  'sc_outcome',
  'sc_geo',
  'sc_country',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'wt.mc_id',
  '__s',
  'ss_source',
  'ss_campaign_id',
  'rss',
  'utm',
]);

const isTracking = (name: string): boolean => {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || lower.startsWith('pk_') || lower.startsWith('mtm_') || TRACKING_PARAMS.has(lower);
};

/**
 * The identity of an article URL: scheme and host lower-cased, default port dropped (the WHATWG URL
 * parser does both), fragment and tracking parameters removed, remaining parameters sorted.
 */
export function canonicalUrl(raw: string): string {
  const url = new URL(raw.trim());
  url.hash = '';
  const kept = [...url.searchParams.entries()].filter(([name]) => !isTracking(name));
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  url.search = '';
  for (const [name, value] of kept) url.searchParams.append(name, value);
  if (url.pathname === '') url.pathname = '/';
  return url.toString();
}
