// The published package as a merchant's backend gets it: `npm pack` in client/ (building dist/ by
// its prepack), the tarball installed into a fresh project with a strict tsconfig, a backend using
// every method type-checked with the repository's tsc and run with node against the real service;
// the README's example is type-checked there too.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRoot } from '../helpers/app.ts';
import { NORDIC, STORE } from '../helpers/demo.ts';
import { startListening, type ListeningService } from './harness.ts';

const run = promisify(execFile);
const CLIENT_DIR = path.join(projectRoot, 'client');
const PART_PAYMENT = '54a0b2fa-88b1-42d2-b9ba-bb4e5405ed9a';

let service: ListeningService;
let workDir: string;

beforeAll(async () => {
  service = await startListening();
  workDir = await mkdtemp(path.join(tmpdir(), 'pms-client-package-'));
});

afterAll(async () => {
  await service?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/**
 * `npm pack` builds into client/dist: the PGlite and PostgreSQL runs of this file must not do it at
 * the same moment. A directory is created atomically or not at all: whoever creates it holds the lock.
 */
async function withPackLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(CLIENT_DIR, '.pack-lock');
  for (let waited = 0; ; waited += 100) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (waited > 90_000) throw new Error(`${lock} is held for too long: left behind by an interrupted run? Delete it.`);
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

const STRICT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['ES2023', 'DOM'],
    // No @types/node: the package must need nothing but the standard fetch types.
    types: [],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    outDir: 'out',
  },
  include: ['backend.ts'],
};

function backendSource(baseUrl: string): string {
  return `import { ApiError, MerchantClient, type PaymentMethod, type PriceSignage, type Session, type SessionRecord } from 'payment-method-sessions-client';

const STORE = '${STORE}';
const PART_PAYMENT = '${PART_PAYMENT}';

const client = new MerchantClient({ baseUrl: '${baseUrl}', clientId: '${NORDIC.id}', clientSecret: '${NORDIC.secret}' });

// Checked by the compiler, never run: the types are as strict as the API.
export function typeChecks(c: MerchantClient): void {
  // @ts-expect-error customerType is NATURAL or LEGAL
  void c.paymentMethodGroups('id', { amount: '1', customerType: 'ROBOT' });
  // @ts-expect-error exactOptionalPropertyTypes: an optional option is left out, not undefined
  void c.createSession(STORE, { campaign: undefined });
  // @ts-expect-error the amount is required
  void c.paymentMethodGroups('id', {});
}

const firstStores = await client.listStores();
const storeIds: string[] = [];
for await (const store of client.stores({ size: 1 })) storeIds.push(store.id);

const session: Session = await client.createSession(STORE, { campaign: 'BLACKWEEK' });
const replay: Session = await client.createSession(STORE, { campaign: 'BLACKWEEK', idempotencyKey: 'order-1' });
const again: Session = await client.createSession(STORE, { campaign: 'BLACKWEEK', idempotencyKey: 'order-1' });
const record: SessionRecord = await client.getSession(session.id);
const groups = await client.paymentMethodGroups(session.id, { amount: '1299.95', customerType: 'NATURAL', flattened: true });

const firstPage = await client.listPaymentMethods(STORE, { amount: '1299.95', page: 0, size: 2 });
const methods: PaymentMethod[] = [];
for await (const method of client.paymentMethods(STORE, { size: 2 })) methods.push(method);

const factors = await client.annuityFactors(STORE, PART_PAYMENT);
const signage: PriceSignage = await client.priceSignage(STORE, PART_PAYMENT, 10000);

let notFound: { status: number; code: string; traceId: string | undefined } | undefined;
try {
  await client.getSession('0b8a3f6e-9d1c-4a8e-bb7e-5f2d1c3a4b5c');
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  notFound = { status: error.status, code: error.code, traceId: error.traceId };
}

console.log(
  JSON.stringify({
    stores: firstStores.content.map((store) => store.id),
    walkedStores: storeIds,
    session: { id: session.id, expiresAt: session.expiresAt, embedSrc: session.embed.src },
    replayed: replay.id === again.id,
    record,
    groupCount: groups.length,
    firstPage: { count: firstPage.content.length, page: firstPage.page },
    methodIds: methods.map((method) => method.id),
    plans: factors.content.length,
    costs: signage.costList.length,
    notFound,
  }),
);
`;
}

it('npm pack gives a tarball a strict TypeScript project installs, type-checks and runs against the service', async () => {
  const packed = await withPackLock(async () => {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workDir], { cwd: CLIENT_DIR });
    return (JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>)[0]!;
  });
  const files = packed.files.map((file) => file.path).sort();
  expect(files).toEqual(
    expect.arrayContaining(['package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/client.js', 'dist/generated/openapi.d.ts']),
  );
  expect(files.filter((file) => !file.startsWith('dist/') && file !== 'package.json' && file !== 'README.md')).toEqual([]);

  const project = path.join(workDir, 'backend');
  await mkdir(project);
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'merchant-backend', private: true, type: 'module' }));
  // No dependencies to fetch: the package needs only the global fetch.
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(workDir, packed.filename)], { cwd: project });
  const installed = JSON.parse(await readFile(path.join(project, 'node_modules/payment-method-sessions-client/package.json'), 'utf8'));
  expect(installed).toMatchObject({ type: 'module', engines: { node: '>=20.19' } });
  expect(installed.dependencies).toBeUndefined();

  await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(STRICT_TSCONFIG, null, 2));
  await writeFile(path.join(project, 'backend.ts'), backendSource(service.baseUrl));
  const tsc = path.join(projectRoot, 'node_modules/typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', project]).catch((error: { stdout?: string }) => {
    throw new Error(`the backend does not type-check:\n${error.stdout ?? String(error)}`);
  });

  // The README's complete backend compiles against the package too (with Node's types: it reads process.env).
  const readme = await readFile(path.join(CLIENT_DIR, 'README.md'), 'utf8');
  const example = /## A backend, complete\n+```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  await writeFile(path.join(project, 'readme-example.ts'), example!);
  const readmeConfig = {
    compilerOptions: {
      ...STRICT_TSCONFIG.compilerOptions,
      noEmit: true,
      types: ['node'],
      typeRoots: [path.join(projectRoot, 'node_modules/@types')],
    },
    include: ['readme-example.ts'],
  };
  await writeFile(path.join(project, 'tsconfig.readme.json'), JSON.stringify(readmeConfig, null, 2));
  await run(process.execPath, [tsc, '-p', path.join(project, 'tsconfig.readme.json')]).catch((error: { stdout?: string }) => {
    throw new Error(`client/README.md's backend does not type-check:\n${error.stdout ?? String(error)}`);
  });

  const { stdout } = await run(process.execPath, [path.join(project, 'out/backend.js')], { cwd: project });
  const result = JSON.parse(stdout);
  expect(result.stores).toContain(STORE);
  expect(result.walkedStores).toEqual(result.stores);
  expect(result.replayed).toBe(true);
  expect(result.record).toMatchObject({
    id: result.session.id,
    storeId: STORE,
    campaign: 'BLACKWEEK',
    expiresAt: result.session.expiresAt,
  });
  expect(result.groupCount).toBeGreaterThan(0);
  expect(result.firstPage.count).toBeLessThanOrEqual(2);
  expect(result.methodIds.length).toBeGreaterThan(2);
  expect(new Set(result.methodIds).size).toBe(result.methodIds.length);
  expect(result.plans).toBeGreaterThan(0);
  expect(result.costs).toBeGreaterThan(0);
  expect(result.notFound).toMatchObject({ status: 404, code: 'SESSION_NOT_FOUND', traceId: expect.any(String) });
}, 120_000);
