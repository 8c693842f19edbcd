import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

// The local search bar (autocomplete, worker client, highlighting: about 15 kB gzip) loads on first use, not with
// every page.
const LocalSearchBar = lazy(() => import('@theme-original/SearchBar'));

type PlaceholderProps = {
  value: string;
  onActivate: () => void;
  onType: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
};

function Placeholder({ value, onActivate, onType, inputRef }: PlaceholderProps): ReactNode {
  return (
    <div className="navbar__search">
      <input
        ref={inputRef}
        type="search"
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        value={value}
        onFocus={onActivate}
        onPointerEnter={onActivate}
        onChange={(event) => onType(event.target.value)}
      />
    </div>
  );
}

/** Hands focus and anything typed so far to the real search box once it has replaced the placeholder. */
function TakeOver({ typed, children }: { typed: string; children: ReactNode }): ReactNode {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const input = wrapper.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    if (!input) return;
    const wasUsing =
      document.activeElement === document.body || document.activeElement === null || typed !== '';
    if (!wasUsing) return;
    input.focus();
    if (typed) {
      // Set the value the way typing would, so the search bar's own change handler sees it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // Only once, when the real search bar first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={wrapper} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

export default function SearchBar(): ReactNode {
  const [active, setActive] = useState(false);
  const [typed, setTyped] = useState('');
  const activate = () => setActive(true);
  const type = (value: string) => {
    setTyped(value);
    setActive(true);
  };
  const placeholderInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Pages hydrate on first use (decision record 0018): a reader who focused the box or typed before the app
    // arrived keeps what they started.
    const input = placeholderInput.current;
    if (input && (input.value !== '' || document.activeElement === input)) type(input.value);
    // Only at hydration.
  }, []);
  useEffect(() => {
    if (active) return undefined;
    // Keep the search shortcut (Ctrl/Cmd+K) working before the search bar has loaded.
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setActive(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
  const placeholder = (
    <Placeholder value={typed} onActivate={activate} onType={type} inputRef={placeholderInput} />
  );
  if (!active) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <TakeOver typed={typed}>
        <LocalSearchBar />
      </TakeOver>
    </Suspense>
  );
}
