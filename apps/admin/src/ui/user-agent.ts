/** Browsers in the order a user-agent string must be tested: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
  ['curl', /^curl\/(\d+)/],
];

/** Operating systems in the order they must be tested: Android says "Linux", iOS says "like Mac OS X". */
const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['ChromeOS', /CrOS/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

/**
 * A user-agent string as a person reads it: "Firefox 132 on Linux", "Safari 17 on iOS". A string naming no known
 * browser is shown by its first product ("Test Browser/1.0"); an empty one gives null.
 */
export function browserOf(userAgent: string | null | undefined): string | null {
  const text = userAgent?.trim();
  if (!text) return null;
  const browser = BROWSERS.find(([, pattern]) => pattern.test(text));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0];
  if (!browser) return text.split(/\s+\(/)[0] ?? text;
  const name = `${browser[0]} ${browser[1].exec(text)?.[1] ?? ''}`.trim();
  return system ? `${name} on ${system}` : name;
}
