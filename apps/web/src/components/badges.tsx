const TONE: Record<string, 'ok' | 'warn' | 'bad' | 'info' | ''> = {
  completed: 'ok',
  approved: 'ok',
  submitted: 'ok',
  ok: 'ok',
  up: 'ok',
  healthy: 'ok',
  running: 'info',
  pending: 'info',
  needs_review: 'warn',
  degraded: 'warn',
  skipped: '',
  cancelled: '',
  failed: 'bad',
  rejected: 'bad',
  down: 'bad',
  failing: 'bad',
  error: 'bad',
  warning: 'warn',
  info: 'info',
};

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const value = status ?? 'unknown';
  return <span className={`badge ${TONE[value] ?? ''}`}>{value.replace(/_/g, ' ')}</span>;
}

/** Hunt score out of 99.9 with a tone: ≥ 60 strong, ≥ 30 some, below little. */
export function ScoreBadge({ score }: { score: number }) {
  const tone = score >= 60 ? 'ok' : score >= 30 ? 'warn' : '';
  return (
    <span className={`badge ${tone}`} title="keyword hunt score (0–99.9)">
      {score.toFixed(1)}
    </span>
  );
}
