import { Type } from 'typebox';
import { MAX_REFERENCES_PER_SCAN } from './code-reference.ts';

const DateTime = Type.String({ format: 'date-time' });

export const ProjectParams = Type.Object({
  projectId: Type.String({ minLength: 1, description: 'The project the flags belong to.' }),
});

export const ProjectFlagParams = Type.Object({
  projectId: Type.String({ minLength: 1, description: 'The project of the flag.' }),
  featureName: Type.String({ minLength: 1, description: 'The flag.' }),
});

const ReferenceBody = Type.Object(
  {
    flag: Type.String({ minLength: 1, maxLength: 255, description: 'The flag name at the call site.' }),
    file: Type.String({
      minLength: 1,
      maxLength: 1024,
      description: 'Path from the repository root, `/`-separated.',
    }),
    line: Type.Integer({ minimum: 1, description: 'Line of the call site, from 1.' }),
    column: Type.Optional(Type.Integer({ minimum: 1, description: 'Column of the flag name, from 1.' })),
    method: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'The SDK method called, such as `isEnabled`.',
      }),
    ),
  },
  { additionalProperties: false },
);

const example = {
  repository: 'acme/shop',
  branch: 'main',
  repositoryUrl: 'https://github.com/acme/shop',
  commit: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  references: [{ flag: 'new-checkout', file: 'src/checkout.ts', line: 12, column: 25, method: 'isEnabled' }],
};

/** What `switchyard refs` found in one branch of one repository. */
export const UploadCodeReferencesBody = Type.Object(
  {
    repository: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'The repository, such as `acme/shop`: with `branch`, the set of references this upload replaces.',
    }),
    branch: Type.String({ minLength: 1, maxLength: 255, description: 'The branch scanned.' }),
    repositoryUrl: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: '^https?://',
        description: 'The web address of the repository; the admin UI links each reference into it.',
      }),
    ),
    commit: Type.Optional(
      Type.String({
        minLength: 4,
        maxLength: 64,
        pattern: '^[0-9a-fA-F]+$',
        description: 'The commit scanned.',
      }),
    ),
    references: Type.Array(ReferenceBody, {
      maxItems: MAX_REFERENCES_PER_SCAN,
      description: `Every call site found, at most ${MAX_REFERENCES_PER_SCAN}; an empty list clears the branch.`,
    }),
  },
  { additionalProperties: false, examples: [example] },
);

export const UploadCodeReferencesResponse = Type.Object(
  {
    stored: Type.Integer({ description: 'References stored: those naming flags of the project.' }),
    unknownFlags: Type.Array(Type.String(), {
      description:
        'Names found in the code that are no flag of this project; their references are not stored.',
    }),
  },
  { examples: [{ stored: 1, unknownFlags: ['old-banner'] }] },
);

export const CodeReferencesResponse = Type.Object(
  {
    references: Type.Array(
      Type.Object({
        repository: Type.String(),
        branch: Type.String(),
        repositoryUrl: Type.Union([Type.String(), Type.Null()]),
        commit: Type.Union([Type.String(), Type.Null()]),
        file: Type.String(),
        line: Type.Integer(),
        column: Type.Union([Type.Integer(), Type.Null()]),
        method: Type.Union([Type.String(), Type.Null()]),
        url: Type.Union([Type.String(), Type.Null()], {
          description: 'The line in the repository web view, when the upload gave `repositoryUrl`.',
        }),
        scannedAt: DateTime,
      }),
    ),
  },
  {
    examples: [
      {
        references: [
          {
            ...example.references[0],
            repository: 'acme/shop',
            branch: 'main',
            repositoryUrl: 'https://github.com/acme/shop',
            commit: example.commit,
            url: `https://github.com/acme/shop/blob/${example.commit}/src/checkout.ts#L12`,
            scannedAt: '2026-12-01T10:00:00.000Z',
          },
        ],
      },
    ],
  },
);

export const SafeToArchiveQuery = Type.Object({
  unusedDays: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 3650,
      description: 'Days without SDK usage after which a flag counts as unused; 30 by default.',
    }),
  ),
});

export const SafeToArchiveResponse = Type.Object(
  {
    unusedDays: Type.Integer(),
    features: Type.Array(
      Type.Object({
        name: Type.String(),
        type: Type.String(),
        createdAt: DateTime,
        lastSeenAt: Type.Union([DateTime, Type.Null()]),
        reason: Type.Union(
          [Type.Literal('completed'), Type.Literal('stale'), Type.Literal('potentially-stale')],
          {
            description:
              'Why the flag is done: declared completed, marked stale, or past its type’s expected lifetime.',
          },
        ),
      }),
    ),
  },
  {
    examples: [
      {
        unusedDays: 30,
        features: [
          {
            name: 'old-banner',
            type: 'release',
            createdAt: '2026-06-01T10:00:00.000Z',
            lastSeenAt: null,
            reason: 'potentially-stale',
          },
        ],
      },
    ],
  },
);
