import type { ReactNode } from 'react';
import { childrenOf, ruleLabels, typeLabel, type ViewSchema } from './schema-summary';
import InlineText from './InlineText';
import styles from './api.module.css';

function Property({
  name,
  schema,
  required,
}: {
  name: string;
  schema: ViewSchema;
  required: boolean;
}): ReactNode {
  const nested = childrenOf(schema);
  const variants = schema.oneOf ?? schema.anyOf;
  const head = (
    <>
      <code className={styles.propName}>{name}</code>{' '}
      <span className={styles.propType}>{typeLabel(schema)}</span>
      {required && <span className={styles.required}>required</span>}
      {schema.deprecated && <span className={styles.deprecatedTag}>deprecated</span>}
    </>
  );
  const details = (
    <>
      {schema.description && (
        <div className={styles.propDescription}>
          <InlineText text={schema.description} />
        </div>
      )}
      {ruleLabels(schema).length > 0 && <div className={styles.rules}>{ruleLabels(schema).join(' · ')}</div>}
    </>
  );
  if (!nested && !variants)
    return (
      <li className={styles.property}>
        {head}
        {details}
      </li>
    );
  return (
    <li className={styles.property}>
      <details>
        <summary>{head}</summary>
        {details}
        {nested && <Properties schema={nested} />}
        {variants?.map((variant, i) => (
          <div key={i} className={styles.variant}>
            <div className={styles.rules}>
              Shape {i + 1}: {typeLabel(variant)}
            </div>
            {childrenOf(variant) && <Properties schema={childrenOf(variant)!} />}
          </div>
        ))}
      </details>
    </li>
  );
}

function Properties({ schema }: { schema: ViewSchema }): ReactNode {
  const required = new Set(schema.required ?? []);
  return (
    <ul className={styles.properties}>
      {Object.entries(schema.properties ?? {}).map(([name, prop]) => (
        <Property key={name} name={name} schema={prop} required={required.has(name)} />
      ))}
    </ul>
  );
}

/** A collapsible tree of a request or response schema: property names, types, rules and descriptions. */
export default function SchemaView({ schema }: { schema: ViewSchema }): ReactNode {
  const nested = childrenOf(schema);
  return (
    <div className={styles.schema}>
      <div className={styles.schemaHead}>
        <span className={styles.propType}>{typeLabel(schema)}</span>
        {schema.description && (
          <span className={styles.propDescription}>
            {' '}
            <InlineText text={schema.description} />
          </span>
        )}
      </div>
      {nested ? <Properties schema={nested} /> : null}
      {(schema.oneOf ?? schema.anyOf)?.map((variant, i) => (
        <div key={i} className={styles.variant}>
          <div className={styles.rules}>
            Shape {i + 1}: {typeLabel(variant)}
          </div>
          {childrenOf(variant) && <Properties schema={childrenOf(variant)!} />}
        </div>
      ))}
    </div>
  );
}
