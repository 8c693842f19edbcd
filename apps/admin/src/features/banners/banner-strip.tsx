import { Box, Stack } from '@mantine/core';
import { useMaintenance } from '../maintenance/use-maintenance.ts';
import { BannerView } from './banner-view.tsx';
import { useBanners } from './use-banners.ts';

/**
 * The maintenance notice and the enabled banners, oldest first, above every screen. Sticky banners stay under the
 * header while the page scrolls. Banners are a courtesy: while they load, or if they cannot be loaded, none show.
 */
export function BannerStrip() {
  const { data } = useBanners();
  const maintenance = useMaintenance().data === true;
  const enabled = data?.filter((banner) => banner.enabled) ?? [];
  if (enabled.length === 0 && !maintenance) return null;
  const sticky = enabled.filter((banner) => banner.sticky);
  const other = enabled.filter((banner) => !banner.sticky);
  return (
    <Stack
      component="section"
      aria-label="Announcements"
      gap={0}
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
      mb="md"
    >
      {maintenance && (
        <BannerView
          banner={{
            message: 'Maintenance mode is on: changes are paused. SDKs keep getting their flags.',
            variant: 'warning',
            icon: null,
            link: '/maintenance',
            linkText: 'Maintenance',
            dialogTitle: null,
            dialog: null,
          }}
        />
      )}
      {sticky.length > 0 && (
        <Box
          data-testid="sticky-banners"
          style={{ position: 'sticky', top: 'var(--app-shell-header-height, 56px)', zIndex: 10 }}
        >
          {sticky.map((banner) => (
            <BannerView key={banner.id} banner={banner} />
          ))}
        </Box>
      )}
      {other.map((banner) => (
        <BannerView key={banner.id} banner={banner} />
      ))}
    </Stack>
  );
}
