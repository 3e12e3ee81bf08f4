import { useId, useMemo } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { yaml } from '@codemirror/lang-yaml';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import type { SigmaFinding } from '@huntforge/contracts/sigma';

/**
 * The line a finding's path (`detection.selection.CommandLine|contains`) points at: the deepest key of
 * the path found in order in the text; the first line when none is.
 */
export function lineOfPath(text: string, path: string): number {
  const lines = text.split('\n');
  let line = 0;
  for (const key of path.split('.').filter(Boolean)) {
    const bare = key.replace(/\[\d+\]$/, '');
    const found = lines.findIndex(
      (entry, index) => index >= line && new RegExp(`^\\s*-?\\s*['"]?${bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`).test(entry),
    );
    if (found >= 0) line = found;
  }
  return line;
}

function diagnosticsOf(view: EditorView, findings: readonly SigmaFinding[]): Diagnostic[] {
  const text = view.state.doc.toString();
  return findings.map((finding) => {
    const line = view.state.doc.line(Math.min(lineOfPath(text, finding.path) + 1, view.state.doc.lines));
    return {
      from: line.from,
      to: line.to,
      severity: finding.severity,
      message: `${finding.id}: ${finding.message}${finding.path ? ` (${finding.path})` : ''}`,
    };
  });
}

/** This page load's CSP nonce (the gateway fills the shell's csp-nonce meta); CodeMirror puts it on its style elements. */
const cspNonce = (document.querySelector('meta[property="csp-nonce"]') as HTMLMetaElement | null)?.nonce ?? '';

/**
 * A YAML editor in which Tab indents. Following the WAI-ARIA practice for code editors, Escape then Tab
 * (CodeMirror's tab-focus escape, within two seconds) moves focus on; the hint beside the editor says so and
 * is its accessible description.
 */
export function YamlEditor({
  value,
  onChange,
  findings,
  readOnly,
  theme,
  label,
}: {
  value: string;
  onChange?: (value: string) => void;
  findings: readonly SigmaFinding[];
  readOnly?: boolean;
  theme: 'light' | 'dark';
  label: string;
}) {
  const hintId = useId();
  const extensions = useMemo(
    () => [
      EditorView.cspNonce.of(cspNonce),
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': hintId }),
      EditorView.lineWrapping,
      yaml(),
      lintGutter(),
      linter((view) => diagnosticsOf(view, findings), { delay: 100 }),
    ],
    [findings, label, hintId],
  );
  return (
    <div className="stack tight">
      <div aria-label={label} data-testid="yaml-editor" role="group">
        <CodeMirror
          value={value}
          onChange={onChange}
          extensions={extensions}
          readOnly={readOnly}
          theme={theme}
          basicSetup={{ foldGutter: false }}
          minHeight="240px"
        />
      </div>
      <p className="small muted editor-hint" id={hintId} data-testid="editor-hint">
        In the editor, <kbd>Tab</kbd> indents. To leave it with the keyboard, press <kbd>Esc</kbd> then <kbd>Tab</kbd> (or <kbd>Shift</kbd>+
        <kbd>Tab</kbd>).
      </p>
    </div>
  );
}
