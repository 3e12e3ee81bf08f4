import { useState, type RefObject } from 'react';
import { ingestionRoutes } from '@huntforge/contracts/api';
import { ANNOTATION_TYPES, HUNTABILITY_ANNOTATION_LENGTH, HUNTABILITY_ANNOTATION_TYPES } from '@huntforge/contracts/ingestion';
import { useApi, useApiMutation } from '../../api/hooks';
import { ErrorNote } from '../../components/query-state';
import { useCan } from '../../components/session';
import { Panel } from '../../components/panel';

interface Selection {
  start: number;
  end: number;
}

/** Character offsets of the current selection inside `container`, counted over its text. */
export function selectionIn(container: HTMLElement): Selection | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const before = document.createRange();
  before.setStart(container, 0);
  before.setEnd(range.startContainer, range.startOffset);
  const start = before.toString().length;
  return { start, end: start + range.toString().length };
}

/** Grows a selection around its middle to `target` characters, within the text. */
export function expandTo(selection: Selection, textLength: number, target: number): Selection {
  const middle = Math.floor((selection.start + selection.end) / 2);
  let start = Math.max(0, middle - Math.floor(target / 2));
  const end = Math.min(textLength, start + target);
  start = Math.max(0, end - target);
  return { start, end };
}

export function AnnotationTool({
  articleId,
  content,
  contentRef,
}: {
  articleId: number;
  content: string;
  contentRef: RefObject<HTMLElement | null>;
}) {
  const canWrite = useCan('analyst');
  const [selection, setSelection] = useState<Selection | null>(null);
  const [type, setType] = useState<(typeof ANNOTATION_TYPES)[number]>('huntable');
  const annotations = useApi(ingestionRoutes.getArticlesAnnotations, { params: { article_id: articleId } });
  const create = useApiMutation(ingestionRoutes.postArticlesAnnotations, {
    invalidates: [ingestionRoutes.getArticlesAnnotations, ingestionRoutes.getArticle],
    onSuccess: () => setSelection(null),
  });
  const length = selection ? selection.end - selection.start : 0;
  const needsLength = (HUNTABILITY_ANNOTATION_TYPES as readonly string[]).includes(type);
  const lengthOk = !needsLength || (length >= HUNTABILITY_ANNOTATION_LENGTH.min && length <= HUNTABILITY_ANNOTATION_LENGTH.max);

  const take = () => setSelection(contentRef.current ? selectionIn(contentRef.current) : null);
  return (
    <Panel id="annotate" title="Annotate">
      <p className="small muted">
        Select text in the article, then take the selection. Huntable / not huntable annotations train the content filter and must be{' '}
        {HUNTABILITY_ANNOTATION_LENGTH.min}–{HUNTABILITY_ANNOTATION_LENGTH.max} characters long; observable annotations may be any length.
      </p>
      <div className="row">
        <button type="button" onClick={take}>
          Take selection
        </button>
        <button type="button" disabled={!selection} onClick={() => selection && setSelection(expandTo(selection, content.length, 1000))}>
          Expand to 1000 characters
        </button>
        <select
          aria-label="annotation type"
          value={type}
          onChange={(event) => setType(event.target.value as (typeof ANNOTATION_TYPES)[number])}
        >
          {ANNOTATION_TYPES.map((entry) => (
            <option key={entry} value={entry}>
              {entry.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        <span className={`badge ${selection ? (lengthOk ? 'ok' : 'bad') : ''}`} data-testid="annotation-length">
          {length} characters{needsLength ? ` (needs ${HUNTABILITY_ANNOTATION_LENGTH.min}–${HUNTABILITY_ANNOTATION_LENGTH.max})` : ''}
        </span>
        <button
          type="button"
          className="primary"
          disabled={!canWrite || !selection || !lengthOk || create.isPending}
          onClick={() =>
            selection &&
            create.mutate({
              params: { article_id: articleId },
              body: {
                annotation_type: type,
                selected_text: content.slice(selection.start, selection.end),
                start_position: selection.start,
                end_position: selection.end,
              },
            })
          }
        >
          Save annotation
        </button>
      </div>
      {selection ? (
        <pre className="small muted" style={{ maxHeight: 90, overflow: 'auto', marginTop: 6 }}>
          {content.slice(selection.start, selection.end)}
        </pre>
      ) : null}
      <ErrorNote error={create.error} action="Saving the annotation" />
      {annotations.data && annotations.data.annotations.length > 0 ? (
        <table className="data small" style={{ marginTop: 8 }}>
          <thead>
            <tr>
              <th>type</th>
              <th>text</th>
              <th className="num">characters</th>
              <th>training</th>
            </tr>
          </thead>
          <tbody>
            {annotations.data.annotations.map((annotation) => (
              <tr key={annotation.id}>
                <td>{annotation.annotation_type.replace(/_/g, ' ')}</td>
                <td>
                  {annotation.selected_text.slice(0, 140)}
                  {annotation.selected_text.length > 140 ? '…' : ''}
                </td>
                <td className="num">{annotation.end_position - annotation.start_position}</td>
                <td>{annotation.used_for_training ? 'used' : 'not yet'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Panel>
  );
}
