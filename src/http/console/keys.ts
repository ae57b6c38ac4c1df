// Signing keys in the console (docs/console.md#signing-keys): the keys that verify access tokens now,
// and rotation, the same service as `pms keys rotate` (recorded in the audit trail).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { queryParam } from './forms.ts';
import { html } from './html.ts';
import { canEdit, page, postButton, sendPage } from './layout.ts';
import { requireSession } from './security.ts';

export function keyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/console/keys', async (request, reply) => {
    const session = requireSession(request);
    const { keys } = await ctx.auth.jwks();
    const rotated = queryParam(request, 'rotated');
    const body = html`<p>
        Access tokens are signed with the current key; a retired key keeps verifying until the tokens it signed have expired.
      </p>
      <table>
        <caption>
          Keys that verify access tokens (the JWKS)
        </caption>
        <thead>
          <tr>
            <th scope="col">Key ID</th>
            <th scope="col">Algorithm</th>
            <th scope="col">Curve</th>
          </tr>
        </thead>
        <tbody>
          ${keys.map(
            (k) =>
              html`<tr>
                <td class="mono">${k.kid}</td>
                <td>${k.alg}</td>
                <td>${k.crv}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${
        canEdit(session) &&
        html`<h2>Rotate</h2>
          <p>A new key becomes current on every instance; tokens issued before stay valid until they expire.</p>
          <div class="actions">${postButton(session, '/console/keys/rotate', 'Rotate signing key')}</div>`
      }`;
    const notice = rotated === undefined ? undefined : `The signing key was rotated: ${rotated} is current.`;
    return sendPage(reply, 200, page({ title: 'Signing keys', session, section: 'keys', notice, body }));
  });

  app.post('/console/keys/rotate', async (request, reply) => {
    const session = requireSession(request);
    const kid = await ctx.auth.rotateSigningKey({ type: session.person.actorType, id: session.person.actorId });
    return reply.redirect(`/console/keys?rotated=${encodeURIComponent(kid)}`, 303);
  });
}
