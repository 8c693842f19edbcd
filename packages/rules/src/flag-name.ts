/**
 * Flag names follow Unleash's rule — the name must survive `encodeURIComponent` unchanged, so it can sit in a
 * URL path — widened to any non-ASCII letter, mark, number or symbol, because SDK users name flags
 * "ünícödé" or "😊_φriend_你好" and the client specification expects those to round-trip.
 */

export const MAX_FLAG_NAME_LENGTH = 100;

/** The ASCII characters `encodeURIComponent` leaves alone. */
const ASCII_ALLOWED = /^[A-Za-z0-9\-_.!~*'()]$/;
/** Non-ASCII: letters, combining marks, numbers, symbols (emoji), and the joiners emoji sequences need. */
const UNICODE_ALLOWED = /^[\p{L}\p{M}\p{N}\p{S}\u200C\u200D]$/u;

/** Why a name is not allowed, or undefined when it is fine. */
export function flagNameProblem(name: string): string | undefined {
  if (name.length === 0) return '"name" must not be empty';
  const characters = [...name];
  if (characters.length > MAX_FLAG_NAME_LENGTH) {
    return `"name" must be at most ${MAX_FLAG_NAME_LENGTH} characters long; it has ${characters.length}`;
  }
  if (name === '.' || name === '..') return `"name" must not be "${name}", which URLs treat as a path step`;
  for (const [index, character] of characters.entries()) {
    const allowed =
      character.codePointAt(0)! < 0x80 ? ASCII_ALLOWED.test(character) : UNICODE_ALLOWED.test(character);
    if (!allowed) {
      const shown = /\s/.test(character) ? 'a space' : `"${character}"`;
      return `"name" must be URL-friendly: letters, digits and - _ . ! ~ * ' ( ) only; found ${shown} at position ${index + 1}`;
    }
  }
  return undefined;
}
