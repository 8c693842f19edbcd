import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

// The local search bar (autocomplete, worker client, highlighting: about 15 kB gzip) loads on first use, not with
// every page.
const LocalSearchBar = lazy(() => import('@theme-original/SearchBar'));

type PlaceholderProps = {
  onActivate: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
};

/**
 * The search box of the static page. It is uncontrolled, so React adopts the input as it is at hydration, with what
 * the reader typed before and the caret where they left it (decision record 0052), and nothing React renders can
 * reset it. It stays the same element until the real search bar has taken over from it.
 */
function Placeholder({ onActivate, inputRef }: PlaceholderProps): ReactNode {
  return (
    <div className="navbar__search">
      <input
        ref={inputRef}
        type="search"
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        onFocus={onActivate}
        onPointerEnter={onActivate}
        onInput={onActivate}
      />
    </div>
  );
}

/**
 * Hands focus, the text and the caret of the placeholder to the real search box in the same commit that shows it,
 * so no keystroke falls between the two boxes: nothing else runs between a layout effect and the next event.
 */
function TakeOver({
  from,
  onDone,
  children,
}: {
  from: RefObject<HTMLInputElement | null>;
  onDone: () => void;
  children: ReactNode;
}): ReactNode {
  const wrapper = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const input = wrapper.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    const old = from.current;
    if (input && old) {
      const typed = old.value;
      const focused = document.activeElement === old;
      const { selectionStart, selectionEnd, selectionDirection } = old;
      if (typed) {
        // Set the value the way typing would, so the search bar's own change handler sees it.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
      if (focused || typed) {
        input.focus();
        const restore = () =>
          input.setSelectionRange(
            selectionStart ?? typed.length,
            selectionEnd ?? typed.length,
            selectionDirection ?? 'none',
          );
        restore();
        // The input event above re-renders the controlled box, which puts the caret at the end of the value; set
        // it again once that commit is done, still before the next keystroke is handled.
        if (typed) queueMicrotask(restore);
      }
    }
    onDone();
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
  const [takenOver, setTakenOver] = useState(false);
  const placeholderInput = useRef<HTMLInputElement>(null);
  const activate = () => setActive(true);
  useEffect(() => {
    // Pages hydrate on first use (decision record 0018): a reader who focused the box or typed before the app
    // arrived keeps what they started.
    const input = placeholderInput.current;
    if (input && (input.value !== '' || document.activeElement === input)) setActive(true);
    // Only at hydration.
  }, []);
  useEffect(() => {
    if (active) return undefined;
    // Keep the search shortcut (Ctrl/Cmd+K) working before the search bar has loaded.
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        placeholderInput.current?.focus();
        setActive(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
  return (
    <>
      {!takenOver && <Placeholder onActivate={activate} inputRef={placeholderInput} />}
      {active && (
        // No fallback: the placeholder stays on screen, and in use, until the real search bar replaces it.
        <Suspense fallback={null}>
          <TakeOver from={placeholderInput} onDone={() => setTakenOver(true)}>
            <LocalSearchBar />
          </TakeOver>
        </Suspense>
      )}
    </>
  );
}
