import { replayEarlyInput } from './early-input';

/**
 * Marks the page once React has hydrated it (`<html data-hydrated>`), so code and tests that need the app (a Try it
 * panel, search) can tell a static page from a live one, and replays what was pressed before (early-input.ts). Pages
 * hydrate on first use (plugins/ssr-template.ts).
 */
export function onRouteDidUpdate(): void {
  replayEarlyInput();
  document.documentElement.dataset.hydrated = 'true';
}
