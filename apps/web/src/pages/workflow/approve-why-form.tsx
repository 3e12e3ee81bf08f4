import { useState } from 'react';

/** Asked before approving a rule that an edit stopped from firing on its own observables: the reason becomes the approval note. */
export function ApproveWhyForm({
  pending,
  onApprove,
  onCancel,
}: {
  pending: boolean;
  onApprove: (why: string) => void;
  onCancel: () => void;
}) {
  const [why, setWhy] = useState('');
  return (
    <form
      className="notice warn small stack"
      data-testid="approve-why"
      onSubmit={(event) => {
        event.preventDefault();
        if (why.trim()) onApprove(why.trim());
      }}
    >
      <strong>Since it was edited, this rule no longer fires on the article&apos;s own observables (self-test).</strong>
      <label className="block">
        Why approve it anyway?
        <input aria-label="reason to approve anyway" value={why} onChange={(event) => setWhy(event.target.value)} autoFocus />
      </label>
      <div className="row">
        <button type="submit" className="ok" disabled={!why.trim() || pending}>
          Approve with this reason
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
