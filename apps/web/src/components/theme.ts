export type Theme = 'light' | 'dark';
const KEY = 'huntforge.theme';

function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  const stored = localStorage.getItem(KEY);
  return stored === 'dark' || stored === 'light' ? stored : systemTheme();
}

/** The theme lives on <html data-theme>; a `?theme=` query (screenshots) wins over the stored choice. */
export function applyStoredTheme(): void {
  const requested = new URLSearchParams(window.location.search).get('theme');
  if (requested === 'dark' || requested === 'light') localStorage.setItem(KEY, requested);
  document.documentElement.dataset.theme = currentTheme();
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(KEY, theme);
  document.documentElement.dataset.theme = theme;
}
