import { Type } from 'typebox';
import { LINK_PATTERN, MESSAGE_MAX_LENGTH } from './banner.ts';

const exampleBanner = {
  id: 1,
  message: 'Flags in production are frozen from Friday 16:00 until Monday.',
  enabled: true,
  variant: 'warning',
  sticky: false,
  icon: null,
  link: 'dialog',
  linkText: 'Why?',
  dialogTitle: 'Release freeze',
  dialog: 'We freeze production changes over the weekend.\n\nAsk #platform for an exception.',
  createdAt: '2026-01-15T10:00:00.000Z',
};
const { id: _id, createdAt: _createdAt, ...exampleBody } = exampleBanner;

const nullableText = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.Union([Type.String(options), Type.Null()]);

const fieldProperties = {
  enabled: Type.Boolean({ description: 'Shown to users while true. New banners are enabled.' }),
  variant: Type.Union(
    [Type.Literal('info'), Type.Literal('warning'), Type.Literal('error'), Type.Literal('success')],
    { description: 'Colour and icon of the banner: info (the default), warning, error or success.' },
  ),
  sticky: Type.Boolean({ description: 'Keeps the banner in view while the page scrolls. Default false.' }),
  icon: nullableText({
    maxLength: 100,
    description: '`none` hides the icon; any other value, or null, shows the icon of the variant.',
  }),
  link: nullableText({
    pattern: LINK_PATTERN,
    maxLength: 2000,
    description:
      'An http(s) URL, a path inside Switchyard such as /projects/default, or `dialog` to open the dialog.',
  }),
  linkText: nullableText({ maxLength: 100, description: 'The text of the link; "Read more" when null.' }),
  dialogTitle: nullableText({ maxLength: 200, description: 'Title of the dialog; the message when null.' }),
  dialog: nullableText({
    maxLength: 10_000,
    description:
      'Plain text the dialog shows, blank lines separating paragraphs. Required when link is `dialog`.',
  }),
};

const message = Type.String({
  minLength: 1,
  maxLength: MESSAGE_MAX_LENGTH,
  pattern: '\\S',
  description: 'The text of the banner.',
});

export const BannerResponse = Type.Object(
  {
    id: Type.Integer(),
    message: Type.String(),
    ...fieldProperties,
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'bannerSchema', examples: [exampleBanner] },
);

export const BannerListResponse = Type.Object(
  { banners: Type.Array(Type.Ref('bannerSchema')) },
  { examples: [{ banners: [exampleBanner] }] },
);

const optionalFields = {
  enabled: Type.Optional(fieldProperties.enabled),
  variant: Type.Optional(fieldProperties.variant),
  sticky: Type.Optional(fieldProperties.sticky),
  icon: Type.Optional(fieldProperties.icon),
  link: Type.Optional(fieldProperties.link),
  linkText: Type.Optional(fieldProperties.linkText),
  dialogTitle: Type.Optional(fieldProperties.dialogTitle),
  dialog: Type.Optional(fieldProperties.dialog),
};

export const CreateBannerBody = Type.Object(
  { message, ...optionalFields },
  { additionalProperties: false, examples: [exampleBody] },
);

export const UpdateBannerBody = Type.Object(
  { message: Type.Optional(message), ...optionalFields },
  { additionalProperties: false, examples: [{ message: 'The release freeze is over.', variant: 'success' }] },
);

export const BannerIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The banner id.' }),
});
