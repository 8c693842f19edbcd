import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { AppLayout } from './features/shell/app-layout.tsx';
import { SessionGate } from './features/session/session-gate.tsx';
import { SignUpPage } from './features/invite-links/sign-up-page.tsx';
import { ForgotPasswordPage } from './features/password-reset/forgot-password-page.tsx';
import {
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  WELCOME_PATH,
} from './features/password-reset/password-reset-paths.ts';
import { ResetPasswordPage } from './features/password-reset/reset-password-page.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './routes.tsx';
import { basePath } from './api/base-path.ts';

// Darker shades than Mantine's defaults so text on filled buttons and dimmed text meet WCAG AA contrast.
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Filled badges and buttons pick black or white text, whichever reads better on their colour.
  autoContrast: true,
  luminanceThreshold: 0.2,
  components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } },
});
const contrast: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7]!, '--mantine-color-placeholder': t.colors.gray[7]! },
  dark: { '--mantine-color-dimmed': t.colors.dark[1]!, '--mantine-color-placeholder': t.colors.dark[1]! },
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={contrast} defaultColorScheme="auto">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={basePath || '/'}>
          <InviteOrSession />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * An invite link leads to the sign-up page, and the password-reset pages and links open, signed in or not;
 * everything else needs a session.
 */
function InviteOrSession() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const invite = location.pathname === WELCOME_PATH ? query.get('invite') : null;
  if (invite)
    return <SignUpPage secret={invite} onDone={() => void navigate('/projects', { replace: true })} />;
  if (location.pathname === FORGOT_PASSWORD_PATH) return <ForgotPasswordPage />;
  const token = query.get('token');
  if (token && (location.pathname === RESET_PASSWORD_PATH || location.pathname === WELCOME_PATH))
    return <ResetPasswordPage token={token} welcome={location.pathname === WELCOME_PATH} />;
  return (
    <SessionGate>
      {(me) => (
        <AppLayout me={me}>
          <AppRoutes />
        </AppLayout>
      )}
    </SessionGate>
  );
}
