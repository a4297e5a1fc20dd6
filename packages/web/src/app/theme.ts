/**
 * Dark and light: the system's preference until the user picks one, which is
 * remembered. The choice is a data-theme attribute the stylesheet reads.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'dynotable.theme';
const CHANGED = 'dynotable:theme';
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

function chosen(): Theme | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

function currentTheme(): Theme {
  return chosen() ?? (systemDark() ? 'dark' : 'light');
}

/** Sets the attribute before the first render, so the page never flashes the other theme. */
export function applyTheme(): void {
  document.documentElement.dataset['theme'] = currentTheme();
}

function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  document.documentElement.dataset['theme'] = theme;
  window.dispatchEvent(new Event(CHANGED));
}

export function toggleTheme(): void {
  setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const systemChanged = () => {
    applyTheme();
    onChange();
  };
  media.addEventListener('change', systemChanged);
  window.addEventListener(CHANGED, onChange);
  return () => {
    media.removeEventListener('change', systemChanged);
    window.removeEventListener(CHANGED, onChange);
  };
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(subscribe, currentTheme);
  return [theme, useCallback(toggleTheme, [])];
}
