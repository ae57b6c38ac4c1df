// A person at the console, driven with inject(): keeps the cookies it is given, sends forms as a
// browser on the console's own origin does, and reads pages' tokens and fields. Also what most
// console tests start from: the demo catalog served with an admin client, a user signed in with it,
// and people signed in as single sign-on signs them in.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ConsolePerson } from '../../src/services/console/sessions.ts';
import { demoCatalog, startTestService, withAdminClient, type TestService } from '../helpers/app.ts';
import { DEMO_METHODS, NORDIC, STORE } from '../helpers/demo.ts';

export const ORIGIN = 'http://pms.test';

/** The admin client the console tests sign in with, added to the demo catalog. */
export const CONSOLE_ADMIN = { id: 'ops-console', secret: 'ops-console-secret-8c1d4e7f2a', merchantId: 'm-operator' };

/** The demo catalog with CONSOLE_ADMIN, served (with `env`), and a user signed in as that client. */
export async function startSignedIn(env: Record<string, string> = {}): Promise<{ service: TestService; user: ConsoleUser }> {
  const service = await startTestService({ catalog: withAdminClient(await demoCatalog(), CONSOLE_ADMIN), env });
  const user = new ConsoleUser(service.app);
  expect((await user.signIn(CONSOLE_ADMIN.id, CONSOLE_ADMIN.secret)).statusCode).toBe(303);
  return { service, user };
}

/**
 * startSignedIn for the tests of a file (or of the describe block that calls it): started before
 * them and handed to `started` (which keeps them and may prepare more), closed after them.
 */
export function signedInForTests(
  started: (signedIn: { service: TestService; user: ConsoleUser }) => unknown,
  env: Record<string, string> = {},
): void {
  let service: TestService | undefined;
  beforeAll(async () => {
    const signedIn = await startSignedIn(env);
    service = signedIn.service;
    await started(signedIn);
  });
  afterAll(async () => {
    await service?.close();
  });
}

/** An address of each of the console's pages over the demo catalog, for what every page must do. */
export const CONSOLE_PAGES = [
  '/console',
  '/console/merchants',
  '/console/merchants/m-nordic-home',
  '/console/merchants/new',
  '/console/stores',
  `/console/stores/${STORE}`,
  '/console/stores/new',
  `/console/stores/${STORE}/payment-methods/new`,
  `/console/payment-methods/${DEMO_METHODS.pp12}`,
  `/console/payment-methods/${DEMO_METHODS.swish}/delete`,
  '/console/clients',
  '/console/clients/new',
  `/console/clients/${NORDIC.id}`,
  '/console/audit',
  '/console/audit?from=yesterday',
  '/console/keys',
];

/** A person with a console session as single sign-on starts one (`console:<actorId>`), at a browser of their own. */
export async function personSignedIn(
  service: TestService,
  person: Pick<ConsolePerson, 'actorId' | 'displayName' | 'role'>,
): Promise<ConsoleUser> {
  const { token } = await service.ctx.consoleSessions.create({ actorType: 'console', ...person });
  const user = new ConsoleUser(service.app);
  user.cookies.set('pms_console_session', token);
  return user;
}

export class ConsoleUser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly origin: string = ORIGIN,
  ) {}

  private keep(response: LightMyRequestResponse): LightMyRequestResponse {
    const header = response.headers['set-cookie'];
    for (const line of header === undefined ? [] : Array.isArray(header) ? header : [header]) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.keep(await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() } }));
  }

  /** A form post; `headers` replaces the browser's Origin and Sec-Fetch-Site when given. */
  async post(
    url: string,
    fields: Array<[string, string]> | Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString();
    return this.keep(
      await this.app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: this.cookieHeader(),
          'content-type': 'application/x-www-form-urlencoded',
          ...(headers ?? { origin: this.origin, 'sec-fetch-site': 'same-origin' }),
        },
        payload: body,
      }),
    );
  }

  /** GETs `url` and posts `fields` with the page's CSRF token, as submitting its form does. */
  async submit(url: string, action: string, fields: Array<[string, string]> | Record<string, string>): Promise<LightMyRequestResponse> {
    const page = await this.get(url);
    expect(page.statusCode, page.body).toBe(200);
    const entries = Array.isArray(fields) ? fields : Object.entries(fields);
    return this.post(action, [['_csrf', csrfOf(page.body)], ...entries]);
  }

  async signIn(clientId: string, clientSecret: string): Promise<LightMyRequestResponse> {
    const page = await this.get('/console');
    return this.post('/console/sign-in', { _csrf: csrfOf(page.body), clientId, clientSecret });
  }
}

export function csrfOf(body: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(body);
  if (!match) throw new Error(`no CSRF field in the page: ${body.slice(0, 500)}`);
  return match[1]!;
}

/** The input named `name`, as written in the page. */
export function inputOf(body: string, name: string): string {
  const escaped = name.replace(/[.[\]]/g, (c) => `\\${c}`);
  const match = new RegExp(`<(?:input|select|textarea)[^>]*name="${escaped}"[^>]*>`).exec(body);
  if (!match) throw new Error(`no input ${name} in the page`);
  return match[0];
}

/** The text of the element with this id. */
export function textOfId(body: string, id: string): string {
  const match = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(body);
  if (!match) throw new Error(`no element #${id} in the page`);
  return match[1]!;
}

/** Checks what every console answer carries: the CSP without inline scripts, no framing, no caching. */
export function expectConsoleHeaders(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['cache-control']).toBe('no-store');
}

function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescape(match[1]!) : undefined;
}

/**
 * The fields the form posting to `action` would send as it stands (text, hidden, checked boxes,
 * text areas, selected options; no buttons), in page order.
 */
export function formFields(body: string, action: string): Array<[string, string]> {
  const start = body.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const form = body.slice(start, body.indexOf('</form>', start));
  const fields: Array<[string, string]> = [];
  for (const match of form.matchAll(/<input[^>]*>|<textarea[^>]*>([\s\S]*?)<\/textarea>|<select[^>]*>([\s\S]*?)<\/select>/g)) {
    const tag = match[0];
    const name = attribute(tag, 'name');
    if (name === undefined) continue;
    // As the HTML parser does, one newline right after <textarea> is not part of the value.
    if (tag.startsWith('<textarea')) fields.push([name, unescape(match[1]!.replace(/^\r?\n/, ''))]);
    else if (tag.startsWith('<select')) {
      const selected = /<option value="([^"]*)"\s+selected>/.exec(match[2]!) ?? /<option value="([^"]*)"/.exec(match[2]!);
      fields.push([name, selected ? unescape(selected[1]!) : '']);
    } else {
      const type = attribute(tag, 'type') ?? 'text';
      if (type === 'checkbox' && !/\schecked/.test(tag)) continue;
      fields.push([name, attribute(tag, 'value') ?? '']);
    }
  }
  return fields;
}

/** `fields` with the named ones set (added when absent) or, for `null`, left out. */
export function changed(fields: Array<[string, string]>, changes: Record<string, string | null>): Array<[string, string]> {
  const result = fields.filter(([name]) => !(name in changes));
  for (const [name, value] of Object.entries(changes)) if (value !== null) result.push([name, value]);
  return result;
}
