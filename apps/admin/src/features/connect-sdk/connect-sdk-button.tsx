import { Button } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConnectSdkModal } from './connect-sdk-modal.tsx';
import { useProjectApplicationCount } from './use-sdk-connection.ts';
import type { KnownToken } from './connect-sdk-panel.tsx';

/** What a screen is told by the one that led to it: open the panel at once (after creating a project or flag). */
export type ConnectState = { connect?: boolean };

/**
 * "Connect your app" in a screen's header. It opens by itself when the screen was reached with `{ connect: true }`
 * as navigation state, as after Create, while no application has reported using the project's flags yet (a team
 * whose apps are connected is not asked again); closing clears that state so going back does not reopen it.
 */
export function ConnectSdkButton({
  projectId,
  flagName,
  initialToken,
  variant = 'default',
}: {
  projectId: string;
  flagName?: string;
  initialToken?: KnownToken;
  variant?: 'default' | 'filled';
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const asked = Boolean((location.state as ConnectState | null)?.connect);
  const applications = useProjectApplicationCount(projectId, asked);
  const offered = asked && applications.data === 0;
  const [opened, setOpened] = useState(false);
  const close = () => {
    setOpened(false);
    if (asked) void navigate(location, { replace: true, state: null });
  };
  return (
    <>
      <Button variant={variant} onClick={() => setOpened(true)}>
        Connect your app
      </Button>
      {(opened || offered) && (
        <ConnectSdkModal
          projectId={projectId}
          flagName={flagName}
          initialToken={initialToken}
          onClose={close}
        />
      )}
    </>
  );
}
