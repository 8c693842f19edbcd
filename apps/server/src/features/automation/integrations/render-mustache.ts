/**
 * The part of Mustache that webhook body templates use: `{{name}}` (HTML-escaped, as Mustache does), `{{{name}}}` and
 * `{{& name}}` (as is), dotted names such as `{{event.featureName}}`, comments `{{! … }}`, and sections
 * `{{#name}}…{{/name}}` / `{{^name}}…{{/name}}` (a list repeats, a value shows, a missing or empty one hides).
 * No partials, no changed delimiters, no lambdas: a template never runs code.
 */
type Context = unknown[];

/** The most a rendered body may hold, and the most sections it may render: a template cannot stall the server. */
export const RENDER_LIMITS = { bytes: 1024 * 1024, sections: 100_000 };
type Budget = { chars: number; sections: number };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '/': '&#x2F;',
  '`': '&#x60;',
  '=': '&#x3D;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"'`=/]/g, (c) => ESCAPES[c]!);

function lookup(stack: Context, name: string): unknown {
  if (name === '.') return stack[stack.length - 1];
  const [first, ...rest] = name.split('.');
  for (let i = stack.length - 1; i >= 0; i--) {
    const scope = stack[i];
    if (scope !== null && typeof scope === 'object' && Object.hasOwn(scope, first!)) {
      let value: unknown = (scope as Record<string, unknown>)[first!];
      for (const part of rest) {
        value =
          value !== null && typeof value === 'object' && Object.hasOwn(value, part)
            ? (value as Record<string, unknown>)[part]
            : undefined;
      }
      return value;
    }
  }
  return undefined;
}

const text = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const TAG = /\{\{(\{?)\s*([#^/!&]?)\s*([^}]*?)\s*\}?\}\}/g;

function renderPart(template: string, stack: Context, budget: Budget): string {
  let out = '';
  let index = 0;
  TAG.lastIndex = 0;
  for (;;) {
    TAG.lastIndex = index;
    const match = TAG.exec(template);
    if (!match) break;
    out += spend(budget, template.slice(index, match.index));
    index = match.index + match[0].length;
    const [, triple, kind, name] = match as unknown as [string, string, string, string];
    if (kind === '!') continue;
    if (kind === '#' || kind === '^') {
      const end = closingTag(template, index, name);
      if (!end) throw new TemplateError(`the section "${name}" is never closed`);
      const inner = template.slice(index, end.start);
      index = end.after;
      const value = lookup(stack, name);
      const empty =
        value === undefined ||
        value === null ||
        value === false ||
        value === '' ||
        (Array.isArray(value) && value.length === 0);
      if (kind === '^') {
        if (empty) out += renderPart(inner, stack, spendSection(budget));
      } else if (Array.isArray(value)) {
        for (const item of value) out += renderPart(inner, [...stack, item], spendSection(budget));
      } else if (!empty) {
        out += renderPart(inner, typeof value === 'object' ? [...stack, value] : stack, spendSection(budget));
      }
      continue;
    }
    if (kind === '/') throw new TemplateError(`"{{/${name}}}" closes no section`);
    const value = text(lookup(stack, name));
    out += spend(budget, triple === '{' || kind === '&' ? value : escapeHtml(value));
  }
  return out + spend(budget, template.slice(index));
}

/** Counts one more section rendered; past the limit, the template is refused. */
function spendSection(budget: Budget): Budget {
  if (++budget.sections > RENDER_LIMITS.sections)
    throw new TemplateError(`it renders more than ${RENDER_LIMITS.sections} sections`);
  return budget;
}

/** Counts rendered text (UTF-16 units, at most the bytes it takes); past the limit, the template is refused. */
function spend(budget: Budget, rendered: string): string {
  budget.chars += rendered.length;
  if (budget.chars > RENDER_LIMITS.bytes)
    throw new TemplateError(`the body it renders is larger than ${RENDER_LIMITS.bytes / 1024 / 1024} MiB`);
  return rendered;
}

function closingTag(
  template: string,
  from: number,
  name: string,
): { start: number; after: number } | undefined {
  const tags = new RegExp(TAG.source, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(template); m; m = tags.exec(template)) {
    if ((m[2] === '#' || m[2] === '^') && m[3] === name) depth++;
    if (m[2] === '/' && m[3] === name && --depth === 0)
      return { start: m.index, after: m.index + m[0].length };
  }
  return undefined;
}

/** A template that cannot be rendered; the message says why. */
export class TemplateError extends Error {}

/** Renders the template, refusing (TemplateError) one whose body would pass RENDER_LIMITS. */
export function renderMustache(template: string, view: Record<string, unknown>): string {
  return renderPart(template, [view], { chars: 0, sections: 0 });
}
