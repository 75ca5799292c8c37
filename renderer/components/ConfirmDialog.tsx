import type { JSX, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '../i18n/i18n.js';

/**
 * A modal question: what will happen, said before it happens (a delete lists what goes), with an
 * optional text field (a new name, a reason). Escape or Cancel closes it; the action stays
 * disabled while a required field is empty or the call is on its way. It opens over the whole
 * window (a portal on the body): a dialog asked from the sidebar takes none of its styles. A
 * field opens with its whole text selected, as typed: typing replaces it, an arrow key edits it.
 */
export function ConfirmDialog({ title, children, confirmLabel, danger = false, input, busy = false, error = null, onConfirm, onCancel, testId }: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  input?: { label: string; initial?: string; placeholder?: string; name: string };
  busy?: boolean;
  error?: string | null;
  onConfirm(value: string): void;
  onCancel(): void;
  testId?: string;
}): JSX.Element {
  const { t } = useI18n();
  const [value, setValue] = useState(input?.initial ?? '');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const hasInput = input !== undefined;
  // Once, on opening: the callers' props are new objects at every render of theirs.
  useEffect(() => {
    if (hasInput) inputRef.current?.select();
    else confirmRef.current?.focus();
  }, [hasInput]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => { if (e.key === 'Escape') onCancel(); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  const blocked = busy || (input !== undefined && value.trim() === '');
  return createPortal(
    <div className="sheet-backdrop" role="presentation">
      <section className="sheet dialog" role="dialog" aria-modal="true" aria-labelledby="confirm-title" data-testid={testId ?? 'confirm-dialog'}>
        <h2 id="confirm-title">{title}</h2>
        <form className="sheet-form" onSubmit={(e) => { e.preventDefault(); if (!blocked) onConfirm(value.trim()); }}>
          {children}
          {input && (
            <label>
              <span>{input.label}</span>
              <input ref={inputRef} name={input.name} value={value} placeholder={input.placeholder} autoFocus onChange={(e) => setValue(e.target.value)} />
            </label>
          )}
          {error && <p className="error-text" role="alert">{error}</p>}
          <div className="buttons">
            <button type="button" onClick={onCancel}>{t('manage.cancel')}</button>
            <button type="submit" ref={confirmRef} className={danger ? 'danger' : 'primary'} disabled={blocked} data-testid="confirm">{confirmLabel}</button>
          </div>
        </form>
      </section>
    </div>,
    document.body,
  );
}
