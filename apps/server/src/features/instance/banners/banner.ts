/** How a banner looks: its colour and default icon in the admin UI. */
export const BANNER_VARIANTS = ['info', 'warning', 'error', 'success'] as const;
export type BannerVariant = (typeof BANNER_VARIANTS)[number];

/** The link value that opens the banner's dialog instead of going somewhere. */
export const DIALOG_LINK = 'dialog';
/** `dialog`, an http(s) URL, or a path inside Switchyard such as /projects/default. */
export const LINK_PATTERN = '^(dialog|https?://[^\\s]+|/[^\\s]*)$';
export const MESSAGE_MAX_LENGTH = 1000;

/** A message every signed-in user sees at the top of the admin UI while it is enabled. */
export type Banner = {
  id: number;
  message: string;
  enabled: boolean;
  variant: BannerVariant;
  /** Stays in view while the page scrolls. */
  sticky: boolean;
  /** `none` hides the icon; null shows the variant's icon. */
  icon: string | null;
  link: string | null;
  linkText: string | null;
  dialogTitle: string | null;
  /** The text the dialog shows when `link` is `dialog`. */
  dialog: string | null;
  createdAt: Date;
};

export type BannerFields = Omit<Banner, 'id' | 'createdAt'>;
export type BannerChanges = Partial<BannerFields>;

export const BANNER_DEFAULTS: Omit<BannerFields, 'message'> = {
  enabled: true,
  variant: 'info',
  sticky: false,
  icon: null,
  link: null,
  linkText: null,
  dialogTitle: null,
  dialog: null,
};

/** What is wrong with a banner as a whole, beyond its single fields; empty when it is fine. */
export function bannerProblems(banner: BannerFields): { message: string; path: string }[] {
  if (banner.link === DIALOG_LINK && !banner.dialog?.trim())
    return [{ message: 'a banner whose link is "dialog" needs the dialog text', path: '/body/dialog' }];
  return [];
}
