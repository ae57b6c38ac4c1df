// OAuth clients for the admin API and the CLI (docs/catalog.md#admin-api). Secrets are stored only as scrypt
// hashes: a secret is shown once, in the answer of the request that set it (creation, rotation),
// and never listed.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../storage/handles.ts';
import { hashClientSecret, verifyClientSecret } from '../../lib/secret-hash.ts';
import { validateClientBody } from '../../catalog-input/validate.ts';
import { Errors } from '../../errors.ts';
import { ClientsRepository, type ClientSummary } from '../../storage/repositories/clients.ts';
import { secretChange, type Actor } from '../audit.ts';
import type { CatalogChanges } from '../catalog-changes.ts';
import { knownReferences, limits, pageOf, validated, type Page, type PageRequest, type PutResult } from './common.ts';

/** 32 random bytes, base64url: 43 characters, 256 bits. */
export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

export interface ClientWithSecret {
  client: ClientSummary;
  /** The secret this request set; shown this once. */
  clientSecret: string;
}

export type ClientPutResult = PutResult<ClientSummary> & {
  /** Set when this request set the secret: always on creation, on replacement only when the body gave one. */
  clientSecret: string | undefined;
};

function summary(client: { clientId: string; merchantId: string; scopes: string[] }): ClientSummary {
  return { clientId: client.clientId, merchantId: client.merchantId, scopes: client.scopes };
}

export class AdminClients {
  constructor(
    private readonly db: Db,
    private readonly changes: CatalogChanges,
  ) {}

  async list(request: PageRequest & { merchantId?: string | undefined }): Promise<Page<ClientSummary>> {
    const { clients, totalElements } = await new ClientsRepository(this.db).list({ merchantId: request.merchantId, ...limits(request) });
    return pageOf(clients, totalElements, request);
  }

  async get(clientId: string): Promise<ClientSummary> {
    const client = await new ClientsRepository(this.db).findById(clientId);
    if (!client) throw new Errors.NOT_FOUND(`Client "${clientId}"`);
    return summary(client);
  }

  /**
   * Creates or replaces the client. Without `clientSecret` a new client gets a generated secret and
   * an existing one keeps its secret.
   */
  async put(clientId: string, body: unknown, actor: Actor): Promise<ClientPutResult> {
    return this.changes.write(actor, async (tx, audit) => {
      const known = await knownReferences(tx, body);
      const client = await validated(() => validateClientBody(clientId, body, known));
      const clients = new ClientsRepository(tx);
      const stored = await clients.findById(client.clientId);
      const secret = client.clientSecret ?? (stored ? undefined : generateClientSecret());
      // A secret equal to the stored one keeps its hash: re-sending the same body changes nothing.
      const secretHash =
        secret === undefined
          ? stored!.secretHash
          : stored && (await verifyClientSecret(secret, stored.secretHash))
            ? stored.secretHash
            : await hashClientSecret(secret);
      const outcome = await clients.upsert({ clientId: client.clientId, merchantId: client.merchantId, scopes: client.scopes, secretHash });
      const secretChanged = secretChange(stored?.secretHash !== secretHash);
      if (!stored) await audit.created('client', client.clientId, summary(client), secretChanged);
      else if (outcome !== 'unchanged') await audit.updated('client', client.clientId, summary(stored), summary(client), secretChanged);
      return { created: outcome === 'created', entity: summary(client), clientSecret: secret };
    });
  }

  /**
   * Replaces the client's secret with a generated one. The old secret stops working at once on
   * every instance (the token endpoint reads the client on every request); access tokens already
   * issued stay valid until they expire.
   */
  async rotateSecret(clientId: string, actor: Actor): Promise<ClientWithSecret> {
    const secret = generateClientSecret();
    const secretHash = await hashClientSecret(secret);
    return this.changes.write(actor, async (tx, audit) => {
      const clients = new ClientsRepository(tx);
      const stored = await clients.findById(clientId);
      if (!stored || !(await clients.setSecretHash(clientId, secretHash))) throw new Errors.NOT_FOUND(`Client "${clientId}"`);
      await audit.secretRotated('client', clientId);
      return { client: summary(stored), clientSecret: secret };
    });
  }

  /** Deletes the client: its tokens stop verifying within 2 s on every instance. */
  async delete(clientId: string, actor: Actor): Promise<void> {
    await this.changes.write(actor, async (tx, audit) => {
      const clients = new ClientsRepository(tx);
      const stored = await clients.findById(clientId);
      if (!stored || !(await clients.delete(clientId))) throw new Errors.NOT_FOUND(`Client "${clientId}"`);
      await audit.deleted('client', clientId, summary(stored));
    });
  }
}
