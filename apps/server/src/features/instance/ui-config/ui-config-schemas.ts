import { Type } from 'typebox';

export const UiConfigResponse = Type.Object(
  {
    name: Type.String({ description: 'The product: always "Switchyard".' }),
    version: Type.String({ description: "The server's version." }),
    environment: Type.String({
      description:
        'The licence: always "Open Source" (Switchyard is Apache-2.0 and has no paid edition; never "Pro", which would make Unleash\'s frontend hide screens).',
    }),
    versionInfo: Type.Object(
      {
        current: Type.Object({
          oss: Type.String({ description: "The server's version." }),
          enterprise: Type.String({
            description:
              "The server's version again: Switchyard serves the Admin API that Unleash keeps for its Enterprise edition (environments, change requests, roles, groups, service accounts, single sign-on, banners, signals and actions), so Unleash's frontend shows those screens.",
          }),
        }),
        latest: Type.Object({}),
        isLatest: Type.Boolean({
          description: 'Switchyard never asks anyone which version is the newest, so this is always true.',
        }),
      },
      { description: 'The running version.' },
    ),
    flags: Type.Object(
      {
        EEA: Type.Boolean({ description: 'Environments are created, edited and cloned.' }),
        UG: Type.Boolean({ description: 'People are organised in user groups.' }),
        P: Type.Boolean({ description: 'Flags move between projects.' }),
        signals: Type.Boolean({ description: 'Signal endpoints take signals.' }),
        automatedActions: Type.Boolean({ description: 'Action sets act on signals.' }),
      },
      {
        description:
          "The screens Unleash's frontend shows only when a flag of its own says so: each is true because Switchyard serves it.",
      },
    ),
    unleashUrl: Type.String({ description: "Switchyard's address as browsers reach it (PUBLIC_URL)." }),
    baseUriPath: Type.String({
      description: "The path Switchyard is served under (BASE_URI_PATH), such as `/unleash`; '' at the root.",
    }),
    authenticationType: Type.Literal('open-source', {
      description:
        'How people sign in: `open-source` is built-in username and password sign-in (and OIDC single sign-on when configured).',
    }),
    disablePasswordAuth: Type.Boolean({
      description:
        'Whether password sign-in is turned off (the password-login settings); single sign-on then lets people in.',
    }),
    oidcConfiguredThroughEnv: Type.Boolean({ description: 'Whether OIDC_ISSUER configures single sign-on.' }),
    emailEnabled: Type.Boolean({
      description:
        'Whether Switchyard sends email (EMAIL_HOST is set): welcome and password-reset links go out by email; otherwise the admin UI shows them to copy.',
    }),
    maintenanceMode: Type.Boolean({
      description: 'Whether maintenance mode is on: Admin API changes are refused.',
    }),
    frontendApiOrigins: Type.Array(Type.String(), {
      description: 'The origins browsers may call the Frontend API from (`*`: any).',
    }),
    resourceLimits: Type.Object(
      {
        segmentValues: Type.Integer({ description: 'Values a segment may hold across its constraints.' }),
        strategySegments: Type.Integer({ description: 'Segments one strategy may use.' }),
      },
      { description: 'The limits Switchyard enforces.' },
    ),
    links: Type.Array(
      Type.Object({ value: Type.String(), icon: Type.String(), href: Type.String(), title: Type.String() }),
      { description: 'Links the admin UI shows in its menu.' },
    ),
  },
  {
    examples: [
      {
        name: 'Switchyard',
        version: '0.1.0',
        environment: 'Open Source',
        versionInfo: { current: { oss: '0.1.0', enterprise: '0.1.0' }, latest: {}, isLatest: true },
        flags: { EEA: true, UG: true, P: true, signals: true, automatedActions: true },
        unleashUrl: 'https://flags.example.com',
        baseUriPath: '',
        authenticationType: 'open-source',
        disablePasswordAuth: false,
        oidcConfiguredThroughEnv: false,
        emailEnabled: true,
        maintenanceMode: false,
        frontendApiOrigins: ['https://shop.example.com'],
        resourceLimits: { segmentValues: 1000, strategySegments: 5 },
        links: [
          {
            value: 'API specification',
            icon: 'code',
            href: 'https://flags.example.com/docs/openapi.json',
            title: 'The OpenAPI document of this server',
          },
        ],
      },
    ],
  },
);

export const CorsBody = Type.Object(
  {
    frontendApiOrigins: Type.Array(Type.String({ maxLength: 2048 }), {
      maxItems: 1000,
      description:
        'Origins (`https://shop.example.com`, scheme, host and port only) or `*` for any; an empty list lets no browser in.',
    }),
  },
  { examples: [{ frontendApiOrigins: ['https://shop.example.com', 'http://localhost:3000'] }] },
);
