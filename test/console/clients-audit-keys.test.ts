// Clients, the audit trail and signing keys in the console (docs/console.md): a client's secret is
// shown once (creation, rotation) and works at the token endpoint; the audit trail's filters are
// those of the admin API; key rotation is the CLI's own and is recorded.
import { describe, expect, it } from 'vitest';
import { issueToken, type TestService } from '../helpers/app.ts';
import { NORDIC } from '../helpers/demo.ts';
import * as harness from './harness.ts';

const ADMIN = harness.CONSOLE_ADMIN;
let service: TestService;
let user: harness.ConsoleUser;
harness.signedInForTests((signedIn) => ({ service, user } = signedIn));

function secretOf(body: string): string {
  return harness.textOfId(body, 'client-secret').trim();
}

/** Creates a client of Nordic Home with scope merchant-api through the console's form. */
function createClient(clientId: string) {
  return user.submit('/console/clients/new', '/console/clients/new', { clientId, merchantId: 'm-nordic-home', 'scope.merchant-api': 'on' });
}

describe('clients', () => {
  it('creates a client and shows its secret once; the list and the client page never show it', async () => {
    const created = await createClient('console-made');
    expect(created.statusCode, created.body).toBe(200);
    harness.expectConsoleHeaders(created);
    const secret = secretOf(created.body);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await issueToken(service.app, 'console-made', secret)).toMatch(/\./);
    for (const url of ['/console/clients', '/console/clients/console-made', '/console/merchants/m-nordic-home']) {
      expect((await user.get(url)).body).not.toContain(secret);
    }
    const event = (await service.ctx.auditTrail.list({ page: 0, size: 1, entity: 'client' })).content[0];
    expect(event).toMatchObject({ actorType: 'client', actor: ADMIN.id, entityId: 'console-made', action: 'create' });
    expect(JSON.stringify(event)).not.toContain(secret);
  });

  it('refuses to create over an existing client', async () => {
    const response = await user.submit('/console/clients/new', '/console/clients/new', {
      clientId: NORDIC.id,
      merchantId: 'm-nordic-home',
    });
    expect(response.statusCode).toBe(400);
    expect(harness.inputOf(response.body, 'clientId')).toContain('aria-invalid="true"');
    expect(await issueToken(service.app, NORDIC.id, NORDIC.secret)).toMatch(/\./);
  });

  it('edits scopes, rotates the secret (shown once; the old one stops working), deletes', async () => {
    const created = await createClient('console-rotated');
    const first = secretOf(created.body);
    const saved = await user.submit('/console/clients/console-rotated', '/console/clients/console-rotated', {
      merchantId: 'm-nordic-home',
      'scope.merchant-api': 'on',
      'scope.admin': 'on',
    });
    expect(saved.statusCode).toBe(303);
    expect((await service.ctx.admin.clients.get('console-rotated')).scopes).toEqual(['merchant-api', 'admin']);
    // The secret is kept by an edit.
    expect(await issueToken(service.app, 'console-rotated', first)).toMatch(/\./);

    const rotated = await user.submit('/console/clients/console-rotated', '/console/clients/console-rotated/rotate', {});
    expect(rotated.statusCode).toBe(200);
    const second = secretOf(rotated.body);
    expect(second).not.toBe(first);
    await expect(issueToken(service.app, 'console-rotated', first)).rejects.toThrow(/401/);
    expect(await issueToken(service.app, 'console-rotated', second)).toMatch(/\./);

    const deleted = await user.submit('/console/clients/console-rotated', '/console/clients/console-rotated/delete', {});
    expect(deleted.statusCode).toBe(303);
    await expect(issueToken(service.app, 'console-rotated', second)).rejects.toThrow(/401/);
  });

  it('shows a refused merchant beside its field', async () => {
    const response = await user.submit('/console/clients/new', '/console/clients/new', {
      clientId: 'console-orphan',
      merchantId: 'm-nope',
    });
    expect(response.statusCode).toBe(400);
    expect(harness.inputOf(response.body, 'merchantId')).toContain('aria-describedby="f-merchantId-error"');
  });

  it('shows a refused field of an edit beside it, and changes nothing', async () => {
    const created = await createClient('console-edited');
    expect(created.statusCode, created.body).toBe(200);
    const response = await user.submit('/console/clients/console-edited', '/console/clients/console-edited', {
      merchantId: 'm-nope',
      'scope.merchant-api': 'on',
    });
    expect(response.statusCode).toBe(400);
    expect(harness.inputOf(response.body, 'merchantId')).toContain('aria-invalid="true"');
    expect((await service.ctx.admin.clients.get('console-edited')).merchantId).toBe('m-nordic-home');
  });
});

describe('audit trail', () => {
  it('filters by entity, entity id, actor and time, as the admin API does', async () => {
    await user.submit('/console/merchants/m-nordic-home', '/console/merchants/m-nordic-home', { name: 'Nordic Home AB' });
    const all = await user.get('/console/audit');
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain('<th scope="col">Entity ID</th>');
    const byEntity = await user.get('/console/audit?entity=merchant&entityId=m-nordic-home');
    expect(byEntity.body).toContain('&quot;Nordic Home AB&quot;');
    expect(byEntity.body).not.toMatch(/<td>client<\/td>/);
    const byActor = await user.get(`/console/audit?actor=${ADMIN.id}`);
    expect(byActor.body).toContain(`<td class="mono">client:${ADMIN.id}</td>`);
    const nobody = await user.get('/console/audit?actor=nobody');
    expect(nobody.body).toContain('Events, newest first (0)');
    const future = await user.get('/console/audit?from=2999-01-01T00:00:00Z');
    expect(future.body).toContain('Events, newest first (0)');
    const past = await user.get('/console/audit?to=2000-01-01T00:00:00Z');
    expect(past.body).toContain('Events, newest first (0)');
    const inRange = await user.get(`/console/audit?from=2000-01-01T00:00:00Z&to=2999-01-01T00:00:00Z&entity=merchant`);
    expect(inRange.body).not.toContain('Events, newest first (0)');
  });

  it('shows a person of single sign-on by name beside console:<sub>, which finds their events as the admin API does', async () => {
    const person = await harness.personSignedIn(service, { actorId: 'sub-edith', displayName: 'Edith <Editor>', role: 'catalog-editor' });
    const renamed = await person.submit('/console/merchants/m-nordic-home', '/console/merchants/m-nordic-home', {
      name: 'Renamed by Edith',
    });
    expect(renamed.statusCode, renamed.body).toBe(303);

    const all = await user.get('/console/audit?entity=merchant&entityId=m-nordic-home');
    // The actor as the filter takes it, and the name (escaped) beside it.
    expect(all.body).toContain('<td class="mono">console:sub-edith</td>');
    expect(all.body).toContain('<td>Edith &lt;Editor&gt;</td>');
    const token2 = await issueToken(service.app, ADMIN.id, ADMIN.secret);
    for (const actor of ['console:sub-edith', 'sub-edith']) {
      const page = await user.get(`/console/audit?actor=${encodeURIComponent(actor)}`);
      expect(page.body, actor).toContain('Events, newest first (1)');
      expect(page.body).toContain('&quot;Renamed by Edith&quot;');
      const api = await service.app.inject({
        url: `/admin/v1/audit-events?actor=${encodeURIComponent(actor)}`,
        headers: { authorization: `Bearer ${token2}` },
      });
      expect(api.json<{ content: Array<{ actor: unknown }> }>().content).toEqual([
        expect.objectContaining({ actor: { type: 'console', id: 'sub-edith', name: 'Edith <Editor>' } }),
      ]);
    }
    // Another type with that id is another actor.
    expect((await user.get('/console/audit?actor=client:sub-edith')).body).toContain('Events, newest first (0)');
    // The actor column of a client, which has no name: nothing beside it.
    const byClient = await user.get(`/console/audit?actor=client:${ADMIN.id}`);
    expect(byClient.body).toMatch(new RegExp(`<td class="mono">client:${ADMIN.id}</td>\\s*<td></td>`));
  });

  it('marks a malformed or reversed time filter', async () => {
    const malformed = await user.get('/console/audit?from=yesterday');
    expect(malformed.statusCode).toBe(400);
    expect(harness.inputOf(malformed.body, 'from')).toContain('aria-invalid="true"');
    const reversed = await user.get('/console/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(reversed.statusCode).toBe(400);
    expect(harness.textOfId(reversed.body, 'f-from-error')).toBe('must not be after to');
  });
});

describe('signing keys', () => {
  it('rotates the signing key as the CLI does, recorded in the audit trail', async () => {
    const page = await user.get('/console/keys');
    expect(page.statusCode).toBe(200);
    const before = (await service.ctx.auth.jwks()).keys.map((k) => k.kid);
    const rotated = await user.post('/console/keys/rotate', { _csrf: harness.csrfOf(page.body) });
    expect(rotated.statusCode).toBe(303);
    const after = (await service.ctx.auth.jwks()).keys.map((k) => k.kid);
    const kid = after.find((k) => !before.includes(k))!;
    expect(kid).toBeDefined();
    expect((await user.get(rotated.headers.location as string)).body).toContain(`${kid} is current`);
    const event = (await service.ctx.auditTrail.list({ page: 0, size: 1, entity: 'signing-key' })).content[0];
    expect(event).toMatchObject({ actorType: 'client', actor: ADMIN.id, entityId: kid, action: 'rotate' });
  });

  it('refuses a rotation without the CSRF token', async () => {
    const before = await service.ctx.auth.jwks();
    expect((await user.post('/console/keys/rotate', {})).statusCode).toBe(403);
    expect(await service.ctx.auth.jwks()).toEqual(before);
  });
});
