import type { JSX } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DropConfigurations, FilePreview, ImportResult, JobStatus, LogClaim, LogLatencyUnit, MetricInfo, StudySummary, TableMapping } from '../../app/contract/records.js';
import { useBridge } from '../bridge/context.js';
import type { DroppedFile } from '../components/drop.js';
import { useI18n } from '../i18n/i18n.js';
import { MappingTable } from './MappingTable.js';
import { proposePathParam } from './import/path-param.js';
import { PathParamField, type PathRule } from './import/PathParamField.js';
import { newStudyName } from './import/study-name.js';
import { FileRows } from './import/FileRows.js';
import { ImportTarget, type TargetField } from './import/ImportTarget.js';
import { tablesApart } from './import/tables-apart.js';
import { SplitConfigurations } from './import/SplitConfigurations.js';

interface Props {
  files: DroppedFile[];
  /** A table from the clipboard: its text (Ctrl/Cmd+V on the window), or '' to ask for it (Paste table). */
  pasted?: string | null;
  dictionary: MetricInfo[];
  studies: StudySummary[];
  /** The study open in the workbench: the sheet imports into it unless the user says otherwise. */
  openStudy: string | null;
  /** The open study is a sample (loaded on first launch): a drop then defaults to a new study, never mixing a user's files into it. */
  openIsSample?: boolean;
  /** Called with the study's slug when something was imported, else with null. */
  onClose(imported: string | null): void;
}

type Phase =
  | { kind: 'paste' }
  | { kind: 'reading'; done: number }
  | { kind: 'review' }
  | { kind: 'importing'; status: JobStatus | null }
  | { kind: 'done'; result: ImportResult };

const POLL_MS = 100;

export function ImportSheet({ files, pasted = null, dictionary, studies, openStudy, openIsSample = false, onClose }: Props): JSX.Element {
  const bridge = useBridge();
  const { t } = useI18n();
  // Paste table with nothing pasted yet: a box to paste into first.
  const [text, setText] = useState<string | null>(pasted === '' ? null : pasted);
  const [draft, setDraft] = useState('');
  const [phase, setPhase] = useState<Phase>(pasted === '' ? { kind: 'paste' } : { kind: 'reading', done: 0 });
  const [remapping, setRemapping] = useState<Set<string>>(new Set());
  const [previews, setPreviews] = useState<FilePreview[]>([]);
  /** The study as the user typed or picked it; until then the open study, else a new one named from the files. */
  const [typedStudy, setStudy] = useState<string | null>(null);
  const apart = useMemo(() => tablesApart(previews), [previews]);
  // A new study's name, from the dropped folder or the files' common name (a date when they share
  // none); a summary table set apart beside them does not change it.
  const newName = useMemo(() => {
    // A pasted table has no file name: the fallback names it.
    const dropped = new Set(files.map((f) => f.path));
    const paths = previews.length ? previews.filter((p) => !apart.has(p.id) && dropped.has(p.path)).map((p) => p.path) : [...dropped];
    return newStudyName(paths, studies.map((s) => s.name), files.length ? t('import.droppedStudy', { date: new Date().toLocaleDateString('sv-SE') }) : t('import.pastedStudy'));
    // The taken names are those when the sheet opened: a study imported meanwhile is not renamed under the user.
  }, [previews, apart, files, t]);
  const study = typedStudy ?? (openStudy !== null && !openIsSample ? openStudy : newName);
  /** Duplicates imported before under other labels: their runs were moved here (the sheet's offer taken). */
  const [moved, setMoved] = useState<number | null>(null);
  const [config, setConfig] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** A name the import needs and did not get: said under its field, which takes the focus. */
  const [missing, setMissing] = useState<{ field: TargetField; message: string } | null>(null);
  const studyRef = useRef<HTMLInputElement>(null);
  const configRef = useRef<HTMLInputElement>(null);
  /** Tables set apart from a drop of tool outputs that the user ticked to import after all. */
  const [tablesTicked, setTablesTicked] = useState<Set<string>>(new Set());
  const staged = useRef<string[]>([]);
  const submitting = useRef(false);
  /** The running import, so that Stop can name it. */
  const job = useRef<string | null>(null);
  const [stopping, setStopping] = useState(false);
  /** The unit of each latency log no fio JSON run claims (the sheet asks; ns by default). */
  const [logUnits, setLogUnits] = useState<Record<string, LogLatencyUnit>>({});
  const [notice, setNotice] = useState<string | null>(null);
  /**
   * Where each staged fio log would go (its run, or a run of its own), and the files, study and
   * configuration that answer was for; `failed`: the core could not say (every latency log is asked).
   */
  const [claimed, setClaimed] = useState<{ key: string; byId: Record<string, LogClaim> | 'failed' } | null>(null);
  /** A parameter read from the folder names (a sweep's _update0, _update3...): proposed, applied when ticked. */
  const proposal = useMemo(() => proposePathParam(files.map((f) => f.path)), [files]);
  const [pathRule, setPathRule] = useState<PathRule>({ on: false, pattern: '', param: '' });
  useEffect(() => {
    if (proposal) setPathRule((r) => (r.pattern ? r : { on: false, pattern: proposal.pattern, param: proposal.param }));
  }, [proposal]);

  // Stage every file: parsed in the core, nothing written yet. Whatever is still staged when
  // the sheet goes away (cancelled, closed mid-way) is discarded, so no bytes linger in the core.
  useEffect(() => {
    if (phase.kind === 'paste') return;
    let cancelled = false;
    void (async () => {
      const out: FilePreview[] = [];
      /** Stages one file or the pasted text; false when the sheet closed meanwhile. */
      const stageOne = async (path: string, size: number, stage: () => Promise<FilePreview>): Promise<boolean> => {
        try {
          const preview = await stage();
          if (cancelled) {
            // The sheet closed while this file was on its way: let the core forget it.
            void bridge.call('import.discard', { ids: [preview.id] }).catch(() => undefined);
            return false;
          }
          staged.current.push(preview.id);
          out.push(preview);
        } catch (err) {
          if (cancelled) return false;
          out.push({ id: '', path, size, sha256: '', format: null, runs: [], warnings: [], errors: [(err as Error).message] });
        }
        return true;
      };
      if (text !== null && !(await stageOne(t('import.pastedName'), text.length, () => bridge.call('import.stageText', { name: t('import.pastedName'), text })))) return;
      for (const [i, f] of files.entries()) {
        if (!(await stageOne(f.path, f.file.size, () => bridge.stageFile(f.path, f.file)))) return;
        setPhase({ kind: 'reading', done: i + 1 + (text !== null ? 1 : 0) });
      }
      if (!cancelled) {
        setPreviews(out);
        setPhase({ kind: 'review' });
      }
    })();
    return () => {
      cancelled = true;
      if (staged.current.length) void bridge.call('import.discard', { ids: staged.current }).catch(() => undefined);
      staged.current = [];
    };
    // Staging runs once per drop or paste; the phase leaving 'paste' is what starts it.
  }, [bridge, files, text, phase.kind === 'paste']);

  // Which run claims each fio log depends on the other files and on the study and configuration
  // (their stored runs claim too): asked again, after a pause in typing, whenever those change.
  const hasLogs = previews.some((p) => p.id && p.format === 'fio-log');
  const claimKey = JSON.stringify([previews.map((p) => p.id), study.trim(), config.trim()]);
  useEffect(() => {
    if (phase.kind !== 'review' || !hasLogs) return;
    let current = true;
    const timer = setTimeout(() => {
      const ids = previews.filter((p) => p.id).map((p) => p.id);
      bridge.call('import.logOwners', { ids, study: study.trim(), config: config.trim() })
        .then((byId) => { if (current) setClaimed({ key: claimKey, byId }); })
        .catch(() => { if (current) setClaimed({ key: claimKey, byId: 'failed' }); });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // claimKey names the previews, study and configuration the answer depends on.
  }, [bridge, phase.kind, hasLogs, claimKey]);
  // While the user types, the last answer stays on screen (the rows do not jump) and Import
  // waits for the answer to what is typed now.
  const claims = claimed?.byId ?? null;
  const claimsPending = phase.kind === 'review' && hasLogs && claimed?.key !== claimKey;

  /** The user changed a table's mapping (or sheet): the core reads it again, same staged id. */
  const remap = async (id: string, mapping: TableMapping | null, sheet?: string): Promise<void> => {
    setRemapping((s) => new Set(s).add(id));
    try {
      const next = await bridge.call('import.remap', { id, mapping, ...(sheet ? { sheet } : {}) });
      setPreviews((list) => list.map((p) => (p.id === id ? next : p)));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setRemapping((s) => {
        const n = new Set(s);
        n.delete(id);
        return n;
      });
    }
  };

  /** What the import sends: every staged file but a table set apart and not ticked. */
  const chosen = useMemo(() => previews.filter((p) => p.id && (!apart.has(p.id) || tablesTicked.has(p.id))), [previews, apart, tablesTicked]);
  // Files with something to import: not refused, not empty, and results (a tm.out beside the reports is skipped).
  const importable = useMemo(() => chosen.filter((p) => p.errors.length === 0 && !p.empty && !p.not_result), [chosen]);

  /**
   * The configurations the drop holds (four volumes' files: four configurations), as the core
   * proposed them for the files, study and path rule in `key`; split by default, labels editable.
   */
  const [drop, setDrop] = useState<{ key: string; proposal: DropConfigurations | null } | null>(null);
  const [split, setSplit] = useState(true);
  const [splitLabels, setSplitLabels] = useState<string[]>([]);
  const [missingLabel, setMissingLabel] = useState<number | null>(null);
  const labelRefs = useRef<Array<HTMLInputElement | null>>([]);
  const lastProposal = useRef<DropConfigurations | null>(null);
  const sheetRule = pathRule.on && pathRule.pattern && pathRule.param ? [{ pattern: pathRule.pattern, param: pathRule.param.trim() }] : [];
  const dropKey = JSON.stringify([importable.map((p) => p.id), study.trim(), sheetRule]);
  useEffect(() => {
    if (phase.kind !== 'review' || importable.length < 2) return;
    let current = true;
    const timer = setTimeout(() => {
      const answer = (proposal: DropConfigurations | null): void => {
        if (!current) return;
        // The same configurations proposed again (the study typed on): the user's labels stay.
        const groupsOf = (p: DropConfigurations | null): string => JSON.stringify(p?.groups.map((g) => g.values) ?? []);
        if (groupsOf(lastProposal.current) !== groupsOf(proposal)) setSplitLabels(proposal?.groups.map((g) => g.label) ?? []);
        lastProposal.current = proposal;
        setDrop({ key: dropKey, proposal });
      };
      // The sheet still imports as one configuration if the core cannot say.
      bridge.call('import.proposeConfigs', { ids: importable.map((p) => p.id), study: study.trim(), ...(sheetRule.length ? { pathParams: sheetRule } : {}) })
        .then(answer, () => answer(null));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // dropKey names the files, study and rule the proposal depends on.
  }, [bridge, phase.kind, dropKey]);
  const dropProposal = drop?.proposal && drop.proposal.groups.length >= 2 ? drop.proposal : null;
  const proposalPending = phase.kind === 'review' && importable.length >= 2 && drop?.key !== dropKey;
  const splitting = split && dropProposal !== null;
  const covered = useMemo(() => new Set(splitting ? dropProposal.groups.flatMap((g) => g.files) : []), [splitting, dropProposal]);
  const others = importable.filter((p) => !covered.has(p.id));
  const configFor = !splitting ? 'all' : others.length > 0 ? 'others' : 'none';
  // A proposal that arrives: the first label is what the user may want to change.
  const proposed = dropProposal !== null;
  useEffect(() => {
    if (proposed) labelRefs.current[0]?.focus({ preventScroll: true });
  }, [proposed]);
  useEffect(() => {
    if (missingLabel === null) return;
    const field = labelRefs.current[missingLabel];
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  }, [missingLabel]);

  // The field a missing name belongs to: in view, highlighted and focused.
  useEffect(() => {
    if (!missing) return;
    const field = (missing.field === 'study' ? studyRef : configRef).current;
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  }, [missing]);
  // The configuration field has the focus when the files are read: it is what the user must type.
  useEffect(() => {
    if (phase.kind === 'review') configRef.current?.focus({ preventScroll: true });
  }, [phase.kind]);
  const count = files.length + (text !== null || phase.kind === 'paste' ? 1 : 0);

  // Staged files are discarded by the effect's cleanup when the sheet unmounts.
  const cancel = (): void => onClose(null);

  const submitWhenReady = useRef(false);
  const confirm = async (): Promise<void> => {
    if (submitting.current) return; // a double click must not start a second import
    // The answers for what was just typed are on their way: the import goes once they are in
    // (an Enter pressed a moment after the drop is not lost).
    if (claimsPending || proposalPending) {
      submitWhenReady.current = true;
      return;
    }
    if (!study.trim()) return setMissing({ field: 'study', message: t('import.needStudy') });
    const unnamed = splitting ? dropProposal.groups.findIndex((_, i) => !splitLabels[i]?.trim()) : -1;
    if (unnamed >= 0) return setMissingLabel(unnamed);
    if (!config.trim() && configFor !== 'none') return setMissing({ field: 'config', message: t('import.needConfig') });
    // Each file of a proposed configuration goes into it; the rest into the label typed (or, with none left, the first).
    const configs = splitting ? Object.fromEntries(dropProposal.groups.flatMap((g, i) => g.files.map((f) => [f, splitLabels[i]!.trim()]))) : null;
    const label = config.trim() || splitLabels[0]!.trim();
    submitting.current = true;
    setError(null);
    setNotice(null);
    // Files with errors are sent too: the core reports them as failed and writes nothing of them.
    const ids = chosen.map((p) => p.id);
    try {
      // The import applies a unit only to a log no run claims; a claimed log takes its run's fio version.
      const units = Object.fromEntries(Object.entries(logUnits).filter(([id]) => ids.includes(id)));
      const rule = sheetRule.length ? { pathParams: sheetRule } : {};
      const started = await bridge.call('import.commit', { ids, study: study.trim(), config: label, ...(configs ? { configs } : {}), ...(Object.keys(units).length ? { logUnits: units } : {}), ...rule });
      job.current = started.job;
      setPhase({ kind: 'importing', status: null });
      for (;;) {
        const status = await bridge.call('jobs.status', { job: started.job });
        if (status.state === 'done' && status.result) {
          // Committed: only the tables left apart are still staged, discarded when the sheet closes.
          staged.current = staged.current.filter((id) => !ids.includes(id));
          setPhase({ kind: 'done', result: status.result });
          return;
        }
        if (status.state === 'failed') throw new Error(status.error ?? 'import failed');
        if (status.state === 'cancelled') {
          // Rolled back: the store is as it was and the files are still staged, ready to import again.
          setNotice(t('import.cancelled'));
          setPhase({ kind: 'review' });
          return;
        }
        setPhase({ kind: 'importing', status });
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (err) {
      setError((err as Error).message);
      setPhase({ kind: 'review' });
    } finally {
      submitting.current = false;
      job.current = null;
      setStopping(false);
    }
  };
  // A submit queued while answers were pending goes now; a proposal of several configurations
  // the user has not seen yet is shown instead of imported.
  useEffect(() => {
    if (!submitWhenReady.current || claimsPending || proposalPending) return;
    submitWhenReady.current = false;
    if (dropProposal === null) void confirm();
  });

  const stop = (): void => {
    if (!job.current) return;
    setStopping(true);
    void bridge.call('jobs.cancel', { job: job.current }).catch((err: Error) => setError(err.message));
  };

  const result = phase.kind === 'done' ? phase.result : null;
  const counts = result && {
    imported: result.files.filter((f) => f.status === 'imported').length,
    duplicates: result.files.filter((f) => f.status === 'duplicate').length,
    skipped: result.files.filter((f) => f.status === 'skipped').length,
    failed: result.files.filter((f) => f.status === 'failed').length,
    // Many files can feed one run (SVC dumps, logs joining their run): count runs, not files.
    runs: new Set(result.files.filter((f) => f.status === 'imported').flatMap((f) => f.runs)).size,
  };
  // Files imported before under another label: the sheet offers to move their runs to this one.
  const elsewhere = result?.files.filter((f) => f.status === 'duplicate' && f.elsewhere?.length) ?? [];
  const elsewhereConfigs = [...new Set(elsewhere.flatMap((f) => f.elsewhere ?? []))];
  const moveDuplicates = async (): Promise<void> => {
    if (!result) return;
    try {
      // Only the runs the files put under their old label (a table may name each run's configuration).
      const ids = new Set(elsewhere.flatMap((f) => f.runs));
      const runs = (await bridge.call('runs.list', { study: result.study.slug })).filter((r) => ids.has(r.id) && elsewhereConfigs.includes(r.config));
      if (runs.length > 0) await bridge.call('runs.move', { study: result.study.slug, runs: runs.map((r) => r.id), to: result.config });
      setMoved(runs.length);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const outcomeOf = (p: FilePreview) => result?.files.find((f) => f.sha256 === p.sha256 && f.path === p.path);
  const progress = phase.kind === 'importing' && phase.status ? phase.status : null;
  // A latency log's unit is asked only when no fio JSON run, in the drop or stored, claims it.
  // If the core could not say, every latency log is asked.
  const askUnit = (p: FilePreview): boolean => phase.kind === 'review' && p.latencyLog !== undefined && (claims === 'failed' || claims?.[p.id]?.owner === null);
  const claimOf = (p: FilePreview): LogClaim | undefined => (phase.kind === 'review' && claims && claims !== 'failed' ? claims[p.id] : undefined);

  const mainFiles = previews.filter((p) => !apart.has(p.id));
  const apartFiles = previews.filter((p) => apart.has(p.id));
  const fileRows = { outcomeOf, claimOf, askUnit, logUnits, onLogUnit: (id: string, unit: LogLatencyUnit) => setLogUnits((u) => ({ ...u, [id]: unit })) };
  const tableNamesConfigs = previews.some((p) => p.configurations && (!apart.has(p.id) || tablesTicked.has(p.id)));

  return (
    <div className="sheet-backdrop" role="presentation">
      <section className={`sheet${previews.some((p) => p.table) ? ' wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby="import-title" data-testid="import-sheet"
        data-state={phase.kind}>
        <h2 id="import-title">{phase.kind === 'paste' ? t('import.pasteTitle') : t('import.title', { count })}</h2>

        {phase.kind === 'paste' && (
          <form className="sheet-form" onSubmit={(e) => { e.preventDefault(); if (draft.trim()) { setText(draft); setPhase({ kind: 'reading', done: 0 }); } }}>
            <label>
              <span>{t('import.pasteHelp')}</span>
              <textarea name="pasted" rows={10} value={draft} onChange={(e) => setDraft(e.target.value)} autoFocus spellCheck={false} />
            </label>
            <div className="buttons">
              <button type="button" onClick={cancel}>{t('import.cancel')}</button>
              <button type="submit" className="primary" disabled={!draft.trim()}>{t('import.pasteRead')}</button>
            </div>
          </form>
        )}

        {phase.kind === 'reading' && (
          <div className="progress-block">
            <p>{t('import.reading', { done: phase.done, total: count })}</p>
            <progress max={count} value={phase.done} />
            <div className="buttons"><button type="button" onClick={cancel}>{t('import.cancel')}</button></div>
          </div>
        )}

        {/* Where the files go first: the fields the user must fill are where the eye starts. */}
        {phase.kind === 'review' && (
          <form id="import-form" className="sheet-form" onSubmit={(e) => { e.preventDefault(); void confirm(); }}>
            <ImportTarget study={study} onStudy={(v) => { setStudy(v); if (missing?.field === 'study') setMissing(null); }}
              config={config} onConfig={(v) => { setConfig(v); if (missing?.field === 'config') setMissing(null); }}
              studies={studies} openStudy={openStudy} newName={newName} missing={missing} studyRef={studyRef} configRef={configRef}
              configNote={tableNamesConfigs ? t('import.configFromTable') : null} configFor={configFor} />
            {dropProposal && (
              <SplitConfigurations proposal={dropProposal} split={split} onSplit={(v) => { setSplit(v); setMissingLabel(null); }} labels={splitLabels}
                onLabel={(i, v) => { setSplitLabels((ls) => ls.map((l, j) => (j === i ? v : l))); if (missingLabel === i) setMissingLabel(null); }}
                missing={missingLabel} labelRefs={labelRefs} />
            )}
            {(proposal || pathRule.on) && <PathParamField rule={pathRule} onRule={setPathRule} paths={files.map((f) => f.path)} />}
          </form>
        )}

        {phase.kind !== 'reading' && phase.kind !== 'paste' && (
          <div className="sheet-files">
            <FileRows previews={mainFiles} {...fileRows} />
            {mainFiles.some((p) => p.errors.length > 0) && <p className="muted">{t('import.failedNote')}</p>}
          </div>
        )}

        {phase.kind === 'review' && mainFiles.filter((p) => p.table && p.id).map((p) => (
          <MappingTable key={p.id} preview={p} dictionary={dictionary} busy={remapping.has(p.id)}
            onChange={(mapping, sheet) => void remap(p.id, mapping, sheet)} />
        ))}

        {/* A summary table beside the tool outputs it sums up: apart, unticked, its mapping to check. */}
        {phase.kind !== 'reading' && phase.kind !== 'paste' && apartFiles.length > 0 && (
          <section className="sheet-tables" data-testid="tables-apart">
            <h3>{t('import.tablesApart', { count: apartFiles.length })}</h3>
            <p className="muted">{t('import.tablesApartWhy')}</p>
            <FileRows previews={apartFiles} {...fileRows} lead={(p) => (
              <input type="checkbox" name="import-table" checked={tablesTicked.has(p.id)} disabled={phase.kind !== 'review'}
                aria-label={t('import.tableTick', { file: p.path })}
                onChange={(e) => setTablesTicked((cur) => { const next = new Set(cur); if (e.target.checked) next.add(p.id); else next.delete(p.id); return next; })} />
            )} />
            {phase.kind === 'review' && apartFiles.map((p) => (
              <MappingTable key={p.id} preview={p} dictionary={dictionary} busy={remapping.has(p.id)}
                onChange={(mapping, sheet) => void remap(p.id, mapping, sheet)} />
            ))}
          </section>
        )}

        {phase.kind === 'review' && (
          <div className="sheet-footer sheet-form">
            {importable.length === 0 && <p className="error-text">{t('import.nothing')}</p>}
            {notice && <p className="notice" role="status" data-testid="import-notice">{notice}</p>}
            {error && <p className="error-text" role="alert">{error}</p>}
            <div className="buttons">
              <button type="button" onClick={cancel}>{t('import.cancel')}</button>
              <button type="submit" form="import-form" className="primary" disabled={importable.length === 0 || submitting.current || remapping.size > 0}>
                {t('import.confirm', { count: importable.length })}
              </button>
            </div>
          </div>
        )}

        {phase.kind === 'importing' && (
          <div className="progress-block">
            {progress?.waiting
              ? <p data-testid="import-waiting">{t('import.waiting')}</p>
              : <p>{t('import.progress', { done: progress?.done ?? 0, total: progress?.total ?? importable.length, current: progress?.current ?? '' })}</p>}
            {/* Bytes, not files: a single 2 GB log moves the bar while it is read. */}
            <progress max={progress?.bytes_total || 1} value={progress?.bytes_done ?? 0} data-testid="import-progress" />
            <p className="muted" data-testid="import-bytes" hidden={progress?.waiting}>
              {t('import.bytes', { done: ((progress?.bytes_done ?? 0) / 1e6).toFixed(0), total: ((progress?.bytes_total ?? 0) / 1e6).toFixed(0), pct: progress?.bytes_total ? Math.floor((progress.bytes_done / progress.bytes_total) * 100) : 0 })}
            </p>
            <div className="buttons">
              <button type="button" onClick={stop} disabled={stopping} data-testid="import-stop">{stopping ? t('import.stopping') : t('import.stop')}</button>
            </div>
          </div>
        )}

        {result && counts && (
          <div className="sheet-form">
            <p data-testid="import-summary">{t('import.done', counts)}{counts.skipped > 0 && ` ${t('import.doneSkipped', { count: counts.skipped })}`}</p>
            {elsewhere.length > 0 && moved === null && (
              <p className="notice" data-testid="duplicates-elsewhere">
                {t('import.elsewhere', { count: elsewhere.length, configs: elsewhereConfigs.map((c) => `"${c}"`).join(t('list.sep')), config: result.config })}{' '}
                <button type="button" onClick={() => void moveDuplicates()} data-testid="move-duplicates">{t('import.moveDuplicates', { count: elsewhere.length, config: result.config })}</button>
              </p>
            )}
            {moved !== null && <p className="notice" role="status" data-testid="duplicates-moved">{t('import.movedDuplicates', { count: moved, config: result.config })}</p>}
            {error && <p className="error-text" role="alert">{error}</p>}
            <div className="buttons">
              <button type="button" className="primary" onClick={() => onClose(counts.imported + counts.duplicates > 0 ? result.study.slug : null)}>
                {t('import.close')}
              </button>
            </div>
          </div>
        )}
      </section>
    </div>
  );
}
