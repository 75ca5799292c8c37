/**
 * Collecting dropped files, folders included: a folder entry is walked recursively, so a whole
 * results directory can be dropped at once. Each file keeps its relative path for the sheet.
 */

export interface DroppedFile {
  path: string;
  file: File;
}

interface FsEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: FsEntry[]) => void, fail: (e: unknown) => void): void };
}

async function walk(entry: FsEntry, out: DroppedFile[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((resolve, reject) => entry.file!(resolve, reject));
    out.push({ path: entry.fullPath.replace(/^\//, ''), file });
  } else if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    // readEntries returns at most 100 entries per call: read until it returns none.
    for (;;) {
      const batch = await new Promise<FsEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch.sort((a, b) => a.name.localeCompare(b.name))) {
        if (!child.name.startsWith('.')) await walk(child, out);
      }
    }
  }
}

export async function filesFromDataTransfer(dt: DataTransfer): Promise<DroppedFile[]> {
  const out: DroppedFile[] = [];
  const entries = [...dt.items]
    .filter((i) => i.kind === 'file')
    .map((i) => (i.webkitGetAsEntry?.() as FsEntry | null) ?? null);
  if (entries.length > 0 && entries.every((e) => e !== null)) {
    for (const e of entries) await walk(e!, out);
    return out;
  }
  // No entry API (or synthetic drops): plain files.
  return [...dt.files].map((file) => ({ path: file.name, file }));
}

export function filesFromInput(list: FileList | null): DroppedFile[] {
  return [...(list ?? [])].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}
