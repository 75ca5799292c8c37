import type { JSX } from 'react';
import { format } from './format.js';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MetricInfo } from '../../app/contract/records.js';
import { en, zhCN, type Catalog, type MessageKey } from './messages.js';

const SCOPE_ZH = { read: '读', write: '写', trim: 'trim', total: '总计' } as const;

export type Locale = 'en' | 'zh-CN';

const catalogs: Record<Locale, Catalog> = { en, 'zh-CN': zhCN };

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t: Translate;
  metricLabel(info: MetricInfo | undefined, name: string): string;
}

const I18nContext = createContext<I18n | null>(null);

/** A message in a given language, whatever the UI's: a Chinese report prints Chinese from an English UI. */
export function translate(locale: Locale, key: MessageKey, vars?: Record<string, string | number>): string {
  return format(catalogs[locale][key], vars, locale);
}

const CJK_FACES = ['400 16px "Noto Sans SC"', '700 16px "Noto Sans SC"'];

/**
 * Loads the bundled CJK font's subsets for the given text before it is drawn. Text shaped while
 * a subset is still on its way can stay drawn in a system font without the glyphs (empty
 * boxes), so Chinese text waits for its glyphs (at most a few seconds: never a hang).
 */
export async function loadGlyphsFor(text: string): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts || !/[^\u0000-\u024f]/.test(text)) return;
  const chars = [...new Set(text)].join('');
  await Promise.race([
    Promise.all(CJK_FACES.map((face) => document.fonts.load(face, chars).catch(() => []))),
    new Promise((resolve) => setTimeout(resolve, 4000)),
  ]);
}

/** The glyphs of a language's whole message catalog. */
export function loadGlyphs(locale: Locale): Promise<void> {
  return locale === 'zh-CN' ? loadGlyphsFor(Object.values(zhCN).join('')) : Promise.resolve();
}

export function initialLocale(): Locale {
  const saved = localStorage.getItem('perfdelta.locale');
  if (saved === 'en' || saved === 'zh-CN') return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function I18nProvider({ children }: { children: ReactNode }): JSX.Element {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const setLocale = useCallback((l: Locale) => {
    localStorage.setItem('perfdelta.locale', l);
    document.documentElement.lang = l;
    // Switch once the language's glyphs are in: no boxes while a font subset downloads.
    void loadGlyphs(l).then(() => setLocaleState(l));
  }, []);
  const value = useMemo<I18n>(() => {
    const t: Translate = (key, vars) => format(catalogs[locale][key], vars, locale);
    // The dictionary carries both languages' labels: one source of truth for names too.
    const metricLabel = (info: MetricInfo | undefined, name: string): string => {
      if (!info) return name;
      if (locale === 'zh-CN') return info.scope ? `${SCOPE_ZH[info.scope]}${info.labelZh}` : info.labelZh;
      const label = /^[A-Z][a-z]/.test(info.label) ? info.label.charAt(0).toLowerCase() + info.label.slice(1) : info.label;
      return info.scope ? `${info.scope} ${label}` : info.label;
    };
    return { locale, setLocale, t, metricLabel };
  }, [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}
