import clsx from 'clsx';
import type { ReactNode } from 'react';

/** A coloured HTTP method badge; the colours live in custom.css so the sidebar badges match. */
export default function ApiMethod({ method }: { method: string }): ReactNode {
  return <span className={clsx('api-badge', method.toLowerCase())}>{method.toUpperCase()}</span>;
}
