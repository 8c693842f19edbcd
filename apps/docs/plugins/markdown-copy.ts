import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * A Markdown version of a docs page, for people and tools that read text (LLMs, `curl | less`): the page's MDX
 * without front matter, imports and components. Code samples (`<Sample file>`) are inlined as the build inlines
 * them, an API page's schemas become lists of fields, and other components keep their text.
 */

type Schema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  nullable?: boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
};

export type PageSource = {
  title: string;
  description: string;
  /** The MDX source, front matter included or not. */
  source: string;
  /** Folder of the source file, to resolve `import data from '../_data/x.json'`. */
  sourceDir: string;
  /** The folder `<Sample file>` paths are relative to. */
  examplesDir: string;
};

function typeOf(schema: Schema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `array of ${typeOf(schema.items)}`;
  return schema.nullable ? `${type} | null` : type;
}

/** The fields of a schema as a nested Markdown list, at most `depth` levels deep. */
export function schemaList(schema: Schema, indent = '', depth = 3): string[] {
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  if (!target.properties)
    return [`${indent}- ${typeOf(schema)}${schema.description ? `: ${schema.description}` : ''}`];
  return Object.entries(target.properties).flatMap(([name, field]) => {
    const required = target.required?.includes(name) ? ', required' : '';
    const line = `${indent}- \`${name}\` (${typeOf(field)}${required})${field.description ? `: ${field.description}` : ''}`;
    const inner = field.type === 'array' ? field.items : field;
    const nested = depth > 1 && inner?.properties ? schemaList(field, `${indent}  `, depth - 1) : [];
    return [line, ...nested];
  });
}

function fence(language: string, code: string, title?: string): string {
  const ticks = code.includes('```') ? '````' : '```';
  return `${ticks}${language}${title ? ` title="${title}"` : ''}\n${code.replace(/\n$/, '')}\n${ticks}`;
}

const LANGUAGES: Record<string, string> = {
  '.mjs': 'js',
  '.js': 'js',
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.sh': 'bash',
};

const attribute = (tag: string, name: string): string | undefined => {
  const match = new RegExp(`${name}=(?:"([^"]*)"|\\{"([^"]*)"\\}|\\{([^}]*)\\})`).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
};

/** Converts one page to Markdown. */
export function toMarkdown(page: PageSource): string {
  const body = page.source.replace(/^---\n[\s\S]*?\n---\n/, '');
  let data: Schema[] = [];
  const dataImport = /^import data from '([^']+\.json)';$/m.exec(body);
  if (dataImport?.[1])
    data = JSON.parse(readFileSync(path.resolve(page.sourceDir, dataImport[1]), 'utf8')) as Schema[];

  const out: string[] = [`# ${page.title}`, '', `> ${page.description}`, ''];
  let inCode = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inCode = !inCode;
    if (inCode || /^\s*(```|~~~)/.test(line)) {
      out.push(line);
      continue;
    }
    const trimmed = line.trim();
    if (/^import\s.+from\s+['"].+['"];?$/.test(trimmed) || /^export\s/.test(trimmed)) continue;
    const sample = /^<Sample\s[^>]*\/>$/.exec(trimmed);
    if (sample) {
      const file = attribute(trimmed, 'file') ?? '';
      const code = readFileSync(path.join(page.examplesDir, file), 'utf8');
      out.push(
        fence(
          LANGUAGES[path.extname(file)] ?? 'text',
          code,
          attribute(trimmed, 'title') ?? `examples/${file}`,
        ),
      );
      continue;
    }
    if (/^<ApiEndpoint\s/.test(trimmed)) {
      out.push(
        `\`${(attribute(trimmed, 'method') ?? '').toUpperCase()} ${attribute(trimmed, 'path') ?? ''}\``,
      );
      continue;
    }
    const schemaView = /^<SchemaView\s+schema=\{data\[(\d+)\]\}\s*\/>$/.exec(trimmed);
    if (schemaView) {
      const schema = data[Number(schemaView[1])];
      if (schema) out.push(...schemaList(schema));
      continue;
    }
    const tab = /^<TabItem\b[^>]*>$/.exec(trimmed);
    if (tab) {
      const label = attribute(trimmed, 'label') ?? attribute(trimmed, 'value');
      if (label) out.push(`**${label}**`, '');
      continue;
    }
    // Any other component: a self-closing one goes, an opening or closing tag goes and its children stay.
    if (/^<\/?[A-Z][\w.]*(\s[^>]*)?\/?>$/.test(trimmed)) continue;
    out.push(line);
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/**
 * Where the Markdown copy of a route goes in the build folder: `/a/b` → `a/b.md`, `/` → `index.md`. The build folder
 * is served at the site's base URL, so a permalink under a folder (`/docs/a/b` with base URL `/docs/`) loses it.
 */
export function markdownPath(permalink: string, baseUrl = '/'): string {
  const inSite = permalink.startsWith(baseUrl) ? permalink.slice(baseUrl.length) : permalink;
  const clean = inSite.replace(/^\/+/, '').replace(/\/+$/, '');
  return `${clean || 'index'}.md`;
}
