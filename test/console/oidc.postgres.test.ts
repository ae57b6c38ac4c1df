// The console's single sign-on across two server processes on one PostgreSQL database, behind one
// PUBLIC_URL as a balancer would put them: a sign-in begun on one instance finishes on the other
// (the pending sign-in is the database's, not a process's), and its session is good on both. The rest
// of single sign-on through real processes: oidc.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtProvider } from '../helpers/oidc-provider.ts';
import { startServer, type ServerProcess } from '../helpers/process.ts';
import { begin, callbackOn, Person, startSignOnSetup, type SignOnSetup } from './oidc-processes.ts';

let setup: SignOnSetup | undefined;

beforeAll(async () => {
  setup = await startSignOnSetup();
}, 120_000);

afterAll(async () => {
  await setup?.close();
});

describe('two instances on one database', () => {
  let other: ServerProcess;
  beforeAll(async () => {
    // The same PUBLIC_URL: behind one address, whichever instance the balancer picks.
    other = await startServer({ ...setup!.env, NODE_EXTRA_CA_CERTS: setup!.provider.caFile }, 60_000);
  }, 60_000);
  afterAll(async () => {
    other?.child.kill('SIGTERM');
    await other?.exited;
  });

  it('finishes on one instance a sign-in begun on the other, and its session is good on both', async () => {
    const { provider, server } = setup!;
    const person = new Person(server.baseUrl);
    const { authorizationUrl } = await begin(person);
    const callback = await signInAtProvider(authorizationUrl, 'editor-1', provider.ca);
    const onOther = new Person(other.baseUrl);
    for (const [name, value] of person.jar.cookies) onOther.jar.cookies.set(name, value);
    const finished = await onOther.get(callbackOn(other, callback));
    expect(finished.status, finished.body).toBe(303);
    expect((await onOther.get('/console')).body).toContain('Signed in as Edith Editor');
    for (const [name, value] of onOther.jar.cookies) person.jar.cookies.set(name, value);
    expect((await person.get('/console')).body).toContain('Signed in as Edith Editor');
  });
});
