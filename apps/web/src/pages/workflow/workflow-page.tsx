import { Link, useLocation } from 'react-router';
import { ConfigTab } from './config-tab';
import { ExecutionsTab } from './executions-tab';
import { QueueTab } from './queue-tab';
import { usePageTitle } from '../../components/page-title';

const TABS = [
  { id: 'executions', label: 'Executions' },
  { id: 'queue', label: 'Review queue' },
  { id: 'config', label: 'Configuration' },
] as const;

/** One page, three tabs addressed by the URL fragment (#config, #executions, #queue) as the spec names them. */
export function WorkflowPage() {
  const { hash, search } = useLocation();
  const active = TABS.find((tab) => `#${tab.id}` === hash)?.id ?? 'executions';
  usePageTitle(`${TABS.find((tab) => tab.id === active)?.label ?? 'Executions'} · Workflow`);
  return (
    <>
      <h1>Workflow</h1>
      <nav className="tabs" aria-label="workflow sections">
        {TABS.map((tab) => (
          <Link
            key={tab.id}
            to={{ pathname: '/workflow', search: tab.id === active ? search : '', hash: `#${tab.id}` }}
            className={tab.id === active ? 'active' : ''}
            aria-current={tab.id === active ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {active === 'executions' ? <ExecutionsTab /> : active === 'queue' ? <QueueTab /> : <ConfigTab />}
    </>
  );
}
