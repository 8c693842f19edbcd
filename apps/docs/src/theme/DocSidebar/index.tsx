import { useDocsSidebar } from '@docusaurus/plugin-content-docs/client';
import DocSidebar from '@theme-original/DocSidebar';
import type DocSidebarType from '@theme/DocSidebar';
import type { ComponentProps, ReactNode } from 'react';

/** The theme's sidebar, marked with the sidebar's name so tests and styles can tell the two sidebars apart. */
export default function DocSidebarWrapper(props: ComponentProps<typeof DocSidebarType>): ReactNode {
  const sidebar = useDocsSidebar();
  return (
    <div data-sidebar={sidebar?.name} style={{ display: 'contents' }}>
      <DocSidebar {...props} />
    </div>
  );
}
