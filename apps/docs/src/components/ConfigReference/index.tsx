import Heading from '@theme/Heading';
import type { ReactNode } from 'react';
import { CONFIG_VARIABLES } from '../../../../server/src/config-variables';

/** Turns `backticked` words of the server's descriptions into code elements. */
function withCode(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : part,
    );
}

/**
 * Every environment variable the server reads, straight from apps/server/src/config-variables.ts, so this reference
 * cannot drift from the code. Each variable gets a heading, so `#port` style links work.
 */
export default function ConfigReference(): ReactNode {
  return (
    <>
      {CONFIG_VARIABLES.map((variable) => (
        <section key={variable.name}>
          <Heading as="h3" id={variable.name.toLowerCase().replace(/_/g, '-')}>
            <code>{variable.name}</code>
          </Heading>
          <p>{withCode(variable.description)}</p>
          <ul>
            <li>Default: {variable.default !== undefined ? <code>{variable.default}</code> : 'not set'}</li>
            {variable.example !== undefined && (
              <li>
                Example: <code>{`${variable.name}=${variable.example}`}</code>
              </li>
            )}
          </ul>
        </section>
      ))}
    </>
  );
}

export { CONFIG_VARIABLES };
