import type { ReactNode } from 'react';
import { ruleLabels, typeLabel, type ViewSchema } from './schema-summary';
import InlineText from './InlineText';
import styles from './api.module.css';

type Parameter = {
  name: string;
  in: string;
  required: boolean;
  description: string;
  deprecated: boolean;
  schema: ViewSchema;
};

/** Path, query, header and cookie parameters of an operation. */
export default function ParameterTable({ parameters }: { parameters: Parameter[] }): ReactNode {
  return (
    <table className={styles.parameters}>
      <thead>
        <tr>
          <th>Name</th>
          <th>In</th>
          <th>Type</th>
          <th>Description</th>
        </tr>
      </thead>
      <tbody>
        {parameters.map((p) => (
          <tr key={`${p.in}:${p.name}`}>
            <td>
              <code className={p.deprecated ? styles.struck : undefined}>{p.name}</code>
              {p.required && <span className={styles.required}>required</span>}
            </td>
            <td>{p.in}</td>
            <td>
              <span className={styles.propType}>{typeLabel(p.schema)}</span>
            </td>
            <td>
              <InlineText text={p.description} />
              {ruleLabels(p.schema).length > 0 && (
                <div className={styles.rules}>{ruleLabels(p.schema).join(' · ')}</div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
