/** Ctrl+Z (Cmd+Z on a Mac) undoes the last delete, as a desktop application's Edit ▸ Undo does. */
import { useEffect, useRef } from 'react';

/** A field with its own undo (typing), where Ctrl/Cmd+Z and a paste belong to the text. */
export function isTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

/** Calls `onUndo` on Ctrl/Cmd+Z while `enabled`, outside text fields and open dialogs. */
export function useUndoShortcut(enabled: boolean, onUndo: () => void): void {
  const latest = useRef(onUndo);
  latest.current = onUndo;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.repeat) return;
      // A dialog asks a question first; a field undoes its own typing.
      if (isTextField(e.target) || document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
