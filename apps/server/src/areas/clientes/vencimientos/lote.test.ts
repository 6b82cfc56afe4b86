import { envelope } from '@intranet/contract/shared/envelope';
import { vencimientoPage } from '@intranet/contract/areas/clientes/vencimientos';
import { loteResultado } from '@intranet/contract/shared/lote';
import { emptyDocument } from '@intranet/editor';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fechaLocal } from '../../../core/fechas.ts';
import { afipPuntosVenta, auditoria, clientes, physisLicencias, productos } from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';

const template = useTemplate();
const dia = (offset: number) => fechaLocal(new Date(Date.now() + offset * 24 * 60 * 60 * 1000));

/** admin edits clients, comercial only reads them; a client of our own with its licences and points of sale. */
function fresh() {
  return freshApp(template, ['admin', 'comercial'], {
    setup: async ({ t }) => {
      const [e] = await t.db
        .insert(clientes)
        .values({
          razonSocial: 'Lote Vencimientos SA',
          cuit: '30712345671',
          condicionIva: 'responsable_inscripto',
          notas: emptyDocument(),
        })
        .returning({ id: clientes.id });
      return { clienteId: e!.id };
    },
  });
}

describe('bulk actions on the expiry grids', () => {
  const ctx = fresh();
  const post = (url: string, payload: object, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url, headers, payload });
  const filtro = () => ({ empresa_id: String(ctx.clienteId) });
  const grilla = async (grupo: string) =>
    envelope(vencimientoPage).parse(
      (
        await ctx.t.app.inject({
          url: `/api/vencimientos/${grupo}/lista?empresa_id=${ctx.clienteId}`,
          headers: ctx.comercial,
        })
      ).json(),
    ).datos!.items;

  beforeAll(async () => {
    const [p] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-SUELDOS'));
    for (const [n, modulo] of [
      [1, 'Ventas'],
      [2, 'Compras'],
      [3, 'Stock'],
    ] as const) {
      await ctx.t.db.insert(physisLicencias).values({
        clienteId: ctx.clienteId,
        productoId: p!.id,
        modulo,
        tipo: 'anual',
        usuarios: n,
        inicio: dia(-300),
        vence: dia(n * 10),
      });
    }
    await ctx.t.db.insert(afipPuntosVenta).values([
      { clienteId: ctx.clienteId, numero: 11, modalidad: 'cai', caiVence: dia(20) },
      { clienteId: ctx.clienteId, numero: 12, modalidad: 'cai', caiVence: dia(40) },
    ]);
  });

  it('exports the chosen licences with the import’s columns, and sets their automatic renewal for all that match, each audited', async () => {
    const filas = await grilla('physis');
    expect(filas).toHaveLength(3);
    const csv = await post(
      '/api/vencimientos/physis/lote/export.csv',
      { seleccion: { ids: [filas[0]!.id, filas[2]!.id] } },
      ctx.comercial,
    );
    expect(csv.statusCode).toBe(200);
    const exportadas = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(exportadas.map((r) => [r.Módulo, r.Usuarios, r['Renovación automática']])).toEqual([
      ['Ventas', '1', 'No'],
      ['Stock', '3', 'No'],
    ]);
    expect(exportadas[0]).toMatchObject({
      Id: String(filas[0]!.item_id),
      CUIT: '30712345671',
      Producto: 'PHY-SUELDOS',
      Tipo: 'Anual',
    });

    const cambio = {
      seleccion: { filtro: filtro() },
      accion: 'cambiar',
      cambio: { campo: 'renovacion_auto', valor: true },
    };
    expect((await post('/api/vencimientos/physis/lote', cambio, ctx.comercial)).statusCode).toBe(403);
    const res = await post('/api/vencimientos/physis/lote', cambio);
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope(loteResultado).parse(res.json()).datos).toMatchObject({ total: 3, rechazados: [] });
    const licencias = await ctx.t.db.select().from(physisLicencias).where(eq(physisLicencias.clienteId, ctx.clienteId));
    expect(licencias.map((l) => l.renovacionAuto)).toEqual([true, true, true]);
    const auditadas = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'physis_licencia'), eq(auditoria.accion, 'modificar')));
    expect(auditadas.filter((a) => licencias.some((l) => String(l.id) === a.entidadId))).toHaveLength(3);

    // Only the Physis grid has a field to set; a value its schema refuses says so on the field.
    const otroCampo = await post('/api/vencimientos/afip/lote', {
      ...cambio,
      cambio: { campo: 'renovacion_auto', valor: true },
    });
    expect(otroCampo.statusCode).toBe(400);
    const malo = await post('/api/vencimientos/physis/lote', {
      ...cambio,
      cambio: { campo: 'renovacion_auto', valor: 'quizás' },
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().campos['cambio.valor']).toEqual(['Elija Sí o No']);
  });

  it('deletes the chosen points of sale of the AFIP grid through their single delete, leaving the rest', async () => {
    const filas = await grilla('afip');
    expect(filas.map((f) => f.item)).toEqual(['PV 00011', 'PV 00012']);
    const res = await post('/api/vencimientos/afip/lote', { seleccion: { ids: [filas[0]!.id] }, accion: 'eliminar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(envelope(loteResultado).parse(res.json()).datos).toMatchObject({
      total: 1,
      hechos: [filas[0]!.id],
      rechazados: [],
    });
    expect((await grilla('afip')).map((f) => f.item)).toEqual(['PV 00012']);
    const [borrado] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidad, 'afip_punto_venta'),
          eq(auditoria.accion, 'eliminar'),
          eq(auditoria.entidadId, String(filas[0]!.item_id)),
        ),
      );
    expect(borrado).toBeDefined();
    // Exported, the rest of the AFIP grid keeps its own columns.
    const csv = await post(
      '/api/vencimientos/afip/lote/export.csv',
      { seleccion: { filtro: filtro() } },
      ctx.comercial,
    );
    expect(parse(csv.body, { bom: true, columns: true })).toEqual([
      expect.objectContaining({ Cliente: 'Lote Vencimientos SA', Tipo: 'CAI', Ítem: 'PV 00012' }),
    ]);
  });
});
