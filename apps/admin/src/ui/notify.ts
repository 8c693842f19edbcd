import { notifications } from '@mantine/notifications';

const CLOSE = { 'aria-label': 'Dismiss notification' };

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: 3000, closeButtonProps: CLOSE });
}

export function notifyError(error: unknown, what: string): void {
  const message = error instanceof Error ? error.message : String(error);
  notifications.show({
    color: 'red',
    title: `Could not ${what}`,
    message,
    autoClose: 6000,
    closeButtonProps: CLOSE,
  });
}
