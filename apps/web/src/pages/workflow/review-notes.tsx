import { useState } from 'react';
import { sigmaQueueRoutes } from '@huntforge/contracts/api';
import { type SigmaQueueItemBody as SigmaQueueItem } from '@huntforge/contracts/sigma';
import { useApiMutation } from '../../api/hooks';
import { formatTime } from '../../components/format';
import { ErrorNote } from '../../components/query-state';
import { queueRoutes } from './queue-routes';

/** The reviewers' notes on a rule, oldest first, and a field to add one. */
export function ReviewNotes({ item, canWrite }: { item: SigmaQueueItem; canWrite: boolean }) {
  const [note, setNote] = useState('');
  const addNote = useApiMutation(sigmaQueueRoutes.postSigmaQueueReviewNotes, { invalidates: queueRoutes, onSuccess: () => setNote('') });
  return (
    <>
      <h3>Review notes</h3>
      {item.review_notes.length ? (
        <ul className="small">
          {item.review_notes.map((entry, index) => (
            <li key={index}>
              <strong>{entry.author ?? 'someone'}</strong> <span className="muted">{formatTime(entry.at)}</span>: {entry.note}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">No notes yet.</p>
      )}
      <div className="row">
        <input
          aria-label="review note"
          placeholder="add a note for other reviewers"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          style={{ flex: 1 }}
          disabled={!canWrite}
        />
        <button
          type="button"
          disabled={!canWrite || !note.trim() || addNote.isPending}
          onClick={() => addNote.mutate({ params: { queue_id: item.queue_id }, body: { note: note.trim() } })}
        >
          Add note
        </button>
      </div>
      <ErrorNote error={addNote.error} action="Adding the note" />
    </>
  );
}
