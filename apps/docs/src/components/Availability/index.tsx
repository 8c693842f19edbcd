import type { ReactNode } from 'react';
import styles from './styles.module.css';

export type AvailabilityInfo = { unleashVersion?: string; since?: string; note: string };

/**
 * The `availability` front matter of a page: which Unleash API version introduced the feature, which Switchyard
 * version first has it, and what that means for Switchyard. Placed by the swizzled DocItem/Content, so pages never
 * import it; the front matter is validated at build time (plugins/front-matter.ts).
 */
export default function Availability({ unleashVersion, since, note }: AvailabilityInfo): ReactNode {
  return (
    <aside className={styles.availability} aria-label="Availability">
      {since && <span className={styles.badge}>New in Switchyard {since}</span>}
      {unleashVersion && <span className={styles.badge}>Since Unleash {unleashVersion}</span>}
      <span>{note}</span>
    </aside>
  );
}
