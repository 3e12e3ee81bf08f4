import { NavLink } from 'react-router';
import { EVAL_SUBAGENTS, EVAL_SUBAGENT_AGENTS, type EvalSubagent } from '@huntforge/contracts/workflow';
import { useUrlState } from '../../components/url-state';

export const SUBAGENT_LABELS: Record<EvalSubagent, string> = {
  cmdline: 'Command lines',
  process_lineage: 'Process lineage',
  hunt_queries: 'Hunt queries',
  registry_artifacts: 'Registry',
  windows_services: 'Services',
  scheduled_tasks: 'Scheduled tasks',
  network_indicators: 'Network',
  sigma: 'Sigma rules',
};

/** The selected subagent lives in the URL (?subagent=), so a view can be shared. */
export function useSubagent(): [EvalSubagent, (next: EvalSubagent) => void] {
  const url = useUrlState();
  const value = url.get('subagent');
  const subagent = (EVAL_SUBAGENTS as string[]).includes(value ?? '') ? (value as EvalSubagent) : 'cmdline';
  return [subagent, (next) => url.set({ subagent: next, version_a: undefined, version_b: undefined, model: undefined })];
}

export function SubagentTabs({ value, onChange }: { value: EvalSubagent; onChange: (next: EvalSubagent) => void }) {
  return (
    <div className="row" role="tablist" aria-label="subagent" style={{ marginBottom: 12 }}>
      {EVAL_SUBAGENTS.map((subagent) => (
        <button
          key={subagent}
          type="button"
          role="tab"
          aria-selected={subagent === value}
          className={subagent === value ? 'primary' : ''}
          title={EVAL_SUBAGENT_AGENTS[subagent]}
          onClick={() => onChange(subagent)}
        >
          {SUBAGENT_LABELS[subagent]}
        </button>
      ))}
    </div>
  );
}

/** The two evaluation pages link to each other. */
export function EvalPageTabs() {
  return (
    <nav className="tabs" aria-label="evaluation views">
      <NavLink
        to={{ pathname: '/mlops/agent-evals', search: window.location.search }}
        className={({ isActive }) => (isActive ? 'active' : '')}
        end
      >
        Runs and results
      </NavLink>
      <NavLink
        to={{ pathname: '/mlops/agent-evals2', search: window.location.search }}
        className={({ isActive }) => (isActive ? 'active' : '')}
      >
        Trends and comparison
      </NavLink>
    </nav>
  );
}

/** actual − expected: exact is green, within 2 amber, further red (the spec's pass / partial / fail). */
export function DeltaBadge({ score }: { score: number | null }) {
  if (score === null) return <span className="muted">—</span>;
  const tone = score === 0 ? 'ok' : Math.abs(score) <= 2 ? 'warn' : 'bad';
  const label = score === 0 ? '±0' : score > 0 ? `+${score}` : String(score);
  return (
    <span className={`badge ${tone}`} title="actual − expected count">
      {label}
    </span>
  );
}

export const fixed = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? '—' : value.toFixed(digits);
