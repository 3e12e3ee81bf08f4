import { useState } from 'react';
import { backupScheduleRoutes } from '@huntforge/contracts/api';
import { type BackupCronResponse } from '@huntforge/contracts/http';
import { useApi, useApiMutation } from '../api/hooks';
import { formatTime } from '../components/format';
import { ErrorNote, QueryState } from '../components/query-state';
import { useCan } from '../components/session';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
// 24-hour text rather than <input type="time">, whose widget shows the browser's locale (AM/PM) for a UTC schedule.
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The two managed host cron lines: what the settings call for and what is really installed. */
function InstalledEntries({ view }: { view: BackupCronResponse }) {
  if (!view.available) return null;
  if (view.entries.length === 0) return <p className="small muted">No managed backup lines are installed in the host crontab.</p>;
  return (
    <table className="data small" aria-label="installed backup cron lines">
      <thead>
        <tr>
          <th>job</th>
          <th>schedule (UTC)</th>
          <th>command</th>
        </tr>
      </thead>
      <tbody>
        {view.entries.map((entry) => (
          <tr key={entry.raw}>
            <td>{entry.marker}</td>
            <td className="mono nowrap">{entry.schedule}</td>
            <td className="mono truncate" title={entry.command}>
              {entry.command}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Whether the host crontab can be written, and whether what is installed matches these settings. */
function CrontabState({ view }: { view: BackupCronResponse }) {
  return (
    <>
      {!view.available ? (
        <div className="notice bad" role="alert">
          <strong>The host crontab is unavailable:</strong> {view.reason}. Backups cannot be scheduled from here.
        </div>
      ) : null}
      {view.available && !view.in_sync ? (
        <div className="notice warn" role="status">
          The installed cron lines differ from these settings (edited by hand, or the install moved). Saving rewrites them.
        </div>
      ) : null}
    </>
  );
}

function BackupScheduleForm({ view }: { view: BackupCronResponse }) {
  const canAdmin = useCan('admin');
  const { settings } = view;
  const [enabled, setEnabled] = useState(settings.enabled);
  const [backupTime, setBackupTime] = useState(settings.backup_time);
  const [cleanupTime, setCleanupTime] = useState(settings.cleanup_time);
  const [cleanupDay, setCleanupDay] = useState(settings.cleanup_day);
  const [retention, setRetention] = useState(String(settings.retention_count));
  const save = useApiMutation(backupScheduleRoutes.putBackupSchedule, {
    invalidates: [backupScheduleRoutes.getBackupCron, backupScheduleRoutes.getHostCron],
  });

  const retentionCount = Number(retention);
  const problems = [
    TIME.test(backupTime) ? null : 'Backup time must be HH:MM (24-hour).',
    TIME.test(cleanupTime) ? null : 'Prune time must be HH:MM (24-hour).',
    Number.isInteger(retentionCount) && retentionCount >= 1 && retentionCount <= 365 ? null : 'Keep between 1 and 365 backups.',
  ].filter((problem): problem is string => problem !== null);
  const disabled = !canAdmin || !view.available;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          body: { enabled, backup_time: backupTime, cleanup_time: cleanupTime, cleanup_day: cleanupDay, retention_count: retentionCount },
        });
      }}
    >
      <CrontabState view={view} />
      <div className="row">
        <label>
          <input type="checkbox" checked={enabled} disabled={disabled} onChange={(event) => setEnabled(event.target.checked)} /> Back up
          automatically
        </label>
      </div>
      <div className="row">
        <label>
          Daily backup at{' '}
          <input
            aria-label="backup time"
            className="mono"
            placeholder="HH:MM"
            size={5}
            value={backupTime}
            disabled={disabled}
            aria-invalid={!TIME.test(backupTime)}
            onChange={(event) => setBackupTime(event.target.value)}
          />{' '}
          UTC
        </label>
        <label>
          Prune on{' '}
          <select
            aria-label="prune day"
            value={cleanupDay}
            disabled={disabled}
            onChange={(event) => setCleanupDay(Number(event.target.value))}
          >
            {DAYS.map((day, index) => (
              <option key={day} value={index}>
                {day}
              </option>
            ))}
          </select>
        </label>
        <label>
          at{' '}
          <input
            aria-label="prune time"
            className="mono"
            placeholder="HH:MM"
            size={5}
            value={cleanupTime}
            disabled={disabled}
            aria-invalid={!TIME.test(cleanupTime)}
            onChange={(event) => setCleanupTime(event.target.value)}
          />{' '}
          UTC
        </label>
        <label>
          keeping{' '}
          <input
            aria-label="backups kept"
            type="number"
            min={1}
            max={365}
            value={retention}
            disabled={disabled}
            onChange={(event) => setRetention(event.target.value)}
            style={{ width: 70 }}
          />{' '}
          backups
        </label>
        <button type="submit" disabled={disabled || problems.length > 0 || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      {problems.map((problem) => (
        <div key={problem} className="small finding error">
          {problem}
        </div>
      ))}
      <ErrorNote error={save.error} action="Saving the backup schedule" />
      <p className="small muted">
        Installs two lines in the crontab of the user the service runs as, marked <code># huntforge-managed:backup</code> and{' '}
        <code># huntforge-managed:prune</code>; no other line is changed.
        {settings.updated_at ? ` Last changed ${formatTime(settings.updated_at)}.` : ''}
      </p>
      <InstalledEntries view={view} />
    </form>
  );
}

/** The settings page's Backups panel (GET /api/backup/cron, PUT /api/backup/schedule). */
export function BackupSchedulePanel() {
  const cron = useApi(backupScheduleRoutes.getBackupCron);
  return (
    <QueryState query={cron} label="backup schedule">
      {(data) => <BackupScheduleForm key={`${data.settings.updated_at ?? 'defaults'}:${data.available}`} view={data} />}
    </QueryState>
  );
}
