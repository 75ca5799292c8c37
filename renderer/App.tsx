import type { JSX } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeletionRecord, MetricInfo, StudySummary } from '../app/contract/records.js';
import { useBridge } from './bridge/context.js';
import { filesFromDataTransfer, filesFromInput, type DroppedFile } from './components/drop.js';
import { loadGlyphsFor, useI18n, type Locale } from './i18n/i18n.js';
import { useTheme, type ThemePreference } from './theme/theme.js';
import { EmptyState } from './views/EmptyState.js';
import { ImportSheet } from './views/ImportSheet.js';
import { StudyView } from './views/StudyView.js';
import { StudyActions } from './views/manage/StudyActions.js';
import { UndoNotice, deletedText } from './views/manage/UndoNotice.js';
import { StudyMeta } from './views/manage/StudyMeta.js';
import { isTextField, useUndoShortcut } from './views/manage/undo-shortcut.js';
import { CatalogPanel } from './views/catalog/CatalogPanel.js';

export function App(): JSX.Element {
  const bridge = useBridge();
  const { t, locale, setLocale } = useI18n();
  const { preference, setPreference } = useTheme();
  const [studies, setStudies] = useState<StudySummary[] | null>(null);
  const [dictionary, setDictionary] = useState<MetricInfo[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [dropped, setDropped] = useState<DroppedFile[] | null>(null);
  /** A table from the clipboard: its text, or '' when the sheet should ask for it. */
  const [pasted, setPasted] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadingSamples, setLoadingSamples] = useState(false);
  const [revision, setRevision] = useState(0);
  /** The last delete, undoable until the next one (Ctrl/Cmd+Z, or its notice's Undo). */
  const [deletion, setDeletion] = useState<DeletionRecord | null>(null);
  /** The notice of the delete just done: it goes away with the user's next action; the undo stays possible. */
  const [undoShown, setUndoShown] = useState(false);
  /** What an undo brought back, said until the next action. */
  const [restored, setRestored] = useState<string | null>(null);
  /** The study whose context menu is open. */
  const [menuStudy, setMenuStudy] = useState<string | null>(null);
  /** The team catalog panel in place of the study (the sidebar's *Team catalog*). */
  const [catalogOpen, setCatalogOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const studyFileInput = useRef<HTMLInputElement>(null);

  // A `.perfdelta` file from a colleague becomes a study here (its bytes checked by the core).
  const openStudyFile = async (file: File): Promise<void> => {
    try {
      const { study } = await bridge.openStudyFile(file.name, file);
      await refresh(study);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const refresh = useCallback(async (select?: string) => {
    try {
      const list = await bridge.call('studies.list', {});
      // Study and configuration names may be Chinese: their glyphs first.
      await loadGlyphsFor(JSON.stringify(list));
      setStudies(list);
      setSelected((cur) => select ?? (cur && list.some((s) => s.slug === cur) ? cur : list[0]?.slug ?? null));
      setRevision((r) => r + 1);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [bridge]);

  useEffect(() => {
    // `?study=slug`: the Electron main process opened a study file (a double-click on it) and
    // loads the window on that study.
    void refresh(new URLSearchParams(window.location.search).get('study') ?? undefined);
    bridge.call('metrics.dictionary', {}).then(setDictionary, (err: Error) => setError(err.message));
    // A delete of an earlier session (or the CLI's) is still undoable: Ctrl/Cmd+Z knows it.
    bridge.call('deletions.pending', {}).then((d) => setDeletion((cur) => cur ?? d), () => undefined);
  }, [bridge, refresh]);

  /** Something else done after a delete or an undo: its notice has said what it had to. */
  const later = useCallback((): void => {
    setUndoShown(false);
    setRestored(null);
  }, []);
  const undoing = useRef(false);
  const undo = useCallback(async (): Promise<void> => {
    if (undoing.current) return; // a second Ctrl+Z while the first is on its way
    undoing.current = true;
    const { restored: back, study: slug } = await bridge.call('deletions.undo', {}).finally(() => { undoing.current = false; });
    setDeletion(null);
    setUndoShown(false);
    setRestored(t('manage.restored', { what: deletedText(t, back) }));
    await refresh(slug);
  }, [bridge, refresh, t]);

  // The whole window is a drop target, except while an import sheet is open: a second drop
  // then would swap the files under the user's eyes.
  const sheetOpen = dropped !== null;

  // Ctrl/Cmd+Z undoes the last delete, as the notice's Undo does; a text field keeps its own undo.
  useUndoShortcut(!sheetOpen && deletion !== null, () => { undo().catch((err: Error) => setError(err.message)); });

  // Ctrl/Cmd+V on the window (no field has the focus): the clipboard's text is a pasted table.
  useEffect(() => {
    if (sheetOpen) return;
    const onPaste = (e: ClipboardEvent): void => {
      if (isTextField(e.target)) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      e.preventDefault();
      if (!text.trim()) return setError(t('import.pasteEmpty'));
      setPasted(text);
      setDropped([]);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [sheetOpen, t]);

  const pasteTable = (): void => {
    setPasted('');
    setDropped([]);
  };
  useEffect(() => {
    if (sheetOpen) {
      const block = (e: DragEvent): void => e.preventDefault();
      window.addEventListener('dragover', block);
      window.addEventListener('drop', block);
      return () => {
        window.removeEventListener('dragover', block);
        window.removeEventListener('drop', block);
      };
    }
    let depth = 0;
    const isFiles = (e: DragEvent): boolean => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const enter = (e: DragEvent): void => { if (isFiles(e)) { depth++; setDragging(true); e.preventDefault(); } };
    const over = (e: DragEvent): void => { if (isFiles(e)) e.preventDefault(); };
    const leave = (): void => { depth = Math.max(0, depth - 1); if (depth === 0) setDragging(false); };
    const drop = (e: DragEvent): void => {
      e.preventDefault();
      depth = 0;
      setDragging(false);
      if (!e.dataTransfer) return;
      void filesFromDataTransfer(e.dataTransfer).then((files) => { if (files.length > 0) setDropped(files); });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [sheetOpen]);

  const loadSamples = async (): Promise<void> => {
    setLoadingSamples(true);
    try {
      const { loaded } = await bridge.call('samples.load', {});
      await refresh(loaded[0]);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setLoadingSamples(false);
    }
  };

  const study = studies?.find((s) => s.slug === selected) ?? null;

  // A delete anywhere (a study here, a configuration or runs in the Runs tab): its notice, and the lists again.
  const onDeleted = (record: DeletionRecord): void => {
    setDeletion(record);
    setUndoShown(true);
    setRestored(null);
    void refresh(record.kind === 'study' ? undefined : record.study.slug);
  };
  const select = (slug: string): void => {
    if (slug !== selected) later();
    setSelected(slug);
  };

  return (
    <div className="app" data-state={studies ? 'ready' : 'loading'}>
      <header className="topbar">
        <div className="brand">
          <span className="logo" aria-hidden="true">Δ</span>
          <span className="name">{t('app.title')}</span>
          <span className="tagline">{t('app.tagline')}</span>
        </div>
        <div className="actions">
          <button type="button" onClick={() => fileInput.current?.click()}>{t('studies.importFiles')}</button>
          <button type="button" onClick={() => folderInput.current?.click()}>{t('studies.importFolder')}</button>
          <button type="button" name="open-study-file" onClick={() => studyFileInput.current?.click()}>{t('study.openFile')}</button>
          <button type="button" onClick={pasteTable} data-testid="paste-table">{t('studies.pasteTable')}</button>
          <label className="theme-choice">
            <span className="sr-only">{t('theme.label')}</span>
            <select name="theme" value={preference} onChange={(e) => setPreference(e.target.value as ThemePreference)} aria-label={t('theme.label')}>
              <option value="system">{t('theme.system')}</option>
              <option value="light">{t('theme.light')}</option>
              <option value="dark">{t('theme.dark')}</option>
            </select>
          </label>
          <label className="lang">
            <span className="sr-only">{t('lang.label')}</span>
            <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)} aria-label={t('lang.label')}>
              <option value="en">{t('lang.en')}</option>
              <option value="zh-CN">{t('lang.zh-CN')}</option>
            </select>
          </label>
        </div>
        <input ref={fileInput} type="file" multiple hidden data-testid="file-input"
          onChange={(e) => { const f = filesFromInput(e.target.files); e.target.value = ''; if (f.length) setDropped(f); }} />
        <input ref={studyFileInput} type="file" accept=".perfdelta" hidden data-testid="study-file-input"
          onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void openStudyFile(f); }} />
        <input ref={folderInput} type="file" multiple hidden
          {...({ webkitdirectory: '' } as Record<string, string>)}
          onChange={(e) => { const f = filesFromInput(e.target.files); e.target.value = ''; if (f.length) setDropped(f); }} />
      </header>

      <div className="body">
        <nav className="sidebar" aria-label={t('studies.heading')}>
          <h2>{t('studies.heading')}</h2>
          {studies && studies.length === 0 && <p className="muted">{t('studies.empty')}</p>}
          <ul className="study-list">
            {studies?.map((s) => (
              <li key={s.slug} className="study-item">
                <button type="button" className={s.slug === selected ? 'active' : ''} data-study={s.slug}
                  aria-current={s.slug === selected && !catalogOpen ? 'page' : undefined} onClick={() => { select(s.slug); setCatalogOpen(false); }}
                  onContextMenu={(e) => { e.preventDefault(); setMenuStudy(s.slug); }}>
                  <span className="study-name">{s.name}</span>
                  <StudyMeta study={s} />
                </button>
                <StudyActions study={s} open={menuStudy === s.slug} onOpenChange={(open) => setMenuStudy(open ? s.slug : null)}
                  onRenamed={(slug) => { later(); void refresh(s.slug === selected ? slug : undefined); }} onDeleted={onDeleted} />
              </li>
            ))}
          </ul>
          <button type="button" className="link" onClick={() => void loadSamples()} disabled={loadingSamples}>
            {loadingSamples ? t('studies.loadingSamples') : t('studies.loadSamples')}
          </button>
          <button type="button" className={`link${catalogOpen ? ' active' : ''}`} name="open-catalog" aria-current={catalogOpen ? 'page' : undefined} onClick={() => { later(); setCatalogOpen(true); }}>
            {t('catalog.open')}
          </button>
        </nav>

        <main className="content">
          {error && <p className="error" role="alert">{t('app.error', { message: error })}</p>}
          {deletion && undoShown && <UndoNotice key={deletion.id ?? 0} deletion={deletion} onDismiss={later} onUndo={undo} />}
          {restored && <p className="notice" role="status" data-testid="undo-restored">{restored}</p>}
          {!studies && <p className="muted">{t('app.loading')}</p>}
          {catalogOpen && <CatalogPanel dictionary={dictionary} onPulled={(slug) => void refresh(slug)} />}
          {!catalogOpen && studies && !study && <EmptyState onPaste={pasteTable} onLoadSamples={() => void loadSamples()} />}
          {!catalogOpen && study && <StudyView key={study.slug} revision={revision} study={study} dictionary={dictionary}
            onChanged={() => { later(); void refresh(study.slug); }} onDeleted={onDeleted} onNavigate={later} />}
        </main>
      </div>

      {dragging && <div className="drop-overlay" aria-hidden="true"><span>{t('drop.overlay')}</span></div>}
      {dropped && (
        <ImportSheet files={dropped} pasted={pasted} dictionary={dictionary} studies={studies ?? []} openStudy={study?.name ?? null}
          onClose={(imported) => { setDropped(null); setPasted(null); if (imported) { later(); void refresh(imported); } }} />
      )}
    </div>
  );
}
