/**
 * The web host sends typed arrays (a range read's lanes) as their bytes in base64,
 * `{"$f64": "..."}` (app/web/web-host.ts): read back here into Float64Arrays, as Electron's
 * IPC delivers them. Float64 bytes are little-endian on every machine PerfDelta runs on.
 */
function float64FromBase64(base64: string): Float64Array {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Float64Array(bytes.buffer, 0, bytes.length >> 3);
}

function reviveTyped(_key: string, value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { $f64?: unknown }).$f64 === 'string' && Object.keys(value).length === 1) {
    return float64FromBase64((value as { $f64: string }).$f64);
  }
  return value;
}

/** JSON with the host's typed arrays read back. */
export function parseRpcJson(text: string): unknown {
  return JSON.parse(text, reviveTyped);
}
