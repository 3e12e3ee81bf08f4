import type { ReactNode } from 'react';
import { ApiError } from '@huntforge/api-client';

export interface FieldIssue {
  /** Where, as the API names it without the request part: `thresholds.RankingThreshold`. */
  field: string;
  message: string;
}

/** The fields a 400 names (`details: [{path, message}]`), so a page can say which input and which rule. */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return (error.details as Array<{ path?: unknown; message?: unknown }>).flatMap((issue) =>
    typeof issue.path === 'string'
      ? [
          {
            field: issue.path.replace(/^(body|query|params)\.?/, '') || issue.path,
            message: typeof issue.message === 'string' ? issue.message : 'invalid',
          },
        ]
      : [],
  );
}

/** An API error as the engineer needs it: the stable code, the message, each field at fault, and the request id to quote. */
export function ErrorNote({ error, action }: { error: unknown; action?: string }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  const issues = fieldIssues(error);
  return (
    <div className="notice bad" role="alert">
      {action ? <strong>{action} failed: </strong> : null}
      {apiError ? (
        <>
          <code>{apiError.code}</code> — {apiError.message}
          {apiError.requestId ? <span className="muted small"> (request {apiError.requestId})</span> : null}
          {apiError.status === 401 ? (
            <span>
              {' '}
              — <a href="/signin">sign in</a>
            </span>
          ) : null}
          {issues.length > 0 ? (
            <ul className="small" data-testid="field-issues">
              {issues.map((issue) => (
                <li key={`${issue.field}:${issue.message}`}>
                  <code>{issue.field}</code>: {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <span>{error instanceof Error ? error.message : String(error)}</span>
      )}
    </div>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

/** The app's loading state, for a query or for code still downloading (a lazily loaded page or chart). */
export function LoadingNote({ label }: { label?: string }) {
  return (
    <div className="empty" aria-busy="true">
      Loading{label ? ` ${label}` : ''}…
    </div>
  );
}

/** Loading, error and empty states for one query; children render only with data. */
export function QueryState<T>({
  query,
  empty,
  children,
  label,
}: {
  query: QueryLike<T>;
  empty?: (data: T) => ReactNode | null;
  children: (data: T) => ReactNode;
  label?: string;
}) {
  if (query.isPending) return <LoadingNote label={label} />;
  if (query.error) return <ErrorNote error={query.error} action={label ? `Loading ${label}` : 'Loading'} />;
  if (query.data === undefined) return null;
  const emptyView = empty?.(query.data);
  if (emptyView) return <div className="empty">{emptyView}</div>;
  return <>{children(query.data)}</>;
}
