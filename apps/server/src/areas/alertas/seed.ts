import type { AlertaTipo } from '@intranet/contract/areas/alertas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { alertasRolDefaults, roles, webhookEntregas, webhooks } from '../../db/schema.ts';
import { nuevoSecreto } from './firma.ts';

/**
 * The demo's default subscriptions: administrators get every kind in the bell, and by e-mail only what stops
 * a client from invoicing (certificates, CAI) and failed jobs. Other roles keep both channels (no rows).
 */
const ADMINISTRADOR: Record<AlertaTipo, { email: boolean; portal: boolean }> = {
  certificado: { email: true, portal: true },
  punto_venta: { email: true, portal: true },
  licencia: { email: false, portal: true },
  sitio: { email: false, portal: true },
  garantia: { email: false, portal: true },
  monitor: { email: false, portal: true },
  sitio_falla: { email: true, portal: true },
  tarea: { email: true, portal: true },
};

const HORA = 3_600_000;
const hace = (horas: number) => new Date(Date.now() - horas * HORA);

/**
 * The demo's webhooks, so that Alertas → Webhooks shows its table and a delivery log: one on, one off. Their
 * addresses are under `.invalid` (RFC 6761), which never resolves: whatever the demo sends fails at once and
 * reaches no one. The log holds what such a failure looks like, and an earlier answer from before the move.
 */
async function seedWebhooks(tx: Tx): Promise<void> {
  const creados = await tx
    .insert(webhooks)
    .values([
      {
        nombre: 'Operaciones (JSON)',
        url: 'https://hooks.ejemplo.invalid/intranet/operaciones',
        formato: 'json',
        eventos: ['certificado', 'punto_venta', 'tarea'],
        secreto: nuevoSecreto(),
        activo: true,
      },
      {
        nombre: 'Soporte en el chat',
        url: 'https://chat.ejemplo.invalid/hooks/soporte',
        formato: 'slack',
        eventos: ['monitor', 'sitio_falla'],
        secreto: nuevoSecreto(),
        activo: false,
      },
    ])
    .returning({ id: webhooks.id });
  const [operaciones, soporte] = creados.map((w) => w.id);
  if (operaciones === undefined || soporte === undefined) return;
  const fallo = 'No se pudo conectar';
  await tx.insert(webhookEntregas).values([
    {
      webhookId: operaciones,
      evento: 'vencimientos',
      cuerpo: '{"evento":"vencimientos","total":3}',
      estado: 'enviada',
      intentos: 1,
      codigo: 200,
      respuesta: 'Entregado (200)',
      duracionMs: 182,
      creada: hace(50),
      ultima: hace(50),
      proxima: hace(50),
    },
    {
      webhookId: operaciones,
      evento: 'prueba',
      cuerpo: '{"evento":"prueba"}',
      estado: 'error',
      intentos: 5,
      respuesta: fallo,
      creada: hace(26),
      ultima: hace(2),
      proxima: hace(2),
    },
    {
      webhookId: soporte,
      evento: 'alertas',
      cuerpo: '{"text":"Nuevo error en Portal web"}',
      estado: 'enviada',
      intentos: 2,
      codigo: 200,
      respuesta: 'Entregado (200)',
      duracionMs: 240,
      creada: hace(75),
      ultima: hace(74),
      proxima: hace(74),
    },
  ]);
}

export async function seedAlertas(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.nombre, 'Administrador'));
  if (!admin) return;
  await tx
    .insert(alertasRolDefaults)
    .values(Object.entries(ADMINISTRADOR).map(([tipo, canales]) => ({ rolId: admin.id, tipo, ...canales })));
  await seedWebhooks(tx);
}
