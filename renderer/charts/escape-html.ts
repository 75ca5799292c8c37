/**
 * The one escape for HTML built from data. ECharts renders tooltip formatter strings as HTML, and
 * names in them (configurations, workloads, objects, files) come from imported files: a label such
 * as `<meta http-equiv="refresh" ...>` must show as text, never become an element. Every tooltip
 * and label formatter that builds HTML goes through this.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
