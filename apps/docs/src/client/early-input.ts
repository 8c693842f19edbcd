/**
 * Presses again, once the app is live, the controls a reader pressed before it hydrated (decision record 0052): the
 * page's inline recorder (plugins/ssr-template.ts) kept them in `window.__early`. A control is pressed once it is
 * enabled (the theme enables its colour switch an effect after hydration), or dropped after two seconds.
 */

type Early = { el: Element; path: number[] | null };
type EarlyWindow = Window & { __early?: Early[]; __live?: boolean };

/** The element a recorded press meant: the same node if React adopted it, else the one now at its position. */
export function resolvePressed(entry: Early, root: Element | null): Element | null {
  if (entry.el.isConnected) return entry.el;
  if (!root || !entry.path) return null;
  let node: Element | undefined = root;
  for (const index of entry.path) node = node?.children[index];
  return node ?? null;
}

function press(target: Element, deadline: number): void {
  const control = target as HTMLButtonElement;
  if (control.disabled) {
    if (Date.now() < deadline) requestAnimationFrame(() => press(target, deadline));
    return;
  }
  control.click();
}

/** Marks the page live and replays what was pressed before; runs at the first route update, right after hydration. */
export function replayEarlyInput(win: EarlyWindow = window): void {
  if (win.__live) return;
  win.__live = true;
  const pressed = win.__early ?? [];
  win.__early = [];
  const root = win.document.getElementById('__docusaurus');
  const deadline = Date.now() + 2000;
  for (const entry of pressed) {
    const target = resolvePressed(entry, root);
    if (target) press(target, deadline);
  }
}
