import { useState } from 'react';
import { sigmaQueueRoutes } from '@huntforge/contracts/api';
import { type SigmaQueueItemBody } from '@huntforge/contracts/sigma';
import { useApi, useApiMutation } from '../../api/hooks';
import { ErrorNote } from '../../components/query-state';
import { useCan } from '../../components/session';

const queueRoutes = [sigmaQueueRoutes.getSigmaQueueItem, sigmaQueueRoutes.getSigmaQueueList, sigmaQueueRoutes.getSigmaQueueEnrichmentChat];

/** Enrichment (builtin provider unless one is chosen in the workflow config) and the follow-up conversation. */
export function EnrichmentPanel({ item }: { item: SigmaQueueItemBody }) {
  const canWrite = useCan('analyst');
  const [message, setMessage] = useState('');
  const chat = useApi(sigmaQueueRoutes.getSigmaQueueEnrichmentChat, { params: { queue_id: item.queue_id } });
  const enrich = useApiMutation(sigmaQueueRoutes.postSigmaQueueEnrich, { invalidates: queueRoutes });
  const turn = useApiMutation(sigmaQueueRoutes.postSigmaQueueEnrichmentChatTurn, {
    invalidates: queueRoutes,
    onSuccess: () => setMessage(''),
  });
  const open = item.status === 'pending' || item.status === 'needs_review';
  const conversationId = chat.data?.conversation_id ?? null;
  return (
    <section aria-labelledby={`enrich-${item.queue_id}`}>
      <h3 id={`enrich-${item.queue_id}`}>Enrichment</h3>
      <div className="row">
        <button
          type="button"
          disabled={!canWrite || !open || enrich.isPending}
          onClick={() => enrich.mutate({ params: { queue_id: item.queue_id } })}
        >
          {enrich.isPending ? 'Enriching…' : 'Enrich rule'}
        </button>
        {chat.data?.provider ? (
          <span className="small muted">
            conversation with {chat.data.provider} / {chat.data.model}
          </span>
        ) : null}
      </div>
      {enrich.data ? <div className="small">Changes: {enrich.data.changes.join('; ') || 'none'}</div> : null}
      <ErrorNote error={enrich.error} action="Enrich" />
      {chat.data && chat.data.turns.length > 0 ? (
        <div className="stack small" style={{ marginTop: 8 }}>
          {chat.data.turns.map((entry) => (
            <div key={entry.turn_index} className={`notice ${entry.role === 'assistant' ? '' : 'ok'}`}>
              <strong>{entry.role}</strong>: {entry.content}
            </div>
          ))}
        </div>
      ) : null}
      {conversationId !== null ? (
        <div className="row" style={{ marginTop: 8 }}>
          <input
            aria-label="message to the enrichment model"
            placeholder="ask for a change (e.g. add a filter for the installer)"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            style={{ flex: 1 }}
            disabled={!canWrite || !open}
          />
          <button
            type="button"
            disabled={!canWrite || !open || !message.trim() || turn.isPending}
            onClick={() =>
              turn.mutate({ params: { queue_id: item.queue_id, conversation_id: conversationId }, body: { message: message.trim() } })
            }
          >
            Send
          </button>
        </div>
      ) : null}
      <ErrorNote error={turn.error} action="Sending the message" />
    </section>
  );
}
