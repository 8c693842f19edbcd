import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './contrast.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadRoute } from './route-preload.ts';

preloadRoute(window.location.pathname, window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
