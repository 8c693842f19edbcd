import { Type } from 'typebox';
import { NewPassword } from '../users/user-schemas.ts';

const Secret = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'The `token` of the link (`/reset-password?token=…` or `/new-user?token=…`).',
});

export const ResetEmailBody = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 320 }) },
  { additionalProperties: false, examples: [{ email: 'vera@example.com' }] },
);

export const ResetEmailResponse = Type.Object(
  {
    emailEnabled: Type.Boolean({
      description:
        'Whether this server sends email (EMAIL_HOST is set). When false no email goes out to anyone: ask an administrator for a reset link.',
    }),
  },
  { additionalProperties: false, examples: [{ emailEnabled: true }] },
);

export const ValidateTokenQuery = Type.Object({ token: Secret });

export const ResetTokenUserResponse = Type.Object(
  {
    id: Type.Integer({ description: 'The id of the user whose password the link sets.' }),
    name: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    username: Type.Union([Type.String(), Type.Null()]),
    token: Type.String({ description: 'The token asked about.' }),
    createdBy: Type.String({ description: 'Who made the link: an admin, or the sign-in page’s form.' }),
    role: Type.Object(
      { id: Type.Integer(), type: Type.Literal('root'), name: Type.String() },
      { description: "The user's root role." },
    ),
    purpose: Type.Union([Type.Literal('welcome'), Type.Literal('reset')], {
      description: '`welcome`: a new user sets their first password; `reset`: a new password.',
    }),
  },
  {
    examples: [
      {
        id: 7,
        name: 'Vera Viewer',
        email: 'vera@example.com',
        username: null,
        token: 'cVd0Q0l6a2F1a3J0',
        createdBy: 'admin',
        role: { id: 3, type: 'root', name: 'Viewer' },
        purpose: 'welcome',
      },
    ],
  },
);

export const ValidatePasswordBody = Type.Object(
  { password: NewPassword },
  { additionalProperties: false, examples: [{ password: 'a-long-passphrase' }] },
);

export const ResetPasswordBody = Type.Object(
  { token: Secret, password: NewPassword },
  { additionalProperties: false, examples: [{ token: 'cVd0Q0l6a2F1a3J0', password: 'a-long-passphrase' }] },
);

export const AdminResetBody = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 320,
      description: 'The user: their email (as Unleash sends it), their username, or their numeric id.',
    }),
  },
  { additionalProperties: false, examples: [{ id: 'vera@example.com' }] },
);

export const AdminResetResponse = Type.Object(
  {
    resetPasswordUrl: Type.String({ format: 'uri', description: 'The link; it works once, for 24 hours.' }),
    emailSent: Type.Boolean({ description: 'Whether the link was emailed to the user.' }),
  },
  {
    examples: [
      {
        resetPasswordUrl: 'https://flags.example.com/reset-password?token=cVd0Q0l6a2F1a3J0',
        emailSent: false,
      },
    ],
  },
);
