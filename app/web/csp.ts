/**
 * The Content Security Policy of the workbench, in Electron and in the browser alike: only our
 * own scripts and styles, no eval, no remote anything. ECharts draws to canvas/SVG and needs
 * inline style attributes; blob: and data: images are what its PNG/SVG export produces.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
