/**
 * The team catalog's location as the workbench remembers it: in this browser's storage, and only
 * when it holds no password (a password belongs in ~/.pgpass or PGPASSWORD on the machine the
 * workbench runs on, where node-postgres reads it). Empty means the host's own environment
 * (PERFDELTA_CATALOG_URL, PGHOST, PGSERVICE).
 */
const KEY = 'perfdelta.catalog.url';

/** Whether a location carries a password (URL user:password@, or password=...). */
export function hasPassword(url: string): boolean {
  return /postgres(?:ql)?:\/\/[^/?#@\s]*:[^@\s]*@/i.test(url) || /(^|\s)password\s*=/i.test(url);
}

export function rememberedUrl(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberUrl(url: string): void {
  try {
    if (hasPassword(url)) return;
    if (url.trim()) localStorage.setItem(KEY, url.trim());
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window): the field keeps it for this session.
  }
}
