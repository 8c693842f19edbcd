import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../../config.ts';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { setSessionCookie } from '../users/session-cookie.ts';
import { sessionClientOf } from '../sessions/session.ts';
import { createSessionStore } from '../users/session-store.ts';
import { UserResponse } from '../users/user-schemas.ts';
import { toRoleResponse, toUserResponse } from '../users/user-wire.ts';
import type { InviteLink } from './invite-link.ts';
import {
  CreateInviteLinkBody,
  exampleCreatedLink,
  InviteLinkListResponse,
  InviteLinkResponse,
  SignUpBody,
  TokenParams,
  UpdateInviteLinkBody,
} from './invite-link-schemas.ts';
import { createInviteLinkService, type InviteLinkService } from './invite-link-service.ts';

const PUBLIC = { auth: { area: 'public' as const } };
const AREA = 'Public signup tokens';

/** Invite links (Unleash's public sign-up tokens): admins make them, people use them to create an account. */
export function inviteLinkRoutes(deps: { db: Db; config: Config }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(InviteLinkResponse);
    const service = createInviteLinkService(deps.db);
    const tx = <T>(fn: (s: InviteLinkService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createInviteLinkService(t)));
    /** The secret and the link to share only when just created: after that only their hash is stored. */
    const toResponse = (link: InviteLink, secret?: string) => ({
      secret: secret ?? link.displaySecret,
      ...(secret ? { url: `${deps.config.publicUrl}/new-user?invite=${secret}` } : {}),
      name: link.name,
      enabled: link.enabled,
      expiresAt: link.expiresAt.toISOString(),
      createdAt: link.createdAt.toISOString(),
      createdBy: link.createdBy,
      users: link.users,
      role: toRoleResponse(link.rootRole),
    });
    const linkResponse = (description: string) => ({ ...InviteLinkResponse, $id: undefined, description });

    app.get(
      '/api/admin/invite-link/tokens',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'getAllPublicSignupTokens',
            'List invite links',
            'Every invite link, with who signed up through it.',
          ),
          response: { 200: InviteLinkListResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ tokens: (await service.list()).map((link) => toResponse(link)) }),
    );

    app.post(
      '/api/admin/invite-link/tokens',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'createPublicSignupToken',
            'Create an invite link',
            'Creates a link people can open to create their own account, with the Viewer root role, until `expiresAt`. The answer holds the secret and the link to share; they are stored hashed and never shown again.',
          ),
          body: CreateInviteLinkBody,
          response: {
            201: {
              ...linkResponse('The new invite link, with its secret and the link to share.'),
              examples: [exampleCreatedLink],
            },
            ...errorResponses(400, 401, 403, 415),
          },
        },
      },
      async (request, reply) => {
        const { link, secret } = await tx((s) => s.create(request.body, actorOf(request)));
        return reply
          .status(201)
          .header('location', `invite-link/tokens/${encodeURIComponent(link.displaySecret)}`)
          .send(toResponse(link, secret));
      },
    );

    app.get(
      '/api/admin/invite-link/tokens/:token',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'getPublicSignupToken',
            'Get an invite link',
            'One invite link, by its secret or by the masked secret lists show.',
          ),
          params: TokenParams,
          response: { 200: linkResponse('The invite link.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => toResponse(await service.get(request.params.token)),
    );

    app.put(
      '/api/admin/invite-link/tokens/:token',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'updatePublicSignupToken',
            'Update an invite link',
            'Turns an invite link off or on, or moves its expiry; what is left out keeps its value. The link is named by its secret or by the masked secret lists show.',
          ),
          params: TokenParams,
          body: UpdateInviteLinkBody,
          response: {
            200: linkResponse('The invite link after the change.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) =>
        toResponse(await tx((s) => s.update(request.params.token, request.body, actorOf(request)))),
    );

    app.get(
      '/invite/:token/validate',
      {
        config: PUBLIC,
        schema: {
          ...describe(
            AREA,
            'validatePublicSignupToken',
            'Check an invite link',
            'Answers 200 when someone may sign up with the link now, and 400 when it expired, was turned off or does not exist.',
          ),
          security: [],
          params: TokenParams,
          response: { 200: noContent('The link can be used.'), ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        await service.findUsable(request.params.token);
        return reply.status(200).send();
      },
    );

    app.post(
      '/invite/:token/signup',
      {
        config: PUBLIC,
        schema: {
          ...describe(
            AREA,
            'addPublicSignupTokenUser',
            'Sign up with an invite link',
            "Creates the person's account with the link's root role and a password, and signs them in (sets the session cookie). 409 when the email or username is taken.",
          ),
          security: [],
          params: TokenParams,
          body: SignUpBody,
          response: {
            201: { ...UserResponse, $id: undefined, description: 'The new user, signed in.' },
            ...errorResponses(400, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const user = await tx((s) => s.signUp(request.params.token, request.body));
        const session = await createSessionStore(deps.db).create(
          user.id,
          deps.config.sessionMaxAgeHours,
          sessionClientOf(request),
        );
        setSessionCookie(reply, session, deps.config.publicUrl);
        return reply.status(201).send(toUserResponse(user));
      },
    );
  };
}
