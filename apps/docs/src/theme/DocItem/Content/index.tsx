import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { ThemeClassNames } from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import MDXContent from '@theme/MDXContent';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import Availability, { type AvailabilityInfo } from '@site/src/components/Availability';

/**
 * The doc body: a title when the Markdown has no `# heading` of its own, then the `availability` remark from front
 * matter, then the content. Our own version of the theme's DocItem/Content, which has no place for the remark.
 */
export default function DocItemContent({ children }: { children: ReactNode }): ReactNode {
  const { metadata, frontMatter, contentTitle } = useDoc();
  const showTitle = !frontMatter.hide_title && contentTitle === undefined;
  const availability = (frontMatter as { availability?: AvailabilityInfo }).availability;
  return (
    <div className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}>
      {showTitle && (
        <header>
          <Heading as="h1">{metadata.title}</Heading>
        </header>
      )}
      {availability && <Availability {...availability} />}
      <MDXContent>{children}</MDXContent>
    </div>
  );
}
