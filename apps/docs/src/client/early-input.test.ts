// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { EARLY_CONTROLS, earlyInputRecorder } from '../../plugins/ssr-template';
import { replayEarlyInput, resolvePressed } from './early-input';

type TestWindow = Window & { __early?: Array<{ el: Element; path: number[] | null }>; __live?: boolean };

function page(html: string): TestWindow {
  document.body.innerHTML = `<div id="__docusaurus">${html}</div>`;
  const win = window as TestWindow;
  delete win.__early;
  delete win.__live;
  return win;
}

describe('input before hydration', () => {
  it('records presses on the controls the app drives, with their position, and not on links', () => {
    const win = page(
      '<nav><a href="/x">x</a><a href="#" role="button" id="cat">Category</a></nav><button id="b">b</button>',
    );
    new Function(earlyInputRecorder())();
    document.querySelector('a[href="/x"]')!.addEventListener('click', (e) => e.preventDefault());
    (document.querySelector('a[href="/x"]') as HTMLElement).click();
    const toggle = document.getElementById('cat')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    toggle.dispatchEvent(event);
    document.getElementById('b')!.click();
    expect(win.__early!.map((e) => [e.el.id, e.path])).toEqual([
      ['cat', [0, 1]],
      ['b', [1]],
    ]);
    // A `href="#"` toggle does not jump to the top of the page while it waits.
    expect(event.defaultPrevented).toBe(true);
    expect(EARLY_CONTROLS).toContain('button');
  });

  it('presses again once live: the same node if React kept it, else the node now at its position', () => {
    const win = page('<button id="kept">a</button><button id="old">b</button>');
    const pressed: string[] = [];
    const kept = document.getElementById('kept')!;
    const old = document.getElementById('old')!;
    win.__early = [
      { el: kept, path: [0] },
      { el: old, path: [1] },
    ];
    const fresh = document.createElement('button');
    fresh.id = 'fresh';
    old.replaceWith(fresh);
    for (const button of [kept, fresh]) button.addEventListener('click', () => pressed.push(button.id));
    expect(resolvePressed({ el: old, path: [1] }, document.getElementById('__docusaurus'))).toBe(fresh);
    replayEarlyInput(win);
    expect(pressed).toEqual(['kept', 'fresh']);
    expect(win.__live).toBe(true);
    // Once live, presses are the app's own: nothing is recorded or replayed again.
    replayEarlyInput(win);
    expect(pressed).toEqual(['kept', 'fresh']);
  });

  it('waits for a control the app enables an effect after hydration', async () => {
    const win = page('<button id="toggle" disabled>theme</button>');
    const toggle = document.getElementById('toggle') as HTMLButtonElement;
    let pressed = 0;
    toggle.addEventListener('click', () => (pressed += 1));
    win.__early = [{ el: toggle, path: [0] }];
    replayEarlyInput(win);
    expect(pressed).toBe(0);
    toggle.disabled = false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pressed).toBe(1);
  });
});
