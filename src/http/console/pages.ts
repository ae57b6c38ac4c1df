// What the console's routes share: sending a rendered page, a refusal as a page, the request's
// form, query and path parameters, the notice of `?done=…` and the actor of a change.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FormValues } from '../../services/console/form-values.ts';
import { actorOfPerson } from '../../services/console/sessions.ts';
import { requireSession } from './security.ts';
import { HomeLink, Page } from './views/layout.tsx';

/** Sends a rendered page. */
export async function sendPage(reply: FastifyReply, status: number, body: JSX.Element): Promise<FastifyReply> {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(await body);
}

/** A refused request as a page (nothing changed). */
export function refuse(reply: FastifyReply, status: number, message: string): Promise<FastifyReply> {
  return sendPage(reply, status, Page({ title: 'Request refused', problem: message, children: HomeLink() }));
}

/** A form post as the console's parser leaves it (routes.ts): nested values, by the fields' paths. */
export function formOf(request: FastifyRequest): FormValues {
  const body = request.body;
  return typeof body === 'object' && body !== null ? (body as FormValues) : {};
}

/** The request's query parameter, when given once as text. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `?page=N` (0-based), bounded. */
export function pageParam(request: FastifyRequest): number {
  const text = queryParam(request, 'page');
  return text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : 0;
}

/** A path parameter (`:id`). */
export function param(request: FastifyRequest, name = 'id'): string {
  return (request.params as Record<string, string>)[name] ?? '';
}

/** The confirmation of `?done=…` after a change (POST, then redirect to a GET). */
export function noticeOf(request: FastifyRequest, notices: Record<string, string>): string | undefined {
  const done = queryParam(request, 'done');
  return done === undefined ? undefined : notices[done];
}

/** Who makes a change, for the audit trail: the signed-in person, in this request. */
export function actorOf(request: FastifyRequest) {
  return actorOfPerson(requireSession(request).person, request.id);
}
