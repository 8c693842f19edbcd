import type { ReactNode } from 'react';
import styles from './styles.module.css';

export type AvailabilityInfo = { unleashVersion: string; note: string };

/**
 * The `availability` front matter of a page: which Unleash API version introduced the feature, and what that means
 * for Switchyard. Placed by the swizzled DocItem/Content, so pages never import it.
 */
export default function Availability({ unleashVersion, note }: AvailabilityInfo): ReactNode {
  return (
    <aside className={styles.availability} aria-label="Availability">
      <span className={styles.badge}>Since Unleash {unleashVersion}</span>
      <span>{note}</span>
    </aside>
  );
}
