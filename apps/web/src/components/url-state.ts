import { useLocation, useNavigate } from 'react-router';

/**
 * Filters live in the URL so a view can be shared; setting a filter returns to page 1. The fragment
 * (the workflow page's tab) is kept.
 */
export function useUrlState() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const get = (name: string) => params.get(name) ?? undefined;
  const getNumber = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' || Number.isNaN(Number(value)) ? undefined : Number(value);
  };
  const set = (changes: Record<string, string | number | undefined | null>, keepPage = false) => {
    const next = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    if (!keepPage && !('page' in changes)) next.delete('page');
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { preventScrollReset: true });
  };
  return { get, getNumber, set };
}
