// A stand-in for the service in the storefront script's browser tests (node:http on 127.0.0.1,
// port 0): serves the bundle, test pages and the groups endpoint, answering from fixtures.ts.
// Session ids pick the behaviour (SESSIONS). Two instances on different ports are two origins.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmbedBundle } from '../../src/http/embed/routes.ts';
import { isWellFormedLocale, requestLanguage } from '../../src/domain/languages.ts';
import { CATALOG, groupsFor, withDisclosures, withOperatorPrefix } from './fixtures.ts';

export const SESSIONS = {
  ok: 'session-ok',
  /** 409, as for a session past its expiresAt. */
  expired: 'session-expired',
  /** 500. */
  failing: 'session-failing',
  /** 200 with no groups. */
  empty: 'session-empty',
  /** Like ok, but each answer waits for release(): lets a test catch a request in flight. */
  held: 'session-held',
  /** Like ok, from a service whose operator prefix is RESURS (RESURS_INVOICE, …). */
  resurs: 'session-resurs',
  /** Like ok, for a session created with `locale: "fi-FI"` (the store is Swedish). */
  finnish: 'session-finnish',
  /** Like ok, with credit disclosures (text in English or Swedish); members keep their PRICE_INFO links. */
  disclosure: 'session-disclosure',
  /** Like disclosure, each member with a PRICE_INFO page of its own (memberPriceInfoUrl). */
  disclosurePerMember: 'session-disclosure-per-member',
  /** Like disclosure, with no member legal links: the service's price-information page is linked. */
  disclosureOwnPage: 'session-disclosure-own-page',
} as const;

/** The sessions' own `locale`, as given at creation. */
const SESSION_LOCALES: Readonly<Record<string, string>> = { [SESSIONS.finnish]: 'fi-FI' };

export const EXPIRED_MESSAGE = 'Session expired at 2026-01-01T00:00:00.000Z; the merchant backend must create a new session';
export const INTERNAL_MESSAGE = 'Internal server error';

export interface GroupsRequest {
  sessionId: string;
  query: URLSearchParams;
  /** The Origin header: present on cross-origin fetches. */
  origin: string | undefined;
  /** Resolves if the client hung up before the answer was sent (an aborted fetch). */
  abandoned: Promise<void>;
}

export interface StubServer {
  /** Origin of this server, without a trailing slash. */
  url: string;
  /** Where the bundle is served, when the server was given one. */
  scriptUrl: string | undefined;
  /** Groups requests in arrival order. */
  groupsRequests: GroupsRequest[];
  /** Resolves with the groups request number `index` (0-based) once it has arrived. */
  groupsRequest(index: number): Promise<GroupsRequest>;
  /** Answers every held request that is still open. */
  release(): void;
  /** Serves an HTML page at a fresh path and returns its URL. */
  page(html: string): string;
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*' };

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  // no-store, unlike the real endpoint's max-age=600: a test counts every request it causes,
  // and an answer from the browser's cache would go uncounted.
  res.writeHead(status, { ...CORS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function error(res: ServerResponse, status: number, code: string, message: string): void {
  json(res, status, { message, code });
}

const GROUPS_PATH = /^\/v1\/sessions\/([^/]+)\/payment-method-groups$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;

export async function startStubServer(options: { bundle?: EmbedBundle } = {}): Promise<StubServer> {
  const pages = new Map<string, string>();
  const groupsRequests: GroupsRequest[] = [];
  const waiters: Array<{ index: number; resolve: (request: GroupsRequest) => void }> = [];
  let held: Array<() => void> = [];
  /** This server's origin, once it listens (before any request can arrive). */
  let stubUrl = '';

  function record(request: GroupsRequest): void {
    groupsRequests.push(request);
    for (const waiter of waiters.filter((w) => w.index < groupsRequests.length)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(groupsRequests[waiter.index]!);
    }
  }

  function answerGroups(req: IncomingMessage, res: ServerResponse, url: URL, sessionId: string): void {
    let abandon!: () => void;
    const abandoned = new Promise<void>((resolve) => (abandon = resolve));
    res.on('close', () => {
      if (!res.writableEnded) abandon();
    });
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    record({ sessionId, query: url.searchParams, origin, abandoned });

    const amount = url.searchParams.get('amount');
    if (amount === null) return error(res, 400, 'MISSING_QUERY_PARAMETER', 'Query parameter "amount" is required');
    if (!AMOUNT.test(amount)) return error(res, 422, 'INVALID_QUERY_PARAMETER', 'query parameter amount must match pattern');
    const customerType = url.searchParams.get('customerType') ?? undefined;
    if (customerType !== undefined && customerType !== 'NATURAL' && customerType !== 'LEGAL') {
      return error(res, 422, 'INVALID_QUERY_PARAMETER', 'query parameter customerType must be NATURAL or LEGAL');
    }
    const locale = url.searchParams.get('locale') ?? undefined;
    if (locale !== undefined && !isWellFormedLocale(locale)) {
      return error(res, 422, 'INVALID_QUERY_PARAMETER', 'query parameter locale must be a BCP 47 tag');
    }
    // As the service chooses (docs/languages.md#choosing-the-language), and says in Content-Language.
    const language = requestLanguage(CATALOG.store.countryCode, locale, SESSION_LOCALES[sessionId]);
    const content = { 'content-language': language };
    const groups = () => groupsFor({ amount, customerType, flattened: url.searchParams.get('flattened') === 'true', language });
    switch (sessionId) {
      case SESSIONS.ok:
      case SESSIONS.finnish:
        return json(res, 200, groups(), content);
      case SESSIONS.disclosure:
      case SESSIONS.disclosurePerMember:
      case SESSIONS.disclosureOwnPage:
        return json(
          res,
          200,
          withDisclosures(groups(), {
            amount,
            language: language === 'sv' ? 'sv' : 'en',
            links:
              sessionId === SESSIONS.disclosureOwnPage ? 'none' : sessionId === SESSIONS.disclosurePerMember ? 'per-member' : 'catalog',
            priceInformationUrl: (group) =>
              `${stubUrl}/v1/sessions/${encodeURIComponent(sessionId)}/price-information?amount=${amount}&group=${group.id}`,
          }),
          content,
        );
      case SESSIONS.resurs:
        return json(res, 200, withOperatorPrefix(groups(), 'RESURS'), content);
      case SESSIONS.held:
        held.push(() => {
          if (!res.writableEnded && !res.destroyed) json(res, 200, groups(), content);
        });
        return;
      case SESSIONS.empty:
        return json(res, 200, [], content);
      case SESSIONS.expired:
        return error(res, 409, 'SESSION_EXPIRED', EXPIRED_MESSAGE);
      case SESSIONS.failing:
        return error(res, 500, 'INTERNAL', INTERNAL_MESSAGE);
      default:
        return error(res, 404, 'SESSION_NOT_FOUND', 'Session not found');
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const groupsPath = GROUPS_PATH.exec(url.pathname);
    if (groupsPath && req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-allow-methods': 'GET', 'access-control-allow-headers': '*' });
      return res.end();
    }
    if (groupsPath && req.method === 'GET') return answerGroups(req, res, url, decodeURIComponent(groupsPath[1]!));
    if (options.bundle && url.pathname === `/embed/${options.bundle.fileName}`) {
      res.writeHead(200, { ...CORS, 'content-type': 'application/javascript; charset=utf-8' });
      return res.end(options.bundle.body);
    }
    const page = pages.get(url.pathname);
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(page);
    }
    error(res, 404, 'ROUTE_NOT_FOUND', `No route ${req.method} ${url.pathname}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stubUrl = url;

  return {
    url,
    scriptUrl: options.bundle ? `${url}/embed/${options.bundle.fileName}` : undefined,
    groupsRequests,
    groupsRequest(index) {
      const arrived = groupsRequests[index];
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve) => waiters.push({ index, resolve }));
    },
    release() {
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    page(html) {
      const path = `/page/${pages.size + 1}`;
      pages.set(path, html);
      return `${url}${path}`;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
