// The route's serializer of a groups array: fast-json-stringify compiled from group retrieval's
// response schema by Fastify, as the route gets it (domain/offer-template.ts, GroupsSerializer).
import Fastify from 'fastify';
import type { GroupsSerializer } from '../../src/domain/offer-template.ts';
import { GroupsResponse } from '../../src/http/session-api/schemas.ts';

export async function groupsSerializer(): Promise<GroupsSerializer> {
  let serialize: GroupsSerializer | undefined;
  const app = Fastify();
  app.get('/', { schema: { response: { 200: GroupsResponse } } }, (_request, reply) => {
    serialize = reply.getSerializationFunction('200') as unknown as GroupsSerializer;
    return [];
  });
  await app.inject('/');
  await app.close();
  return serialize!;
}
