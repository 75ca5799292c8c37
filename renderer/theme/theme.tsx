/**
 * Light or dark: the user's choice, remembered in localStorage; until they choose, the system's
 * (prefers-color-scheme), followed live. The choice lands on <html data-theme>, where the CSS
 * variables switch, and in the context, where charts pick their ECharts theme.
 */
import type { JSX, ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { CHART_THEMES, type ChartTheme, type ThemeName } from '../charts/chart-theme.js';

export type ThemePreference = 'system' | ThemeName;

const KEY = 'perfdelta.theme';

interface ThemeState {
  preference: ThemePreference;
  theme: ThemeName;
  chart: ChartTheme;
  setPreference(p: ThemePreference): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function saved(): ThemePreference {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

const systemDark = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

export function ThemeProvider({ children }: { children: ReactNode }): JSX.Element {
  const [preference, setPref] = useState<ThemePreference>(saved);
  const [dark, setDark] = useState(systemDark);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const mq = matchMedia('(prefers-color-scheme: dark)');
    const on = (): void => setDark(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  const theme: ThemeName = preference === 'system' ? (dark ? 'dark' : 'light') : preference;
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  const setPreference = useCallback((p: ThemePreference) => {
    try {
      if (p === 'system') localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, p);
    } catch { /* storage refused: the choice holds for this session */ }
    setPref(p);
  }, []);
  const value = useMemo(() => ({ preference, theme, chart: CHART_THEMES[theme], setPreference }), [preference, theme, setPreference]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme outside ThemeProvider');
  return ctx;
}
