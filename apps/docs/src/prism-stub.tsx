import type { ReactNode } from 'react';

/**
 * Stands in for prism-react-renderer in the browser bundle. Docusaurus imports it from a client module on every page
 * even when nothing highlights there; our code blocks are highlighted at build time, so this keeps Prism (about
 * 26 kB gzip) out of the bundle. Anything that still renders <Highlight> gets plain, unhighlighted code.
 */
export const Prism = { languages: {} as Record<string, unknown> };
export const themes = {};

type HighlightProps = { code: string; children: (args: unknown) => ReactNode };

export function Highlight({ code, children }: HighlightProps): ReactNode {
  const lines = code.split('\n').map((line) => [{ types: ['plain'], content: line }]);
  return children({
    className: 'prism-code',
    style: {},
    tokens: lines,
    getLineProps: ({ className }: { className?: string }) => ({ className }),
    getTokenProps: ({ token }: { token: { content: string } }) => ({ children: token.content }),
  });
}
