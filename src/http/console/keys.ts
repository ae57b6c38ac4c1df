// Signing keys in the console (docs/console.md#signing-keys): the keys that verify access tokens now,
// and rotation, the same service as `pms keys rotate` (recorded in the audit trail).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { queryParam, sendPage } from './pages.ts';
import { requireSession } from './security.ts';
import { KeysPage } from './views/keys.tsx';

export function keyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/keys', async (request, reply) => {
    const { keys } = await ctx.auth.jwks();
    const rotated = queryParam(request, 'rotated');
    const notice = rotated === undefined ? undefined : `The signing key was rotated: ${rotated} is current.`;
    return sendPage(reply, 200, KeysPage({ session: requireSession(request), keys, notice }));
  });
  app.post('/console/keys/rotate', async (request, reply) => {
    const session = requireSession(request);
    const kid = await ctx.auth.rotateSigningKey({ type: session.person.actorType, id: session.person.actorId });
    return reply.redirect(`/console/keys?rotated=${encodeURIComponent(kid)}`, 303);
  });
}
