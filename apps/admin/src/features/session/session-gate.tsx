import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Me } from '../../api/wire.ts';
import { ErrorState } from '../../ui/query-state.tsx';
import { LoginPage } from './login-page.tsx';
import { useSession } from './use-session.ts';

/** Shows the sign-in page until GET /api/admin/user says who is signed in. */
export function SessionGate({ children }: { children: (me: Me) => ReactNode }) {
  const session = useSession();
  if (session.isPending)
    return (
      <Center mih="100vh" role="status" aria-label="Checking your session">
        <Loader />
      </Center>
    );
  if (session.error)
    return (
      <Center mih="100vh" p="md">
        <ErrorState label="your session" error={session.error} retry={() => session.refetch()} />
      </Center>
    );
  if (!session.data) return <LoginPage />;
  return <>{children(session.data)}</>;
}
