import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether `If-None-Match` names this entity tag (weak comparison, as RFC 9110 asks for GET). */
export function coincide(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Answers a JSON body with an entity tag of its content, or 304 when the caller already has it: devices poll
 * the catalogue and the index, and most polls then cost a query and no transfer. `no-cache` makes every
 * cache revalidate, so a change is seen at the next poll.
 */
export function sendJsonConEtag(request: FastifyRequest, reply: FastifyReply, body: unknown): FastifyReply {
  const payload = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (coincide(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(payload);
}
