import type { ReactNode } from 'react';

/** Text from the OpenAPI document with its `backticked` words shown as code. */
export default function InlineText({ text }: { text: string }): ReactNode {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, i) =>
          part.length > 2 && part.startsWith('`') && part.endsWith('`') ? (
            <code key={i}>{part.slice(1, -1)}</code>
          ) : (
            part
          ),
        )}
    </>
  );
}
