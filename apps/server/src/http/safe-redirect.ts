/** Characters browsers drop from or misread in a URL: C0 controls, DEL, and the backslash they treat as `/`. */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !hasUnsafeCharacter(value);
}

/**
 * Where to send the browser after signing in, given a value from the request: a path on this server, or `/`.
 * Browsers remove tabs and newlines from a Location, so `/\t/evil.example` becomes `//evil.example`, another host;
 * the value is therefore checked as sent and once decoded, and refused if either form could leave the origin.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || !isLocalPath(value)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return '/';
  }
  return isLocalPath(decoded) ? value : '/';
}
