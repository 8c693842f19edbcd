import clsx from 'clsx';
import { Children, isValidElement, useRef, useState, type ReactNode } from 'react';
import styles from './styles.module.css';

type Props = {
  children?: ReactNode;
  className?: string;
  /** The fenced block's info string after the language, e.g. `title="app.js"`. */
  metastring?: string;
  title?: ReactNode;
  language?: string;
};

function titleFrom(metastring: string | undefined): string | undefined {
  return /title=(["'])(.*?)\1/.exec(metastring ?? '')?.[2];
}

/** Text without a final newline, so blocks do not end with an empty line. */
function trimEnd(children: ReactNode): ReactNode {
  const items = Children.toArray(children);
  const last = items[items.length - 1];
  if (typeof last === 'string') items[items.length - 1] = last.replace(/\n$/, '');
  return items.length === 1 && !isValidElement(items[0]) ? items[0] : items;
}

/**
 * Code blocks, already highlighted at build time by plugins/rehype-highlight.ts (children arrive as coloured
 * spans), with an optional title and a copy button. Replaces the theme's CodeBlock so Prism never ships to the browser.
 */
export default function CodeBlock({ children, className, metastring, title, language }: Props): ReactNode {
  const code = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1];
  const heading = title ?? titleFrom(metastring);
  const copy = async () => {
    await navigator.clipboard.writeText(code.current?.textContent ?? '');
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div className={clsx('theme-code-block', styles.block, lang && `language-${lang}`)}>
      {heading && <div className={styles.title}>{heading}</div>}
      <div className={styles.body}>
        <pre className={clsx('prism-code', styles.pre)} tabIndex={0}>
          <code ref={code} className={clsx(lang && `language-${lang}`)}>
            {trimEnd(children)}
          </code>
        </pre>
        <button type="button" className={styles.copy} onClick={() => void copy()} aria-label="Copy code">
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
