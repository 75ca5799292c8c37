/**
 * What the user chose in a view, kept for the session per study: a tab switch unmounts the view,
 * and coming back must not lose the X axis picked a minute ago (issue 39). In memory only: a
 * new session opens each view on the study's strongest view again.
 */
import { useCallback, useState } from 'react';

const memory = new Map<string, unknown>();

/** useState whose value outlives the component, under `key` (a view and a study). */
export function useRemembered<T>(key: string, initial: () => T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => (memory.has(key) ? (memory.get(key) as T) : initial()));
  const set = useCallback((next: T) => {
    memory.set(key, next);
    setValue(next);
  }, [key]);
  return [value, set];
}
