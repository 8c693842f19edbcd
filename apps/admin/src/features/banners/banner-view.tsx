import { Alert, Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Banner, BannerVariant } from '../../api/wire.ts';

export type BannerLook = Pick<
  Banner,
  'message' | 'variant' | 'icon' | 'link' | 'linkText' | 'dialogTitle' | 'dialog'
>;

const COLORS: Record<BannerVariant, string> = {
  info: 'blue',
  warning: 'yellow',
  error: 'red',
  success: 'green',
};
const ICONS: Record<BannerVariant, string> = { info: 'ℹ', warning: '⚠', error: '✖', success: '✔' };

/** What kind of link a banner has: the server accepts `dialog`, an http(s) URL or a path inside the UI. */
export function linkKind(link: string | null): 'none' | 'dialog' | 'external' | 'internal' {
  if (!link) return 'none';
  if (link === 'dialog') return 'dialog';
  return link.startsWith('/') ? 'internal' : 'external';
}

/** Blank lines separate paragraphs; the text is shown as written. */
export const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** One banner as every signed-in user sees it; also the preview in the banner form. */
export function BannerView({ banner }: { banner: BannerLook }) {
  const [open, setOpen] = useState(false);
  const kind = linkKind(banner.link);
  const linkText = banner.linkText?.trim() || 'Read more';
  return (
    <Alert
      color={COLORS[banner.variant]}
      variant="light"
      radius={0}
      py="xs"
      icon={banner.icon === 'none' ? undefined : <span aria-hidden>{ICONS[banner.variant]}</span>}
      role={banner.variant === 'error' || banner.variant === 'warning' ? 'alert' : 'status'}
      aria-label={`${banner.variant} banner`}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm" span style={{ whiteSpace: 'pre-wrap' }}>
        {banner.message}
      </Text>{' '}
      {kind === 'external' && (
        <Anchor size="sm" href={banner.link!} target="_blank" rel="noopener noreferrer">
          {linkText}
        </Anchor>
      )}
      {kind === 'internal' && (
        <Anchor size="sm" component={RouterLink} to={banner.link!}>
          {linkText}
        </Anchor>
      )}
      {kind === 'dialog' && (
        <>
          <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)}>
            {linkText}
          </Button>
          <Modal opened={open} onClose={() => setOpen(false)} title={banner.dialogTitle || banner.message}>
            <Stack gap="sm">
              {paragraphs(banner.dialog ?? '').map((paragraph, index) => (
                <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Modal>
        </>
      )}
    </Alert>
  );
}
