import Admonition from '@theme/Admonition';
import type { ReactNode } from 'react';
import ApiMethod from './ApiMethod';
import styles from './api.module.css';

type Props = {
  method: string;
  path: string;
  operationId: string;
  deprecated: boolean;
  authenticated: boolean;
};

/** The method and path an operation page is about, with its operation id and how it authenticates. */
export default function ApiEndpoint({
  method,
  path,
  operationId,
  deprecated,
  authenticated,
}: Props): ReactNode {
  return (
    <div className={styles.endpoint}>
      <div className={styles.endpointLine}>
        <ApiMethod method={method} />
        <code className={styles.path}>{path}</code>
      </div>
      <div className={styles.endpointMeta}>
        Operation id <code>{operationId}</code> ·{' '}
        {authenticated ? (
          <>
            needs an API token in the <code>Authorization</code> header
          </>
        ) : (
          'no authentication'
        )}
      </div>
      {deprecated && (
        <Admonition type="warning" title="Deprecated">
          This operation still works but will be removed in a later release. The area page lists the
          replacement.
        </Admonition>
      )}
    </div>
  );
}
