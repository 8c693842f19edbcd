import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Attribute = { type: string; name?: string; value?: unknown };
type Node = {
  type: string;
  name?: string | null;
  attributes?: Attribute[];
  children?: Node[];
  lang?: string;
  meta?: string;
  value?: string;
};

const LANGUAGES: Record<string, string> = {
  '.mjs': 'js',
  '.js': 'js',
  '.cjs': 'js',
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.jsx': 'jsx',
  '.sh': 'bash',
  '.json': 'json',
};

function isSample(node: Node): boolean {
  return (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Sample';
}

function visit(node: Node, fn: (node: Node) => Node): void {
  if (!node.children) return;
  node.children = node.children.map((child) => {
    const replaced = fn(child);
    visit(replaced, fn);
    return replaced;
  });
}

/**
 * Inlines example files into `<Sample file="..." />` at build time, so the page shows exactly the file the example
 * test runs, and a page that names a missing file fails the build. A block-level <Sample> becomes an ordinary code
 * block (highlighted at build time like any other, titled with the file's path); one inside a paragraph keeps the
 * component, with the code as a prop.
 */
export default function remarkSample({ examplesDir }: { examplesDir: string }) {
  return (tree: Node, file: { path?: string }) => {
    visit(tree, (node) => {
      if (!isSample(node)) return node;
      const attributes = node.attributes ?? [];
      const fileAttribute = attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'file');
      if (typeof fileAttribute?.value !== 'string')
        throw new Error(`<Sample> needs a literal file="..." attribute (in ${file.path ?? 'a page'})`);
      const relative = fileAttribute.value;
      const absolute = path.resolve(examplesDir, relative);
      if (!absolute.startsWith(path.resolve(examplesDir) + path.sep) || !existsSync(absolute))
        throw new Error(
          `<Sample file="${relative}"> in ${file.path ?? 'a page'}: no such file under examples/`,
        );
      const code = readFileSync(absolute, 'utf8');
      const stated = (name: string) => {
        const value = attributes.find((a) => a.name === name)?.value;
        return typeof value === 'string' ? value : undefined;
      };
      const language = stated('language') ?? LANGUAGES[path.extname(relative)] ?? 'text';
      if (node.type === 'mdxJsxFlowElement') {
        const title = (stated('title') ?? `examples/${relative}`).replace(/"/g, "'");
        return { type: 'code', lang: language, meta: `title="${title}"`, value: code.replace(/\n$/, '') };
      }
      attributes.push({ type: 'mdxJsxAttribute', name: 'code', value: code });
      if (!stated('language'))
        attributes.push({ type: 'mdxJsxAttribute', name: 'language', value: language });
      node.attributes = attributes;
      return node;
    });
  };
}
