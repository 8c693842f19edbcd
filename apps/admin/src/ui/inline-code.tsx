import { Code } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Help text as the server writes it, where `backticks` mark names to type as written: those parts are shown as code,
 * the rest as plain text, so no literal backtick reaches the screen.
 */
export function withInlineCode(text: string | undefined): ReactNode {
  if (!text?.includes('`')) return text;
  return text
    .split('`')
    .map((part, index) => (index % 2 === 1 && part ? <Code key={index}>{part}</Code> : part));
}
