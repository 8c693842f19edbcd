import { buildAdminUiUnlessCurrent } from '../scripts/build-inputs.mjs';

/** Builds the admin UI for the browser tests unless dist/ is current, as `npm run server` does. */
export default function setup(): void {
  if (!buildAdminUiUnlessCurrent()) throw new Error('the admin UI did not build');
}
