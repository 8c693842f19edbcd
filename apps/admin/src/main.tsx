import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { reportUiErrors } from './features/shell/report-ui-errors.ts';
import { preloadRoute } from './route-preload.ts';
import { appPath } from './api/base-path.ts';

preloadRoute(appPath(window.location.pathname), window.location.search);
reportUiErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
