import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { usuarios, vistas, vistasPredeterminadas } from '../../db/schema.ts';

/** Demo views: one the admin shares on the servers list, one tecnico keeps for the monitor and opens it with. */
export async function seedVistas(tx: Tx): Promise<void> {
  const cuentas = await tx
    .select({ id: usuarios.id, usuario: usuarios.usuario })
    .from(usuarios)
    .where(inArray(usuarios.usuario, ['admin', 'tecnico']));
  const id = (usuario: string) => cuentas.find((c) => c.usuario === usuario)?.id;
  const admin = id('admin');
  const tecnico = id('tecnico');
  if (admin) {
    await tx.insert(vistas).values({
      usuarioId: admin,
      lista: 'servidores',
      nombre: 'Activos, por proveedor',
      compartida: true,
      params: 'estado=activo&sort=proveedor',
      ocultas: ['ip_publica'],
    });
  }
  if (tecnico) {
    const [vista] = await tx
      .insert(vistas)
      .values({
        usuarioId: tecnico,
        lista: 'insights-issues',
        nombre: 'Sin resolver, lo último',
        params: 'estado=unresolved&sort=-ultima_vez',
        ocultas: [],
      })
      .returning({ id: vistas.id });
    await tx.insert(vistasPredeterminadas).values({ usuarioId: tecnico, lista: 'insights-issues', vistaId: vista!.id });
  }
}
