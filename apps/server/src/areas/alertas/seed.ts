import type { AlertaTipo } from '@intranet/contract/alertas';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { alertasRolDefaults, roles } from '../../db/schema.ts';

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

export async function seedAlertas(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.nombre, 'Administrador'));
  if (!admin) return;
  await tx.insert(alertasRolDefaults).values(Object.entries(ADMINISTRADOR).map(([tipo, canales]) => ({ rolId: admin.id, tipo, ...canales })));
}
