import { useEffect } from 'react';

/** Sets the browser tab's title while the page is shown: "<page> · Huntforge". */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Huntforge`;
  }, [title]);
}
