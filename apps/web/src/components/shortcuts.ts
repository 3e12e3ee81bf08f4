import { useEffect, useRef } from 'react';

/** Whether a key press belongs to what the engineer is typing (a field, the rule editor) or a browser chord. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return Boolean(target?.closest('input, textarea, select, .cm-editor')) || event.ctrlKey || event.metaKey || event.altKey;
}

/** Single-key shortcuts for the page while it is mounted; the latest handlers always run. */
export function useShortcuts(handlers: Record<string, (event: KeyboardEvent) => void>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isTyping(event)) latest.current[event.key]?.(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
