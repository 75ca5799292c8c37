/** A name a user gave (a report, a study) made safe as a download's file name on any OS. */
export function safeFileName(name: string): string {
  return name.replace(/[\\/:*?"<>|]+/g, '-');
}
