import CodeBlock from '@theme/CodeBlock';
import type { ReactNode } from 'react';

type Props = {
  /** Path under apps/docs/examples/, e.g. `sdks/node-basic.mjs`. */
  file: string;
  /** Filled in at build time by plugins/remark-sample.ts from the file itself. */
  code?: string;
  language?: string;
  title?: string;
};

/** A runnable example shown as the exact file the example tests execute. */
export default function Sample({ file, code, language, title }: Props): ReactNode {
  if (code === undefined)
    throw new Error(
      `<Sample file="${file}"> has no code: it must be used in a docs page, where the build inlines it`,
    );
  return (
    <CodeBlock language={language} title={title ?? `examples/${file}`}>
      {code.trimEnd()}
    </CodeBlock>
  );
}
